//! The benchmark's report: Markdown tables with the servers side by side — spawn to first
//! `tools/list` answer, then per level of calls in flight each server's round trips per second,
//! its ratio to the baseline server, and the server CPU per call; then the spread over windows
//! and the client's own CPU per call, to judge how far the figures can be trusted.

use std::fmt::Write;

use super::measure::Window;
use super::proc_cpu;

/// Everything measured for one server.
pub struct ServerFigures {
    pub label: String,
    /// Spawn to first `tools/list` answer, one per spawn.
    pub spawn_to_list: Vec<std::time::Duration>,
    /// Per level (same order as `Report::levels`), the measured windows.
    pub windows: Vec<Vec<Window>>,
}

pub struct Report {
    pub levels: Vec<usize>,
    pub servers: Vec<ServerFigures>,
    /// Index in `servers` of the server the others are compared with.
    pub baseline: usize,
}

/// Totals over a level's windows.
struct Totals {
    calls: u64,
    seconds: f64,
    server_cpu_seconds: f64,
    client_cpu_seconds: f64,
    slowest_window: f64,
    fastest_window: f64,
}

impl Totals {
    fn of(windows: &[Window]) -> Totals {
        let rates = windows.iter().map(|w| w.calls as f64 / w.elapsed.as_secs_f64());
        Totals {
            calls: windows.iter().map(|w| w.calls).sum(),
            seconds: windows.iter().map(|w| w.elapsed.as_secs_f64()).sum(),
            server_cpu_seconds: windows.iter().map(|w| w.server_cpu.as_secs_f64()).sum(),
            client_cpu_seconds: windows.iter().map(|w| w.client_cpu.as_secs_f64()).sum(),
            slowest_window: rates.clone().fold(f64::INFINITY, f64::min),
            fastest_window: rates.fold(0.0, f64::max),
        }
    }

    fn calls_per_second(&self) -> f64 {
        self.calls as f64 / self.seconds
    }

    fn server_micros_per_call(&self) -> f64 {
        self.server_cpu_seconds * 1e6 / self.calls as f64
    }

    fn client_micros_per_call(&self) -> f64 {
        self.client_cpu_seconds * 1e6 / self.calls as f64
    }
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    match values.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => values[n / 2],
        n => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

fn median_ms(samples: &[std::time::Duration]) -> f64 {
    median(samples.iter().map(|d| d.as_secs_f64() * 1e3).collect())
}

fn rate(window: &Window) -> f64 {
    window.calls as f64 / window.elapsed.as_secs_f64()
}

/// The ratio of `server`'s rate to `base`'s in each round (their windows ran back to back, so
/// they saw nearly the same machine): median, lowest, highest.
fn paired_ratios(server: &[Window], base: &[Window]) -> (f64, f64, f64) {
    let ratios: Vec<f64> = server.iter().zip(base).map(|(s, b)| rate(s) / rate(b)).collect();
    let lowest = ratios.iter().copied().fold(f64::INFINITY, f64::min);
    let highest = ratios.iter().copied().fold(0.0, f64::max);
    (median(ratios), lowest, highest)
}

fn row(cells: &[String]) -> String {
    format!("| {} |\n", cells.join(" | "))
}

fn header(cells: &[String]) -> String {
    let rule: Vec<String> = cells.iter().map(|_| "---".to_string()).collect();
    row(cells) + row(&rule).as_str()
}

pub fn render(report: &Report) -> String {
    let mut out = String::new();
    let base = &report.servers[report.baseline];
    let others: Vec<&ServerFigures> = report
        .servers
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != report.baseline)
        .map(|(_, s)| s)
        .collect();

    let spawns = report.servers.iter().map(|s| s.spawn_to_list.len()).max().unwrap_or(0);
    writeln!(
        out,
        "Spawn to first tools/list answer (initialize, notifications/initialized, tools/list; {spawns} spawns each, after one warm-up spawn):\n"
    )
    .unwrap();
    out += &header(&["server".into(), "median".into(), "min".into(), "max".into()]);
    for server in &report.servers {
        let ms: Vec<f64> = server.spawn_to_list.iter().map(|d| d.as_secs_f64() * 1e3).collect();
        let min = ms.iter().copied().fold(f64::INFINITY, f64::min);
        let max = ms.iter().copied().fold(0.0, f64::max);
        out += &row(&[
            server.label.clone(),
            format!("{:.1} ms", median_ms(&server.spawn_to_list)),
            format!("{min:.1} ms"),
            format!("{max:.1} ms"),
        ]);
    }

    let windows = report.servers.first().and_then(|s| s.windows.first()).map_or(0, Vec::len);
    writeln!(out, "\ntools/call round trips of a trivial echo tool, closed loop ({windows} windows per level and server, interleaved); CPU is the server process's utime+stime per call answered:\n").unwrap();
    let mut columns = vec!["in flight".to_string()];
    columns.extend(report.servers.iter().map(|s| format!("{} calls/s", s.label)));
    columns.extend(others.iter().map(|s| format!("{} ÷ {}", s.label, base.label)));
    columns.extend(report.servers.iter().map(|s| format!("{} CPU µs/call", s.label)));
    out += &header(&columns);
    for (level_index, level) in report.levels.iter().enumerate() {
        let totals = |server: &ServerFigures| Totals::of(&server.windows[level_index]);
        let base_rate = totals(base).calls_per_second();
        let mut cells = vec![level.to_string()];
        cells.extend(report.servers.iter().map(|s| format!("{:.0}", totals(s).calls_per_second())));
        cells.extend(others.iter().map(|s| format!("{:.2}x", totals(s).calls_per_second() / base_rate)));
        cells.extend(report.servers.iter().map(|s| format!("{:.1}", totals(s).server_micros_per_call())));
        out += &row(&cells);
    }
    let least_cpu = report
        .servers
        .iter()
        .flat_map(|s| s.windows.iter().map(|w| Totals::of(w).server_cpu_seconds))
        .fold(f64::INFINITY, f64::min);
    writeln!(
        out,
        "\nThe kernel counts CPU in ticks of {} ms; the least server CPU behind one figure above is {least_cpu:.3} s.",
        proc_cpu::tick().as_millis()
    )
    .unwrap();

    writeln!(out, "\nSpread: calls/s of the slowest and fastest window, calls measured, the benchmark client's own CPU per call, and each server's ratio to {} round by round (median, lowest–highest):\n", base.label).unwrap();
    let mut columns = vec!["in flight".to_string()];
    for server in &report.servers {
        columns.push(format!("{} windows calls/s", server.label));
        columns.push(format!("{} calls", server.label));
        columns.push(format!("client µs/call ({})", server.label));
    }
    columns.extend(others.iter().map(|s| format!("{} ÷ {} per round", s.label, base.label)));
    out += &header(&columns);
    for (level_index, level) in report.levels.iter().enumerate() {
        let mut cells = vec![level.to_string()];
        for server in &report.servers {
            let totals = Totals::of(&server.windows[level_index]);
            cells.push(format!("{:.0}–{:.0}", totals.slowest_window, totals.fastest_window));
            cells.push(totals.calls.to_string());
            cells.push(format!("{:.1}", totals.client_micros_per_call()));
        }
        for server in &others {
            let (median, lowest, highest) = paired_ratios(&server.windows[level_index], &base.windows[level_index]);
            cells.push(format!("{median:.2}x ({lowest:.2}–{highest:.2})"));
        }
        out += &row(&cells);
    }
    out
}
