//! Start-up benchmark: wall time from process start until `omp-host list --json` has
//! printed every tool, cold (empty transpile cache) and warm, plus peak RSS, for the bundled
//! examples and for 50 generated TypeScript tool modules. Run with `cargo bench --bench startup`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const RUNS: usize = 15;

struct Sample {
    wall: Duration,
    peak_rss_kib: i64,
    tools: usize,
}

fn binary() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let release = exe.parent().unwrap().parent().unwrap();
    release.join("omp-host")
}

/// Runs `omp-host list --json --only --tool <dir>` once; measures it with wait4's rusage.
// The child is reaped by `wait4` (for its rusage), which clippy does not see.
#[allow(clippy::zombie_processes)]
fn run_once(tools_dir: &Path, cache: &Path, home: &Path) -> Sample {
    let start = Instant::now();
    let child = Command::new(binary())
        .args(["list", "--json", "--only", "--tool"])
        .arg(tools_dir)
        .env("HOME", home)
        .env("OMP_HOST_CACHE_DIR", cache)
        .env("OMP_HOST_DATA_DIR", home.join("data"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn omp-host (build it with cargo build --release first)");
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

fn measure(label: &str, tools_dir: &Path, scratch: &Path) {
    let home = scratch.join("home");
    std::fs::create_dir_all(&home).unwrap();
    let mut cold = Vec::new();
    let mut warm = Vec::new();
    let mut rss = Vec::new();
    let mut tools = 0;
    for i in 0..RUNS {
        let cache = scratch.join(format!("cache-{i}"));
        let _ = std::fs::remove_dir_all(&cache);
        let first = run_once(tools_dir, &cache, &home);
        let second = run_once(tools_dir, &cache, &home);
        tools = second.tools;
        cold.push(first.wall.as_secs_f64() * 1000.0);
        warm.push(second.wall.as_secs_f64() * 1000.0);
        rss.push(second.peak_rss_kib.max(first.peak_rss_kib) as f64 / 1024.0);
        let _ = std::fs::remove_dir_all(&cache);
    }
    println!(
        "{label:<28} tools={tools:<3} cold median {:>6.1} ms   warm median {:>6.1} ms   peak RSS median {:>5.1} MB  ({RUNS} runs each)",
        median(cold),
        median(warm),
        median(rss)
    );
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

fn main() {
    let scratch = std::env::temp_dir().join(format!("omp-host-bench-startup-{}", std::process::id()));
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples").join("tools");
    measure("examples/tools", &examples, &scratch.join("examples"));
    let generated = scratch.join("generated-50");
    generate_tools(&generated, 50);
    measure("50 generated .ts modules", &generated, &scratch.join("g50"));
    let _ = std::fs::remove_dir_all(&scratch);
}
