//! Wakes from another thread (the engine answering calls), gathered into one. Tokio's
//! current-thread scheduler writes to its eventfd for every task woken from outside its
//! thread, whether the thread sleeps or not, and with many calls in flight the engine answers
//! several in one turn. A future polled through a `RelaySlot` gives what it waits on a relay
//! waker instead of its task's: woken, that queues the task's waker here, and only a wake into
//! an empty queue wakes the relay's own task, which wakes the queued tasks from the serve
//! thread itself, where waking a task only queues it.

use std::future::{poll_fn, Future};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Wake, Waker};

use deno_core::futures::task::AtomicWaker;

/// The relay; its task ends when this is dropped.
pub(crate) struct WakeRelay {
    post: Arc<Post>,
}

struct Post {
    queued: Mutex<Queued>,
    relay_task: AtomicWaker,
}

#[derive(Default)]
struct Queued {
    wakers: Vec<Waker>,
    closed: bool,
}

/// What a waiting future is given as its waker: wakes `target` through the relay.
struct RelayWaker {
    post: Arc<Post>,
    target: Waker,
}

impl Wake for RelayWaker {
    fn wake(self: Arc<Self>) {
        self.wake_by_ref();
    }

    fn wake_by_ref(self: &Arc<Self>) {
        let first = {
            let mut queued = self.post.queued.lock().unwrap();
            queued.wakers.push(self.target.clone());
            queued.wakers.len() == 1
        };
        if first {
            self.post.relay_task.wake();
        }
    }
}

impl WakeRelay {
    /// Starts the relay's task on the current tokio runtime.
    pub(crate) fn start() -> WakeRelay {
        let post = Arc::new(Post {
            queued: Mutex::default(),
            relay_task: AtomicWaker::new(),
        });
        tokio::spawn(relay(post.clone()));
        WakeRelay { post }
    }

    /// A slot for one task's waits (it keeps the relay waker made for that task).
    pub(crate) fn slot(&self) -> RelaySlot {
        RelaySlot {
            post: self.post.clone(),
            relay: Mutex::default(),
        }
    }
}

impl Drop for WakeRelay {
    fn drop(&mut self) {
        self.post.queued.lock().unwrap().closed = true;
        self.post.relay_task.wake();
    }
}

/// Polls futures with a relay waker for the task polling them.
pub(crate) struct RelaySlot {
    post: Arc<Post>,
    /// The relay waker made for the task that polled last.
    relay: Mutex<Option<Arc<RelayWaker>>>,
}

impl RelaySlot {
    /// `future`, woken through the relay.
    pub(crate) async fn relayed<F: Future>(&self, future: F) -> F::Output {
        let mut future = std::pin::pin!(future);
        poll_fn(|cx| {
            let mut kept = self.relay.lock().unwrap();
            let relay = match &*kept {
                Some(made) if made.target.will_wake(cx.waker()) => made.clone(),
                _ => kept
                    .insert(Arc::new(RelayWaker {
                        post: self.post.clone(),
                        target: cx.waker().clone(),
                    }))
                    .clone(),
            };
            future.as_mut().poll(&mut Context::from_waker(&Waker::from(relay)))
        })
        .await
    }
}

/// Wakes, from this thread, the tasks whose wakes were relayed.
async fn relay(post: Arc<Post>) {
    let mut woken = Vec::new();
    poll_fn(|cx| {
        post.relay_task.register(cx.waker());
        let closed = {
            let mut queued = post.queued.lock().unwrap();
            std::mem::swap(&mut queued.wakers, &mut woken);
            queued.closed
        };
        for waker in woken.drain(..) {
            waker.wake();
        }
        if closed {
            Poll::Ready(())
        } else {
            Poll::Pending
        }
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;
    use tokio::sync::oneshot;

    #[tokio::test]
    async fn a_wake_from_another_thread_reaches_the_waiting_task() {
        let relay = WakeRelay::start();
        let slot = relay.slot();
        let (send, mut answer) = oneshot::channel();
        let mut waiting = std::pin::pin!(slot.relayed(&mut answer));
        assert!(deno_core::futures::poll!(waiting.as_mut()).is_pending(), "waits before the answer");
        std::thread::spawn(move || send.send(7).unwrap()).join().unwrap();
        let got = tokio::time::timeout(Duration::from_secs(10), waiting).await;
        assert_eq!(got.expect("woken through the relay").unwrap(), 7);
    }

    #[tokio::test]
    async fn answers_that_come_while_the_thread_is_busy_wait_together_for_one_wake() {
        let relay = WakeRelay::start();
        let post = relay.post.clone();
        let mut senders = Vec::new();
        let mut waiting = tokio::task::JoinSet::new();
        for _ in 0..10 {
            let (send, mut answer) = oneshot::channel();
            senders.push(send);
            let slot = relay.slot();
            waiting.spawn(async move { slot.relayed(&mut answer).await.unwrap() });
        }
        // Every waiting task registers its relay waker.
        tokio::task::yield_now().await;
        tokio::task::yield_now().await;
        // Answered from another thread while this thread is busy (it blocks on the join).
        std::thread::spawn(move || {
            for (n, send) in senders.into_iter().enumerate() {
                send.send(n).unwrap();
            }
        })
        .join()
        .unwrap();
        let queued = post.queued.lock().unwrap().wakers.len();
        assert_eq!(queued, 10, "all ten wait in the relay");
        let mut answers = Vec::new();
        while let Some(answer) = tokio::time::timeout(Duration::from_secs(10), waiting.join_next()).await.unwrap() {
            answers.push(answer.unwrap());
        }
        answers.sort();
        assert_eq!(answers, (0..10).collect::<Vec<_>>());
    }
}
