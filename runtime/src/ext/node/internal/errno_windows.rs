//! Node's error codes on Windows (`errors.rs` is the rest). Two kinds of error number meet
//! there: the system's (`GetLastError`, `WSAGetLastError`), which std's `io::Error` carries as
//! its raw OS error, and the C runtime's `errno` (`libc::ENOENT`…), which the CRT's descriptor
//! calls set and which `from_errno` makes. This file turns a system error into the CRT errno
//! of the code Node gives it, as libuv's `uv_translate_sys_error` does (the table is written
//! here from the Windows error numbers, windows-sys's constants where it has them), keeps a
//! CRT errno inside the `io::Error` it makes so that it is never read as a system error of the
//! same number, and gives each code the number libuv defines for it on Windows (`UV_ENOENT` is
//! -4058), which Node prints as an error's `errno`.

use std::fmt;
use std::io;

use windows_sys::Win32::Foundation as win;

/// A C runtime `errno` value carried by an `io::Error` (`from_errno`, `crt_error`).
#[derive(Debug)]
struct CrtErrno(i32);

impl fmt::Display for CrtErrno {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "C runtime errno {}", self.0)
    }
}

impl std::error::Error for CrtErrno {}

/// The `io::Error` of CRT errno `errno`, of the `ErrorKind` the same error has on Unix, so
/// that callers matching a kind (`AlreadyExists`, `WouldBlock`…) see it as there.
pub(crate) fn from_errno(errno: i32) -> io::Error {
    let kind = match errno {
        libc::ENOENT => io::ErrorKind::NotFound,
        libc::EEXIST => io::ErrorKind::AlreadyExists,
        libc::EACCES | libc::EPERM => io::ErrorKind::PermissionDenied,
        libc::EINTR => io::ErrorKind::Interrupted,
        libc::EAGAIN | libc::EWOULDBLOCK => io::ErrorKind::WouldBlock,
        libc::EINVAL => io::ErrorKind::InvalidInput,
        libc::EISDIR => io::ErrorKind::IsADirectory,
        libc::ENOTDIR => io::ErrorKind::NotADirectory,
        libc::ENOTEMPTY => io::ErrorKind::DirectoryNotEmpty,
        libc::EPIPE => io::ErrorKind::BrokenPipe,
        libc::ENOSPC => io::ErrorKind::StorageFull,
        libc::EROFS => io::ErrorKind::ReadOnlyFilesystem,
        libc::ETIMEDOUT => io::ErrorKind::TimedOut,
        libc::ENOTSUP => io::ErrorKind::Unsupported,
        libc::ENOMEM => io::ErrorKind::OutOfMemory,
        _ => io::ErrorKind::Other,
    };
    io::Error::new(kind, CrtErrno(errno))
}

unsafe extern "C" {
    /// The calling thread's `errno` in the C runtime (what `errno` expands to in C).
    fn _errno() -> *mut libc::c_int;
}

/// The error a failed CRT call (`libc::close`, `libc::open`… on a descriptor) left in
/// `errno`; `io::Error::last_os_error` would read `GetLastError`, which those calls need not set.
pub(crate) fn crt_error() -> io::Error {
    // SAFETY: `_errno` answers a valid pointer to the calling thread's errno.
    from_errno(unsafe { *_errno() })
}

/// The CRT errno whose code Node gives `err`: the one it carries, or its system error
/// translated; None for an error of neither kind, or a system error Node has no code for.
pub(crate) fn errno_of(err: &io::Error) -> Option<i32> {
    if let Some(CrtErrno(errno)) = err.get_ref().and_then(|e| e.downcast_ref::<CrtErrno>()) {
        return Some(*errno);
    }
    translate(err.raw_os_error()? as u32)
}

// Winsock's numbers (windows-sys has them only with its WinSock feature): std's sockets
// report these as their raw OS errors.
const WSAEINTR: u32 = 10004;
const WSAEACCES: u32 = 10013;
const WSAEINVAL: u32 = 10022;
const WSAEMFILE: u32 = 10024;
const WSAEWOULDBLOCK: u32 = 10035;
const WSAEADDRINUSE: u32 = 10048;
const WSAECONNRESET: u32 = 10054;
const WSAETIMEDOUT: u32 = 10060;
const WSAECONNREFUSED: u32 = 10061;

/// A Windows system error as the CRT errno of Node's code for it (libuv's
/// `uv_translate_sys_error`, for the codes `errors.rs` knows). Where libuv's table and the
/// codes Node's file calls report differ, the latter win: `ERROR_DIRECTORY` (a folder was
/// expected) is `ENOTDIR`, as libuv's `rmdir` and `scandir` report it, and `ERROR_BROKEN_PIPE`,
/// libuv's end of file, is `EPIPE` (std already reads it as the end of a read).
fn translate(code: u32) -> Option<i32> {
    Some(match code {
        win::ERROR_FILE_NOT_FOUND
        | win::ERROR_PATH_NOT_FOUND
        | win::ERROR_INVALID_NAME
        | win::ERROR_INVALID_DRIVE
        | win::ERROR_BAD_PATHNAME
        | win::ERROR_BAD_NETPATH
        | win::ERROR_MOD_NOT_FOUND => libc::ENOENT,
        // libuv: a denied access is EPERM (what Node reports for a locked or read-only
        // file on Windows); a bad address or a refused file is EACCES.
        win::ERROR_ACCESS_DENIED | win::ERROR_PRIVILEGE_NOT_HELD => libc::EPERM,
        win::ERROR_NOACCESS | win::ERROR_CANT_ACCESS_FILE | win::ERROR_ELEVATION_REQUIRED | WSAEACCES => libc::EACCES,
        win::ERROR_INVALID_HANDLE | win::ERROR_INVALID_FLAGS => libc::EBADF,
        win::ERROR_ALREADY_EXISTS | win::ERROR_FILE_EXISTS => libc::EEXIST,
        win::ERROR_DIR_NOT_EMPTY => libc::ENOTEMPTY,
        win::ERROR_DIRECTORY => libc::ENOTDIR,
        // What a read or write of a folder's handle answers (libuv: EISDIR).
        win::ERROR_INVALID_FUNCTION => libc::EISDIR,
        win::ERROR_SHARING_VIOLATION | win::ERROR_LOCK_VIOLATION | win::ERROR_PIPE_BUSY => libc::EBUSY,
        win::ERROR_NOT_SAME_DEVICE => libc::EXDEV,
        win::ERROR_TOO_MANY_OPEN_FILES | WSAEMFILE => libc::EMFILE,
        win::ERROR_NOT_ENOUGH_MEMORY | win::ERROR_OUTOFMEMORY => libc::ENOMEM,
        win::ERROR_DISK_FULL | win::ERROR_HANDLE_DISK_FULL | win::ERROR_CANNOT_MAKE | win::ERROR_END_OF_MEDIA => libc::ENOSPC,
        win::ERROR_WRITE_PROTECT => libc::EROFS,
        win::ERROR_FILENAME_EXCED_RANGE => libc::ENAMETOOLONG,
        win::ERROR_INVALID_PARAMETER
        | win::ERROR_INVALID_DATA
        | win::ERROR_INSUFFICIENT_BUFFER
        | win::ERROR_NEGATIVE_SEEK
        | win::ERROR_SYMLINK_NOT_SUPPORTED
        // `readlink` of what is no link: EINVAL, as on Unix.
        | win::ERROR_NOT_A_REPARSE_POINT
        | WSAEINVAL => libc::EINVAL,
        win::ERROR_SEEK_ON_DEVICE => libc::ESPIPE,
        // A link met where none may be (`platform::open_without_links`), or too many links.
        win::ERROR_STOPPED_ON_SYMLINK | win::ERROR_CANT_RESOLVE_FILENAME => libc::ELOOP,
        win::ERROR_NOT_SUPPORTED => libc::ENOTSUP,
        win::ERROR_BROKEN_PIPE | win::ERROR_BAD_PIPE | win::ERROR_NO_DATA | win::ERROR_PIPE_NOT_CONNECTED => libc::EPIPE,
        win::ERROR_OPERATION_ABORTED | WSAEINTR => libc::EINTR,
        win::ERROR_SEM_TIMEOUT | WSAETIMEDOUT => libc::ETIMEDOUT,
        win::ERROR_IO_DEVICE
        | win::ERROR_GEN_FAILURE
        | win::ERROR_CRC
        | win::ERROR_OPEN_FAILED
        | win::ERROR_DISK_CORRUPT
        | win::ERROR_BUS_RESET
        | win::ERROR_DEVICE_DOOR_OPEN => libc::EIO,
        win::ERROR_NETNAME_DELETED | WSAECONNRESET => libc::ECONNRESET,
        win::ERROR_CONNECTION_REFUSED | WSAECONNREFUSED => libc::ECONNREFUSED,
        win::ERROR_ADDRESS_ALREADY_ASSOCIATED | WSAEADDRINUSE => libc::EADDRINUSE,
        WSAEWOULDBLOCK => libc::EAGAIN,
        _ => return None,
    })
}

/// The magnitude of the number libuv gives the code of CRT errno `errno` on Windows
/// (`uv/errno.h`: there libuv defines its own numbers, -4093 to -4024, instead of negated
/// errno values), which Node prints as an error's `errno`. ENOEXEC and ECHILD have no libuv
/// code: they keep the CRT's number.
pub(crate) fn uv_number(errno: i32) -> i32 {
    match errno {
        libc::E2BIG => 4093,
        libc::EACCES => 4092,
        libc::EADDRINUSE => 4091,
        libc::EAGAIN => 4088,
        libc::EBADF => 4083,
        libc::EBUSY => 4082,
        libc::ECONNREFUSED => 4078,
        libc::ECONNRESET => 4077,
        libc::EEXIST => 4075,
        libc::EFAULT => 4074,
        libc::EINTR => 4072,
        libc::EINVAL => 4071,
        libc::EIO => 4070,
        libc::EISDIR => 4068,
        libc::ELOOP => 4067,
        libc::EMFILE => 4066,
        libc::ENAMETOOLONG => 4064,
        libc::ENFILE => 4061,
        libc::ENODEV => 4059,
        libc::ENOENT => 4058,
        libc::ENOMEM => 4057,
        libc::ENOSPC => 4055,
        libc::ENOSYS => 4054,
        libc::ENOTDIR => 4052,
        libc::ENOTEMPTY => 4051,
        libc::ENOTSUP => 4049,
        libc::EPERM => 4048,
        libc::EPIPE => 4047,
        libc::EROFS => 4043,
        libc::ESPIPE => 4041,
        libc::ESRCH => 4040,
        libc::ETIMEDOUT => 4039,
        libc::ETXTBSY => 4038,
        libc::EXDEV => 4037,
        libc::EFBIG => 4036,
        libc::ENXIO => 4033,
        libc::EMLINK => 4032,
        libc::ENOTTY => 4029,
        other => other,
    }
}
