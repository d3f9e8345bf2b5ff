//! The child supervisor: a small process (the host binary run again with a hidden argument)
//! that outlives the host by a moment to kill the process groups the host started, so no
//! grandchild survives the host however it ends, SIGKILL included. The host starts it with the
//! first child and feeds it group ids over a pipe (`+<pgid>` to watch, `-<pgid>` to forget);
//! when that pipe closes, because the host exited or was killed, the supervisor SIGKILLs every
//! group still watched, and every process that carries the host's mark (`marks`), and
//! exits. It runs in a process group of its own, so a signal to the host's group (Ctrl-C in a
//! terminal) does not take it down first.
//!
//! Not on Windows: there each child's job object, whose only handle the host holds, kills the
//! child's processes when the host ends however it ends (`super::windows`), so no supervisor
//! is started (`available` is false) and a process started as one refuses.

#[cfg(unix)]
use std::collections::BTreeSet;
#[cfg(unix)]
use std::io::BufRead;
use std::io::Write;
#[cfg(unix)]
use std::os::unix::process::CommandExt;
use std::process::{ChildStdin, ExitCode};
#[cfg(unix)]
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};

/// The hidden first argument that makes the binary a supervisor.
pub(crate) const SUPERVISE_ARG: &str = "__omp-host-supervise-children";

/// Set once the running binary is known to be the host (so re-running it supervises).
static AVAILABLE: AtomicBool = AtomicBool::new(false);

/// For `main`: runs the supervisor and answers its exit code when the process was started as
/// one; otherwise records that supervisors can be started from this binary and answers None.
pub fn run_if_requested() -> Option<ExitCode> {
    if std::env::args_os().nth(1).is_some_and(|a| a == SUPERVISE_ARG) {
        #[cfg(unix)]
        {
            let host = std::env::args().nth(2);
            supervise(std::io::stdin().lock(), host.as_deref());
            return Some(ExitCode::SUCCESS);
        }
        #[cfg(windows)]
        {
            eprintln!("omp-host: the child supervisor is not used on Windows (job objects end the children with the host)");
            return Some(ExitCode::FAILURE);
        }
    }
    AVAILABLE.store(true, Ordering::SeqCst);
    None
}

/// Whether this process can start a supervisor (it is the host binary, not a test harness).
/// Never on Windows (see above).
pub(crate) fn available() -> bool {
    cfg!(unix) && AVAILABLE.load(Ordering::SeqCst)
}

/// The supervisor's loop: reads watch/forget lines until end of input, then kills what is left
/// (and what carries the mark of `host`, when given).
#[cfg(unix)]
pub(crate) fn supervise(input: impl BufRead, host: Option<&str>) {
    // SAFETY: ignoring terminal signals is always sound; the supervisor must not die of a
    // hangup or Ctrl-C before the host's children do.
    unsafe {
        libc::signal(libc::SIGHUP, libc::SIG_IGN);
        libc::signal(libc::SIGINT, libc::SIG_IGN);
    }
    let mut watched = BTreeSet::new();
    for line in input.lines() {
        let Ok(line) = line else { break };
        let (op, pgid) = line.split_at(line.len().min(1));
        match (op, pgid.trim().parse::<i32>()) {
            ("+", Ok(pgid)) if pgid > 1 => {
                watched.insert(pgid);
            }
            ("-", Ok(pgid)) => {
                watched.remove(&pgid);
            }
            _ => {}
        }
    }
    for pgid in watched {
        // SAFETY: signalling a process group is memory-safe; ESRCH (already gone) is fine.
        unsafe {
            libc::kill(-pgid, libc::SIGKILL);
        }
    }
    if let Some(host) = host {
        super::marks::kill_marked(&super::marks::Marked::Host(host));
    }
}

/// The host's end of a running supervisor.
#[cfg_attr(windows, allow(dead_code, reason = "never made on Windows, where `start` refuses"))]
pub(crate) struct Supervisor {
    pid: i32,
    feed: ChildStdin,
}

impl Supervisor {
    /// Starts the supervisor from the host's own executable. The host's end of the pipe does
    /// not block: a supervisor that stops reading (stopped by a signal) must never stall the
    /// host; it is given up instead (children keep their parent-death signal).
    #[cfg(unix)]
    pub(crate) fn start() -> std::io::Result<Supervisor> {
        let exe = std::env::current_exe()?;
        let child = Command::new(exe)
            .arg(SUPERVISE_ARG)
            .arg(super::marks::host_mark())
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()?;
        Ok(Self::feeding(child))
    }

    /// Refused on Windows, which never starts one (`available` is false there).
    #[cfg(windows)]
    pub(crate) fn start() -> std::io::Result<Supervisor> {
        Err(std::io::Error::new(
            std::io::ErrorKind::Unsupported,
            "the child supervisor is not used on Windows (job objects end the children with the host)",
        ))
    }

    /// The host's end of `child`'s stdin, made non-blocking.
    #[cfg(unix)]
    fn feeding(child: std::process::Child) -> Supervisor {
        let pid = child.id() as i32;
        // The host never waits for the supervisor: it ends after the host, and is reaped by
        // whoever inherits it then.
        let feed = child.stdin.expect("piped stdin");
        // SAFETY: fcntl on a descriptor we own.
        unsafe {
            let fd = std::os::fd::AsRawFd::as_raw_fd(&feed);
            let flags = libc::fcntl(fd, libc::F_GETFL);
            libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
        }
        Supervisor { pid, feed }
    }

    pub(crate) fn pid(&self) -> i32 {
        self.pid
    }

    /// Asks the supervisor to kill group `pgid` when the host is gone.
    pub(crate) fn watch(&mut self, pgid: i32) -> std::io::Result<()> {
        self.send(&format!("+{pgid}\n"))
    }

    /// The group is empty and its id may be reused: stop watching it.
    pub(crate) fn forget(&mut self, pgid: i32) -> std::io::Result<()> {
        self.send(&format!("-{pgid}\n"))
    }

    /// One whole line in one write (a pipe writes up to 4 KiB atomically, or not at all).
    fn send(&mut self, line: &str) -> std::io::Result<()> {
        let written = self.feed.write(line.as_bytes())?;
        if written == line.len() {
            Ok(())
        } else {
            Err(std::io::Error::other("the supervisor's pipe took part of a line"))
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn group_of_sleep() -> std::process::Child {
        Command::new("sleep").arg("30").process_group(0).spawn().unwrap()
    }

    fn ends_within_seconds(child: &mut std::process::Child, seconds: u64) -> bool {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
        while std::time::Instant::now() < deadline {
            if child.try_wait().unwrap().is_some() {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        false
    }

    #[test]
    fn a_supervisor_that_stops_reading_never_blocks_the_host() {
        // `sleep` never reads its stdin: the pipe fills up.
        let mut supervisor = Supervisor::feeding(Command::new("sleep").arg("30").stdin(Stdio::piped()).spawn().unwrap());
        let pid = supervisor.pid();
        let (done, outcome) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let refused = (0..100_000).find_map(|n| supervisor.watch(1000 + n).err());
            let _ = done.send(refused.is_some());
        });
        let answered = outcome.recv_timeout(std::time::Duration::from_secs(5));
        // SAFETY: killing the test's own child (which also unblocks a blocked writer).
        unsafe {
            libc::kill(pid, libc::SIGKILL);
        }
        assert_eq!(answered, Ok(true), "a full pipe is reported at once, not waited on");
    }

    #[test]
    fn watched_groups_are_killed_at_end_of_input_and_forgotten_ones_are_not() {
        let mut watched = group_of_sleep();
        let mut forgotten = group_of_sleep();
        let input = format!("+{}\n+{}\n-{}\nnonsense\n+1\n", watched.id(), forgotten.id(), forgotten.id());
        supervise(std::io::Cursor::new(input), None);
        assert!(ends_within_seconds(&mut watched, 5));
        assert!(!ends_within_seconds(&mut forgotten, 0));
        forgotten.kill().unwrap();
        forgotten.wait().unwrap();
    }
}
