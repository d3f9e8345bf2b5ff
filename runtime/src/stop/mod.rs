//! What stops the engine's scripts: a call's deadline or cancel, a load or session event past
//! its time, code of no live job that runs too long, and the heap limit. The watchdog thread
//! (`watchdog`) looks at the engine from outside and interrupts it; what it decides from what
//! it sees is `policy` (pure, tested on its own); `job_slot` lets it read whose code runs,
//! `heap_limit` has it stop a script that exhausts the heap, and `v8_flags` keeps V8's loops
//! answering interrupts on time.

pub(crate) mod heap_limit;
pub(crate) mod job_slot;
pub(crate) mod policy;
#[cfg(feature = "v8")]
pub(crate) mod v8_flags;
pub(crate) mod watchdog;
