//! The runtime's extensions put together: deno's web extensions (their JavaScript embedded in
//! the binary) and the host's own (`ext/`), with the state the host's ops share.

use std::sync::Arc;

use super::embedded_js::embed;
use super::EngineOptions;
use crate::ext::{host, node, schema};

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
