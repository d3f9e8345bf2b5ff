//! The Windows side of `disk_cache`: reaching entry files inside the cache folder. std has no
//! `openat` on Windows, so files are reached by their path inside the folder; the handle
//! `private_dir::open` gave is kept for the cache's life and shares no deleting, so the folder
//! cannot be renamed or removed meanwhile and that path keeps naming the folder that was
//! checked. Files are opened without following links and refused when they are reparse
//! points (`private_dir::open_no_follow`). A write goes to a fresh, randomly named temporary
//! file (`CREATE_NEW`, which fails on anything already there, a link included) that is then
//! moved into place: over the old entry (`std::fs::rename`, which replaces the name itself,
//! never a file a link there points at), or for the key only if the name is free
//! (`MoveFileExW` without `MOVEFILE_REPLACE_EXISTING`).

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::os::windows::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use windows_sys::Win32::Storage::FileSystem::MoveFileExW;

use super::Replace;

/// The open cache folder: its handle (held, never read) and its path.
pub(crate) struct Dir {
    _handle: File,
    path: PathBuf,
}

impl Dir {
    /// `handle` is the folder `private_dir::open(path)` opened and checked.
    pub(crate) fn new(handle: File, path: &Path) -> Dir {
        Dir {
            _handle: handle,
            path: path.to_path_buf(),
        }
    }
}

/// Opens `name` in `dir` for reading, never through a link.
pub(super) fn open_read(dir: &Dir, name: &str) -> io::Result<File> {
    crate::private_dir::open_no_follow(OpenOptions::new().read(true), &dir.path.join(name))
}

/// Writes `bytes` to a fresh, randomly named temporary file in `dir` (created exclusively,
/// with the folder's inherited access list), then moves it to `name`. Answers whether `name`
/// now holds `bytes`.
pub(super) fn write_atomically(dir: &Dir, name: &str, bytes: &[u8], replace: Replace) -> io::Result<bool> {
    let mut random = [0u8; 12];
    getrandom::fill(&mut random).map_err(|e| io::Error::other(e.to_string()))?;
    let temporary = dir.path.join(format!(".tmp-{}", hex::encode(random)));
    // CREATE_NEW without following links: it fails on any name already there, a dangling
    // link included (which CREATE_NEW alone would follow, creating its target).
    let mut file = crate::private_dir::open_no_follow(OpenOptions::new().write(true).create_new(true), &temporary)?;
    let written = file.write_all(bytes);
    drop(file);
    let target = dir.path.join(name);
    let moved = written.and_then(|()| match replace {
        Replace::Always => std::fs::rename(&temporary, &target).map(|()| true),
        Replace::Never => move_if_free(&temporary, &target),
    });
    if moved.is_err() || moved.as_ref().is_ok_and(|done| !done) {
        let _ = std::fs::remove_file(&temporary);
    }
    moved
}

/// Moves `from` to `to` unless `to` exists (then answers false, leaving `from`).
fn move_if_free(from: &Path, to: &Path) -> io::Result<bool> {
    let wide = |path: &Path| path.as_os_str().encode_wide().chain([0]).collect::<Vec<u16>>();
    let (from_w, to_w) = (wide(from), wide(to));
    // SAFETY: both are NUL-terminated UTF-16 paths that outlive the call; no flags, so an
    // existing `to` is never replaced.
    if unsafe { MoveFileExW(from_w.as_ptr(), to_w.as_ptr(), 0) } != 0 {
        return Ok(true);
    }
    let err = io::Error::last_os_error();
    if err.kind() == io::ErrorKind::AlreadyExists {
        Ok(false)
    } else {
        Err(err)
    }
}
