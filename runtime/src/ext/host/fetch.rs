//! The web `fetch` (with `Request`, `Response`, `Headers`, `FormData`) from Deno's `deno_fetch`
//! extension: its Rust client (hyper, rustls, the system's root certificates, proxies from the
//! environment) and its JavaScript classes. This file configures it for the host: every URL
//! is allowed (tools run with the user's rights, as under Node), and the two Deno-runtime
//! scripts its JavaScript expects (telemetry hooks, TLS key loading for
//! `Deno.createHttpClient`) get small stand-ins, since the host runs neither.

use std::sync::{Arc, OnceLock};

use deno_error::JsErrorBox;
use deno_permissions::{PermissionsContainer, RuntimePermissionDescriptorParser};
use deno_tls::rustls::RootCertStore;
use deno_tls::RootCertStoreProvider;

/// The system's trusted roots (as Node uses with `--use-system-ca`, and curl does), falling
/// back to the Mozilla set bundled with `webpki-roots` when the system has none.
pub fn system_root_store() -> &'static RootCertStore {
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
pub fn fetch_extension() -> deno_core::Extension {
    deno_fetch::deno_fetch::init(deno_fetch::Options {
        user_agent: format!("omp-host/{}", env!("CARGO_PKG_VERSION")),
        root_cert_store_provider: Some(Arc::new(SystemRoots)),
        ..Default::default()
    })
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
    state = |state| {
        let parser = RuntimePermissionDescriptorParser::new(sys_traits::impls::RealSys);
        state.put(PermissionsContainer::allow_all(Arc::new(parser)));
    }
);
