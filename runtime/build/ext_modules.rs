//! The table of the host's own JavaScript modules, made from the files under `src/ext/`, so
//! adding a module is adding a file. Every `.js` file there is served under one `omp:/…` URL,
//! by one rule:
//!
//! - the URL is `omp:/` and the file's path below `src/ext/`, without `.js`
//!   (`host/load.js` is `omp:/host/load`, `node/fs/promises.js` is `omp:/node/fs/promises`);
//! - a file named like its folder stands for the folder (`node/fs/fs.js` is `omp:/node/fs`);
//! - below a folder listed in `MOUNTS`, that folder's path is replaced by its URL prefix
//!   (`schema/vendor/typebox/compile.js` is `omp:/vendor/typebox/compile`).
//!
//! Writes `ext_modules.rs`: `MODULES`, (URL, source) of every module, sorted by URL.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Folders below `src/ext/` served under a URL prefix of their own (the deepest listed folder
/// of a file counts), as the host's modules have always been named: tools and the start-up
/// snapshot name these URLs.
const MOUNTS: &[(&str, &str)] = &[
    // Node's internals, imported only by the host's own Node modules.
    ("node/internal", "omp:/node-internal/"),
    ("node/fs/internal", "omp:/node-internal/"),
    // Vendored npm packages (readable-stream; typebox and omptype as a bundle and one
    // module per subpath).
    ("node/stream/vendor", "omp:/vendor/"),
    ("schema/vendor", "omp:/vendor/"),
    // The schema builders `pi.zod` and `pi.typebox` (`@sinclair/typebox`).
    ("schema/builders", "omp:/"),
];

/// Writes `out` (`ext_modules.rs`) from the `.js` files under `ext` (`src/ext/`).
pub fn write(ext: &Path, out: &Path) {
    // A folder makes cargo look at every file below it: an added or removed module too.
    println!("cargo:rerun-if-changed={}", ext.display());
    let mut modules = BTreeMap::new();
    for file in js_files(ext) {
        let relative = file
            .strip_prefix(ext)
            .unwrap()
            .to_str()
            .unwrap_or_else(|| panic!("{} is not UTF-8", file.display()));
        let url = module_url(relative);
        if let Some(other) = modules.insert(url.clone(), file.clone()) {
            panic!("{} and {} would both be {url}", other.display(), file.display());
        }
    }
    let mut table =
        String::from("/// The host's modules: (`omp:/…` URL, source), sorted by URL (runtime/build/ext_modules.rs).\nstatic MODULES: &[(&str, &str)] = &[\n");
    for (url, file) in &modules {
        table.push_str(&format!("    ({url:?}, include_str!({:?})),\n", file.display().to_string()));
    }
    table.push_str("];\n");
    std::fs::write(out, table).unwrap();
}

/// The URL of the module at `relative` (`node/fs/fs.js`, below `src/ext/`).
fn module_url(relative: &str) -> String {
    let path = relative.strip_suffix(".js").expect("a .js file");
    let path = match path.rsplit_once('/') {
        Some((folder, name)) if folder.rsplit('/').next() == Some(name) => folder,
        _ => path,
    };
    let mount = MOUNTS
        .iter()
        .filter(|(folder, _)| path.strip_prefix(folder).is_some_and(|rest| rest.starts_with('/')))
        .max_by_key(|(folder, _)| folder.len());
    match mount {
        Some((folder, prefix)) => format!("{prefix}{}", &path[folder.len() + 1..]),
        None => format!("omp:/{path}"),
    }
}

/// Every `.js` file below `dir`, in a stable order.
fn js_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            found.extend(js_files(&path));
        } else if path.extension().is_some_and(|e| e == "js") {
            found.push(path);
        }
    }
    found
}
