//! Message bodies shared by `node:http`'s server and client ops: an outgoing body fed chunk by
//! chunk from JavaScript through a channel (so `write()` waits when the peer is slow), and an
//! incoming hyper body held as a resource that JavaScript reads chunk by chunk.

use std::borrow::Cow;
use std::cell::RefCell;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll};

use bytes::Bytes;
use deno_core::{op2, AsyncRefCell, CancelHandle, CancelTryFuture, OpState, RcRef, Resource, ResourceId};
use http_body_util::BodyExt;
use hyper::body::{Body, Frame, Incoming, SizeHint};
use tokio::sync::mpsc;

use super::error::HttpError;

/// How many written chunks may wait for the peer before `write()` waits too.
const CHANNEL_CHUNKS: usize = 16;

/// An outgoing body: nothing, or the chunks JavaScript writes until it closes the writer.
pub(crate) struct ChannelBody {
    chunks: Option<mpsc::Receiver<Bytes>>,
}

impl ChannelBody {
    pub(crate) fn empty() -> ChannelBody {
        ChannelBody { chunks: None }
    }

    /// A body and the writer resource JavaScript feeds it through.
    pub(crate) fn channel() -> (ChannelBody, BodyWriterResource) {
        let (body, tx) = ChannelBody::fed();
        (body, BodyWriterResource { tx: RefCell::new(Some(tx)) })
    }

    /// A body and the sender that feeds it (dropping the sender ends the body).
    pub(crate) fn fed() -> (ChannelBody, mpsc::Sender<Bytes>) {
        let (tx, rx) = mpsc::channel(CHANNEL_CHUNKS);
        (ChannelBody { chunks: Some(rx) }, tx)
    }
}

impl Body for ChannelBody {
    type Data = Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        match self.chunks.as_mut() {
            None => Poll::Ready(None),
            Some(rx) => rx.poll_recv(cx).map(|chunk| chunk.map(|bytes| Ok(Frame::data(bytes)))),
        }
    }

    fn is_end_stream(&self) -> bool {
        self.chunks.is_none()
    }

    fn size_hint(&self) -> SizeHint {
        match self.chunks {
            None => SizeHint::with_exact(0),
            Some(_) => SizeHint::default(),
        }
    }
}

/// The writing end of a `ChannelBody`; closing the resource ends the body.
pub(crate) struct BodyWriterResource {
    tx: RefCell<Option<mpsc::Sender<Bytes>>>,
}

impl Resource for BodyWriterResource {
    fn name(&self) -> Cow<'_, str> {
        "nodeHttpBodyWriter".into()
    }

    fn close(self: Rc<Self>) {
        self.tx.borrow_mut().take();
    }
}

/// An incoming body (a server's request or a client's response) being read by JavaScript.
pub(crate) struct IncomingBodyResource {
    body: AsyncRefCell<Incoming>,
    cancel: CancelHandle,
}

impl IncomingBodyResource {
    pub(crate) fn new(body: Incoming) -> IncomingBodyResource {
        IncomingBodyResource {
            body: AsyncRefCell::new(body),
            cancel: CancelHandle::new(),
        }
    }
}

impl Resource for IncomingBodyResource {
    fn name(&self) -> Cow<'_, str> {
        "nodeHttpIncomingBody".into()
    }

    fn close(self: Rc<Self>) {
        self.cancel.cancel();
    }
}

/// Writes one chunk of an outgoing body, waiting while the peer is behind.
#[op2]
pub(crate) async fn op_node_http_body_write(state: Rc<RefCell<OpState>>, #[smi] rid: ResourceId, #[buffer(copy)] data: Vec<u8>) -> Result<(), HttpError> {
    let writer = state.borrow().resource_table.get::<BodyWriterResource>(rid)?;
    let tx = writer.tx.borrow().clone();
    match tx {
        Some(tx) => tx.send(Bytes::from(data)).await.map_err(|_| HttpError::BrokenPipe),
        None => Err(HttpError::WriteAfterEnd),
    }
}

/// Reads the next chunk of an incoming body; an empty answer is the end of the body.
#[op2]
#[buffer]
pub(crate) async fn op_node_http_body_read(state: Rc<RefCell<OpState>>, #[smi] rid: ResourceId) -> Result<Vec<u8>, HttpError> {
    let resource = state.borrow().resource_table.get::<IncomingBodyResource>(rid)?;
    let mut body = RcRef::map(&resource, |r| &r.body).borrow_mut().await;
    let cancel = RcRef::map(&resource, |r| &r.cancel);
    loop {
        let frame = async { body.frame().await.transpose().map_err(std::io::Error::other) }
            .try_or_cancel(cancel.clone())
            .await
            .map_err(|e| HttpError::reset(e, "read"))?;
        match frame {
            None => return Ok(Vec::new()),
            Some(frame) => {
                if let Ok(data) = frame.into_data() {
                    if !data.is_empty() {
                        return Ok(data.to_vec());
                    }
                }
            }
        }
    }
}
