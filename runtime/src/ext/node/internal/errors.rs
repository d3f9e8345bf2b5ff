//! Node-style system-call errors: `ENOENT: no such file or directory, open '/x'` (the text,
//! and `SystemError`, the error the file-system ops fail with), plus the errno and signal
//! number tables behind `os.constants`. The JavaScript side reads the code back from the
//! message prefix and sets `code`, `errno`, `syscall` and `path` on the error.

use std::io;

use deno_core::op2;

#[cfg(windows)]
#[path = "errno_windows.rs"]
mod errno_windows;
#[cfg(windows)]
pub(crate) use errno_windows::crt_error;

/// (errno, code, libuv's description) for the errors tools are likely to meet. On Windows
/// the errno is the C runtime's (`errno_windows` translates the system's errors to it).
const ERRNOS: &[(i32, &str, &str)] = &[
    (libc::EPERM, "EPERM", "operation not permitted"),
    (libc::ENOENT, "ENOENT", "no such file or directory"),
    (libc::ESRCH, "ESRCH", "no such process"),
    (libc::EINTR, "EINTR", "interrupted system call"),
    (libc::EIO, "EIO", "i/o error"),
    (libc::ENXIO, "ENXIO", "no such device or address"),
    (libc::E2BIG, "E2BIG", "argument list too long"),
    (libc::ENOEXEC, "ENOEXEC", "exec format error"),
    (libc::EBADF, "EBADF", "bad file descriptor"),
    (libc::ECHILD, "ECHILD", "no child processes"),
    (libc::EAGAIN, "EAGAIN", "resource temporarily unavailable"),
    (libc::ENOMEM, "ENOMEM", "not enough memory"),
    (libc::EACCES, "EACCES", "permission denied"),
    (libc::EFAULT, "EFAULT", "bad address in system call argument"),
    (libc::EBUSY, "EBUSY", "resource busy or locked"),
    (libc::EEXIST, "EEXIST", "file already exists"),
    (libc::EXDEV, "EXDEV", "cross-device link not permitted"),
    (libc::ENODEV, "ENODEV", "no such device"),
    (libc::ENOTDIR, "ENOTDIR", "not a directory"),
    (libc::EISDIR, "EISDIR", "illegal operation on a directory"),
    (libc::EINVAL, "EINVAL", "invalid argument"),
    (libc::ENFILE, "ENFILE", "file table overflow"),
    (libc::EMFILE, "EMFILE", "too many open files"),
    (libc::ENOTTY, "ENOTTY", "inappropriate ioctl for device"),
    (libc::ETXTBSY, "ETXTBSY", "text file is busy"),
    (libc::EFBIG, "EFBIG", "file too large"),
    (libc::ENOSPC, "ENOSPC", "no space left on device"),
    (libc::ESPIPE, "ESPIPE", "invalid seek"),
    (libc::EROFS, "EROFS", "read-only file system"),
    (libc::EMLINK, "EMLINK", "too many links"),
    (libc::EPIPE, "EPIPE", "broken pipe"),
    (libc::ENAMETOOLONG, "ENAMETOOLONG", "name too long"),
    (libc::ENOSYS, "ENOSYS", "function not implemented"),
    (libc::ENOTEMPTY, "ENOTEMPTY", "directory not empty"),
    (libc::ELOOP, "ELOOP", "too many symbolic links encountered"),
    (libc::ENOTSUP, "ENOTSUP", "operation not supported on socket"),
    (libc::ETIMEDOUT, "ETIMEDOUT", "connection timed out"),
    (libc::ECONNREFUSED, "ECONNREFUSED", "connection refused"),
    (libc::ECONNRESET, "ECONNRESET", "connection reset by peer"),
    (libc::EADDRINUSE, "EADDRINUSE", "address already in use"),
];

/// (signal number, name) for `os.constants.signals` and `kill(signal)`.
#[cfg(unix)]
const SIGNALS: &[(i32, &str)] = &[
    (libc::SIGHUP, "SIGHUP"),
    (libc::SIGINT, "SIGINT"),
    (libc::SIGQUIT, "SIGQUIT"),
    (libc::SIGILL, "SIGILL"),
    (libc::SIGTRAP, "SIGTRAP"),
    (libc::SIGABRT, "SIGABRT"),
    (libc::SIGIOT, "SIGIOT"),
    (libc::SIGBUS, "SIGBUS"),
    (libc::SIGFPE, "SIGFPE"),
    (libc::SIGKILL, "SIGKILL"),
    (libc::SIGUSR1, "SIGUSR1"),
    (libc::SIGSEGV, "SIGSEGV"),
    (libc::SIGUSR2, "SIGUSR2"),
    (libc::SIGPIPE, "SIGPIPE"),
    (libc::SIGALRM, "SIGALRM"),
    (libc::SIGTERM, "SIGTERM"),
    (libc::SIGCHLD, "SIGCHLD"),
    (libc::SIGCONT, "SIGCONT"),
    (libc::SIGSTOP, "SIGSTOP"),
    (libc::SIGTSTP, "SIGTSTP"),
    (libc::SIGTTIN, "SIGTTIN"),
    (libc::SIGTTOU, "SIGTTOU"),
    (libc::SIGURG, "SIGURG"),
    (libc::SIGXCPU, "SIGXCPU"),
    (libc::SIGXFSZ, "SIGXFSZ"),
    (libc::SIGVTALRM, "SIGVTALRM"),
    (libc::SIGPROF, "SIGPROF"),
    (libc::SIGWINCH, "SIGWINCH"),
    (libc::SIGIO, "SIGIO"),
    (libc::SIGSYS, "SIGSYS"),
];

/// Windows's signals, as Node lists them there (libuv's numbers: the C runtime's, and
/// SIGHUP 1, SIGKILL 9, SIGBREAK 21 and SIGWINCH 28, which libuv adds). Windows delivers none
/// of them to another process: `kill` with any but 0 ends the process (`platform::end_process`).
#[cfg(windows)]
const SIGNALS: &[(i32, &str)] = &[
    (1, "SIGHUP"),
    (libc::SIGINT, "SIGINT"),
    (libc::SIGILL, "SIGILL"),
    (libc::SIGABRT, "SIGABRT"),
    (libc::SIGFPE, "SIGFPE"),
    (9, "SIGKILL"),
    (libc::SIGSEGV, "SIGSEGV"),
    (libc::SIGTERM, "SIGTERM"),
    (21, "SIGBREAK"),
    (28, "SIGWINCH"),
];

/// The name of signal `number` (`SIGTERM`…), if known.
pub(crate) fn signal_name(number: i32) -> Option<&'static str> {
    SIGNALS.iter().find(|(n, _)| *n == number).map(|(_, name)| *name)
}

/// The number of signal `name` (`SIGTERM`…, or a number as text), if known.
pub(crate) fn signal_number(name: &str) -> Option<i32> {
    SIGNALS
        .iter()
        .find(|(_, n)| *n == name)
        .map(|(number, _)| *number)
        .or_else(|| name.parse().ok())
}

/// `CODE: description` for an I/O error, as libuv words it.
pub(crate) fn describe(err: &io::Error) -> String {
    match errno_of(err).and_then(|n| ERRNOS.iter().find(|(e, _, _)| *e == n)) {
        Some((_, code, text)) => format!("{code}: {text}"),
        None => match err.raw_os_error() {
            Some(n) => format!("UNKNOWN: unknown error {n}"),
            None => format!("EIO: {err}"),
        },
    }
}

/// The errno `err` stands for: its raw OS error.
#[cfg(unix)]
fn errno_of(err: &io::Error) -> Option<i32> {
    err.raw_os_error()
}

/// The errno `err` stands for: the C runtime's it carries, or its system error translated.
#[cfg(windows)]
use errno_windows::errno_of;

/// The message Node gives a failed `syscall` on `path` (and `dest` for two-path calls).
pub(crate) fn message(err: &io::Error, syscall: &str, path: Option<&str>, dest: Option<&str>) -> String {
    let mut text = format!("{}, {syscall}", describe(err));
    if let Some(path) = path {
        text.push_str(&format!(" '{path}'"));
    }
    if let Some(dest) = dest {
        text.push_str(&format!(" -> '{dest}'"));
    }
    text
}

/// A Node system error: a failed system call, or one of Node's own checks that Node reports
/// with a code in front as well. Class `Error`; the JavaScript side decorates it from the text.
#[derive(Debug, thiserror::Error, deno_error::JsError)]
pub(crate) enum SystemError {
    /// `syscall` failed on `path` (and `dest`, for the calls that take two paths), in the
    /// words of `message`.
    #[class(generic)]
    #[error("{}", message(.err, .syscall, .path.as_deref(), .dest.as_deref()))]
    Syscall {
        err: io::Error,
        syscall: &'static str,
        path: Option<String>,
        dest: Option<String>,
    },
    /// `rm` of a directory without `recursive` (Node's `ERR_FS_EISDIR`, which names no errno).
    #[class(generic)]
    #[error("ERR_FS_EISDIR: Path is a directory: rm returned EISDIR (is a directory) {path}")]
    RmDirectory { path: String },
}

/// The error of a failed system call: `err` from `syscall` on `path` (and `dest`).
pub(crate) fn syscall_error(err: io::Error, syscall: &'static str, path: Option<&str>, dest: Option<&str>) -> SystemError {
    SystemError::Syscall {
        err,
        syscall,
        path: path.map(str::to_string),
        dest: dest.map(str::to_string),
    }
}

/// The error number an `io::Error` stands for (`errno`), as `io::Error`.
#[cfg(unix)]
pub(crate) fn from_errno(errno: i32) -> io::Error {
    io::Error::from_raw_os_error(errno)
}

/// The error of C runtime errno `errno` (`libc::ENOENT`…), as `io::Error`: a system error of
/// the same number would mean something else on Windows (2 is `ERROR_FILE_NOT_FOUND`, but 17
/// is `ERROR_NOT_SAME_DEVICE`, not EEXIST), so the errno is carried inside instead.
#[cfg(windows)]
pub(crate) use errno_windows::from_errno;

/// The number Node gives errno `n` (negated, as an error's `errno`): `n` itself on Unix.
#[cfg(unix)]
fn node_errno(n: i32) -> i32 {
    n
}

/// The number Node gives CRT errno `n` on Windows (negated, as an error's `errno`): libuv's
/// own (`UV_ENOENT` is -4058). `os.constants.errno` shows these too, where Node shows the
/// C runtime's numbers (ENOENT 2): the JavaScript side reads both from this one table.
#[cfg(windows)]
use errno_windows::uv_number as node_errno;

#[derive(serde::Serialize)]
pub(crate) struct ErrorTables {
    /// code → errno (positive, as in `os.constants.errno`).
    errno: Vec<(&'static str, i32)>,
    /// name → signal number.
    signals: Vec<(&'static str, i32)>,
}

/// The errno and signal tables, for `os.constants` and error decoration in JavaScript.
#[op2]
#[serde]
pub(crate) fn op_node_error_tables() -> ErrorTables {
    ErrorTables {
        errno: ERRNOS.iter().map(|(n, code, _)| (*code, node_errno(*n))).collect(),
        signals: SIGNALS.iter().map(|(n, name)| (*name, *n)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use deno_error::JsErrorClass;

    use super::*;

    #[test]
    fn formats_like_node() {
        let err = from_errno(libc::ENOENT);
        assert_eq!(message(&err, "open", Some("/x"), None), "ENOENT: no such file or directory, open '/x'");
        let err = from_errno(libc::EEXIST);
        assert_eq!(
            message(&err, "rename", Some("/a"), Some("/b")),
            "EEXIST: file already exists, rename '/a' -> '/b'"
        );
        // As a JavaScript error: class `Error`, the same text.
        let err = syscall_error(from_errno(libc::ENOENT), "open", Some("/x"), None);
        assert_eq!(err.get_class(), "Error");
        assert_eq!(err.get_message(), "ENOENT: no such file or directory, open '/x'");
        let err = SystemError::RmDirectory { path: "/d".into() };
        assert_eq!(err.get_class(), "Error");
        assert_eq!(err.get_message(), "ERR_FS_EISDIR: Path is a directory: rm returned EISDIR (is a directory) /d");
    }

    #[test]
    #[cfg(unix)]
    fn names_signals() {
        assert_eq!(signal_name(libc::SIGTERM), Some("SIGTERM"));
        assert_eq!(signal_name(libc::SIGKILL), Some("SIGKILL"));
        assert_eq!(signal_number("SIGTERM"), Some(libc::SIGTERM));
        assert_eq!(signal_number("64"), Some(64));
    }
}
