//! omp-host: runs oh-my-pi / pi custom tools (TypeScript factory modules) in an embedded
//! JavaScript engine, with discovery, validation and the call pipeline in Rust.

pub mod cli;
pub mod cli_call;
pub mod config;
pub mod discovery;
pub mod engine;
pub mod invoke;
pub mod loader;
pub mod log;
pub mod paths;
pub mod registry;
pub mod result;
pub mod schedule;
pub mod session;
