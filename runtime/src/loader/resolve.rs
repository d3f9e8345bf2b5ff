//! Module specifier resolution as tool authors expect from Bun/Node: relative imports with
//! `.js` specifiers that name `.ts` files, extensionless specifiers, `index` files, packages
//! from `node_modules` (with `exports` maps), Node built-ins, and the host-provided virtual
//! packages (`@sinclair/typebox`, `typebox`, `@oh-my-pi/omptype`, `@oh-my-pi/*`,
//! `@mariozechner/*`, `@earendil-works/*`).
//! A package's `exports` conditions are matched as Node and Bun match them, in the order the
//! package lists them, for the way it is loaded: `import` for an ES module's import,
//! `require` for CommonJS `require` (a package's ESM build is not what `require` gets).

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::virtual_modules;

/// What a specifier resolved to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Resolved {
    /// A file on disk.
    File(PathBuf),
    /// A host module, by its `omp:` URL.
    Virtual(String),
}

#[derive(Debug, Clone, thiserror::Error)]
#[error("{0}")]
pub(crate) struct ResolveError(pub String);

/// How a module is being loaded, which decides the `exports` conditions that match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Importer {
    /// `import` / `import()` from an ES module.
    Import,
    /// CommonJS `require`.
    Require,
}

impl Importer {
    /// Conditions this host matches (besides `default`): Bun's and Node's.
    fn matches(self, condition: &str) -> bool {
        match condition {
            "bun" | "node" | "default" => true,
            "import" | "module" => self == Importer::Import,
            "require" => self == Importer::Require,
            _ => false,
        }
    }

    /// The package.json fields that name the entry of a package without `exports`.
    fn entry_fields(self) -> &'static [&'static str] {
        match self {
            Importer::Import => &["module", "main"],
            Importer::Require => &["main"],
        }
    }
}

/// Extensions tried, in order, for an extensionless or `.js`-named relative import.
/// `.node` comes last, as in Node's `require`: a native addon then fails with a clear error.
const TRY_EXTENSIONS: &[&str] = &["ts", "tsx", "mts", "cts", "js", "jsx", "mjs", "cjs", "json", "node"];
const INDEX_NAMES: &[&str] = &["index.ts", "index.tsx", "index.mts", "index.js", "index.mjs", "index.cjs", "index.json"];
const PI_SCOPES: &[&str] = &["@oh-my-pi/", "@mariozechner/", "@earendil-works/"];
/// `@oh-my-pi/omptype/<subpath>`: the embedded omptype's, never a host pi package.
const OMPTYPE_SUBPATH_PREFIX: &str = "@oh-my-pi/omptype/";

/// Resolves `specifier` imported (ESM) from the file `referrer_dir` lives in.
pub(crate) fn resolve(specifier: &str, referrer_dir: &Path) -> Result<Resolved, ResolveError> {
    resolve_as(specifier, referrer_dir, Importer::Import)
}

/// Resolves `specifier` loaded by `importer` from the file `referrer_dir` lives in.
pub(crate) fn resolve_as(specifier: &str, referrer_dir: &Path, importer: Importer) -> Result<Resolved, ResolveError> {
    // pi's own packages, where the importing file can reach them (an extension installed
    // beside pi, or pi's packages importing each other): the real ones, as pi itself loads
    // them. Without them, the host's copies below.
    if let Some(path) = installed_pi_package(specifier, referrer_dir, importer) {
        return Ok(Resolved::File(path));
    }
    if let Some(url) = virtual_for(specifier) {
        // A subpath of pi's packages the host has no copy of.
        if url.starts_with("omp:/pkg/") && REAL_PI_SCOPES.iter().any(|scope| specifier.starts_with(scope)) && virtual_modules::source(&url).is_none() {
            return Err(ResolveError(format!(
                "Cannot find module \"{specifier}\": {}, and omp-host has no built-in copy of this module; {}",
                super::pi_install::NOT_FOUND,
                super::pi_install::INSTALL_PI
            )));
        }
        return Ok(Resolved::Virtual(url));
    }
    if let Some(subpath) = specifier.strip_prefix("typebox/") {
        return Err(ResolveError(format!(
            "Package subpath \"./{subpath}\" is not defined by \"exports\" of \"typebox\" (omp-host serves its embedded typebox 1.x, whose subpaths are {})",
            virtual_modules::typebox_subpaths().join(", ")
        )));
    }
    if let Some(subpath) = specifier.strip_prefix(OMPTYPE_SUBPATH_PREFIX) {
        return Err(ResolveError(format!(
            "Package subpath \"./{subpath}\" of \"@oh-my-pi/omptype\" is not served by omp-host (it serves its embedded @oh-my-pi/omptype, whose subpaths are {}; the others are internal modules, whose public names the package root re-exports)",
            virtual_modules::omptype_subpaths().join(", ")
        )));
    }
    if specifier.starts_with("./") || specifier.starts_with("../") || specifier == "." || specifier == ".." {
        return file_like(&referrer_dir.join(specifier), importer)
            .map(Resolved::File)
            .ok_or_else(|| not_found(specifier, referrer_dir));
    }
    if let Some(rest) = specifier.strip_prefix("file://") {
        let path = PathBuf::from(crate::paths::percent_decode(rest));
        return file_like(&path, importer).map(Resolved::File).ok_or_else(|| not_found(specifier, referrer_dir));
    }
    if specifier.starts_with('/') {
        return file_like(Path::new(specifier), importer)
            .map(Resolved::File)
            .ok_or_else(|| not_found(specifier, referrer_dir));
    }
    if specifier.starts_with('#') {
        return resolve_package_import(specifier, referrer_dir, importer);
    }
    let bare = specifier.strip_prefix("node:").unwrap_or(specifier);
    if specifier.starts_with("node:") || virtual_modules::is_any_node_builtin(bare) {
        return Err(ResolveError(format!("Node built-in module \"node:{bare}\" is not provided by omp-host")));
    }
    match resolve_package(specifier, referrer_dir, importer) {
        Some(path) => Ok(Resolved::File(path)),
        // zod is not remapped by omp, but a tool importing it without node_modules gets the
        // host's zod-compatible builder rather than a failure.
        None if matches!(specifier, "zod" | "zod/v4" | "zod/v3") => Ok(Resolved::Virtual("omp:/zod".into())),
        None => Err(ResolveError(format!(
            "Cannot find package \"{specifier}\" imported from {} (looked in node_modules folders from there up; install it next to the tool)",
            referrer_dir.display()
        ))),
    }
}

fn not_found(specifier: &str, referrer_dir: &Path) -> ResolveError {
    ResolveError(format!(
        "Cannot find module \"{specifier}\" imported from {} (tried the exact path, .ts/.js/.mjs/.cjs/.json endings and index files)",
        referrer_dir.display()
    ))
}

/// pi's package scopes (not omp's `@oh-my-pi/`, whose packages the host always serves).
const REAL_PI_SCOPES: &[&str] = &["@earendil-works/", "@mariozechner/"];

/// A pi package (`@earendil-works/pi-tui`, `@mariozechner/pi-ai/compat`, …) from a
/// `node_modules` folder at or above `referrer_dir`, if one is installed there, else from the
/// user's pi install (`pi_install.rs`), as pi gives extensions its own packages.
fn installed_pi_package(specifier: &str, referrer_dir: &Path, importer: Importer) -> Option<PathBuf> {
    let rest = REAL_PI_SCOPES.iter().find_map(|scope| specifier.strip_prefix(scope))?;
    pi_package_from(specifier, rest, referrer_dir, importer).or_else(|| pi_package_from(specifier, rest, super::pi_install::pi_package_dir()?, importer))
}

/// `installed_pi_package` from a `node_modules` folder at or above `referrer_dir`.
fn pi_package_from(specifier: &str, rest: &str, referrer_dir: &Path, importer: Importer) -> Option<PathBuf> {
    if matches!(rest, "pi-ai" | "pi-ai/compat") && !inside_pi_package_code(referrer_dir) {
        if let Some(view) = pi_ai_extension_view(referrer_dir, importer) {
            return Some(view);
        }
    }
    resolve_package(specifier, referrer_dir, importer).or_else(|| {
        // pi maps its packages' old `@mariozechner/` names to its `@earendil-works/` ones.
        let renamed = format!("@earendil-works/{}", specifier.strip_prefix("@mariozechner/")?);
        resolve_package(&renamed, referrer_dir, importer)
    })
}

/// pi's own code (a pi package's `dist/`), which imports pi-ai as it is, not as extensions see it.
fn inside_pi_package_code(dir: &Path) -> bool {
    let mut parts = dir.components().map(|c| c.as_os_str().to_string_lossy());
    while let Some(part) = parts.next() {
        if part == "node_modules" {
            let (scope, _package, folder) = (parts.next(), parts.next(), parts.next());
            if scope.is_some_and(|s| REAL_PI_SCOPES.iter().any(|p| p.trim_end_matches('/') == s)) && folder.is_some_and(|f| f == "dist") {
                return true;
            }
        }
    }
    false
}

/// What pi gives extensions for `@earendil-works/pi-ai` and `/compat` (its extension loader's
/// aliases): pi-coding-agent's `pi-ai-extension-view.js`, pi-ai's compat entry plus TypeBox's
/// `Type` and a TypeBox `StringEnum`, which pi-ai's own entry no longer exports.
fn pi_ai_extension_view(referrer_dir: &Path, importer: Importer) -> Option<PathBuf> {
    let entry = resolve_package("@earendil-works/pi-coding-agent", referrer_dir, importer)?;
    let root = entry.ancestors().find(|dir| dir.join("package.json").is_file())?;
    let view = root.join("dist/core/extensions/pi-ai-extension-view.js");
    view.is_file().then_some(view)
}

/// Node built-ins, `@sinclair/typebox`, `typebox`, `@oh-my-pi/omptype` and the pi packages
/// map to host modules.
fn virtual_for(specifier: &str) -> Option<String> {
    let bare = specifier.strip_prefix("node:").unwrap_or(specifier);
    if virtual_modules::is_node_builtin(bare) {
        return Some(format!("omp:/node/{bare}"));
    }
    // TypeBox 0.34's API: the host's own schema builder.
    if specifier == "@sinclair/typebox" {
        return Some("omp:/typebox".into());
    }
    // TypeBox 1.x (`typebox`, `typebox/value`, …), which pi extensions write their schemas
    // with: the real package, embedded. A `node_modules/typebox` of the tool's is not
    // consulted, as pi maps these imports to its own copy too; a subpath the package's
    // exports do not list is an error (`resolve_as`), as it is in pi.
    if let Some(url) = virtual_modules::typebox_module(specifier) {
        return Some(url);
    }
    // omp's @oh-my-pi/omptype (`pi.arktype` is its `type`): the real package, embedded, and
    // not one of the host's own pi packages below. A subpath it does not serve is an error
    // (`resolve_as`).
    if let Some(url) = virtual_modules::omptype_module(specifier) {
        return Some(url);
    }
    if specifier.starts_with(OMPTYPE_SUBPATH_PREFIX) {
        return None;
    }
    let rest = PI_SCOPES.iter().find_map(|scope| specifier.strip_prefix(scope))?;
    let rest = rest.replace("pi-ai/utils/oauth", "pi-ai/oauth");
    Some(format!("omp:/pkg/{rest}"))
}

/// A `#name` specifier through the `imports` map of the nearest package.json (Node's subpath
/// imports): a target is a path inside the package or a package to resolve from there.
fn resolve_package_import(specifier: &str, referrer_dir: &Path, importer: Importer) -> Result<Resolved, ResolveError> {
    for dir in referrer_dir.ancestors() {
        let Ok(text) = crate::regular_file::read_to_string(&dir.join("package.json")) else {
            continue;
        };
        let Ok(manifest) = serde_json::from_str::<Value>(&text) else { continue };
        let Some(imports) = manifest.get("imports") else {
            break;
        };
        let target = exports_target(imports, specifier, importer).ok_or_else(|| {
            ResolveError(format!(
                "Package import \"{specifier}\" is not defined in the \"imports\" of {}",
                dir.join("package.json").display()
            ))
        })?;
        if target.starts_with("./") {
            return file_like(&dir.join(&target), importer)
                .map(Resolved::File)
                .ok_or_else(|| not_found(&target, dir));
        }
        return resolve_as(&target, dir, importer);
    }
    Err(ResolveError(format!(
        "Package import \"{specifier}\" imported from {} has no package.json with an \"imports\" field above it",
        referrer_dir.display()
    )))
}

/// An exact file, the `.ts` twin of a `.js` name, the name plus a known ending, or a folder's
/// index / package entry, as `importer` finds it.
fn file_like(path: &Path, importer: Importer) -> Option<PathBuf> {
    let path = crate::paths::normalize(path);
    if path.is_file() {
        return Some(path);
    }
    if let Some(ext) = path.extension().and_then(|e| e.to_str()) {
        let twins: &[&str] = match ext {
            "js" => &["ts", "tsx"],
            "jsx" => &["tsx"],
            "mjs" => &["mts"],
            "cjs" => &["cts"],
            _ => &[],
        };
        if let Some(found) = twins.iter().map(|t| path.with_extension(t)).find(|p| p.is_file()) {
            return Some(found);
        }
    }
    let with_ext = |ext: &str| {
        let mut name = path.as_os_str().to_owned();
        name.push(".");
        name.push(ext);
        PathBuf::from(name)
    };
    if let Some(found) = TRY_EXTENSIONS.iter().map(|e| with_ext(e)).find(|p| p.is_file()) {
        return Some(found);
    }
    if path.is_dir() {
        if let Some(entry) = package_entry(&path, None, importer) {
            return Some(entry);
        }
        return INDEX_NAMES.iter().map(|n| path.join(n)).find(|p| p.is_file());
    }
    None
}

/// Walks up from `from_dir` looking in `node_modules` for the package, then applies its
/// `exports` map (or `module`/`main`) and the subpath. Where no folder there holds it and
/// `from_dir` is reached through a link, the folders above its real place are looked in too,
/// as Node looks (it resolves a module's imports from its real path: a package linked into an
/// extension folder finds the dependencies installed beside it).
fn resolve_package(specifier: &str, from_dir: &Path, importer: Importer) -> Option<PathBuf> {
    let (name, subpath) = split_package(specifier)?;
    let from_folders_above = |start: &Path| {
        let root = start.ancestors().map(|dir| dir.join("node_modules").join(name)).find(|root| root.is_dir())?;
        package_entry(&root, subpath, importer).or_else(|| subpath.and_then(|s| file_like(&root.join(s), importer)))
    };
    from_folders_above(from_dir).or_else(|| {
        // Not on Windows, where canonical paths come back verbatim (`\\?\C:\…`) and this
        // was never tried.
        if cfg!(windows) {
            return None;
        }
        let real = std::fs::canonicalize(from_dir).ok().filter(|real| real != from_dir)?;
        from_folders_above(&real)
    })
}

fn split_package(specifier: &str) -> Option<(&str, Option<&str>)> {
    let mut parts = specifier.splitn(3, '/');
    let first = parts.next()?;
    if first.starts_with('@') {
        let second = parts.next()?;
        let name_len = first.len() + 1 + second.len();
        Some((&specifier[..name_len], parts.next()))
    } else {
        let rest = specifier.get(first.len() + 1..).filter(|r| !r.is_empty());
        Some((first, rest))
    }
}

/// The file a package exposes for `subpath` (None = the package root). A package without a
/// package.json exposes its index file, as in Node; one whose package.json cannot be read as
/// a file exposes nothing.
fn package_entry(root: &Path, subpath: Option<&str>, importer: Importer) -> Option<PathBuf> {
    let manifest: Value = match crate::regular_file::read_to_string(&root.join("package.json")) {
        Ok(text) => serde_json::from_str(&text).ok()?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Value::Null,
        // There but not readable as a file (a FIFO, say): not a package to load.
        Err(_) => return None,
    };
    let key = match subpath {
        None => ".".to_string(),
        Some(s) => format!("./{s}"),
    };
    if let Some(exports) = manifest.get("exports") {
        if let Some(target) = exports_target(exports, &key, importer) {
            return file_like(&root.join(target), importer);
        }
        if subpath.is_none() || exports.is_object() {
            // An exports map that does not list the subpath hides it (Node's rule); fall back
            // to the plain file only when the map is a single string.
            if subpath.is_some() {
                return None;
            }
        }
    }
    if subpath.is_some() {
        return None;
    }
    for field in importer.entry_fields() {
        if let Some(entry) = manifest.get(*field).and_then(Value::as_str) {
            if let Some(found) = file_like(&root.join(entry), importer) {
                return Some(found);
            }
        }
    }
    INDEX_NAMES.iter().map(|n| root.join(n)).find(|p| p.is_file())
}

/// Looks `key` (`.` or `./sub`) up in an `exports` value, with `*` patterns and the
/// conditions `importer` matches.
fn exports_target(exports: &Value, key: &str, importer: Importer) -> Option<String> {
    match exports {
        Value::String(s) if key == "." => Some(s.clone()),
        Value::Object(map) if map.keys().all(|k| !k.starts_with('.') && !k.starts_with('#')) => {
            if key == "." {
                pick_condition(exports, importer)
            } else {
                None
            }
        }
        Value::Object(map) => {
            if let Some(v) = map.get(key) {
                return pick_condition(v, importer);
            }
            map.iter().find_map(|(pattern, v)| {
                let (prefix, suffix) = pattern.split_once('*')?;
                let middle = key.strip_prefix(prefix)?.strip_suffix(suffix)?;
                Some(pick_condition(v, importer)?.replace('*', middle))
            })
        }
        _ => None,
    }
}

/// The target of a conditional `exports` value: the first of its conditions, in the
/// package's order, that `importer` matches and that leads to a target.
fn pick_condition(value: &Value, importer: Importer) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Array(items) => items.iter().find_map(|item| pick_condition(item, importer)),
        Value::Object(map) => map
            .iter()
            .filter(|(condition, _)| importer.matches(condition))
            .find_map(|(_, target)| pick_condition(target, importer)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder holding `files`, one per call (tests run in parallel), removed when
    /// the test is done with it.
    struct Tree(PathBuf);

    impl std::ops::Deref for Tree {
        type Target = PathBuf;
        fn deref(&self) -> &PathBuf {
            &self.0
        }
    }

    impl Drop for Tree {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn tree(files: &[(&str, &str)]) -> Tree {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("omp-host-resolve-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (name, text) in files {
            let p = dir.join(name);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        Tree(dir)
    }

    #[test]
    fn require_gets_the_require_target_and_conditions_match_in_the_packages_order() {
        let dir = tree(&[
            (
                "node_modules/dual/package.json",
                r#"{"name":"dual","exports":{".":{"import":"./esm/index.mjs","require":"./cjs/index.js"},"./sub":{"node":{"import":"./esm/sub.mjs","require":"./cjs/sub.js"}}}}"#,
            ),
            ("node_modules/dual/esm/index.mjs", ""),
            ("node_modules/dual/cjs/index.js", ""),
            ("node_modules/dual/esm/sub.mjs", ""),
            ("node_modules/dual/cjs/sub.js", ""),
            ("node_modules/ordered/package.json", r#"{"exports":{"default":"./d.js","import":"./i.js"}}"#),
            ("node_modules/ordered/d.js", ""),
            ("node_modules/ordered/i.js", ""),
            ("node_modules/fields/package.json", r#"{"module":"./m.mjs","main":"./c.js"}"#),
            ("node_modules/fields/m.mjs", ""),
            ("node_modules/fields/c.js", ""),
        ]);
        let file = |p: &str| Resolved::File(dir.join("node_modules").join(p));
        assert_eq!(resolve("dual", &dir).unwrap(), file("dual/esm/index.mjs"));
        assert_eq!(resolve_as("dual", &dir, Importer::Require).unwrap(), file("dual/cjs/index.js"));
        assert_eq!(resolve("dual/sub", &dir).unwrap(), file("dual/esm/sub.mjs"));
        assert_eq!(resolve_as("dual/sub", &dir, Importer::Require).unwrap(), file("dual/cjs/sub.js"));
        assert_eq!(
            resolve("ordered", &dir).unwrap(),
            file("ordered/d.js"),
            "the first matching key wins, as in Node"
        );
        assert_eq!(resolve("fields", &dir).unwrap(), file("fields/m.mjs"));
        assert_eq!(
            resolve_as("fields", &dir, Importer::Require).unwrap(),
            file("fields/c.js"),
            "require reads main"
        );
    }

    #[test]
    fn relative_forms() {
        let dir = tree(&[("a.ts", ""), ("lib/index.ts", ""), ("data.json", "{}"), ("m.mts", "")]);
        assert_eq!(resolve("./a.js", &dir).unwrap(), Resolved::File(dir.join("a.ts")));
        assert_eq!(resolve("./a", &dir).unwrap(), Resolved::File(dir.join("a.ts")));
        assert_eq!(resolve("./a.ts", &dir).unwrap(), Resolved::File(dir.join("a.ts")));
        assert_eq!(resolve("./lib", &dir).unwrap(), Resolved::File(dir.join("lib/index.ts")));
        assert_eq!(resolve("./data.json", &dir).unwrap(), Resolved::File(dir.join("data.json")));
        assert_eq!(resolve("./m.mjs", &dir).unwrap(), Resolved::File(dir.join("m.mts")));
        let err = resolve("./missing.js", &dir).unwrap_err().0;
        assert!(err.contains("./missing.js") && err.contains(&dir.display().to_string()), "{err}");
    }

    #[test]
    fn virtual_packages_and_builtins() {
        let dir = std::env::temp_dir();
        assert_eq!(resolve("@sinclair/typebox", &dir).unwrap(), Resolved::Virtual("omp:/typebox".into()));
        assert_eq!(resolve("@mariozechner/pi-ai", &dir).unwrap(), Resolved::Virtual("omp:/pkg/pi-ai".into()));
        assert_eq!(
            resolve("@oh-my-pi/pi-coding-agent/tools/tool-errors", &dir).unwrap(),
            Resolved::Virtual("omp:/pkg/pi-coding-agent/tools/tool-errors".into())
        );
        assert_eq!(resolve("node:path", &dir).unwrap(), Resolved::Virtual("omp:/node/path".into()));
        assert_eq!(resolve("path", &dir).unwrap(), Resolved::Virtual("omp:/node/path".into()));
        assert_eq!(resolve("zod", Path::new("/")).unwrap(), Resolved::Virtual("omp:/zod".into()));
    }

    #[test]
    fn typebox_1x_and_its_subpaths_are_the_embedded_package_even_beside_node_modules() {
        let dir = tree(&[
            (
                "node_modules/typebox/package.json",
                r#"{"name":"typebox","exports":{".":"./own.js","./value":"./own-value.js"}}"#,
            ),
            ("node_modules/typebox/own.js", ""),
            ("node_modules/typebox/own-value.js", ""),
            ("node_modules/typeboxer/index.js", ""),
        ]);
        let embedded = |url: &str| Resolved::Virtual(url.into());
        assert_eq!(resolve("typebox", &dir).unwrap(), embedded("omp:/vendor/typebox"));
        assert_eq!(resolve_as("typebox", &dir, Importer::Require).unwrap(), embedded("omp:/vendor/typebox"));
        for sub in ["compile", "error", "format", "guard", "schema", "system", "type", "value"] {
            let url = format!("omp:/vendor/typebox/{sub}");
            assert_eq!(resolve(&format!("typebox/{sub}"), &dir).unwrap(), embedded(&url));
            assert!(virtual_modules::source(&url).is_some(), "{url} is embedded");
        }
        assert!(virtual_modules::source("omp:/vendor/typebox").is_some());
        assert!(virtual_modules::source("omp:/vendor/typebox-bundle").is_some());
        assert_eq!(
            resolve("@sinclair/typebox", &dir).unwrap(),
            embedded("omp:/typebox"),
            "the 0.34 API stays the host's own builder"
        );
        assert_eq!(resolve("typeboxer", &dir).unwrap(), Resolved::File(dir.join("node_modules/typeboxer/index.js")));
        let err = resolve("typebox/nope", &dir).unwrap_err().0;
        assert!(err.contains("\"./nope\" is not defined") && err.contains("compile, error, format"), "{err}");
    }

    #[test]
    fn omptype_and_its_subpaths_are_the_embedded_package_not_a_pi_package() {
        let dir = tree(&[
            (
                "node_modules/@oh-my-pi/omptype/package.json",
                r#"{"name":"@oh-my-pi/omptype","exports":{".":"./own.js","./*":"./own-*.js"}}"#,
            ),
            ("node_modules/@oh-my-pi/omptype/own.js", ""),
            ("node_modules/@oh-my-pi/omptype/own-zod.js", ""),
        ]);
        let embedded = |url: &str| Resolved::Virtual(url.into());
        assert_eq!(resolve("@oh-my-pi/omptype", &dir).unwrap(), embedded("omp:/vendor/omptype"));
        assert_eq!(
            resolve_as("@oh-my-pi/omptype", &dir, Importer::Require).unwrap(),
            embedded("omp:/vendor/omptype")
        );
        for sub in ["ark", "typebox", "zod"] {
            let url = format!("omp:/vendor/omptype/{sub}");
            assert_eq!(resolve(&format!("@oh-my-pi/omptype/{sub}"), &dir).unwrap(), embedded(&url));
            assert_eq!(resolve(&format!("@oh-my-pi/omptype/{sub}.js"), &dir).unwrap(), embedded(&url));
            assert!(virtual_modules::source(&url).is_some(), "{url} is embedded");
        }
        assert!(virtual_modules::source("omp:/vendor/omptype").is_some());
        assert!(virtual_modules::source("omp:/vendor/omptype-bundle").is_some());
        let err = resolve("@oh-my-pi/omptype/compile", &dir).unwrap_err().0;
        assert!(err.contains("\"./compile\"") && err.contains("ark, typebox, zod"), "{err}");
        assert_eq!(
            resolve("@oh-my-pi/pi-coding-agent", &dir).unwrap(),
            embedded("omp:/pkg/pi-coding-agent"),
            "the other @oh-my-pi packages stay the host's own"
        );
        assert_eq!(resolve("@oh-my-pi/omptyper", &dir).unwrap(), embedded("omp:/pkg/omptyper"));
    }

    #[test]
    fn node_modules_with_exports_map() {
        let dir = tree(&[
            (
                "node_modules/pkg/package.json",
                r#"{"name":"pkg","exports":{".":{"import":"./esm/index.js","require":"./cjs/index.js"},"./sub/*":"./lib/*.js"}}"#,
            ),
            ("node_modules/pkg/esm/index.js", ""),
            ("node_modules/pkg/lib/x.js", ""),
            ("node_modules/@s/p/package.json", r#"{"main":"main.js"}"#),
            ("node_modules/@s/p/main.js", ""),
            ("node_modules/bare/index.js", ""),
            ("src/deep/tool.ts", ""),
        ]);
        let from = dir.join("src/deep");
        assert_eq!(
            resolve("bare", &from).unwrap(),
            Resolved::File(dir.join("node_modules/bare/index.js")),
            "a package without package.json exposes its index file"
        );
        assert_eq!(resolve("pkg", &from).unwrap(), Resolved::File(dir.join("node_modules/pkg/esm/index.js")));
        assert_eq!(resolve("pkg/sub/x", &from).unwrap(), Resolved::File(dir.join("node_modules/pkg/lib/x.js")));
        assert_eq!(resolve("@s/p", &from).unwrap(), Resolved::File(dir.join("node_modules/@s/p/main.js")));
        assert!(resolve("nope", &from).unwrap_err().0.contains("Cannot find package \"nope\""));
    }

    #[test]
    fn package_imports_map_subpaths_with_conditions() {
        let dir = tree(&[
            (
                "node_modules/chalkish/package.json",
                r##"{"name":"chalkish","imports":{"#styles":"./vendor/styles.js","#color":{"node":"./vendor/node.js","default":"./vendor/browser.js"},"#lib/*":"./lib/*.js","#dep":"dep"}}"##,
            ),
            ("node_modules/chalkish/vendor/styles.js", ""),
            ("node_modules/chalkish/vendor/node.js", ""),
            ("node_modules/chalkish/lib/x.js", ""),
            ("node_modules/chalkish/source/index.js", ""),
            ("node_modules/dep/package.json", r#"{"main":"main.js"}"#),
            ("node_modules/dep/main.js", ""),
        ]);
        let from = dir.join("node_modules/chalkish/source");
        let pkg = dir.join("node_modules/chalkish");
        assert_eq!(resolve("#styles", &from).unwrap(), Resolved::File(pkg.join("vendor/styles.js")));
        assert_eq!(resolve("#color", &from).unwrap(), Resolved::File(pkg.join("vendor/node.js")));
        assert_eq!(resolve("#lib/x", &from).unwrap(), Resolved::File(pkg.join("lib/x.js")));
        assert_eq!(resolve("#dep", &from).unwrap(), Resolved::File(dir.join("node_modules/dep/main.js")));
        assert!(resolve("#missing", &from).unwrap_err().0.contains("is not defined in the \"imports\""));
    }
}
