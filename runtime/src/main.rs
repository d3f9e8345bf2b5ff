//! The `omp-host` binary: see `cli.rs`.
fn main() -> std::process::ExitCode {
    omp_host::cli::main()
}
