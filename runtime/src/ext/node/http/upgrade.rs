//! HTTP upgrades for `node:http` (WebSockets through `ws`, `CONNECT` tunnels): the connection a
//! server request or a client's `101 Switching Protocols` response hands over becomes a
//! `node:net` socket resource.
//!
//! On the server, Node gives JavaScript the raw socket and lets it write the response head
//! itself (`HTTP/1.1 101 Switching Protocols\r\n…`). hyper owns the connection, so JavaScript
//! gets one end of an in-memory pipe instead, and a task on the other end reads that head,
//! answers it through hyper, and then joins the pipe to the upgraded connection. A head that
//! does not switch protocols (a refusal such as `400 Bad Request`) is sent as an ordinary
//! response whose body is whatever JavaScript writes after it.

use std::cell::RefCell;
use std::net::SocketAddr;
use std::rc::Rc;

use bytes::Bytes;
use deno_core::{op2, OpState, Resource, ResourceId, ToJsBuffer};
use hyper::upgrade::{OnUpgrade, Upgraded};
use hyper::{Response, StatusCode};
use hyper_util::rt::TokioIo;
use serde::Serialize;
use tokio::io::{AsyncReadExt, AsyncWriteExt, DuplexStream};
use tokio::net::TcpStream;
use tokio::sync::{mpsc, oneshot};
use tokio_rustls::client::TlsStream;

use super::body::ChannelBody;
use super::error::HttpError;
use super::head;
use super::server::{Answer, ServerRequestResource};
use crate::ext::node::net::{socket_info, SocketInfo, SocketResource};

/// Bytes the pipe between JavaScript and the upgraded connection buffers each way.
const PIPE_BUFFER: usize = 64 * 1024;
/// The longest response head JavaScript may write (Node's default `maxHeaderSize`).
const MAX_HEAD: usize = 16 * 1024;
/// Headers a response head may carry.
const MAX_HEADERS: usize = 100;

/// Hands the connection of upgrade request `rid` to JavaScript as a socket. What JavaScript
/// writes first is the response head; see the file comment.
#[op2]
#[serde]
pub(crate) fn op_node_http_server_upgrade(state: &mut OpState, #[smi] rid: ResourceId) -> Result<SocketInfo, HttpError> {
    let request = state.resource_table.take::<ServerRequestResource>(rid)?;
    let (respond, on_upgrade) = request.take_for_upgrade().ok_or(HttpError::NotUpgrade)?;
    let (ours, theirs) = tokio::io::duplex(PIPE_BUFFER);
    tokio::spawn(answer_then_join(ours, respond, on_upgrade, request.is_connect()));
    let rid = state.resource_table.add(SocketResource::from_io(theirs));
    Ok(socket_info(rid, Some(request.local()), Some(request.remote())))
}

/// Reads the response head JavaScript writes into the pipe and answers the request with it;
/// after a head that hands the connection over, copies bytes both ways between the pipe and
/// the upgraded connection.
async fn answer_then_join(mut pipe: DuplexStream, respond: oneshot::Sender<Answer>, on_upgrade: OnUpgrade, connect: bool) {
    // JavaScript closed the socket without a response head, or wrote something else: the
    // connection is closed, as the raw socket would be under Node.
    let Some((head, rest)) = read_head(&mut pipe).await else {
        let _ = respond.send(None);
        return;
    };
    let Ok((status, mut response)) = parse_head(&head) else {
        let _ = respond.send(None);
        return;
    };
    if hands_over(status, connect) {
        if respond.send(Some(response)).is_err() {
            return;
        }
        let Ok(upgraded) = on_upgrade.await else { return };
        let mut connection = TokioIo::new(upgraded);
        if !rest.is_empty() && connection.write_all(&rest).await.is_err() {
            return;
        }
        let _ = tokio::io::copy_bidirectional(&mut pipe, &mut connection).await;
    } else {
        let (body, chunks) = ChannelBody::fed();
        *response.body_mut() = body;
        if respond.send(Some(response)).is_err() {
            return;
        }
        send_body(pipe, rest, chunks).await;
    }
}

/// Whether an answer with `status` hands the connection over: a `101`, or a 2xx to `CONNECT`.
pub(crate) fn hands_over(status: StatusCode, connect: bool) -> bool {
    status == StatusCode::SWITCHING_PROTOCOLS || (connect && status.is_success())
}

/// The bytes up to the blank line that ends a response head, and what followed them; None
/// when the pipe closes first or the head grows past `MAX_HEAD`.
async fn read_head(pipe: &mut DuplexStream) -> Option<(Vec<u8>, Vec<u8>)> {
    let mut read = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        let n = pipe.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        let searched_from = read.len().saturating_sub(3);
        read.extend_from_slice(&chunk[..n]);
        if let Some(at) = read[searched_from..].windows(4).position(|w| w == b"\r\n\r\n") {
            let end = searched_from + at + 4;
            let rest = read.split_off(end);
            return Some((read, rest));
        }
        if read.len() > MAX_HEAD {
            return None;
        }
    }
}

/// A response head as JavaScript wrote it, as a hyper response with an empty body (the caller
/// sets the body a refusal has).
fn parse_head(head: &[u8]) -> Result<(StatusCode, Response<ChannelBody>), ()> {
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut parsed = httparse::Response::new(&mut headers);
    if !matches!(parsed.parse(head), Ok(httparse::Status::Complete(_))) {
        return Err(());
    }
    let status = StatusCode::from_u16(parsed.code.ok_or(())?).map_err(|_| ())?;
    let mut response = head::response(status, parsed.reason.map(str::as_bytes), ChannelBody::empty());
    for header in parsed.headers.iter() {
        head::append_header(response.headers_mut(), header.name.as_bytes(), header.value).map_err(|_| ())?;
    }
    Ok((status, response))
}

/// Streams what JavaScript writes after a refusing head as that response's body, until it
/// ends or closes the socket.
async fn send_body(mut pipe: DuplexStream, rest: Vec<u8>, chunks: mpsc::Sender<Bytes>) {
    if !rest.is_empty() && chunks.send(Bytes::from(rest)).await.is_err() {
        return;
    }
    let mut chunk = vec![0u8; PIPE_BUFFER];
    while let Ok(n) = pipe.read(&mut chunk).await {
        if n == 0 || chunks.send(Bytes::copy_from_slice(&chunk[..n])).await.is_err() {
            return;
        }
    }
}

/// The connection a client's `101` response handed over, until JavaScript takes it.
pub(crate) struct ClientUpgradeResource {
    upgrade: RefCell<Option<OnUpgrade>>,
    local: Option<SocketAddr>,
    remote: Option<SocketAddr>,
}

impl ClientUpgradeResource {
    pub(crate) fn new(upgrade: OnUpgrade, local: Option<SocketAddr>, remote: Option<SocketAddr>) -> ClientUpgradeResource {
        ClientUpgradeResource {
            upgrade: RefCell::new(Some(upgrade)),
            local,
            remote,
        }
    }
}

impl Resource for ClientUpgradeResource {
    fn name(&self) -> std::borrow::Cow<'_, str> {
        "nodeHttpClientUpgrade".into()
    }
}

/// The socket a client's upgrade hands over, and the bytes the server sent after its head that
/// hyper had already read (Node's `head` argument of 'upgrade').
#[derive(Serialize)]
pub(crate) struct TakenOver {
    socket: SocketInfo,
    head: ToJsBuffer,
}

/// Takes over the connection of a client exchange answered with `101`, as a socket.
#[op2]
#[serde]
pub(crate) async fn op_node_http_client_upgrade(state: Rc<RefCell<OpState>>, #[smi] rid: ResourceId) -> Result<TakenOver, HttpError> {
    let pending = state.borrow_mut().resource_table.take::<ClientUpgradeResource>(rid)?;
    let upgrade = pending.upgrade.borrow_mut().take().ok_or(HttpError::AlreadyTakenOver)?;
    let upgraded = upgrade.await.map_err(|e| HttpError::reset(e, "read"))?;
    let (socket, head) = unwrap_connection(upgraded);
    let rid = state.borrow_mut().resource_table.add(socket);
    Ok(TakenOver {
        socket: socket_info(rid, pending.local, pending.remote),
        head: head.into(),
    })
}

/// The TCP or TLS stream under an upgraded client connection, with the bytes hyper read past
/// the response head; any other connection stays wrapped (its read-ahead comes first).
fn unwrap_connection(upgraded: Upgraded) -> (SocketResource, Vec<u8>) {
    let upgraded = match upgraded.downcast::<TokioIo<TcpStream>>() {
        Ok(parts) => return (SocketResource::new(parts.io.into_inner()), parts.read_buf.to_vec()),
        Err(upgraded) => upgraded,
    };
    match upgraded.downcast::<TokioIo<TlsStream<TcpStream>>>() {
        Ok(parts) => (SocketResource::from_io(parts.io.into_inner()), parts.read_buf.to_vec()),
        Err(upgraded) => (SocketResource::from_io(TokioIo::new(upgraded)), Vec::new()),
    }
}
