//! The web `fetch` (with `Request`, `Response`, `Headers`, `FormData`) from Deno's `deno_fetch`
//! extension: its Rust client (hyper, rustls, the system's root certificates, proxies from the
//! environment) and its JavaScript classes. This file configures it for the host, and the two
//! Deno-runtime scripts its JavaScript expects (telemetry hooks, TLS key loading for
//! `Deno.createHttpClient`) get small stand-ins, since the host runs neither.
//!
//! Permissions: deno_fetch's own hook (`PermissionsContainer`) can check a URL but not the
//! addresses a name resolves to by the host's rules (only Deno's deny list), so the host
//! replaces the implementation of `op_fetch` (`op_omp_fetch`, the same op with one change):
//! under a restricted policy each request, and so each redirect hop (deno_fetch's JavaScript
//! calls `op_fetch` once per hop), is checked by host and port, and is sent through a client
//! for its port whose resolver answers only the addresses the policy grants on that port
//! (`CheckedResolver`), so a granted name that resolves to a loopback or private address is
//! refused and the connection goes to exactly the addresses checked. Without a policy the op
//! does what deno_fetch's does.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use deno_core::convert::{ByteString, Uint8Array};
use deno_core::futures::TryFutureExt;
use deno_core::url::Url;
use deno_core::{op2, CancelFuture, CancelHandle, OpState, ResourceId};
use deno_error::{JsErrorBox, JsErrorClass};
use deno_fetch::{Client, FetchCancelHandle, FetchError, FetchRequestResource, FetchReturn, HttpClientResource, ReqBody, ResourceToBodyAdapter};
use deno_permissions::{PermissionsContainer, RuntimePermissionDescriptorParser};
use deno_tls::rustls::RootCertStore;
use deno_tls::RootCertStoreProvider;
use hyper::http::header::{HeaderName, HeaderValue, AUTHORIZATION, CONTENT_LENGTH, HOST};
use hyper::http::{Method, Uri};
use hyper_util::client::legacy::connect::dns::Name;

use crate::permissions::{Permissions, Policy};

/// The system's trusted roots (as Node uses with `--use-system-ca`, and curl does), falling
/// back to the Mozilla set bundled with `webpki-roots` when the system has none.
pub(crate) fn system_root_store() -> &'static RootCertStore {
    static STORE: OnceLock<RootCertStore> = OnceLock::new();
    STORE.get_or_init(|| {
        let mut store = RootCertStore::empty();
        if let Ok(certs) = deno_tls::deno_native_certs::load_native_certs() {
            let ders = certs.into_iter().map(|c| deno_tls::rustls::pki_types::CertificateDer::from(c.0));
            store.add_parsable_certificates(ders);
        }
        if store.is_empty() {
            store = deno_tls::create_default_root_cert_store();
        }
        store
    })
}

struct SystemRoots;

impl RootCertStoreProvider for SystemRoots {
    fn get_or_try_init(&self) -> Result<&RootCertStore, JsErrorBox> {
        Ok(system_root_store())
    }
}

/// The `deno_fetch` extension as the host configures it.
pub(crate) fn fetch_extension() -> deno_core::Extension {
    deno_fetch::deno_fetch::init(deno_fetch::Options {
        user_agent: format!("omp-host/{}", env!("CARGO_PKG_VERSION")),
        root_cert_store_provider: Some(Arc::new(SystemRoots)),
        ..Default::default()
    })
}

/// A resolver for one destination port: the addresses of a name the policy grants on that
/// port (`crate::ext::node::net::permitted_addresses`), each refusal logged.
#[derive(Debug)]
struct CheckedResolver {
    permissions: Permissions,
    port: u16,
}

impl deno_fetch::dns::Resolve for CheckedResolver {
    fn resolve(&self, name: Name) -> deno_fetch::dns::Resolving {
        let (permissions, port) = (self.permissions.clone(), self.port);
        Box::pin(async move {
            let addrs = crate::ext::node::net::permitted_addresses(&permissions, name.as_str(), port, "connect")
                .await
                .map_err(|e| std::io::Error::new(std::io::ErrorKind::PermissionDenied, e.get_message().into_owned()))?;
            Ok(addrs.into_iter())
        })
    }
}

/// The clients of a restricted engine, one per destination port (each with its
/// `CheckedResolver`), for the policy they were made under.
struct CheckedClients {
    policy: Arc<Policy>,
    by_port: HashMap<u16, Client>,
}

/// The client for requests to `port` under the engine's policy (made on first use, and again
/// once the policy changes, so no pooled connection outlives the policy that allowed it).
#[allow(clippy::result_large_err, reason = "deno_fetch's error type")]
fn checked_client(state: &mut OpState, permissions: &Permissions, port: u16) -> Result<Client, FetchError> {
    let policy = permissions.policy();
    if !state.try_borrow::<CheckedClients>().is_some_and(|c| Arc::ptr_eq(&c.policy, &policy)) {
        state.put(CheckedClients {
            policy,
            by_port: HashMap::new(),
        });
    }
    if let Some(client) = state.borrow::<CheckedClients>().by_port.get(&port) {
        return Ok(client.clone());
    }
    let mut options = state.borrow::<deno_fetch::Options>().clone();
    options.resolver = deno_fetch::dns::Resolver::custom(Arc::new(CheckedResolver {
        permissions: permissions.clone(),
        port,
    }));
    let container = state.borrow::<PermissionsContainer>().clone();
    let client = deno_fetch::create_client_from_options(&options, Some(container))?;
    state.borrow_mut::<CheckedClients>().by_port.insert(port, client.clone());
    Ok(client)
}

/// deno_fetch's `op_fetch` (0.284), with the host's permission check (see the file comment);
/// it replaces that op's implementation (`omp_fetch_support`'s middleware), so its signature
/// must stay the same.
#[op2(stack_trace)]
#[allow(clippy::too_many_arguments, reason = "the signature of deno_fetch's op_fetch")]
#[allow(clippy::result_large_err, reason = "deno_fetch's error type")]
pub(crate) fn op_omp_fetch(
    state: &mut OpState,
    #[scoped] method: ByteString,
    #[string] url: String,
    #[scoped] headers: Vec<(ByteString, ByteString)>,
    #[smi] client_rid: Option<u32>,
    has_body: bool,
    data: Option<Uint8Array>,
    #[smi] resource: Option<ResourceId>,
) -> Result<FetchReturn, FetchError> {
    let method = Method::from_bytes(&method)?;
    let mut url = Url::parse(&url)?;
    let scheme = url.scheme().to_string();
    if scheme != "http" && scheme != "https" {
        // Other schemes reach no network: deno_fetch's answers, through its default client.
        return deno_fetch_other_scheme(state, method, url);
    }
    let permissions = state.borrow::<Permissions>().clone();
    let (client, allow_host) = if !permissions.is_unrestricted() {
        let host = url.host_str().unwrap_or_default().to_string();
        let port = url.port_or_known_default().unwrap_or(0);
        permissions
            .check_host(&host, port, "fetch")
            .map_err(|denied| FetchError::Other(JsErrorBox::from_err(denied)))?;
        // A client the tool made itself would skip the check: every request goes through the
        // checked client of its port.
        (checked_client(state, &permissions, port)?, false)
    } else if let Some(rid) = client_rid {
        let r = state.resource_table.get::<HttpClientResource>(rid)?;
        (r.client.clone(), r.allow_host)
    } else {
        (deno_fetch::get_or_create_client_from_state(state)?, false)
    };

    let permissions = state.borrow_mut::<PermissionsContainer>();
    permissions.check_net_url(&url, "fetch()")?;

    let maybe_authority = deno_fetch::extract_authority(&mut url);
    let uri = url.as_str().parse::<Uri>().map_err(|_| FetchError::InvalidUrl(url.clone()))?;

    let mut con_len = None;
    let body = if has_body {
        match (data, resource) {
            (Some(data), _) => {
                con_len = Some(data.len() as u64);
                ReqBody::full(data.0.into())
            }
            (_, Some(resource)) => {
                let resource = state.resource_table.take_any(resource)?;
                match resource.size_hint() {
                    (body_size, Some(n)) if body_size == n && body_size > 0 => {
                        con_len = Some(body_size);
                    }
                    _ => {}
                }
                ReqBody::streaming(ResourceToBodyAdapter::new(resource))
            }
            (None, None) => unreachable!(),
        }
    } else {
        // POST and PUT requests always have a content-length, 0 without a body.
        if matches!(method, Method::POST | Method::PUT) {
            con_len = Some(0);
        }
        ReqBody::empty()
    };

    let mut request = hyper::http::Request::new(body);
    *request.method_mut() = method.clone();
    *request.uri_mut() = uri.clone();
    if let Some((username, password)) = maybe_authority {
        request
            .headers_mut()
            .insert(AUTHORIZATION, deno_fetch::basic_auth(&username, password.as_deref()));
    }
    if let Some(len) = con_len {
        request.headers_mut().insert(CONTENT_LENGTH, len.into());
    }
    for (key, value) in headers {
        let name = HeaderName::from_bytes(&key)?;
        let v = HeaderValue::from_bytes(&value)?;
        if (name != HOST || allow_host) && name != CONTENT_LENGTH {
            request.headers_mut().append(name, v);
        }
    }
    let options = state.borrow::<deno_fetch::Options>();
    if let Some(request_builder_hook) = options.request_builder_hook {
        request_builder_hook(&mut request).map_err(FetchError::RequestBuilderHook)?;
    }

    let cancel_handle = CancelHandle::new_rc();
    let cancel_handle_ = cancel_handle.clone();
    let fut = async move { client.send(request).map_err(Into::into).or_cancel(cancel_handle_).await };
    let request_rid = state.resource_table.add(FetchRequestResource { future: Box::pin(fut), url });
    let cancel_handle_rid = state.resource_table.add(FetchCancelHandle(cancel_handle));
    Ok(FetchReturn {
        request_rid,
        cancel_handle_rid: Some(cancel_handle_rid),
    })
}

/// deno_fetch's `op_fetch` for the schemes other than `http` and `https`: `file` (the host
/// reads no files through `fetch`: a network error, as deno_fetch's default handler gives),
/// `data`, and the rest refused.
#[allow(clippy::result_large_err, reason = "deno_fetch's error type")]
fn deno_fetch_other_scheme(state: &mut OpState, method: Method, url: Url) -> Result<FetchReturn, FetchError> {
    match url.scheme() {
        "file" => {
            if method != Method::GET {
                return Err(FetchError::FsNotGet(method));
            }
            let handler = state.borrow::<deno_fetch::Options>().file_fetch_handler.clone();
            let (future, cancel) = handler.fetch_file(state, &url);
            let request_rid = state.resource_table.add(FetchRequestResource { future, url });
            let cancel_handle_rid = cancel.map(|c| state.resource_table.add(FetchCancelHandle(c)));
            Ok(FetchReturn {
                request_rid,
                cancel_handle_rid,
            })
        }
        "data" => {
            use http_body_util::BodyExt;
            let data_url = deno_fetch::data_url::DataUrl::process(url.as_str()).map_err(FetchError::DataUrl)?;
            let (body, _) = data_url.decode_to_vec().map_err(FetchError::Base64)?;
            let body = http_body_util::Full::new(body.into()).map_err(|never| match never {}).boxed();
            let response = hyper::http::Response::builder()
                .status(hyper::http::StatusCode::OK)
                .header(hyper::http::header::CONTENT_TYPE, data_url.mime_type().to_string())
                .body(body)?;
            let fut = async move { Ok(Ok(response)) };
            let request_rid = state.resource_table.add(FetchRequestResource { future: Box::pin(fut), url });
            Ok(FetchReturn {
                request_rid,
                cancel_handle_rid: None,
            })
        }
        // Blob URLs are resolved by the JavaScript side; one that gets here names no blob.
        "blob" => Err(FetchError::BlobNotFound),
        other => Err(FetchError::SchemeNotSupported(other.to_string())),
    }
}

// Stand-ins for Deno runtime scripts that deno_fetch's JavaScript loads: telemetry is off
// (no spans, no propagators), and client TLS keys for `Deno.createHttpClient` are not offered.
deno_core::extension!(
    omp_fetch_support,
    lazy_loaded_js = [
        "ext:deno_telemetry/telemetry.ts" = {
            source = r#"(function () {
  const { internals } = __bootstrap;
  const noSpan = { end() {}, setAttribute() {}, setStatus() {}, recordException() {}, isRecording: () => false };
  internals.__telemetry = {
    TRACING_ENABLED: false,
    METRICS_ENABLED: false,
    PROPAGATORS: [],
    DID_NOT_ENTER: {},
    builtinTracer: () => ({ startSpan: () => noSpan }),
    ContextManager: { active: () => undefined },
    enterSpan: () => undefined,
    exitSpan: () => undefined,
    restoreSnapshot: () => undefined,
  };
  return internals.__telemetry;
})();"#
        },
        "ext:deno_telemetry/util.ts" = {
            source = r#"(function () {
  const { internals } = __bootstrap;
  internals.__telemetryUtil = {
    updateSpanFromClientResponse() {},
    updateSpanFromError() {},
    updateSpanFromRequest() {},
    updateSpanFromResponse() {},
  };
  return internals.__telemetryUtil;
})();"#
        },
        "ext:deno_net/02_tls.js" = {
            source = r#"(function () {
  function loadTlsKeyPair(api, options) {
    if (options && (options.cert || options.key || options.certChain || options.privateKey)) {
      throw new TypeError(api + ": client certificates are not supported by omp-host");
    }
    return null;
  }
  return { loadTlsKeyPair };
})();"#
        },
    ],
    // `op_fetch` runs the host's implementation (`op_omp_fetch`; see the file comment).
    middleware = |op| match op.name {
        "op_fetch" => op.with_implementation_from(&op_omp_fetch()),
        _ => op,
    },
    state = |state| {
        let parser = RuntimePermissionDescriptorParser::new(sys_traits::impls::RealSys);
        state.put(PermissionsContainer::allow_all(Arc::new(parser)));
    }
);
