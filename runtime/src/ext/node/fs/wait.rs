//! Synchronous file ops on files that wait for another process: a FIFO's open waits for the
//! other end, a read on a FIFO, pipe, socket or terminal for data, a write for room. Node
//! blocks its thread there, and so would the engine thread, where no cancel or deadline
//! reaches (a `readFileSync` of a FIFO nobody writes hung the whole host). Here such a wait
//! is a `poll(2)` on the file beside the watchdog's stop descriptor (`WaitGuard`): when the
//! job must stop, the op returns `EINTR` and the stopped script ends. Regular files never
//! wait, and keep the plain blocking calls. Windows has none of this: `wait_windows.rs`.

#[cfg(unix)]
use std::ffi::CString;
#[cfg(unix)]
use std::io;
#[cfg(unix)]
use std::os::fd::RawFd;
#[cfg(unix)]
use std::os::unix::fs::MetadataExt;

use deno_core::v8;

use crate::stop::watchdog::{running_job, WaitGuard, WatchHandle};

#[cfg(windows)]
#[path = "wait_windows.rs"]
mod windows;
#[cfg(windows)]
pub(crate) use windows::*;

/// How often an open for writing retries while a FIFO has no reader (Linux cannot poll for one).
#[cfg(unix)]
const WRITER_OPEN_RETRY_MS: i32 = 10;

/// What a file's type says about waiting.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Waits {
    /// A regular file or directory: never waits.
    Never,
    /// A FIFO: its open waits for the other end, then as `OnData`.
    OnOpen,
    /// A socket or character device (a terminal, a pipe's end): reads wait for data and
    /// writes for room. (Windows counts every file as `Never`: `wait_windows.rs`.)
    #[cfg_attr(windows, allow(dead_code))]
    OnData,
}

/// How the file `meta` describes may make an op wait.
#[cfg(unix)]
pub(crate) fn waits_of(meta: &std::fs::Metadata) -> Waits {
    waits(meta.mode() as libc::mode_t)
}

/// How descriptor `fd` may make an op wait.
#[cfg(unix)]
pub(crate) fn fd_waits(fd: RawFd) -> Waits {
    // SAFETY: an all-zero `stat` is a valid value for fstat to fill in.
    let mut st: libc::stat = unsafe { std::mem::zeroed() };
    // SAFETY: `st` is a valid, writable stat struct.
    if unsafe { libc::fstat(fd, &mut st) } != 0 {
        return Waits::Never;
    }
    waits(st.st_mode)
}

#[cfg(unix)]
fn waits(mode: libc::mode_t) -> Waits {
    match mode & libc::S_IFMT {
        libc::S_IFIFO => Waits::OnOpen,
        libc::S_IFSOCK | libc::S_IFCHR => Waits::OnData,
        _ => Waits::Never,
    }
}

/// Starts watching a wait by the job whose code is running. Without a watchdog (while the
/// start-up snapshot is built) nothing can stop it, so there is no guard.
pub(crate) fn begin(scope: &mut v8::PinScope<'_, '_>) -> Option<WaitGuard> {
    let state = deno_core::JsRuntime::op_state_from(scope);
    let watch = state.borrow().try_borrow::<WatchHandle>().cloned()?;
    Some(watch.begin_wait(running_job(scope)))
}

/// Waits until `fd` is ready for `events` (POLLIN or POLLOUT) or the guard's job must stop
/// (`EINTR`). A hang-up or error on `fd` counts as ready: the read or write then reports it.
#[cfg(unix)]
fn ready(fd: RawFd, events: libc::c_short, guard: &Option<WaitGuard>, timeout_ms: i32) -> io::Result<bool> {
    let mut fds = [
        libc::pollfd { fd, events, revents: 0 },
        libc::pollfd {
            fd: guard.as_ref().map_or(-1, WaitGuard::fd),
            events: libc::POLLIN,
            revents: 0,
        },
    ];
    loop {
        // SAFETY: `fds` is a valid array of two pollfd structs for the duration of the call.
        let n = unsafe { libc::poll(fds.as_mut_ptr(), 2, timeout_ms) };
        if n < 0 {
            let e = io::Error::last_os_error();
            if e.kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Err(e);
        }
        if fds[1].revents != 0 {
            return Err(io::Error::from_raw_os_error(libc::EINTR));
        }
        return Ok(fds[0].revents != 0);
    }
}

/// Whether an open may go through symbolic links on its way.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Links {
    Follow,
    /// The path was checked and resolved for a restricted tool: a link met now was put there
    /// since the check (to lead out of a granted root), so the open fails with `ELOOP`.
    Refuse,
}

/// `open(2)`; on a FIFO (`waits`), one that waits for the other end the way a blocking open
/// does, but stoppably.
#[cfg(unix)]
pub(crate) fn open(path: &str, flags: i32, mode: u32, links: Links, waits: Waits, guard: &Option<WaitGuard>) -> io::Result<RawFd> {
    let c = CString::new(path).map_err(|_| io::Error::from_raw_os_error(libc::EINVAL))?;
    let open = |flags: i32| {
        if links == Links::Refuse {
            use std::os::fd::IntoRawFd;
            return crate::platform::open_without_links(std::path::Path::new(path), flags, mode).map(IntoRawFd::into_raw_fd);
        }
        // SAFETY: valid C string; open(2) has no other memory requirements.
        let fd = unsafe { libc::open(c.as_ptr(), flags | libc::O_CLOEXEC, mode as libc::c_uint) };
        if fd < 0 {
            Err(io::Error::last_os_error())
        } else {
            Ok(fd)
        }
    };
    // A non-blocking open is the caller's own choice: it gets ENXIO as under Node.
    if waits != Waits::OnOpen || flags & libc::O_NONBLOCK != 0 {
        return open(flags);
    }
    let nonblocking = flags | libc::O_NONBLOCK;
    let fd = match flags & libc::O_ACCMODE {
        libc::O_WRONLY => loop {
            // Without a reader a non-blocking open for writing fails with ENXIO.
            match open(nonblocking) {
                Err(e) if e.raw_os_error() == Some(libc::ENXIO) => {
                    ready(-1, 0, guard, WRITER_OPEN_RETRY_MS)?;
                }
                other => break other?,
            }
        },
        libc::O_RDONLY => {
            let fd = open(nonblocking)?;
            // Until a writer comes (and then writes or leaves) a FIFO's read end is not ready.
            if let Err(e) = ready(fd, libc::POLLIN, guard, -1) {
                // SAFETY: `fd` was opened above and is not used after this.
                unsafe { libc::close(fd) };
                return Err(e);
            }
            fd
        }
        _ => open(flags)?,
    };
    // The descriptor blocks from here on, as one from a blocking open does.
    // SAFETY: fcntl on a descriptor this function owns.
    unsafe { libc::fcntl(fd, libc::F_SETFL, libc::fcntl(fd, libc::F_GETFL) & !libc::O_NONBLOCK) };
    Ok(fd)
}

/// Whether descriptor `fd` was opened non-blocking (its reads and writes never wait: they
/// answer EAGAIN, as under Node).
#[cfg(unix)]
fn nonblocking(fd: RawFd) -> bool {
    // SAFETY: F_GETFL on any descriptor number is memory-safe.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    flags >= 0 && flags & libc::O_NONBLOCK != 0
}

/// One read into `buffer` (at `position` unless negative) once data, an end or an error is
/// there.
#[cfg(unix)]
pub(crate) fn read(fd: RawFd, buffer: &mut [u8], position: f64, guard: &Option<WaitGuard>) -> io::Result<usize> {
    if !nonblocking(fd) {
        ready(fd, libc::POLLIN, guard, -1)?;
    }
    read_at(fd, buffer, position)
}

/// One write of at most `PIPE_BUF` bytes of `data` (at `position` unless negative) once
/// there is room: a pipe that polls writable takes that many without blocking.
#[cfg(unix)]
pub(crate) fn write(fd: RawFd, data: &[u8], position: f64, guard: &Option<WaitGuard>) -> io::Result<usize> {
    if !nonblocking(fd) {
        ready(fd, libc::POLLOUT, guard, -1)?;
    }
    write_at(fd, &data[..data.len().min(libc::PIPE_BUF)], position)
}

/// read(2), or pread(2) at `position` unless it is negative.
#[cfg(unix)]
pub(crate) fn read_at(fd: RawFd, buffer: &mut [u8], position: f64) -> io::Result<usize> {
    // SAFETY: the pointer and length describe `buffer`, which outlives the call.
    let n = unsafe {
        if position >= 0.0 {
            libc::pread(fd, buffer.as_mut_ptr().cast(), buffer.len(), position as libc::off_t)
        } else {
            libc::read(fd, buffer.as_mut_ptr().cast(), buffer.len())
        }
    };
    usize::try_from(n).map_err(|_| io::Error::last_os_error())
}

/// write(2), or pwrite(2) at `position` unless it is negative.
#[cfg(unix)]
pub(crate) fn write_at(fd: RawFd, data: &[u8], position: f64) -> io::Result<usize> {
    // SAFETY: the pointer and length describe `data`, which outlives the call.
    let n = unsafe {
        if position >= 0.0 {
            libc::pwrite(fd, data.as_ptr().cast(), data.len(), position as libc::off_t)
        } else {
            libc::write(fd, data.as_ptr().cast(), data.len())
        }
    };
    usize::try_from(n).map_err(|_| io::Error::last_os_error())
}

/// A whole file's bytes, read until its writers are gone.
#[cfg(unix)]
pub(crate) fn read_to_end(path: &str, links: Links, waits: Waits, guard: &Option<WaitGuard>) -> io::Result<Vec<u8>> {
    let fd = open(path, libc::O_RDONLY, 0, links, waits, guard)?;
    let mut bytes = Vec::new();
    let mut chunk = vec![0u8; 64 * 1024];
    let result = loop {
        match read(fd, &mut chunk, -1.0, guard) {
            Ok(0) => break Ok(()),
            Ok(n) => bytes.extend_from_slice(&chunk[..n]),
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
            Err(e) => break Err(e),
        }
    };
    // SAFETY: `fd` was opened above and is not used after this.
    unsafe { libc::close(fd) };
    result.map(|()| bytes)
}

/// Writes all of `data` to the file at `path`, opened with `flags`.
#[cfg(unix)]
pub(crate) fn write_all(path: &str, flags: i32, mode: u32, data: &[u8], links: Links, waits: Waits, guard: &Option<WaitGuard>) -> io::Result<()> {
    let fd = open(path, flags, mode, links, waits, guard)?;
    let mut written = 0;
    let result = loop {
        if written == data.len() {
            break Ok(());
        }
        match write(fd, &data[written..], -1.0, guard) {
            Ok(n) => written += n,
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
            Err(e) => break Err(e),
        }
    };
    // SAFETY: `fd` was opened above and is not used after this.
    unsafe { libc::close(fd) };
    result
}
