//! The deno extensions' JavaScript, embedded in the binary by runtime/build.rs. deno_core's
//! `extension!` names those files by their path on the build machine (for snapshotting);
//! `embed` swaps each such path for the embedded source, so the host reads no JavaScript
//! from the cargo registry at start. ASCII sources reach V8 in place: copying the 800 KB of
//! deno's JavaScript into fresh memory took 2-3 ms of every start.

use std::sync::Arc;

use deno_core::{Extension, ExtensionFileSource, ExtensionFileSourceCode, FastStaticString};

/// One embedded file: ASCII text V8 reads in place, or other text copied when handed over.
#[derive(Clone, Copy)]
pub(crate) enum EmbeddedSource {
    Ascii(FastStaticString),
    #[allow(dead_code, reason = "the build script writes it for a non-ASCII file; deno's files are ASCII today")]
    Text(&'static str),
}

include!(concat!(env!("OUT_DIR"), "/embedded_js.rs"));

/// `extension` with every file it would read from the build machine's disk embedded instead.
pub(crate) fn embed(mut extension: Extension) -> Extension {
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
        Some(EmbeddedSource::Ascii(code)) => ExtensionFileSource::new(file.specifier, code),
        Some(EmbeddedSource::Text(text)) => ExtensionFileSource::new_computed(file.specifier, Arc::from(text)),
        None => clone_of(file),
    }
}

/// The embedded source of the file deno_core would read from `path` (matched by its crate
/// folder and name, `<crate>-<version>/<file>`).
fn source_of(path: &str) -> Option<EmbeddedSource> {
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

    /// Every file of the engine's deno extensions once embedded, with its extension's name.
    fn embedded_files() -> Vec<(&'static str, ExtensionFileSource)> {
        let mut files = Vec::new();
        for extension in crate::engine::extensions::deno_extensions() {
            let name = extension.name;
            let embedded = embed(extension);
            let all = embedded
                .js_files
                .iter()
                .chain(embedded.esm_files.iter())
                .chain(embedded.lazy_loaded_esm_files.iter());
            files.extend(all.map(|file| (name, file.clone())));
        }
        files
    }

    #[test]
    fn every_file_of_the_extensions_is_embedded() {
        for (name, file) in embedded_files() {
            assert!(file.is_runtime_loadable(), "{name}: {} is read from disk", file.specifier);
        }
    }

    /// Every file of the extensions is ASCII today: each must reach V8 as a static string
    /// pointing into the binary, not as a copy made at every start.
    #[test]
    fn ascii_files_are_handed_over_without_a_copy() {
        for (name, file) in embedded_files() {
            #[allow(deprecated, reason = "deno_core marks the variants it reads from disk deprecated")]
            let in_place = matches!(file.code, ExtensionFileSourceCode::IncludedInBinary(_));
            assert!(in_place, "{name}: {} is copied at start", file.specifier);
        }
    }
}
