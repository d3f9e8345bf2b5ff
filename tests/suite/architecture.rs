//! The runtime crate's layering (docs/architecture.md): no import circle crosses a folder.
//! Reads the `crate::`/`super::` paths of every source file (test modules and comments left
//! out), turns them into file-to-folder imports, and looks for a circle among folders, both
//! as they are (`ext/host` apart from `ext/node`) and as top-level folders (`ext`). Files
//! at the crate's root count one by one.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use regex::Regex;

/// Every source file of the runtime crate, by its module path (`engine/mod.rs` is `engine`).
fn modules(root: &Path) -> BTreeMap<Vec<String>, (PathBuf, String)> {
    let mut modules = BTreeMap::new();
    for entry in walkdir::WalkDir::new(root).into_iter().map(Result::unwrap) {
        let path = entry.path();
        let stem = path.file_stem().unwrap_or_default().to_string_lossy();
        // Whole files of tests (`mod tests;` under `#[cfg(test)]`) are left out like test modules.
        if path.extension().is_none_or(|ext| ext != "rs") || stem == "tests" || stem.ends_with("_tests") {
            continue;
        }
        let relative = path.strip_prefix(root).unwrap().with_extension("");
        let mut parts: Vec<String> = relative.iter().map(|part| part.to_string_lossy().into_owned()).collect();
        if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
            parts.pop();
        }
        let source = std::fs::read_to_string(path).unwrap();
        modules.insert(parts, (relative.with_extension("rs"), code_outside_tests(&source)));
    }
    modules
}

/// The source without comments and without its test module (tests may reach across layers).
fn code_outside_tests(source: &str) -> String {
    let mut code = String::new();
    for line in source.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]") || trimmed.starts_with("#[cfg(all(test") {
            break;
        }
        code.push_str(line.split("//").next().unwrap_or(""));
        code.push('\n');
    }
    code
}

/// The folder a file stands in for the layering: its directory, cut to `depth` parts; a file
/// at the crate's root is a unit of its own.
fn unit(file: &Path, depth: usize) -> String {
    let parts: Vec<String> = file.iter().map(|part| part.to_string_lossy().into_owned()).collect();
    if parts.len() == 1 {
        return parts[0].clone();
    }
    parts[..parts.len() - 1].iter().take(depth).cloned().collect::<Vec<_>>().join("/")
}

/// Imports between units: for each pair, one file-level import that makes it.
fn unit_imports(modules: &BTreeMap<Vec<String>, (PathBuf, String)>, depth: usize) -> BTreeMap<(String, String), String> {
    // `crate::a::b`, `super::super::a`, and the items of `super::{a, b::c}`.
    let path = Regex::new(r"\b(crate|super)((?:::super)*)((?:::[a-z_][a-z0-9_]*)*)(?:::\{([^}]*)\})?").unwrap();
    let mut imports = BTreeMap::new();
    for (module, (file, code)) in modules {
        for found in path.captures_iter(code) {
            let mut base: Vec<String> = if &found[1] == "crate" {
                Vec::new()
            } else {
                let ups = 1 + found[2].matches("super").count();
                module[..module.len().saturating_sub(ups)].to_vec()
            };
            base.extend(found[3].split("::").filter(|part| !part.is_empty()).map(str::to_string));
            let mut targets = vec![base.clone()];
            if let Some(items) = found.get(4) {
                for item in items.as_str().split(',') {
                    let mut target = base.clone();
                    target.extend(item.trim().split("::").map(str::to_string));
                    targets.push(target);
                }
            }
            for target in targets {
                let Some(imported) = (1..=target.len()).rev().find_map(|len| modules.get(&target[..len])) else {
                    continue;
                };
                let (from, to) = (unit(file, depth), unit(&imported.0, depth));
                if from != to {
                    imports
                        .entry((from, to))
                        .or_insert_with(|| format!("{} uses {}", file.display(), imported.0.display()));
                }
            }
        }
    }
    imports
}

/// A circle among units, as the imports that make it, if there is one.
fn circle(imports: &BTreeMap<(String, String), String>) -> Option<Vec<String>> {
    let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (from, to) in imports.keys() {
        next.entry(from).or_default().push(to);
    }
    // Depth-first search from every unit; a unit met again on the current path closes a circle.
    fn visit<'a>(unit: &'a str, next: &BTreeMap<&'a str, Vec<&'a str>>, path: &mut Vec<&'a str>, done: &mut BTreeSet<&'a str>) -> Option<Vec<&'a str>> {
        if let Some(start) = path.iter().position(|on_path| *on_path == unit) {
            let mut found = path[start..].to_vec();
            found.push(unit);
            return Some(found);
        }
        if !done.insert(unit) {
            return None;
        }
        path.push(unit);
        for to in next.get(unit).into_iter().flatten() {
            if let Some(found) = visit(to, next, path, done) {
                return Some(found);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    for unit in next.keys() {
        if let Some(found) = visit(unit, &next, &mut Vec::new(), &mut done) {
            return Some(
                found
                    .windows(2)
                    .map(|pair| imports[&(pair[0].to_string(), pair[1].to_string())].clone())
                    .collect(),
            );
        }
    }
    None
}

fn runtime_sources() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("runtime/src")
}

#[test]
fn no_import_circle_crosses_a_folder() {
    let modules = modules(&runtime_sources());
    assert!(modules.len() > 100, "the runtime's sources were not found: {} files", modules.len());
    for depth in [1, usize::MAX] {
        let imports = unit_imports(&modules, depth);
        // The reader must see the imports at all: the engine is used from above.
        assert!(
            imports.keys().any(|(from, to)| from == "core" && to == "engine"),
            "core's imports of the engine were not read"
        );
        if let Some(circle) = circle(&imports) {
            panic!("an import circle crosses folders (depth {depth}):\n  {}", circle.join("\n  "));
        }
    }
}
