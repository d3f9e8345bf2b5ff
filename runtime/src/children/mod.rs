//! One registry of every child process group the host started — by `pi.exec`,
//! `node:child_process` (spawn, exec, execFile and their sync forms) and `Bun.spawn` — with
//! the tool call that started it, and the one way they are killed: the whole process group,
//! with SIGKILL, for a call (`kill_call`: cancel, deadline, call end) or for the host
//! (`kill_all`: shutdown). Detached children (`detached: true`) run in a session of their own
//! and are left running, as Node leaves them.
//!
//! So that no child outlives the host on any exit path, SIGKILL of the host included:
//! - every attached child gets a parent-death signal (SIGKILL). Linux sends it when the
//!   *thread* that spawned the child ends, so children must be spawned from a thread that
//!   lives as long as the host needs them (the engine thread). Other systems have no such
//!   signal (`platform::die_with_parent`): there the two means below remain;
//! - a child supervisor (see `supervisor`), started with the first child, is told every
//!   attached group and kills the ones left when the host is gone, which reaches grandchildren
//!   in those groups too;
//! - every attached child carries a mark in its environment (`marks`), which reaches
//!   the descendants that left its group (a `setsid` grandchild, a daemon): a call's kill, the
//!   host's and the supervisor's also kill what carries the call's or the host's mark.
//!
//! The children of a tool with a restricted permission policy are confined by the operating
//! system to the tool's files (`confine`), and such a tool may signal only processes in these
//! groups (`ChildRegistry::owns`).
//!
//! On Windows, which has none of these, each attached child is held in a job object instead,
//! which kills it and everything it started when the host's handle to it closes (`windows`).
//!
//! `ChildRegistry` is cheap to clone and usable from any thread (a cancellation or the
//! shutdown path can kill a call's children while the engine thread is blocked in `spawnSync`).

pub(crate) mod confine;
pub(crate) mod marks;
pub(crate) mod supervisor;
#[cfg(windows)]
mod windows;

use std::collections::HashMap;
use std::io;
#[cfg(unix)]
use std::os::unix::process::CommandExt;
use std::sync::{Arc, Mutex, MutexGuard};

use marks::Marked;
use supervisor::Supervisor;

/// A child's entry in the registry.
pub(crate) type ChildId = u64;

#[derive(Clone)]
pub(crate) struct ChildRegistry {
    inner: Arc<Mutex<Registry>>,
}

impl Default for ChildRegistry {
    fn default() -> Self {
        Self::new()
    }
}

#[derive(Default)]
struct Registry {
    next_id: ChildId,
    groups: HashMap<ChildId, Group>,
    /// None until the first attached child; Err once starting it failed (not retried).
    supervisor: Option<Result<Supervisor, String>>,
    /// Whether attached children were started: their marks may be on processes that left
    /// the children's groups. (A flag, not the calls that started them: those would pile up
    /// over a long session, and a cancel or shutdown looks for a mark only once any exists.)
    marked: bool,
}

struct Group {
    pgid: i32,
    call_id: Option<String>,
    detached: bool,
    /// Killed through the registry (so its output is reported as killed).
    killed: bool,
    /// The host is done with the child; the entry stays until its group is empty, so that
    /// background grandchildren are still killed with the call or the host.
    released: bool,
}

impl std::fmt::Debug for ChildRegistry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ChildRegistry({} groups)", self.lock().groups.len())
    }
}

impl ChildRegistry {
    pub(crate) fn new() -> Self {
        ChildRegistry {
            inner: Arc::new(Mutex::new(Registry::default())),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Registry> {
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Starts `cmd` as a registered child of `call_id` (None outside calls): in a new process
    /// group with a parent-death signal, or, when `detached`, in a new session and on its own.
    pub(crate) fn spawn_std(&self, mut cmd: std::process::Command, call_id: Option<&str>, detached: bool) -> io::Result<(std::process::Child, ChildId)> {
        prepare(&mut cmd, call_id, detached);
        let mut registry = self.lock();
        let child = cmd.spawn()?;
        #[cfg(windows)]
        windows::adopt(std::os::windows::io::AsRawHandle::as_raw_handle(&child), child.id(), detached)?;
        let id = registry.add(child.id() as i32, call_id, detached);
        Ok((child, id))
    }

    /// `spawn_std` for a child driven by tokio (streamed pipes, awaited exit).
    pub(crate) fn spawn_tokio(&self, cmd: std::process::Command, call_id: Option<&str>, detached: bool) -> io::Result<(tokio::process::Child, ChildId)> {
        let mut cmd = {
            let mut cmd = cmd;
            prepare(&mut cmd, call_id, detached);
            tokio::process::Command::from(cmd)
        };
        cmd.kill_on_drop(false);
        let mut registry = self.lock();
        let child = cmd.spawn()?;
        #[cfg(windows)]
        windows::adopt(
            child.raw_handle().ok_or_else(|| io::Error::other("the new process has no handle"))?,
            child.id().unwrap_or(0),
            detached,
        )?;
        let id = registry.add(child.id().map(|p| p as i32).unwrap_or(0), call_id, detached);
        Ok((child, id))
    }

    /// Kills child `id`'s whole process group (even a detached one: its owner asked).
    pub(crate) fn kill(&self, id: ChildId) -> bool {
        let mut registry = self.lock();
        let Some(group) = registry.groups.get_mut(&id) else { return false };
        group.killed = true;
        kill_group(group.pgid)
    }

    /// Asks child `id`'s whole process group to end (SIGTERM), which counts as killing it
    /// (a pi tool's `exec` terminates before it kills). On Windows it is ended at once.
    pub(crate) fn terminate(&self, id: ChildId) -> bool {
        let mut registry = self.lock();
        let Some(group) = registry.groups.get_mut(&id) else { return false };
        group.killed = true;
        signal_group(group.pgid, libc::SIGTERM)
    }

    /// Whether child `id` was killed through the registry.
    pub(crate) fn was_killed(&self, id: ChildId) -> bool {
        self.lock().groups.get(&id).is_some_and(|g| g.killed)
    }

    /// The host no longer needs child `id` (it ended and its output was read). Its group is
    /// still killed with its call or the host while anything in it runs.
    pub(crate) fn release(&self, id: ChildId) {
        let mut registry = self.lock();
        if let Some(group) = registry.groups.get_mut(&id) {
            group.released = true;
        }
        registry.prune();
    }

    /// Kills the process groups of `call_id`'s attached children, including children of a
    /// `spawnSync` the engine thread is blocked in. Answers how many groups were signalled.
    pub(crate) fn kill_call(&self, call_id: &str) -> usize {
        let signalled = self.kill_matching(|group| group.call_id.as_deref() == Some(call_id));
        if self.lock().marked {
            marks::kill_marked(&Marked::Exactly(&marks::mark_for(Some(call_id))));
        }
        signalled
    }

    /// Kills every attached child's process group (host shutdown), and every process that
    /// carries this host's mark. Answers how many groups were signalled.
    pub(crate) fn kill_all(&self) -> usize {
        let signalled = self.kill_matching(|_| true);
        let marked = self.lock().marked;
        if marked {
            marks::kill_marked(&Marked::Host(marks::host_mark()));
        }
        signalled
    }

    fn kill_matching(&self, matches: impl Fn(&Group) -> bool) -> usize {
        let mut registry = self.lock();
        registry.prune();
        let mut signalled = 0;
        for group in registry.groups.values_mut().filter(|g| !g.detached && matches(g)) {
            group.killed = true;
            if kill_group(group.pgid) {
                signalled += 1;
            }
        }
        signalled
    }

    /// Whether `pid` is one of the registered children or in one of their process groups
    /// (a negative `pid`: the group itself): the processes an engine's tools started, the
    /// only ones a tool under a restricted policy may signal.
    pub(crate) fn owns(&self, pid: i32) -> bool {
        let group = match pid {
            p if p > 0 => {
                let Some(group) = group_of(p) else { return false };
                group
            }
            p if p < -1 => -p,
            _ => return false,
        };
        self.lock().groups.values().any(|g| g.pgid > 0 && g.pgid == group)
    }

    /// The supervisor's pid, once one runs (tools must not signal it either).
    pub(crate) fn supervisor_pid(&self) -> Option<i32> {
        match &self.lock().supervisor {
            Some(Ok(supervisor)) => Some(supervisor.pid()),
            _ => None,
        }
    }

    /// How many groups are registered (running, or released with members left).
    #[cfg(test)]
    fn len(&self) -> usize {
        self.lock().groups.len()
    }

    #[cfg(test)]
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Registry {
    fn add(&mut self, pgid: i32, call_id: Option<&str>, detached: bool) -> ChildId {
        if !detached && pgid > 0 {
            self.supervise(pgid);
            self.marked = true;
        }
        self.next_id += 1;
        let group = Group {
            pgid,
            call_id: call_id.filter(|c| !c.is_empty()).map(str::to_string),
            detached,
            killed: false,
            released: false,
        };
        self.groups.insert(self.next_id, group);
        self.prune();
        self.next_id
    }

    /// Tells the supervisor (started now if this is the first child) to watch `pgid`.
    fn supervise(&mut self, pgid: i32) {
        if !supervisor::available() {
            return;
        }
        let supervisor = self.supervisor.get_or_insert_with(|| Supervisor::start().map_err(|e| e.to_string()));
        if let Ok(running) = supervisor {
            if let Err(e) = running.watch(pgid) {
                // The supervisor is gone or stopped reading: children still have their
                // parent-death signal.
                *supervisor = Err(e.to_string());
            }
        }
    }

    /// Forgets released children whose process group has no member left.
    fn prune(&mut self) {
        let empty: Vec<ChildId> = self
            .groups
            .iter()
            .filter(|(_, g)| g.released && !group_exists(g.pgid))
            .map(|(id, _)| *id)
            .collect();
        for id in empty {
            if let Some(group) = self.groups.remove(&id) {
                #[cfg(windows)]
                windows::forget(group.pgid);
                if let Some(Ok(supervisor)) = &mut self.supervisor {
                    if !group.detached {
                        let _ = supervisor.forget(group.pgid);
                    }
                }
            }
        }
    }
}

/// Own process group (or, when detached, own session) and, unless detached, SIGKILL when the
/// spawning thread ends and the mark of `call_id`. Fails the spawn if the host is already gone
/// by then.
#[cfg(unix)]
fn prepare(cmd: &mut std::process::Command, call_id: Option<&str>, detached: bool) {
    if detached {
        // SAFETY: setsid is async-signal-safe, as required between fork and exec.
        unsafe {
            cmd.pre_exec(|| {
                libc::setsid();
                Ok(())
            });
        }
        return;
    }
    // SAFETY: getpid cannot fail.
    let parent = unsafe { libc::getpid() };
    cmd.process_group(0);
    cmd.env(marks::OWNER_VAR, marks::mark_for(call_id));
    // SAFETY: die_with_parent (prctl on Linux) and getppid are async-signal-safe.
    unsafe {
        cmd.pre_exec(move || {
            crate::platform::die_with_parent()?;
            if libc::getppid() != parent {
                return Err(io::Error::other("omp-host exited while starting the process"));
            }
            Ok(())
        });
    }
}

/// On Windows: a console process group of its own and, unless detached, the mark of
/// `call_id`; the child starts suspended until it is in its job (`windows::adopt`).
#[cfg(windows)]
fn prepare(cmd: &mut std::process::Command, call_id: Option<&str>, detached: bool) {
    if !detached {
        cmd.env(marks::OWNER_VAR, marks::mark_for(call_id));
    }
    windows::prepare(cmd, detached);
}

#[cfg(unix)]
fn kill_group(pgid: i32) -> bool {
    signal_group(pgid, libc::SIGKILL)
}

/// Whether group `pgid` still has a process (signal 0 only asks).
#[cfg(unix)]
fn group_exists(pgid: i32) -> bool {
    signal_group(pgid, 0)
}

/// Sends `signal` to process group `pgid` (one the registry started); false if it is gone.
#[cfg(unix)]
pub(crate) fn signal_group(pgid: i32, signal: i32) -> bool {
    // SAFETY: signalling a process group is memory-safe; ESRCH (already gone) is reported.
    pgid > 0 && unsafe { libc::kill(-pgid, signal) } == 0
}

/// The process group `pid` is in; None for an unknown pid.
#[cfg(unix)]
fn group_of(pid: i32) -> Option<i32> {
    // SAFETY: getpgid takes no pointers; an unknown pid answers -1.
    let group = unsafe { libc::getpgid(pid) };
    (group >= 0).then_some(group)
}

#[cfg(windows)]
use windows::{group_exists, group_of, kill_group};

/// Ends group `pgid` (its job; Windows has no signals, so any signal ends it with exit code
/// 1, and signal 0 only asks whether it has a process running); false if none runs.
#[cfg(windows)]
pub(crate) fn signal_group(pgid: i32, signal: i32) -> bool {
    if signal == 0 {
        return group_exists(pgid);
    }
    kill_group(pgid)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::process::ExitStatusExt;
    use std::process::Command;
    use std::time::{Duration, Instant};

    fn sleep_cmd() -> Command {
        let mut cmd = Command::new("sleep");
        cmd.arg("30");
        cmd
    }

    fn ended_by_kill(child: &mut std::process::Child) -> bool {
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Some(status) = child.try_wait().unwrap() {
                return status.signal() == Some(libc::SIGKILL);
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        false
    }

    #[test]
    fn kill_call_kills_only_that_calls_attached_children() {
        let registry = ChildRegistry::new();
        let (mut mine, _) = registry.spawn_std(sleep_cmd(), Some("call-1"), false).unwrap();
        let (mut other, _) = registry.spawn_std(sleep_cmd(), Some("call-2"), false).unwrap();
        let (mut background, _) = registry.spawn_std(sleep_cmd(), Some("call-1"), true).unwrap();
        let (mut at_load, _) = registry.spawn_std(sleep_cmd(), None, false).unwrap();
        assert_eq!(registry.kill_call("call-1"), 1);
        assert!(ended_by_kill(&mut mine), "the call's child is killed");
        assert!(other.try_wait().unwrap().is_none(), "another call's child keeps running");
        assert!(background.try_wait().unwrap().is_none(), "a detached child keeps running");
        assert_eq!(registry.kill_all(), 2, "shutdown kills every attached group, never the detached one");
        assert!(ended_by_kill(&mut other) && ended_by_kill(&mut at_load));
        background.kill().unwrap();
        background.wait().unwrap();
    }

    #[test]
    fn killing_reaches_grandchildren_in_the_group() {
        let registry = ChildRegistry::new();
        let (mut child, id, grandchild) = spawn_with_grandchild(&registry);
        assert!(registry.kill(id));
        assert!(ended_by_kill(&mut child));
        let deadline = Instant::now() + Duration::from_secs(5);
        while std::path::Path::new(&format!("/proc/{grandchild}")).exists() && !is_zombie(grandchild) {
            assert!(Instant::now() < deadline, "the grandchild survived");
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(registry.was_killed(id));
    }

    /// A shell child (registered as call `c`) that starts a `sleep` in its group and says its
    /// pid: the child, its id and the grandchild's pid.
    fn spawn_with_grandchild(registry: &ChildRegistry) -> (std::process::Child, ChildId, i32) {
        let mut cmd = Command::new("sh");
        cmd.args(["-c", "sleep 30 & echo $!; wait"]).stdout(std::process::Stdio::piped());
        let (mut child, id) = registry.spawn_std(cmd, Some("c"), false).unwrap();
        let mut line = String::new();
        std::io::BufRead::read_line(&mut std::io::BufReader::new(child.stdout.take().unwrap()), &mut line).unwrap();
        (child, id, line.trim().parse().unwrap())
    }

    fn is_zombie(pid: i32) -> bool {
        std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| s.rsplit(')').next().is_some_and(|rest| rest.trim_start().starts_with('Z')))
    }

    #[test]
    fn the_registry_owns_its_children_and_their_groups_only() {
        let registry = ChildRegistry::new();
        let (mut child, id, grandchild) = spawn_with_grandchild(&registry);
        let pid = child.id() as i32;
        assert!(registry.owns(pid) && registry.owns(-pid) && registry.owns(grandchild));
        let mut stranger = sleep_cmd().spawn().unwrap();
        assert!(!registry.owns(stranger.id() as i32) && !registry.owns(1) && !registry.owns(0) && !registry.owns(-1));
        // SAFETY: getpid cannot fail.
        assert!(!registry.owns(unsafe { libc::getpid() }));
        registry.kill(id);
        child.wait().unwrap();
        stranger.kill().unwrap();
        stranger.wait().unwrap();
    }

    #[test]
    fn the_registry_can_be_shared_with_other_threads() {
        fn shareable<T: Clone + Send + Sync + 'static>() {}
        shareable::<ChildRegistry>();
    }

    #[test]
    fn released_children_are_forgotten_once_their_group_is_empty() {
        let registry = ChildRegistry::new();
        let (mut child, id) = registry.spawn_std(Command::new("true"), Some("c"), false).unwrap();
        child.wait().unwrap();
        assert_eq!(registry.len(), 1);
        registry.release(id);
        assert!(registry.is_empty());
    }

    #[test]
    fn children_die_with_the_thread_that_spawned_them() {
        let registry = ChildRegistry::new();
        let spawner = registry.clone();
        let mut child = std::thread::spawn(move || spawner.spawn_std(sleep_cmd(), None, false).unwrap().0)
            .join()
            .unwrap();
        assert!(ended_by_kill(&mut child), "the parent-death signal fired");
        let detached_spawner = registry.clone();
        let mut detached = std::thread::spawn(move || detached_spawner.spawn_std(sleep_cmd(), None, true).unwrap().0)
            .join()
            .unwrap();
        std::thread::sleep(Duration::from_millis(100));
        assert!(detached.try_wait().unwrap().is_none(), "a detached child has no parent-death signal");
        detached.kill().unwrap();
        detached.wait().unwrap();
    }
}
