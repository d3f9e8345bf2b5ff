//! The client side of `node:http` / `node:https`: one HTTP/1.1 exchange per connection on
//! hyper (as Node does without a keep-alive agent), over TCP or rustls with the system's
//! roots. The bytes travel as they are, with no redirects and no decompression, which is what
//! Node's `http.request` gives the packages that build on it.

use std::borrow::Cow;
use std::cell::RefCell;
use std::net::SocketAddr;
use std::rc::Rc;
use std::sync::Arc;

use deno_core::{op2, AsyncRefCell, ByteString, CancelHandle, CancelTryFuture, OpState, RcRef, Resource, ResourceId};
use deno_tls::rustls::pki_types::ServerName;
use deno_tls::{SocketUse, TlsClientConfigOptions};
use hyper::body::Incoming;
use hyper::upgrade::OnUpgrade;
use hyper::{Request, Response};
use hyper_util::rt::TokioIo;
use serde::{Deserialize, Serialize};
use tokio::io::{AsyncRead, AsyncWrite};

use super::body::{ChannelBody, IncomingBodyResource};
use super::error::HttpError;
use super::head;
use super::upgrade::{hands_over, ClientUpgradeResource};
use crate::ext::node::net::{connect_permitted, permissions_of};

/// What JavaScript asks for.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ClientRequest {
    host: String,
    port: u16,
    tls: bool,
    /// SNI and certificate name for HTTPS (defaults to `host`).
    servername: Option<String>,
    /// `rejectUnauthorized: false` accepts any certificate.
    reject_unauthorized: bool,
    /// Extra PEM certificates to trust (`ca`).
    #[serde(default)]
    ca: Vec<String>,
    method: String,
    path: String,
    headers: Vec<(ByteString, ByteString)>,
    has_body: bool,
}

type ResponseFuture = std::pin::Pin<Box<dyn std::future::Future<Output = Result<Response<Incoming>, HttpError>>>>;

/// An exchange in flight: the response to wait for and the connection task driving it.
pub(crate) struct ClientExchangeResource {
    response: AsyncRefCell<Option<ResponseFuture>>,
    /// A `CONNECT` request: a 2xx answer opens the tunnel.
    connect: bool,
    /// The connection's two ends, for a socket an upgrade hands over.
    local: Option<SocketAddr>,
    remote: Option<SocketAddr>,
    cancel: CancelHandle,
    connection: RefCell<Option<tokio::task::JoinHandle<()>>>,
}

impl Resource for ClientExchangeResource {
    fn name(&self) -> Cow<'_, str> {
        "nodeHttpClientExchange".into()
    }

    fn close(self: Rc<Self>) {
        self.cancel.cancel();
    }
}

impl Drop for ClientExchangeResource {
    fn drop(&mut self) {
        if let Some(task) = self.connection.borrow_mut().take() {
            task.abort();
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Started {
    rid: ResourceId,
    /// The body writer (closing it ends the request body), when the request has a body.
    body_rid: Option<ResourceId>,
}

fn tls_error(err: impl std::fmt::Display) -> HttpError {
    HttpError::reset(err, "tls")
}

async fn tls_connect(
    stream: tokio::net::TcpStream,
    name: &str,
    reject_unauthorized: bool,
    ca: &[String],
) -> Result<tokio_rustls::client::TlsStream<tokio::net::TcpStream>, HttpError> {
    let mut config = deno_tls::create_client_config(TlsClientConfigOptions {
        root_cert_store: Some(crate::ext::host::fetch::system_root_store().clone()),
        ca_certs: ca.iter().map(|pem| pem.as_bytes().to_vec()).collect(),
        unsafely_ignore_certificate_errors: if reject_unauthorized { None } else { Some(Vec::new()) },
        socket_use: SocketUse::Http1Only,
        ..Default::default()
    })
    .map_err(tls_error)?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    let server_name =
        ServerName::try_from(name.trim_start_matches('[').trim_end_matches(']').to_string()).map_err(|_| HttpError::InvalidServername(name.to_string()))?;
    tokio_rustls::TlsConnector::from(Arc::new(config))
        .connect(server_name, stream)
        .await
        .map_err(tls_error)
}

async fn handshake<S>(io: S, request: Request<ChannelBody>) -> Result<(ResponseFuture, tokio::task::JoinHandle<()>), HttpError>
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(io))
        .await
        .map_err(|e| HttpError::reset(e, "connect"))?;
    let task = tokio::spawn(async move {
        let _ = connection.with_upgrades().await;
    });
    let response = sender.send_request(request);
    let response: ResponseFuture = Box::pin(async move {
        let _keep_sender = sender;
        response.await.map_err(|e| {
            let text = e.to_string();
            if e.is_incomplete_message() || text.contains("closed") {
                HttpError::reset("socket hang up", "read")
            } else {
                HttpError::reset(text, "read")
            }
        })
    });
    Ok((response, task))
}

/// Connects and sends the request head; the body follows through `body_rid`.
#[op2]
#[serde]
pub(crate) async fn op_node_http_client_request(state: Rc<RefCell<OpState>>, #[serde] options: ClientRequest) -> Result<Started, HttpError> {
    let request = Request::builder()
        .method(hyper::Method::from_bytes(options.method.as_bytes()).map_err(|_| HttpError::InvalidMethod(options.method.clone()))?)
        .uri(&options.path);
    let mut headers = hyper::HeaderMap::new();
    for (name, value) in &options.headers {
        head::append_header(&mut headers, name, value)?;
    }
    let (body, writer) = if options.has_body {
        let (b, w) = ChannelBody::channel();
        (b, Some(w))
    } else {
        (ChannelBody::empty(), None)
    };
    let mut request = request.body(body).map_err(HttpError::InvalidRequest)?;
    *request.headers_mut() = headers;
    // Checked against the engine's policy: the host, then each address it resolves to.
    let stream = connect_permitted(&permissions_of(&state), &options.host, options.port).await?;
    let _ = stream.set_nodelay(true);
    let (local, remote) = (stream.local_addr().ok(), stream.peer_addr().ok());
    let (response, task) = if options.tls {
        let name = options.servername.as_deref().unwrap_or(&options.host);
        handshake(tls_connect(stream, name, options.reject_unauthorized, &options.ca).await?, request).await?
    } else {
        handshake(stream, request).await?
    };
    let mut state = state.borrow_mut();
    let rid = state.resource_table.add(ClientExchangeResource {
        response: AsyncRefCell::new(Some(response)),
        connect: options.method.eq_ignore_ascii_case("CONNECT"),
        local,
        remote,
        cancel: CancelHandle::new(),
        connection: RefCell::new(Some(task)),
    });
    let body_rid = writer.map(|w| state.resource_table.add(w));
    Ok(Started { rid, body_rid })
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ResponseHead {
    status: u16,
    status_text: String,
    http_version: &'static str,
    headers: Vec<(ByteString, ByteString)>,
    body_rid: ResourceId,
    /// For a `101 Switching Protocols` (or a 2xx to `CONNECT`): the connection to take over
    /// (`op_node_http_client_upgrade`).
    upgrade_rid: Option<ResourceId>,
}

/// Waits for the response head of exchange `rid`; its body is read through `body_rid`.
#[op2]
#[serde]
pub(crate) async fn op_node_http_client_response(state: Rc<RefCell<OpState>>, #[smi] rid: ResourceId) -> Result<ResponseHead, HttpError> {
    let exchange = state.borrow().resource_table.get::<ClientExchangeResource>(rid)?;
    let mut slot = RcRef::map(&exchange, |e| &e.response).borrow_mut().await;
    let cancel = RcRef::map(&exchange, |e| &e.cancel);
    let future = slot.take().ok_or(HttpError::ResponseTaken)?;
    let response = async { Ok::<_, std::io::Error>(future.await) }
        .try_or_cancel(cancel)
        .await
        .map_err(|_| HttpError::reset("socket hang up", "read"))??;
    let (mut parts, body) = response.into_parts();
    let upgrade = match hands_over(parts.status, exchange.connect) {
        true => parts.extensions.remove::<OnUpgrade>(),
        false => None,
    };
    let status_text = parts
        .extensions
        .get::<hyper::ext::ReasonPhrase>()
        .map(|p| String::from_utf8_lossy(p.as_bytes()).into_owned())
        .or_else(|| parts.status.canonical_reason().map(str::to_string))
        .unwrap_or_default();
    let headers = parts
        .headers
        .iter()
        .map(|(name, value)| (ByteString::from(name.as_str()), ByteString::from(value.as_bytes())))
        .collect();
    let mut state = state.borrow_mut();
    let body_rid = state.resource_table.add(IncomingBodyResource::new(body));
    let upgrade_rid = upgrade.map(|upgrade| state.resource_table.add(ClientUpgradeResource::new(upgrade, exchange.local, exchange.remote)));
    Ok(ResponseHead {
        status: parts.status.as_u16(),
        status_text,
        http_version: if parts.version == hyper::Version::HTTP_10 { "1.0" } else { "1.1" },
        headers,
        body_rid,
        upgrade_rid,
    })
}
