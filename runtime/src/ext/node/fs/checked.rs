//! What the engine's permissions make of a file-system request: each path is checked for
//! the access the operation needs (read or write; the last link followed or not) and
//! replaced by the path it really reaches, which the operation then uses (`stat`, `exists`
//! and `realpath` may also look at the folders above a granted root). A refusal is the
//! permissions' `EACCES` error; `exists` of a path the tool may not read answers false, as
//! Node does for a file the process cannot reach. Under the `all` policy nothing is checked.

use std::path::Path;

use deno_core::{v8, OpState};

use super::{FsReply, FsRequest};
use crate::permissions::{Access, Denied, Permissions};
use crate::platform::O_ACCMODE;

/// What a request becomes once checked.
pub(crate) enum Checked {
    /// Run it, with its paths resolved.
    Run(FsRequest),
    /// Answer this without touching the file system.
    Answer(FsReply),
}

/// The permissions of the engine an op runs in.
pub(crate) fn permissions_in(scope: &mut v8::PinScope<'_, '_>) -> Permissions {
    let state = deno_core::JsRuntime::op_state_from(scope);
    let state = state.borrow();
    permissions_of(&state)
}

pub(crate) fn permissions_of(state: &OpState) -> Permissions {
    state.try_borrow::<Permissions>().cloned().unwrap_or_default()
}

/// `path` checked for `access` (`follow`: through a last link), as the path to use.
pub(crate) fn path(permissions: &Permissions, access: Access, path: &str, follow: bool, syscall: &str) -> Result<String, Denied> {
    if permissions.is_unrestricted() {
        return Ok(path.to_string());
    }
    let reached = permissions.check_path(access, Path::new(path), follow, syscall)?;
    // A grant of every file leaves the path as written, links and all; the opens that follow
    // refuse any link on the way, so they get the path the links lead to.
    let reached = match permissions.policy().files(access).is_all() {
        true => crate::permissions::path_check::reached(&reached, Path::new("/"), follow).unwrap_or(reached),
        false => reached,
    };
    Ok(reached.to_string_lossy().into_owned())
}

/// Opens `path` for `access` in one system call when its spelling already says where it
/// lands inside a granted root (`Permissions::plainly_within`): no link may be on the way
/// (the open fails instead), so nothing needs resolving first. None when that does not hold,
/// when a link is on the way (ELOOP), or when what was opened is not a regular file (a FIFO,
/// a device: the caller's careful path knows how to wait on those): the caller then checks
/// and opens the resolved path. Opened non-blocking, so a FIFO never holds the open.
pub(crate) fn open_plainly(permissions: &Permissions, access: Access, path: &str, flags: i32, mode: u32) -> Option<std::io::Result<std::fs::File>> {
    if !permissions.plainly_within(access, Path::new(path)) {
        return None;
    }
    // Truncated only once the file is known not to be one of the host's own streams (its
    // stdout redirected to a file under the root, say): those take the careful path, which
    // gives them their meaning (`host_streams`).
    let truncate = flags & libc::O_TRUNC != 0;
    if truncate && flags & O_ACCMODE == libc::O_RDONLY {
        return None;
    }
    match open_without_waiting(Path::new(path), flags & !libc::O_TRUNC, mode) {
        Ok(file) => {
            let meta = file.metadata().ok()?;
            let kind = meta.file_type();
            if !kind.is_file() && !kind.is_dir() || is_fifo(&kind) {
                return None;
            }
            if super::host_streams::of(&meta, opens_for_write(flags)).is_some() {
                return None;
            }
            if truncate && kind.is_file() {
                if let Err(e) = file.set_len(0) {
                    return Some(Err(e));
                }
            }
            set_blocking(&file);
            Some(Ok(file))
        }
        Err(e) if met_link_or_fifo(&e) => None,
        Err(e) => Some(Err(e)),
    }
}

/// `path` opened with `flags` without following a link, non-blocking so that a FIFO's open
/// does not wait for the other end.
fn open_without_waiting(path: &Path, flags: i32, mode: u32) -> std::io::Result<std::fs::File> {
    crate::platform::open_without_links(path, flags | NON_BLOCKING, mode)
}

#[cfg(unix)]
const NON_BLOCKING: i32 = libc::O_NONBLOCK;

/// No open waits on Windows, which has no FIFOs in the file system (`wait_windows.rs`).
#[cfg(windows)]
const NON_BLOCKING: i32 = 0;

#[cfg(unix)]
fn is_fifo(kind: &std::fs::FileType) -> bool {
    use std::os::unix::fs::FileTypeExt;
    kind.is_fifo()
}

/// Windows has no FIFOs in the file system.
#[cfg(windows)]
fn is_fifo(_kind: &std::fs::FileType) -> bool {
    false
}

/// Back to blocking, as a plain open leaves it.
#[cfg(unix)]
fn set_blocking(file: &std::fs::File) {
    // SAFETY: fcntl on a descriptor `file` owns.
    unsafe {
        use std::os::fd::AsRawFd;
        let fd = file.as_raw_fd();
        libc::fcntl(fd, libc::F_SETFL, libc::fcntl(fd, libc::F_GETFL) & !libc::O_NONBLOCK);
    }
}

/// Nothing to undo: Windows's open was a plain one.
#[cfg(windows)]
fn set_blocking(_file: &std::fs::File) {}

/// Whether `open_without_waiting` failed on a link on the way (ELOOP) or a FIFO without a
/// writer (ENXIO).
#[cfg(unix)]
fn met_link_or_fifo(e: &std::io::Error) -> bool {
    matches!(e.raw_os_error(), Some(libc::ELOOP) | Some(libc::ENXIO))
}

/// Whether `open_without_waiting` failed on a link as the last component
/// (`platform::open_without_links` says so with ERROR_STOPPED_ON_SYMLINK).
#[cfg(windows)]
fn met_link_or_fifo(e: &std::io::Error) -> bool {
    e.raw_os_error() == Some(windows_sys::Win32::Foundation::ERROR_STOPPED_ON_SYMLINK as i32)
}

/// Whether an open(2) with `flags` writes.
pub(crate) fn opens_for_write(flags: i32) -> bool {
    flags & O_ACCMODE != libc::O_RDONLY || flags & (libc::O_CREAT | libc::O_TRUNC | libc::O_APPEND) != 0
}

/// `access(2)`'s modes: libc's on Unix; the C runtime has no constants for them, and Node's
/// `fs.constants` gives them the same values on Windows.
pub(super) mod access_mode {
    #[cfg(unix)]
    pub(crate) use libc::{F_OK, W_OK};
    #[cfg(windows)]
    pub(crate) const F_OK: i32 = 0;
    #[cfg(windows)]
    pub(crate) const W_OK: i32 = 2;
}

/// Whether the check left every path of `request` resolved, no link on it: the grants it
/// needs name folders (a grant of every file leaves a path as written), or the tool is
/// learning. Only then may its calls refuse any link they meet (`at_calls`, Linux only).
#[cfg(target_os = "linux")]
pub(crate) fn resolved(permissions: &Permissions, request: &FsRequest) -> bool {
    use crate::permissions::Access::{Read, Write};
    use FsRequest::*;
    let needs = |access| permissions.is_learning() || !permissions.policy().files(access).is_all();
    match request {
        Stat { .. } | Exists { .. } | ReadText { .. } | Readdir { .. } | Realpath { .. } | Readlink { .. } => needs(Read),
        FsRequest::Access { mode, .. } if mode & libc::W_OK == 0 => needs(Read),
        CopyFile { .. } => needs(Read) && needs(Write),
        _ => needs(Write),
    }
}

/// `request` with every path checked and resolved.
pub(crate) fn request(permissions: &Permissions, request: FsRequest) -> Result<Checked, Denied> {
    use crate::permissions::Access::{Read, Write};
    use FsRequest::*;
    if permissions.is_unrestricted() {
        return Ok(Checked::Run(request));
    }
    let p = |access, raw: &str, follow, syscall| path(permissions, access, raw, follow, syscall);
    // Metadata only: the folders above a granted root may be looked at too.
    let meta = |raw: &str, follow, syscall| -> Result<String, Denied> {
        Ok(permissions.check_metadata(Path::new(raw), follow, syscall)?.to_string_lossy().into_owned())
    };
    Ok(Checked::Run(match request {
        Stat { path, follow } => Stat {
            path: meta(&path, follow, if follow { "stat" } else { "lstat" })?,
            follow,
        },
        Exists { path } => match meta(&path, true, "access") {
            Ok(path) => Exists { path },
            Err(_) => return Ok(Checked::Answer(FsReply::Flag(false))),
        },
        ReadText { path } => ReadText {
            path: p(Read, &path, true, "open")?,
        },
        Mkdir { path, recursive, mode } => Mkdir {
            path: p(Write, &path, true, "mkdir")?,
            recursive,
            mode,
        },
        Readdir { path } => Readdir {
            path: p(Read, &path, true, "scandir")?,
        },
        Rm { path, recursive, force } => Rm {
            path: p(Write, &path, false, "rm")?,
            recursive,
            force,
        },
        Rmdir { path } => Rmdir {
            path: p(Write, &path, false, "rmdir")?,
        },
        Unlink { path } => Unlink {
            path: p(Write, &path, false, "unlink")?,
        },
        Rename { from, to } => Rename {
            from: p(Write, &from, false, "rename")?,
            to: p(Write, &to, false, "rename")?,
        },
        CopyFile { from, to, exclusive } => CopyFile {
            from: p(Read, &from, true, "copyfile")?,
            to: p(Write, &to, true, "copyfile")?,
            exclusive,
        },
        Realpath { path } => Realpath {
            path: meta(&path, true, "realpath")?,
        },
        Mkdtemp { prefix } => {
            // The prefix names a folder and the start of a name in it: checked as the file
            // it would make, kept with its trailing `/` if it has one (or `\` on Windows).
            let checked = p(Write, &prefix, true, "mkdtemp")?;
            let trailing = |path: &str| path.ends_with(std::path::is_separator);
            let slash = if trailing(&prefix) && !trailing(&checked) {
                std::path::MAIN_SEPARATOR_STR
            } else {
                ""
            };
            Mkdtemp {
                prefix: format!("{checked}{slash}"),
            }
        }
        FsRequest::Access { path, mode } => FsRequest::Access {
            path: match mode {
                access_mode::F_OK => meta(&path, true, "access")?,
                _ => p(if mode & access_mode::W_OK != 0 { Write } else { Read }, &path, true, "access")?,
            },
            mode,
        },
        Chmod { path, mode } => Chmod {
            path: p(Write, &path, true, "chmod")?,
            mode,
        },
        Readlink { path } => Readlink {
            path: p(Read, &path, false, "readlink")?,
        },
        // The link's target is checked whenever something opens it.
        Symlink { target, path } => Symlink {
            target,
            path: p(Write, &path, false, "symlink")?,
        },
        // A hard link shares the file: one into a writable folder must not make a file the
        // tool may only read (or not reach at all) writable through it.
        Link { existing, path } => Link {
            existing: p(Write, &existing, false, "link")?,
            path: p(Write, &path, false, "link")?,
        },
        Truncate { path, len } => Truncate {
            path: p(Write, &path, true, "open")?,
            len,
        },
        Utimes { path, atime_ms, mtime_ms } => Utimes {
            path: p(Write, &path, true, "utime")?,
            atime_ms,
            mtime_ms,
        },
    }))
}
