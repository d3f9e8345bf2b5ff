//! The hidden `resolve` tool (contract 8.1): its identity and parameters, and the result each
//! way a resolve can end gives, with contract 9's verbatim strings. The core runs it through
//! the same pipeline as every tool (validation, deadline, cancellation, events); the apply or
//! reject function it calls is the staging tool's, run by the engine.

use std::sync::{Arc, OnceLock};

use serde_json::{json, Value};

use super::queue::{base_details, Action, Resolution};
use crate::bridge::CallOutcome;
use crate::result::{error_result, normalize_result, ToolResult};
use crate::schema::CompiledSchema;

pub(crate) const NAME: &str = "resolve";

pub(crate) const NOTHING_TO_APPLY: &str = "No pending action to resolve. Nothing to apply or discard.";
pub(crate) const NOTHING_TO_DISCARD: &str = "Nothing to discard; no pending action remains.";

pub(crate) const DESCRIPTION: &str = "Resolves the pending action a previous tool staged as a preview, by applying it or discarding it.\n\
- `action`: \"apply\" to carry out the previewed change, \"discard\" to drop it.\n\
- `reason`: one short, complete sentence saying why.\n\
- `extra`: optional free-form metadata (`extra.title` is used for plan approval; unused for previews).\n\
Call it only when a tool has staged a preview; applying with nothing pending fails.";

/// What `resolve` was asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Op {
    Apply,
    Discard,
}

impl Op {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Op::Apply => "apply",
            Op::Discard => "discard",
        }
    }
}

/// A validated `resolve` call's arguments.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Request {
    pub op: Op,
    pub reason: String,
    pub extra: Value,
}

impl Request {
    /// Reads arguments the validator has already checked against `parameters()`.
    pub(crate) fn from_params(params: &Value) -> Request {
        Request {
            op: if params["action"] == "apply" { Op::Apply } else { Op::Discard },
            reason: params["reason"].as_str().unwrap_or_default().to_string(),
            extra: params.get("extra").cloned().unwrap_or(Value::Null),
        }
    }
}

/// The JSON Schema of `resolve`'s parameters.
pub(crate) fn parameters() -> Value {
    json!({
        "type": "object",
        "properties": {
            "action": { "type": "string", "enum": ["apply", "discard"], "description": "apply or discard the pending action" },
            "reason": { "type": "string", "description": "reason for action" },
            "extra": { "type": "object", "additionalProperties": true, "description": "free-form metadata" },
        },
        "required": ["action", "reason"],
        "additionalProperties": false,
    })
}

/// The validator of resolve's arguments, compiled once per process: the first schema compiled
/// also sets up the validator library (about 2 ms), so `warm_up` does it where it costs no
/// time (while the engine thread starts).
pub(crate) fn validator() -> Arc<CompiledSchema> {
    static VALIDATOR: OnceLock<Arc<CompiledSchema>> = OnceLock::new();
    VALIDATOR
        .get_or_init(|| Arc::new(CompiledSchema::compile(&parameters()).expect("resolve's schema compiles")))
        .clone()
}

/// Compiles resolve's validator now, if no session of this process has.
pub(crate) fn warm_up() {
    validator();
}

/// The result of a `resolve` that found nothing pending.
pub(crate) fn nothing_pending(request: &Request) -> ToolResult {
    match request.op {
        Op::Apply => error_result(NOTHING_TO_APPLY),
        Op::Discard => {
            let mut result = ToolResult {
                content: vec![crate::result::ContentBlock::text(NOTHING_TO_DISCARD)],
                details: Value::Null,
                is_error: false,
                useless: None,
                terminate: None,
                structured_content: None,
            };
            result.details = base_details("discard", &request.reason, None, &request.extra);
            result
        }
    }
}

/// The result of a second `resolve` in a turn whose forced action another `resolve` already
/// took (omp would run that action's `apply` again; the host never does). `waiting` actions
/// are offered in later turns.
pub(crate) fn turn_spent(waiting: usize) -> ToolResult {
    let later = match waiting {
        0 => String::new(),
        1 => " 1 other pending action waits for a later turn.".to_string(),
        n => format!(" {n} other pending actions wait for later turns."),
    };
    error_result(&format!(
        "This turn's pending action was already taken by an earlier `resolve` call; nothing was applied or discarded.{later}"
    ))
}

/// The result of a `resolve` from a client that staged nothing pending while `others` actions
/// other clients' calls staged wait: those are theirs alone to apply or discard.
pub(crate) fn not_yours(others: usize) -> ToolResult {
    let waiting = match others {
        1 => "The pending action waiting was".to_string(),
        n => format!("The {n} pending actions waiting were"),
    };
    error_result(&format!(
        "{waiting} staged by another client's calls; a client can resolve only what its own calls staged. Nothing was applied or discarded."
    ))
}

/// What becomes of an action whose `resolve` was stopped before it settled: an apply did not
/// complete, so the action waits again; a discard had started its `reject`, which is not run
/// a second time, so the action is gone.
pub(crate) fn interrupted(request: &Request) -> Resolution {
    match request.op {
        Op::Apply => Resolution::ApplyFailed,
        Op::Discard => Resolution::Discarded,
    }
}

/// The result of resolving `action`, and what becomes of the action (contract 8.4).
pub(crate) fn outcome(request: &Request, action: &Action, outcome: CallOutcome) -> (ToolResult, Resolution) {
    let details = base_details(request.op.as_str(), &request.reason, Some(action), &request.extra);
    match (request.op, outcome) {
        (Op::Apply, CallOutcome::Returned(value)) => (with_source_details(normalize_result(value.clone()), details, &value), Resolution::Applied),
        (Op::Discard, CallOutcome::Returned(Value::Null)) => {
            let mut result =
                normalize_result(json!({ "content": [{ "type": "text", "text": format!("Discarded: {}. Reason: {}", action.label, request.reason) }] }));
            result.details = details;
            (result, Resolution::Discarded)
        }
        (Op::Discard, CallOutcome::Returned(value)) => (with_source_details(normalize_result(value.clone()), details, &value), Resolution::Discarded),
        (Op::Apply, CallOutcome::Threw(thrown)) => {
            let message = if thrown.tool_error {
                thrown.message
            } else {
                format!("Apply failed: {}", thrown.message)
            };
            (error_result(&message), Resolution::ApplyFailed)
        }
        // A throwing reject is not caught or requeued: its message is the error (contract 8.4).
        (Op::Discard, CallOutcome::Threw(thrown)) => (error_result(&thrown.message), Resolution::Discarded),
        (Op::Apply, other) => (error_result(&format!("Apply failed: {}", unfinished(&other))), Resolution::ApplyFailed),
        (Op::Discard, other) => (error_result(&format!("Discard failed: {}", unfinished(&other))), Resolution::Discarded),
    }
}

/// `{ ...result, details: { ...baseDetails, sourceResultDetails? } }`.
fn with_source_details(mut result: ToolResult, mut details: Value, raw: &Value) -> ToolResult {
    if let Some(source) = raw.get("details").filter(|d| !d.is_null()) {
        details["sourceResultDetails"] = source.clone();
    }
    result.details = details;
    result
}

fn unfinished(outcome: &CallOutcome) -> &'static str {
    match outcome {
        CallOutcome::Stopped(crate::bridge::StopReason::HeapLimit) => "it ran out of memory and was stopped",
        CallOutcome::Stopped(_) => "it was stopped before it finished",
        _ => "it never finished",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::Thrown;

    /// What `warm_up` compiles is what every session's resolve entry then uses: one
    /// validator per process, not a compile per session.
    #[test]
    fn the_warmed_validator_serves_every_entry() {
        warm_up();
        let (first, second) = (crate::registry::ToolEntry::resolve(), crate::registry::ToolEntry::resolve());
        let (first, second) = (first.validator.unwrap(), second.validator.unwrap());
        assert!(Arc::ptr_eq(&first, &second) && Arc::ptr_eq(&first, &validator()));
    }

    fn action() -> Action {
        Action {
            id: 1,
            label: "rename 3 files".into(),
            source_tool_name: "batch_rename_preview".into(),
            tool_call_id: None,
            directive_label: String::new(),
            has_reject: false,
            engine: 1,
            owner: None,
        }
    }

    fn request(op: Op) -> Request {
        Request {
            op,
            reason: "looks right".into(),
            extra: Value::Null,
        }
    }

    #[test]
    fn nothing_pending_reads_as_omp_says() {
        let apply = nothing_pending(&request(Op::Apply));
        assert!(apply.is_error);
        assert_eq!(crate::result::text_of(&apply), NOTHING_TO_APPLY);
        let discard = nothing_pending(&request(Op::Discard));
        assert!(!discard.is_error);
        assert_eq!(crate::result::text_of(&discard), NOTHING_TO_DISCARD);
        assert_eq!(discard.details, json!({"action": "discard", "reason": "looks right"}));
    }

    #[test]
    fn an_apply_keeps_its_result_and_adds_the_base_details() {
        let value = json!({ "content": [{ "type": "text", "text": "renamed 3" }], "details": { "count": 3 } });
        let (result, resolution) = outcome(&request(Op::Apply), &action(), CallOutcome::Returned(value));
        assert_eq!(resolution, Resolution::Applied);
        assert_eq!(crate::result::text_of(&result), "renamed 3");
        assert_eq!(
            result.details,
            json!({"action": "apply", "reason": "looks right", "sourceToolName": "batch_rename_preview", "label": "rename 3 files", "sourceResultDetails": {"count": 3}})
        );
    }

    #[test]
    fn a_failed_apply_is_prefixed_unless_it_is_a_tool_error() {
        let plain = Thrown {
            message: "disk full".into(),
            ..Default::default()
        };
        let (result, resolution) = outcome(&request(Op::Apply), &action(), CallOutcome::Threw(plain));
        assert_eq!(
            (crate::result::text_of(&result).as_str(), resolution),
            ("Apply failed: disk full", Resolution::ApplyFailed)
        );
        let tool_error = Thrown {
            message: "target exists".into(),
            tool_error: true,
            ..Default::default()
        };
        let (result, _) = outcome(&request(Op::Apply), &action(), CallOutcome::Threw(tool_error));
        assert_eq!(crate::result::text_of(&result), "target exists");
    }

    #[test]
    fn a_discard_without_reject_says_what_was_discarded_and_why() {
        let (result, resolution) = outcome(&request(Op::Discard), &action(), CallOutcome::Returned(Value::Null));
        assert_eq!(resolution, Resolution::Discarded);
        assert_eq!(crate::result::text_of(&result), "Discarded: rename 3 files. Reason: looks right");
        assert_eq!(result.details["action"], "discard");
    }
}
