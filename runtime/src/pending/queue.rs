//! The pending-action queue's state, as plain data (contract 8.2-8.4, with omp's bugs fixed):
//! previews are stacked newest first; the agent asks for the tool choice before each model
//! request, which puts the head action in flight (a one-shot forced `resolve`); the end of
//! the turn requeues it (label `<label>-requeued`) when the turn was aborted or errored or
//! the model ignored the forced choice; an apply that throws requeues it too. Every action
//! is applied at most once: it leaves the queue when `resolve` takes it and only comes back
//! if its apply did not complete. A front end serving many clients gives each call an owner
//! (its client): an action belongs to the owner of the call that staged it, and a `resolve`
//! acts only on its own owner's actions (the newest of them first).

use serde::Serialize;
use serde_json::Value;

pub(crate) type ActionId = u64;

/// An action a tool staged with `pushPendingAction`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Action {
    pub id: ActionId,
    /// The label the tool gave (shown in results: `Discarded: <label>. …`).
    pub label: String,
    pub source_tool_name: String,
    /// The call that staged it, if it was staged during a call.
    pub tool_call_id: Option<String>,
    /// The forced-choice directive's label: `pending-action:<source>`, plus `-requeued`
    /// for each time it came back.
    pub directive_label: String,
    /// Whether the tool gave a `reject` function.
    pub has_reject: bool,
    /// The engine that staged it, where `resolve` runs its functions.
    pub engine: u64,
    /// The client whose call staged it (None: the host serves one client, or the call had
    /// no owner); internal, never sent.
    #[serde(skip)]
    pub owner: Option<String>,
}

/// What a staging tool hands over (the functions stay in the engine).
#[derive(Debug, Clone)]
pub(crate) struct Staged {
    pub label: String,
    pub source_tool_name: String,
    pub tool_call_id: Option<String>,
    pub has_reject: bool,
    /// The engine that staged it (its functions live there).
    pub engine: u64,
}

/// How a `resolve` of an action ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Resolution {
    /// `apply` completed: the action is done.
    Applied,
    /// Discarded (with or without `reject`, or `reject` threw): the action is done.
    Discarded,
    /// `apply` threw or was stopped before it completed: the action goes back to the head.
    ApplyFailed,
}

/// What a `resolve` call finds to act on.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Take {
    Action(Action),
    /// Nothing is pending at all.
    Nothing,
    /// This turn's forced action was already taken by another `resolve`; `waiting` more
    /// wait for later turns.
    TurnSpent {
        waiting: usize,
    },
    /// Nothing of the caller's own is pending, but `others` actions staged by other clients'
    /// calls are: those are not the caller's to resolve.
    NotYours {
        others: usize,
    },
}

/// Why a turn ended, as the agent reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TurnEnd {
    /// The model finished normally (with or without calling `resolve`).
    Completed,
    Aborted,
    Error,
}

/// A change worth telling the front end about.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Change {
    /// The action is waiting (newly staged, or back after a failed apply or a turn that did
    /// not resolve it); the agent should see the resolve reminder.
    Queued(Action),
    /// The action is being forced for the next model request.
    InFlight(Action),
    /// The action is done.
    Applied(Action),
    Discarded(Action),
}

#[derive(Debug, Default)]
pub(crate) struct QueueState {
    next_id: ActionId,
    /// Waiting actions, oldest first (the head is the last).
    waiting: Vec<Action>,
    /// The action forced for the current turn, and whether `resolve` took it.
    in_flight: Option<(Action, bool)>,
    /// Actions a `resolve` is working on.
    resolving: Vec<Action>,
    /// Whether the current turn's forced action was already resolved (so a second `resolve`
    /// in the same turn finds nothing, instead of applying anything twice).
    turn_spent: bool,
    /// The current turn's forced action, when its apply failed: the turn may still resolve
    /// it (retry or discard), and nothing else.
    retry: Option<ActionId>,
}

impl QueueState {
    /// Stages a new preview at the head, owned by `owner`.
    pub(crate) fn push(&mut self, staged: Staged, owner: Option<String>) -> (Action, Vec<Change>) {
        self.next_id += 1;
        let action = Action {
            id: self.next_id,
            directive_label: format!("pending-action:{}", staged.source_tool_name),
            label: staged.label,
            source_tool_name: staged.source_tool_name,
            tool_call_id: staged.tool_call_id,
            has_reject: staged.has_reject,
            engine: staged.engine,
            owner,
        };
        self.waiting.push(action.clone());
        (action.clone(), vec![Change::Queued(action)])
    }

    /// Whether anything is waiting, forced or being resolved.
    #[cfg(test)]
    pub(crate) fn has_pending(&self) -> bool {
        !self.waiting.is_empty() || self.in_flight.is_some() || !self.resolving.is_empty()
    }

    /// Actions waiting or forced (not those a `resolve` is working on), head first.
    pub(crate) fn pending(&self) -> Vec<Action> {
        let mut all: Vec<Action> = self.in_flight.iter().filter(|(_, taken)| !taken).map(|(a, _)| a.clone()).collect();
        all.extend(self.waiting.iter().rev().cloned());
        all
    }

    /// The actions staged by call `call_id`, or by the calls it made of other tools (pi's
    /// `ctx.executeTool`, whose ids are `<call_id>/<n>`).
    pub(crate) fn staged_by(&self, call_id: &str) -> Vec<Action> {
        let mut all = self.pending();
        all.extend(self.resolving.iter().cloned());
        all.retain(|a| a.tool_call_id.as_deref().is_some_and(|id| made_by(id, call_id)));
        all
    }

    /// Before a model request: the head action becomes the forced choice (one per request).
    /// A forced action left over from a turn nobody ended is requeued first.
    pub(crate) fn next_tool_choice(&mut self) -> (Option<Action>, Vec<Change>) {
        let mut changes = self.turn_end(TurnEnd::Completed);
        self.turn_spent = false;
        self.retry = None;
        match self.waiting.pop() {
            Some(action) => {
                self.in_flight = Some((action.clone(), false));
                changes.push(Change::InFlight(action.clone()));
                (Some(action), changes)
            }
            None => (None, changes),
        }
    }

    /// At the end of a turn: a forced action `resolve` did not take comes back, whatever
    /// the turn's stop reason (contract 8.3). One it took is decided by how its `resolve`
    /// ends, not by the turn: omp requeues it on an aborted turn even after applying it,
    /// which applies it twice.
    pub(crate) fn turn_end(&mut self, _how: TurnEnd) -> Vec<Change> {
        match self.in_flight.take() {
            Some((action, false)) => vec![self.requeue(action)],
            _ => Vec::new(),
        }
    }

    /// A `resolve` call of `owner`'s takes the action it acts on: the forced one, else (for
    /// agents that do not force, and MCP) the head of `owner`'s own actions.
    pub(crate) fn take_for_resolve(&mut self, owner: Option<&str>) -> Take {
        let mine = |action: &Action| action.owner.as_deref() == owner;
        if let Some((action, taken)) = self.in_flight.as_mut().filter(|(action, _)| mine(action)) {
            if *taken {
                return self.spent();
            }
            *taken = true;
            let action = action.clone();
            self.resolving.push(action.clone());
            return Take::Action(action);
        }
        if self.turn_spent {
            let retried = self.retry.and_then(|id| self.waiting.iter().rposition(|a| a.id == id && mine(a)));
            let Some(position) = retried else { return self.spent() };
            let action = self.waiting.remove(position);
            self.resolving.push(action.clone());
            return Take::Action(action);
        }
        match self.waiting.iter().rposition(mine) {
            Some(position) => {
                let action = self.waiting.remove(position);
                self.resolving.push(action.clone());
                Take::Action(action)
            }
            None => match self.pending().len() {
                0 => Take::Nothing,
                others => Take::NotYours { others },
            },
        }
    }

    /// Whether any of `owner`'s actions is waiting, forced or being resolved.
    pub(crate) fn has_pending_of(&self, owner: Option<&str>) -> bool {
        let mine = |action: &Action| action.owner.as_deref() == owner;
        self.waiting.iter().any(mine) || self.in_flight.as_ref().is_some_and(|(a, _)| mine(a)) || self.resolving.iter().any(mine)
    }

    /// This turn's action is taken: a further `resolve` in the turn gets none (so nothing
    /// runs twice), and is told whether others wait for later turns.
    fn spent(&self) -> Take {
        if self.waiting.is_empty() && self.resolving.is_empty() {
            Take::Nothing
        } else {
            Take::TurnSpent { waiting: self.waiting.len() }
        }
    }

    /// A `resolve` finished with `action`.
    pub(crate) fn finish(&mut self, action_id: ActionId, resolution: Resolution) -> Vec<Change> {
        let Some(index) = self.resolving.iter().position(|a| a.id == action_id) else {
            return Vec::new();
        };
        let action = self.resolving.remove(index);
        let forced = self.in_flight.as_ref().is_some_and(|(a, _)| a.id == action_id);
        if forced || self.retry == Some(action_id) {
            self.in_flight = None;
            self.turn_spent = true;
            // After a failed apply the turn may still retry or discard that action (only).
            self.retry = (resolution == Resolution::ApplyFailed).then_some(action_id);
        }
        match resolution {
            Resolution::Applied => vec![Change::Applied(action)],
            Resolution::Discarded => vec![Change::Discarded(action)],
            Resolution::ApplyFailed => vec![self.requeue(action)],
        }
    }

    fn requeue(&mut self, mut action: Action) -> Change {
        action.directive_label.push_str("-requeued");
        self.waiting.push(action.clone());
        Change::Queued(action)
    }

    /// Removes everything still waiting or forced (host shutdown), head first. Actions a
    /// `resolve` is working on are left to it: its apply decides their fate.
    pub(crate) fn drain(&mut self) -> Vec<Action> {
        let all = self.pending();
        self.waiting.clear();
        self.in_flight = self.in_flight.take().filter(|(_, taken)| *taken);
        all
    }
}

/// `extra` in result details: present only when not null (contract 8.4).
/// Whether call `id` is call `call_id` or one it made (`<call_id>/<n>`, at any depth).
fn made_by(id: &str, call_id: &str) -> bool {
    id.strip_prefix(call_id).is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

pub(crate) fn base_details(action: &str, reason: &str, source: Option<&Action>, extra: &Value) -> Value {
    let mut details = serde_json::json!({ "action": action, "reason": reason });
    if let Some(source) = source {
        details["sourceToolName"] = Value::String(source.source_tool_name.clone());
        details["label"] = Value::String(source.label.clone());
    }
    if !extra.is_null() {
        details["extra"] = extra.clone();
    }
    details
}

#[cfg(test)]
mod tests {
    use super::*;

    fn staged(label: &str) -> Staged {
        Staged {
            label: label.into(),
            source_tool_name: "rename".into(),
            tool_call_id: Some(format!("call-{label}")),
            has_reject: false,
            engine: 1,
        }
    }

    /// Stages `label` with no owner (a host serving one client).
    fn push(q: &mut QueueState, label: &str) -> Action {
        q.push(staged(label), None).0
    }

    impl Take {
        fn action(self) -> Action {
            match self {
                Take::Action(action) => action,
                other => panic!("expected an action, got {other:?}"),
            }
        }
    }

    fn labels(queue: &QueueState) -> Vec<String> {
        queue.pending().iter().map(|a| a.label.clone()).collect()
    }

    #[test]
    fn the_newest_preview_is_resolved_first() {
        let mut q = QueueState::default();
        push(&mut q, "old");
        push(&mut q, "new");
        assert_eq!(labels(&q), ["new", "old"]);
        let (forced, _) = q.next_tool_choice();
        assert_eq!(forced.unwrap().label, "new");
        let taken = q.take_for_resolve(None).action();
        assert_eq!(taken.label, "new");
        q.finish(taken.id, Resolution::Applied);
        assert_eq!(labels(&q), ["old"]);
    }

    #[test]
    fn an_action_is_applied_at_most_once_even_with_two_resolves_in_a_turn() {
        let mut q = QueueState::default();
        push(&mut q, "a");
        push(&mut q, "b");
        q.next_tool_choice();
        let first = q.take_for_resolve(None).action();
        assert_eq!(
            q.take_for_resolve(None),
            Take::TurnSpent { waiting: 1 },
            "the forced action is taken; nothing else in this turn"
        );
        q.finish(first.id, Resolution::Applied);
        assert_eq!(
            q.take_for_resolve(None),
            Take::TurnSpent { waiting: 1 },
            "still this turn: the next action waits for its own forced turn"
        );
        q.turn_end(TurnEnd::Completed);
        let (forced, _) = q.next_tool_choice();
        assert_eq!(forced.unwrap().label, "a");
    }

    #[test]
    fn an_applied_action_never_comes_back_whatever_the_turn_ended_with() {
        for how in [TurnEnd::Completed, TurnEnd::Aborted, TurnEnd::Error] {
            let mut q = QueueState::default();
            push(&mut q, "x");
            q.next_tool_choice();
            let taken = q.take_for_resolve(None).action();
            q.finish(taken.id, Resolution::Applied);
            assert!(q.turn_end(how).is_empty(), "{how:?}: omp would requeue it and apply it again");
            assert!(!q.has_pending());
        }
    }

    #[test]
    fn a_forced_choice_the_turn_ignored_or_lost_comes_back_requeued() {
        for how in [TurnEnd::Completed, TurnEnd::Aborted, TurnEnd::Error] {
            let mut q = QueueState::default();
            push(&mut q, "x");
            q.next_tool_choice();
            let changes = q.turn_end(how);
            let Change::Queued(back) = &changes[0] else { panic!("{changes:?}") };
            assert_eq!(back.directive_label, "pending-action:rename-requeued", "{how:?}");
            assert_eq!(labels(&q), ["x"]);
        }
    }

    #[test]
    fn a_failed_apply_puts_the_action_back_at_the_head_and_a_resolved_turn_does_not() {
        let mut q = QueueState::default();
        push(&mut q, "x");
        q.next_tool_choice();
        let taken = q.take_for_resolve(None).action();
        let changes = q.finish(taken.id, Resolution::ApplyFailed);
        assert!(matches!(&changes[0], Change::Queued(a) if a.directive_label.ends_with("-requeued")));
        assert_eq!(labels(&q), ["x"]);
        assert_eq!(
            q.take_for_resolve(None).action().label,
            "x",
            "after a failed apply the same turn may discard it"
        );
        q.finish(taken.id, Resolution::Discarded);
        assert!(q.turn_end(TurnEnd::Completed).is_empty(), "the resolved turn requeues nothing more");
        assert_eq!(q.take_for_resolve(None), Take::Nothing);
    }

    #[test]
    fn a_failed_apply_lets_its_turn_retry_that_action_and_no_other() {
        let mut q = QueueState::default();
        push(&mut q, "older");
        push(&mut q, "x");
        q.next_tool_choice();
        let taken = q.take_for_resolve(None).action();
        q.finish(taken.id, Resolution::ApplyFailed);
        let retried = q.take_for_resolve(None).action();
        assert_eq!(retried.label, "x");
        q.finish(retried.id, Resolution::ApplyFailed);
        let again = q.take_for_resolve(None).action();
        q.finish(again.id, Resolution::Discarded);
        assert_eq!(q.take_for_resolve(None), Take::TurnSpent { waiting: 1 }, "older was never forced this turn");
        q.turn_end(TurnEnd::Completed);
        assert_eq!(q.next_tool_choice().0.unwrap().label, "older");
    }

    #[test]
    fn without_forced_choices_resolve_takes_the_head() {
        let mut q = QueueState::default();
        assert_eq!(q.take_for_resolve(None), Take::Nothing);
        push(&mut q, "a");
        push(&mut q, "b");
        let taken = q.take_for_resolve(None).action();
        assert_eq!(taken.label, "b");
        assert!(q.has_pending());
        q.finish(taken.id, Resolution::Discarded);
        assert_eq!(q.take_for_resolve(None).action().label, "a");
    }

    #[test]
    fn a_resolve_takes_only_its_owners_actions_newest_first() {
        let mut q = QueueState::default();
        q.push(staged("a1"), Some("client-a".into()));
        q.push(staged("b1"), Some("client-b".into()));
        q.push(staged("a2"), Some("client-a".into()));
        q.push(staged("b2"), Some("client-b".into()));
        let taken = q.take_for_resolve(Some("client-a")).action();
        assert_eq!(taken.label, "a2", "client-a's newest, not the queue's head (b2)");
        q.finish(taken.id, Resolution::Applied);
        assert_eq!(q.take_for_resolve(Some("client-a")).action().label, "a1");
        assert!(!q.has_pending_of(Some("client-c")) && q.has_pending_of(Some("client-b")));
        assert_eq!(
            q.take_for_resolve(Some("client-c")),
            Take::NotYours { others: 2 },
            "only client-b's remain: not client-c's to resolve"
        );
        assert_eq!(q.take_for_resolve(None), Take::NotYours { others: 2 }, "an unowned call owns nothing of theirs");
        assert_eq!(labels(&q), ["b2", "b1"], "nothing was taken by the refused resolves");
    }

    #[test]
    fn shutdown_drains_everything_head_first() {
        let mut q = QueueState::default();
        push(&mut q, "a");
        push(&mut q, "b");
        push(&mut q, "c");
        q.next_tool_choice();
        let drained: Vec<String> = q.drain().into_iter().map(|a| a.label).collect();
        assert_eq!(drained, ["c", "b", "a"]);
        assert!(!q.has_pending());
    }

    #[test]
    fn shutdown_leaves_an_action_being_resolved_to_its_resolve() {
        let mut q = QueueState::default();
        push(&mut q, "a");
        push(&mut q, "b");
        q.next_tool_choice();
        let taken = q.take_for_resolve(None).action();
        let drained: Vec<String> = q.drain().into_iter().map(|a| a.label).collect();
        assert_eq!(drained, ["a"], "b's apply is running; rejecting it too would both apply and reject it");
        assert!(matches!(q.finish(taken.id, Resolution::Applied)[..], [Change::Applied(_)]));
        assert!(!q.has_pending());
    }

    #[test]
    fn details_carry_extra_only_when_given() {
        let action = Action {
            id: 1,
            label: "l".into(),
            source_tool_name: "t".into(),
            tool_call_id: None,
            directive_label: String::new(),
            has_reject: false,
            engine: 1,
            owner: None,
        };
        assert_eq!(
            base_details("apply", "ok", Some(&action), &Value::Null),
            serde_json::json!({"action": "apply", "reason": "ok", "sourceToolName": "t", "label": "l"})
        );
        assert_eq!(
            base_details("discard", "no", None, &serde_json::json!({"k": 1})),
            serde_json::json!({"action": "discard", "reason": "no", "extra": {"k": 1}})
        );
    }
}
