//! Embeds the JavaScript of the deno extensions the engine uses (deno_webidl, deno_web,
//! deno_fetch). Their `extension!` declarations name their files by the path they had on the
//! build machine, to be read when a snapshot is made; without a snapshot deno_core would
//! read them at every start from the cargo registry, which other users and other machines
//! do not have. This finds those crates' sources (in the cargo registry, at the exact versions
//! this crate's Cargo.toml pins with `=`) and writes `embedded_js.rs`: each file keyed by
//! `<crate>-<version>/<file>`, ASCII files as static V8 strings (nothing copied at start),
//! others as text.

use std::path::{Path, PathBuf};

const CRATES: [&str; 3] = ["deno_webidl", "deno_web", "deno_fetch"];

/// Writes `out` (`embedded_js.rs`) from the versions the crate's manifest (at `manifest`) pins.
/// The manifest, not Cargo.lock: a crate packaged for crates.io has no workspace lock file
/// beside it, and the exact `=` requirement makes the manifest's version the one cargo builds.
pub fn write(manifest: &Path, out: &Path) {
    println!("cargo:rerun-if-changed={}", manifest.display());
    let manifest_text = std::fs::read_to_string(manifest).unwrap_or_else(|e| panic!("cannot read {}: {e}", manifest.display()));
    let registries = registry_source_dirs();
    let mut table = String::from("/// The extensions' files: (`<crate>-<version>/<file>`, source).\npub(crate) static FILES: &[(&str, EmbeddedSource)] = &[\n");
    for name in CRATES {
        let version = pinned_version(&manifest_text, name)
            .unwrap_or_else(|| panic!("{} must pin {name} with an exact `=` version (its JavaScript is embedded)", manifest.display()));
        let folder = format!("{name}-{version}");
        let dir = registries
            .iter()
            .map(|r| r.join(&folder))
            .find(|d| d.is_dir())
            .unwrap_or_else(|| panic!("cannot find the sources of {folder} in the cargo registry ({registries:?}) to embed its JavaScript"));
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).filter(|p| is_script(p)).collect();
        files.sort();
        for file in files {
            let key = format!("{folder}/{}", file.file_name().unwrap().to_str().unwrap());
            let path = file.display().to_string();
            // ASCII files (all of them today) become V8 strings that point into the binary;
            // anything else is copied at start.
            let ascii = std::fs::read(&file).unwrap().is_ascii();
            let source = if ascii {
                format!("EmbeddedSource::Ascii(deno_core::ascii_str_include!({path:?}))")
            } else {
                format!("EmbeddedSource::Text(include_str!({path:?}))")
            };
            table.push_str(&format!("    ({key:?}, {source}),\n"));
        }
    }
    table.push_str("];\n");
    std::fs::write(out, table).unwrap();
}

fn is_script(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    (name.ends_with(".js") || name.ends_with(".ts")) && !name.ends_with(".d.ts")
}

/// The exact version (`"=X.Y.Z"`) the manifest requires of dependency `name`, in either form:
/// `name = "=X"` / `name = { version = "=X", .. }` (as written in the workspace) or a
/// `[dependencies.name]` table with `version = "=X"` (as `cargo package` rewrites it).
fn pinned_version(manifest: &str, name: &str) -> Option<String> {
    let exact = |value: &str| -> Option<String> {
        let start = value.find("\"=")? + 2;
        let end = start + value[start..].find('"')?;
        Some(value[start..end].trim().to_string())
    };
    let mut lines = manifest.lines().map(str::trim);
    while let Some(line) = lines.next() {
        if line == format!("[dependencies.{name}]") {
            return lines
                .take_while(|l| !l.starts_with('['))
                .find_map(|l| l.strip_prefix("version").map(str::trim_start).and_then(|v| v.strip_prefix('=')).and_then(exact));
        }
        let Some(rest) = line.strip_prefix(name).map(str::trim_start) else { continue };
        if let Some(value) = rest.strip_prefix('=') {
            let value = value.trim_start();
            let value = value.split_once("version").map_or(value, |(_, v)| v);
            return exact(value);
        }
    }
    None
}

/// `$CARGO_HOME/registry/src/*` (CARGO_HOME defaults to ~/.cargo).
fn registry_source_dirs() -> Vec<PathBuf> {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
        .unwrap_or_default();
    let src = home.join("registry/src");
    std::fs::read_dir(&src).map(|d| d.map(|e| e.unwrap().path()).collect()).unwrap_or_default()
}
