//! Shared/exclusive scheduling of tool calls: shared calls run side by side, an exclusive call
//! runs alone. One read/write lock per session; tokio's lock queues waiters in FIFO order, so
//! a call that asks after an exclusive call waits for it, and exclusive calls cannot starve.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use tokio::sync::{OwnedRwLockReadGuard, OwnedRwLockWriteGuard, RwLock};

/// How a tool call may overlap with other calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Concurrency {
    /// Runs alongside other shared calls (the default for custom tools, contract 4.5).
    #[default]
    Shared,
    /// Waits for running calls to finish, then runs with no other call in flight.
    Exclusive,
}

/// Admits tool calls according to their `Concurrency`. Clones share the same lock.
#[derive(Debug, Clone, Default)]
pub(crate) struct Scheduler {
    lock: Arc<RwLock<()>>,
}

/// Proof of admission: while it is alive, the call holds its share (or all) of the scheduler.
/// It owns its lock handle, so it can be moved into a spawned task.
#[derive(Debug)]
pub(crate) struct SchedulePermit {
    _guard: PermitGuard,
}

#[derive(Debug)]
enum PermitGuard {
    Shared(#[allow(dead_code)] OwnedRwLockReadGuard<()>),
    Exclusive(#[allow(dead_code)] OwnedRwLockWriteGuard<()>),
}

impl Scheduler {
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// Waits until a call of this mode may start. Waiters are admitted in the order they first
    /// polled this future: a shared request queued behind an exclusive one waits for it even
    /// while other shared calls are running.
    pub(crate) async fn acquire(&self, mode: Concurrency) -> SchedulePermit {
        let guard = match mode {
            Concurrency::Shared => PermitGuard::Shared(self.lock.clone().read_owned().await),
            Concurrency::Exclusive => PermitGuard::Exclusive(self.lock.clone().write_owned().await),
        };
        SchedulePermit { _guard: guard }
    }

    /// Runs `fut` once admitted, holding the permit until it completes (or is dropped).
    #[cfg(test)]
    async fn run<F, T>(&self, mode: Concurrency, fut: F) -> T
    where
        F: std::future::Future<Output = T>,
    {
        let _permit = self.acquire(mode).await;
        fut.await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;
    use std::time::Duration;
    use tokio::sync::{oneshot, Barrier};
    use tokio::time::{sleep, timeout};

    type Log = Arc<Mutex<Vec<String>>>;

    fn record(log: &Log, entry: impl Into<String>) {
        log.lock().unwrap().push(entry.into());
    }

    fn has(log: &Log, entry: &str) -> bool {
        log.lock().unwrap().iter().any(|e| e == entry)
    }

    async fn yield_until(log: &Log, entry: &str) {
        for _ in 0..1000 {
            if has(log, entry) {
                return;
            }
            tokio::task::yield_now().await;
        }
        panic!("never saw {entry:?} in {:?}", log.lock().unwrap());
    }

    async fn let_others_run() {
        for _ in 0..50 {
            tokio::task::yield_now().await;
        }
    }

    #[test]
    fn concurrency_is_lowercase_on_the_wire_and_defaults_to_shared() {
        assert_eq!(serde_json::to_value(Concurrency::Shared).unwrap(), "shared");
        assert_eq!(serde_json::to_value(Concurrency::Exclusive).unwrap(), "exclusive");
        let parsed: Concurrency = serde_json::from_str("\"exclusive\"").unwrap();
        assert_eq!(parsed, Concurrency::Exclusive);
        assert_eq!(Concurrency::default(), Concurrency::Shared);
    }

    #[tokio::test]
    async fn two_shared_calls_overlap() {
        // Each call waits at a two-party barrier: this only completes if both run at once.
        let scheduler = Scheduler::new();
        let barrier = Arc::new(Barrier::new(2));
        let call = |barrier: Arc<Barrier>| {
            let scheduler = scheduler.clone();
            tokio::spawn(async move {
                scheduler
                    .run(Concurrency::Shared, async move {
                        barrier.wait().await;
                    })
                    .await
            })
        };
        let (a, b) = (call(barrier.clone()), call(barrier.clone()));
        timeout(Duration::from_secs(10), async {
            a.await.unwrap();
            b.await.unwrap()
        })
        .await
        .expect("shared calls did not run at the same time");
    }

    #[tokio::test]
    async fn exclusive_waits_for_running_shared_calls_and_blocks_later_ones() {
        let scheduler = Scheduler::new();
        let log: Log = Arc::default();
        let (release_first, first_released) = oneshot::channel::<()>();
        let (release_exclusive, exclusive_released) = oneshot::channel::<()>();

        let first = tokio::spawn({
            let (scheduler, log) = (scheduler.clone(), log.clone());
            async move {
                scheduler
                    .run(Concurrency::Shared, async {
                        record(&log, "first started");
                        first_released.await.unwrap();
                        record(&log, "first finished");
                    })
                    .await
            }
        });
        yield_until(&log, "first started").await;

        let exclusive = tokio::spawn({
            let (scheduler, log) = (scheduler.clone(), log.clone());
            async move {
                record(&log, "exclusive requested");
                scheduler
                    .run(Concurrency::Exclusive, async {
                        record(&log, "exclusive started");
                        exclusive_released.await.unwrap();
                        record(&log, "exclusive finished");
                    })
                    .await
            }
        });
        yield_until(&log, "exclusive requested").await;

        let later = tokio::spawn({
            let (scheduler, log) = (scheduler.clone(), log.clone());
            async move {
                record(&log, "later requested");
                scheduler.run(Concurrency::Shared, async { record(&log, "later started") }).await
            }
        });
        yield_until(&log, "later requested").await;

        // Only a shared call is running, yet the later shared call queues behind the exclusive.
        let_others_run().await;
        assert!(!has(&log, "exclusive started"), "exclusive overlapped a running shared call");
        assert!(!has(&log, "later started"), "a later shared call jumped the exclusive one");

        release_first.send(()).unwrap();
        yield_until(&log, "exclusive started").await;
        let_others_run().await;
        assert!(!has(&log, "later started"), "a shared call ran during the exclusive one");

        release_exclusive.send(()).unwrap();
        for task in [first, exclusive, later] {
            task.await.unwrap();
        }
        assert_eq!(
            *log.lock().unwrap(),
            [
                "first started",
                "exclusive requested",
                "later requested",
                "first finished",
                "exclusive started",
                "exclusive finished",
                "later started",
            ]
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn exclusive_calls_never_overlap_any_other_call() {
        // Many calls with staggered start times and lengths on two worker threads; every call
        // checks on entry and on exit who else is running. (Real sleeps: paused time needs
        // tokio's test-util feature, which the crate does not enable.)
        #[derive(Default)]
        struct Running {
            shared: usize,
            exclusive: usize,
            max_shared: usize,
        }
        let scheduler = Scheduler::new();
        let running = Arc::new(Mutex::new(Running::default()));
        let mut tasks = Vec::new();
        for index in 0..40u64 {
            let mode = if index % 5 == 2 { Concurrency::Exclusive } else { Concurrency::Shared };
            let (scheduler, running) = (scheduler.clone(), running.clone());
            tasks.push(tokio::spawn(async move {
                sleep(Duration::from_millis(index * 3)).await;
                scheduler
                    .run(mode, async {
                        {
                            let mut now = running.lock().unwrap();
                            match mode {
                                Concurrency::Shared => {
                                    assert_eq!(now.exclusive, 0, "shared call {index} overlapped an exclusive one");
                                    now.shared += 1;
                                    now.max_shared = now.max_shared.max(now.shared);
                                }
                                Concurrency::Exclusive => {
                                    assert_eq!((now.shared, now.exclusive), (0, 0), "exclusive call {index} overlapped");
                                    now.exclusive += 1;
                                }
                            }
                        }
                        sleep(Duration::from_millis(5 + index % 7)).await;
                        let mut now = running.lock().unwrap();
                        match mode {
                            Concurrency::Shared => now.shared -= 1,
                            Concurrency::Exclusive => {
                                assert_eq!(now.shared, 0, "a shared call started during exclusive call {index}");
                                now.exclusive -= 1;
                            }
                        }
                    })
                    .await
            }));
        }
        for task in tasks {
            task.await.unwrap();
        }
        assert!(running.lock().unwrap().max_shared >= 2, "shared calls never overlapped");
    }

    #[tokio::test]
    async fn a_permit_can_be_moved_into_a_spawned_task() {
        let scheduler = Scheduler::new();
        let permit = scheduler.acquire(Concurrency::Exclusive).await;
        let (tx, rx) = oneshot::channel::<()>();
        let holder = tokio::spawn(async move {
            rx.await.unwrap();
            drop(permit);
        });
        let blocked = timeout(Duration::from_millis(50), scheduler.acquire(Concurrency::Shared)).await;
        assert!(blocked.is_err(), "shared admitted while an exclusive permit was held");
        tx.send(()).unwrap();
        holder.await.unwrap();
        timeout(Duration::from_secs(10), scheduler.acquire(Concurrency::Shared))
            .await
            .expect("shared not admitted after the exclusive permit was dropped");
    }
}
