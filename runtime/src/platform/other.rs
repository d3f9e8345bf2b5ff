//! `platform` (see mod.rs) everywhere but Linux, macOS and Windows (the BSDs and the like): the
//! fallbacks, which do nothing or know nothing. The rest of the crate does not build there yet
//! (docs/install.md, "Platforms"); these keep this module from being among the reasons.

use std::io;
use std::time::Duration;

use super::OsFacts;

/// No parent-death signal: does nothing (as on macOS; see macos.rs).
pub(crate) fn die_with_parent() -> io::Result<()> {
    Ok(())
}

/// An engine's thread. Nothing is kept: demoting it is skipped.
#[derive(Clone, Copy, Debug)]
pub(crate) struct EngineThread;

impl EngineThread {
    pub(crate) fn current() -> EngineThread {
        EngineThread
    }

    /// Skipped: a replaced engine's script keeps a normal share of the CPU until it ends.
    pub(crate) fn demote(&self) {}
}

/// Never (the caller still checks the host's own pid and group).
pub(crate) fn is_thread_of_this_process(_id: i32) -> bool {
    false
}

/// No thread CPU time: `read` answers none, and the watchdog finds a wedged engine by
/// wall-clock time alone (`WEDGED_AFTER`), not by the CPU time it spent not looking.
pub(crate) struct ThreadCpuClock;

impl ThreadCpuClock {
    pub(crate) fn of_this_thread() -> ThreadCpuClock {
        ThreadCpuClock
    }

    pub(crate) fn read(&self) -> Option<Duration> {
        None
    }
}

/// Nothing to wake: an op's wait for another process is not ended by a stop here.
#[derive(Default)]
pub(crate) struct Wakeup;

impl Wakeup {
    pub(crate) fn new() -> Wakeup {
        Wakeup
    }

    pub(crate) fn wake(&self) {}

    pub(crate) fn drain(&self) {}

    /// No descriptor: `poll(2)` ignores a negative one.
    #[cfg(unix)]
    pub(crate) fn fd(&self) -> std::os::fd::RawFd {
        -1
    }
}

/// None: the processes that carry a child mark are not looked for.
pub(crate) fn process_environments(_except: u32) -> Option<impl Iterator<Item = (u32, Vec<u8>)>> {
    None::<std::iter::Empty<(u32, Vec<u8>)>>
}

/// Nothing known: zeros and empty names.
pub(crate) fn os_facts() -> OsFacts {
    OsFacts::default()
}

// ---- Confining a restricted tool's child processes (see `crate::children::confine`) ----

/// No Landlock here.
pub(crate) fn landlock_abi() -> i32 {
    0
}

/// Never made here (`child_sandbox` answers None).
pub(crate) struct ChildSandbox;

impl ChildSandbox {
    pub(crate) fn enter(&self) -> io::Result<()> {
        Ok(())
    }

    pub(crate) fn closes_tcp(&self) -> bool {
        false
    }
}

/// None: a child cannot be confined here (the policy's `unconfinedChildren` decides whether
/// it runs anyway).
pub(crate) fn child_sandbox(_limits: &super::ChildLimits) -> io::Result<Option<ChildSandbox>> {
    Ok(None)
}

/// Opens `path` (every link in it already resolved) with open(2) `flags` and `mode`; only its
/// last component is held against a link swapped in since the check (`O_NOFOLLOW`: there is
/// no `openat2` here).
#[cfg(unix)]
pub(crate) fn open_without_links(path: &std::path::Path, flags: i32, mode: u32) -> io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    let access = flags & libc::O_ACCMODE;
    std::fs::OpenOptions::new()
        .read(access == libc::O_RDONLY || access == libc::O_RDWR)
        .write(access == libc::O_WRONLY || access == libc::O_RDWR)
        .custom_flags((flags & !libc::O_ACCMODE) | libc::O_NOFOLLOW)
        .mode(mode)
        .open(path)
}

/// Without Unix open flags, a restricted tool's opens are refused (the file ops are Unix-only
/// for now anyway).
#[cfg(not(unix))]
pub(crate) fn open_without_links(_path: &std::path::Path, _flags: i32, _mode: u32) -> io::Result<std::fs::File> {
    Err(io::Error::new(
        io::ErrorKind::Unsupported,
        "opening files under a permission policy needs a Unix system",
    ))
}
