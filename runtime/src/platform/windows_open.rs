//! Windows's opens of a path with the C runtime's `open` flags, as libuv's open does there:
//! what `node:fs` and a restricted tool's checked opens use in place of `open(2)` and
//! `openat2`. The C runtime's `O_RDONLY`, `O_WRONLY`, `O_RDWR`, `O_CREAT`, `O_EXCL`, `O_TRUNC`
//! and `O_APPEND` are honoured, the others ignored; a folder opens too (for reading); a file
//! created without the owner's write bit in `mode` is created read-only, the only mode bit
//! Windows keeps.

use std::fs::{File, OpenOptions};
use std::io;
use std::os::windows::fs::{MetadataExt, OpenOptionsExt};
use std::os::windows::io::AsRawHandle;
use std::path::Path;

use windows_sys::Win32::Foundation::{ERROR_STOPPED_ON_SYMLINK, GENERIC_READ, GENERIC_WRITE, HANDLE};
use windows_sys::Win32::Storage::FileSystem::{
    GetFileInformationByHandle, BY_HANDLE_FILE_INFORMATION, FILE_ATTRIBUTE_READONLY, FILE_ATTRIBUTE_REPARSE_POINT, FILE_FLAG_BACKUP_SEMANTICS,
    FILE_FLAG_OPEN_REPARSE_POINT, FILE_GENERIC_WRITE, FILE_WRITE_DATA,
};

/// Opens `path` with `flags`, following links.
pub(crate) fn open_with_flags(path: &Path, flags: i32, mode: u32) -> io::Result<File> {
    options(flags, mode, false).open(path)
}

/// Opens `path` (every link in it already resolved by the caller's check) with `flags`; only
/// its last component is held against a link swapped in since the check: it is opened as
/// itself (`FILE_FLAG_OPEN_REPARSE_POINT`), and a symbolic link or junction there fails the
/// open with `ERROR_STOPPED_ON_SYMLINK` (ELOOP, as `O_NOFOLLOW` fails it). Links on the folders
/// above it are followed: Windows has no `RESOLVE_NO_SYMLINKS`.
pub(crate) fn open_without_links(path: &Path, flags: i32, mode: u32) -> io::Result<File> {
    let file = options(flags, mode, true).open(path)?;
    let meta = file.metadata()?;
    if meta.file_type().is_symlink() {
        return Err(io::Error::from_raw_os_error(ERROR_STOPPED_ON_SYMLINK as i32));
    }
    if meta.file_attributes() & FILE_ATTRIBUTE_REPARSE_POINT == 0 {
        return Ok(file);
    }
    // A reparse point that is no link (a cloud file's placeholder, a deduplicated file):
    // opened as itself its data need not be there, so it is opened again through the driver
    // that serves it. Whatever that open reaches must be the file the first one found: a link
    // swapped in meanwhile would lead elsewhere.
    let again = options(flags & !(libc::O_CREAT | libc::O_EXCL | libc::O_TRUNC), mode, false).open(path)?;
    if identity(&again)? != identity(&file)? {
        return Err(io::Error::from_raw_os_error(ERROR_STOPPED_ON_SYMLINK as i32));
    }
    Ok(again)
}

/// The `OpenOptions` of an open with `flags`; `as_itself`: a reparse point is opened, not
/// followed.
fn options(flags: i32, mode: u32, as_itself: bool) -> OpenOptions {
    let access = flags & super::O_ACCMODE;
    let mut rights = 0;
    if access == libc::O_RDONLY || access == libc::O_RDWR {
        rights |= GENERIC_READ;
    }
    if access == libc::O_WRONLY || access == libc::O_RDWR {
        // Appending: every write goes to the end, whatever the position (as on Unix).
        rights |= if flags & libc::O_APPEND != 0 {
            FILE_GENERIC_WRITE & !FILE_WRITE_DATA
        } else {
            GENERIC_WRITE
        };
    }
    let mut options = OpenOptions::new();
    // `write` only lets std accept the creation flags below whatever the access; the
    // rights asked for are `access_mode`'s.
    options.write(true).access_mode(rights);
    if flags & libc::O_CREAT != 0 && flags & libc::O_EXCL != 0 {
        options.create_new(true);
    } else {
        options.create(flags & libc::O_CREAT != 0).truncate(flags & libc::O_TRUNC != 0);
    }
    if flags & libc::O_CREAT != 0 && mode & 0o200 == 0 {
        options.attributes(FILE_ATTRIBUTE_READONLY);
    }
    let reparse = if as_itself { FILE_FLAG_OPEN_REPARSE_POINT } else { 0 };
    options.custom_flags(FILE_FLAG_BACKUP_SEMANTICS | reparse);
    options
}

/// The volume and file index of an open file: what tells two opens of one file.
fn identity(file: &File) -> io::Result<(u32, u32, u32)> {
    // SAFETY: an all-zero BY_HANDLE_FILE_INFORMATION is a valid value for the call to fill in.
    let mut info: BY_HANDLE_FILE_INFORMATION = unsafe { std::mem::zeroed() };
    // SAFETY: an open handle and a live struct to fill in.
    if unsafe { GetFileInformationByHandle(file.as_raw_handle() as HANDLE, &mut info) } == 0 {
        return Err(io::Error::last_os_error());
    }
    Ok((info.dwVolumeSerialNumber, info.nFileIndexHigh, info.nFileIndexLow))
}
