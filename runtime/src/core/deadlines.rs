//! The deadlines of the running calls, kept by one task on one timer. A timer of each call's
//! own is registered with tokio's time driver as the call starts, and whenever the driver had
//! no earlier timer armed (between a busy client's rounds it has none) that registration wakes
//! the driver through its eventfd: a system call and a wasted wake-up on most calls. Here the
//! one timer stays armed at the earliest deadline known when it was last set (kept armed when
//! the calls it was set for have ended), so a new call, whose deadline is later than that, only
//! joins the queue; the timer is set again when it fires or a deadline earlier than it arrives.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use tokio::sync::Notify;
use tokio::time::Instant;
use tokio_util::sync::{CancellationToken, WaitForCancellationFuture};

/// The deadline queue; its task ends when this is dropped.
pub(crate) struct Deadlines {
    shared: Arc<Shared>,
}

struct Shared {
    queue: Mutex<Queue>,
    /// Tells the task a deadline earlier than its timer arrived, or that the queue closed.
    changed: Notify,
}

#[derive(Default)]
struct Queue {
    /// Keyed by deadline, then by order of arrival.
    waiting: BTreeMap<(Instant, u64), CancellationToken>,
    arrivals: u64,
    /// Where the task's timer is set (None: not set).
    timer: Option<Instant>,
    closed: bool,
}

/// One call's place in the queue; dropping it takes the call out.
pub(crate) struct DeadlineWatch {
    shared: Arc<Shared>,
    key: (Instant, u64),
    passed: CancellationToken,
}

impl DeadlineWatch {
    /// Ready once the deadline has passed.
    pub(crate) fn passed(&self) -> WaitForCancellationFuture<'_> {
        self.passed.cancelled()
    }
}

impl Drop for DeadlineWatch {
    fn drop(&mut self) {
        self.shared.queue.lock().unwrap().waiting.remove(&self.key);
    }
}

impl Deadlines {
    /// Starts the queue's task on the current tokio runtime.
    pub(crate) fn start() -> Deadlines {
        let shared = Arc::new(Shared {
            queue: Mutex::default(),
            changed: Notify::new(),
        });
        tokio::spawn(keep(shared.clone()));
        Deadlines { shared }
    }

    /// Watches for deadline `at`.
    pub(crate) fn watch(&self, at: Instant) -> DeadlineWatch {
        let passed = CancellationToken::new();
        let mut queue = self.shared.queue.lock().unwrap();
        queue.arrivals += 1;
        let key = (at, queue.arrivals);
        queue.waiting.insert(key, passed.clone());
        if queue.timer.is_none_or(|timer| at < timer) {
            // Set now, so calls arriving before the task runs do not ask again.
            queue.timer = Some(at);
            self.shared.changed.notify_one();
        }
        drop(queue);
        DeadlineWatch {
            shared: self.shared.clone(),
            key,
            passed,
        }
    }
}

impl Drop for Deadlines {
    fn drop(&mut self) {
        self.shared.queue.lock().unwrap().closed = true;
        self.shared.changed.notify_one();
    }
}

/// Fires each deadline as it passes; sleeps until the earliest one left.
async fn keep(shared: Arc<Shared>) {
    let timer = tokio::time::sleep_until(Instant::now());
    tokio::pin!(timer);
    let mut armed = false;
    loop {
        let next = {
            let mut queue = shared.queue.lock().unwrap();
            if queue.closed {
                return;
            }
            let now = Instant::now();
            while let Some(entry) = queue.waiting.first_entry() {
                if entry.key().0 > now {
                    break;
                }
                entry.remove().cancel();
            }
            let next = queue.waiting.keys().next().map(|(at, _)| *at);
            // With nothing waiting, the timer stays where it was until it fires.
            if next.is_some() || !armed {
                queue.timer = next;
            }
            next
        };
        if let Some(at) = next {
            if !armed || timer.deadline() != at {
                timer.as_mut().reset(at);
            }
            armed = true;
        }
        tokio::select! {
            _ = &mut timer, if armed => armed = false,
            _ = shared.changed.notified() => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    async fn settle() {
        for _ in 0..10 {
            tokio::task::yield_now().await;
        }
    }

    #[tokio::test(start_paused = true)]
    async fn each_deadline_passes_at_its_time_and_not_before() {
        let deadlines = Deadlines::start();
        let start = Instant::now();
        let late = deadlines.watch(start + Duration::from_millis(300));
        let early = deadlines.watch(start + Duration::from_millis(100));
        tokio::time::sleep(Duration::from_millis(99)).await;
        settle().await;
        assert!(!early.passed.is_cancelled() && !late.passed.is_cancelled());
        early.passed().await;
        assert_eq!(Instant::now() - start, Duration::from_millis(100));
        assert!(!late.passed.is_cancelled());
        late.passed().await;
        assert_eq!(Instant::now() - start, Duration::from_millis(300));
    }

    #[tokio::test(start_paused = true)]
    async fn a_call_that_ended_leaves_the_queue_and_is_never_fired() {
        let deadlines = Deadlines::start();
        let start = Instant::now();
        let ended = deadlines.watch(start + Duration::from_millis(50));
        let passed = ended.passed.clone();
        drop(ended);
        assert!(deadlines.shared.queue.lock().unwrap().waiting.is_empty());
        let later = deadlines.watch(start + Duration::from_millis(80));
        later.passed().await;
        assert!(!passed.is_cancelled(), "an ended call's deadline is not fired");
    }

    #[tokio::test(start_paused = true)]
    async fn a_later_deadline_leaves_the_timer_where_it_is_and_an_earlier_one_moves_it() {
        let deadlines = Deadlines::start();
        let start = Instant::now();
        let first = deadlines.watch(start + Duration::from_secs(600));
        settle().await;
        let timer = || deadlines.shared.queue.lock().unwrap().timer;
        assert_eq!(timer(), Some(start + Duration::from_secs(600)));
        drop(first);
        let later = deadlines.watch(start + Duration::from_secs(601));
        settle().await;
        assert_eq!(timer(), Some(start + Duration::from_secs(600)), "kept where it was");
        let earlier = deadlines.watch(start + Duration::from_secs(1));
        settle().await;
        assert_eq!(timer(), Some(start + Duration::from_secs(1)));
        earlier.passed().await;
        later.passed().await;
        assert_eq!(Instant::now() - start, Duration::from_secs(601));
    }
}
