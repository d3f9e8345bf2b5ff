//! The runtime crate's build script: embeds the JavaScript of the deno extensions the engine
//! uses (`build/deno_js.rs`) and makes the table of the host's own modules from the files
//! under `src/ext/` (`build/ext_modules.rs`). It also sets `cfg(unoptimized)` when the crate
//! is built at opt-level 0 (the test suite's profile), where the parser's frames take more
//! stack (`loader/transpile.rs`).

#[path = "build/deno_js.rs"]
mod deno_js;
#[path = "build/ext_modules.rs"]
mod ext_modules;

use std::path::PathBuf;

fn main() {
    declare_optimization();
    let manifest_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=build");
    // The crate's own manifest (present in the workspace and in a packaged crate alike).
    deno_js::write(&manifest_dir.join("Cargo.toml"), &out_dir.join("embedded_js.rs"));
    ext_modules::write(&manifest_dir.join("src/ext"), &out_dir.join("ext_modules.rs"));
}

/// `cfg(unoptimized)` at opt-level 0, which `cfg!(debug_assertions)` does not tell (the
/// `suite` profile keeps release's assertions off).
fn declare_optimization() {
    println!("cargo::rustc-check-cfg=cfg(unoptimized)");
    if std::env::var("OPT_LEVEL").as_deref() == Ok("0") {
        println!("cargo:rustc-cfg=unoptimized");
    }
}
