//! Linux's side of `platform` (see mod.rs): the parent-death signal, the idle scheduling
//! class, thread CPU clocks, eventfd and `/proc`.

use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::time::Duration;

use super::OsFacts;

/// For a child between fork and exec: SIGKILL when the *thread* that spawned it ends (Linux
/// sends the parent-death signal then, not when the process does). Async-signal-safe.
pub(crate) fn die_with_parent() -> io::Result<()> {
    // SAFETY: prctl is async-signal-safe and takes no pointers here.
    if unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// An engine's thread, by its kernel thread id.
#[derive(Clone, Copy, Debug)]
pub(crate) struct EngineThread(libc::pid_t);

impl EngineThread {
    /// The calling thread.
    pub(crate) fn current() -> EngineThread {
        // SAFETY: gettid cannot fail.
        EngineThread(unsafe { libc::gettid() })
    }

    /// Puts the thread in the idle scheduling class (SCHED_IDLE): it runs only when no other
    /// thread of the machine wants the CPU.
    pub(crate) fn demote(&self) {
        // Only while the id is still one of this process's threads: once the engine thread
        // has ended, its id may name another process's thread.
        if !is_thread_of_this_process(self.0) {
            return;
        }
        let param = libc::sched_param { sched_priority: 0 };
        // SAFETY: `param` is a valid sched_param; a thread id that no longer exists only
        // makes the call fail (the thread already ended), which is fine.
        let _ = unsafe { libc::sched_setscheduler(self.0, libc::SCHED_IDLE, &param) };
    }
}

/// Whether `id` (a positive `kill(2)` pid) names one of this process's threads: Linux
/// delivers a signal sent to a thread's id to the whole process.
pub(crate) fn is_thread_of_this_process(id: i32) -> bool {
    id > 0 && std::path::Path::new(&format!("/proc/self/task/{id}")).exists()
}

/// A thread's CPU time, readable from any thread through its POSIX CPU clock.
pub(crate) struct ThreadCpuClock(Option<libc::clockid_t>);

impl ThreadCpuClock {
    /// The calling thread's clock.
    pub(crate) fn of_this_thread() -> ThreadCpuClock {
        let mut clock: libc::clockid_t = 0;
        // SAFETY: asks for the calling thread's CPU clock id, written to a live clockid_t.
        let found = unsafe { libc::pthread_getcpuclockid(libc::pthread_self(), &mut clock) } == 0;
        ThreadCpuClock(found.then_some(clock))
    }

    /// The thread's CPU time so far; none once the thread is gone.
    pub(crate) fn read(&self) -> Option<Duration> {
        let clock = self.0?;
        let mut time = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: clock_gettime writes to a live timespec.
        let read = unsafe { libc::clock_gettime(clock, &mut time) } == 0;
        read.then(|| Duration::new(time.tv_sec as u64, time.tv_nsec as u32))
    }
}

/// A descriptor one thread makes readable to end another's `poll(2)`: a non-blocking,
/// close-on-exec eventfd.
pub(crate) struct Wakeup(OwnedFd);

impl Default for Wakeup {
    fn default() -> Self {
        Self::new()
    }
}

impl Wakeup {
    pub(crate) fn new() -> Wakeup {
        // SAFETY: eventfd(2) with valid flags; the descriptor it returns is owned from here on.
        let fd = unsafe { libc::eventfd(0, libc::EFD_CLOEXEC | libc::EFD_NONBLOCK) };
        assert!(fd >= 0, "eventfd: {}", std::io::Error::last_os_error());
        // SAFETY: `fd` was just created and nothing else owns it.
        Wakeup(unsafe { OwnedFd::from_raw_fd(fd) })
    }

    /// Makes the descriptor readable (until `drain`).
    pub(crate) fn wake(&self) {
        let one: u64 = 1;
        // SAFETY: writes 8 bytes from a live u64 to the eventfd, as eventfd(2) requires.
        unsafe { libc::write(self.0.as_raw_fd(), (&one as *const u64).cast(), 8) };
    }

    /// Makes it unreadable again (it is non-blocking, so this never waits).
    pub(crate) fn drain(&self) {
        let mut count: u64 = 0;
        // SAFETY: reads 8 bytes into a live u64, as eventfd(2) requires.
        unsafe { libc::read(self.0.as_raw_fd(), (&mut count as *mut u64).cast(), 8) };
    }

    /// The descriptor to poll for reading.
    pub(crate) fn fd(&self) -> RawFd {
        self.0.as_raw_fd()
    }
}

/// Every process's pid and environment (NUL-separated `KEY=VALUE`s) but `except`'s, read from
/// `/proc/<pid>/environ`; processes whose environment cannot be read (another user's, or
/// gone) are left out. None where the processes cannot be listed.
pub(crate) fn process_environments(except: u32) -> Option<impl Iterator<Item = (u32, Vec<u8>)>> {
    let entries = std::fs::read_dir("/proc").ok()?;
    Some(entries.flatten().filter_map(move |entry| {
        let pid = entry.file_name().to_str()?.parse::<u32>().ok()?;
        if pid == except {
            return None;
        }
        let environ = std::fs::read(entry.path().join("environ")).ok()?;
        Some((pid, environ))
    }))
}

fn read_trimmed(path: &str) -> String {
    std::fs::read_to_string(path).map(|s| s.trim().to_string()).unwrap_or_default()
}

/// `/proc/meminfo` field in bytes.
fn meminfo_bytes(field: &str) -> f64 {
    read_trimmed("/proc/meminfo")
        .lines()
        .find_map(|l| l.strip_prefix(field)?.trim_start_matches(':').split_whitespace().next()?.parse::<f64>().ok())
        .map(|kib| kib * 1024.0)
        .unwrap_or(0.0)
}

/// Host name, kernel release, memory, uptime and load, from `/proc`.
pub(crate) fn os_facts() -> OsFacts {
    let load: Vec<f64> = read_trimmed("/proc/loadavg")
        .split_whitespace()
        .take(3)
        .filter_map(|v| v.parse().ok())
        .collect();
    OsFacts {
        hostname: read_trimmed("/proc/sys/kernel/hostname"),
        release: read_trimmed("/proc/sys/kernel/osrelease"),
        total_memory: meminfo_bytes("MemTotal"),
        free_memory: meminfo_bytes("MemAvailable"),
        uptime: read_trimmed("/proc/uptime")
            .split_whitespace()
            .next()
            .and_then(|v| v.parse().ok())
            .unwrap_or(0.0),
        load_average: [
            load.first().copied().unwrap_or(0.0),
            load.get(1).copied().unwrap_or(0.0),
            load.get(2).copied().unwrap_or(0.0),
        ],
    }
}

// ---- Confining a restricted tool's child processes: Landlock (see `crate::children::confine`) ----

/// The Landlock ABI version the kernel offers; 0 when it has none (too old, or Landlock is
/// not enabled at boot). Asked once: it does not change while the host runs.
pub(crate) fn landlock_abi() -> i32 {
    static ABI: std::sync::OnceLock<i32> = std::sync::OnceLock::new();
    *ABI.get_or_init(|| {
        const LANDLOCK_CREATE_RULESET_VERSION: libc::c_uint = 1;
        // SAFETY: with a null attribute, size 0 and the VERSION flag the call only answers the
        // ABI version; it touches no memory.
        let abi = unsafe {
            libc::syscall(
                libc::SYS_landlock_create_ruleset,
                std::ptr::null::<libc::c_void>(),
                0usize,
                LANDLOCK_CREATE_RULESET_VERSION,
            )
        };
        abi.max(0) as i32
    })
}

/// The Landlock ABI the rules are written for (the newest one they were tested on): a kernel
/// with an older one gets the subset it knows, as the `landlock` crate's best effort does.
const LANDLOCK_TARGET: landlock::ABI = landlock::ABI::V7;

/// What any program needs to start and run: its files and libraries, the system's settings,
/// and a few devices (read and run).
const SYSTEM_READ: &[&str] = &["/usr", "/bin", "/sbin", "/etc", "/dev/urandom", "/dev/random", "/dev/zero"];

/// A Landlock ruleset made in the host for one child and entered by the child between fork
/// and exec (`enter`), so that the program it runs, and everything that program starts,
/// reaches only what the ruleset allows.
pub(crate) struct ChildSandbox {
    ruleset: OwnedFd,
    /// Whether file access is confined (then the child's own `/proc/self` is added).
    files: bool,
    /// Whether TCP is closed to the child.
    tcp_closed: bool,
}

impl ChildSandbox {
    /// Whether the child is kept off TCP (asked for, and the kernel can: Landlock ABI 4).
    pub(crate) fn closes_tcp(&self) -> bool {
        self.tcp_closed
    }

    /// Confines the calling process: for the child between fork and exec. Only system calls
    /// (async-signal-safe, no allocation). The ruleset was made for this child alone, so
    /// adding its `/proc/self` to it (which the host could not name: the host's own
    /// `/proc/self` is the host) changes no other child's.
    pub(crate) fn enter(&self) -> io::Result<()> {
        let ruleset = self.ruleset.as_raw_fd();
        if self.files {
            // SAFETY: a NUL-terminated literal; O_PATH opens nothing for reading.
            let proc_self = unsafe { libc::open(c"/proc/self".as_ptr(), libc::O_PATH | libc::O_CLOEXEC | libc::O_DIRECTORY) };
            if proc_self >= 0 {
                // LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR.
                let rule = LandlockPathBeneath {
                    allowed_access: (1 << 2) | (1 << 3),
                    parent_fd: proc_self,
                };
                const LANDLOCK_RULE_PATH_BENEATH: libc::c_int = 1;
                // SAFETY: `rule` is a live landlock_path_beneath_attr; the ruleset fd is ours.
                // A failure leaves the child without its /proc/self, which is safe.
                unsafe {
                    libc::syscall(
                        libc::SYS_landlock_add_rule,
                        ruleset,
                        LANDLOCK_RULE_PATH_BENEATH,
                        &rule as *const LandlockPathBeneath,
                        0,
                    );
                    libc::close(proc_self);
                }
            }
        }
        // No new privileges (a set-user-ID program could otherwise leave the sandbox), which
        // Landlock requires of an unprivileged process.
        // SAFETY: prctl takes no pointers here.
        if unsafe { libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) } != 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: the ruleset fd is valid for this process; flags 0.
        if unsafe { libc::syscall(libc::SYS_landlock_restrict_self, ruleset, 0) } != 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(())
    }
}

/// `struct landlock_path_beneath_attr` (packed, as the kernel declares it).
#[repr(C, packed)]
struct LandlockPathBeneath {
    allowed_access: u64,
    parent_fd: i32,
}

/// The sandbox a child with `limits` enters; None when this kernel has no Landlock. TCP is
/// closed only from Landlock ABI 4 (Linux 6.7; `closes_tcp` says whether it is), files from
/// ABI 1. Besides the limits' files, the child may read and run the system's programs, libraries
/// and settings (`SYSTEM_READ`, `/lib*`), read and write `/dev/null`, and read its own
/// `/proc/self`; it may not signal processes outside its sandbox nor reach abstract unix
/// sockets made outside it (where the kernel has Landlock's scopes, ABI 6).
pub(crate) fn child_sandbox(limits: &super::ChildLimits) -> io::Result<Option<ChildSandbox>> {
    use landlock::{path_beneath_rules, Access, AccessFs, AccessNet, Ruleset, RulesetAttr, RulesetCreatedAttr, Scope};
    use std::path::PathBuf;
    let abi = landlock_abi();
    if abi < 1 {
        return Ok(None);
    }
    let files = limits.read.is_some() || limits.write.is_some();
    let tcp_closed = limits.deny_tcp && abi >= 4;
    let error = |e: landlock::RulesetError| io::Error::other(format!("Landlock: {e}"));
    let mut ruleset = Ruleset::default();
    if files {
        ruleset = ruleset.handle_access(AccessFs::from_all(LANDLOCK_TARGET)).map_err(error)?;
    }
    if tcp_closed {
        ruleset = ruleset.handle_access(AccessNet::from_all(LANDLOCK_TARGET)).map_err(error)?;
    }
    if abi >= 6 {
        ruleset = ruleset.scope(Scope::from_all(LANDLOCK_TARGET)).map_err(error)?;
    }
    let mut created = ruleset.create().map_err(error)?;
    if files {
        let read = AccessFs::from_read(LANDLOCK_TARGET);
        let write = AccessFs::from_write(LANDLOCK_TARGET);
        let everything = vec![PathBuf::from("/")];
        let mut system: Vec<PathBuf> = SYSTEM_READ.iter().map(PathBuf::from).collect();
        // /lib, /lib32, /lib64, /libx32: whichever this system has.
        if let Ok(root) = std::fs::read_dir("/") {
            system.extend(root.flatten().filter(|e| e.file_name().to_string_lossy().starts_with("lib")).map(|e| e.path()));
        }
        // A path that does not exist is left out by `path_beneath_rules`.
        created = created
            .add_rules(path_beneath_rules(limits.read.as_ref().unwrap_or(&everything), read))
            .and_then(|c| c.add_rules(path_beneath_rules(limits.write.as_ref().unwrap_or(&everything), write)))
            .and_then(|c| c.add_rules(path_beneath_rules(&system, read)))
            .and_then(|c| c.add_rules(path_beneath_rules(["/dev/null"], read | write)))
            .map_err(error)?;
    }
    let ruleset: Option<OwnedFd> = created.into();
    Ok(ruleset.map(|ruleset| ChildSandbox { ruleset, files, tcp_closed }))
}

/// Opens `path` (absolute, every link in it already resolved) with open(2) `flags` and
/// `mode`, failing with ELOOP if any component is a link now: a link swapped in between a
/// permission check and the open cannot lead the open elsewhere (`openat2` with
/// `RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS`, Linux 5.6; before it, only the last
/// component is held, with `O_NOFOLLOW`).
pub(crate) fn open_without_links(path: &std::path::Path, flags: i32, mode: u32) -> io::Result<std::fs::File> {
    use std::os::unix::ffi::OsStrExt;
    let c_path = std::ffi::CString::new(path.as_os_str().as_bytes()).map_err(|_| io::Error::from_raw_os_error(libc::EINVAL))?;
    let flags = flags | libc::O_CLOEXEC;
    let mut how: libc::open_how = unsafe { std::mem::zeroed() };
    how.flags = flags as u64;
    how.mode = if flags & (libc::O_CREAT | libc::O_TMPFILE) != 0 { u64::from(mode) } else { 0 };
    how.resolve = libc::RESOLVE_NO_SYMLINKS | libc::RESOLVE_NO_MAGICLINKS;
    // SAFETY: a valid NUL-terminated path and an `open_how` of the size passed.
    let fd = unsafe {
        libc::syscall(
            libc::SYS_openat2,
            libc::AT_FDCWD,
            c_path.as_ptr(),
            &how as *const libc::open_how,
            std::mem::size_of::<libc::open_how>(),
        )
    };
    let fd = if fd < 0 && io::Error::last_os_error().raw_os_error() == Some(libc::ENOSYS) {
        // SAFETY: as above, for open(2).
        unsafe { libc::open(c_path.as_ptr(), flags | libc::O_NOFOLLOW, mode as libc::c_uint) as libc::c_long }
    } else {
        fd
    };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: a descriptor the kernel just opened for us, owned from here on.
    Ok(unsafe { std::fs::File::from_raw_fd(fd as RawFd) })
}
