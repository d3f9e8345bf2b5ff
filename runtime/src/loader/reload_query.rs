//! The mark a hot reload puts on module URLs: `?omp-reload=N`. The engine keeps one module per
//! URL, so a changed tool file is imported under a marked URL to run its new code, and the
//! mark is carried to the tool's own files it imports (not to packages under
//! `node_modules`, which stay shared), so they are read afresh too.

use std::path::Path;

use deno_core::ModuleSpecifier;

const KEY: &str = "omp-reload";

/// Marks `url` as belonging to reload `version`.
pub(crate) fn mark(url: &mut ModuleSpecifier, version: u64) {
    url.set_query(Some(&format!("{KEY}={version}")));
}

/// The reload version a module URL carries, if any.
pub(crate) fn version_of(url: &str) -> Option<u64> {
    let url = ModuleSpecifier::parse(url).ok()?;
    url.query_pairs().find(|(k, _)| k == KEY).and_then(|(_, v)| v.parse().ok())
}

/// `resolved`, imported from `referrer`, marked with the referrer's reload version when it
/// is one of the tool's own files.
pub(crate) fn carry(referrer: &str, mut resolved: ModuleSpecifier) -> ModuleSpecifier {
    if resolved.scheme() != "file" || resolved.query().is_some() {
        return resolved;
    }
    let Some(version) = version_of(referrer) else {
        return resolved;
    };
    if !resolved.to_file_path().is_ok_and(|p| in_package(&p)) {
        mark(&mut resolved, version);
    }
    resolved
}

/// Whether the file URL `url` was marked by a reload (its CommonJS cache entry is stale).
pub(crate) fn is_marked(url: &ModuleSpecifier) -> bool {
    url.query_pairs().any(|(k, _)| k == KEY)
}

/// Whether `path` is inside a package (a reload never imports those afresh).
pub(crate) fn in_package(path: &Path) -> bool {
    path.components().any(|c| c.as_os_str() == "node_modules")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_are_carried_to_own_files_only() {
        let mut tool = ModuleSpecifier::parse("file:///p/tools/t/index.ts").unwrap();
        mark(&mut tool, 3);
        assert_eq!(version_of(tool.as_str()), Some(3));
        let helper = carry(tool.as_str(), ModuleSpecifier::parse("file:///p/tools/t/helper.ts").unwrap());
        assert_eq!(helper.as_str(), "file:///p/tools/t/helper.ts?omp-reload=3");
        let package = carry(tool.as_str(), ModuleSpecifier::parse("file:///p/node_modules/x/index.js").unwrap());
        assert_eq!(package.query(), None);
        let unmarked = carry("file:///p/tools/a.ts", ModuleSpecifier::parse("file:///p/tools/b.ts").unwrap());
        assert_eq!(unmarked.query(), None);
        assert!(!is_marked(&unmarked) && is_marked(&helper) && in_package(Path::new("/a/node_modules/b")));
    }
}
