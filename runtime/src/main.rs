//! The `omp-host` binary: see `cli.rs`.

/// mimalloc: the call path allocates many small, short-lived values across threads.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
fn main() -> std::process::ExitCode {
    // The same binary, run with a hidden argument, is the host's child supervisor.
    if let Some(code) = omp_host::engine::child_supervisor::run_if_requested() {
        return code;
    }
    omp_host::engine::engine_cache::configure_engine_bytecode_cache();
    omp_host::cli::main()
}
