//! Watches the tool folders and module files a session loaded, through the operating
//! system's file notifications (inotify, via the `notify` crate; never by polling), and hands
//! over the changed paths in debounced batches: a batch goes out once the files have been
//! quiet for a moment, so an editor's save (often several writes and a rename) is one reload.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use notify::{EventKind, RecommendedWatcher, RecursiveMode, Watcher};
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};

/// How long the files must be quiet before a batch goes out.
const QUIET: Duration = Duration::from_millis(75);
/// The longest a batch waits for quiet (files that never stop changing still reload).
const MOST: Duration = Duration::from_millis(750);

/// A folder to watch, and whether its subfolders are watched too.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WatchRoot {
    pub dir: PathBuf,
    pub recursive: bool,
}

/// The roots, without those another recursive root already covers.
pub fn without_overlaps(mut roots: Vec<WatchRoot>) -> Vec<WatchRoot> {
    roots.retain(|r| r.dir.is_dir());
    roots.sort_by(|a, b| a.dir.cmp(&b.dir).then(b.recursive.cmp(&a.recursive)));
    let mut kept: Vec<WatchRoot> = Vec::new();
    for root in roots {
        let covered = kept.iter().any(|k| root.dir == k.dir || (k.recursive && root.dir.starts_with(&k.dir)));
        if !covered {
            kept.push(root);
        }
    }
    kept
}

/// A running watcher; dropping it stops the notifications.
pub struct FileWatcher {
    _watcher: RecommendedWatcher,
}

impl FileWatcher {
    /// Watches `roots`; batches of changed paths arrive on the receiver. A folder that cannot
    /// be watched is reported on stderr and skipped.
    pub fn start(roots: &[WatchRoot]) -> Result<(FileWatcher, UnboundedReceiver<BTreeSet<PathBuf>>), String> {
        let (raw_sender, raw) = unbounded_channel::<Vec<PathBuf>>();
        let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
            let Ok(event) = event else { return };
            if matches!(event.kind, EventKind::Access(_)) {
                return;
            }
            let paths: Vec<PathBuf> = event.paths.into_iter().filter(|p| !ignored(p)).collect();
            if !paths.is_empty() {
                let _ = raw_sender.send(paths);
            }
        })
        .map_err(|e| format!("could not start watching files: {e}"))?;
        for root in roots {
            let mode = if root.recursive {
                RecursiveMode::Recursive
            } else {
                RecursiveMode::NonRecursive
            };
            if let Err(e) = watcher.watch(&root.dir, mode) {
                eprintln!("omp-host: cannot watch {} for changes: {e}", root.dir.display());
            }
        }
        let (batches, batch_stream) = unbounded_channel();
        tokio::spawn(debounce(raw, batches));
        Ok((FileWatcher { _watcher: watcher }, batch_stream))
    }
}

/// Paths whose changes never matter to a reload: installed packages and version control.
fn ignored(path: &Path) -> bool {
    path.components().any(|c| c.as_os_str() == "node_modules" || c.as_os_str() == ".git")
}

/// Gathers raw notifications into batches separated by `QUIET`.
async fn debounce(mut raw: UnboundedReceiver<Vec<PathBuf>>, batches: UnboundedSender<BTreeSet<PathBuf>>) {
    while let Some(first) = raw.recv().await {
        let mut batch: BTreeSet<PathBuf> = first.into_iter().collect();
        let started = Instant::now();
        while started.elapsed() < MOST {
            match tokio::time::timeout(QUIET, raw.recv()).await {
                Ok(Some(paths)) => batch.extend(paths),
                Ok(None) | Err(_) => break,
            }
        }
        if batches.send(batch).is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roots_inside_a_recursive_root_are_dropped() {
        let base = std::env::temp_dir().join(format!("omp-host-watch-roots-{}", std::process::id()));
        std::fs::create_dir_all(base.join("tools/t")).unwrap();
        let root = |dir: PathBuf, recursive| WatchRoot { dir, recursive };
        let kept = without_overlaps(vec![
            root(base.join("tools/t"), true),
            root(base.join("tools"), false),
            root(base.join("tools"), true),
            root(base.clone(), false),
            root(base.join("missing"), true),
        ]);
        assert_eq!(kept, vec![root(base.clone(), false), root(base.join("tools"), true)]);
        let _ = std::fs::remove_dir_all(&base);
    }
}
