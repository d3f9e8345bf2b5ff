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
}

/// How often the watchdog looks when something is armed.
const TICK: Duration = Duration::from_millis(20);

impl Watchdog {
    pub fn start(busy: Arc<BusyFlag>, isolate: v8::IsolateHandle) -> Watchdog {
        let shared: Arc<(Mutex<Armed>, Condvar)> = Arc::default();
        let inner = shared.clone();
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
                        || match busy.running_call() {
                            Some(call) => armed.deadlines.get(&call).is_some_and(|d| *d <= now),
                            None => armed.deadlines.values().any(|d| *d <= now),
                        };
                    if due && busy.running_for().is_some() {
                        isolate.terminate_execution();
                        armed.stop_requested = false;
                    }
                    armed = if armed.deadlines.is_empty() && !armed.stop_requested {
                        wake.wait(armed).unwrap()
                    } else {
                        wake.wait_timeout(armed, TICK).unwrap().0
                    };
                }
            })
            .expect("spawn watchdog thread");
        Watchdog { shared, thread: Some(thread) }
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

    /// Stops the running script now if the engine is busy (used for cancellation).
    pub fn stop_if_busy(&self) {
        let (lock, wake) = &*self.shared;
        lock.lock().unwrap().stop_requested = true;
        wake.notify_one();
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
