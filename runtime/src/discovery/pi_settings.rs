//! pi's extensions, found as pi 1.6's package manager finds them (`resolve`): its two
//! extension folders and what its `settings.json` files name (`~/.pi/agent/settings.json`
//! and `<cwd>/.pi/settings.json`): their `extensions` entries and the extensions of the
//! `packages` pi has installed. The host reads and never installs; what cannot load (a
//! settings file that is not JSON, a package pi has not installed, a path that is not there)
//! becomes an item of its own, which the loader reports as its load error (`problem`).

use std::collections::HashSet;
use std::path::{Component, Path, PathBuf};

use serde_json::{Map, Value};

use crate::discovery::{find_index, DiscoveredPath, ToolSource, MODULE_EXTENSIONS};
use crate::paths;

/// The provider of the items that stand for a problem, which the loader asks `problem` about.
pub(crate) const PROBLEM_PROVIDER: &str = "pi-settings";

/// Which settings file a resource comes from: pi's project or user ("global") scope.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scope {
    Project,
    User,
}

impl Scope {
    fn level(self) -> &'static str {
        match self {
            Scope::Project => "project",
            Scope::User => "user",
        }
    }
}

/// pi's agent directory: `PI_CODING_AGENT_DIR`, else `~/.pi/agent`.
pub(crate) fn agent_dir() -> PathBuf {
    match std::env::var("PI_CODING_AGENT_DIR").ok().filter(|d| !d.is_empty()) {
        Some(dir) => paths::expand_tilde(&dir),
        None => paths::home_dir().join(".pi").join("agent"),
    }
}

/// pi's settings files for a session in `cwd`: the user's, then the project's.
pub(crate) fn settings_files(cwd: &Path) -> [PathBuf; 2] {
    [agent_dir().join("settings.json"), cwd.join(".pi").join("settings.json")]
}

/// pi's extension modules for a session in `cwd`, in pi's load order, with one item per
/// problem (provider `PROBLEM_PROVIDER`) before them.
pub(crate) fn extensions(cwd: &Path) -> Vec<DiscoveredPath> {
    let resolved = Resolution::of(cwd);
    let problems = resolved.problems.into_iter().map(|(path, _)| DiscoveredPath {
        path,
        source: ToolSource {
            provider: PROBLEM_PROVIDER,
            provider_name: "pi settings",
            level: "config",
        },
    });
    problems.chain(resolved.extensions).collect()
}

/// What is wrong with the problem item at `path` (as `extensions` gave it), found again
/// from the settings as they are now; None if nothing is (any more).
pub(crate) fn problem(path: &Path, cwd: &Path) -> Option<String> {
    let path = paths::normalize(path);
    Resolution::of(cwd).problems.into_iter().find(|(p, _)| *p == path).map(|(_, message)| message)
}

/// pi's effective settings (`pi.getSettings()`): the user's settings with the project's merged
/// over them, objects key by key and everything else replaced, as pi's `deepMergeSettings`
/// does (a `defaultTools` list of only `+name`/`-name` entries adds to the user's list). A file
/// that is missing or not a JSON object counts as `{}`, as in pi.
pub(crate) fn effective(cwd: &Path) -> Value {
    let [user, project] = settings_files(cwd).map(|file| read_settings(&file).unwrap_or_default());
    let tools = merged_default_tools(user.get("defaultTools"), project.get("defaultTools"));
    let mut merged = merge_objects(user, project);
    if let Some(tools) = tools {
        merged.insert("defaultTools".into(), tools);
    }
    Value::Object(merged)
}

fn merge_objects(mut base: Map<String, Value>, overrides: Map<String, Value>) -> Map<String, Value> {
    for (key, value) in overrides {
        let merged = match (base.remove(&key), value) {
            (Some(Value::Object(inner)), Value::Object(over)) => Value::Object(merge_objects(inner, over)),
            (_, value) => value,
        };
        base.insert(key, merged);
    }
    base
}

/// pi's `mergeDefaultTools`: None when the project says nothing (the merge keeps the user's).
fn merged_default_tools(user: Option<&Value>, project: Option<&Value>) -> Option<Value> {
    let is_modifier = |v: &Value| v.as_str().is_some_and(|s| s.starts_with('+') || s.starts_with('-'));
    match (user, project?) {
        (Some(Value::Array(base)), Value::Array(over)) if over.iter().all(is_modifier) => Some(Value::Array(base.iter().chain(over).cloned().collect())),
        (_, over) => Some(over.clone()),
    }
}

/// One settings file, read.
struct Layer {
    scope: Scope,
    file: PathBuf,
    /// The folder its relative paths start from (the agent directory, or `<cwd>/.pi`).
    base: PathBuf,
    /// Its settings; empty when the file is missing or invalid (pi reads it as `{}` then).
    settings: Map<String, Value>,
}

impl Layer {
    fn read(scope: Scope, base: PathBuf, problems: &mut Vec<(PathBuf, String)>) -> Layer {
        let file = base.join("settings.json");
        let settings = match read_settings(&file) {
            Ok(settings) => settings,
            Err(why) => {
                problems.push((
                    file.clone(),
                    format!(
                        "Invalid settings file {}: {why}. Read as empty, as pi reads it: the extensions and packages it names are not loaded until it is fixed",
                        file.display()
                    ),
                ));
                Map::new()
            }
        };
        Layer { scope, file, base, settings }
    }

    /// The strings of the array setting `key` (`extensions`): a value that is not an array
    /// is reported, items that are not strings are left out.
    fn strings(&self, key: &str, problems: &mut Vec<(PathBuf, String)>) -> Vec<String> {
        match self.settings.get(key) {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(items)) => items.iter().filter_map(|v| v.as_str().map(str::to_string)).collect(),
            Some(other) => {
                problems.push((
                    self.file.clone(),
                    format!(
                        "Invalid settings file {}: \"{key}\" must be an array of strings, not {other}",
                        self.file.display()
                    ),
                ));
                Vec::new()
            }
        }
    }
}

/// A settings file's object: missing or empty is `{}`, as in pi; anything else must be a
/// JSON object.
fn read_settings(file: &Path) -> Result<Map<String, Value>, String> {
    let text = match crate::regular_file::read_to_string(file) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Map::new()),
        Err(e) => return Err(e.to_string()),
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    if text.is_empty() {
        return Ok(Map::new());
    }
    match serde_json::from_str::<Value>(text).map_err(|e| e.to_string())? {
        Value::Object(settings) => Ok(settings),
        other => Err(format!("expected a JSON object, found {other}")),
    }
}

/// pi's precedence of a resource (`resourcePrecedenceRank`): lower loads first.
const PROJECT_ENTRY: u8 = 0;
const PROJECT_FOLDER: u8 = 1;
const USER_ENTRY: u8 = 2;
const USER_FOLDER: u8 = 3;
const PACKAGE: u8 = 4;

/// pi's accumulator: each path once, as first added (enabled or not), with its rank.
#[derive(Default)]
struct Found {
    items: Vec<(PathBuf, u8, bool, ToolSource)>,
    seen: HashSet<PathBuf>,
}

impl Found {
    fn add(&mut self, path: PathBuf, rank: u8, enabled: bool, source: &ToolSource) {
        let path = paths::normalize(&path);
        if self.seen.insert(path.clone()) {
            self.items.push((path, rank, enabled, source.clone()));
        }
    }
}

/// Everything the settings and folders give: the enabled extensions in load order, and the
/// problems (the item's path and the message).
struct Resolution {
    extensions: Vec<DiscoveredPath>,
    problems: Vec<(PathBuf, String)>,
}

impl Resolution {
    fn of(cwd: &Path) -> Resolution {
        let mut problems = Vec::new();
        let project = Layer::read(Scope::Project, cwd.join(".pi"), &mut problems);
        let user = Layer::read(Scope::User, agent_dir(), &mut problems);
        let mut found = Found::default();

        // Packages first (project's, then the user's), so a file a package gives keeps the
        // package's place, as in pi.
        let mut packages = Vec::new();
        for layer in [&project, &user] {
            match layer.settings.get("packages") {
                None | Some(Value::Null) => {}
                Some(Value::Array(entries)) => packages.extend(entries.iter().filter_map(|entry| Package::parse(entry, layer))),
                Some(other) => problems.push((
                    layer.file.clone(),
                    format!("Invalid settings file {}: \"packages\" must be an array, not {other}", layer.file.display()),
                )),
            }
        }
        // pi's `npmCommand` (the project's over the user's): the package manager that knows
        // where older pi installed user packages.
        let npm_command: Vec<String> = [&project, &user]
            .iter()
            .find_map(|layer| layer.settings.get("npmCommand")?.as_array().cloned())
            .map(|command| command.iter().filter_map(|part| part.as_str().map(str::to_string)).collect())
            .unwrap_or_default();
        for package in dedupe_packages(packages) {
            package.collect(&mut found, &mut problems, &npm_command);
        }

        // The settings' `extensions` entries, project then user.
        let project_entries = project.strings("extensions", &mut problems);
        let user_entries = user.strings("extensions", &mut problems);
        local_entries(&project, &project_entries, PROJECT_ENTRY, &mut found, &mut problems);
        local_entries(&user, &user_entries, USER_ENTRY, &mut found, &mut problems);

        // The extension folders, which the same entries' `!`, `+` and `-` patterns narrow.
        for (layer, entries, rank) in [(&project, &project_entries, PROJECT_FOLDER), (&user, &user_entries, USER_FOLDER)] {
            let source = extension_source(layer.scope);
            for path in folder_extensions(&layer.base.join("extensions")) {
                let enabled = enabled_by_overrides(&path, entries, &layer.base);
                found.add(path, rank, enabled, &source);
            }
        }

        let mut items = found.items;
        items.sort_by_key(|(_, rank, _, _)| *rank);
        let extensions = items
            .into_iter()
            .filter(|(_, _, enabled, _)| *enabled)
            .map(|(path, _, _, source)| DiscoveredPath { path, source })
            .collect();
        let problems = problems.into_iter().map(|(path, message)| (paths::normalize(&path), message)).collect();
        Resolution { extensions, problems }
    }
}

fn extension_source(scope: Scope) -> ToolSource {
    ToolSource {
        provider: "pi-extension",
        provider_name: "pi extension",
        level: scope.level(),
    }
}

/// pi's `resolveLocalEntries`: the plain entries (files, or folders whose extensions are
/// found as in an extension folder), relative to the settings file's folder, narrowed by the
/// pattern entries. pi skips an entry that is not there; the host reports it.
fn local_entries(layer: &Layer, entries: &[String], rank: u8, found: &mut Found, problems: &mut Vec<(PathBuf, String)>) {
    let (plain, patterns): (Vec<&String>, Vec<&String>) = entries.iter().partition(|e| !is_pattern(e));
    let mut files = Vec::new();
    for entry in plain {
        if let Some(name) = entry.trim().strip_prefix("builtin:") {
            // pi's own extensions (`builtin:mcp`) are code inside pi, which the host has not.
            // Keyed by the path the entry would name, one item per entry.
            problems.push((
                resolve_from(entry, &layer.base),
                format!(
                    "Extension \"{entry}\" (\"extensions\" in {}) is pi's built-in extension \"{name}\", which is part of pi itself; omp-host does not have pi's built-in extensions",
                    layer.file.display()
                ),
            ));
            continue;
        }
        let path = resolve_from(entry, &layer.base);
        if path.exists() {
            files.extend(files_of(&path));
        } else {
            problems.push((
                path.clone(),
                format!(
                    "Extension path \"{entry}\" (\"extensions\" in {}) does not exist: {}",
                    layer.file.display(),
                    path.display()
                ),
            ));
        }
    }
    let patterns: Vec<String> = patterns.into_iter().cloned().collect();
    let enabled = apply_patterns(&files, &patterns, &layer.base);
    let source = extension_source(layer.scope);
    for file in files {
        let on = enabled.contains(&file);
        found.add(file, rank, on, &source);
    }
}

/// A path of a settings file, relative to `base` (pi's `resolvePath`: trimmed, `~` expanded).
fn resolve_from(raw: &str, base: &Path) -> PathBuf {
    let raw = raw.trim();
    paths::resolve_path(raw, base).unwrap_or_else(|_| base.join(raw))
}

/// pi's `collectFilesFromPaths` for extensions: a file is itself; a folder gives the
/// extensions found in it as in an extension folder.
fn files_of(path: &Path) -> Vec<PathBuf> {
    if path.is_dir() {
        folder_extensions(path)
    } else if path.is_file() {
        vec![path.to_path_buf()]
    } else {
        Vec::new()
    }
}

/// pi's `collectAutoExtensionEntries`: a folder that is itself an extension (a package.json
/// naming entries, or an index) gives that; else, in one name order, its module files and
/// each subfolder that is an extension, one level deep. Hidden entries, `node_modules` and
/// what the folder's `.gitignore`, `.ignore` or `.fdignore` rules out are skipped.
pub(crate) fn folder_extensions(dir: &Path) -> Vec<PathBuf> {
    if let Some(entries) = extension_entries(dir) {
        return entries;
    }
    let ignored = ignore_rules(dir);
    let entries: Vec<PathBuf> = crate::discovery::visible_entries(dir)
        .into_iter()
        .filter(|p| p.file_name().is_none_or(|n| n != "node_modules"))
        .filter(|p| !ignored.matched(p, p.is_dir()).is_ignore())
        .collect();
    let is_module = |p: &PathBuf| p.extension().and_then(|e| e.to_str()).is_some_and(|e| MODULE_EXTENSIONS.contains(&e));
    // Files and folders in one name order, as pi takes them from Node's sorted listing.
    entries
        .iter()
        .flat_map(|p| match p.is_dir() {
            true => extension_entries(p).unwrap_or_default(),
            false if p.is_file() && is_module(p) => vec![p.clone()],
            false => Vec::new(),
        })
        .collect()
}

/// The ignore files pi reads in an extension folder (its own, not its parents'), as one set of
/// gitignore rules; a file that does not read adds none.
fn ignore_rules(dir: &Path) -> ignore::gitignore::Gitignore {
    let mut rules = ignore::gitignore::GitignoreBuilder::new(dir);
    for name in [".gitignore", ".ignore", ".fdignore"] {
        let file = dir.join(name);
        if file.is_file() {
            // A line it cannot read is left out, as pi's `ignore` package leaves it.
            let _ = rules.add(file);
        }
    }
    rules.build().unwrap_or_else(|_| ignore::gitignore::Gitignore::empty())
}

/// pi's `resolveExtensionEntries`: the entries a folder's package.json names in
/// `pi.extensions` (a string or an array; a folder entry means its index; an entry that is
/// not there is passed on, so loading reports it), else its index, else None.
fn extension_entries(dir: &Path) -> Option<Vec<PathBuf>> {
    let declared = crate::discovery::read_json(&dir.join("package.json"))
        .and_then(|manifest| manifest.get("pi")?.get("extensions").cloned())
        .map(|entries| match entries {
            Value::String(one) => vec![one],
            Value::Array(many) => many.iter().filter_map(|v| v.as_str().map(str::to_string)).collect(),
            _ => Vec::new(),
        })
        .filter(|entries| !entries.is_empty());
    match declared {
        Some(entries) => Some(
            entries
                .into_iter()
                .map(|entry| {
                    let path = paths::normalize(&dir.join(entry));
                    if path.is_dir() {
                        find_index(&path).unwrap_or(path)
                    } else {
                        path
                    }
                })
                .collect(),
        ),
        None => find_index(dir).map(|index| vec![index]),
    }
}

/// Where a package comes from (pi's `parseSource`).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Origin {
    /// `npm:name` or `npm:name@version`: `range` is the version when npm reads it as a range
    /// (an exact version included), as pi's `validRange`.
    Npm {
        name: String,
        range: Option<String>,
    },
    Git {
        host: String,
        path: String,
    },
    Local {
        path: String,
    },
}

/// One `packages` entry: a source string, or an object with `source` and filters.
#[derive(Debug, Clone)]
struct Package {
    source: String,
    origin: Origin,
    /// The object form's `extensions` filter (None when the entry does not set one).
    filter: Option<Vec<String>>,
    /// The object form was used (a filter object, even with no `extensions` in it).
    object: bool,
    /// `autoload: false`: a project entry that only adjusts the user's entry of the package.
    delta: bool,
    scope: Scope,
    file: PathBuf,
    base: PathBuf,
    /// For a delta entry, the user entry's source, scope and base it adjusts.
    adjusts: Option<(String, Scope, PathBuf)>,
}

impl Package {
    fn parse(entry: &Value, layer: &Layer) -> Option<Package> {
        let (source, filter, object, delta) = match entry {
            Value::String(source) => (source.clone(), None, false, false),
            Value::Object(fields) => {
                let source = fields.get("source")?.as_str()?.to_string();
                let filter = fields
                    .get("extensions")
                    .and_then(Value::as_array)
                    .map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_string)).collect());
                let delta = fields.get("autoload") == Some(&Value::Bool(false));
                (source, filter, true, delta)
            }
            _ => return None,
        };
        Some(Package {
            origin: parse_source(&source),
            source,
            filter,
            object,
            delta,
            scope: layer.scope,
            file: layer.file.clone(),
            base: layer.base.clone(),
            adjusts: None,
        })
    }

    /// pi's package identity: npm by name, git by host and path, a local one by its path.
    fn identity(&self) -> String {
        match &self.origin {
            Origin::Npm { name, .. } => format!("npm:{name}"),
            Origin::Git { host, path } => format!("git:{host}/{path}"),
            Origin::Local { path } => format!("local:{}", resolve_from(path, &self.base).display()),
        }
    }

    /// Adds the package's extensions (pi's `resolvePackageSources` for one entry), or the
    /// problem why it has none.
    fn collect(&self, found: &mut Found, problems: &mut Vec<(PathBuf, String)>, npm_command: &[String]) {
        let source = ToolSource {
            provider: "pi-package",
            provider_name: "pi package",
            level: self.scope.level(),
        };
        let (source_text, scope, base) = match &self.adjusts {
            Some((text, scope, base)) => (text.as_str(), *scope, base.as_path()),
            None => (self.source.as_str(), self.scope, self.base.as_path()),
        };
        let origin = parse_source(source_text);
        let (root, kind) = match &origin {
            Origin::Local { path } => {
                let resolved = resolve_from(path, base);
                if resolved.is_file() {
                    found.add(resolved, PACKAGE, true, &source);
                } else if resolved.is_dir() {
                    if !self.package_resources(&resolved, found, &source) {
                        found.add(find_index(&resolved).unwrap_or(resolved), PACKAGE, true, &source);
                    }
                } else {
                    problems.push((
                        resolved.clone(),
                        format!(
                            "pi package \"{}\" (\"packages\" in {}) does not exist: {}",
                            self.source,
                            self.file.display(),
                            resolved.display()
                        ),
                    ));
                }
                return;
            }
            Origin::Npm { name, range } => {
                let mut root = base.join("npm").join("node_modules").join(name);
                // A user package older pi installed globally, where pi 1.6 still looks.
                if !root.is_dir() && scope == Scope::User {
                    if let Some(legacy) = super::global_npm::legacy_install_path(npm_command, name).filter(|p| p.is_dir()) {
                        root = legacy;
                    }
                }
                if root.is_dir() {
                    // pi installs again a package whose version the entry does not take,
                    // and skips it when it cannot (offline): the host cannot install.
                    if let Some(why) = installed_version_problem(&root, range.as_deref()) {
                        problems.push((
                            root.clone(),
                            format!(
                                "pi package \"{source_text}\" (\"packages\" in {}): {why}; pi installs the version the entry asks for when it starts (or run `pi update`); omp-host loads only a matching install",
                                self.file.display()
                            ),
                        ));
                        return;
                    }
                }
                (root, "npm")
            }
            Origin::Git { host, path } => (base.join("git").join(host).join(path), "git"),
        };
        if root.is_dir() {
            self.package_resources(&root, found, &source);
            return;
        }
        let local = if scope == Scope::Project { " -l" } else { "" };
        problems.push((
            root.clone(),
            format!(
                "pi package \"{source_text}\" (\"packages\" in {}) is not installed: pi installs {kind} packages into {} when it starts (or run `pi install{local} {source_text}`); omp-host loads only packages pi has installed",
                self.file.display(),
                root.display()
            ),
        ));
    }

    /// pi's `collectPackageResources` for extensions: the entry's filter over what the
    /// package offers, else its manifest's `pi.extensions`, else its `extensions/` folder.
    /// False when the package declares nothing (no filter, no manifest resources, none of
    /// the conventional folders): the caller loads the folder itself then.
    fn package_resources(&self, root: &Path, found: &mut Found, source: &ToolSource) -> bool {
        let manifest = pi_manifest(root);
        if self.object {
            if self.delta {
                // Only what the patterns name is switched on or off; the user's entry adds the rest.
                let offered = offered_files(root, manifest.as_ref());
                for (path, enabled) in delta_patterns(&offered, self.filter.as_deref().unwrap_or_default(), root) {
                    found.add(path, PACKAGE, enabled, source);
                }
            } else if let Some(patterns) = &self.filter {
                let offered = offered_files(root, manifest.as_ref());
                let enabled = if patterns.is_empty() {
                    HashSet::new()
                } else {
                    apply_patterns(&offered, patterns, root)
                };
                for path in offered {
                    let on = enabled.contains(&path);
                    found.add(path, PACKAGE, on, source);
                }
            } else {
                let files = match manifest.as_ref().and_then(|m| m.extensions.clone()) {
                    Some(entries) => manifest_files(&entries, root),
                    None => files_of_folder(&root.join("extensions")),
                };
                files.into_iter().for_each(|path| found.add(path, PACKAGE, true, source));
            }
            return true;
        }
        if let Some(manifest) = manifest.filter(|m| m.declares_resources) {
            for path in manifest_files(manifest.extensions.as_deref().unwrap_or_default(), root) {
                found.add(path, PACKAGE, true, source);
            }
            return true;
        }
        let extensions_dir = root.join("extensions");
        for path in files_of_folder(&extensions_dir) {
            found.add(path, PACKAGE, true, source);
        }
        ["extensions", "skills", "prompts", "themes"].iter().any(|dir| root.join(dir).exists())
    }
}

/// `folder_extensions` of a folder that may not exist.
fn files_of_folder(dir: &Path) -> Vec<PathBuf> {
    if dir.is_dir() {
        folder_extensions(dir)
    } else {
        Vec::new()
    }
}

/// pi's `parseSource`: `npm:` specs, git sources (`git:` shorthands and git URLs), else a
/// local path.
fn parse_source(source: &str) -> Origin {
    let trimmed = source.trim();
    if let Some(spec) = trimmed.strip_prefix("npm:") {
        let spec = spec.trim();
        let name = npm_name(spec);
        let range = spec[name.len()..]
            .strip_prefix('@')
            .filter(|version| nodejs_semver::Range::parse(version).is_ok())
            .map(str::to_string);
        return Origin::Npm { name, range };
    }
    let non_local = ["git:", "github:", "http:", "https:", "ssh:", "builtin:"];
    if non_local.iter().any(|p| trimmed.starts_with(p)) {
        if let Some((host, path)) = parse_git(trimmed) {
            return Origin::Git { host, path };
        }
    }
    Origin::Local { path: source.to_string() }
}

/// Why the package installed at `root` is not one pi would load for an entry asking for
/// `range`: it has no version, or one outside the range (pi's `installedNpmMatchesConfiguredVersion`).
/// An entry without a range takes any install (npm always writes a version).
fn installed_version_problem(root: &Path, range: Option<&str>) -> Option<String> {
    let range = range?;
    let manifest = root.join("package.json");
    let installed = crate::discovery::read_json(&manifest).and_then(|json| json.get("version").and_then(|v| v.as_str()).map(str::to_string));
    let Some(installed) = installed else {
        return Some(format!("the installed copy has no version ({})", manifest.display()));
    };
    let matches = match (nodejs_semver::Version::parse(&installed), nodejs_semver::Range::parse(range)) {
        (Ok(version), Ok(range)) => version.satisfies(&range),
        _ => false,
    };
    (!matches).then(|| format!("version {installed} is installed, and the entry asks for {range}"))
}

/// The package name of an npm spec (`@scope/name@1.2` → `@scope/name`).
fn npm_name(spec: &str) -> String {
    let version_at = if let Some(rest) = spec.strip_prefix('@') {
        rest.find('@').map(|i| i + 1)
    } else {
        spec.find('@')
    };
    version_at.map_or(spec, |i| &spec[..i]).to_string()
}

/// The host and repository path of a git source, as pi files its checkout
/// (`git/<host>/<path>`): `git:host/owner/repo[@ref]`, `git:git@host:owner/repo`, and
/// `https://`, `ssh://`, `git://` URLs; a trailing `.git` dropped.
fn parse_git(source: &str) -> Option<(String, String)> {
    let has_prefix = source.starts_with("git:");
    let url = source.strip_prefix("git:").unwrap_or(source).trim();
    let with_protocol = ["https://", "http://", "ssh://", "git://"].iter().find_map(|p| url.strip_prefix(p));
    if !has_prefix && with_protocol.is_none() {
        return None;
    }
    let (host, path) = if let Some(rest) = url.strip_prefix("git@") {
        rest.split_once(':')?
    } else if let Some(rest) = with_protocol {
        let (authority, path) = rest.split_once('/')?;
        let host = authority.rsplit('@').next()?;
        (host.split(':').next()?, path)
    } else {
        url.split_once('/')?
    };
    // `@ref` ends the path; pi checks the ref out in the same folder.
    let path = path.split('@').next()?.trim_start_matches('/').trim_end_matches('/');
    let path = path.strip_suffix(".git").unwrap_or(path);
    let safe = |part: &str| !part.is_empty() && part != "." && part != "..";
    if host.is_empty() || path.split('/').count() < 2 || !path.split('/').all(safe) || !safe(host) {
        return None;
    }
    Some((host.to_string(), path.to_string()))
}

/// pi's `dedupePackages`: project entries come first; a package named in both files loads
/// once, as the project names it, unless the project's entry is a delta (`autoload: false`),
/// which then adjusts the user's entry and both are kept, the delta first.
fn dedupe_packages(packages: Vec<Package>) -> Vec<Package> {
    let users: Vec<Package> = packages.iter().filter(|p| p.scope == Scope::User).cloned().collect();
    let mut result: Vec<Package> = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    for mut package in packages {
        let identity = package.identity();
        if package.scope == Scope::Project && package.delta {
            package.adjusts = users
                .iter()
                .find(|u| u.identity() == identity)
                .map(|u| (u.source.clone(), u.scope, u.base.clone()));
        }
        match seen.iter().position(|s| *s == identity) {
            None => {
                seen.push(identity);
                result.push(package);
            }
            Some(index) => {
                let existing = &result[index];
                if existing.scope == Scope::Project && package.scope == Scope::User {
                    if existing.delta {
                        result.push(package);
                    }
                } else if package.scope == Scope::Project {
                    result[index] = package;
                }
            }
        }
    }
    result
}

/// The part of a package.json's `pi` object pi reads for extensions.
#[derive(Debug, Clone)]
struct Manifest {
    /// `pi.extensions`, when it is an array of strings.
    extensions: Option<Vec<String>>,
    /// `pi` lists some resource (extensions, skills, prompts or themes).
    declares_resources: bool,
}

/// pi's `readPiManifest`, for extensions.
fn pi_manifest(root: &Path) -> Option<Manifest> {
    let manifest = crate::discovery::read_json(&root.join("package.json"))?;
    let pi = manifest.get("pi")?.as_object()?;
    let strings = |key: &str| -> Option<Vec<String>> {
        let items = pi.get(key)?.as_array()?;
        items.iter().map(|v| v.as_str().map(str::to_string)).collect()
    };
    Some(Manifest {
        extensions: strings("extensions"),
        declares_resources: ["extensions", "skills", "prompts", "themes"].iter().any(|k| strings(k).is_some()),
    })
}

/// pi's `collectManifestFiles`: what a package offers for a filter to choose from (its
/// manifest's entries, after the manifest's own patterns, else its `extensions/` folder).
fn offered_files(root: &Path, manifest: Option<&Manifest>) -> Vec<PathBuf> {
    match manifest.and_then(|m| m.extensions.as_ref()).filter(|e| !e.is_empty()) {
        Some(entries) => manifest_files(entries, root),
        None => files_of_folder(&root.join("extensions")),
    }
}

/// pi's `addManifestEntries`: a manifest's plain entries (globs expanded in the package,
/// folders searched as extension folders), narrowed by its `!`/`+`/`-` entries.
fn manifest_files(entries: &[String], root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in entries.iter().filter(|e| !is_override(e)) {
        if has_glob(entry) {
            for path in expand_glob(entry, root) {
                files.extend(files_of(&path));
            }
        } else {
            files.extend(files_of(&paths::normalize(&root.join(entry))));
        }
    }
    let patterns: Vec<String> = entries.iter().filter(|e| is_override(e)).cloned().collect();
    if patterns.is_empty() {
        return files;
    }
    let enabled = apply_patterns(&files, &patterns, root);
    files.into_iter().filter(|f| enabled.contains(f)).collect()
}

/// pi's `expandPackageGlob`: the package's paths (none under a hidden folder) that match.
fn expand_glob(pattern: &str, root: &Path) -> Vec<PathBuf> {
    let pattern = pattern.strip_prefix("./").unwrap_or(pattern);
    let mut out: Vec<PathBuf> = walkdir::WalkDir::new(root)
        .min_depth(1)
        .max_depth(12)
        .into_iter()
        .filter_entry(|e| !e.file_name().to_string_lossy().starts_with('.'))
        .filter_map(|e| e.ok())
        .map(|e| e.into_path())
        .filter(|p| glob_match(pattern, &relative(root, p)))
        .collect();
    out.sort();
    out
}

fn is_pattern(entry: &str) -> bool {
    is_override(entry) || has_glob(entry)
}

fn is_override(entry: &str) -> bool {
    entry.starts_with('!') || entry.starts_with('+') || entry.starts_with('-')
}

fn has_glob(entry: &str) -> bool {
    entry.contains('*') || entry.contains('?')
}

/// pi's `applyPatterns`: the plain patterns choose (all when there are none), `!pattern`
/// leaves out, `+path` puts back an exact path, `-path` leaves out an exact path.
fn apply_patterns(all: &[PathBuf], patterns: &[String], base: &Path) -> HashSet<PathBuf> {
    let of = |prefix: Option<char>| -> Vec<&str> {
        patterns
            .iter()
            .filter_map(|p| match prefix {
                Some(c) => p.strip_prefix(c),
                None => (!is_override(p)).then_some(p.as_str()),
            })
            .collect()
    };
    let (includes, excludes, force_in, force_out) = (of(None), of(Some('!')), of(Some('+')), of(Some('-')));
    let mut result: Vec<&PathBuf> = all.iter().filter(|p| includes.is_empty() || matches_any(p, &includes, base)).collect();
    result.retain(|p| !matches_any(p, &excludes, base));
    for path in all {
        if !result.contains(&path) && matches_exact(path, &force_in, base) {
            result.push(path);
        }
    }
    result.retain(|p| !matches_exact(p, &force_out, base));
    result.into_iter().cloned().collect()
}

/// pi's `isEnabledByOverrides`, for a folder's extension and its settings' entries.
fn enabled_by_overrides(path: &Path, entries: &[String], base: &Path) -> bool {
    let of = |c: char| -> Vec<&str> { entries.iter().filter_map(|p| p.strip_prefix(c)).collect() };
    let mut enabled = !matches_any(path, &of('!'), base);
    if matches_exact(path, &of('+'), base) {
        enabled = true;
    }
    if matches_exact(path, &of('-'), base) {
        enabled = false;
    }
    enabled
}

/// pi's `applyAutoloadDisabledPatterns`: the paths the patterns name, each on or off as the
/// last pattern naming it says.
fn delta_patterns(all: &[PathBuf], patterns: &[String], base: &Path) -> Vec<(PathBuf, bool)> {
    let mut result: Vec<(PathBuf, bool)> = Vec::new();
    for pattern in patterns {
        let exact = pattern.starts_with('+') || pattern.starts_with('-');
        let target = if is_override(pattern) { &pattern[1..] } else { pattern.as_str() };
        let enabled = !pattern.starts_with('-') && !pattern.starts_with('!');
        for path in all {
            let hit = if exact {
                matches_exact(path, &[target], base)
            } else {
                matches_any(path, &[target], base)
            };
            if hit {
                match result.iter_mut().find(|(p, _)| p == path) {
                    Some(slot) => slot.1 = enabled,
                    None => result.push((path.clone(), enabled)),
                }
            }
        }
    }
    result
}

/// pi's `matchesAnyPattern`: a glob against the path relative to `base`, its name, or the
/// whole path.
fn matches_any(path: &Path, patterns: &[&str], base: &Path) -> bool {
    let rel = relative(base, path);
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let full = path.to_string_lossy();
    patterns.iter().any(|pattern| {
        let pattern = pattern.trim();
        glob_match(pattern, &rel) || glob_match(pattern, &name) || glob_match(pattern, &full)
    })
}

/// pi's `matchesAnyExactPattern`: the path relative to `base` (a leading `./` ignored), or
/// the whole path.
fn matches_exact(path: &Path, patterns: &[&str], base: &Path) -> bool {
    let rel = relative(base, path);
    let full = path.to_string_lossy();
    patterns.iter().any(|pattern| {
        let pattern = pattern.trim();
        let pattern = pattern.strip_prefix("./").unwrap_or(pattern);
        pattern == rel || pattern == full
    })
}

/// `path` relative to `base`, with `/` between parts and `..` where it leaves `base`.
fn relative(base: &Path, path: &Path) -> String {
    let base: Vec<Component> = base.components().collect();
    let path: Vec<Component> = path.components().collect();
    let common = base.iter().zip(&path).take_while(|(a, b)| a == b).count();
    let ups = std::iter::repeat_n("..".to_string(), base.len() - common);
    let rest = path[common..].iter().map(|c| c.as_os_str().to_string_lossy().into_owned());
    ups.chain(rest).collect::<Vec<_>>().join("/")
}

/// minimatch's rules for the patterns settings use: `*` and `?` within one path segment,
/// `**` for any number of segments, `[...]` character classes (the `glob` crate's patterns).
fn glob_match(pattern: &str, text: &str) -> bool {
    let options = glob::MatchOptions {
        case_sensitive: true,
        require_literal_separator: true,
        require_literal_leading_dot: false,
    };
    glob::Pattern::new(pattern).is_ok_and(|pattern| pattern.matches_with(text, options))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_merge_as_pi_merges_them() {
        let user = serde_json::json!({"theme": "dark", "compaction": {"enabled": true, "reserve": 1}, "packages": ["a"]});
        let project = serde_json::json!({"compaction": {"reserve": 2}, "packages": ["b"]});
        let merged = merge_objects(user.as_object().unwrap().clone(), project.as_object().unwrap().clone());
        assert_eq!(
            Value::Object(merged),
            serde_json::json!({"theme": "dark", "compaction": {"enabled": true, "reserve": 2}, "packages": ["b"]})
        );
        let user = serde_json::json!(["read", "bash"]);
        assert_eq!(
            merged_default_tools(Some(&user), Some(&serde_json::json!(["+grep"]))),
            Some(serde_json::json!(["read", "bash", "+grep"]))
        );
        assert_eq!(
            merged_default_tools(Some(&user), Some(&serde_json::json!(["ls"]))),
            Some(serde_json::json!(["ls"]))
        );
        assert_eq!(merged_default_tools(Some(&user), None), None);
    }

    #[test]
    fn globs_match_as_minimatch_does_for_settings_patterns() {
        assert!(glob_match("extensions/*.ts", "extensions/a.ts"));
        assert!(!glob_match("extensions/*.ts", "extensions/sub/a.ts"));
        assert!(glob_match("extensions/**/*.ts", "extensions/sub/a.ts"));
        assert!(glob_match("**/*.ts", "a.ts"));
        assert!(glob_match("legacy?.js", "legacy1.js"));
        assert!(glob_match("[ab].ts", "b.ts"));
        assert!(!glob_match("[!ab].ts", "b.ts"));
    }

    #[test]
    fn sources_parse_as_pi_parses_them() {
        assert_eq!(
            parse_source("npm:@scope/tools@1.2.0"),
            Origin::Npm {
                name: "@scope/tools".into(),
                range: Some("1.2.0".into())
            }
        );
        assert_eq!(
            parse_source("npm:tools"),
            Origin::Npm {
                name: "tools".into(),
                range: None
            }
        );
        assert_eq!(
            parse_source("npm:tools@^2"),
            Origin::Npm {
                name: "tools".into(),
                range: Some("^2".into())
            }
        );
        assert_eq!(
            parse_source("npm:tools@next"),
            Origin::Npm {
                name: "tools".into(),
                range: None
            },
            "a tag is no range"
        );
        let git = |host: &str, path: &str| Origin::Git {
            host: host.into(),
            path: path.into(),
        };
        assert_eq!(parse_source("git:github.com/o/r@v1"), git("github.com", "o/r"));
        assert_eq!(parse_source("https://github.com/o/r.git"), git("github.com", "o/r"));
        assert_eq!(parse_source("git:git@github.com:o/r"), git("github.com", "o/r"));
        assert_eq!(parse_source("./pkg"), Origin::Local { path: "./pkg".into() });
    }

    #[test]
    fn patterns_narrow_as_pi_applies_them() {
        let base = Path::new("/b");
        let all = vec![PathBuf::from("/b/x/a.ts"), PathBuf::from("/b/x/legacy.ts")];
        let on = apply_patterns(&all, &["!x/legacy.ts".into()], base);
        assert!(on.contains(&all[0]) && !on.contains(&all[1]));
        let on = apply_patterns(&all, &["!*.ts".into(), "+x/legacy.ts".into()], base);
        assert!(!on.contains(&all[0]) && on.contains(&all[1]));
        assert!(!enabled_by_overrides(&all[0], &["-x/a.ts".into()], base));
        assert_eq!(relative(Path::new("/b/c"), Path::new("/b/x/a.ts")), "../x/a.ts");
    }
}
