//! Watches the tool folders and module files a session loaded (and its config files), through
//! the host's file notifications (`file_events`: inotify, never polling), and hands over the
//! changed paths in debounced batches: a batch goes out once the files have been quiet for a
//! moment, so an editor's save (often several writes and a rename) is one reload.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};

use crate::file_events::FileEvents;

/// How long the files must be quiet before a batch goes out.
const QUIET: Duration = Duration::from_millis(75);
/// The longest a batch waits for quiet (files that never stop changing still reload).
const MOST: Duration = Duration::from_millis(750);

/// A folder to watch, and whether its subfolders are watched too.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct WatchRoot {
    pub dir: PathBuf,
    pub recursive: bool,
}

/// The roots, without those another recursive root already covers. A root that does not exist
/// yet is watched through the nearest existing folder above it (not its subfolders), so that
/// creating it is seen (a reload then watches it itself); one with no such folder but `/` is
/// left out.
pub(crate) fn without_overlaps(roots: Vec<WatchRoot>) -> Vec<WatchRoot> {
    let mut roots: Vec<WatchRoot> = roots.into_iter().filter_map(existing_or_above).collect();
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

/// `root` if its folder exists, else its nearest existing ancestor below `/`, unrecursive.
fn existing_or_above(root: WatchRoot) -> Option<WatchRoot> {
    if root.dir.is_dir() {
        return Some(root);
    }
    let above = root.dir.ancestors().skip(1).find(|dir| dir.is_dir())?;
    (above.parent().is_some()).then(|| WatchRoot {
        dir: above.to_path_buf(),
        recursive: false,
    })
}

/// A running watcher; dropping it stops the notifications.
pub(crate) struct FileWatcher {
    events: FileEvents,
    /// The roots watched so far.
    watched: Vec<WatchRoot>,
}

impl FileWatcher {
    /// Watches `roots`; batches of changed paths arrive on the receiver. A folder that cannot
    /// be watched is reported on stderr and skipped.
    pub(crate) fn start(roots: &[WatchRoot]) -> Result<(FileWatcher, UnboundedReceiver<BTreeSet<PathBuf>>), String> {
        let (raw_sender, raw) = unbounded_channel::<Vec<PathBuf>>();
        let events = FileEvents::start(move |notification| {
            let Ok(events) = notification else { return };
            let paths: Vec<PathBuf> = events.into_iter().map(|e| e.path).filter(|p| !ignored(p)).collect();
            if !paths.is_empty() {
                let _ = raw_sender.send(paths);
            }
        })?;
        let mut watcher = FileWatcher { events, watched: Vec::new() };
        watcher.watch_also(roots);
        let (batches, batch_stream) = unbounded_channel();
        tokio::spawn(debounce(raw, batches));
        Ok((watcher, batch_stream))
    }

    /// Watches those of `roots` not watched yet (a reload can find new tool paths).
    pub(crate) fn watch_also(&mut self, roots: &[WatchRoot]) {
        for root in roots {
            let covered = self
                .watched
                .iter()
                .any(|w| w.dir == root.dir && (w.recursive || !root.recursive) || (w.recursive && root.dir.starts_with(&w.dir)));
            if covered {
                continue;
            }
            match self.events.watch(&root.dir, root.recursive) {
                Ok(()) => self.watched.push(root.clone()),
                Err(e) => crate::host_eprintln!("omp-host: cannot watch {} for changes: {e}", root.dir.display()),
            }
        }
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

    #[test]
    fn a_missing_root_is_watched_through_the_folder_above_it() {
        let base = std::env::temp_dir().join(format!("omp-host-watch-missing-{}", std::process::id()));
        std::fs::create_dir_all(base.join("project")).unwrap();
        let root = |dir: PathBuf, recursive| WatchRoot { dir, recursive };
        let kept = without_overlaps(vec![root(base.join("project/.omp/tools"), true), root(base.join("project/.pi"), false)]);
        assert_eq!(kept, vec![root(base.join("project"), false)]);
        assert_eq!(without_overlaps(vec![root(PathBuf::from("/no-such-folder-omp-host"), true)]), vec![]);
        let _ = std::fs::remove_dir_all(&base);
    }
}
