//! The host's one way to watch files: the operating system's notifications (inotify, through
//! the `notify` crate), never polling. Hot reload (`reload/watcher.rs`) and node:fs `watch`
//! (`ext/node/fs/watch.rs`) both start their watchers here, and both see a change as Node
//! names it: a `rename` (an entry appeared, vanished or moved) or a `change` (its content or
//! metadata changed). Dropping a `FileEvents` removes its watches and ends its thread.

use std::path::{Path, PathBuf};

use notify::event::{ModifyKind, RenameMode};
use notify::{EventKind, RecommendedWatcher, RecursiveMode, Watcher};

/// What happened to a path, in Node's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Change {
    /// `rename`: the entry was created, removed or moved.
    Rename,
    /// `change`: its content or metadata changed.
    Change,
}

impl Change {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Change::Rename => "rename",
            Change::Change => "change",
        }
    }
}

/// One change to one path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FileEvent {
    pub change: Change,
    pub path: PathBuf,
}

/// What a watcher reports: the changes of one notification, or why watching failed.
pub(crate) type Notification = Result<Vec<FileEvent>, String>;

/// A running watcher; what it sees goes to the function it was started with.
pub(crate) struct FileEvents {
    watcher: RecommendedWatcher,
}

impl FileEvents {
    /// Starts a watcher with nothing watched yet; `report` gets every notification that has
    /// changes in it (on the watcher's own thread), and every error.
    pub(crate) fn start(report: impl Fn(Notification) + Send + 'static) -> Result<FileEvents, String> {
        let watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| match event {
            Ok(event) => {
                let events = events_of(event);
                if !events.is_empty() {
                    report(Ok(events));
                }
            }
            Err(e) => report(Err(e.to_string())),
        })
        .map_err(|e| format!("could not start watching files: {e}"))?;
        Ok(FileEvents { watcher })
    }

    /// Watches `path` (a folder's entries, with `recursive` its subfolders' too, or one file).
    pub(crate) fn watch(&mut self, path: &Path, recursive: bool) -> notify::Result<()> {
        let mode = if recursive { RecursiveMode::Recursive } else { RecursiveMode::NonRecursive };
        self.watcher.watch(path, mode)
    }

    /// Stops watching `path`.
    pub(crate) fn unwatch(&mut self, path: &Path) -> notify::Result<()> {
        self.watcher.unwatch(path)
    }
}

/// The changes one notification stands for. Reads are not changes; a completed move is
/// already reported by its two halves (the old name and the new one, each a `rename`).
fn events_of(event: notify::Event) -> Vec<FileEvent> {
    let change = match event.kind {
        EventKind::Access(_) | EventKind::Modify(ModifyKind::Name(RenameMode::Both)) => return Vec::new(),
        EventKind::Create(_) | EventKind::Remove(_) | EventKind::Modify(ModifyKind::Name(_)) => Change::Rename,
        EventKind::Modify(_) | EventKind::Any | EventKind::Other => Change::Change,
    };
    event.paths.into_iter().map(|path| FileEvent { change, path }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use notify::event::{AccessKind, CreateKind, DataChange, RemoveKind};

    fn kinds(kind: EventKind) -> Vec<Change> {
        events_of(notify::Event::new(kind).add_path("/d/f".into()))
            .into_iter()
            .map(|e| e.change)
            .collect()
    }

    #[test]
    fn notifications_are_named_as_node_names_them() {
        assert_eq!(kinds(EventKind::Create(CreateKind::File)), [Change::Rename]);
        assert_eq!(kinds(EventKind::Remove(RemoveKind::Folder)), [Change::Rename]);
        assert_eq!(kinds(EventKind::Modify(ModifyKind::Name(RenameMode::From))), [Change::Rename]);
        assert_eq!(kinds(EventKind::Modify(ModifyKind::Data(DataChange::Any))), [Change::Change]);
        assert_eq!(kinds(EventKind::Access(AccessKind::Any)), []);
        assert_eq!(kinds(EventKind::Modify(ModifyKind::Name(RenameMode::Both))), []);
    }
}
