//! One inotify instance for all of an engine's node:fs watchers, as Node has one per event
//! loop. Linux allows each user 128 inotify instances by default, and packages that watch a
//! tree (chokidar and the like) open one `fs.watch` per folder: with an instance each, the
//! 129th failed. The hub watches each path once, for as many watchers as ask for it (the
//! recursive way while any of them is recursive), hands every notification to the watchers
//! whose path it concerns, and lets go of the instance when its last watcher closes.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use tokio::sync::mpsc::UnboundedSender;

use crate::file_events::{FileEvent, FileEvents, Notification};

/// The engine's hub (kept in its op state; clones share it).
#[derive(Clone, Default)]
pub(crate) struct WatchHub {
    shared: Arc<Shared>,
}

#[derive(Default)]
struct Shared {
    /// The watcher and what it watches. Held while the watcher is told to watch or unwatch,
    /// which waits for the watcher's thread: that thread only ever takes `subscribers`.
    watching: Mutex<Watching>,
    subscribers: Mutex<HashMap<u64, Subscriber>>,
}

#[derive(Default)]
struct Watching {
    events: Option<FileEvents>,
    /// For each watched path, how many watchers want it flat and how many recursive.
    paths: HashMap<PathBuf, Wanted>,
    next_id: u64,
}

#[derive(Default, Clone, Copy, PartialEq, Eq, Debug)]
struct Wanted {
    flat: usize,
    recursive: usize,
}

impl Wanted {
    fn mode(self) -> Option<bool> {
        match (self.flat, self.recursive) {
            (0, 0) => None,
            (_, 0) => Some(false),
            _ => Some(true),
        }
    }

    /// The counts with one watcher more (`joining`) or one fewer.
    fn with(mut self, recursive: bool, joining: bool) -> Wanted {
        let count = if recursive { &mut self.recursive } else { &mut self.flat };
        *count = if joining { *count + 1 } else { count.saturating_sub(1) };
        self
    }
}

struct Subscriber {
    root: PathBuf,
    recursive: bool,
    send: UnboundedSender<Notification>,
}

/// A watcher's place in the hub; dropping it stops its watching.
pub(crate) struct Subscription {
    shared: Arc<Shared>,
    id: u64,
}

impl WatchHub {
    /// Watches `root` (absolute: a folder's entries, with `recursive` its subfolders' too, or
    /// one file) for a new watcher, whose notifications go to `send`.
    pub(crate) fn subscribe(&self, root: &Path, recursive: bool, send: UnboundedSender<Notification>) -> Result<Subscription, SubscribeError> {
        let mut watching = self.shared.watching.lock().unwrap();
        if watching.events.is_none() {
            let shared = Arc::downgrade(&self.shared);
            let events = FileEvents::start(move |notification| {
                if let Some(shared) = shared.upgrade() {
                    shared.dispatch(notification);
                }
            })
            .map_err(SubscribeError::Start)?;
            watching.events = Some(events);
        }
        watching.count(root, recursive, true).map_err(SubscribeError::Watch)?;
        watching.next_id += 1;
        let id = watching.next_id;
        self.shared.subscribers.lock().unwrap().insert(
            id,
            Subscriber {
                root: root.to_path_buf(),
                recursive,
                send,
            },
        );
        Ok(Subscription {
            shared: self.shared.clone(),
            id,
        })
    }
}

/// Why a watcher could not start.
pub(crate) enum SubscribeError {
    /// No inotify instance could be had.
    Start(String),
    /// The path could not be watched.
    Watch(notify::Error),
}

impl Watching {
    /// Counts one watcher more (`joining`) or one fewer of `path` (see `count_watcher`); the
    /// instance goes with the last watched path.
    fn count(&mut self, path: &Path, recursive: bool, joining: bool) -> notify::Result<()> {
        let counted = match self.events.as_mut() {
            Some(events) => count_watcher(&mut self.paths, events, path, recursive, joining),
            None => Ok(()),
        };
        self.release_if_unused();
        counted
    }

    /// Lets go of the inotify instance when no path is watched any more.
    fn release_if_unused(&mut self) {
        self.paths.retain(|_, wanted| wanted.mode().is_some());
        if self.paths.is_empty() {
            self.events = None;
        }
    }
}

/// What the hub asks of the watcher (a stand-in in the tests below).
trait PathWatcher {
    fn watch(&mut self, path: &Path, recursive: bool) -> notify::Result<()>;
    fn unwatch(&mut self, path: &Path) -> notify::Result<()>;
}

impl PathWatcher for FileEvents {
    fn watch(&mut self, path: &Path, recursive: bool) -> notify::Result<()> {
        FileEvents::watch(self, path, recursive)
    }

    fn unwatch(&mut self, path: &Path) -> notify::Result<()> {
        FileEvents::unwatch(self, path)
    }
}

/// Counts one watcher more (`joining`) or one fewer of `path`, and when that changes how the
/// path must be watched, takes its watch down and sets it up again that way. A watcher that
/// cannot join is not counted, and the path stays watched as it was for the others (a
/// recursive watch can fail where a flat one worked: a subfolder it cannot read, the
/// per-user limit on watches).
fn count_watcher(paths: &mut HashMap<PathBuf, Wanted>, watcher: &mut impl PathWatcher, path: &Path, recursive: bool, joining: bool) -> notify::Result<()> {
    let before = paths.get(path).copied().unwrap_or_default();
    let after = before.with(recursive, joining);
    let mut watched = Ok(());
    if before.mode() != after.mode() {
        if before.mode().is_some() {
            let _ = watcher.unwatch(path);
        }
        if let Some(recursive) = after.mode() {
            watched = watcher.watch(path, recursive);
        }
        if watched.is_err() {
            // What the failed watch did set up goes (a recursive one may have reached some
            // subfolders); a joining watcher's failure puts the old watch back.
            let _ = watcher.unwatch(path);
            if joining {
                if let Some(previous) = before.mode() {
                    let _ = watcher.watch(path, previous);
                }
                return watched;
            }
        }
    }
    paths.insert(path.to_path_buf(), after);
    watched
}

impl Shared {
    /// Hands one notification to every watcher it concerns (on the watcher's thread).
    fn dispatch(&self, notification: Notification) {
        let subscribers = self.subscribers.lock().unwrap();
        for subscriber in subscribers.values() {
            let mine = match &notification {
                Ok(events) => {
                    let events: Vec<FileEvent> = events.iter().filter(|e| subscriber.concerns(&e.path)).cloned().collect();
                    if events.is_empty() {
                        continue;
                    }
                    Ok(events)
                }
                Err(error) => Err(error.clone()),
            };
            let _ = subscriber.send.send(mine);
        }
    }
}

impl Subscriber {
    /// Whether a change to `path` is this watcher's to see: its path itself, an entry of its
    /// folder, or (recursive) anything below it.
    fn concerns(&self, path: &Path) -> bool {
        path == self.root || path.parent() == Some(self.root.as_path()) || (self.recursive && path.starts_with(&self.root))
    }
}

impl Drop for Subscription {
    fn drop(&mut self) {
        let Some(subscriber) = self.shared.subscribers.lock().unwrap().remove(&self.id) else {
            return;
        };
        let _ = self.shared.watching.lock().unwrap().count(&subscriber.root, subscriber.recursive, false);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn subscriber(root: &str, recursive: bool) -> Subscriber {
        Subscriber {
            root: root.into(),
            recursive,
            send: tokio::sync::mpsc::unbounded_channel().0,
        }
    }

    #[test]
    fn a_watcher_sees_its_path_its_entries_and_with_recursive_what_is_below() {
        let flat = subscriber("/w/dir", false);
        let deep = subscriber("/w/dir", true);
        for path in ["/w/dir", "/w/dir/a.txt"] {
            assert!(flat.concerns(Path::new(path)) && deep.concerns(Path::new(path)), "{path}");
        }
        assert!(!flat.concerns(Path::new("/w/dir/sub/b.txt")));
        assert!(deep.concerns(Path::new("/w/dir/sub/b.txt")));
        assert!(!deep.concerns(Path::new("/w/dirt/c.txt")) && !deep.concerns(Path::new("/w/other")));
    }

    /// Records what is watched, and fails recursive watches while `refuse_recursive`.
    #[derive(Default)]
    struct StandIn {
        watched: HashMap<PathBuf, bool>,
        refuse_recursive: bool,
    }

    impl PathWatcher for StandIn {
        fn watch(&mut self, path: &Path, recursive: bool) -> notify::Result<()> {
            if recursive && self.refuse_recursive {
                // As notify does when a subfolder fails: the folders before it stay watched.
                self.watched.insert(path.to_path_buf(), true);
                return Err(notify::Error::generic("no more watches"));
            }
            self.watched.insert(path.to_path_buf(), recursive);
            Ok(())
        }

        fn unwatch(&mut self, path: &Path) -> notify::Result<()> {
            self.watched.remove(path);
            Ok(())
        }
    }

    #[test]
    fn a_recursive_watcher_that_cannot_join_leaves_the_flat_watch_in_place() {
        let (mut paths, mut watcher) = (HashMap::new(), StandIn::default());
        let dir = Path::new("/w/dir");
        count_watcher(&mut paths, &mut watcher, dir, false, true).unwrap();
        watcher.refuse_recursive = true;
        assert!(count_watcher(&mut paths, &mut watcher, dir, true, true).is_err());
        assert_eq!(watcher.watched.get(dir), Some(&false), "the flat watcher keeps its watch");
        assert_eq!(paths[dir], Wanted { flat: 1, recursive: 0 }, "the failed watcher is not counted");
        count_watcher(&mut paths, &mut watcher, dir, false, false).unwrap();
        assert!(watcher.watched.is_empty() && paths[dir].mode().is_none());
    }

    #[test]
    fn a_first_watcher_that_cannot_watch_leaves_nothing_watched() {
        let (mut paths, mut watcher) = (
            HashMap::new(),
            StandIn {
                refuse_recursive: true,
                ..Default::default()
            },
        );
        assert!(count_watcher(&mut paths, &mut watcher, Path::new("/w/dir"), true, true).is_err());
        assert!(watcher.watched.is_empty(), "{:?}", watcher.watched);
        assert!(paths.is_empty());
    }

    #[test]
    fn a_path_is_watched_recursively_while_any_of_its_watchers_is_recursive() {
        assert_eq!(Wanted { flat: 2, recursive: 0 }.mode(), Some(false));
        assert_eq!(Wanted { flat: 2, recursive: 1 }.mode(), Some(true));
        assert_eq!(Wanted::default().mode(), None);
        let both = Wanted { flat: 1, recursive: 1 };
        assert_eq!(both.with(true, false).mode(), Some(false));
        assert_eq!(both.with(true, false).with(false, false).mode(), None);
    }
}
