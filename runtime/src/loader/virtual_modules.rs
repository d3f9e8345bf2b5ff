//! The host's own JavaScript modules, embedded in the binary and served under `omp:/…` URLs:
//! the bootstrap and `pi` API, the schema builders, Node built-in shims and the virtual
//! pi packages that tools import. The table is made by the build script from the files under
//! `src/ext/` (runtime/build/ext_modules.rs says how a file's path becomes its URL).

use std::sync::OnceLock;

include!(concat!(env!("OUT_DIR"), "/ext_modules.rs"));

/// Where the vendored `typebox` 1.x package is served: `omp:/vendor/typebox` and one module per
/// subpath its package.json `exports` names besides ".", `omp:/vendor/typebox/<subpath>`
/// (scripts/vendor-typebox.sh), all re-exporting from `omp:/vendor/typebox-bundle`.
const TYPEBOX: &str = "omp:/vendor/typebox";

/// Where the vendored `@oh-my-pi/omptype` is served, the same way (scripts/vendor-omptype.sh):
/// its public subpaths (its `exports` is a `./*` pattern over every source file; the others
/// are internal modules, whose public names the package root re-exports).
const OMPTYPE: &str = "omp:/vendor/omptype";

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
pub(crate) fn source(url: &str) -> Option<&'static str> {
    MODULES.binary_search_by(|(u, _)| (*u).cmp(url)).ok().map(|i| MODULES[i].1)
}

/// A Node built-in the host provides (`path`, `fs`, … without the `node:` prefix).
pub(crate) fn is_node_builtin(name: &str) -> bool {
    source(&format!("omp:/node/{name}")).is_some()
}

/// Any Node built-in name, provided or not.
pub(crate) fn is_any_node_builtin(name: &str) -> bool {
    NODE_BUILTINS.contains(&name)
}

/// The embedded module for `typebox` or `typebox/<subpath>` (TypeBox 1.x), if it is one.
pub(crate) fn typebox_module(specifier: &str) -> Option<String> {
    match specifier.strip_prefix("typebox") {
        Some("") => Some(TYPEBOX.into()),
        Some(rest) => {
            let subpath = rest.strip_prefix('/')?;
            typebox_subpaths().contains(&subpath).then(|| format!("{TYPEBOX}/{subpath}"))
        }
        None => None,
    }
}

/// The embedded module for `@oh-my-pi/omptype` or `@oh-my-pi/omptype/<subpath>` (a subpath
/// may end in `.js`, as the package's `exports` allow), if it is one.
pub(crate) fn omptype_module(specifier: &str) -> Option<String> {
    match specifier.strip_prefix("@oh-my-pi/omptype") {
        Some("") => Some(OMPTYPE.into()),
        Some(rest) => {
            let subpath = rest.strip_prefix('/')?;
            let subpath = subpath.strip_suffix(".js").unwrap_or(subpath);
            omptype_subpaths().contains(&subpath).then(|| format!("{OMPTYPE}/{subpath}"))
        }
        None => None,
    }
}

/// The subpaths served below `root` (the modules `<root>/<subpath>`, one level down), sorted.
fn subpaths(root: &str) -> Vec<&'static str> {
    let prefix = format!("{root}/");
    MODULES
        .iter()
        .filter_map(|(url, _)| url.strip_prefix(prefix.as_str()))
        .filter(|subpath| !subpath.contains('/'))
        .collect()
}

/// The subpaths of `@oh-my-pi/omptype` the host serves.
pub(crate) fn omptype_subpaths() -> &'static [&'static str] {
    static SUBPATHS: OnceLock<Vec<&'static str>> = OnceLock::new();
    SUBPATHS.get_or_init(|| subpaths(OMPTYPE))
}

/// The subpaths of `typebox` the host serves.
pub(crate) fn typebox_subpaths() -> &'static [&'static str] {
    static SUBPATHS: OnceLock<Vec<&'static str>> = OnceLock::new();
    SUBPATHS.get_or_init(|| subpaths(TYPEBOX))
}

/// All embedded module URLs.
#[cfg(test)]
fn all_urls() -> impl Iterator<Item = &'static str> {
    MODULES.iter().map(|(u, _)| *u)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One module for each part of the rule that names a file under `src/ext/`
    /// (runtime/build/ext_modules.rs).
    #[test]
    fn a_modules_url_comes_from_its_path_under_ext() {
        let modules = [
            ("omp:/host/load", include_str!("../ext/host/load.js")),
            ("omp:/node/fs", include_str!("../ext/node/fs/fs.js")),
            ("omp:/node/fs/promises", include_str!("../ext/node/fs/promises.js")),
            ("omp:/node-internal/errors", include_str!("../ext/node/internal/errors.js")),
            ("omp:/node-internal/fs_common", include_str!("../ext/node/fs/internal/fs_common.js")),
            ("omp:/vendor/readable-stream", include_str!("../ext/node/stream/vendor/readable-stream.js")),
            ("omp:/vendor/typebox", include_str!("../ext/schema/vendor/typebox/typebox.js")),
            ("omp:/vendor/typebox/compile", include_str!("../ext/schema/vendor/typebox/compile.js")),
            ("omp:/vendor/typebox-bundle", include_str!("../ext/schema/vendor/typebox-bundle.js")),
            ("omp:/zod", include_str!("../ext/schema/builders/zod.js")),
            ("omp:/schema/ark_wire", include_str!("../ext/schema/ark_wire.js")),
            ("omp:/pkg/pi-coding-agent", include_str!("../ext/pkg/pi-coding-agent/pi-coding-agent.js")),
            (
                "omp:/pkg/pi-coding-agent/tools/tool-errors",
                include_str!("../ext/pkg/pi-coding-agent/tools/tool-errors.js"),
            ),
        ];
        for (url, text) in modules {
            assert_eq!(source(url), Some(text), "{url}");
        }
        assert_eq!(typebox_subpaths(), ["compile", "error", "format", "guard", "schema", "system", "type", "value"]);
        assert_eq!(omptype_subpaths(), ["ark", "typebox", "zod"]);
    }

    /// Every `omp:/…` module the host's own modules import is one the host serves.
    #[test]
    fn every_module_the_hosts_modules_name_is_served() {
        let quoted = regex::Regex::new(r#""(omp:/[^"]*)""#).unwrap();
        for url in all_urls() {
            for named in quoted.captures_iter(source(url).unwrap()) {
                let named = &named[1];
                // A prefix a module matches URLs against (`omp:/node/`), not a module.
                if !named.ends_with('/') {
                    assert!(source(named).is_some(), "{url} names {named}, which is not served");
                }
            }
        }
    }
}
