//! Reports a panic without ever blocking on stderr. Rust's own report writes straight to
//! stderr, which blocks while a client leaves the pipe full: a thread that panicked then waited
//! forever instead of ending (the engine thread so stuck would leave every call unanswered).
//! This report goes through the host's stderr queue, which drops what does not fit, and to the
//! host log, and waits at most `DRAIN` for stderr.

use std::panic::PanicHookInfo;
use std::time::Duration;

use crate::log::HostLog;

/// How long a panicking thread waits for its report to reach stderr.
const DRAIN: Duration = Duration::from_secs(2);

/// Sends every later panic's report to the stderr queue and to `log`.
pub(crate) fn install(log: HostLog) {
    std::panic::set_hook(Box::new(move |info| report(&log, info)));
}

fn report(log: &HostLog, info: &PanicHookInfo<'_>) {
    let thread = std::thread::current().name().unwrap_or("<unnamed>").to_string();
    let location = info.location().map(|l| l.to_string()).unwrap_or_default();
    let message = payload_text(info);
    let backtrace = std::backtrace::Backtrace::capture();
    let mut text = format!("omp-host: thread '{thread}' panicked at {location}:\n{message}\n");
    if backtrace.status() == std::backtrace::BacktraceStatus::Captured {
        text.push_str(&format!("{backtrace}\n"));
    }
    crate::stderr::write(&text);
    let context = serde_json::json!({ "thread": thread, "location": location, "panic": message });
    log.write("error", "omp-host panicked", Some(&context));
    crate::stderr::drain(DRAIN);
}

fn payload_text(info: &PanicHookInfo<'_>) -> String {
    let payload = info.payload();
    if let Some(text) = payload.downcast_ref::<&str>() {
        text.to_string()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "(a panic without a message)".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_is_reported_to_the_host_log_with_its_thread_and_message() {
        let dir = std::env::temp_dir().join(format!("omp-host-panic-report-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let log = HostLog::in_dir(dir.clone());
        let previous = std::panic::take_hook();
        install(log.clone());
        let joined = std::thread::Builder::new()
            .name("panics-on-purpose".into())
            .spawn(|| panic!("broken on purpose {}", 7))
            .unwrap()
            .join();
        std::panic::set_hook(previous);
        assert!(joined.is_err(), "the thread panicked and ended");
        let text = std::fs::read_to_string(log.current_file()).unwrap();
        // Other tests' panics (expected ones) may be logged meanwhile: find this thread's.
        let line: serde_json::Value = text
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .find(|l| l["thread"] == "panics-on-purpose")
            .expect("the panic was logged");
        assert_eq!(line["message"], "omp-host panicked");
        assert_eq!(line["panic"], "broken on purpose 7");
        assert!(line["location"].as_str().unwrap().contains("panic_report.rs"), "{line}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
