//! Serve-core benchmark (the call targets of docs/performance.md): MCP servers over stdio side
//! by side, measured in one run and interleaved (a round on server A, then on B, then A again…)
//! so machine noise hits all of them: spawn to first `tools/list` answer, and `tools/call`
//! round trips per second of a trivial `echo` tool with 1, 8 and 64 calls in flight, with the
//! server's CPU per call.
//! Usually run through bench/mcp.sh, which builds the servers; directly:
//! `cargo bench --bench mcp -- omp-host=omp-host:target/release/omp-host node=node:bench/node-echo/server.mjs`.

mod client;
mod floor;
mod lines;
mod measure;
mod proc_cpu;
mod server;
mod table;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use clap::Parser;

use measure::{closed_loop, connect, spawn_to_list, Length, EXIT_GRACE};
use server::ServerSpec;
use table::{Report, ServerFigures};

#[derive(Parser)]
#[command(about = "MCP serve benchmark: servers side by side, interleaved")]
struct Args {
    /// Servers to compare: LABEL=omp-host:BINARY, LABEL=node:SCRIPT, LABEL=exec:PROGRAM, or
    /// LABEL=floor (this program as the least an MCP server can do, bench/mcp/floor.rs).
    /// Default: target/release/omp-host and the Node SDK echo server (bench/node-echo).
    #[arg(value_parser = ServerSpec::parse)]
    servers: Vec<ServerSpec>,
    /// The label of the server the others are compared with (default: the last one).
    #[arg(long)]
    baseline: Option<String>,
    /// Calls in flight, one measured level each.
    #[arg(long, value_delimiter = ',', default_value = "1,8,64")]
    levels: Vec<usize>,
    /// Timed spawns per server (after one warm-up spawn each).
    #[arg(long, default_value_t = 10)]
    spawns: usize,
    /// Measured windows per level and server.
    #[arg(long, default_value_t = 10)]
    rounds: usize,
    /// Length of a measured window.
    #[arg(long, default_value_t = 500)]
    window_ms: u64,
    /// Measure a fixed count of calls per window instead of a fixed time.
    #[arg(long)]
    calls: Option<u64>,
    /// Unmeasured calls before each window, in milliseconds of closed loop.
    #[arg(long, default_value_t = 200)]
    warmup_ms: u64,
    /// Unmeasured closed loop on each server once it is up, before the first window.
    #[arg(long, default_value_t = 1000)]
    initial_warmup_ms: u64,
    /// A server that sends nothing for this long while the client waits fails the run.
    #[arg(long, default_value_t = 10_000)]
    stall_ms: u64,
    /// Passed by `cargo bench`; ignored.
    #[arg(long, hide = true)]
    bench: bool,
}

/// A scratch folder for the servers' sandboxes and stderr logs, removed at the end.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn default_servers() -> Result<Vec<ServerSpec>> {
    let exe = std::env::current_exe()?;
    // target/release/deps/mcp-<hash> → target/release/omp-host
    let release = exe.parent().and_then(Path::parent).context("benchmark executable has no target folder")?;
    let node_script = Path::new(env!("CARGO_MANIFEST_DIR")).join("bench/node-echo/server.mjs");
    let specs = [
        format!("omp-host=omp-host:{}", release.join("omp-host").display()),
        format!("node=node:{}", node_script.display()),
    ];
    specs.iter().map(|spec| ServerSpec::parse(spec).map_err(anyhow::Error::msg)).collect()
}

fn run(args: Args) -> Result<String> {
    let servers = if args.servers.is_empty() { default_servers()? } else { args.servers };
    let baseline = match &args.baseline {
        Some(label) => servers
            .iter()
            .position(|s| &s.label == label)
            .with_context(|| format!("--baseline {label}: no server has that label"))?,
        None => servers.len() - 1,
    };
    if args.levels.contains(&0) {
        bail!("--levels: calls in flight must be at least 1");
    }
    for (i, spec) in servers.iter().enumerate() {
        if servers[..i].iter().any(|other| other.label == spec.label) {
            bail!("two servers are labelled {}", spec.label);
        }
    }
    let stall = Duration::from_millis(args.stall_ms);
    let load_at_start = load_average();
    let scratch = Scratch(std::env::temp_dir().join(format!("omp-host-bench-mcp-{}", std::process::id())));
    let mut figures: Vec<ServerFigures> = servers
        .iter()
        .map(|s| ServerFigures {
            label: s.label.clone(),
            spawn_to_list: Vec::new(),
            windows: vec![Vec::new(); args.levels.len()],
        })
        .collect();

    eprintln!("spawn to first tools/list: one warm-up spawn each, then {} rounds", args.spawns);
    for spec in &servers {
        spawn_to_list(spec, &scratch.0, stall)?;
    }
    for _ in 0..args.spawns {
        for (spec, figures) in servers.iter().zip(&mut figures) {
            figures.spawn_to_list.push(spawn_to_list(spec, &scratch.0, stall)?);
        }
    }

    let mut connections = Vec::new();
    for spec in &servers {
        let (mut connection, _) = connect(spec, &scratch.0, stall)?;
        closed_loop(
            &mut connection,
            8,
            Length::Time(Duration::from_millis(args.initial_warmup_ms)),
            Length::Calls(1),
        )?;
        connections.push(connection);
    }
    let warmup = Length::Time(Duration::from_millis(args.warmup_ms));
    let measured = args.calls.map_or(Length::Time(Duration::from_millis(args.window_ms)), Length::Calls);
    for (level_index, &level) in args.levels.iter().enumerate() {
        for round in 1..=args.rounds {
            let mut progress = format!("{level} in flight, window {round}/{}:", args.rounds);
            for (connection, figures) in connections.iter_mut().zip(&mut figures) {
                let window = closed_loop(connection, level, warmup, measured)?;
                progress += &format!(" {} {:.0}/s", connection.label(), window.calls as f64 / window.elapsed.as_secs_f64());
                figures.windows[level_index].push(window);
            }
            eprintln!("{progress}");
        }
    }
    for connection in connections {
        let label = connection.label().to_string();
        if !connection.close(EXIT_GRACE) {
            eprintln!("note: {label} did not exit within {EXIT_GRACE:?} of its stdin closing; it was killed");
        }
    }
    let tables = table::render(&Report {
        levels: args.levels,
        servers: figures,
        baseline,
    });
    Ok(format!(
        "{tables}\nLoad average (1, 5, 15 min): {load_at_start} at the start, {} at the end. Other \
         processes share the cores: calls/s move with them far more than CPU µs/call.\n",
        load_average()
    ))
}

/// The machine's load average over 1, 5 and 15 minutes, as /proc/loadavg gives it.
fn load_average() -> String {
    let text = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    text.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
}

fn main() -> ExitCode {
    if std::env::args().nth(1).as_deref() == Some(floor::SERVE_FLOOR) {
        return match floor::serve() {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("{error:#}");
                ExitCode::FAILURE
            }
        };
    }
    match run(Args::parse()) {
        Ok(report) => {
            print!("{report}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("bench mcp: {error:#}");
            ExitCode::FAILURE
        }
    }
}
