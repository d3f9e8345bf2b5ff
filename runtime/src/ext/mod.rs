//! The engine's extensions, deno-style: each folder holds one extension's ops (Rust) beside
//! the JavaScript modules they serve. `host/` is the `pi` API and the host's side of every
//! call, `node/` the Node built-ins (a folder per module), `schema/` the schema builders and
//! the vendored typebox and omptype, `pkg/` the pi packages' shims (JavaScript only). The
//! JavaScript is served under `omp:/…` URLs by the tool module loader, from a table the build
//! script makes from these folders (`loader::virtual_modules`, runtime/build/ext_modules.rs).

pub(crate) mod host;
pub(crate) mod node;
pub(crate) mod schema;

use std::sync::Arc;

use crate::engine::embedded_js::embed;
use crate::engine::EngineOptions;

/// Deno's web extensions the host uses (deno_webidl, deno_web, deno_fetch), as deno_core
/// declares them: their files named by their path on the build machine.
pub(crate) fn deno_extensions() -> [deno_core::Extension; 3] {
    [
        deno_webidl::deno_webidl::init(),
        deno_web::deno_web::init(
            Arc::new(deno_web::BlobStore::default()),
            None,
            false,
            deno_web::InMemoryBroadcastChannel::default(),
        ),
        host::fetch::fetch_extension(),
    ]
}

/// The runtime's extensions, in the one order both the snapshot and every start use; deno's
/// with their JavaScript embedded in the binary.
pub(crate) fn extensions(options: &EngineOptions) -> Vec<deno_core::Extension> {
    let mut extensions: Vec<deno_core::Extension> = deno_extensions().into_iter().map(embed).collect();
    extensions.extend([
        host::fetch::omp_fetch_support::init(),
        host::omp_host::init(host::HostShared {
            cache: options.cache.clone(),
            log: options.log.clone(),
            tap: options.log_tap.clone(),
            pending: options.pending.clone(),
            turn_aborts: options.turn_aborts.clone(),
            nested_calls: options.nested_calls.clone(),
            ui: options.ui.clone(),
            tools: options.tools.clone(),
            permissions: options.permissions.clone(),
        }),
        schema::omp_schema::init(),
        node::omp_node::init(),
    ]);
    extensions
}
