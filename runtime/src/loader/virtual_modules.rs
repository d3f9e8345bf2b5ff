//! The host's own JavaScript modules, embedded in the binary and served under `omp:/…` URLs:
//! the bootstrap and `pi` API, the schema builders, Node built-in shims and the virtual
//! pi packages that tools import.

/// (URL, source) of every embedded module.
const MODULES: &[(&str, &str)] = &[
    ("omp:/host/bootstrap", include_str!("../../../js/host/bootstrap.js")),
    ("omp:/host/globals", include_str!("../../../js/host/globals.js")),
    ("omp:/host/process", include_str!("../../../js/host/process.js")),
    ("omp:/host/pi_api", include_str!("../../../js/host/pi_api.js")),
    ("omp:/host/extension_api", include_str!("../../../js/host/extension_api.js")),
    ("omp:/host/tool_events", include_str!("../../../js/host/tool_events.js")),
    ("omp:/host/load", include_str!("../../../js/host/load.js")),
    ("omp:/host/call", include_str!("../../../js/host/call.js")),
    ("omp:/host/cjs", include_str!("../../../js/host/cjs.js")),
    ("omp:/host/errors", include_str!("../../../js/host/errors.js")),
    ("omp:/host/logger", include_str!("../../../js/host/logger.js")),
    ("omp:/host/exec", include_str!("../../../js/host/exec.js")),
    ("omp:/host/call_context", include_str!("../../../js/host/call_context.js")),
    ("omp:/host/call_outcome", include_str!("../../../js/host/call_outcome.js")),
    ("omp:/host/context", include_str!("../../../js/host/context.js")),
    ("omp:/host/plain", include_str!("../../../js/host/plain.js")),
    ("omp:/host/pending", include_str!("../../../js/host/pending.js")),
    ("omp:/host/ui", include_str!("../../../js/host/ui.js")),
    ("omp:/host/session_events", include_str!("../../../js/host/session_events.js")),
    ("omp:/host/execute_order", include_str!("../../../js/host/execute_order.js")),
    ("omp:/host/core", include_str!("../../../js/host/core.js")),
    ("omp:/host/fetch", include_str!("../../../js/host/fetch.js")),
    ("omp:/host/call_network", include_str!("../../../js/host/call_network.js")),
    ("omp:/zod", include_str!("../../../js/schema/zod.js")),
    ("omp:/typebox", include_str!("../../../js/schema/typebox.js")),
    ("omp:/schema/ark_wire", include_str!("../../../js/schema/ark_wire.js")),
    // The real TypeBox 1.x (npm `typebox`), vendored by scripts/vendor-typebox.sh: one bundle
    // and one module per subpath re-exporting from it (see `TYPEBOX_SUBPATHS`).
    ("omp:/vendor/typebox-bundle", include_str!("../../../js/vendor/typebox-bundle.js")),
    ("omp:/vendor/typebox", include_str!("../../../js/vendor/typebox.js")),
    ("omp:/vendor/typebox/compile", include_str!("../../../js/vendor/typebox-compile.js")),
    ("omp:/vendor/typebox/error", include_str!("../../../js/vendor/typebox-error.js")),
    ("omp:/vendor/typebox/format", include_str!("../../../js/vendor/typebox-format.js")),
    ("omp:/vendor/typebox/guard", include_str!("../../../js/vendor/typebox-guard.js")),
    ("omp:/vendor/typebox/schema", include_str!("../../../js/vendor/typebox-schema.js")),
    ("omp:/vendor/typebox/system", include_str!("../../../js/vendor/typebox-system.js")),
    ("omp:/vendor/typebox/type", include_str!("../../../js/vendor/typebox-type.js")),
    ("omp:/vendor/typebox/value", include_str!("../../../js/vendor/typebox-value.js")),
    // omp's @oh-my-pi/omptype (`pi.arktype` is its `type`), vendored by
    // scripts/vendor-omptype.sh: one bundle and one module per subpath re-exporting from it
    // (see `OMPTYPE_SUBPATHS`).
    ("omp:/vendor/omptype-bundle", include_str!("../../../js/vendor/omptype-bundle.js")),
    ("omp:/vendor/omptype", include_str!("../../../js/vendor/omptype.js")),
    ("omp:/vendor/omptype/ark", include_str!("../../../js/vendor/omptype-ark.js")),
    ("omp:/vendor/omptype/typebox", include_str!("../../../js/vendor/omptype-typebox.js")),
    ("omp:/vendor/omptype/zod", include_str!("../../../js/vendor/omptype-zod.js")),
    ("omp:/pkg/pi-ai", include_str!("../../../js/pkg/pi-ai.js")),
    ("omp:/pkg/pi-tui", include_str!("../../../js/pkg/pi-tui.js")),
    ("omp:/pkg/pi-coding-agent", include_str!("../../../js/pkg/pi-coding-agent.js")),
    ("omp:/pkg/pi-coding-agent/tools/tool-errors", include_str!("../../../js/pkg/tool-errors.js")),
    ("omp:/pkg/pi-utils", include_str!("../../../js/pkg/pi-utils.js")),
    ("omp:/pkg/pi-agent-core", include_str!("../../../js/pkg/pi-agent-core.js")),
    ("omp:/node/path", include_str!("../../../js/node/path.js")),
    ("omp:/node/url", include_str!("../../../js/node/url.js")),
    ("omp:/node/module", include_str!("../../../js/node/module.js")),
    ("omp:/node/process", include_str!("../../../js/node/process.js")),
    ("omp:/node/fs", include_str!("../../../js/node/fs.js")),
    ("omp:/node/fs/promises", include_str!("../../../js/node/fs_promises.js")),
    ("omp:/node/os", include_str!("../../../js/node/os.js")),
    ("omp:/node/child_process", include_str!("../../../js/node/child_process.js")),
    ("omp:/node/events", include_str!("../../../js/node/events.js")),
    ("omp:/node/util", include_str!("../../../js/node/util.js")),
    ("omp:/node/util/types", include_str!("../../../js/node/util_types.js")),
    ("omp:/node/crypto", include_str!("../../../js/node/crypto.js")),
    ("omp:/node/buffer", include_str!("../../../js/node/buffer.js")),
    ("omp:/node/stream", include_str!("../../../js/node/stream.js")),
    ("omp:/vendor/readable-stream", include_str!("../../../js/vendor/readable-stream.js")),
    ("omp:/node/stream/promises", include_str!("../../../js/node/stream_promises.js")),
    ("omp:/node/string_decoder", include_str!("../../../js/node/string_decoder.js")),
    ("omp:/node/timers", include_str!("../../../js/node/timers.js")),
    ("omp:/node/timers/promises", include_str!("../../../js/node/timers_promises.js")),
    ("omp:/node/readline", include_str!("../../../js/node/readline.js")),
    ("omp:/node/readline/promises", include_str!("../../../js/node/readline_promises.js")),
    ("omp:/node/perf_hooks", include_str!("../../../js/node/perf_hooks.js")),
    ("omp:/node/net", include_str!("../../../js/node/net.js")),
    ("omp:/node/http", include_str!("../../../js/node/http.js")),
    ("omp:/node/https", include_str!("../../../js/node/https.js")),
    ("omp:/node/tty", include_str!("../../../js/node/tty.js")),
    ("omp:/node/zlib", include_str!("../../../js/node/zlib.js")),
    ("omp:/node/dns", include_str!("../../../js/node/dns.js")),
    ("omp:/node/dns/promises", include_str!("../../../js/node/dns_promises.js")),
    ("omp:/node/assert", include_str!("../../../js/node/assert.js")),
    ("omp:/node/assert/strict", include_str!("../../../js/node/assert_strict.js")),
    ("omp:/node/querystring", include_str!("../../../js/node/querystring.js")),
    ("omp:/node/worker_threads", include_str!("../../../js/node/worker_threads.js")),
    ("omp:/node/constants", include_str!("../../../js/node/constants.js")),
    ("omp:/node/v8", include_str!("../../../js/node/v8.js")),
    ("omp:/node/diagnostics_channel", include_str!("../../../js/node/diagnostics_channel.js")),
    ("omp:/node/async_hooks", include_str!("../../../js/node/async_hooks.js")),
    ("omp:/node/http2", include_str!("../../../js/node/http2.js")),
    ("omp:/node/tls", include_str!("../../../js/node/tls.js")),
    ("omp:/node/console", include_str!("../../../js/node/console.js")),
    ("omp:/node-internal/errors", include_str!("../../../js/node/internal/errors.js")),
    ("omp:/node-internal/fs_common", include_str!("../../../js/node/internal/fs_common.js")),
    ("omp:/node-internal/fs_watch", include_str!("../../../js/node/internal/fs_watch.js")),
    ("omp:/node-internal/fs_dir", include_str!("../../../js/node/internal/fs_dir.js")),
    ("omp:/node-internal/host_globals", include_str!("../../../js/node/internal/host_globals.js")),
];

/// The subpaths the `typebox` 1.x package exports (its package.json `exports`, besides "."),
/// each served as `omp:/vendor/typebox/<subpath>`.
const TYPEBOX_SUBPATHS: &[&str] = &["compile", "error", "format", "guard", "schema", "system", "type", "value"];

/// The subpaths of `@oh-my-pi/omptype` served, each as `omp:/vendor/omptype/<subpath>`: the
/// public ones (its `exports` is a `./*` pattern over every source file; the others are
/// internal modules, whose public names the package root re-exports).
const OMPTYPE_SUBPATHS: &[&str] = &["ark", "typebox", "zod"];

/// Every Node built-in name, so an unsupported one gets a clear error instead of a
/// `node_modules` lookup.
const NODE_BUILTINS: &[&str] = &[
    "assert",
    "assert/strict",
    "async_hooks",
    "buffer",
    "child_process",
    "cluster",
    "console",
    "constants",
    "crypto",
    "dgram",
    "diagnostics_channel",
    "dns",
    "dns/promises",
    "domain",
    "events",
    "fs",
    "fs/promises",
    "http",
    "http2",
    "https",
    "inspector",
    "module",
    "net",
    "os",
    "path",
    "path/posix",
    "path/win32",
    "perf_hooks",
    "process",
    "punycode",
    "querystring",
    "readline",
    "readline/promises",
    "repl",
    "stream",
    "stream/promises",
    "stream/web",
    "string_decoder",
    "sys",
    "timers",
    "timers/promises",
    "tls",
    "trace_events",
    "tty",
    "url",
    "util",
    "util/types",
    "v8",
    "vm",
    "wasi",
    "worker_threads",
    "zlib",
    "test",
];

/// The source of the embedded module at `url`.
pub fn source(url: &str) -> Option<&'static str> {
    MODULES.iter().find(|(u, _)| *u == url).map(|(_, s)| *s)
}

/// A Node built-in the host provides (`path`, `fs`, … without the `node:` prefix).
pub fn is_node_builtin(name: &str) -> bool {
    source(&format!("omp:/node/{name}")).is_some()
}

/// Any Node built-in name, provided or not.
pub fn is_any_node_builtin(name: &str) -> bool {
    NODE_BUILTINS.contains(&name)
}

/// The embedded module for `typebox` or `typebox/<subpath>` (TypeBox 1.x), if it is one.
pub fn typebox_module(specifier: &str) -> Option<String> {
    match specifier.strip_prefix("typebox") {
        Some("") => Some("omp:/vendor/typebox".into()),
        Some(rest) => {
            let subpath = rest.strip_prefix('/')?;
            TYPEBOX_SUBPATHS.contains(&subpath).then(|| format!("omp:/vendor/typebox/{subpath}"))
        }
        None => None,
    }
}

/// The embedded module for `@oh-my-pi/omptype` or `@oh-my-pi/omptype/<subpath>` (a subpath
/// may end in `.js`, as the package's `exports` allow), if it is one.
pub fn omptype_module(specifier: &str) -> Option<String> {
    match specifier.strip_prefix("@oh-my-pi/omptype") {
        Some("") => Some("omp:/vendor/omptype".into()),
        Some(rest) => {
            let subpath = rest.strip_prefix('/')?;
            let subpath = subpath.strip_suffix(".js").unwrap_or(subpath);
            OMPTYPE_SUBPATHS.contains(&subpath).then(|| format!("omp:/vendor/omptype/{subpath}"))
        }
        None => None,
    }
}

/// The subpaths of `@oh-my-pi/omptype` the host serves.
pub fn omptype_subpaths() -> &'static [&'static str] {
    OMPTYPE_SUBPATHS
}

/// The subpaths of `typebox` the host serves.
pub fn typebox_subpaths() -> &'static [&'static str] {
    TYPEBOX_SUBPATHS
}

/// All embedded module URLs (for tests and diagnostics).
pub fn all_urls() -> impl Iterator<Item = &'static str> {
    MODULES.iter().map(|(u, _)| *u)
}
