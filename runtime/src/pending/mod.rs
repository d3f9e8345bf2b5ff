//! The pending-action queue and the hidden `resolve` tool (contract section 8): tools stage a
//! preview with `pi.pushPendingAction`; the host keeps the JavaScript functions alive and
//! owns everything else here — order, state, requeueing — and tells the front ends what
//! changed (`Change`s, handed to the session's listener in the order they happen, on the
//! thread that made them, so a staging call's change is told before the call's end is).
//! A front end that serves many clients at once (`mcp --listen`) names the client each call
//! belongs to (`own_call`): what a call stages is its client's, and only that client's
//! `resolve` acts on it.

pub(crate) mod queue;
pub(crate) mod resolve_tool;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use queue::QueueState;
pub(crate) use queue::{Action, ActionId, Change, Resolution, Staged, Take, TurnEnd};

/// The resolve reminder, exactly as omp steers it (contract 8.2).
pub(crate) const REMINDER: &str = "<system-reminder>\nThis is a preview. Call the `resolve` tool to apply or discard these changes.\n</system-reminder>";

/// Who hears about changes: nobody yet (changes wait), or the session's listener.
enum Listener {
    Waiting(Vec<Change>),
    Set(Box<dyn Fn(Change) + Send + Sync>),
}

/// The session's queue; cheap to clone, shared by the engine's op and the core.
#[derive(Clone)]
pub(crate) struct PendingQueue {
    state: Arc<Mutex<QueueState>>,
    listener: Arc<Mutex<Listener>>,
    /// Set when the session starts shutting down (no more reminders are worth sending).
    closing: Arc<AtomicBool>,
    /// The client each running call belongs to, by call id (only calls a front end named).
    owners: Arc<Mutex<HashMap<String, String>>>,
}

impl std::fmt::Debug for PendingQueue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PendingQueue")
    }
}

impl Default for PendingQueue {
    fn default() -> Self {
        Self::new()
    }
}

impl PendingQueue {
    /// An empty queue; changes wait until `listen` is called.
    pub(crate) fn new() -> PendingQueue {
        PendingQueue {
            state: Arc::default(),
            listener: Arc::new(Mutex::new(Listener::Waiting(Vec::new()))),
            closing: Arc::default(),
            owners: Arc::default(),
        }
    }

    /// Call `call_id` belongs to client `owner` until `release_call`: what it stages is
    /// `owner`'s, and a `resolve` it runs acts only on `owner`'s actions.
    pub(crate) fn own_call(&self, call_id: &str, owner: &str) {
        self.owners.lock().unwrap().insert(call_id.to_string(), owner.to_string());
    }

    /// Call `call_id` ended.
    pub(crate) fn release_call(&self, call_id: &str) {
        self.owners.lock().unwrap().remove(call_id);
    }

    /// The client call `call_id` belongs to, if a front end named one.
    pub(crate) fn owner_of(&self, call_id: Option<&str>) -> Option<String> {
        self.owners.lock().unwrap().get(call_id?).cloned()
    }

    /// From now on every change goes to `listener` (first the ones that waited).
    pub(crate) fn listen(&self, listener: impl Fn(Change) + Send + Sync + 'static) {
        let mut current = self.listener.lock().unwrap();
        if let Listener::Waiting(waiting) = &mut *current {
            std::mem::take(waiting).into_iter().for_each(&listener);
        }
        *current = Listener::Set(Box::new(listener));
    }

    /// The session is shutting down.
    pub(crate) fn close(&self) {
        self.closing.store(true, Ordering::SeqCst);
    }

    /// The flag `close` sets, for listeners (which must not hold the queue itself).
    pub(crate) fn closing_flag(&self) -> Arc<AtomicBool> {
        self.closing.clone()
    }

    fn with<R>(&self, f: impl FnOnce(&mut QueueState) -> (R, Vec<Change>)) -> R {
        // The listener lock is taken first and held while telling, so changes are told in
        // the order the queue made them.
        let mut listener = self.listener.lock().unwrap();
        let (result, changes) = f(&mut self.state.lock().unwrap());
        match &mut *listener {
            Listener::Waiting(waiting) => waiting.extend(changes),
            Listener::Set(tell) => changes.into_iter().for_each(tell),
        }
        result
    }

    /// Stages a preview (from `pi.pushPendingAction`).
    pub(crate) fn push(&self, staged: Staged) -> Action {
        let owner = self.owner_of(staged.tool_call_id.as_deref());
        self.with(|q| q.push(staged, owner))
    }

    /// Whether any action of `owner`'s is pending (None: the actions no client owns).
    pub(crate) fn has_pending_of(&self, owner: Option<&str>) -> bool {
        self.state.lock().unwrap().has_pending_of(owner)
    }

    /// The actions call `call_id` staged.
    pub(crate) fn staged_by(&self, call_id: &str) -> Vec<Action> {
        self.state.lock().unwrap().staged_by(call_id)
    }

    /// Before a model request: the action to force `resolve` for, if any.
    pub(crate) fn next_tool_choice(&self) -> Option<Action> {
        self.with(|q| q.next_tool_choice())
    }

    /// The turn ended.
    pub(crate) fn turn_end(&self, how: TurnEnd) {
        self.with(|q| ((), q.turn_end(how)))
    }

    /// The action `resolve` call `call_id` acts on (one of its client's), or why there is none.
    pub(crate) fn take_for_resolve(&self, call_id: &str) -> Take {
        let owner = self.owner_of(Some(call_id));
        self.state.lock().unwrap().take_for_resolve(owner.as_deref())
    }

    /// A `resolve` finished with an action.
    pub(crate) fn finish(&self, action_id: ActionId, resolution: Resolution) {
        self.with(|q| ((), q.finish(action_id, resolution)))
    }

    /// Removes everything still pending (host shutdown), head first.
    pub(crate) fn drain(&self) -> Vec<Action> {
        self.state.lock().unwrap().drain()
    }
}
