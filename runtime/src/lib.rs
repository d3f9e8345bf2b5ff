//! omp-host: runs oh-my-pi / pi custom tools (TypeScript factory modules) in an embedded
//! JavaScript engine, with discovery, validation and the call pipeline in Rust.

// Items are private to the crate unless the binary, the benchmarks or the tests use them.
#![warn(unreachable_pub)]

mod bridge;
mod children;
mod cli;
mod config;
mod core;
mod discovery;
mod disk_cache;
mod engine;
mod events;
mod execute_order;
mod ext;
mod file_events;
mod loader;
mod log;
mod new_tool;
mod panic_report;
mod paths;
mod pending;
mod permissions;
mod platform;
mod private_dir;
mod protocol;
mod registry;
mod regular_file;
mod reload;
mod result;
mod schedule;
mod schema;
#[cfg(test)]
mod scratch_dir;
mod session;
mod session_args;
mod session_call_lines;
mod session_log;
mod session_retention;
mod session_trim;
mod session_writer;
mod stderr;
mod stop;
mod tool_changes;
mod tool_loader;
mod tool_view;
mod ui;

// The public surface: what the binary, its build script, the benchmarks and the integration
// tests use. Everything else is private to the crate.
pub use children::supervisor::run_if_requested as run_child_supervisor_if_requested;
pub use cli::main;
pub use config::HostConfig;
pub use core::Core;
pub use engine::engine_cache::configure_engine_bytecode_cache;
#[cfg(feature = "v8")]
pub use engine::snapshot::create as create_startup_snapshot;
pub use engine::snapshot::use_startup_snapshot;
pub use events::Event;
pub use loader::transpile::{cache_key, transpile_uncached, TranspileCache};
pub use result::ToolResult;
pub use schema::{wire_schema_from_zod, CompiledSchema};
pub use session::{Session, SessionOptions};
