//! The `omp-host` binary: see `cli.rs` in the runtime crate.

/// mimalloc: the call path allocates many small, short-lived values across threads.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// V8's heap after the host's JavaScript ran, made by `build.rs` (empty on QuickJS).
static STARTUP_SNAPSHOT: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/startup.snap"));

fn main() -> std::process::ExitCode {
    // The same binary, run with a hidden argument, is the host's child supervisor.
    if let Some(code) = omp_host::run_child_supervisor_if_requested() {
        return code;
    }
    omp_host::configure_engine_bytecode_cache();
    // OMP_HOST_NO_SNAPSHOT=1 starts without it (to compare, and to rule it out).
    if std::env::var_os("OMP_HOST_NO_SNAPSHOT").is_none_or(|v| v != "1") {
        omp_host::use_startup_snapshot(STARTUP_SNAPSHOT);
    }
    let code = omp_host::main();
    exit_without_purging();
    code
}

/// mimalloc v3's `mi_option_purge_delay` (its include/mimalloc.h; the test below checks it).
const MI_OPTION_PURGE_DELAY: std::ffi::c_int = 15;

extern "C" {
    fn mi_option_set(option: std::ffi::c_int, value: std::ffi::c_long);
    #[cfg(test)]
    fn mi_option_get(option: std::ffi::c_int) -> std::ffi::c_long;
}

/// At exit, mimalloc's process-done hook purges every free page it holds (one `madvise` per
/// range, each a TLB shootdown in a process with threads: 18 calls and 0.5-1 ms after a
/// `list` of 50 tools), memory the kernel takes back a moment later anyway. A negative purge
/// delay means "never purge", which that hook honours.
fn exit_without_purging() {
    // SAFETY: sets one of mimalloc's integer options; nothing else is touched.
    unsafe { mi_option_set(MI_OPTION_PURGE_DELAY, -1) };
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The option number names the purge delay (the only option whose default is 1000 ms,
    /// so a mimalloc upgrade that renumbers its options fails here, not silently), and
    /// `exit_without_purging` turns purging off.
    #[test]
    fn purging_is_turned_off_for_the_exit() {
        // SAFETY: reads one of mimalloc's integer options.
        let delay = || unsafe { mi_option_get(MI_OPTION_PURGE_DELAY) };
        if std::env::var_os("MIMALLOC_PURGE_DELAY").is_none() {
            assert_eq!(delay(), 1000);
        }
        exit_without_purging();
        assert_eq!(delay(), -1);
    }
}
