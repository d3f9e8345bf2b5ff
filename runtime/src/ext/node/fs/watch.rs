//! The ops behind node:fs `watch` (and fs/promises' `watch`, `fs.watchFile`): a watcher is a
//! resource holding its place in the engine's watch hub (one inotify instance for all of the
//! engine's watchers, `watch_hub.rs`). JavaScript awaits
//! its events (`op_node_fs_watch_next`), each named as Node names it, with the file name
//! relative to the watched folder. Closing the resource (`close()`, the call ending, the
//! runtime going away) removes the watch at once.

use std::borrow::Cow;
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use deno_core::{op2, AsyncRefCell, CancelHandle, CancelTryFuture, OpState, RcRef, Resource, ResourceId};
use deno_error::JsErrorBox;
use serde::Serialize;
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver};

use super::watch_hub::{SubscribeError, Subscription, WatchHub};
use crate::ext::node::internal::errors::{from_errno, syscall_error};
use crate::file_events::Notification;

/// What fails in starting a watch: what fails in any file-system op (the permissions refuse
/// the path, a system call fails: Node's `CODE: description, watch 'path'`), or the engine's
/// watch hub cannot start.
#[derive(Debug, thiserror::Error, deno_error::JsError)]
pub(crate) enum WatchError {
    #[class(inherit)]
    #[error(transparent)]
    Fs(#[from] super::FsError),
    /// The hub could not get an inotify instance; the text says why.
    #[class(generic)]
    #[error("{0}")]
    Start(String),
    /// notify failed without an errno: an `EIO` in Node's shape, with notify's description.
    #[class(generic)]
    #[error("EIO: {error}, watch '{path}'")]
    Notify { error: notify::Error, path: String },
}

/// A running `fs.watch`.
pub(crate) struct FsWatchResource {
    /// The watched path, absolute (the paths notifications carry start with it).
    root: PathBuf,
    notifications: AsyncRefCell<UnboundedReceiver<Notification>>,
    cancel: CancelHandle,
    subscription: RefCell<Option<Subscription>>,
}

impl Resource for FsWatchResource {
    fn name(&self) -> Cow<'_, str> {
        "nodeFsWatcher".into()
    }

    fn close(self: Rc<Self>) {
        self.cancel.cancel();
        // Leaving the hub removes the watch (and the inotify instance with the last watcher).
        self.subscription.borrow_mut().take();
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct WatchEvent {
    event_type: &'static str,
    filename: String,
}

/// The events that came in since the last look, and the error that ended the watch, if any.
#[derive(Serialize, Default)]
pub(crate) struct WatchBatch {
    events: Vec<WatchEvent>,
    error: Option<String>,
}

/// Starts watching `path` (a folder's entries, recursively with `recursive`, or one file).
#[op2(fast)]
#[smi]
pub(crate) fn op_node_fs_watch(state: &mut OpState, #[string] path: &str, recursive: bool) -> Result<ResourceId, WatchError> {
    // Watching shows names and changes: the permissions' `read`.
    let permissions = super::checked::permissions_of(state);
    let path = &super::checked::path(&permissions, crate::permissions::Access::Read, path, true, "watch").map_err(super::FsError::from)?;
    let fail = |e: std::io::Error| WatchError::Fs(syscall_error(e, "watch", Some(path), None).into());
    let metadata = std::fs::metadata(path).map_err(fail)?;
    let root = std::path::absolute(path).map_err(fail)?;
    let (sender, notifications) = unbounded_channel();
    if !state.has::<WatchHub>() {
        state.put(WatchHub::default());
    }
    let hub = state.borrow::<WatchHub>().clone();
    let subscription = hub.subscribe(&root, recursive && metadata.is_dir(), sender).map_err(|e| match e {
        SubscribeError::Start(message) => WatchError::Start(message),
        SubscribeError::Watch(e) => match e.kind {
            notify::ErrorKind::Io(io) => fail(io),
            notify::ErrorKind::PathNotFound => fail(std::io::Error::from(std::io::ErrorKind::NotFound)),
            notify::ErrorKind::MaxFilesWatch => fail(from_errno(libc::ENOSPC)),
            _ => WatchError::Notify {
                error: e,
                path: path.to_string(),
            },
        },
    })?;
    Ok(state.resource_table.add(FsWatchResource {
        root,
        notifications: AsyncRefCell::new(notifications),
        cancel: CancelHandle::new(),
        subscription: RefCell::new(Some(subscription)),
    }))
}

/// The next events of watcher `rid` (waiting for at least one), or None once it is closed.
#[op2]
#[serde]
pub(crate) async fn op_node_fs_watch_next(state: Rc<RefCell<OpState>>, #[smi] rid: ResourceId) -> Result<Option<WatchBatch>, JsErrorBox> {
    let watch = state.borrow().resource_table.get::<FsWatchResource>(rid).map_err(JsErrorBox::from_err)?;
    let mut notifications = RcRef::map(&watch, |w| &w.notifications).borrow_mut().await;
    let cancel = RcRef::map(&watch, |w| &w.cancel);
    let first = async { Ok::<_, std::io::Error>(notifications.recv().await) }.try_or_cancel(cancel).await;
    let Ok(Some(first)) = first else { return Ok(None) };
    let mut batch = WatchBatch::default();
    let mut add = |notification: Notification| match notification {
        Ok(events) => batch.events.extend(events.into_iter().map(|e| WatchEvent {
            event_type: e.change.as_str(),
            filename: relative_name(&watch.root, &e.path),
        })),
        Err(error) => batch.error = Some(error),
    };
    add(first);
    while let Ok(more) = notifications.try_recv() {
        add(more);
    }
    Ok(Some(batch))
}

/// Node's `filename`: the path relative to the watched folder, or the watched path's own name
/// for a change to itself (a watched file, or the folder being removed).
fn relative_name(root: &Path, path: &Path) -> String {
    match path.strip_prefix(root) {
        Ok(rest) if !rest.as_os_str().is_empty() => rest.to_string_lossy().into_owned(),
        _ => path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_relative_to_the_watched_folder() {
        let root = Path::new("/w/dir");
        assert_eq!(relative_name(root, Path::new("/w/dir/a.txt")), "a.txt");
        assert_eq!(relative_name(root, Path::new("/w/dir/sub/b.txt")), "sub/b.txt");
        assert_eq!(relative_name(root, Path::new("/w/dir")), "dir");
        assert_eq!(relative_name(Path::new("/w/file.txt"), Path::new("/w/file.txt")), "file.txt");
    }
}
