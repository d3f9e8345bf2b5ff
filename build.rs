//! Makes the start-up snapshot the binary carries (`$OUT_DIR/startup.snap`): the runtime
//! crate evaluates the host's JavaScript once here and V8 serializes the heap, so a start
//! deserializes it instead of parsing and running that code. QuickJS builds have no snapshot
//! and get an empty file.

fn main() {
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("startup.snap");
    // The snapshot depends only on the runtime crate (a dependency: cargo reruns this when it
    // changes) and on the engine feature.
    println!("cargo:rerun-if-changed=build.rs");
    if relr_supported() {
        // The binary's ~113,000 relative relocations as RELR (27 KB instead of 2.7 MB of
        // records the loader read at every start: 6 MB less peak RSS), still position-independent.
        println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
    }
    let order = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("build/symbol-order.txt");
    println!("cargo:rerun-if-changed={}", order.display());
    if order.exists() && links_with_rusts_lld() {
        // Start-up functions side by side (scripts/symbol-order.sh made the list): a start
        // maps ~5 MB of code pages instead of ~22 MB (peak RSS, page faults). Names a build no
        // longer has are skipped.
        println!("cargo:rustc-link-arg-bins=-Wl,--symbol-ordering-file={}", order.display());
        println!("cargo:rustc-link-arg-bins=-Wl,--no-warn-symbol-ordering");
    }
    let snapshot = make_snapshot();
    std::fs::write(&out, snapshot).unwrap_or_else(|e| panic!("cannot write {}: {e}", out.display()));
}

#[cfg(feature = "v8")]
fn make_snapshot() -> Box<[u8]> {
    omp_host::create_startup_snapshot().unwrap_or_else(|e| panic!("the start-up snapshot failed: {e}"))
}

#[cfg(not(feature = "v8"))]
fn make_snapshot() -> Box<[u8]> {
    Box::default()
}

/// Whether the binary can carry packed relative relocations: Linux with glibc 2.36 or later
/// (the loader that reads them; older ones refuse such a binary). Without `getconf`'s answer
/// the relocations stay as they are.
fn relr_supported() -> bool {
    let target = |key: &str| std::env::var(key).unwrap_or_default();
    if target("CARGO_CFG_TARGET_OS") != "linux" || target("CARGO_CFG_TARGET_ENV") != "gnu" {
        return false;
    }
    let Ok(out) = std::process::Command::new("getconf").arg("GNU_LIBC_VERSION").output() else {
        return false;
    };
    // "glibc 2.36"
    let text = String::from_utf8_lossy(&out.stdout);
    at_least(text.trim().trim_start_matches("glibc "), (2, 36))
}

/// Whether a dotted version ("2.36", "1.95.0-nightly") is `minimum` (major, minor) or later.
fn at_least(version: &str, minimum: (u32, u32)) -> bool {
    let parts: Vec<u32> = version.split(['.', '-']).filter_map(|p| p.parse().ok()).collect();
    matches!(parts.as_slice(), [major, minor, ..] if (*major, *minor) >= minimum)
}

/// Whether the binary is linked by the LLD that rustc carries, the only linker here that
/// takes a symbol ordering file: rustc 1.90 and later on x86_64 Linux (GNU), unless the build
/// names another linker.
fn links_with_rusts_lld() -> bool {
    let var = |key: &str| std::env::var(key).unwrap_or_default();
    if var("TARGET") != "x86_64-unknown-linux-gnu" || std::env::var_os("RUSTC_LINKER").is_some() {
        return false;
    }
    let flags = var("CARGO_ENCODED_RUSTFLAGS");
    if flags.contains("linker") || flags.contains("fuse-ld") {
        return false;
    }
    let Ok(out) = std::process::Command::new(var("RUSTC")).arg("-vV").output() else {
        return false;
    };
    // "release: 1.95.0"
    let text = String::from_utf8_lossy(&out.stdout);
    let release = text.lines().find_map(|line| line.strip_prefix("release: ")).unwrap_or_default();
    at_least(release, (1, 90))
}
