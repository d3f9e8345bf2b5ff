//! Session events (contract 6): delivered to the tools' `onSession` one at a time, in the
//! order they were requested, by one worker task. A call requested after a session event
//! waits until that event has been delivered (`wait_for_earlier`), so a tool never runs
//! ahead of the session state it was told about. Waiting calls are released in the order
//! they arrived, so they reach the scheduler in request order. Tools loaded after the session
//! started (a hot reload, a replaced engine) get a `start` of their own (`request_start_for`).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use serde_json::Value;
use tokio::sync::{mpsc, oneshot};

use super::engine::ToolEngine;
use super::settings::{SESSION_EVENT_TIMEOUT, SHUTDOWN_EVENT_TIMEOUT};
use crate::bridge::SessionReport;
use crate::engine::ToolRef;
use crate::events::{Event, EventSink};
use crate::log::HostLog;

/// One requested delivery, and who wants to know when it is done.
struct Delivery {
    event: Value,
    done: Option<oneshot::Sender<SessionReport>>,
    /// The tools it goes to; None: every loaded tool with a handler, as of delivery.
    only: Option<Vec<ToolRef>>,
}

pub(crate) struct Lifecycle {
    queue: mpsc::UnboundedSender<Delivery>,
    requested: AtomicU64,
    gate: Arc<Gate>,
    /// A `start` was requested: the session has begun for the tools loaded so far.
    started: AtomicBool,
}

/// How many events have been delivered, and the calls waiting for more, oldest first.
#[derive(Default)]
struct Gate(Mutex<GateState>);

#[derive(Default)]
struct GateState {
    delivered: u64,
    waiting: VecDeque<(u64, oneshot::Sender<()>)>,
}

impl Gate {
    /// A receiver that fires once `count` events are delivered (None: they already are).
    fn wait_for(&self, count: u64) -> Option<oneshot::Receiver<()>> {
        let mut state = self.0.lock().unwrap();
        if state.delivered >= count {
            return None;
        }
        let (release, released) = oneshot::channel();
        state.waiting.push_back((count, release));
        Some(released)
    }

    /// `count` events are delivered: release, in arrival order, the calls waiting for them.
    fn delivered(&self, count: u64) {
        let mut state = self.0.lock().unwrap();
        state.delivered = count;
        while state.waiting.front().is_some_and(|(needed, _)| *needed <= count) {
            let (_, release) = state.waiting.pop_front().expect("checked above");
            let _ = release.send(());
        }
    }
}

impl Lifecycle {
    /// Starts the delivery worker. `tool_ids` answers, at delivery time, which loaded tools
    /// have an `onSession` handler.
    pub(crate) fn start(engine: Arc<dyn ToolEngine>, log: HostLog, sink: EventSink, tool_ids: Arc<dyn Fn() -> Vec<ToolRef> + Send + Sync>) -> Lifecycle {
        let (queue, mut deliveries) = mpsc::unbounded_channel::<Delivery>();
        let gate = Arc::new(Gate::default());
        let released = gate.clone();
        tokio::spawn(async move {
            let mut count = 0u64;
            while let Some(delivery) = deliveries.recv().await {
                count += 1;
                let tools = delivery.only.unwrap_or_else(|| tool_ids());
                let report = deliver(&engine, &log, &sink, &delivery.event, tools, count).await;
                if let Some(done) = delivery.done {
                    let _ = done.send(report);
                }
                released.delivered(count);
            }
        });
        Lifecycle {
            queue,
            requested: AtomicU64::new(0),
            gate,
            started: AtomicBool::new(false),
        }
    }

    /// Queues `event` for delivery.
    pub(crate) fn request(&self, event: Value) {
        self.enqueue(event, None, None);
    }

    /// Queues `event` and waits until it has been delivered.
    pub(crate) async fn deliver_now(&self, event: Value) -> SessionReport {
        let (done, report) = oneshot::channel();
        self.enqueue(event, Some(done), None);
        report.await.unwrap_or_default()
    }

    /// Once the session has started, queues a `start` for `tools` alone (loaded since, with
    /// fresh module state, as omp's tools would be at a session start) and answers its place
    /// in line (`wait_for_earlier` with it waits for the delivery). None before the session
    /// starts, whose own `start` reaches them, and when `tools` is empty.
    pub(crate) fn request_start_for(&self, tools: Vec<ToolRef>) -> Option<u64> {
        if tools.is_empty() || !self.started.load(Ordering::SeqCst) {
            return None;
        }
        Some(self.enqueue(serde_json::json!({ "reason": "start" }), None, Some(tools)))
    }

    /// Puts a delivery in line and answers how many are requested with it.
    fn enqueue(&self, event: Value, done: Option<oneshot::Sender<SessionReport>>, only: Option<Vec<ToolRef>>) -> u64 {
        if only.is_none() && event.get("reason").and_then(Value::as_str) == Some("start") {
            self.started.store(true, Ordering::SeqCst);
        }
        let place = self.requested.fetch_add(1, Ordering::SeqCst) + 1;
        let _ = self.queue.send(Delivery { event, done, only });
        place
    }

    /// How many deliveries have been requested so far (a call's place in line).
    pub(crate) fn requested_so_far(&self) -> u64 {
        self.requested.load(Ordering::SeqCst)
    }

    /// Waits until the first `count` requested events have been delivered.
    pub(crate) async fn wait_for_earlier(&self, count: u64) {
        if let Some(released) = self.gate.wait_for(count) {
            let _ = released.await;
        }
    }
}

async fn deliver(engine: &Arc<dyn ToolEngine>, log: &HostLog, sink: &EventSink, event: &Value, tool_ids: Vec<ToolRef>, count: u64) -> SessionReport {
    let reason = event.get("reason").and_then(Value::as_str).unwrap_or("").to_string();
    if reason.is_empty() {
        let _ = sink.send(Event::Error {
            message: "session: the event needs a string \"reason\" (start, switch, branch, tree, shutdown, …)".into(),
            id: None,
        });
        return SessionReport::default();
    }
    let timeout = if reason == "shutdown" {
        SHUTDOWN_EVENT_TIMEOUT
    } else {
        SESSION_EVENT_TIMEOUT
    };
    let report = engine.session_event(event.clone(), tool_ids, format!("session:{count}"), timeout).await;
    for error in &report.errors {
        log.write("warn", "Custom tool onSession error", Some(&error.0));
    }
    if report.timed_out {
        log.write(
            "warn",
            "Custom tool onSession handlers timed out",
            Some(&serde_json::json!({ "reason": reason })),
        );
    }
    let _ = sink.send(Event::SessionEvent {
        reason,
        delivered: report.delivered,
        errors: report.errors.iter().map(|e| e.0.clone()).collect(),
        timed_out: report.timed_out,
    });
    report
}
