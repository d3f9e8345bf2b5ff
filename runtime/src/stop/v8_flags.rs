//! The V8 flags the host sets, once per process, before its first isolate starts.
//!
//! `--no-concurrent-recompilation --no-concurrent-osr`: V8 optimizes hot functions (and
//! loops, on stack) on background threads, and while such a job for the function running
//! was in flight, that function's loop did not answer interrupt requests until the job was
//! done. A spinning tool's loop gets optimized at its 2nd to 5th call, so a cancel then took
//! effect 0.1-1 s late (longer the busier the machine) instead of within milliseconds (the
//! host's target is 100 ms). Compiled on the engine thread instead, the jobs never leave a
//! loop deaf to a stop (`bench/late_cancel.py`). The price is throughput: MCP round trips at
//! 64 calls in flight fell about 16% (docs/security.md).

use std::sync::Once;

const FLAGS: &[&str] = &["--no-concurrent-recompilation", "--no-concurrent-osr"];

/// Sets `FLAGS` the first time it is called; later calls do nothing (V8 takes flags only
/// before it is initialized).
pub(crate) fn set_once() {
    static SET: Once = Once::new();
    SET.call_once(|| {
        let mut args = vec!["omp-host".to_string()];
        args.extend(FLAGS.iter().map(|flag| flag.to_string()));
        let unknown = deno_core::v8_set_flags(args);
        debug_assert_eq!(unknown, ["omp-host"], "V8 did not take every flag");
    });
}
