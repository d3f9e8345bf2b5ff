//! macOS's side of `platform` (see mod.rs). macOS has no parent-death signal, no idle
//! scheduling class for another thread, no thread CPU clock ids, no eventfd and no `/proc`:
//! what stands in for each is said at each item.

use std::ffi::CStr;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::time::Duration;

use super::OsFacts;

/// For a child between fork and exec. macOS has no parent-death signal, so this does nothing:
/// a child the host started is still killed with its call, at the host's shutdown, and by the
/// child supervisor (`children::supervisor`) once the host is gone however it ended; what it
/// loses is being killed when the engine thread that spawned it ends while the host lives on
/// (a replaced engine's children are killed by the replacement's `kill_all` instead).
pub(crate) fn die_with_parent() -> io::Result<()> {
    Ok(())
}

/// An engine's thread. Nothing is kept: demoting it is skipped on macOS.
#[derive(Clone, Copy, Debug)]
pub(crate) struct EngineThread;

impl EngineThread {
    /// The calling thread.
    pub(crate) fn current() -> EngineThread {
        EngineThread
    }

    /// Skipped: macOS has no idle scheduling class (its QoS classes are set by a thread for
    /// itself, and the thread to demote is stuck in a script). A replaced engine's script
    /// keeps a normal share of the CPU until it ends.
    pub(crate) fn demote(&self) {}
}

/// Never: macOS thread ids are not in `kill(2)`'s pid space, so a pid never names one of this
/// process's threads (its own pid and group are checked by the caller).
pub(crate) fn is_thread_of_this_process(_id: i32) -> bool {
    false
}

/// A thread's CPU time, readable from any thread through its Mach thread port
/// (`thread_info(THREAD_BASIC_INFO)`: user and system time, to the microsecond).
pub(crate) struct ThreadCpuClock(libc::mach_port_t);

impl ThreadCpuClock {
    /// The calling thread's clock.
    pub(crate) fn of_this_thread() -> ThreadCpuClock {
        // SAFETY: answers the calling thread's port name; the thread holds it while it lives.
        ThreadCpuClock(unsafe { libc::pthread_mach_thread_np(libc::pthread_self()) })
    }

    /// The thread's CPU time so far; none once the thread is gone (its port is dead then).
    pub(crate) fn read(&self) -> Option<Duration> {
        // SAFETY: an all-zero thread_basic_info is a valid value for thread_info to fill in.
        let mut info: libc::thread_basic_info = unsafe { std::mem::zeroed() };
        let mut count = libc::THREAD_BASIC_INFO_COUNT;
        // SAFETY: `info` is a live thread_basic_info of `count` integers.
        let status = unsafe {
            libc::thread_info(
                self.0,
                libc::THREAD_BASIC_INFO as libc::thread_flavor_t,
                (&mut info as *mut libc::thread_basic_info).cast(),
                &mut count,
            )
        };
        if status != libc::KERN_SUCCESS {
            return None;
        }
        let time = |t: libc::time_value_t| Duration::new(t.seconds.max(0) as u64, t.microseconds.max(0) as u32 * 1000);
        Some(time(info.user_time) + time(info.system_time))
    }
}

/// A descriptor one thread makes readable to end another's `poll(2)`: the read end of a
/// non-blocking, close-on-exec pipe (macOS has no eventfd).
pub(crate) struct Wakeup {
    read: OwnedFd,
    write: OwnedFd,
}

impl Default for Wakeup {
    fn default() -> Self {
        Self::new()
    }
}

impl Wakeup {
    pub(crate) fn new() -> Wakeup {
        let mut fds = [0; 2];
        // SAFETY: pipe(2) writes two descriptors into a live array of two.
        assert!(unsafe { libc::pipe(fds.as_mut_ptr()) } == 0, "pipe: {}", io::Error::last_os_error());
        for fd in fds {
            // SAFETY: fcntl on descriptors just created and owned here.
            unsafe {
                libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC);
                libc::fcntl(fd, libc::F_SETFL, libc::fcntl(fd, libc::F_GETFL) | libc::O_NONBLOCK);
            }
        }
        // SAFETY: both descriptors were just created and nothing else owns them.
        unsafe {
            Wakeup {
                read: OwnedFd::from_raw_fd(fds[0]),
                write: OwnedFd::from_raw_fd(fds[1]),
            }
        }
    }

    /// Makes the descriptor readable (until `drain`). A full pipe is readable already.
    pub(crate) fn wake(&self) {
        // SAFETY: writes one byte from a live buffer.
        unsafe { libc::write(self.write.as_raw_fd(), b"1".as_ptr().cast(), 1) };
    }

    /// Makes it unreadable again: reads what was written (non-blocking, so this never waits).
    pub(crate) fn drain(&self) {
        let mut buffer = [0u8; 64];
        // SAFETY: reads into a live buffer of the stated size.
        while unsafe { libc::read(self.read.as_raw_fd(), buffer.as_mut_ptr().cast(), buffer.len()) } > 0 {}
    }

    /// The descriptor to poll for reading.
    pub(crate) fn fd(&self) -> RawFd {
        self.read.as_raw_fd()
    }
}

/// None: macOS has no `/proc`, so the processes that carry a child mark are not looked for
/// (the children's process groups are still killed; a descendant that left its group, a
/// `setsid` grandchild or a daemon, is not).
pub(crate) fn process_environments(_except: u32) -> Option<impl Iterator<Item = (u32, Vec<u8>)>> {
    None::<std::iter::Empty<(u32, Vec<u8>)>>
}

/// A `sysctl` value of type `T` by name; None when it cannot be read.
fn sysctl<T: Copy>(name: &CStr) -> Option<T> {
    let mut value = std::mem::MaybeUninit::<T>::uninit();
    let mut size = std::mem::size_of::<T>();
    // SAFETY: `value` has room for `size` bytes; no new value is set.
    let rc = unsafe { libc::sysctlbyname(name.as_ptr(), value.as_mut_ptr().cast(), &mut size, std::ptr::null_mut(), 0) };
    // SAFETY: sysctlbyname succeeded and wrote all of a `T`.
    (rc == 0 && size == std::mem::size_of::<T>()).then(|| unsafe { value.assume_init() })
}

/// Host name, kernel release, memory, uptime and load, the way libuv (Node) reads them on
/// macOS: `gethostname`, `uname`, `sysctl` (hw.memsize, vm.page_free_count, kern.boottime)
/// and `getloadavg`.
pub(crate) fn os_facts() -> OsFacts {
    let mut name = [0 as libc::c_char; 256];
    // SAFETY: gethostname writes at most `len` bytes into a live buffer.
    let hostname = if unsafe { libc::gethostname(name.as_mut_ptr(), name.len() - 1) } == 0 {
        // SAFETY: NUL-terminated within the buffer (its last byte is never written).
        unsafe { CStr::from_ptr(name.as_ptr()) }.to_string_lossy().into_owned()
    } else {
        String::new()
    };
    // SAFETY: an all-zero utsname is a valid value for uname to fill in.
    let mut uts: libc::utsname = unsafe { std::mem::zeroed() };
    // SAFETY: uname fills a live utsname with NUL-terminated strings.
    let release = if unsafe { libc::uname(&mut uts) } == 0 {
        // SAFETY: as above.
        unsafe { CStr::from_ptr(uts.release.as_ptr()) }.to_string_lossy().into_owned()
    } else {
        String::new()
    };
    // SAFETY: sysconf takes no pointers.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) }.max(0) as f64;
    let uptime = sysctl::<libc::timeval>(c"kern.boottime").map_or(0.0, |boot| {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        (now.as_secs_f64() - boot.tv_sec as f64 - boot.tv_usec as f64 / 1e6).max(0.0)
    });
    let mut load = [0f64; 3];
    // SAFETY: getloadavg writes at most 3 doubles into a live array of 3.
    if unsafe { libc::getloadavg(load.as_mut_ptr(), 3) } != 3 {
        load = [0.0; 3];
    }
    OsFacts {
        hostname,
        release,
        total_memory: sysctl::<u64>(c"hw.memsize").unwrap_or(0) as f64,
        free_memory: sysctl::<u32>(c"vm.page_free_count").unwrap_or(0) as f64 * page,
        uptime,
        load_average: load,
    }
}

// ---- Confining a restricted tool's child processes (see `crate::children::confine`) ----

/// No Landlock here: the kernel offers nothing the host uses to confine a child.
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
