//! A response body that knows whether it was sent to its end. rmcp answers each request of an
//! MCP session on a stream of its own; when that stream is dropped before its end — the
//! client closed the connection, or went away — the call it stood for is cancelled (its
//! processes killed), since nobody will read its answer. Each body also counts as a response
//! in flight until it ends, so a drain can let the last answers out before it closes streams.

use std::convert::Infallible;
use std::pin::Pin;
use std::task::{Context, Poll};

use bytes::Bytes;
use http_body_util::combinators::BoxBody;
use hyper::body::{Body, Frame, SizeHint};

use super::drain::Entered;

/// What to do when the body is dropped before its end.
pub(crate) type OnAbandoned = Box<dyn FnOnce() + Send + Sync>;

pub(crate) struct Watched {
    inner: BoxBody<Bytes, Infallible>,
    ended: bool,
    on_abandoned: Option<OnAbandoned>,
    _in_flight: Entered,
}

impl Watched {
    pub(crate) fn new(inner: BoxBody<Bytes, Infallible>, in_flight: Entered, on_abandoned: Option<OnAbandoned>) -> Watched {
        Watched {
            inner,
            ended: false,
            on_abandoned,
            _in_flight: in_flight,
        }
    }
}

impl Body for Watched {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        let polled = Pin::new(&mut self.inner).poll_frame(cx);
        if let Poll::Ready(None) = polled {
            self.ended = true;
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

impl Drop for Watched {
    fn drop(&mut self) {
        // A body hyper saw to be complete without asking for its end is sent too.
        if !self.ended && !self.inner.is_end_stream() {
            if let Some(on_abandoned) = self.on_abandoned.take() {
                on_abandoned();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::drain::InFlight;
    use super::*;
    use http_body_util::{BodyExt, Full};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    fn watched(inner: BoxBody<Bytes, Infallible>, abandoned: &Arc<AtomicBool>, in_flight: &InFlight) -> Watched {
        let abandoned = abandoned.clone();
        Watched::new(inner, in_flight.enter(), Some(Box::new(move || abandoned.store(true, Ordering::SeqCst))))
    }

    /// A stream that sends one event and then waits for ever (an SSE stream mid-call).
    struct OneEvent(bool);

    impl Body for OneEvent {
        type Data = Bytes;
        type Error = Infallible;

        fn poll_frame(mut self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
            if self.0 {
                return Poll::Pending;
            }
            self.0 = true;
            Poll::Ready(Some(Ok(Frame::data(Bytes::from("event")))))
        }
    }

    #[tokio::test]
    async fn a_body_read_to_its_end_is_not_abandoned_and_one_dropped_midway_is() {
        let in_flight = InFlight::default();
        let abandoned = Arc::new(AtomicBool::new(false));
        let whole = watched(Full::new(Bytes::from("answer")).boxed(), &abandoned, &in_flight);
        assert_eq!(whole.collect().await.unwrap().to_bytes(), "answer");
        assert!(!abandoned.load(Ordering::SeqCst));

        let mut midway = watched(OneEvent(false).boxed(), &abandoned, &in_flight);
        assert!(midway.frame().await.is_some());
        assert_eq!(in_flight.count(), 1);
        drop(midway);
        assert!(abandoned.load(Ordering::SeqCst), "the stream was dropped before its end");
        assert_eq!(in_flight.count(), 0);
    }
}
