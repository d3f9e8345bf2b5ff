//! omp-host: runs oh-my-pi / pi custom tools (TypeScript factory modules) in an embedded
//! JavaScript engine, with discovery, validation and the call pipeline in Rust.

pub mod cli;
pub mod cli_call;
pub mod cli_mcp;
pub mod cli_run;
pub mod config;
pub mod discovery;
pub mod disk_cache;
pub mod engine;
pub mod loader;
pub mod log;
pub mod paths;
pub mod private_dir;
pub mod pipeline;
pub mod registry;
pub mod result;
pub mod schedule;
pub mod schema;
pub mod session;
