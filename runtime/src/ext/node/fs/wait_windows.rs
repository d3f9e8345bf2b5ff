//! The Windows side of `wait.rs`: its opens, reads and writes on the C runtime's descriptors
//! (what `fs.openSync` answers there, as under Node). Windows has no FIFOs in the file system
//! (its named pipes live under `\\.\pipe\`, and opening one never waits for the other end: it
//! fails when no instance is free), so no open waits. A read or write on a pipe or a console
//! does wait, and cannot be made stoppable: nothing like `poll(2)` waits on a pipe, a console
//! and the watchdog's wakeup (which has no handle on Windows) together. So every file counts
//! as one that never waits (`waits_of`, `fd_waits`): the ops make their plain blocking calls
//! and announce no wait to the watchdog (`wait::begin`, which `spawnSync` still uses: a stop
//! ends that wait by killing the child), which would excuse the engine while the wait lasts
//! and then could not end it. A job stuck in one is an engine that does not look at
//! interrupts, which the watchdog finds wedged and the session replaces. Reads and writes go
//! to the handle behind a descriptor (`fs_windows::file_of`), so that their errors are the
//! system's (which `errno_windows` translates) and a positioned one can use
//! `seek_read`/`seek_write`.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::os::windows::fs::FileExt;
use std::os::windows::io::AsRawHandle;
use std::path::Path;

use windows_sys::Win32::Foundation::{ERROR_SEEK_ON_DEVICE, HANDLE};
use windows_sys::Win32::Storage::FileSystem::{GetFileType, FILE_TYPE_DISK};

use super::super::fs_windows::{file_of, into_fd};
use super::{Links, Waits};
use crate::stop::watchdog::WaitGuard;

/// Never: no wait can be woken on Windows (see the top of this file), so every file is
/// treated as one whose ops do not wait, and none is announced to the watchdog.
pub(crate) fn waits_of(_meta: &std::fs::Metadata) -> Waits {
    Waits::Never
}

/// Never, as `waits_of`.
pub(crate) fn fd_waits(_fd: i32) -> Waits {
    Waits::Never
}

/// Opens `path` with the C runtime's open `flags`, refusing a link as its last component
/// with `Links::Refuse` (`platform::open_without_links`, which says how).
fn open_file(path: &Path, flags: i32, mode: u32, links: Links) -> io::Result<File> {
    match links {
        Links::Follow => crate::platform::open_with_flags(path, flags, mode),
        Links::Refuse => crate::platform::open_without_links(path, flags, mode),
    }
}

/// `op` at `position` of `file`, whose own position stays where it was (as pread(2) leaves it;
/// libuv does the same on Windows). Only a file on disk has positions (ESPIPE otherwise).
fn at_position<T>(file: &File, position: f64, op: impl FnOnce(&File, u64) -> io::Result<T>) -> io::Result<T> {
    // SAFETY: GetFileType takes any handle value.
    if unsafe { GetFileType(file.as_raw_handle() as HANDLE) } != FILE_TYPE_DISK {
        return Err(io::Error::from_raw_os_error(ERROR_SEEK_ON_DEVICE as i32));
    }
    let mut seeker = file;
    let was = seeker.stream_position()?;
    let result = op(file, position as u64);
    seeker.seek(SeekFrom::Start(was))?;
    result
}

/// `open(2)`: never waits on Windows (see the top of this file).
pub(crate) fn open(path: &str, flags: i32, mode: u32, links: Links, _waits: Waits, _guard: &Option<WaitGuard>) -> io::Result<i32> {
    into_fd(open_file(Path::new(path), flags, mode, links)?, flags)
}

/// One read into `buffer` (at `position` unless negative); on a pipe or console it blocks
/// until data or an end comes, and no stop ends it (see the top of this file).
pub(crate) fn read(fd: i32, buffer: &mut [u8], position: f64, _guard: &Option<WaitGuard>) -> io::Result<usize> {
    read_at(fd, buffer, position)
}

/// One write of `data` (at `position` unless negative); on a pipe it blocks until there is
/// room, and no stop ends it (see the top of this file).
pub(crate) fn write(fd: i32, data: &[u8], position: f64, _guard: &Option<WaitGuard>) -> io::Result<usize> {
    write_at(fd, data, position)
}

/// read(2), or pread(2) at `position` unless it is negative.
pub(crate) fn read_at(fd: i32, buffer: &mut [u8], position: f64) -> io::Result<usize> {
    let file = file_of(fd)?;
    if position < 0.0 {
        return (&*file).read(buffer);
    }
    at_position(&file, position, |file, at| file.seek_read(buffer, at))
}

/// write(2), or pwrite(2) at `position` unless it is negative.
pub(crate) fn write_at(fd: i32, data: &[u8], position: f64) -> io::Result<usize> {
    let file = file_of(fd)?;
    if position < 0.0 {
        return (&*file).write(data);
    }
    at_position(&file, position, |file, at| file.seek_write(data, at))
}

/// A whole file's bytes, read until its writers are gone.
pub(crate) fn read_to_end(path: &str, links: Links, _waits: Waits, _guard: &Option<WaitGuard>) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    open_file(Path::new(path), libc::O_RDONLY, 0, links)?.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Writes all of `data` to the file at `path`, opened with `flags`.
pub(crate) fn write_all(path: &str, flags: i32, mode: u32, data: &[u8], links: Links, _waits: Waits, _guard: &Option<WaitGuard>) -> io::Result<()> {
    open_file(Path::new(path), flags, mode, links)?.write_all(data)
}
