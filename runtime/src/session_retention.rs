//! Keeping the host's session folder from growing without end: every `run` and `mcp` start
//! writes a new session file, so the oldest ones are removed when a host starts — those not
//! written for longer than the retention age, then the least recently written until the
//! folder is under its size limit. Only regular `*.jsonl` files of this user are touched, and
//! never the session the host is about to use. (Windows has no owner to compare: there,
//! every regular file that is not a link counts as the user's; see `private_dir::is_mine`.)

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// How long a session file is kept after it was last written, unless the config says
/// otherwise (`sessionRetentionDays`).
pub(crate) const DEFAULT_RETENTION_DAYS: u64 = 30;
/// How large the session folder may grow, unless the config says otherwise
/// (`sessionRetentionMb`).
pub(crate) const DEFAULT_RETENTION_MB: u64 = 1024;

/// What a prune removed.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Pruned {
    pub files: usize,
    pub bytes: u64,
}

/// Removes from `dir` the session files last written more than `max_age` ago, then the
/// oldest others until the rest hold at most `max_bytes`; `keep` is never removed.
pub(crate) fn prune(dir: &Path, max_age: Duration, max_bytes: u64, keep: Option<&Path>) -> Pruned {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Pruned::default();
    };
    let mut files: Vec<(SystemTime, u64, PathBuf)> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "jsonl") && Some(path.as_path()) != keep)
        .filter_map(|path| {
            let meta = std::fs::symlink_metadata(&path).ok()?;
            (meta.is_file() && crate::private_dir::is_mine(&meta)).then(|| (meta.modified().unwrap_or(SystemTime::UNIX_EPOCH), meta.len(), path))
        })
        .collect();
    // Newest first: what is left at the end is kept.
    files.sort_by_key(|file| std::cmp::Reverse(file.0));
    let now = SystemTime::now();
    let mut kept_bytes = keep.and_then(|k| std::fs::metadata(k).ok()).map_or(0, |m| m.len());
    let mut pruned = Pruned::default();
    for (modified, len, path) in files {
        let too_old = now.duration_since(modified).is_ok_and(|age| age > max_age);
        if too_old || kept_bytes + len > max_bytes {
            if std::fs::remove_file(&path).is_ok() {
                pruned.files += 1;
                pruned.bytes += len;
            }
        } else {
            kept_bytes += len;
        }
    }
    pruned
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write_aged(dir: &Path, name: &str, bytes: usize, age: Duration) -> PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, "x".repeat(bytes)).unwrap();
        let when = SystemTime::now() - age;
        let file = std::fs::File::options().write(true).open(&path).unwrap();
        file.set_modified(when).unwrap();
        path
    }

    #[test]
    fn old_files_go_then_the_oldest_until_the_folder_fits() {
        let dir = std::env::temp_dir().join(format!("omp-host-retention-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let day = Duration::from_secs(86_400);
        let ancient = write_aged(&dir, "ancient.jsonl", 10, day * 40);
        let old = write_aged(&dir, "old.jsonl", 400, day * 3);
        let middle = write_aged(&dir, "middle.jsonl", 400, day * 2);
        let new = write_aged(&dir, "new.jsonl", 400, day);
        let current = write_aged(&dir, "current.jsonl", 100, Duration::ZERO);
        let other = write_aged(&dir, "notes.txt", 10, day * 400);
        let pruned = prune(&dir, day * 30, 1000, Some(&current));
        assert_eq!(pruned, Pruned { files: 2, bytes: 410 });
        assert!(!ancient.exists() && !old.exists(), "past the age, then the oldest past the size");
        assert!(middle.exists() && new.exists() && current.exists() && other.exists());
        std::fs::remove_dir_all(dir).unwrap();
    }
}
