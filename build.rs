//! Makes the start-up snapshot the binary carries (`$OUT_DIR/startup.snap`): the runtime
//! crate evaluates the host's JavaScript once here and V8 serializes the heap, so a start
//! deserializes it instead of parsing and running that code. QuickJS builds have no snapshot
//! and get an empty file.

fn main() {
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("startup.snap");
    // The snapshot depends only on the runtime crate (a dependency: cargo reruns this when it
    // changes) and on the engine feature.
    println!("cargo:rerun-if-changed=build.rs");
    let snapshot = make_snapshot();
    std::fs::write(&out, snapshot).unwrap_or_else(|e| panic!("cannot write {}: {e}", out.display()));
}

#[cfg(feature = "v8")]
fn make_snapshot() -> Box<[u8]> {
    omp_host::engine::snapshot::create().unwrap_or_else(|e| panic!("the start-up snapshot failed: {e}"))
}

#[cfg(not(feature = "v8"))]
fn make_snapshot() -> Box<[u8]> {
    Box::default()
}
