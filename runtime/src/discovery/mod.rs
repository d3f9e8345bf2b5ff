//! Finds custom-tool modules where omp finds them (contract 7.1), plus pi's extensions (its
//! folders and settings: `pi_settings`), plugin packages and configured paths, in priority
//! order. Produces paths only; loading is elsewhere.

mod global_npm;
pub(crate) mod pi_settings;

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::config::HostConfig;
use crate::paths;

/// Which provider found a tool, as omp's `ToolLoadError.source` reports it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct ToolSource {
    pub provider: &'static str,
    #[serde(rename = "providerName")]
    pub provider_name: &'static str,
    /// `project`, `user` or `config`.
    pub level: &'static str,
}

/// One module path to load, in load order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct DiscoveredPath {
    pub path: PathBuf,
    pub source: ToolSource,
}

/// Inputs of discovery besides the environment.
#[derive(Debug, Clone, Default)]
pub struct DiscoveryInput {
    pub cwd: PathBuf,
    /// `--tool PATH` values, as written (relative to `cwd`).
    pub cli_tool_paths: Vec<String>,
    /// `--plugin ROOT` values, as written (relative to `cwd`).
    pub cli_plugin_roots: Vec<String>,
    /// Skip the user- and project-level folders and use only configured paths.
    pub only_configured: bool,
}

/// Module file endings the host can execute.
pub(crate) const MODULE_EXTENSIONS: &[&str] = &["ts", "mts", "cts", "js", "mjs", "cjs"];
const INDEX_FILES: &[&str] = &["index.ts", "index.mts", "index.js", "index.mjs", "index.cjs"];

/// Runs discovery: providers (deduplicated by derived tool name, first wins), then plugin
/// manifests, then configured paths; the whole list deduplicated by resolved path.
pub(crate) fn discover(input: &DiscoveryInput, config: &HostConfig) -> Vec<DiscoveredPath> {
    let mut found = Vec::new();
    if !input.only_configured {
        found.extend(provider_items(input));
    }
    let plugin_roots = input
        .cli_plugin_roots
        .iter()
        .map(|r| (r.clone(), input.cwd.clone()))
        .chain(config.plugin_roots.iter().cloned());
    for (root, base) in plugin_roots {
        if let Ok(root) = paths::resolve_path(&root, &base) {
            found.extend(plugin_package(&root, "plugin", "config"));
        }
    }
    if !input.only_configured {
        found.extend(installed_plugins());
    }
    let configured = input
        .cli_tool_paths
        .iter()
        .map(|p| (p.clone(), input.cwd.clone()))
        .chain(config.tool_paths.iter().cloned());
    for (raw, base) in configured {
        found.extend(configured_path(&raw, &base));
    }
    let mut seen = HashSet::new();
    found.retain(|item| seen.insert(paths::normalize(&item.path)));
    found
}

/// The folders discovery scans for modules (the providers' tool folders, unless
/// `only_configured`, and configured folders), for hot reload to watch. Keep in step with
/// `provider_items` and `configured_path`.
pub(crate) fn tool_dirs(input: &DiscoveryInput) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if !input.only_configured {
        let home = paths::home_dir();
        let cwd = &input.cwd;
        dirs.push(cwd.join(".omp").join("tools"));
        dirs.push(paths::agent_dir().join("tools"));
        for provider in [".claude", ".codex"] {
            dirs.push(home.join(provider).join("tools"));
            dirs.push(cwd.join(provider).join("tools"));
        }
        dirs.push(cwd.join(".pi").join("tools"));
        dirs.push(home.join(".pi").join("agent").join("tools"));
    }
    for raw in &input.cli_tool_paths {
        if let Ok(path) = paths::resolve_path(raw, &input.cwd) {
            if path.is_dir() {
                dirs.push(path);
            }
        }
    }
    dirs
}

struct Named {
    name: String,
    item: DiscoveredPath,
}

fn provider_items(input: &DiscoveryInput) -> Vec<DiscoveredPath> {
    let home = paths::home_dir();
    let cwd = &input.cwd;
    let mut items: Vec<Named> = Vec::new();

    // native (omp): project .omp/tools then the agent dir; files first, then folders.
    let native = [(cwd.join(".omp").join("tools"), "project"), (paths::agent_dir().join("tools"), "user")];
    let native_src = |level| ToolSource {
        provider: "native",
        provider_name: "OMP",
        level,
    };
    for (dir, level) in &native {
        items.extend(tool_files(dir, Some(MODULE_EXTENSIONS), native_src(level)));
    }
    for (dir, level) in &native {
        items.extend(tool_folders(dir, native_src(level)));
    }

    // claude: every file, user then project.
    let claude_src = |level| ToolSource {
        provider: "claude",
        provider_name: "Claude Code",
        level,
    };
    for (dir, level) in [(home.join(".claude").join("tools"), "user"), (cwd.join(".claude").join("tools"), "project")] {
        items.extend(tool_files(&dir, None, claude_src(level)));
        items.extend(tool_folders(&dir, claude_src(level)));
    }

    // codex: .ts/.js files, user then project.
    let codex_src = |level| ToolSource {
        provider: "codex",
        provider_name: "Codex",
        level,
    };
    for (dir, level) in [(home.join(".codex").join("tools"), "user"), (cwd.join(".codex").join("tools"), "project")] {
        items.extend(tool_files(&dir, Some(MODULE_EXTENSIONS), codex_src(level)));
        items.extend(tool_folders(&dir, codex_src(level)));
    }

    // pi: so pi-era tools load unchanged; project then user.
    let pi_src = |level| ToolSource {
        provider: "pi",
        provider_name: "pi",
        level,
    };
    for (dir, level) in [
        (cwd.join(".pi").join("tools"), "project"),
        (home.join(".pi").join("agent").join("tools"), "user"),
    ] {
        items.extend(tool_files(&dir, Some(MODULE_EXTENSIONS), pi_src(level)));
        items.extend(tool_folders(&dir, pi_src(level)));
    }

    let mut names = HashSet::new();
    let mut found: Vec<DiscoveredPath> = items.into_iter().filter(|n| names.insert(n.name.clone())).map(|n| n.item).collect();
    // pi extensions register their tools by name themselves: de-duplicated by path only.
    found.extend(pi_extensions(cwd));
    found
}

/// pi's extensions, where and in the order pi finds them: its folders (`<cwd>/.pi/extensions`,
/// then `~/.pi/agent/extensions`) and what its `settings.json` files name (`pi_settings`).
/// pi loads a project's extensions and settings only once the user trusts the project; the
/// host loads them as it loads the project's `.omp/tools`: starting the host on a project is
/// the trust (docs/extensions.md).
fn pi_extensions(cwd: &Path) -> Vec<DiscoveredPath> {
    crate::discovery::pi_settings::extensions(cwd)
}

/// Sorted, non-hidden entries of a folder (empty when it does not exist).
pub(crate) fn visible_entries(dir: &Path) -> Vec<PathBuf> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut entries: Vec<PathBuf> = read
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| !p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with('.')))
        .collect();
    entries.sort();
    entries
}

fn tool_files(dir: &Path, extensions: Option<&[&str]>, source: ToolSource) -> Vec<Named> {
    visible_entries(dir)
        .into_iter()
        .filter(|p| p.is_file())
        .filter(|p| match extensions {
            None => true,
            Some(allowed) => p.extension().and_then(|e| e.to_str()).is_some_and(|e| allowed.contains(&e)),
        })
        .map(|p| Named {
            name: derived_name(&p),
            item: DiscoveredPath {
                path: p,
                source: source.clone(),
            },
        })
        .collect()
}

fn tool_folders(dir: &Path, source: ToolSource) -> Vec<Named> {
    visible_entries(dir)
        .into_iter()
        .filter(|p| p.is_dir())
        .filter_map(|folder| {
            let index = find_index(&folder)?;
            let name = folder.file_name()?.to_string_lossy().into_owned();
            Some(Named {
                name,
                item: DiscoveredPath {
                    path: index,
                    source: source.clone(),
                },
            })
        })
        .collect()
}

/// `index.ts` (omp's only choice) or, as a superset, `index.{mts,js,mjs,cjs}`.
pub(crate) fn find_index(folder: &Path) -> Option<PathBuf> {
    INDEX_FILES.iter().map(|f| folder.join(f)).find(|p| p.is_file())
}

/// The name omp derives for de-duplication: the file stem.
fn derived_name(path: &Path) -> String {
    path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default()
}

/// Packages installed under `~/.omp/plugins/node_modules`, listed as dependencies in
/// `~/.omp/plugins/package.json`.
fn installed_plugins() -> Vec<DiscoveredPath> {
    let plugins_dir = paths::home_dir().join(".omp").join("plugins");
    let Some(manifest) = read_json(&plugins_dir.join("package.json")) else {
        return Vec::new();
    };
    let Some(deps) = manifest.get("dependencies").and_then(|d| d.as_object()) else {
        return Vec::new();
    };
    deps.keys()
        .flat_map(|name| plugin_package(&plugins_dir.join("node_modules").join(name), "plugin", "user"))
        .collect()
}

/// A plugin package root: its `package.json` `omp.tools` (or `pi.tools`) entries — a file,
/// a folder with an index, or an array of them — then its `tools/` folder.
fn plugin_package(root: &Path, provider: &'static str, level: &'static str) -> Vec<DiscoveredPath> {
    let source = ToolSource {
        provider,
        provider_name: "Plugin",
        level,
    };
    let mut out = Vec::new();
    if let Some(manifest) = read_json(&root.join("package.json")) {
        let entries = manifest.get("omp").or_else(|| manifest.get("pi")).and_then(|m| m.get("tools"));
        let entries: Vec<String> = match entries {
            Some(serde_json::Value::String(s)) => vec![s.clone()],
            Some(serde_json::Value::Array(a)) => a.iter().filter_map(|v| v.as_str().map(str::to_string)).collect(),
            _ => Vec::new(),
        };
        for entry in entries {
            let path = paths::normalize(&root.join(entry));
            if path.is_file() {
                out.push(DiscoveredPath { path, source: source.clone() });
            } else if path.is_dir() {
                match find_index(&path) {
                    Some(index) => out.push(DiscoveredPath {
                        path: index,
                        source: source.clone(),
                    }),
                    None => out.extend(scan_tools_dir(&path, source.clone())),
                }
            }
        }
    }
    out.extend(scan_tools_dir(&root.join("tools"), source));
    out
}

/// Files then folders of one tools directory (modules only: omp 18 skips `.md`, `.json`, `.sh`
/// and `.py` files there silently, so `package.json` and lockfiles beside tools are no tools).
fn scan_tools_dir(dir: &Path, source: ToolSource) -> Vec<DiscoveredPath> {
    tool_files(dir, Some(MODULE_EXTENSIONS), source.clone())
        .into_iter()
        .chain(tool_folders(dir, source))
        .map(|n| n.item)
        .collect()
}

/// A configured path: a module file, a tool folder with an index, a plugin package, or a
/// tools directory to scan. A path that does not exist is passed on so loading reports it.
fn configured_path(raw: &str, base: &Path) -> Vec<DiscoveredPath> {
    let source = ToolSource {
        provider: "config",
        provider_name: "Configured path",
        level: "config",
    };
    let Ok(path) = paths::resolve_path(raw, base) else {
        return vec![DiscoveredPath {
            path: PathBuf::from(raw),
            source,
        }];
    };
    if !path.is_dir() {
        return vec![DiscoveredPath { path, source }];
    }
    if let Some(index) = find_index(&path) {
        return vec![DiscoveredPath { path: index, source }];
    }
    if path.join("package.json").is_file() {
        let found = plugin_package(&path, "config", "config");
        if !found.is_empty() {
            return found;
        }
    }
    scan_tools_dir(&path, source)
}

pub(crate) fn read_json(path: &Path) -> Option<serde_json::Value> {
    serde_json::from_str(&crate::regular_file::read_to_string(path).ok()?).ok()
}
