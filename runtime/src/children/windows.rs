//! Windows's process groups for the child registry (see mod.rs): Windows has no process group
//! that a signal reaches, no parent-death signal and no code that runs in a child before it
//! starts, so each attached child is put in a job object of its own instead. It is started
//! suspended (`CREATE_SUSPENDED`), put in its job, then resumed, so everything it starts is in
//! the job too (a job's processes cannot break away from it); killing the "group" terminates
//! the job (`TerminateJobObject`), and the job is made to kill its processes when its last
//! handle closes (`JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE`): the host holds that handle, so the
//! children end with the host however it ends, which on Unix the parent-death signal, the
//! child supervisor and the child marks do. A detached child gets no job (it is left running,
//! as Node leaves it) and is started as Node starts it (`DETACHED_PROCESS`,
//! `CREATE_NEW_PROCESS_GROUP`). The groups are kept here by their first process's id (the
//! registry's `pgid`), with a handle to that process, so that the id is not reused while its
//! group is known.

use std::collections::BTreeMap;
use std::io;
use std::os::windows::io::{OwnedHandle, RawHandle};
use std::os::windows::process::CommandExt;
use std::sync::{Mutex, MutexGuard};

use windows_sys::Win32::Foundation::{DuplicateHandle, DUPLICATE_SAME_ACCESS, HANDLE, WAIT_TIMEOUT};
use windows_sys::Win32::System::JobObjects::{
    AssignProcessToJobObject, CreateJobObjectW, IsProcessInJob, JobObjectBasicAccountingInformation, JobObjectExtendedLimitInformation,
    QueryInformationJobObject, SetInformationJobObject, TerminateJobObject, JOBOBJECT_BASIC_ACCOUNTING_INFORMATION, JOBOBJECT_EXTENDED_LIMIT_INFORMATION,
    JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE,
};
use windows_sys::Win32::System::Threading::{
    GetCurrentProcess, OpenProcess, TerminateProcess, WaitForSingleObject, CREATE_NEW_PROCESS_GROUP, CREATE_SUSPENDED, DETACHED_PROCESS,
    PROCESS_QUERY_LIMITED_INFORMATION,
};

use crate::platform::{owned, raw};

/// A child's group: its first process and, unless it is detached, its job.
struct Group {
    process: OwnedHandle,
    job: Option<OwnedHandle>,
}

/// The groups by their first process's id.
static GROUPS: Mutex<BTreeMap<i32, Group>> = Mutex::new(BTreeMap::new());

fn groups() -> MutexGuard<'static, BTreeMap<i32, Group>> {
    GROUPS.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// How the child is started: suspended (until it is in its job, `adopt`) in a console process
/// group of its own, so that Ctrl-C in the host's console does not reach it (as its own
/// process group keeps a terminal's on Unix); detached, as Node starts it.
pub(super) fn prepare(cmd: &mut std::process::Command, detached: bool) {
    if detached {
        cmd.creation_flags(DETACHED_PROCESS | CREATE_NEW_PROCESS_GROUP);
    } else {
        cmd.creation_flags(CREATE_NEW_PROCESS_GROUP | CREATE_SUSPENDED);
    }
}

/// Records the child just started (`process`, its handle, and `pid`) as a group: unless it is
/// detached, puts it in a new job that kills it when closed, and resumes it. On failure the
/// child is terminated (it never ran) and the spawn fails.
pub(super) fn adopt(process: RawHandle, pid: u32, detached: bool) -> io::Result<()> {
    let mut copy: HANDLE = std::ptr::null_mut();
    // SAFETY: duplicates a live process handle into this process; `copy` is a live HANDLE.
    let duplicated = unsafe {
        DuplicateHandle(
            GetCurrentProcess(),
            process as HANDLE,
            GetCurrentProcess(),
            &mut copy,
            0,
            0,
            DUPLICATE_SAME_ACCESS,
        )
    };
    let Some(process) = (duplicated != 0).then(|| owned(copy)).flatten() else {
        let err = io::Error::last_os_error();
        if !detached {
            // SAFETY: the spawned child's live handle; it is still suspended.
            unsafe { TerminateProcess(process as HANDLE, 1) };
        }
        return Err(err);
    };
    let job = if detached {
        None
    } else {
        match new_job(&process, pid) {
            Ok(job) => Some(job),
            Err(err) => {
                // SAFETY: a live process handle (with every access right, as std opens it).
                unsafe { TerminateProcess(raw(&process), 1) };
                return Err(err);
            }
        }
    };
    groups().insert(pid as i32, Group { process, job });
    Ok(())
}

/// A job that kills its processes when its last handle closes, with the suspended `process`
/// (id `pid`) in it and resumed.
fn new_job(process: &OwnedHandle, pid: u32) -> io::Result<OwnedHandle> {
    // SAFETY: no attributes and no name; a failure answers null.
    let job = owned(unsafe { CreateJobObjectW(std::ptr::null(), std::ptr::null()) }).ok_or_else(io::Error::last_os_error)?;
    // SAFETY: an all-zero JOBOBJECT_EXTENDED_LIMIT_INFORMATION sets no limit.
    let mut limits: JOBOBJECT_EXTENDED_LIMIT_INFORMATION = unsafe { std::mem::zeroed() };
    limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
    // SAFETY: a live job handle and a live structure of the stated size and class.
    let set = unsafe {
        SetInformationJobObject(
            raw(&job),
            JobObjectExtendedLimitInformation,
            (&limits as *const JOBOBJECT_EXTENDED_LIMIT_INFORMATION).cast(),
            std::mem::size_of::<JOBOBJECT_EXTENDED_LIMIT_INFORMATION>() as u32,
        )
    };
    // SAFETY: live job and process handles.
    if set == 0 || unsafe { AssignProcessToJobObject(raw(&job), raw(process)) } == 0 {
        return Err(io::Error::last_os_error());
    }
    crate::platform::resume_process(pid)?;
    Ok(job)
}

/// How many processes are running in `job`.
fn active_processes(job: &OwnedHandle) -> u32 {
    // SAFETY: an all-zero accounting structure is valid for the call to fill in.
    let mut info: JOBOBJECT_BASIC_ACCOUNTING_INFORMATION = unsafe { std::mem::zeroed() };
    // SAFETY: a live job handle and a live structure of the stated size and class.
    let queried = unsafe {
        QueryInformationJobObject(
            raw(job),
            JobObjectBasicAccountingInformation,
            (&mut info as *mut JOBOBJECT_BASIC_ACCOUNTING_INFORMATION).cast(),
            std::mem::size_of::<JOBOBJECT_BASIC_ACCOUNTING_INFORMATION>() as u32,
            std::ptr::null_mut(),
        )
    };
    if queried == 0 {
        0
    } else {
        info.ActiveProcesses
    }
}

/// Whether `process` is still running.
fn running(process: &OwnedHandle) -> bool {
    // SAFETY: a live process handle; a zero timeout only looks.
    unsafe { WaitForSingleObject(raw(process), 0) == WAIT_TIMEOUT }
}

/// Whether group `pgid` has a process running: its job's, or a detached child itself.
pub(super) fn group_exists(pgid: i32) -> bool {
    groups().get(&pgid).is_some_and(|group| match &group.job {
        Some(job) => active_processes(job) > 0,
        None => running(&group.process),
    })
}

/// Ends group `pgid` with exit code 1: every process of its job, or a detached child itself
/// (Windows has no signals: whatever was asked, SIGTERM or SIGKILL, ends it). False when no
/// process of it was running.
pub(super) fn kill_group(pgid: i32) -> bool {
    let groups = groups();
    let Some(group) = groups.get(&pgid) else { return false };
    // SAFETY: live job and process handles.
    match &group.job {
        Some(job) => active_processes(job) > 0 && unsafe { TerminateJobObject(raw(job), 1) } != 0,
        None => running(&group.process) && unsafe { TerminateProcess(raw(&group.process), 1) } != 0,
    }
}

/// The group process `pid` is in: the one whose job holds it, or the detached child it is.
pub(super) fn group_of(pid: i32) -> Option<i32> {
    let groups = groups();
    if groups.get(&pid).is_some_and(|g| g.job.is_none()) {
        return Some(pid);
    }
    // SAFETY: OpenProcess takes no pointers; a failure (no such process) answers null.
    let process = owned(unsafe { OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, 0, u32::try_from(pid).ok()?) })?;
    groups.iter().find_map(|(pgid, group)| {
        let job = group.job.as_ref()?;
        let mut inside = 0;
        // SAFETY: live process and job handles; `inside` is a live BOOL.
        let asked = unsafe { IsProcessInJob(raw(&process), raw(job), &mut inside) } != 0;
        (asked && inside != 0).then_some(*pgid)
    })
}

/// Forgets group `pgid` (the registry is done with it and none of its processes runs):
/// closes its job, which kills nothing now, and lets its id be reused.
pub(super) fn forget(pgid: i32) {
    groups().remove(&pgid);
}
