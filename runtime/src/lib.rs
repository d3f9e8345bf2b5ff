//! omp-host: runs oh-my-pi / pi custom tools (TypeScript factory modules) in an embedded
//! JavaScript engine, with discovery, validation and the call pipeline in Rust.

pub mod children;
pub mod cli;
pub mod config;
pub mod core;
pub mod discovery;
pub mod disk_cache;
pub mod engine;
pub mod execute_order;
pub mod ext;
pub mod file_events;
pub mod loader;
pub mod log;
pub mod new_tool;
pub mod panic_report;
pub mod paths;
pub mod pending;
pub mod private_dir;
pub mod protocol;
pub mod registry;
pub mod regular_file;
pub mod reload;
pub mod result;
pub mod schedule;
pub mod schema;
pub mod session;
pub mod session_args;
pub mod session_call_lines;
pub mod session_log;
pub mod session_retention;
pub mod session_trim;
pub mod session_writer;
pub mod stderr;
pub mod tool_changes;
pub mod tool_loader;
pub mod ui;
