//! Windows's side of `platform` (see mod.rs). Windows has no signals, no parent-death signal,
//! no process groups that `kill` reaches and no `/proc`: a child's tree is held in a job object
//! instead (`crate::children::windows`), a thread is demoted by its priority, its CPU time is
//! read with `GetThreadTimes`, and the machine's facts come from the system's own calls. Besides
//! the items every platform has, this file holds the few process calls the rest of the crate
//! needs on Windows in place of `kill(2)` and `getppid(2)` (`end_process`, `parent_pid`).

use std::io;
use std::os::windows::io::{AsRawHandle, FromRawHandle, OwnedHandle, RawHandle};
use std::time::Duration;

use windows_sys::Win32::Foundation::{ERROR_ACCESS_DENIED, ERROR_INVALID_PARAMETER, FILETIME, HANDLE, INVALID_HANDLE_VALUE, STILL_ACTIVE};
use windows_sys::Win32::System::Diagnostics::ToolHelp::{
    CreateToolhelp32Snapshot, Process32FirstW, Process32NextW, Thread32First, Thread32Next, PROCESSENTRY32W, TH32CS_SNAPPROCESS, TH32CS_SNAPTHREAD,
    THREADENTRY32,
};
use windows_sys::Win32::System::Threading::{
    GetCurrentProcessId, GetCurrentThreadId, GetExitCodeProcess, GetProcessIdOfThread, GetThreadTimes, OpenProcess, OpenThread, ResumeThread,
    SetThreadPriority, TerminateProcess, PROCESS_QUERY_LIMITED_INFORMATION, PROCESS_TERMINATE, THREAD_PRIORITY_IDLE, THREAD_QUERY_LIMITED_INFORMATION,
    THREAD_SET_LIMITED_INFORMATION, THREAD_SUSPEND_RESUME,
};

use super::OsFacts;

/// Takes ownership of a handle a Windows call answered; None for a failure (null, or
/// `INVALID_HANDLE_VALUE` for the calls that answer that).
pub(crate) fn owned(handle: HANDLE) -> Option<OwnedHandle> {
    if handle.is_null() || handle == INVALID_HANDLE_VALUE {
        return None;
    }
    // SAFETY: a handle the system just opened for us, owned from here on.
    Some(unsafe { OwnedHandle::from_raw_handle(handle as RawHandle) })
}

/// The raw handle of `handle`, for windows-sys calls.
pub(crate) fn raw(handle: &impl AsRawHandle) -> HANDLE {
    handle.as_raw_handle() as HANDLE
}

// No `die_with_parent`: there is no parent-death signal, and no code runs in a child before
// it starts. The job object each attached child is put in (`crate::children::windows`) stands
// in: it is closed when the host's last handle to it closes, however the host ends, and its
// processes are killed then (`JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE`). What is lost is being
// killed when the engine thread that spawned the child ends while the host lives on (a
// replaced engine's children are killed by the replacement's `kill_all` instead).

/// An engine's thread, by its thread id.
#[derive(Clone, Copy, Debug)]
pub(crate) struct EngineThread(u32);

impl EngineThread {
    /// The calling thread.
    pub(crate) fn current() -> EngineThread {
        // SAFETY: takes no arguments and cannot fail.
        EngineThread(unsafe { GetCurrentThreadId() })
    }

    /// Gives the thread the idle priority (`THREAD_PRIORITY_IDLE`): it runs when no thread of
    /// a higher priority wants the CPU, the nearest Windows has to Linux's `SCHED_IDLE`.
    pub(crate) fn demote(&self) {
        // SAFETY: OpenThread takes no pointers; a failure (the thread is gone) answers null.
        let Some(thread) = owned(unsafe { OpenThread(THREAD_SET_LIMITED_INFORMATION | THREAD_QUERY_LIMITED_INFORMATION, 0, self.0) }) else {
            return;
        };
        // Only while the id is still one of this process's threads: once the engine thread
        // has ended, its id may name another process's thread.
        // SAFETY: a live thread handle; the calls take no pointers.
        unsafe {
            if GetProcessIdOfThread(raw(&thread)) == GetCurrentProcessId() {
                SetThreadPriority(raw(&thread), THREAD_PRIORITY_IDLE);
            }
        }
    }
}

/// Never: `process.kill` ends processes by process id, and a thread id never names one of
/// this process's threads there (its own pid is checked by the caller).
pub(crate) fn is_thread_of_this_process(_id: i32) -> bool {
    false
}

/// A thread's CPU time, readable from any thread through a handle to it (`GetThreadTimes`:
/// kernel and user time, in 100 ns units).
pub(crate) struct ThreadCpuClock(Option<OwnedHandle>);

impl ThreadCpuClock {
    /// The calling thread's clock: a real handle to it (`GetCurrentThread` answers a
    /// pseudo-handle that would name whichever thread reads it).
    pub(crate) fn of_this_thread() -> ThreadCpuClock {
        // SAFETY: OpenThread takes no pointers; a failure answers null.
        ThreadCpuClock(owned(unsafe { OpenThread(THREAD_QUERY_LIMITED_INFORMATION, 0, GetCurrentThreadId()) }))
    }

    /// The thread's CPU time so far; none once the thread is gone (it has an exit time then).
    pub(crate) fn read(&self) -> Option<Duration> {
        let thread = self.0.as_ref()?;
        let zero = FILETIME {
            dwLowDateTime: 0,
            dwHighDateTime: 0,
        };
        let (mut created, mut exited, mut kernel, mut user) = (zero, zero, zero, zero);
        // SAFETY: a live thread handle and four live FILETIMEs to fill in.
        if unsafe { GetThreadTimes(raw(thread), &mut created, &mut exited, &mut kernel, &mut user) } == 0 {
            return None;
        }
        let ticks = |t: FILETIME| (u64::from(t.dwHighDateTime) << 32) | u64::from(t.dwLowDateTime);
        if ticks(exited) != 0 {
            return None;
        }
        Some(Duration::from_nanos((ticks(kernel) + ticks(user)) * 100))
    }
}

/// Nothing to wake: the ops that wait in `poll(2)` beside a wakeup are Unix-only, so a stop
/// has no wait here to end.
#[derive(Default)]
pub(crate) struct Wakeup;

impl Wakeup {
    pub(crate) fn new() -> Wakeup {
        Wakeup
    }

    pub(crate) fn wake(&self) {}

    pub(crate) fn drain(&self) {}
}

/// None: another process's environment is not readable without reading its memory, so the
/// processes that carry a child mark are not looked for. The job objects stand in: a child's
/// descendants stay in its job wherever they go (none may break away), so killing the job
/// reaches the ones a mark is for.
pub(crate) fn process_environments(_except: u32) -> Option<impl Iterator<Item = (u32, Vec<u8>)>> {
    None::<std::iter::Empty<(u32, Vec<u8>)>>
}

// ---- Processes by id, for `process.kill`, `child.kill` and the child registry ----

/// What `kill(pid, signal)` does on Windows, as libuv (Node) does it: signal 0 asks whether
/// the process exists; any other signal ends it (`TerminateProcess`) with exit code 1, for
/// Windows has no signals. Errors read as Node's: `ESRCH: no such process` (no such process,
/// or it has ended) or `EPERM: operation not permitted` (another user's, or protected).
pub(crate) fn end_process(pid: u32, probe_only: bool) -> Result<(), String> {
    let access = if probe_only {
        PROCESS_QUERY_LIMITED_INFORMATION
    } else {
        PROCESS_TERMINATE | PROCESS_QUERY_LIMITED_INFORMATION
    };
    // SAFETY: OpenProcess takes no pointers; a failure answers null.
    let Some(process) = owned(unsafe { OpenProcess(access, 0, pid) }) else {
        return Err(node_error(&io::Error::last_os_error()));
    };
    let mut code = 0u32;
    // SAFETY: a live process handle and a live u32 to fill in.
    let running = unsafe { GetExitCodeProcess(raw(&process), &mut code) } != 0 && code == STILL_ACTIVE as u32;
    if !running {
        return Err("ESRCH: no such process".to_string());
    }
    // SAFETY: a live process handle opened with PROCESS_TERMINATE.
    if !probe_only && unsafe { TerminateProcess(raw(&process), 1) } == 0 {
        return Err(node_error(&io::Error::last_os_error()));
    }
    Ok(())
}

/// A failed `OpenProcess` or `TerminateProcess` in Node's words.
fn node_error(err: &io::Error) -> String {
    match err.raw_os_error().map(|n| n as u32) {
        Some(ERROR_INVALID_PARAMETER) => "ESRCH: no such process".to_string(),
        Some(ERROR_ACCESS_DENIED) => "EPERM: operation not permitted".to_string(),
        _ => format!("EPERM: operation not permitted ({err})"),
    }
}

/// The id of the process that started this one (what `getppid` answers on Unix), from a
/// snapshot of the system's processes, as libuv finds it; 0 when it cannot be found. The
/// parent may have ended since, and its id been reused: Windows keeps no link to it.
pub(crate) fn parent_pid() -> u32 {
    // SAFETY: CreateToolhelp32Snapshot takes no pointers; a failure answers INVALID_HANDLE_VALUE.
    let Some(snapshot) = owned(unsafe { CreateToolhelp32Snapshot(TH32CS_SNAPPROCESS, 0) }) else {
        return 0;
    };
    // SAFETY: an all-zero PROCESSENTRY32W is valid; its size is set as the calls require.
    let mut entry: PROCESSENTRY32W = unsafe { std::mem::zeroed() };
    entry.dwSize = std::mem::size_of::<PROCESSENTRY32W>() as u32;
    let me = std::process::id();
    // SAFETY: a live snapshot handle and a live entry of the stated size.
    let mut more = unsafe { Process32FirstW(raw(&snapshot), &mut entry) } != 0;
    while more {
        if entry.th32ProcessID == me {
            return entry.th32ParentProcessID;
        }
        // SAFETY: as above.
        more = unsafe { Process32NextW(raw(&snapshot), &mut entry) } != 0;
    }
    0
}

/// Resumes the threads of process `pid`, started suspended (`CREATE_SUSPENDED`) so that it
/// could be put in its job object before it runs: std answers no handle to its first thread,
/// so the threads are found in a snapshot of the system's threads. Fails when none was found.
pub(crate) fn resume_process(pid: u32) -> io::Result<()> {
    // SAFETY: CreateToolhelp32Snapshot takes no pointers; a failure answers INVALID_HANDLE_VALUE.
    let snapshot = owned(unsafe { CreateToolhelp32Snapshot(TH32CS_SNAPTHREAD, 0) }).ok_or_else(io::Error::last_os_error)?;
    // SAFETY: an all-zero THREADENTRY32 is valid; its size is set as the calls require.
    let mut entry: THREADENTRY32 = unsafe { std::mem::zeroed() };
    entry.dwSize = std::mem::size_of::<THREADENTRY32>() as u32;
    let mut resumed = 0;
    // SAFETY: a live snapshot handle and a live entry of the stated size.
    let mut more = unsafe { Thread32First(raw(&snapshot), &mut entry) } != 0;
    while more {
        if entry.th32OwnerProcessID == pid {
            // SAFETY: OpenThread takes no pointers; a failure answers null.
            if let Some(thread) = owned(unsafe { OpenThread(THREAD_SUSPEND_RESUME, 0, entry.th32ThreadID) }) {
                // SAFETY: a live thread handle opened for resuming.
                if unsafe { ResumeThread(raw(&thread)) } != u32::MAX {
                    resumed += 1;
                }
            }
        }
        // SAFETY: as above.
        more = unsafe { Thread32Next(raw(&snapshot), &mut entry) } != 0;
    }
    if resumed == 0 {
        return Err(io::Error::other(format!("the new process {pid} could not be resumed")));
    }
    Ok(())
}

// ---- Facts about the machine ----

/// Host name, release, memory and uptime, the way libuv (Node) reads them on Windows:
/// `GetComputerNameExW` (the DNS host name), `RtlGetVersion` (`10.0.<build>`: the system's
/// true version, where `GetVersionExW` answers the one the program's manifest names),
/// `GlobalMemoryStatusEx` and `GetTickCount64`. Windows has no load average: it is
/// `[0, 0, 0]`, as in Node.
pub(crate) fn os_facts() -> OsFacts {
    use windows_sys::Wdk::System::SystemServices::RtlGetVersion;
    use windows_sys::Win32::System::SystemInformation::{
        ComputerNameDnsHostname, GetComputerNameExW, GetTickCount64, GlobalMemoryStatusEx, MEMORYSTATUSEX, OSVERSIONINFOW,
    };
    let mut name = [0u16; 256];
    let mut length = name.len() as u32;
    // SAFETY: the buffer holds `length` UTF-16 units; the call writes at most that many.
    let hostname = if unsafe { GetComputerNameExW(ComputerNameDnsHostname, name.as_mut_ptr(), &mut length) } != 0 {
        String::from_utf16_lossy(&name[..(length as usize).min(name.len())])
    } else {
        String::new()
    };
    // SAFETY: an all-zero OSVERSIONINFOW is valid once its size is set.
    let mut version: OSVERSIONINFOW = unsafe { std::mem::zeroed() };
    version.dwOSVersionInfoSize = std::mem::size_of::<OSVERSIONINFOW>() as u32;
    // SAFETY: a live OSVERSIONINFOW of the stated size.
    let release = if unsafe { RtlGetVersion(&mut version) } == 0 {
        format!("{}.{}.{}", version.dwMajorVersion, version.dwMinorVersion, version.dwBuildNumber)
    } else {
        String::new()
    };
    // SAFETY: an all-zero MEMORYSTATUSEX is valid once its size is set.
    let mut memory: MEMORYSTATUSEX = unsafe { std::mem::zeroed() };
    memory.dwLength = std::mem::size_of::<MEMORYSTATUSEX>() as u32;
    // SAFETY: a live MEMORYSTATUSEX of the stated size.
    let (total_memory, free_memory) = if unsafe { GlobalMemoryStatusEx(&mut memory) } != 0 {
        (memory.ullTotalPhys as f64, memory.ullAvailPhys as f64)
    } else {
        (0.0, 0.0)
    };
    OsFacts {
        hostname,
        release,
        total_memory,
        free_memory,
        // SAFETY: takes no arguments and cannot fail.
        uptime: unsafe { GetTickCount64() } as f64 / 1000.0,
        load_average: [0.0; 3],
    }
}

// ---- Confining a restricted tool's child processes (see `crate::children::confine`) ----

/// No Landlock here.
pub(crate) fn landlock_abi() -> i32 {
    0
}

/// Never made here: no value of it exists (`child_sandbox` answers None), and nothing is
/// entered in a child (no code of the host's runs in it before it starts).
pub(crate) enum ChildSandbox {}

impl ChildSandbox {
    pub(crate) fn closes_tcp(&self) -> bool {
        match *self {}
    }
}

/// None: the host does not confine a child on Windows (no code runs in a child before it
/// starts, and the system's means, AppContainers and restricted tokens, are not used), so the
/// policy's `unconfinedChildren` decides whether it runs anyway, as on macOS.
pub(crate) fn child_sandbox(_limits: &super::ChildLimits) -> io::Result<Option<ChildSandbox>> {
    Ok(None)
}
