//! The result a call ends with, for every way it can end: returned (normalized, contract
//! 4.4), threw (the message verbatim plus where in the `.ts` file), cancelled, past its
//! deadline, out of heap, stopped by the host, never settled, or never started.

use std::time::Duration;

use crate::bridge::{CallOutcome, StopReason};
use crate::result::{error_result, normalize_result, ToolResult};

/// The result for what the engine said about a call of `tool`.
pub(crate) fn from_engine(tool: &str, outcome: CallOutcome, heap_limit_mb: usize) -> ToolResult {
    match outcome {
        CallOutcome::Returned(value) => normalize_result(value),
        CallOutcome::Threw(thrown) => {
            let mut result = error_result(&thrown.message);
            if let Some(location) = thrown.location {
                result.details = serde_json::json!({ "errorLocation": location });
            }
            result
        }
        CallOutcome::Stopped(StopReason::HeapLimit) => out_of_memory(tool, heap_limit_mb),
        CallOutcome::Stopped(_) => error_result(&format!("Tool {tool} was stopped by the host.")),
        CallOutcome::NeverSettled { lost_work: true } => error_result(&format!(
            "Tool {tool} could not finish: the host had to stop another tool's runaway script while this call was between steps, and its pending work was lost with it"
        )),
        CallOutcome::NeverSettled { lost_work: false } => {
            error_result(&format!("Tool {tool} never settled: its promise is still pending and nothing is left that could settle it"))
        }
    }
}

/// Contract 4.5: a call cancelled before it started.
pub(crate) fn not_executed(reason: &str) -> ToolResult {
    error_result(&format!("Tool was not executed because the run was aborted: {reason}."))
}

/// A call cancelled while it ran.
pub(crate) fn aborted(tool: &str, reason: &str) -> ToolResult {
    let mut result = error_result(&format!("Tool {tool} was aborted: {reason}."));
    result.details = serde_json::json!({ "aborted": true, "reason": reason });
    result
}

/// A call stopped at its deadline.
pub(crate) fn deadline_exceeded(tool: &str, deadline: Duration) -> ToolResult {
    let mut result = error_result(&format!(
        "Tool {tool} did not finish within its deadline of {} and was stopped.",
        human_duration(deadline)
    ));
    result.details = serde_json::json!({ "deadlineExceeded": true, "deadlineMs": deadline.as_millis() as u64 });
    result
}

/// A call whose script exhausted the JavaScript heap.
pub(crate) fn out_of_memory(tool: &str, heap_limit_mb: usize) -> ToolResult {
    let mut result = error_result(&format!(
        "Tool {tool} ran out of memory (JavaScript heap limit of {heap_limit_mb} MB) and was stopped."
    ));
    result.details = serde_json::json!({ "heapLimitExceeded": true, "heapLimitMb": heap_limit_mb });
    result
}

/// The engine went away while the call ran (the host is failing).
pub(crate) fn engine_gone(tool: &str) -> ToolResult {
    error_result(&format!("Tool {tool} could not finish: the JavaScript engine stopped"))
}

/// A call that was running on an engine another job wedged, which was replaced.
pub(crate) fn engine_replaced(tool: &str) -> ToolResult {
    error_result(&format!(
        "Tool {tool} could not finish: another tool's code could not be stopped, so the JavaScript engine was replaced and the tools loaded again; call it again"
    ))
}

fn human_duration(d: Duration) -> String {
    let ms = d.as_millis();
    if ms.is_multiple_of(60_000) && ms >= 60_000 {
        format!("{} min", ms / 60_000)
    } else if ms.is_multiple_of(1000) {
        format!("{} s", ms / 1000)
    } else {
        format!("{ms} ms")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::Thrown;

    #[test]
    fn deadlines_read_as_people_write_them() {
        assert_eq!(human_duration(Duration::from_secs(600)), "10 min");
        assert_eq!(human_duration(Duration::from_secs(5)), "5 s");
        assert_eq!(human_duration(Duration::from_millis(300)), "300 ms");
    }

    #[test]
    fn a_throw_keeps_its_message_verbatim_and_its_location() {
        let thrown = Thrown {
            message: "boom".into(),
            location: Some(crate::registry::SourceLocation {
                file: "/t/x.ts".into(),
                line: 3,
                column: 9,
            }),
            ..Default::default()
        };
        let result = from_engine("x", CallOutcome::Threw(thrown), 512);
        assert!(result.is_error);
        assert_eq!(crate::result::text_of(&result), "boom");
        assert_eq!(result.details["errorLocation"]["line"], 3);
    }
}
