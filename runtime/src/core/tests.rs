//! The core against a fake engine: which calls reach the engine, in what order, and how each
//! ends — no JavaScript, virtual time for deadlines.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use deno_core::futures::future::BoxFuture;
use serde_json::{json, Value};
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};
use tokio::sync::oneshot;

use super::engine::ToolEngine;
use super::settings::CallSettings;
use super::{Core, Parts};
use crate::bridge::{CallOutcome, SessionReport, StopReason};
use crate::config::{HostConfig, ToolSettings};
use crate::engine::{CallRun, Run, ToolRef};
use crate::events::Event;
use crate::log::HostLog;
use crate::pending::PendingQueue;
use crate::registry::{Registry, ToolEntry};
use crate::schedule::Concurrency;

/// An engine whose calls end only when the test says so; it records what it was asked. It
/// can stop taking calls up (as a wedged engine does) and be replaced.
#[derive(Default)]
struct FakeEngine {
    running: Mutex<HashMap<String, oneshot::Sender<CallOutcome>>>,
    log: Mutex<Vec<String>>,
    /// Calls are left queued, not taken up.
    wedged: std::sync::atomic::AtomicBool,
    /// The serving engine's number, and the token cancelled when it is lost.
    generation: Mutex<(u64, tokio_util::sync::CancellationToken)>,
    /// Session event handlers never settle: a delivery ends at its time limit, timed out.
    hanging_handlers: std::sync::atomic::AtomicBool,
}

impl FakeEngine {
    fn record(&self, entry: String) {
        self.log.lock().unwrap().push(entry);
    }

    fn log(&self) -> Vec<String> {
        self.log.lock().unwrap().clone()
    }

    fn is_running(&self, id: &str) -> bool {
        self.running.lock().unwrap().contains_key(id)
    }

    /// Session event handlers hang from now on.
    fn hang_session_handlers(&self) {
        self.hanging_handlers.store(true, std::sync::atomic::Ordering::SeqCst);
    }

    /// Stops taking calls up.
    fn wedge(&self) {
        self.wedged.store(true, std::sync::atomic::Ordering::SeqCst);
    }

    /// A new engine takes the wedged one's place.
    fn replace(&self) {
        let mut generation = self.generation.lock().unwrap();
        generation.1.cancel();
        *generation = (generation.0 + 1, Default::default());
        self.wedged.store(false, std::sync::atomic::Ordering::SeqCst);
    }

    /// Ends call `id` with a text result.
    fn finish(&self, id: &str, text: &str) {
        let reply = self.running.lock().unwrap().remove(id).unwrap_or_else(|| panic!("{id} is not running"));
        let _ = reply.send(CallOutcome::Returned(json!({ "content": [{ "type": "text", "text": text }] })));
    }
}

impl ToolEngine for FakeEngine {
    fn invoke(&self, call_id: &str, _run: Run) -> CallRun {
        let (reply, outcome) = oneshot::channel();
        let (_updates, update_stream) = crate::bridge::update_queue::update_queue();
        let (number, lost) = self.generation.lock().unwrap().clone();
        let run = CallRun::new(outcome, update_stream, lost, number);
        self.running.lock().unwrap().insert(call_id.to_string(), reply);
        if self.wedged.load(std::sync::atomic::Ordering::SeqCst) {
            self.record(format!("queue {call_id}"));
            return run;
        }
        run.claim().store(true, std::sync::atomic::Ordering::SeqCst);
        let entry = if number == 0 {
            format!("start {call_id}")
        } else {
            format!("start {call_id} on {number}")
        };
        self.record(entry);
        run
    }

    fn forget_action(&self, action_id: u64) {
        self.record(format!("forget {action_id}"));
    }

    fn watch_call(&self, _call_id: &str, _deadline: Instant) {}

    fn call_ended(&self, call_id: &str) {
        self.running.lock().unwrap().remove(call_id);
    }

    fn stop_call(&self, call_id: &str, why: StopReason, _reason: &str) {
        self.record(format!("stop {call_id} {why:?}"));
    }

    fn abort_signal(&self, call_id: &str, _reason: &str) {
        self.record(format!("signal {call_id}"));
    }

    fn concurrency(&self, _tool: ToolRef, _params: Value) -> BoxFuture<'static, Option<String>> {
        Box::pin(async { None })
    }

    fn approval(&self, _tool: ToolRef, _params: Value) -> BoxFuture<'static, Value> {
        Box::pin(async { Value::Null })
    }

    fn session_event(&self, event: Value, _tools: Vec<ToolRef>, _key: String, timeout: Duration) -> BoxFuture<'static, SessionReport> {
        if !self.hanging_handlers.load(std::sync::atomic::Ordering::SeqCst) {
            return Box::pin(async { SessionReport::default() });
        }
        // As the engine does: the delivery gives up at its time limit.
        self.record(format!("session {} limit {} ms", event["reason"].as_str().unwrap_or(""), timeout.as_millis()));
        Box::pin(async move {
            tokio::time::sleep(timeout).await;
            SessionReport {
                timed_out: true,
                ..Default::default()
            }
        })
    }

    fn seal(&self) {
        self.record("seal".into());
    }

    fn kill_children(&self) {
        self.record("kill children".into());
    }

    fn serving_now(&self, _tool_engine: u64) -> Option<u64> {
        Some(self.generation.lock().unwrap().0)
    }
}

fn tool(name: &str, concurrency: Concurrency) -> ToolEntry {
    let mut entry = ToolEntry::missing(name);
    entry.concurrency = Some(concurrency.into());
    entry
}

struct Harness {
    core: Core,
    engine: Arc<FakeEngine>,
    events: UnboundedReceiver<Event>,
    sink: UnboundedSender<Event>,
    ended: HashMap<String, Value>,
}

impl Harness {
    fn new(tools: Vec<ToolEntry>, config: HostConfig) -> Harness {
        let mut registry = Registry::default();
        tools.into_iter().for_each(|t| registry.add(t));
        let engine = Arc::new(FakeEngine::default());
        let (sink, events) = unbounded_channel();
        let settings = CallSettings::from_config(&config, 64 << 20);
        let log = HostLog::in_dir(std::env::temp_dir().join("omp-host-core-tests"));
        let pending = PendingQueue::new();
        let parts = Parts {
            registry,
            config,
            settings,
            log,
            pending,
            session_log: None,
            ui: crate::ui::UiBroker::default(),
            tool_changes: Default::default(),
        };
        let core = Core::with_engine(engine.clone(), parts, sink.clone());
        Harness {
            core,
            engine,
            events,
            sink,
            ended: HashMap::new(),
        }
    }

    fn call(&self, id: &str, tool: &str) {
        self.core.call(id.into(), tool.into(), json!({}), self.sink.clone()).unwrap();
    }

    /// Lets every task run until nothing more happens.
    async fn settle(&mut self) {
        for _ in 0..100 {
            tokio::task::yield_now().await;
        }
        while let Ok(event) = self.events.try_recv() {
            if let Event::ToolExecutionEnd { tool_call_id, result, .. } = event {
                let previous = self.ended.insert(tool_call_id.clone(), serde_json::to_value(result).unwrap());
                assert!(previous.is_none(), "{tool_call_id} ended twice");
            }
        }
    }

    fn ended_text(&self, id: &str) -> Option<String> {
        self.ended.get(id).map(|r| r["content"][0]["text"].as_str().unwrap_or("").to_string())
    }
}

#[tokio::test]
async fn a_fast_call_ends_while_a_slow_one_is_still_running() {
    let mut h = Harness::new(
        vec![tool("slow", Concurrency::Shared), tool("fast", Concurrency::Shared)],
        HostConfig::default(),
    );
    h.call("s", "slow");
    h.call("f", "fast");
    h.settle().await;
    h.engine.finish("f", "fast done");
    h.settle().await;
    assert_eq!(h.ended_text("f").as_deref(), Some("fast done"));
    assert!(h.ended_text("s").is_none() && h.engine.is_running("s"));
}

#[tokio::test]
async fn an_exclusive_call_runs_alone_and_waiters_keep_their_order() {
    let mut h = Harness::new(
        vec![tool("read", Concurrency::Shared), tool("write", Concurrency::Exclusive)],
        HostConfig::default(),
    );
    h.call("r1", "read");
    h.call("w", "write");
    h.call("r2", "read");
    h.settle().await;
    assert_eq!(
        h.engine.log(),
        ["start r1"],
        "the writer waits for the reader; the later reader waits for the writer"
    );
    h.engine.finish("r1", "1");
    h.settle().await;
    assert_eq!(h.engine.log(), ["start r1", "start w"]);
    h.engine.finish("w", "w");
    h.settle().await;
    assert_eq!(h.engine.log(), ["start r1", "start w", "start r2"]);
}

#[tokio::test]
async fn a_call_cancelled_before_it_starts_never_reaches_the_engine() {
    let mut h = Harness::new(
        vec![tool("hold", Concurrency::Exclusive), tool("later", Concurrency::Shared)],
        HostConfig::default(),
    );
    h.call("h", "hold");
    h.call("l", "later");
    h.settle().await;
    assert!(h.core.cancel("l", "changed my mind"));
    h.settle().await;
    assert_eq!(
        h.ended_text("l").as_deref(),
        Some("Tool was not executed because the run was aborted: changed my mind.")
    );
    h.engine.finish("h", "held");
    h.settle().await;
    assert_eq!(h.engine.log(), ["start h"]);
    assert!(!h.core.cancel("l", "again"), "an ended call can no longer be cancelled");
}

#[tokio::test(start_paused = true)]
async fn a_call_past_its_deadline_is_stopped_and_ends_with_the_deadline_result() {
    let mut config = HostConfig::default();
    config.tool_settings.insert(
        "stuck".into(),
        ToolSettings {
            deadline_ms: Some(250),
            ..Default::default()
        },
    );
    let mut h = Harness::new(vec![tool("stuck", Concurrency::Shared)], config);
    h.call("x", "stuck");
    h.settle().await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    h.settle().await;
    assert_eq!(
        h.ended_text("x").as_deref(),
        Some("Tool stuck did not finish within its deadline of 250 ms and was stopped.")
    );
    assert!(h.engine.log().contains(&"stop x Deadline".to_string()), "{:?}", h.engine.log());
}

#[tokio::test]
async fn a_running_call_cancelled_is_stopped_and_ends_at_once() {
    let mut h = Harness::new(vec![tool("slow", Concurrency::Shared)], HostConfig::default());
    h.call("s", "slow");
    h.settle().await;
    h.core.cancel("s", "user pressed Esc");
    h.settle().await;
    assert_eq!(h.ended_text("s").as_deref(), Some("Tool slow was aborted: user pressed Esc."));
    assert!(h.engine.log().contains(&"stop s Cancelled".to_string()));
}

#[tokio::test]
async fn every_call_ends_once_even_when_it_cannot_run() {
    let mut h = Harness::new(vec![tool("t", Concurrency::Shared)], HostConfig::default());
    h.call("missing", "nope");
    h.settle().await;
    assert_eq!(h.ended_text("missing").as_deref(), Some("Tool nope not found"));
    assert_eq!(
        h.core.call("missing".into(), "t".into(), json!({}), h.sink.clone()),
        Ok(()),
        "an ended call's id may be used again"
    );
    let error = h.core.call("missing".into(), "t".into(), json!({}), h.sink.clone()).unwrap_err();
    assert_eq!(error.to_string(), "call: id \"missing\" is already running; use a new id for each call");
}

#[tokio::test(start_paused = true)]
async fn shutdown_aborts_signals_waits_the_grace_period_then_stops_what_is_left() {
    let mut h = Harness::new(vec![tool("slow", Concurrency::Shared)], HostConfig::default());
    h.call("s", "slow");
    h.settle().await;
    h.core.shutdown("the host is shutting down", Some(Duration::from_millis(500))).await;
    h.settle().await;
    let log = h.engine.log();
    assert_eq!(log[..3], ["start s".to_string(), "seal".to_string(), "signal s".to_string()], "{log:?}");
    assert!(log.contains(&"stop s Cancelled".to_string()), "{log:?}");
    assert_eq!(h.ended_text("s").as_deref(), Some("Tool slow was aborted: the host is shutting down."));
    assert_eq!(
        h.core.call("n".into(), "slow".into(), json!({}), h.sink.clone()),
        Err(super::Refused::ShuttingDown)
    );
}

#[tokio::test]
async fn a_call_the_lost_engine_never_took_up_runs_on_its_replacement() {
    let mut h = Harness::new(vec![tool("a", Concurrency::Shared), tool("b", Concurrency::Shared)], HostConfig::default());
    h.call("running", "a");
    h.settle().await;
    h.engine.wedge();
    h.call("queued", "b");
    h.settle().await;
    h.engine.replace();
    h.settle().await;
    let lost = h.ended_text("running").unwrap_or_default();
    assert!(lost.contains("the JavaScript engine was replaced"), "{lost}");
    assert_eq!(h.engine.log(), ["start running", "queue queued", "start queued on 1"]);
    assert!(h.ended_text("queued").is_none(), "it runs on the new engine");
    h.engine.finish("queued", "done");
    h.settle().await;
    assert_eq!(h.ended_text("queued").as_deref(), Some("done"));
}

/// A session event whose handlers hang is given 30 s (2 s for shutdown), and a call requested
/// after it waits for it, then runs. (The engine's side of the time limit, a JavaScript timer,
/// is tested end to end with the 2 s shutdown limit: call_pipeline's hanging shutdown handler.)
#[tokio::test(start_paused = true)]
async fn a_session_event_whose_handlers_hang_is_given_thirty_seconds_then_calls_after_it_run() {
    let mut h = Harness::new(vec![tool("t", Concurrency::Shared)], HostConfig::default());
    h.engine.hang_session_handlers();
    h.core.session_event(json!({ "reason": "switch" }));
    h.call("after", "t");
    h.settle().await;
    assert!(!h.engine.is_running("after"), "the call waits for the session event");
    tokio::time::sleep(Duration::from_millis(29_900)).await;
    h.settle().await;
    assert!(!h.engine.is_running("after"), "still within the 30 s");
    tokio::time::sleep(Duration::from_millis(200)).await;
    h.settle().await;
    assert!(h.engine.is_running("after"), "{:?}", h.engine.log());
    let shutdown = h.core.shutdown("the test is over", Some(Duration::from_millis(10)));
    tokio::pin!(shutdown);
    let _ = tokio::time::timeout(Duration::from_secs(5), &mut shutdown).await;
    let log = h.engine.log();
    assert!(log.contains(&"session switch limit 30000 ms".to_string()), "{log:?}");
    assert!(log.contains(&"session shutdown limit 2000 ms".to_string()), "{log:?}");
}
