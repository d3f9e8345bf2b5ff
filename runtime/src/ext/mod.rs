//! The engine's extensions, deno-style: each folder holds one extension's ops (Rust) beside
//! the JavaScript modules they serve. `host/` is the `pi` API and the host's side of every
//! call, `node/` the Node built-ins (a folder per module), `schema/` the schema builders and
//! the vendored typebox and omptype, `pkg/` the pi packages' shims (JavaScript only). The
//! JavaScript is served under `omp:/…` URLs by the tool module loader, from a table the build
//! script makes from these folders (`loader::virtual_modules`, runtime/build/ext_modules.rs).
//! engine/extensions.rs puts them together for a runtime.

pub(crate) mod host;
pub(crate) mod node;
pub(crate) mod schema;
