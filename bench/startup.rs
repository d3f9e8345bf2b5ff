//! Start-up benchmark: wall time from process start until `omp-host list --json` has
//! printed every tool, cold (empty transpile cache) and warm, plus peak RSS, for the bundled
//! examples, 50 generated TypeScript tool modules and any extra tool folders given, for one
//! or more omp-host binaries measured interleaved in one run (so both engines see the same
//! machine load). `bench/startup.sh` builds both engines and runs it;
//! `cargo bench --bench startup -- [--binary LABEL=PATH]... [--case LABEL=DIR]...`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const RUNS: usize = 15;

struct Sample {
    wall: Duration,
    peak_rss_kib: i64,
    tools: usize,
}

/// The omp-host binary built beside this benchmark.
fn default_binary() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let release = exe.parent().unwrap().parent().unwrap();
    release.join("omp-host")
}

/// Runs `omp-host list --json --only --tool <dir>` once; measures it with wait4's rusage.
// The child is reaped by `wait4` (for its rusage), which clippy does not see.
#[allow(clippy::zombie_processes)]
fn run_once(binary: &Path, tools_dir: &Path, cache: &Path, home: &Path) -> Sample {
    let start = Instant::now();
    let child = Command::new(binary)
        .args(["list", "--json", "--only", "--tool"])
        .arg(tools_dir)
        .env("HOME", home)
        .env("OMP_HOST_CACHE_DIR", cache)
        .env("OMP_HOST_DATA_DIR", home.join("data"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("spawn {} (build it with cargo build --release first): {e}", binary.display()));
    let pid = child.id() as libc::pid_t;
    let mut stdout = child.stdout.unwrap();
    let mut text = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut text).unwrap();
    let mut status = 0;
    // SAFETY: rusage is plain old data; wait4 fills it for our own child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let wall = start.elapsed();
    let list: serde_json::Value = serde_json::from_str(&text).expect("list --json output");
    Sample {
        wall,
        peak_rss_kib: usage.ru_maxrss,
        tools: list["tools"].as_array().map_or(0, |a| a.len()),
    }
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(|a, b| a.partial_cmp(b).unwrap());
    values[values.len() / 2]
}

/// One binary's figures for one case.
#[derive(Default)]
struct Figures {
    cold_ms: Vec<f64>,
    warm_ms: Vec<f64>,
    rss_mb: Vec<f64>,
    tools: usize,
}

/// Measures every binary on one tool folder, alternating binaries run by run.
fn measure(case: &str, tools_dir: &Path, binaries: &[(String, PathBuf)], scratch: &Path) {
    let home = scratch.join("home");
    std::fs::create_dir_all(&home).unwrap();
    let mut figures: Vec<Figures> = binaries.iter().map(|_| Figures::default()).collect();
    for i in 0..RUNS {
        for ((_, binary), figures) in binaries.iter().zip(figures.iter_mut()) {
            let cache = scratch.join(format!("cache-{i}"));
            let _ = std::fs::remove_dir_all(&cache);
            let first = run_once(binary, tools_dir, &cache, &home);
            let second = run_once(binary, tools_dir, &cache, &home);
            figures.tools = second.tools;
            figures.cold_ms.push(first.wall.as_secs_f64() * 1000.0);
            figures.warm_ms.push(second.wall.as_secs_f64() * 1000.0);
            figures.rss_mb.push(second.peak_rss_kib.max(first.peak_rss_kib) as f64 / 1024.0);
            let _ = std::fs::remove_dir_all(&cache);
        }
    }
    for ((label, _), figures) in binaries.iter().zip(figures) {
        println!(
            "| {case} | {label} | {} | {:.1} ms | {:.1} ms | {:.1} MB |",
            figures.tools,
            median(figures.cold_ms),
            median(figures.warm_ms),
            median(figures.rss_mb)
        );
    }
}

/// Writes `count` TypeScript tool modules (with TS-only syntax, imports and a schema).
fn generate_tools(dir: &Path, count: usize) {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir.join("shared")).unwrap();
    std::fs::write(
        dir.join("shared").join("util.ts"),
        "export enum Kind { A = 'a', B = 'b' }\nexport const fmt = (n: number): string => `#${n}`;\n",
    )
    .unwrap();
    for i in 0..count {
        let source = format!(
            "import {{ Kind, fmt }} from \"./shared/util.js\";\n\
             interface Params {{ text: string; times?: number }}\n\
             class Worker{i} {{ constructor(private readonly id: number) {{}} run(p: Params): string {{ return fmt(this.id) + Kind.A + p.text.repeat(p.times ?? 1); }} }}\n\
             export default (pi: any) => ({{\n  name: \"generated_{i}\", label: \"Generated {i}\", description: \"Generated benchmark tool {i}\",\n  parameters: {{ type: \"object\", properties: {{ text: {{ type: \"string\" }}, times: {{ type: \"integer\", minimum: 1, default: 1 }} }}, required: [\"text\"] }},\n  async execute(_id: string, params: Params) {{ return {{ content: [{{ type: \"text\", text: new Worker{i}({i}).run(params) }}] }}; }},\n}});\n"
        );
        std::fs::write(dir.join(format!("tool_{i:02}.ts")), source).unwrap();
    }
}

/// `LABEL=VALUE` arguments after `flag`.
fn labelled(args: &[String], flag: &str) -> Vec<(String, PathBuf)> {
    args.windows(2)
        .filter(|pair| pair[0] == flag)
        .map(|pair| {
            let (label, value) = pair[1].split_once('=').unwrap_or_else(|| panic!("{flag} takes LABEL=PATH, got {}", pair[1]));
            (label.to_string(), PathBuf::from(value))
        })
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut binaries = labelled(&args, "--binary");
    if binaries.is_empty() {
        binaries.push(("omp-host".into(), default_binary()));
    }
    let scratch = std::env::temp_dir().join(format!("omp-host-bench-startup-{}", std::process::id()));
    let generated = scratch.join("generated-50");
    generate_tools(&generated, 50);
    let mut cases = vec![
        (
            "examples/tools".to_string(),
            Path::new(env!("CARGO_MANIFEST_DIR")).join("examples").join("tools"),
        ),
        ("50 generated .ts modules".to_string(), generated),
    ];
    cases.extend(labelled(&args, "--case"));
    println!("Start-up, median of {RUNS} runs each (cold: empty transpile cache; warm: the next start)\n");
    println!("| tools folder | binary | tools | cold | warm | peak RSS |");
    println!("|---|---|---|---|---|---|");
    for (i, (case, dir)) in cases.iter().enumerate() {
        measure(case, dir, &binaries, &scratch.join(format!("case-{i}")));
    }
    let _ = std::fs::remove_dir_all(&scratch);
}
