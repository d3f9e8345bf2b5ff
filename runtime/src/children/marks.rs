//! A mark in the environment of every attached child the tools start —
//! `OMP_HOST_OWNER=<host>:<call>` — which its descendants inherit wherever they go. Killing a
//! process group misses the descendants that left it: a `setsid` grandchild, a daemon that
//! forked twice. Those still carry the mark, so a cancel, the host's shutdown and the child
//! supervisor (after the host is gone, SIGKILL included) also kill every process that carries
//! the call's or the host's mark. A process that clears its environment before it detaches
//! escapes this; Linux offers nothing else short of a cgroup or a PID namespace.

use std::sync::OnceLock;

/// The environment variable that carries the mark.
pub(crate) const OWNER_VAR: &str = "OMP_HOST_OWNER";

/// This host's part of the mark: its pid and a random number (pids are reused).
pub(crate) fn host_mark() -> &'static str {
    static MARK: OnceLock<String> = OnceLock::new();
    MARK.get_or_init(|| {
        let mut nonce = [0u8; 8];
        let _ = getrandom::fill(&mut nonce);
        format!("{}.{}", std::process::id(), hex::encode(nonce))
    })
}

/// The mark of children started for call `call_id` (`-` outside calls).
pub(crate) fn mark_for(call_id: Option<&str>) -> String {
    format!("{}:{}", host_mark(), call_id.filter(|c| !c.is_empty()).unwrap_or("-"))
}

/// Which marks a kill reaches.
pub(crate) enum Marked<'a> {
    /// Exactly this mark (one call's processes).
    Exactly(&'a str),
    /// Every mark of this host (`<host>:` and any call).
    Host(&'a str),
}

impl Marked<'_> {
    fn matches(&self, value: &[u8]) -> bool {
        match self {
            Marked::Exactly(mark) => value == mark.as_bytes(),
            Marked::Host(host) => value.strip_prefix(host.as_bytes()).is_some_and(|rest| rest.first() == Some(&b':')),
        }
    }
}

/// SIGKILLs every process (other than this one) whose environment carries a mark `which`
/// reaches; passes again while a pass found one (a process may fork while it is looked for).
/// Answers how many were signalled. Where processes' environments cannot be read (no
/// `/proc`: macOS), none is found.
pub(crate) fn kill_marked(which: &Marked<'_>) -> usize {
    let own = std::process::id();
    let mut signalled = 0;
    for _ in 0..8 {
        // Unreadable environments (another user's process, or gone) are not ours.
        let Some(processes) = crate::platform::process_environments(own) else {
            return signalled;
        };
        let mut found = 0;
        for (pid, environ) in processes {
            if owner_of(&environ).is_some_and(|value| which.matches(value)) && crate::platform::kill_process(pid) {
                found += 1;
            }
        }
        signalled += found;
        if found == 0 {
            break;
        }
    }
    signalled
}

/// The value of `OMP_HOST_OWNER` in a `/proc/<pid>/environ` (NUL-separated `KEY=VALUE`s).
fn owner_of(environ: &[u8]) -> Option<&[u8]> {
    environ
        .split(|b| *b == 0)
        .find_map(|entry| entry.strip_prefix(OWNER_VAR.as_bytes())?.strip_prefix(b"="))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_match_one_call_or_the_whole_host() {
        let environ = b"PATH=/bin\0OMP_HOST_OWNER=12.ab:call-7\0HOME=/h\0";
        let value = owner_of(environ).unwrap();
        assert!(Marked::Exactly("12.ab:call-7").matches(value));
        assert!(!Marked::Exactly("12.ab:call-70").matches(value));
        assert!(Marked::Host("12.ab").matches(value));
        assert!(!Marked::Host("12.a").matches(value), "another host's mark");
        assert_eq!(owner_of(b"OMP_HOST_OWNERX=1\0"), None);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_child_that_left_its_process_group_is_killed_by_its_mark() {
        let mark = format!("test.{}:escapee", std::process::id());
        // `setsid` puts the sleep in a session (and group) of its own, as a daemon would.
        let mut child = std::process::Command::new("setsid")
            .args(["sleep", "30"])
            .env(OWNER_VAR, &mark)
            .spawn()
            .unwrap();
        // The mark is in its environment from its exec on.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        while kill_marked(&Marked::Exactly(&mark)) == 0 {
            assert!(std::time::Instant::now() < deadline, "the marked child was never found");
        }
        let status = child.wait().unwrap();
        assert_eq!(std::os::unix::process::ExitStatusExt::signal(&status), Some(libc::SIGKILL));
    }
}
