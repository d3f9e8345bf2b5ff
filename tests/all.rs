//! The integration tests, in one binary: each file of tests/suite/ is a module, and
//! tests/common/ holds what they share (fixture sandboxes, a line-protocol host, fault
//! helpers). One binary links the engine once, where a binary per file linked it thirty times.
//! `cargo test --test all -- suite::faults_call::` runs one file's tests.

mod common;
mod suite;
