//! Stuck-tool benchmark, through `omp-host run` as a client drives it: how soon a cancel of a
//! spinning call is answered and takes effect (the engine runs the next call), how soon `list`
//! is answered while a tool spins, and when another module's call is answered while a tool
//! spins until its deadline. The host's targets: a cancel takes effect within 100 ms; nothing
//! waits on a wedged tool longer than its deadline. For scale it first measures how late a
//! 10 ms sleep wakes on the machine. Run with `cargo bench --bench stuck`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

const SPINNERS: &str = "export default () => [
  { name: 'spin', label: 's', description: 'spins', parameters: {}, execute(id, p, onUpdate) { onUpdate({ content: [] }); while (true) {} } },
  { name: 'spin_async', label: 's', description: 'spins after an await', parameters: {}, async execute(id, p, onUpdate) { await new Promise((r) => setTimeout(r, 1)); onUpdate({ content: [] }); while (true) {} } },
  { name: 'wedge', label: 'w', description: 'spins until its deadline', parameters: {}, execute(id, p, onUpdate) { onUpdate({ content: [] }); while (true) {} } },
];
";
const OTHER: &str = "export default () => ({ name: 'other', label: 'o', description: 'answers', parameters: {}, execute: async () => ({ content: [{ type: 'text', text: 'ok' }] }) });\n";
const WEDGE_DEADLINE_MS: u64 = 1000;

/// `omp-host run` with the benchmark's tools, read line by line.
struct Host {
    child: Child,
    /// The host's input; closed (end of input ends the host) when the benchmark is done.
    stdin: Option<ChildStdin>,
    lines: Receiver<Value>,
    /// Lines read while waiting for another one.
    unclaimed: Vec<Value>,
}

impl Host {
    fn start(project: &std::path::Path) -> Host {
        let mut child = Command::new(env!("CARGO_BIN_EXE_omp-host"))
            .arg("run")
            .current_dir(project)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start omp-host run");
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if sender.send(serde_json::from_str(&line).expect("a JSON line")).is_err() {
                    return;
                }
            }
        });
        let mut host = Host {
            stdin: child.stdin.take(),
            child,
            lines,
            unclaimed: Vec::new(),
        };
        host.wait(|e| e["type"] == "ready");
        host
    }

    fn send(&mut self, line: Value) {
        writeln!(self.stdin.as_mut().unwrap(), "{line}").expect("the host reads its input");
    }

    fn call(&mut self, id: &str, tool: &str) {
        self.send(json!({ "type": "call", "id": id, "tool": tool, "params": {} }));
    }

    /// The first line (already read, or the next ones) that `matches`; lines read past are
    /// kept for later waits.
    fn wait(&mut self, matches: impl Fn(&Value) -> bool) -> Value {
        if let Some(index) = self.unclaimed.iter().position(&matches) {
            return self.unclaimed.remove(index);
        }
        loop {
            let line = self.lines.recv_timeout(Duration::from_secs(60)).expect("the host answers within 60 s");
            if matches(&line) {
                return line;
            }
            self.unclaimed.push(line);
        }
    }

    fn wait_end(&mut self, id: &str) -> Value {
        self.wait(|e| e["type"] == "tool_execution_end" && e["toolCallId"] == id)
    }

    fn wait_update(&mut self, id: &str) {
        self.wait(|e| e["type"] == "tool_execution_update" && e["toolCallId"] == id);
    }
}

impl Drop for Host {
    /// Ends the host's input and waits for it to exit.
    fn drop(&mut self) {
        drop(self.stdin.take());
        let _ = self.child.wait();
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// "p50 … p90 … max …" of `samples`, in milliseconds.
fn spread(mut samples: Vec<Duration>) -> String {
    samples.sort();
    let at = |p: f64| ms(samples[((samples.len() - 1) as f64 * p).round() as usize]);
    format!("p50 {:.2} ms   p90 {:.2} ms   max {:.2} ms", at(0.5), at(0.9), at(1.0))
}

/// Cancels `rounds` calls of `tool` once each has begun: how soon the cancel is answered, and
/// how soon the next call (sent right after the cancel) is answered — the spin must be
/// stopped for the engine to run it.
fn cancels(host: &mut Host, tool: &str, rounds: usize) {
    let (mut answered, mut took_effect) = (Vec::new(), Vec::new());
    for round in 0..rounds {
        let (id, next) = (format!("{tool}-{round}"), format!("{tool}-next-{round}"));
        host.call(&id, tool);
        host.wait_update(&id);
        let cancelled = Instant::now();
        host.send(json!({ "type": "cancel", "id": id }));
        host.call(&next, "other");
        host.wait_end(&id);
        answered.push(cancelled.elapsed());
        host.wait_end(&next);
        took_effect.push(cancelled.elapsed());
    }
    println!("cancel of `{tool}` ({rounds} rounds): answered      {}", spread(answered));
    println!(
        "cancel of `{tool}` ({rounds} rounds): next call done {}   (target: 100 ms)",
        spread(took_effect)
    );
}

/// How many scripts the host log says were stopped, for each reason.
fn stop_tally(logs: &std::path::Path) -> String {
    let mut tally = std::collections::BTreeMap::<String, usize>::new();
    for file in std::fs::read_dir(logs).into_iter().flatten().flatten() {
        let text = std::fs::read_to_string(file.path()).unwrap_or_default();
        for line in text.lines().filter_map(|l| serde_json::from_str::<Value>(l).ok()) {
            if line["message"] == "Stopped a running script" {
                *tally.entry(line["reason"].as_str().unwrap_or("?").to_string()).or_default() += 1;
            }
        }
    }
    tally.iter().map(|(reason, n)| format!("{reason} {n}")).collect::<Vec<_>>().join(", ")
}

fn main() {
    let dir = std::env::temp_dir().join(format!("omp-host-bench-stuck-{}", std::process::id()));
    let project = dir.join("project");
    let tools = project.join(".omp").join("tools");
    std::fs::create_dir_all(&tools).unwrap();
    std::fs::write(tools.join("spinners.ts"), SPINNERS).unwrap();
    std::fs::write(tools.join("other.ts"), OTHER).unwrap();
    let settings = json!({ "deadlineMs": 120_000, "toolSettings": { "wedge": { "deadlineMs": WEDGE_DEADLINE_MS } } });
    std::fs::write(project.join(".omp").join("omp-host.json"), settings.to_string()).unwrap();
    let home = dir.join("home");
    std::env::set_var("XDG_CONFIG_HOME", home.join(".config"));
    std::env::set_var("HOME", home);
    std::env::remove_var("PI_CODING_AGENT_DIR");
    std::env::set_var("OMP_HOST_DATA_DIR", dir.join("data"));
    std::env::set_var("OMP_HOST_CACHE_DIR", dir.join("cache"));

    // The machine's own scheduling, for scale: how late a 10 ms sleep wakes.
    let mut overshoot = Vec::new();
    for _ in 0..300 {
        let started = Instant::now();
        std::thread::sleep(Duration::from_millis(10));
        overshoot.push(started.elapsed().saturating_sub(Duration::from_millis(10)));
    }
    println!("this machine: a 10 ms sleep wakes late by   {}", spread(overshoot));

    let mut host = Host::start(&project);
    let mut plain = Vec::new();
    for round in 0..30 {
        let id = format!("plain-{round}");
        let started = Instant::now();
        host.call(&id, "other");
        host.wait_end(&id);
        plain.push(started.elapsed());
    }
    println!("a plain call, for comparison (30 rounds):   {}", spread(plain));
    cancels(&mut host, "spin", 30);
    cancels(&mut host, "spin_async", 30);

    let (mut listed, mut other) = (Vec::new(), Vec::new());
    for round in 0..5 {
        let (wedge, next) = (format!("wedge-{round}"), format!("other-{round}"));
        host.call(&wedge, "wedge");
        host.wait_update(&wedge);
        let wedged = Instant::now();
        host.send(json!({ "type": "list" }));
        host.wait(|e| e["type"] == "tools");
        listed.push(wedged.elapsed());
        host.call(&next, "other");
        host.wait_end(&next);
        other.push(wedged.elapsed());
        host.wait_end(&wedge);
    }
    println!("`list` while a tool spins (5 rounds):       {}", spread(listed));
    println!(
        "another module's call while a tool spins until its {WEDGE_DEADLINE_MS} ms deadline (5 rounds, from the spin's start): {}",
        spread(other)
    );
    drop(host);
    println!("scripts the host stopped, by reason (its log): {}", stop_tally(&dir.join("data").join("logs")));
    let _ = std::fs::remove_dir_all(&dir);
}
