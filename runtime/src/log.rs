//! The host's log file: JSON lines (`timestamp`, `level`, `pid`, `message`, flattened
//! context) in `<data dir>/logs/omp-host.<date>.log`, like omp's logger. Never the console;
//! a failed write is ignored. The folder is private (0700, see `private_dir`) and the files
//! 0600, since tools log what they handle (on Windows, both are private by the access list
//! they inherit from the user's profile, which the host does not verify).

use std::io::Write;
#[cfg(unix)]
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use std::time::{SystemTime, UNIX_EPOCH};

use serde_json::{Map, Value};

/// The line's own fields, which a context never overwrites (omp's logger keeps `timestamp`
/// and `level` the same way); a context field of the same name is kept as `context.<name>`.
const OWN_FIELDS: [&str; 3] = ["timestamp", "level", "pid"];

#[derive(Debug, Clone)]
pub(crate) struct HostLog {
    dir: PathBuf,
    /// Whether the folder was found private (checked once, on the first line).
    usable: Arc<OnceLock<bool>>,
}

impl HostLog {
    pub(crate) fn in_dir(dir: PathBuf) -> Self {
        HostLog {
            dir,
            usable: Arc::new(OnceLock::new()),
        }
    }

    fn folder_is_usable(&self) -> bool {
        *self.usable.get_or_init(|| match crate::private_dir::open(&self.dir) {
            Ok(_) => true,
            Err(reason) => {
                crate::host_eprintln!("omp-host: not writing logs: {reason}");
                false
            }
        })
    }

    /// The file today's lines go to.
    pub(crate) fn current_file(&self) -> PathBuf {
        let today = chrono::DateTime::from_timestamp(unix_seconds() as i64, 0).unwrap_or_default();
        self.dir.join(format!("omp-host.{}.log", today.format("%Y-%m-%d")))
    }

    /// Appends one line; `context` (an object) is flattened into it.
    pub(crate) fn write(&self, level: &str, message: &str, context: Option<&Value>) {
        let mut line = Map::new();
        line.insert("timestamp".into(), Value::String(timestamp()));
        line.insert("level".into(), Value::String(level.into()));
        line.insert("pid".into(), Value::from(std::process::id()));
        line.insert("message".into(), Value::String(message.into()));
        match context {
            Some(Value::Object(fields)) => {
                for (key, value) in fields {
                    if OWN_FIELDS.contains(&key.as_str()) {
                        line.insert(format!("context.{key}"), value.clone());
                    } else if key == "message" {
                        // As omp's logger does: the context's message is appended.
                        let joined = format!("{message} {}", value.as_str().map(str::to_string).unwrap_or_else(|| value.to_string()));
                        line.insert("message".into(), Value::String(joined));
                    } else {
                        line.insert(key.clone(), value.clone());
                    }
                }
            }
            Some(Value::Null) | None => {}
            Some(other) => {
                line.insert("context".into(), other.clone());
            }
        }
        if !self.folder_is_usable() {
            return;
        }
        if let Ok(mut file) = open_log_file(&self.current_file()) {
            let _ = writeln!(file, "{}", Value::Object(line));
        }
    }
}

/// Opens the log file for appending, creating it private, never through a link
/// (`private_dir::open_no_follow`).
fn open_log_file(path: &Path) -> std::io::Result<std::fs::File> {
    let file = crate::private_dir::open_no_follow(std::fs::OpenOptions::new().create(true).append(true), path)?;
    // A file left readable by an older version is made private too.
    #[cfg(unix)]
    if file.metadata().is_ok_and(|m| m.permissions().mode() & 0o077 != 0) {
        let _ = file.set_permissions(std::fs::Permissions::from_mode(0o600));
    }
    Ok(file)
}

fn unix_seconds() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
}

/// ISO-8601 UTC timestamp with milliseconds.
pub(crate) fn timestamp() -> String {
    timestamp_at(SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default())
}

/// `timestamp` for `since_epoch`. The text up to the second is kept per thread and made once
/// a second: a busy host stamps every call's session entries, and formatting the whole date
/// each time was a few percent of a call's cost.
fn timestamp_at(since_epoch: std::time::Duration) -> String {
    thread_local! {
        static SECOND: std::cell::RefCell<(u64, String)> = const { std::cell::RefCell::new((0, String::new())) };
    }
    let secs = since_epoch.as_secs();
    SECOND.with_borrow_mut(|(second, prefix)| {
        if *second != secs || prefix.is_empty() {
            let at = chrono::DateTime::from_timestamp(secs as i64, 0).unwrap_or_default();
            *prefix = at.format("%Y-%m-%dT%H:%M:%S.").to_string();
            *second = secs;
        }
        let millis = since_epoch.subsec_millis();
        let mut text = String::with_capacity(prefix.len() + 4);
        text.push_str(prefix);
        for digit in [millis / 100, millis / 10 % 10, millis % 10] {
            text.push(char::from(b'0' + digit as u8));
        }
        text.push('Z');
        text
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_follow_the_clock_within_and_across_seconds() {
        use std::time::Duration;
        let at = |secs: u64, millis: u64| timestamp_at(Duration::from_secs(secs) + Duration::from_millis(millis));
        assert_eq!(at(1_795_564_800, 7), "2026-11-25T00:00:00.007Z");
        assert_eq!(at(1_795_564_800, 999), "2026-11-25T00:00:00.999Z");
        assert_eq!(at(1_795_564_801, 40), "2026-11-25T00:00:01.040Z");
        assert_eq!(at(1_795_651_199, 500), "2026-11-25T23:59:59.500Z");
        assert_eq!(at(0, 0), "1970-01-01T00:00:00.000Z");
        assert_eq!(at(1_795_564_800, 7), "2026-11-25T00:00:00.007Z", "an earlier second again");
    }

    #[test]
    fn lines_are_json_with_flattened_context() {
        let dir = std::env::temp_dir().join(format!("omp-host-log-{}", std::process::id()));
        let log = HostLog::in_dir(dir);
        log.write("error", "Custom tool load failed", Some(&serde_json::json!({"path": "/x.ts", "error": "boom"})));
        let text = std::fs::read_to_string(log.current_file()).unwrap();
        let line: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
        assert_eq!(line["level"], "error");
        assert_eq!(line["path"], "/x.ts");
        assert_eq!(line["message"], "Custom tool load failed");
    }

    #[test]
    fn a_contexts_fields_never_replace_the_lines_own() {
        let dir = std::env::temp_dir().join(format!("omp-host-log-own-{}", std::process::id()));
        let log = HostLog::in_dir(dir.clone());
        let forged = serde_json::json!({"timestamp": "1999-01-01", "level": "error", "pid": 1, "message": "extra", "tool": "t"});
        log.write("info", "hello", Some(&forged));
        let text = std::fs::read_to_string(log.current_file()).unwrap();
        let line: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
        assert_eq!(line["level"], "info");
        assert_eq!(line["pid"], std::process::id());
        assert_ne!(line["timestamp"], "1999-01-01");
        assert_eq!(line["message"], "hello extra");
        assert_eq!(line["context.timestamp"], "1999-01-01");
        assert_eq!(line["context.level"], "error");
        assert_eq!(line["context.pid"], 1);
        assert_eq!(line["tool"], "t");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[cfg(unix)]
    #[test]
    fn log_files_are_private() {
        use std::os::unix::fs::MetadataExt;
        let dir = std::env::temp_dir().join(format!("omp-host-log-private-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let log = HostLog::in_dir(dir.clone());
        log.write("info", "x", None);
        assert_eq!(std::fs::metadata(&dir).unwrap().mode() & 0o777, 0o700);
        assert_eq!(std::fs::metadata(log.current_file()).unwrap().mode() & 0o777, 0o600);
        let _ = std::fs::remove_dir_all(dir);
    }
}
