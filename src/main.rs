//! The `omp-host` binary: see `cli.rs` in the runtime crate.

/// mimalloc: the call path allocates many small, short-lived values across threads.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// V8's heap after the host's JavaScript ran, made by `build.rs` (empty on QuickJS).
static STARTUP_SNAPSHOT: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/startup.snap"));

fn main() -> std::process::ExitCode {
    // The same binary, run with a hidden argument, is the host's child supervisor.
    if let Some(code) = omp_host::engine::child_supervisor::run_if_requested() {
        return code;
    }
    omp_host::engine::engine_cache::configure_engine_bytecode_cache();
    // OMP_HOST_NO_SNAPSHOT=1 starts without it (to compare, and to rule it out).
    if std::env::var_os("OMP_HOST_NO_SNAPSHOT").is_none_or(|v| v != "1") {
        omp_host::engine::snapshot::use_startup_snapshot(STARTUP_SNAPSHOT);
    }
    omp_host::cli::main()
}
