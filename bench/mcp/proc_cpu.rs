//! Process CPU accounting: the user + system time a process (all its threads) has used so far,
//! from `/proc/<pid>/stat`. The kernel counts it in clock ticks (usually 10 ms), so a figure is
//! only as fine as the window it is taken over is long.

use std::time::Duration;

use anyhow::{anyhow, Context, Result};

/// CPU time used so far by process `pid` (user + system, every thread; not its children).
pub fn cpu_time(pid: u32) -> Result<Duration> {
    let path = format!("/proc/{pid}/stat");
    let stat = std::fs::read_to_string(&path).with_context(|| format!("read {path}"))?;
    let ticks = utime_plus_stime(&stat).ok_or_else(|| anyhow!("{path}: unexpected format: {stat}"))?;
    Ok(ticks_to_duration(ticks))
}

/// CPU time this benchmark process has used so far.
pub fn own_cpu_time() -> Result<Duration> {
    cpu_time(std::process::id())
}

/// Fields 14 (utime) and 15 (stime) of a stat line, summed, in clock ticks. The command name
/// (field 2) is in parentheses and may itself hold spaces and parentheses, so fields are
/// counted from the last `)`.
pub fn utime_plus_stime(stat: &str) -> Option<u64> {
    let after_name = &stat[stat.rfind(')')? + 1..];
    // After the name: state is field 3, so utime (14) and stime (15) are the 12th and 13th.
    let mut fields = after_name.split_whitespace().skip(11);
    let utime: u64 = fields.next()?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    Some(utime + stime)
}

/// The unit the kernel reports CPU time in.
pub fn tick() -> Duration {
    ticks_to_duration(1)
}

fn ticks_to_duration(ticks: u64) -> Duration {
    // SAFETY: sysconf has no preconditions.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    Duration::from_nanos(ticks * 1_000_000_000 / per_second)
}
