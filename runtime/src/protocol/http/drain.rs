//! Graceful drain, for SIGTERM (an orchestrator replacing the instance) or SIGINT: from then
//! on the server takes no new calls — each `tools/call` is refused with a JSON-RPC error
//! saying so, and `/readyz` answers 503 so a load balancer stops sending clients — while the
//! calls already running get the drain grace (`http.drainGraceMs`) to finish. What is still
//! running then is cancelled by the core's shutdown (their signals abort, `shutdownGraceMs`,
//! then they are stopped), and the host exits 0. Also counts what is in flight (calls, and
//! responses on their way) so the drain can wait for it without polling.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use rmcp::model::ErrorCode;
use rmcp::ErrorData as McpError;
use tokio::sync::Notify;

/// The JSON-RPC error code of a call refused while draining (implementation-defined range).
pub(crate) const DRAINING: ErrorCode = ErrorCode(-32000);

/// Whether the server is draining, and the calls running; cheap to clone.
#[derive(Clone, Default)]
pub(crate) struct Drain {
    draining: Arc<AtomicBool>,
    calls: InFlight,
}

impl Drain {
    /// No new calls from now on.
    pub(crate) fn begin(&self) {
        self.draining.store(true, Ordering::SeqCst);
    }

    pub(crate) fn is_draining(&self) -> bool {
        self.draining.load(Ordering::SeqCst)
    }

    /// A call starts: counted while the answer lives; refused while draining.
    pub(crate) fn call(&self) -> Result<Entered, McpError> {
        // Counted first, then checked: a drain that begins meanwhile either sees the call or
        // the call sees the drain.
        let entered = self.calls.enter();
        if self.is_draining() {
            return Err(McpError::new(
                DRAINING,
                "the server is shutting down (draining): it takes no new calls; calls already running may finish. Retry on another instance",
                None,
            ));
        }
        Ok(entered)
    }

    /// How many calls are running.
    pub(crate) fn running(&self) -> usize {
        self.calls.count()
    }

    /// Resolves once no call is running.
    pub(crate) async fn calls_ended(&self) {
        self.calls.empty().await;
    }
}

/// A count of things in flight that can be waited on to reach zero; cheap to clone.
#[derive(Clone, Default)]
pub(crate) struct InFlight(Arc<Counted>);

#[derive(Default)]
struct Counted {
    count: AtomicUsize,
    emptied: Notify,
}

/// One thing in flight, until dropped.
pub(crate) struct Entered(InFlight);

impl Drop for Entered {
    fn drop(&mut self) {
        if self.0 .0.count.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0 .0.emptied.notify_waiters();
        }
    }
}

impl InFlight {
    pub(crate) fn enter(&self) -> Entered {
        self.0.count.fetch_add(1, Ordering::SeqCst);
        Entered(self.clone())
    }

    pub(crate) fn count(&self) -> usize {
        self.0.count.load(Ordering::SeqCst)
    }

    /// Resolves once nothing is in flight.
    pub(crate) async fn empty(&self) {
        loop {
            let emptied = self.0.emptied.notified();
            tokio::pin!(emptied);
            emptied.as_mut().enable();
            if self.count() == 0 {
                return;
            }
            emptied.await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_drain_refuses_new_calls_and_waits_for_the_running_ones() {
        let drain = Drain::default();
        let running = drain.call().unwrap();
        drain.begin();
        let refused = drain.call().err().unwrap();
        assert_eq!(refused.code, DRAINING);
        assert!(refused.message.contains("draining"), "{}", refused.message);
        assert_eq!(drain.running(), 1, "the refused call is not counted");
        let waiter = tokio::spawn({
            let drain = drain.clone();
            async move { drain.calls_ended().await }
        });
        tokio::task::yield_now().await;
        assert!(!waiter.is_finished());
        drop(running);
        tokio::time::timeout(std::time::Duration::from_secs(5), waiter).await.unwrap().unwrap();
    }
}
