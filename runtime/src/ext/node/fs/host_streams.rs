//! The host's own stdin, stdout and stderr, reached through a path (`/dev/stdout`,
//! `/proc/self/fd/1`, the file stdout was redirected to). stdin carries the client's
//! requests and stdout the host's answers: a tool writing `/dev/stdout` put its text into the
//! protocol (or, with stdout redirected to a file, truncated that file), and one reading
//! `/dev/stdin` took the client's next request. As for descriptors 0-2 (`fs/mod.rs`), a tool sees
//! an empty input, and what it writes to either output goes to the host's stderr queue.
//! On Windows the streams reachable by a path are the files they were redirected to (see
//! `identities` there).

#[cfg(unix)]
use std::os::unix::fs::MetadataExt;
#[cfg(unix)]
use std::sync::OnceLock;

/// Which of the host's streams a file is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum HostStream {
    Input,
    Output,
}

impl HostStream {
    /// The descriptor a tool opening the stream gets: 0 (reads nothing) or 2 (the queue).
    pub(crate) fn fd(self) -> i32 {
        match self {
            HostStream::Input => 0,
            HostStream::Output => 2,
        }
    }
}

/// (device, inode) of descriptors 0, 1 and 2, read once; None for a descriptor that is
/// closed or is `/dev/null` (which tools may open as they please).
#[cfg(unix)]
fn identities() -> &'static [Option<(libc::dev_t, libc::ino_t)>; 3] {
    static IDENTITIES: OnceLock<[Option<(libc::dev_t, libc::ino_t)>; 3]> = OnceLock::new();
    IDENTITIES.get_or_init(|| {
        let null = std::fs::metadata("/dev/null").ok().map(|m| m.rdev() as libc::dev_t);
        [0, 1, 2].map(|fd| {
            // SAFETY: an all-zero `stat` is a valid value for fstat to fill in.
            let mut st: libc::stat = unsafe { std::mem::zeroed() };
            // SAFETY: `st` is a valid, writable stat struct.
            if unsafe { libc::fstat(fd, &mut st) } != 0 {
                return None;
            }
            let is_null = st.st_mode & libc::S_IFMT == libc::S_IFCHR && Some(st.st_rdev) == null;
            (!is_null).then_some((st.st_dev, st.st_ino))
        })
    })
}

/// Which host stream the file at `path` (following links) is, if any (see `of`).
#[cfg(unix)]
pub(crate) fn at_path(path: &str, writing: bool) -> Option<HostStream> {
    of(&std::fs::metadata(path).ok()?, writing)
}

/// Which host stream the file `meta` describes is, if any. An output wins over the input
/// when they are one file (a terminal) and the open may write.
#[cfg(unix)]
pub(crate) fn of(meta: &std::fs::Metadata, writing: bool) -> Option<HostStream> {
    // libc's types: `MetadataExt` widens them to u64 (on macOS dev_t is an i32).
    let id = Some((meta.dev() as libc::dev_t, meta.ino() as libc::ino_t));
    let [input, stdout, stderr] = identities();
    let output = id == *stdout || id == *stderr;
    stream(id == *input, output, writing)
}

/// The stream a file is, from whether it is the host's input and whether one of its outputs.
fn stream(input: bool, output: bool, writing: bool) -> Option<HostStream> {
    match (input, output) {
        (true, true) if writing => Some(HostStream::Output),
        (true, _) => Some(HostStream::Input),
        (false, true) => Some(HostStream::Output),
        (false, false) => None,
    }
}

/// Whether open `flags` may write.
pub(crate) fn writes(flags: i32) -> bool {
    flags & crate::platform::O_ACCMODE != libc::O_RDONLY
}

/// What identifies one of the host's streams on Windows: the volume and file index of the
/// file it is, and its creation time, which a `Metadata` shows too.
#[cfg(windows)]
#[derive(Clone, Copy, PartialEq, Eq)]
struct Identity {
    volume: u32,
    index: u64,
    created: u64,
}

/// The identity of the file behind `handle` if it is a file on disk. Only those: a console
/// (`CONIN$`, `CONOUT$`) is not the protocol (a client talks to the host over pipes), the
/// `NUL` device is the tools' as `/dev/null` is, and the pipes a client gives the host are
/// connected already, so no open by name reaches them (each has one instance).
#[cfg(windows)]
fn identity(handle: windows_sys::Win32::Foundation::HANDLE) -> Option<Identity> {
    use windows_sys::Win32::Storage::FileSystem::{GetFileInformationByHandle, GetFileType, BY_HANDLE_FILE_INFORMATION, FILE_TYPE_DISK};
    // SAFETY: GetFileType takes any handle value and answers FILE_TYPE_UNKNOWN for a bad one.
    if unsafe { GetFileType(handle) } != FILE_TYPE_DISK {
        return None;
    }
    // SAFETY: an all-zero BY_HANDLE_FILE_INFORMATION is a valid value for the call to fill in.
    let mut info: BY_HANDLE_FILE_INFORMATION = unsafe { std::mem::zeroed() };
    // SAFETY: a handle of this process and a live struct to fill in.
    if unsafe { GetFileInformationByHandle(handle, &mut info) } == 0 {
        return None;
    }
    let join = |high: u32, low: u32| (u64::from(high) << 32) | u64::from(low);
    Some(Identity {
        volume: info.dwVolumeSerialNumber,
        index: join(info.nFileIndexHigh, info.nFileIndexLow),
        created: join(info.ftCreationTime.dwHighDateTime, info.ftCreationTime.dwLowDateTime),
    })
}

/// The identities of descriptors 0, 1 and 2 (see `identity`), read at each call (a few cheap
/// calls, none when the three are pipes).
#[cfg(windows)]
fn identities() -> [Option<Identity>; 3] {
    super::fs_windows::descriptors_checked();
    [0, 1, 2].map(|fd| {
        // SAFETY: descriptors 0-2 always exist in the C runtime's table (-2 when not
        // associated with a stream), so this never reaches the invalid-parameter handler.
        let handle = unsafe { libc::get_osfhandle(fd) };
        if handle == -1 || handle == -2 {
            return None;
        }
        identity(handle as windows_sys::Win32::Foundation::HANDLE)
    })
}

/// Which host stream the file at `path` (following links) is, if any: opened without access
/// (only its facts are read) and compared by volume and file index.
#[cfg(windows)]
pub(crate) fn at_path(path: &str, writing: bool) -> Option<HostStream> {
    use std::os::windows::fs::OpenOptionsExt;
    use std::os::windows::io::AsRawHandle;
    let streams = identities();
    if streams.iter().all(Option::is_none) {
        return None;
    }
    let file = std::fs::OpenOptions::new()
        .access_mode(0)
        .custom_flags(windows_sys::Win32::Storage::FileSystem::FILE_FLAG_BACKUP_SEMANTICS)
        .open(path)
        .ok()?;
    let id = identity(file.as_raw_handle() as windows_sys::Win32::Foundation::HANDLE)?;
    let same = |stream: &Option<Identity>| stream.is_some_and(|s| (s.volume, s.index) == (id.volume, id.index));
    let [input, stdout, stderr] = &streams;
    stream(same(input), same(stdout) || same(stderr), writing)
}

/// Which host stream the file `meta` describes is, if any. A `Metadata` carries no volume or
/// file index on Windows that stable Rust can read, so it is compared by the one fact it
/// carries that a file keeps: its creation time. A file the host's stream was not redirected
/// to shares it only when created in the same clock tick (the shell creates the redirected
/// files before the host starts, so no tool's file does) or copied with its times kept.
/// `at_path` compares exactly; this serves callers that hold an open file's `Metadata`.
#[cfg(windows)]
pub(crate) fn of(meta: &std::fs::Metadata, writing: bool) -> Option<HostStream> {
    use std::os::windows::fs::MetadataExt;
    if !meta.is_file() {
        return None;
    }
    let created = meta.creation_time();
    let same = |stream: &Option<Identity>| stream.is_some_and(|s| s.created == created);
    let [input, stdout, stderr] = &identities();
    stream(same(input), same(stdout) || same(stderr), writing)
}
