//! The server side of `node:http`: hyper serves HTTP/1.1 connections on a tokio listener and
//! hands each request to JavaScript (`op_node_http_server_next`), which answers it with a
//! status, headers and a streamed body. The server is a resource: stopping it
//! (`op_node_http_server_stop`, Node's `server.close()`) releases the port and lets open
//! exchanges finish; closing or dropping the resource (the call ending, the runtime going
//! away) aborts every connection at once.

use std::borrow::Cow;
use std::cell::RefCell;
use std::net::SocketAddr;
use std::rc::Rc;

use deno_core::{op2, AsyncRefCell, ByteString, CancelHandle, CancelTryFuture, OpState, RcRef, Resource, ResourceId};
use hyper::body::Incoming;
use hyper::service::service_fn;
use hyper::upgrade::OnUpgrade;
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use serde::Serialize;
use tokio::net::TcpListener;
use tokio::sync::{mpsc, oneshot, watch};

use super::body::{ChannelBody, IncomingBodyResource};
use super::error::HttpError;
use super::head;
use crate::ext::node::net::{bind, family, permissions_of, ListenInfo};

/// What JavaScript answers a request with: a response, or None to close the connection
/// without one (an upgrade listener that wrote no response head).
pub(crate) type Answer = Option<Response<ChannelBody>>;

/// A request waiting for JavaScript, with the way back for its response.
struct PendingRequest {
    request: Request<Incoming>,
    remote: SocketAddr,
    local: SocketAddr,
    respond: oneshot::Sender<Answer>,
}

/// A listening server.
pub(crate) struct HttpServerResource {
    requests: AsyncRefCell<mpsc::Receiver<PendingRequest>>,
    stop_accepting: watch::Sender<bool>,
    cancel: CancelHandle,
    serving: tokio::task::JoinHandle<()>,
}

impl Resource for HttpServerResource {
    fn name(&self) -> Cow<'_, str> {
        "nodeHttpServer".into()
    }

    fn close(self: Rc<Self>) {
        let _ = self.stop_accepting.send(true);
        self.cancel.cancel();
        self.serving.abort();
    }
}

impl Drop for HttpServerResource {
    fn drop(&mut self) {
        // The runtime (or the JavaScript server) let go: no connection outlives it.
        self.serving.abort();
    }
}

/// A request JavaScript has not answered yet.
pub(crate) struct ServerRequestResource {
    respond: RefCell<Option<oneshot::Sender<Answer>>>,
    /// How to take the connection over, for a request that asks for an upgrade.
    upgrade: RefCell<Option<OnUpgrade>>,
    /// A `CONNECT` request: a 2xx answer opens the tunnel.
    connect: bool,
    remote: SocketAddr,
    local: SocketAddr,
}

impl ServerRequestResource {
    /// The way to answer the request and the connection an upgrade hands over; None when the
    /// request does not ask for an upgrade or was answered already.
    pub(crate) fn take_for_upgrade(&self) -> Option<(oneshot::Sender<Answer>, OnUpgrade)> {
        let upgrade = self.upgrade.borrow_mut().take()?;
        Some((self.respond.borrow_mut().take()?, upgrade))
    }

    pub(crate) fn is_connect(&self) -> bool {
        self.connect
    }

    pub(crate) fn local(&self) -> SocketAddr {
        self.local
    }

    pub(crate) fn remote(&self) -> SocketAddr {
        self.remote
    }
}

impl Resource for ServerRequestResource {
    fn name(&self) -> Cow<'_, str> {
        "nodeHttpServerRequest".into()
    }
}

/// Starts serving HTTP/1.1 on `host:port` (port 0 picks a free one).
#[op2]
#[serde]
pub(crate) async fn op_node_http_server_listen(state: Rc<RefCell<OpState>>, #[string] host: String, #[smi] port: u16) -> Result<ListenInfo, HttpError> {
    let (listener, local) = bind(&permissions_of(&state), &host, port).await?;
    let (tx, rx) = mpsc::channel(64);
    let (stop_tx, stop_rx) = watch::channel(false);
    let serving = tokio::spawn(serve(listener, tx, stop_rx));
    let resource = HttpServerResource {
        requests: AsyncRefCell::new(rx),
        stop_accepting: stop_tx,
        cancel: CancelHandle::new(),
        serving,
    };
    let rid = state.borrow_mut().resource_table.add(resource);
    Ok(ListenInfo::new(rid, &local))
}

/// Accepts connections until told to stop, then lets open connections finish their exchange.
/// The connections live in a JoinSet owned by this task, so aborting the task ends them all
/// (a connection handed over by an upgrade lives on in its own task, owned by its socket).
async fn serve(listener: TcpListener, requests: mpsc::Sender<PendingRequest>, mut stop: watch::Receiver<bool>) {
    let mut connections = tokio::task::JoinSet::new();
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let Ok((stream, remote)) = accepted else { continue };
                let _ = stream.set_nodelay(true);
                let Ok(local) = stream.local_addr() else { continue };
                let requests = requests.clone();
                let service = service_fn(move |request: Request<Incoming>| {
                    let requests = requests.clone();
                    async move {
                        let (respond, answer) = oneshot::channel();
                        if requests.send(PendingRequest { request, remote, local, respond }).await.is_err() {
                            return Ok(status_only(StatusCode::SERVICE_UNAVAILABLE));
                        }
                        match answer.await {
                            Ok(Some(response)) => Ok(response),
                            // hyper closes the connection, as Node's socket.destroy() would.
                            Ok(None) => Err(std::io::Error::other("the upgrade listener wrote no response head")),
                            // A request JavaScript dropped without answering gets a 500, as a
                            // crashed handler would.
                            Err(_) => Ok(status_only(StatusCode::INTERNAL_SERVER_ERROR)),
                        }
                    }
                });
                let connection = hyper::server::conn::http1::Builder::new().serve_connection(TokioIo::new(stream), service).with_upgrades();
                connections.spawn(finish_when_stopped(connection, stop.clone()));
            }
            Some(_) = connections.join_next(), if !connections.is_empty() => {}
            _ = stop.changed() => break,
        }
    }
    drop(listener);
    drop(requests);
    while connections.join_next().await.is_some() {}
}

/// Serves one connection; once the server stops, the exchange in progress finishes and the
/// connection closes.
async fn finish_when_stopped<C>(
    connection: hyper::server::conn::http1::UpgradeableConnection<TokioIo<tokio::net::TcpStream>, C>,
    mut stop: watch::Receiver<bool>,
) where
    C: hyper::service::HttpService<Incoming, ResBody = ChannelBody>,
    C::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    let mut connection = std::pin::pin!(connection);
    if !*stop.borrow() {
        tokio::select! {
            _ = connection.as_mut() => return,
            _ = stop.changed() => {}
        }
    }
    connection.as_mut().graceful_shutdown();
    let _ = connection.await;
}

fn status_only(status: StatusCode) -> Response<ChannelBody> {
    let mut response = Response::new(ChannelBody::empty());
    *response.status_mut() = status;
    response
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RequestHead {
    rid: ResourceId,
    body_rid: ResourceId,
    method: String,
    url: String,
    http_version: &'static str,
    /// Name/value pairs as received (`rawHeaders`), values as Latin-1 byte strings.
    headers: Vec<(ByteString, ByteString)>,
    remote_address: String,
    remote_port: u16,
    remote_family: &'static str,
    /// The request asks to switch protocols (`Upgrade` header, or `CONNECT`).
    upgrade: bool,
}

/// The next request to answer, or None once the server is closed.
#[op2]
#[serde]
pub(crate) async fn op_node_http_server_next(state: Rc<RefCell<OpState>>, #[smi] rid: ResourceId) -> Result<Option<RequestHead>, HttpError> {
    let server = state.borrow().resource_table.get::<HttpServerResource>(rid)?;
    let mut requests = RcRef::map(&server, |s| &s.requests).borrow_mut().await;
    let cancel = RcRef::map(&server, |s| &s.cancel);
    let next = async { Ok::<_, std::io::Error>(requests.recv().await) }.try_or_cancel(cancel).await;
    let Ok(Some(pending)) = next else { return Ok(None) };
    let (mut parts, body) = pending.request.into_parts();
    let on_upgrade = parts.extensions.remove::<OnUpgrade>();
    let upgrade = on_upgrade.is_some() && (parts.headers.contains_key(hyper::header::UPGRADE) || parts.method == hyper::Method::CONNECT);
    let http_version = match parts.version {
        hyper::Version::HTTP_10 => "1.0",
        hyper::Version::HTTP_2 => "2.0",
        _ => "1.1",
    };
    let headers = parts
        .headers
        .iter()
        .map(|(name, value)| (ByteString::from(name.as_str()), ByteString::from(value.as_bytes())))
        .collect();
    let mut state = state.borrow_mut();
    let body_rid = state.resource_table.add(IncomingBodyResource::new(body));
    let rid = state.resource_table.add(ServerRequestResource {
        respond: RefCell::new(Some(pending.respond)),
        upgrade: RefCell::new(on_upgrade),
        connect: parts.method == hyper::Method::CONNECT,
        remote: pending.remote,
        local: pending.local,
    });
    Ok(Some(RequestHead {
        rid,
        body_rid,
        method: parts.method.to_string(),
        url: parts.uri.path_and_query().map(|p| p.to_string()).unwrap_or_else(|| parts.uri.to_string()),
        http_version,
        headers,
        remote_address: pending.remote.ip().to_string(),
        remote_port: pending.remote.port(),
        remote_family: family(&pending.remote),
        upgrade,
    }))
}

/// Stops accepting connections (`server.close()`): the port is released, and open
/// connections finish the exchange in progress and close.
#[op2(fast)]
pub(crate) fn op_node_http_server_stop(state: &mut OpState, #[smi] rid: ResourceId) -> Result<(), HttpError> {
    let server = state.resource_table.get::<HttpServerResource>(rid)?;
    let _ = server.stop_accepting.send(true);
    Ok(())
}

/// Sends the response head for request `rid`; answers the rid of the body writer (closing it
/// ends the response), or none when `has_body` is false.
#[op2]
#[serde]
pub(crate) fn op_node_http_server_respond(
    state: &mut OpState,
    #[smi] rid: ResourceId,
    #[smi] status: u16,
    #[string] reason: String,
    #[serde] headers: Vec<(ByteString, ByteString)>,
    has_body: bool,
) -> Result<Option<ResourceId>, HttpError> {
    let request = state.resource_table.take::<ServerRequestResource>(rid)?;
    let respond = request.respond.borrow_mut().take().ok_or(HttpError::HeadersSent)?;
    let (body, writer) = if has_body {
        let (b, w) = ChannelBody::channel();
        (b, Some(w))
    } else {
        (ChannelBody::empty(), None)
    };
    let status = StatusCode::from_u16(status).map_err(|_| HttpError::InvalidStatus(status))?;
    let mut response = head::response(status, (!reason.is_empty()).then_some(reason.as_bytes()), body);
    for (name, value) in headers {
        head::append_header(response.headers_mut(), &name, &value)?;
    }
    let _ = respond.send(Some(response));
    Ok(writer.map(|w| state.resource_table.add(w)))
}
