//! Native addons (`.node` shared libraries) cannot run in the host's engine. Loading one fails
//! with an error that names the addon and the package that asked for it, raised where the
//! `require` / `import` happens, so a package that treats the addon as optional (a `require`
//! inside try/catch, falling back to JS or WASM) still loads.

use std::path::Path;

/// Node's code for an addon that failed to load; packages with fallbacks check for it.
pub(crate) const CODE: &str = "ERR_DLOPEN_FAILED";

/// Whether `path` names a native addon.
pub(crate) fn is_native_addon(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "node")
}

/// The `name@version` of the package that holds `file` (its nearest package.json with a name).
pub(crate) fn owning_package(file: &Path) -> Option<String> {
    for dir in file.ancestors().skip(1) {
        let Ok(text) = crate::regular_file::read_to_string(&dir.join("package.json")) else {
            continue;
        };
        let Ok(manifest) = serde_json::from_str::<serde_json::Value>(&text) else {
            continue;
        };
        if let Some(name) = manifest.get("name").and_then(|n| n.as_str()) {
            return Some(match manifest.get("version").and_then(|v| v.as_str()) {
                Some(version) => format!("{name}@{version}"),
                None => name.to_string(),
            });
        }
    }
    None
}

/// The error text for loading `addon` from `required_from`.
pub(crate) fn message(addon: &Path, required_from: &Path) -> String {
    let requirer = match owning_package(required_from) {
        Some(package) => format!("package {package} ({})", required_from.display()),
        None => required_from.display().to_string(),
    };
    format!(
        "native addons are not supported by omp-host: cannot load {} (required by {requirer})",
        addon.display()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_addon_and_the_requiring_package() {
        let dir = std::env::temp_dir().join(format!("omp-host-addon-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("pkg/lib")).unwrap();
        std::fs::write(dir.join("pkg/package.json"), r#"{"name":"fast-thing","version":"2.0.1"}"#).unwrap();
        let text = message(&dir.join("pkg/build/Release/fast.node"), &dir.join("pkg/lib/index.js"));
        assert!(text.starts_with("native addons are not supported by omp-host: cannot load "), "{text}");
        assert!(text.contains("fast.node") && text.contains("package fast-thing@2.0.1 ("), "{text}");
        assert!(is_native_addon(Path::new("/x/a.node")) && !is_native_addon(Path::new("/x/a.js")));
        let _ = std::fs::remove_dir_all(dir);
    }
}
