//! The queue of a running call's partial results (`onUpdate`), from the engine thread to the
//! call's task. A tool can produce updates faster than the host takes them (a large update
//! every turn of the event loop while the host's own thread gets little of a loaded
//! machine): an unbounded channel then held every one of them. While more than `LIMIT` bytes
//! of updates wait, a new update replaces the newest waiting one instead, so the queue holds
//! at most about `LIMIT` plus one update; the ones before it keep their order. This is the
//! rule the front ends follow for a client that is behind (`protocol/backlog.rs`): an update
//! stands for the ones before it. The call task takes updates within tokio's cooperative
//! budget, as it did from tokio's channel.

use std::collections::VecDeque;
use std::future::poll_fn;
use std::sync::{Arc, Mutex};
use std::task::{Poll, Waker};

use serde_json::Value;

/// How many bytes of updates may wait before new ones replace the newest.
pub(crate) const LIMIT: usize = 4 * 1024 * 1024;

#[derive(Default)]
struct Queue {
    waiting: VecDeque<(Value, usize)>,
    bytes: usize,
    /// The sender is gone: no more updates will come.
    closed: bool,
    receiver: Option<Waker>,
}

/// The engine's end: sends a call's updates.
pub(crate) struct UpdateSender(Arc<Mutex<Queue>>);

/// The call task's end.
pub(crate) struct UpdateReceiver(Arc<Mutex<Queue>>);

/// A new, empty queue.
pub(crate) fn update_queue() -> (UpdateSender, UpdateReceiver) {
    let queue = Arc::new(Mutex::new(Queue::default()));
    (UpdateSender(queue.clone()), UpdateReceiver(queue))
}

impl UpdateSender {
    /// Queues `update`, or puts it in the place of the newest waiting one while the queue is
    /// over its limit.
    pub(crate) fn send(&self, update: Value) {
        let size = approximate_size(&update);
        let mut queue = self.0.lock().unwrap();
        if queue.bytes > LIMIT {
            if let Some((_, replaced)) = queue.waiting.pop_back() {
                queue.bytes -= replaced;
            }
        }
        queue.bytes += size;
        queue.waiting.push_back((update, size));
        if let Some(waker) = queue.receiver.take() {
            waker.wake();
        }
    }

    /// Closes the queue without waking the receiver, for a call whose outcome is sent next:
    /// that wakes the same task, and a wake of its own could reach the task's thread after
    /// the task already looked, waking the thread a second time for nothing.
    pub(crate) fn close_quietly(self) {
        let mut queue = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        queue.closed = true;
        queue.receiver = None;
    }
}

impl Drop for UpdateSender {
    fn drop(&mut self) {
        let mut queue = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        queue.closed = true;
        if let Some(waker) = queue.receiver.take() {
            waker.wake();
        }
    }
}

impl UpdateReceiver {
    /// The next update, or None once the sender is gone and none wait. Cancel-safe. Like
    /// tokio's own channels it spends the task's budget, so a call task with many updates
    /// waiting yields to the front end that writes them out (which coalesces them while its
    /// client is behind) instead of moving all of them on at once.
    pub(crate) async fn recv(&mut self) -> Option<Value> {
        poll_fn(|cx| {
            let budget = std::task::ready!(tokio::task::coop::poll_proceed(cx));
            let mut queue = self.0.lock().unwrap();
            match take(&mut queue) {
                Some(update) => {
                    budget.made_progress();
                    Poll::Ready(Some(update))
                }
                None if queue.closed => Poll::Ready(None),
                None => {
                    queue.receiver = Some(cx.waker().clone());
                    Poll::Pending
                }
            }
        })
        .await
    }

    /// The next update if one waits now.
    pub(crate) fn try_recv(&mut self) -> Option<Value> {
        take(&mut self.0.lock().unwrap())
    }
}

fn take(queue: &mut Queue) -> Option<Value> {
    let (update, size) = queue.waiting.pop_front()?;
    queue.bytes -= size;
    Some(update)
}

/// About how many bytes `value` takes as JSON: its strings' lengths and a few bytes a node.
fn approximate_size(value: &Value) -> usize {
    const NODE: usize = 8;
    match value {
        Value::String(text) => text.len() + NODE,
        Value::Array(items) => items.iter().map(approximate_size).sum::<usize>() + NODE,
        Value::Object(fields) => fields.iter().map(|(key, item)| key.len() + approximate_size(item)).sum::<usize>() + NODE,
        _ => NODE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn update(i: usize, bytes: usize) -> Value {
        json!({ "content": [{ "type": "text", "text": format!("{i} {}", "x".repeat(bytes)) }] })
    }

    fn number_of(update: &Value) -> usize {
        let text = update["content"][0]["text"].as_str().unwrap();
        text.split(' ').next().unwrap().parse().unwrap()
    }

    #[test]
    fn updates_keep_their_order_while_the_queue_is_under_its_limit() {
        let (sender, mut receiver) = update_queue();
        for i in 0..100 {
            sender.send(update(i, 1000));
        }
        let taken: Vec<usize> = std::iter::from_fn(|| receiver.try_recv()).map(|u| number_of(&u)).collect();
        assert_eq!(taken, (0..100).collect::<Vec<_>>());
    }

    #[test]
    fn over_its_limit_a_new_update_replaces_the_newest_waiting_one() {
        let (sender, mut receiver) = update_queue();
        let size = 100_000;
        for i in 0..3000 {
            sender.send(update(i, size));
        }
        let waiting = receiver.0.lock().unwrap().bytes;
        assert!(waiting <= LIMIT + 2 * (size + 100), "{waiting} bytes wait");
        let taken: Vec<usize> = std::iter::from_fn(|| receiver.try_recv()).map(|u| number_of(&u)).collect();
        // The first ones in order, then the latest.
        assert_eq!(taken.last(), Some(&2999));
        assert!(taken.windows(2).all(|pair| pair[0] < pair[1]), "{taken:?}");
        assert!(taken.len() < 100, "{} updates kept", taken.len());
        // Taken, the queue has room again: updates are not replaced any more.
        sender.send(update(3000, size));
        sender.send(update(3001, size));
        assert_eq!(receiver.try_recv().map(|u| number_of(&u)), Some(3000));
        assert_eq!(receiver.try_recv().map(|u| number_of(&u)), Some(3001));
    }

    #[tokio::test(flavor = "current_thread")]
    async fn a_call_task_with_many_updates_waiting_lets_other_tasks_run() {
        let (sender, mut receiver) = update_queue();
        for i in 0..500 {
            sender.send(json!(i));
        }
        let taken = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let counting = taken.clone();
        let call_task = tokio::spawn(async move {
            while receiver.recv().await.is_some() {
                counting.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            }
        });
        let other_task = tokio::spawn(async move { taken.load(std::sync::atomic::Ordering::SeqCst) });
        let taken_when_the_other_ran = other_task.await.unwrap();
        assert!(
            taken_when_the_other_ran < 500,
            "the call task took all {taken_when_the_other_ran} updates first"
        );
        drop(sender);
        call_task.await.unwrap();
    }

    #[tokio::test]
    async fn the_receiver_wakes_for_an_update_and_ends_when_the_sender_is_gone() {
        let (sender, mut receiver) = update_queue();
        let waiting = tokio::spawn(async move {
            let first = receiver.recv().await;
            let end = receiver.recv().await;
            (first, end)
        });
        tokio::task::yield_now().await;
        sender.send(json!(1));
        drop(sender);
        let (first, end) = waiting.await.unwrap();
        assert_eq!((first, end), (Some(json!(1)), None));
    }

    #[test]
    fn closed_quietly_the_queue_ends_without_waking_its_receiver() {
        use std::future::Future;
        struct Counting(std::sync::atomic::AtomicUsize);
        impl std::task::Wake for Counting {
            fn wake(self: Arc<Self>) {
                self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            }
        }
        let (sender, mut receiver) = update_queue();
        let wakes = Arc::new(Counting(Default::default()));
        let waker = Waker::from(wakes.clone());
        let mut context = std::task::Context::from_waker(&waker);
        let mut recv = Box::pin(receiver.recv());
        assert!(recv.as_mut().poll(&mut context).is_pending());
        sender.close_quietly();
        assert_eq!(wakes.0.load(std::sync::atomic::Ordering::SeqCst), 0, "not woken");
        assert_eq!(recv.as_mut().poll(&mut context), Poll::Ready(None), "ended");
    }
}
