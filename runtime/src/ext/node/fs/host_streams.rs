//! The host's own stdin, stdout and stderr, reached through a path (`/dev/stdout`,
//! `/proc/self/fd/1`, the file stdout was redirected to). stdin carries the client's
//! requests and stdout the host's answers: a tool writing `/dev/stdout` put its text into the
//! protocol (or, with stdout redirected to a file, truncated that file), and one reading
//! `/dev/stdin` took the client's next request. As for descriptors 0-2 (`fs/mod.rs`), a tool sees
//! an empty input, and what it writes to either output goes to the host's stderr queue.

use std::os::unix::fs::MetadataExt;
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
pub(crate) fn at_path(path: &str, writing: bool) -> Option<HostStream> {
    of(&std::fs::metadata(path).ok()?, writing)
}

/// Which host stream the file `meta` describes is, if any. An output wins over the input
/// when they are one file (a terminal) and the open may write.
pub(crate) fn of(meta: &std::fs::Metadata, writing: bool) -> Option<HostStream> {
    // libc's types: `MetadataExt` widens them to u64 (on macOS dev_t is an i32).
    let id = Some((meta.dev() as libc::dev_t, meta.ino() as libc::ino_t));
    let [input, stdout, stderr] = identities();
    let output = id == *stdout || id == *stderr;
    match (id == *input, output) {
        (true, true) if writing => Some(HostStream::Output),
        (true, _) => Some(HostStream::Input),
        (false, true) => Some(HostStream::Output),
        (false, false) => None,
    }
}

/// Whether open(2) `flags` may write.
pub(crate) fn writes(flags: i32) -> bool {
    flags & libc::O_ACCMODE != libc::O_RDONLY
}
