//! The deno extensions' JavaScript, embedded in the binary by runtime/build.rs. deno_core's
//! `extension!` names those files by their path on the build machine (for snapshotting);
//! `embed` swaps each such path for the embedded source, so the host reads no JavaScript
//! from the cargo registry at start.

use std::sync::Arc;

use deno_core::{Extension, ExtensionFileSource, ExtensionFileSourceCode};

include!(concat!(env!("OUT_DIR"), "/embedded_js.rs"));

/// `extension` with every file it would read from the build machine's disk embedded instead.
pub fn embed(mut extension: Extension) -> Extension {
    for files in [
        &mut extension.js_files,
        &mut extension.esm_files,
        &mut extension.lazy_loaded_esm_files,
        &mut extension.lazy_loaded_js_files,
    ] {
        let embedded: Vec<ExtensionFileSource> = files.iter().map(embedded).collect();
        *files = embedded.into();
    }
    extension
}

fn embedded(file: &ExtensionFileSource) -> ExtensionFileSource {
    #[allow(deprecated, reason = "deno_core marks the variants it reads from disk deprecated")]
    let source = match &file.code {
        ExtensionFileSourceCode::LoadedFromFsDuringSnapshot(path) => source_of(path),
        _ => None,
    };
    match source {
        Some(source) => ExtensionFileSource::new_computed(file.specifier, Arc::from(source)),
        None => clone_of(file),
    }
}

/// The embedded source of the file deno_core would read from `path` (matched by its crate
/// folder and name, `<crate>-<version>/<file>`).
fn source_of(path: &str) -> Option<&'static str> {
    let mut parts = path.rsplit('/');
    let (file, folder) = (parts.next()?, parts.next()?);
    let key = format!("{folder}/{file}");
    FILES.iter().find(|(k, _)| *k == key).map(|(_, source)| *source)
}

fn clone_of(file: &ExtensionFileSource) -> ExtensionFileSource {
    #[allow(deprecated, reason = "deno_core marks the variants it reads from disk deprecated")]
    match &file.code {
        ExtensionFileSourceCode::IncludedInBinary(code) => ExtensionFileSource::new(file.specifier, *code),
        ExtensionFileSourceCode::LoadedFromFsDuringSnapshot(path) => ExtensionFileSource::loaded_during_snapshot(file.specifier, path),
        ExtensionFileSourceCode::LoadedFromMemoryDuringSnapshot(code) => ExtensionFileSource::loaded_from_memory_during_snapshot(file.specifier, *code),
        ExtensionFileSourceCode::Computed(code) => ExtensionFileSource::new_computed(file.specifier, code.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_of_the_extensions_is_embedded() {
        for extension in crate::engine::js::deno_extensions() {
            let name = extension.name;
            let embedded = embed(extension);
            for file in embedded
                .js_files
                .iter()
                .chain(embedded.esm_files.iter())
                .chain(embedded.lazy_loaded_esm_files.iter())
            {
                assert!(file.is_runtime_loadable(), "{name}: {} is read from disk", file.specifier);
            }
        }
    }
}
