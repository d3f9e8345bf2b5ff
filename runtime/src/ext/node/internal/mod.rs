//! What the Node modules share, served to their JavaScript as `omp:/node-internal/…`: Node's
//! error shapes and tables (`errors.js`, with `errors.rs` the system-call errors of every op),
//! and the globals the host adds (`host_globals.js`: `Bun`, web crypto).

pub(crate) mod errors;
