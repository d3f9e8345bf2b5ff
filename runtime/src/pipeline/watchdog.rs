//! Stops JavaScript that will not yield. A call's deadline is normally enforced by a timer on
//! the engine thread, but a script spinning in `while (true) {}` blocks that thread; this
//! watchdog thread notices a deadline (or a cancellation) that has come while the engine is
//! busy in JavaScript, and terminates the running script from outside.

use std::collections::HashMap;
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use deno_core::v8;

use crate::engine::BusyFlag;

#[derive(Default)]
struct Armed {
    deadlines: HashMap<String, Instant>,
    stop_requested: bool,
    shutdown: bool,
}

pub struct Watchdog {
    shared: Arc<(Mutex<Armed>, Condvar)>,
    thread: Option<std::thread::JoinHandle<()>>,
    busy: Arc<BusyFlag>,
}

/// Lets another thread (the request reader) stop a runaway script for a cancellation,
/// since the engine thread cannot read requests while a script spins.
#[derive(Clone)]
pub struct Interrupter {
    shared: Arc<(Mutex<Armed>, Condvar)>,
    busy: Arc<BusyFlag>,
}

/// How long a script must have run without yielding before a cancellation stops it when the
/// host cannot tell which call it belongs to.
const RUNAWAY_AFTER: Duration = Duration::from_millis(200);

impl Interrupter {
    /// Call `call_id` is being cancelled: stop the running script if it is that call's, or if
    /// the script belongs to an unknown call and has run for a while without yielding.
    pub fn cancelled(&self, call_id: &str) {
        let Some(running_for) = self.busy.running_for() else { return };
        let stop = match self.busy.running_call() {
            Some(call) => call == call_id,
            None => running_for >= RUNAWAY_AFTER,
        };
        if stop {
            crate::engine::node::spawn_sync::kill_blocking_for_call(call_id);
            let (lock, wake) = &*self.shared;
            lock.lock().unwrap().stop_requested = true;
            wake.notify_one();
        }
    }
}

/// How often the watchdog looks when something is armed.
const TICK: Duration = Duration::from_millis(20);

impl Watchdog {
    pub fn start(busy: Arc<BusyFlag>, isolate: v8::IsolateHandle) -> Watchdog {
        let shared: Arc<(Mutex<Armed>, Condvar)> = Arc::default();
        let inner = shared.clone();
        let watched = busy.clone();
        let thread = std::thread::Builder::new()
            .name("omp-host-watchdog".into())
            .spawn(move || {
                let (lock, wake) = &*inner;
                let mut armed = lock.lock().unwrap();
                loop {
                    if armed.shutdown {
                        return;
                    }
                    let now = Instant::now();
                    // When the host knows which call is running, only that call's deadline
                    // counts; otherwise any deadline that has come does.
                    let due = armed.stop_requested
                        || match watched.running_call() {
                            Some(call) => armed.deadlines.get(&call).is_some_and(|d| *d <= now),
                            None => armed.deadlines.values().any(|d| *d <= now),
                        };
                    if due && watched.running_for().is_some() {
                        isolate.terminate_execution();
                        armed.stop_requested = false;
                        // A script blocked in a synchronous child (execSync) only sees the
                        // termination once the child is gone.
                        for (call, deadline) in &armed.deadlines {
                            if *deadline <= now {
                                crate::engine::node::spawn_sync::kill_blocking_for_call(call);
                            }
                        }
                    }
                    armed = if armed.deadlines.is_empty() && !armed.stop_requested {
                        wake.wait(armed).unwrap()
                    } else {
                        wake.wait_timeout(armed, TICK).unwrap().0
                    };
                }
            })
            .expect("spawn watchdog thread");
        Watchdog { shared, thread: Some(thread), busy }
    }

    pub fn interrupter(&self) -> Interrupter {
        Interrupter { shared: self.shared.clone(), busy: self.busy.clone() }
    }

    /// Watches `key` until `disarm`: past `deadline`, a busy engine is stopped.
    pub fn arm(&self, key: &str, deadline: Instant) {
        let (lock, wake) = &*self.shared;
        lock.lock().unwrap().deadlines.insert(key.to_string(), deadline);
        wake.notify_one();
    }

    pub fn disarm(&self, key: &str) {
        self.shared.0.lock().unwrap().deadlines.remove(key);
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        let (lock, wake) = &*self.shared;
        lock.lock().unwrap().shutdown = true;
        wake.notify_one();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
