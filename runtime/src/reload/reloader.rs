//! Decides and performs one hot reload: finds the tool modules again, loads again those a
//! change touched and the new ones, drops the removed ones, and builds the registry the core
//! will serve. A module whose new version fails to load keeps serving its last good tools,
//! with the load error reported beside them. A changed config is put in force here for
//! discovery and loading (`set_config`).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::config::HostConfig;
use crate::discovery::{self, DiscoveryInput};
use crate::registry::Registry;
use crate::tool_changes::{ToolChange, ToolChanges};
use crate::tool_loader::{registry_of, LoadedModule, ToolLoader};

use super::watcher::WatchRoot;

pub(crate) struct Reloader {
    loader: ToolLoader,
    discovery: DiscoveryInput,
    /// What each module gave, in discovery order (a failed reload keeps its last good tools).
    modules: Vec<LoadedModule>,
    /// The last reload number used; each load of a reload gets a new one.
    version: u64,
    /// What extensions change in the tool set; every registry built uses its active set and
    /// refreshes its view.
    changes: ToolChanges,
}

/// What a reload changed.
pub(crate) struct Reloaded {
    pub registry: Registry,
    /// The module files loaded again, added or removed.
    pub modules: Vec<PathBuf>,
    /// The lanes (permission policies) a module left for another: the module's old copy
    /// still runs there, with the old policy's rights, until that engine is replaced
    /// (`replace_lanes`).
    pub left_lanes: BTreeSet<usize>,
}

impl Reloader {
    pub(crate) fn new(loader: ToolLoader, discovery: DiscoveryInput, modules: Vec<LoadedModule>, changes: ToolChanges) -> Reloader {
        Reloader {
            loader,
            discovery,
            modules,
            version: 0,
            changes,
        }
    }

    /// Where extensions' changes come from.
    pub(crate) fn changes(&self) -> &ToolChanges {
        &self.changes
    }

    /// Applies one change an extension made; the registry to serve now, if it changed.
    pub(crate) fn apply(&mut self, change: ToolChange) -> Option<Registry> {
        if let ToolChange::Registered { path, tool } = change {
            let Some(module) = self.modules.iter_mut().find(|m| m.resolved == path) else {
                crate::host_eprintln!(
                    "omp-host: a tool registered from {} was left out: no loaded module has that path",
                    path.display()
                );
                return None;
            };
            let snapshot = module.clone();
            let engine = self.loader.engine.lane(crate::engine::lanes::lane_of(module.engine)).generation();
            match self.loader.late_entry(&snapshot, *tool, engine) {
                // Registering a name again replaces the extension's earlier tool (pi withdraws a
                // tool by registering it again as hidden).
                Ok(entry) => match module.tools.iter_mut().find(|t| t.name == entry.name) {
                    Some(earlier) => *earlier = entry,
                    None => module.tools.push(entry),
                },
                Err(error) => module.errors.push(*error),
            }
        }
        Some(self.registry())
    }

    /// The config discovery and loading use.
    pub(crate) fn config(&self) -> &HostConfig {
        &self.loader.config
    }

    /// Discovers and loads with `config` from now on (the config file changed); answers the
    /// module files whose execute order or own permissions it changes, which must load again.
    pub(crate) fn set_config(&mut self, config: HostConfig) -> BTreeSet<PathBuf> {
        let old = std::mem::replace(&mut self.loader.config, config);
        let new = &self.loader.config;
        let module_order = |config: &HostConfig, module: &Path| config.modules.get(module).and_then(|m| m.execute_order);
        let tool_order = |config: &HostConfig, tool: &str| config.tool_settings.get(tool).and_then(|s| s.execute_order);
        // A module whose own policy changed moves to the engine of its new policy.
        let own_policy = |config: &HostConfig, module: &Path| config.permissions.module_spec(module).map(|(spec, _)| spec.clone());
        self.modules
            .iter()
            .filter(|m| {
                module_order(&old, &m.resolved) != module_order(new, &m.resolved)
                    || m.tools.iter().any(|t| tool_order(&old, &t.name) != tool_order(new, &t.name))
                    || own_policy(&old, &m.resolved) != own_policy(new, &m.resolved)
            })
            .map(|m| m.resolved.clone())
            .collect()
    }

    /// The session's engines.
    pub(crate) fn engine(&self) -> crate::engine::lanes::Engines {
        self.loader.engine.clone()
    }

    /// Starts a new engine in place of each wedged one and loads into it the modules the old
    /// one had, and any new ones, as found now; modules of the other engines keep serving
    /// (None if no engine could be started).
    pub(crate) async fn replace_engine(&mut self) -> Option<Reloaded> {
        let replaced = match self.loader.engine.restart_lost().await {
            Ok(replaced) => replaced,
            Err(e) => {
                crate::host_eprintln!("omp-host: could not start a new JavaScript engine: {e}");
                return None;
            }
        };
        Some(self.load_into_replaced(&replaced).await)
    }

    /// Replaces the engines of `lanes` (healthy ones: a module left their policy, and its old
    /// copy must not go on running with that policy's rights) and loads their modules again;
    /// calls running there end with an error (None if an engine could not be started).
    pub(crate) async fn replace_lanes(&mut self, lanes: &BTreeSet<usize>) -> Option<Reloaded> {
        for lane in lanes {
            if let Err(e) = self.loader.engine.lane(*lane).restart().await {
                crate::host_eprintln!("omp-host: could not start a new JavaScript engine: {e}");
                return None;
            }
        }
        let replaced: Vec<usize> = lanes.iter().copied().collect();
        Some(self.load_into_replaced(&replaced).await)
    }

    /// Loads into the new engines of `replaced` lanes the modules the old ones had, and any
    /// new ones, as found now; modules of the other engines keep serving.
    async fn load_into_replaced(&mut self, replaced: &[usize]) -> Reloaded {
        use crate::engine::lanes::lane_of;
        let found = discovery::discover(&self.discovery, &self.loader.config);
        self.loader.apply_permissions(&found);
        let mut previous = std::mem::take(&mut self.modules);
        let mut slots: Vec<Option<LoadedModule>> = Vec::with_capacity(found.len());
        let mut to_load = Vec::new();
        for item in &found {
            let resolved = self.loader.resolve(item);
            let kept = previous.iter().position(|m| m.resolved == resolved && !replaced.contains(&lane_of(m.engine)));
            match kept {
                Some(index) => slots.push(Some(previous.remove(index))),
                None => {
                    slots.push(None);
                    to_load.push(item.clone());
                }
            }
        }
        let mut fresh = self.loader.load_all_replacing_wedged(&to_load).await.into_iter();
        self.modules = slots.into_iter().filter_map(|slot| slot.or_else(|| fresh.next())).collect();
        let mut modules: Vec<PathBuf> = to_load.iter().map(|item| self.loader.resolve(item)).collect();
        let removed: Vec<PathBuf> = previous.into_iter().map(|m| m.resolved).filter(|p| !modules.contains(p)).collect();
        modules.extend(removed);
        Reloaded {
            registry: self.registry(),
            modules,
            left_lanes: BTreeSet::new(),
        }
    }

    /// The registry of the modules as they are now.
    pub(crate) fn registry(&self) -> Registry {
        let mut registry = registry_of(&self.modules, &self.loader.config);
        registry.choose_active(self.changes.chosen());
        self.changes.refresh(registry.tools_view());
        registry
    }

    /// The folders to watch: the tool folders discovery looks in, each tool folder (with its
    /// subfolders), the folder of each single-file module, of each config file and of pi's
    /// settings files (which name extensions). A folder that does not exist yet is watched
    /// through the nearest one above it that does (see `watcher::without_overlaps`).
    pub(crate) fn watch_roots(&self) -> Vec<WatchRoot> {
        let mut roots: Vec<WatchRoot> = discovery::tool_dirs(&self.discovery)
            .into_iter()
            .map(|dir| WatchRoot { dir, recursive: true })
            .collect();
        for module in &self.modules {
            if let Some(parent) = module.resolved.parent() {
                roots.push(WatchRoot {
                    dir: parent.to_path_buf(),
                    recursive: is_folder_index(&module.resolved),
                });
            }
        }
        let settings = (!self.discovery.only_configured).then(|| discovery::pi_settings::settings_files(&self.discovery.cwd));
        for file in self.loader.config.candidate_files().into_iter().chain(settings.into_iter().flatten()) {
            if let Some(dir) = file.parent() {
                roots.push(WatchRoot {
                    dir: dir.to_path_buf(),
                    recursive: false,
                });
            }
        }
        super::watcher::without_overlaps(roots)
    }

    /// Reloads after `changed` paths changed; None when no module was touched.
    pub(crate) async fn reload(&mut self, changed: &BTreeSet<PathBuf>) -> Option<Reloaded> {
        let found = discovery::discover(&self.discovery, &self.loader.config);
        self.loader.apply_permissions(&found);
        let mut previous = std::mem::take(&mut self.modules);
        let mut next = Vec::with_capacity(found.len());
        let mut touched = Vec::new();
        let mut left_lanes = BTreeSet::new();
        for item in found {
            let resolved = self.loader.resolve(&item);
            let last = previous.iter().position(|m| m.resolved == resolved).map(|i| previous.remove(i));
            let module = match last {
                Some(last) if !touches(changed, &resolved) => last,
                last => {
                    self.version += 1;
                    touched.push(resolved.clone());
                    let fresh = self.loader.load(&item, self.version).await;
                    let lane = |module: &LoadedModule| crate::engine::lanes::lane_of(module.engine);
                    match last {
                        // It moved to another policy's engine: the old one is replaced, so its
                        // last tools (which lived there) cannot keep serving.
                        Some(last) if lane(&last) != lane(&fresh) => {
                            left_lanes.insert(lane(&last));
                            fresh
                        }
                        // A broken edit: the last good tools keep serving, beside the error.
                        Some(last) if fresh.failed && resolved.exists() => LoadedModule { tools: last.tools, ..fresh },
                        _ => fresh,
                    }
                }
            };
            next.push(module);
        }
        touched.extend(previous.into_iter().map(|m| m.resolved));
        self.modules = next;
        (!touched.is_empty()).then(|| Reloaded {
            registry: self.registry(),
            modules: touched,
            left_lanes,
        })
    }
}

/// `index.*` in a tool folder: the whole folder is the tool.
fn is_folder_index(module: &Path) -> bool {
    module.file_stem().is_some_and(|s| s == "index")
}

/// Whether a change to one of `changed` means `module` must load again: the file itself, a
/// file of its tool folder, or a folder it is in (removed or renamed).
fn touches(changed: &BTreeSet<PathBuf>, module: &Path) -> bool {
    let folder = module.parent().filter(|_| is_folder_index(module));
    changed
        .iter()
        .any(|p| p == module || module.starts_with(p) || folder.is_some_and(|f| p.starts_with(f)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_touches_its_module_and_tool_folder() {
        let set = |paths: &[&str]| paths.iter().map(PathBuf::from).collect::<BTreeSet<_>>();
        assert!(touches(&set(&["/t/a.ts"]), Path::new("/t/a.ts")));
        assert!(!touches(&set(&["/t/b.ts"]), Path::new("/t/a.ts")));
        assert!(touches(&set(&["/t/f/helper.ts"]), Path::new("/t/f/index.ts")));
        assert!(touches(&set(&["/t/f"]), Path::new("/t/f/index.ts")));
        assert!(!touches(&set(&["/t/other.ts"]), Path::new("/t/f/index.ts")));
    }
}
