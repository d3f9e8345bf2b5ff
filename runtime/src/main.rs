//! The `omp-host` binary: see `cli.rs`.

/// mimalloc: the call path allocates many small, short-lived values across threads.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
fn main() -> std::process::ExitCode {
    omp_host::cli::main()
}
