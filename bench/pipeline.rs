//! Call-pipeline benchmark, in process through the serve core: the per-call overhead for a
//! trivial tool (call in → `tool_execution_end` out: validation, scheduling, the engine call,
//! normalization, truncation check, events), and the wall time of 8 concurrent calls to a
//! shared tool that runs `sleep 0.5`. Run with `cargo bench --bench pipeline`.

use std::time::{Duration, Instant};

use omp_host::Core;
use omp_host::Event;
use omp_host::HostConfig;
use omp_host::{Session, SessionOptions};
use tokio::sync::mpsc::unbounded_channel;

const TOOLS: &str = r#"export default (pi) => [
  { name: "trivial", label: "t", description: "returns at once", parameters: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
    async execute(id, params) { return { content: [{ type: "text", text: "ok " + params.n }] }; } },
  { name: "sleeper", label: "s", description: "sleeps half a second in a child process", parameters: { type: "object" },
    async execute(id, params, onUpdate, ctx, signal) { await pi.exec("sleep", ["0.5"], { signal }); return { content: [{ type: "text", text: "slept" }] }; } },
];
"#;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

async fn open_session(dir: &std::path::Path) -> Session {
    let mut options = SessionOptions::new(dir.to_path_buf(), HostConfig::default());
    options.discovery.cli_tool_paths = vec![dir.join("tools").display().to_string()];
    options.discovery.only_configured = true;
    Session::open(options).await.expect("engine starts")
}

/// Waits for the result event of call `id`.
async fn wait_result(events: &mut tokio::sync::mpsc::UnboundedReceiver<Event>, id: &str) -> omp_host::ToolResult {
    while let Some(event) = events.recv().await {
        if let Event::ToolExecutionEnd { tool_call_id, result, .. } = event {
            if tool_call_id == id {
                return result;
            }
        }
    }
    panic!("pipeline ended");
}

fn main() {
    let dir = std::env::temp_dir().join(format!("omp-host-bench-pipeline-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("tools")).unwrap();
    std::fs::write(dir.join("tools").join("bench.js"), TOOLS).unwrap();
    std::env::set_var("OMP_HOST_DATA_DIR", dir.join("data"));
    std::env::set_var("OMP_HOST_CACHE_DIR", dir.join("cache"));
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let session = open_session(&dir).await;
        let (events, mut event_stream) = unbounded_channel();
        let core = Core::new(session, events.clone());
        {
            let call = |id: String, tool: &str, params: serde_json::Value| core.call(id, tool.into(), params, events.clone()).expect("call accepted");
            // Warm up, then measure sequential round trips.
            let (warmup, measured) = (500, 5000);
            let mut times = Vec::with_capacity(measured);
            for i in 0..warmup + measured {
                let id = format!("t{i}");
                let started = Instant::now();
                call(id.clone(), "trivial", serde_json::json!({ "n": i }));
                let result = wait_result(&mut event_stream, &id).await;
                assert!(!result.is_error);
                if i >= warmup {
                    times.push(started.elapsed());
                }
            }
            times.sort();
            println!(
                "per-call overhead, trivial tool ({measured} sequential calls): p50 {:.1} µs   p90 {:.1} µs   p99 {:.1} µs",
                percentile(&times, 0.5).as_secs_f64() * 1e6,
                percentile(&times, 0.9).as_secs_f64() * 1e6,
                percentile(&times, 0.99).as_secs_f64() * 1e6
            );
            // 8 concurrent calls to a shared tool that sleeps 0.5 s in a child process.
            for round in 0..3 {
                let started = Instant::now();
                let ids: Vec<String> = (0..8).map(|i| format!("s{round}-{i}")).collect();
                for id in &ids {
                    call(id.clone(), "sleeper", serde_json::json!({}));
                }
                let mut done = 0;
                while done < ids.len() {
                    if let Some(Event::ToolExecutionEnd { result, .. }) = event_stream.recv().await {
                        assert!(!result.is_error, "{result:?}");
                        done += 1;
                    }
                }
                println!(
                    "8 concurrent calls to a shared tool running `sleep 0.5`: wall {:.3} s (round {})",
                    started.elapsed().as_secs_f64(),
                    round + 1
                );
            }
        }
        core.shutdown("the benchmark is over", None).await;
    });
    let _ = std::fs::remove_dir_all(&dir);
}
