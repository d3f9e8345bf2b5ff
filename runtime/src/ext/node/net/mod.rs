//! TCP for `node:net` (and the sockets behind `node:http`'s client): connecting, listening,
//! accepting, reading and writing on tokio sockets held in deno_core's resource table, so
//! closing a resource (or dropping the runtime) closes the socket and cancels pending reads.
//! Failures come back as `CODE: description, syscall` for the JavaScript side to decorate.
//! Under a restricted policy every connect and listen is checked (`permitted_addresses`):
//! the host as written, then each address it resolves to, and only checked addresses are used.

pub(crate) mod block_list;

use std::borrow::Cow;
use std::cell::RefCell;
use std::net::SocketAddr;
use std::rc::Rc;

use deno_core::error::ResourceError;
use deno_core::{op2, AsyncRefCell, CancelHandle, CancelTryFuture, OpState, RcRef, Resource, ResourceId};
use serde::Serialize;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use super::internal::errors::describe;
use crate::permissions::{Denied, Permissions};

/// What fails in a `node:net` op or in the helpers `node:http` and `fetch` connect and listen
/// with: the tool's permissions refuse the host or address, the name resolves to nothing, a
/// system call fails (Node's `CODE: description, syscall` text), or the socket's id is gone.
#[derive(Debug, thiserror::Error, deno_error::JsError)]
pub(crate) enum NetError {
    /// The tool's policy does not grant the host, address or port (Node's `EACCES` text).
    #[class(inherit)]
    #[error(transparent)]
    Denied(#[from] Denied),
    /// The name resolves to no address.
    #[class(generic)]
    #[error("ENOTFOUND: not found, getaddrinfo")]
    NotFound,
    /// `syscall` failed (for a connect, `syscall` names the address tried last).
    #[class(generic)]
    #[error("{}, {syscall}", describe(.err))]
    Io { err: std::io::Error, syscall: String },
    /// The socket's or listener's resource id is not (or no longer) in the table.
    #[class(inherit)]
    #[error(transparent)]
    Resource(#[from] ResourceError),
}

/// Bytes read per `read` call at most.
const READ_CHUNK: usize = 64 * 1024;

/// One connected socket: a TCP stream, or a connection `node:http` handed over after an
/// upgrade.
pub(crate) struct SocketResource {
    reader: AsyncRefCell<Box<dyn AsyncRead + Unpin>>,
    writer: AsyncRefCell<Box<dyn AsyncWrite + Unpin>>,
    cancel: CancelHandle,
}

impl Resource for SocketResource {
    fn name(&self) -> Cow<'_, str> {
        "nodeTcpSocket".into()
    }

    fn close(self: Rc<Self>) {
        self.cancel.cancel();
    }
}

impl SocketResource {
    pub(crate) fn new(stream: TcpStream) -> SocketResource {
        let (reader, writer) = stream.into_split();
        SocketResource::from_halves(Box::new(reader), Box::new(writer))
    }

    /// A socket over any byte stream (an upgraded HTTP connection).
    pub(crate) fn from_io<T: AsyncRead + AsyncWrite + Unpin + 'static>(io: T) -> SocketResource {
        let (reader, writer) = tokio::io::split(io);
        SocketResource::from_halves(Box::new(reader), Box::new(writer))
    }

    fn from_halves(reader: Box<dyn AsyncRead + Unpin>, writer: Box<dyn AsyncWrite + Unpin>) -> SocketResource {
        SocketResource {
            reader: AsyncRefCell::new(reader),
            writer: AsyncRefCell::new(writer),
            cancel: CancelHandle::new(),
        }
    }
}

/// A listening TCP socket.
pub(crate) struct ListenerResource {
    listener: TcpListener,
    cancel: CancelHandle,
}

impl Resource for ListenerResource {
    fn name(&self) -> Cow<'_, str> {
        "nodeTcpListener".into()
    }

    fn close(self: Rc<Self>) {
        self.cancel.cancel();
    }
}

/// The two ends of a connection, as `socket.address()` / `remoteAddress` report them.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct SocketInfo {
    rid: ResourceId,
    local_address: String,
    local_port: u16,
    local_family: &'static str,
    remote_address: String,
    remote_port: u16,
    remote_family: &'static str,
}

/// Node's name for an address family (`IPv4`, `IPv6`).
pub(crate) fn family(addr: &SocketAddr) -> &'static str {
    if addr.is_ipv4() {
        "IPv4"
    } else {
        "IPv6"
    }
}

pub(crate) fn socket_info(rid: ResourceId, local: Option<SocketAddr>, remote: Option<SocketAddr>) -> SocketInfo {
    let unspecified = SocketAddr::from(([0, 0, 0, 0], 0));
    let (local, remote) = (local.unwrap_or(unspecified), remote.unwrap_or(unspecified));
    SocketInfo {
        rid,
        local_address: local.ip().to_string(),
        local_port: local.port(),
        local_family: family(&local),
        remote_address: remote.ip().to_string(),
        remote_port: remote.port(),
        remote_family: family(&remote),
    }
}

fn io_error(err: std::io::Error, syscall: &str) -> NetError {
    NetError::Io {
        err,
        syscall: syscall.to_string(),
    }
}

/// Resolves `host` (a name or an address literal) to the addresses to try, in order.
pub(crate) async fn resolve(host: &str, port: u16) -> Result<Vec<SocketAddr>, NetError> {
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let found: Vec<SocketAddr> = match tokio::net::lookup_host((host, port)).await {
        Ok(addrs) => addrs.collect(),
        Err(_) => Vec::new(),
    };
    if found.is_empty() {
        return Err(NetError::NotFound);
    }
    Ok(found)
}

/// The engine's permissions (`crate::permissions`), for an op that reaches the network.
pub(crate) fn permissions_of(state: &Rc<RefCell<OpState>>) -> Permissions {
    state.borrow().borrow::<Permissions>().clone()
}

/// The addresses of `host` the policy lets the tool reach on `port`: the name (or address)
/// as written is checked first, before any DNS query, then every address it resolves to (a
/// granted name that resolves to a loopback or private address is refused: DNS rebinding
/// gains nothing). Addresses refused are dropped, each refusal logged; when none is left the
/// first refusal is the error. Callers use only the addresses answered, so no second lookup
/// can swap them.
pub(crate) async fn permitted_addresses(permissions: &Permissions, host: &str, port: u16, syscall: &str) -> Result<Vec<SocketAddr>, NetError> {
    if permissions.is_unrestricted() {
        return resolve(host, port).await;
    }
    permissions.check_host(host, port, syscall)?;
    let mut permitted = Vec::new();
    let mut first_refusal = None;
    for addr in resolve(host, port).await? {
        match permissions.check_address(host, addr.ip(), port, syscall) {
            Ok(()) => permitted.push(addr),
            Err(denied) => {
                first_refusal.get_or_insert(denied);
            }
        }
    }
    match first_refusal {
        Some(denied) if permitted.is_empty() => Err(denied.into()),
        _ => Ok(permitted),
    }
}

/// Connects to the first address of `host` the policy grants that accepts; a failure names
/// the last one tried.
pub(crate) async fn connect_permitted(permissions: &Permissions, host: &str, port: u16) -> Result<TcpStream, NetError> {
    connect_to(permitted_addresses(permissions, host, port, "connect").await?).await
}

/// Connects to the first of `addrs` (never empty) that accepts.
async fn connect_to(addrs: Vec<SocketAddr>) -> Result<TcpStream, NetError> {
    let mut last = None;
    for addr in addrs {
        match TcpStream::connect(addr).await {
            Ok(stream) => return Ok(stream),
            Err(err) => last = Some((err, addr)),
        }
    }
    let (err, addr) = last.expect("resolve answers at least one address");
    // The address tried last, as Node names it: `connect ECONNREFUSED 127.0.0.1:80`.
    Err(NetError::Io {
        err,
        syscall: format!("connect {}:{}", addr.ip(), addr.port()),
    })
}

#[op2]
#[serde]
pub(crate) async fn op_node_net_connect(state: Rc<RefCell<OpState>>, #[string] host: String, #[smi] port: u16) -> Result<SocketInfo, NetError> {
    let stream = connect_permitted(&permissions_of(&state), &host, port).await?;
    let _ = stream.set_nodelay(true);
    let (local, remote) = (stream.local_addr().ok(), stream.peer_addr().ok());
    let rid = state.borrow_mut().resource_table.add(SocketResource::new(stream));
    Ok(socket_info(rid, local, remote))
}

/// Reads what is available (at most 64 KiB); an empty answer is the end of the stream.
#[op2]
#[buffer]
pub(crate) async fn op_node_net_read(state: Rc<RefCell<OpState>>, #[smi] rid: ResourceId) -> Result<Vec<u8>, NetError> {
    let resource = state.borrow().resource_table.get::<SocketResource>(rid)?;
    let mut reader = RcRef::map(&resource, |r| &r.reader).borrow_mut().await;
    let cancel = RcRef::map(&resource, |r| &r.cancel);
    let mut buffer = vec![0u8; READ_CHUNK];
    let n = reader.read(&mut buffer).try_or_cancel(cancel).await.map_err(|e| io_error(e, "read"))?;
    buffer.truncate(n);
    Ok(buffer)
}

/// Writes all of `data`.
#[op2]
pub(crate) async fn op_node_net_write(state: Rc<RefCell<OpState>>, #[smi] rid: ResourceId, #[buffer(copy)] data: Vec<u8>) -> Result<(), NetError> {
    let resource = state.borrow().resource_table.get::<SocketResource>(rid)?;
    let mut writer = RcRef::map(&resource, |r| &r.writer).borrow_mut().await;
    let cancel = RcRef::map(&resource, |r| &r.cancel);
    writer.write_all(&data).try_or_cancel(cancel).await.map_err(|e| io_error(e, "write"))
}

/// Half-closes the socket (`socket.end()`): the peer reads the end of the stream.
#[op2]
pub(crate) async fn op_node_net_shutdown(state: Rc<RefCell<OpState>>, #[smi] rid: ResourceId) -> Result<(), NetError> {
    let resource = state.borrow().resource_table.get::<SocketResource>(rid)?;
    let mut writer = RcRef::map(&resource, |r| &r.writer).borrow_mut().await;
    writer.shutdown().await.map_err(|e| io_error(e, "shutdown"))
}

/// Where a listener (a `node:net` or `node:http` server) is bound, as `server.address()` says.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ListenInfo {
    rid: ResourceId,
    address: String,
    port: u16,
    family: &'static str,
}

impl ListenInfo {
    pub(crate) fn new(rid: ResourceId, local: &SocketAddr) -> ListenInfo {
        ListenInfo {
            rid,
            address: local.ip().to_string(),
            port: local.port(),
            family: family(local),
        }
    }
}

/// Binds a TCP listener on `host:port` (port 0 picks a free one); errors read as Node's.
/// Listening is `net` access, as under Deno's `--allow-net`: the policy must grant the
/// address and port bound (port 0 needs a rule for any port).
pub(crate) async fn bind(permissions: &Permissions, host: &str, port: u16) -> Result<(TcpListener, SocketAddr), NetError> {
    let addrs = permitted_addresses(permissions, host, port, "listen").await?;
    let listener = TcpListener::bind(addrs.as_slice()).await.map_err(|e| io_error(e, "listen"))?;
    let local = listener.local_addr().map_err(|e| io_error(e, "listen"))?;
    Ok((listener, local))
}

/// Starts listening on `host:port` (port 0 picks a free one).
#[op2]
#[serde]
pub(crate) async fn op_node_net_listen(state: Rc<RefCell<OpState>>, #[string] host: String, #[smi] port: u16) -> Result<ListenInfo, NetError> {
    let (listener, local) = bind(&permissions_of(&state), &host, port).await?;
    let rid = state.borrow_mut().resource_table.add(ListenerResource {
        listener,
        cancel: CancelHandle::new(),
    });
    Ok(ListenInfo::new(rid, &local))
}

/// Waits for the next connection; fails with `ECANCELED` once the listener is closed.
#[op2]
#[serde]
pub(crate) async fn op_node_net_accept(state: Rc<RefCell<OpState>>, #[smi] rid: ResourceId) -> Result<SocketInfo, NetError> {
    let resource = state.borrow().resource_table.get::<ListenerResource>(rid)?;
    let cancel = RcRef::map(&resource, |r| &r.cancel);
    let (stream, remote) = resource.listener.accept().try_or_cancel(cancel).await.map_err(|e| io_error(e, "accept"))?;
    let _ = stream.set_nodelay(true);
    let local = stream.local_addr().ok();
    let rid = state.borrow_mut().resource_table.add(SocketResource::new(stream));
    Ok(socket_info(rid, local, Some(remote)))
}

#[cfg(test)]
mod tests {
    use deno_error::JsErrorClass;

    use super::*;

    #[test]
    fn errors_keep_their_js_class_and_text() {
        let err = io_error(std::io::Error::from_raw_os_error(libc::ECONNREFUSED), "connect 127.0.0.1:80");
        assert_eq!(err.get_class(), "Error");
        assert_eq!(err.get_message(), "ECONNREFUSED: connection refused, connect 127.0.0.1:80");
        assert_eq!(NetError::NotFound.get_message(), "ENOTFOUND: not found, getaddrinfo");
        let err = NetError::from(ResourceError::BadResourceId);
        assert_eq!(err.get_class(), "BadResource");
    }
}
