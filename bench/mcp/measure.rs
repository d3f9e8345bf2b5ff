//! The two measurements, each on one server: the time from spawn to the first `tools/list`
//! answer, and a window of `tools/call` round trips in a closed loop (N calls kept in flight, a
//! new one sent as each reply arrives) with the server's and the client's CPU time over it.

use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};

use super::client::Connection;
use super::proc_cpu::{cpu_time, own_cpu_time};
use super::server::ServerSpec;

/// How long a server that was told to stop (its stdin closed) gets before it is killed.
pub const EXIT_GRACE: Duration = Duration::from_secs(5);

/// Starts `spec` and runs the handshake up to the first `tools/list` answer, which must list
/// `echo`; also the time that took from just before the spawn.
pub fn connect(spec: &ServerSpec, scratch: &Path, stall_timeout: Duration) -> Result<(Connection, Duration)> {
    let started = Instant::now();
    let mut connection = Connection::spawn(spec, scratch, stall_timeout)?;
    let tools = connection.initialize_and_list()?;
    let elapsed = started.elapsed();
    if !tools.iter().any(|name| name == "echo") {
        let server = connection.describe_server();
        bail!("{}: tools/list has no `echo` tool (it lists {tools:?}); {server}", spec.label);
    }
    Ok((connection, elapsed))
}

/// The time from spawn to the first `tools/list` answer (see `connect`); the server is stopped
/// afterwards.
pub fn spawn_to_list(spec: &ServerSpec, scratch: &Path, stall_timeout: Duration) -> Result<Duration> {
    let (connection, elapsed) = connect(spec, scratch, stall_timeout)?;
    if !connection.close(EXIT_GRACE) {
        eprintln!("note: {} did not exit within {:?} of its stdin closing; it was killed", spec.label, EXIT_GRACE);
    }
    Ok(elapsed)
}

/// How long a phase of the closed loop lasts.
#[derive(Clone, Copy, Debug)]
pub enum Length {
    Time(Duration),
    Calls(u64),
}

impl Length {
    fn done(self, since: Instant, now: Instant, calls: u64) -> bool {
        match self {
            Length::Time(length) => now.duration_since(since) >= length,
            Length::Calls(count) => calls >= count,
        }
    }
}

/// What one measured window saw.
#[derive(Clone, Copy, Debug, Default)]
pub struct Window {
    /// Calls answered inside the window.
    pub calls: u64,
    pub elapsed: Duration,
    /// The server process's user + system time over the window.
    pub server_cpu: Duration,
    /// The benchmark client's own user + system time over the window.
    pub client_cpu: Duration,
}

struct Mark {
    at: Instant,
    answered: u64,
    server_cpu: Duration,
    client_cpu: Duration,
}

impl Mark {
    fn take(connection: &Connection, answered: u64) -> Result<Mark> {
        Ok(Mark {
            at: Instant::now(),
            answered,
            server_cpu: cpu_time(connection.server_pid())?,
            client_cpu: own_cpu_time()?,
        })
    }
}

/// Keeps `in_flight` echo calls outstanding: `warmup` unmeasured, then the measured window,
/// which starts and ends on a reply; the calls still in flight at its end are drained (and not
/// counted) so the next window starts clean.
pub fn closed_loop(connection: &mut Connection, in_flight: usize, warmup: Length, measured: Length) -> Result<Window> {
    if in_flight == 0 {
        bail!("calls in flight must be at least 1");
    }
    let started = Instant::now();
    for _ in 0..in_flight {
        connection.send_echo()?;
    }
    let mut answered = 0u64;
    let mut window_start: Option<Mark> = None;
    let window_end = loop {
        connection.receive_echo()?;
        answered += 1;
        let now = Instant::now();
        match &window_start {
            None if warmup.done(started, now, answered) => window_start = Some(Mark::take(connection, answered)?),
            Some(start) if measured.done(start.at, now, answered - start.answered) => break Mark::take(connection, answered)?,
            _ => {}
        }
        connection.send_echo()?;
    };
    while connection.in_flight() > 0 {
        connection.receive_echo()?;
    }
    let start = window_start.expect("the window starts before it ends");
    Ok(Window {
        calls: window_end.answered - start.answered,
        elapsed: window_end.at - start.at,
        server_cpu: window_end.server_cpu.saturating_sub(start.server_cpu),
        client_cpu: window_end.client_cpu.saturating_sub(start.client_cpu),
    })
}
