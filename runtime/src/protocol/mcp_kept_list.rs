//! The tool list a stdio MCP server served last time, kept in the private cache so that the
//! next start of the same tools can answer `initialize` and `tools/list` at once, while the
//! modules load behind it (agents give their MCP servers little time to start: omp 18 waits
//! 250 ms). The list is a guess checked by the load: calls wait for the loaded tools, and a
//! list that turns out different is announced as a tool-list change.
//!
//! A kept list is used only when its fingerprint matches this start's: the host binary, the
//! engine, the working folder, the config, the discovery arguments, pi's settings files, and
//! for every module discovery found, its path, its source and its file's size and change time.
//! A change deeper in a module's imports, or in what its factory reads (files, the
//! environment), is found by the load. The environment is left out of the fingerprint: an
//! agent may start its servers with variables that differ from one session to the next,
//! which would make every start miss.

use std::path::Path;
use std::time::UNIX_EPOCH;

use rmcp::model::Tool;
use serde::{Deserialize, Serialize};

use crate::discovery::DiscoveredPath;
use crate::disk_cache::DiskCache;
use crate::session::SessionOptions;

/// A tool list as a stdio MCP client was served it, with its server instructions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct ServedList {
    /// Every tool, `resolve` last, as `tools/list` answers.
    pub tools: Vec<Tool>,
    /// The instructions `initialize` answers with.
    pub instructions: Option<String>,
}

/// The cache entry: the list and what it was made from.
#[derive(Serialize, Deserialize)]
struct Entry {
    fingerprint: String,
    list: ServedList,
}

/// Where one start's list is looked up and kept.
#[derive(Debug, Clone)]
pub(crate) struct ListKeeper {
    store: DiskCache,
    /// The cache key: one per working folder and discovery arguments.
    key: String,
    fingerprint: String,
}

impl ListKeeper {
    /// The keeper for a session opened with `options`, which discovered `found`; None when the
    /// cache is off (`--no-cache`).
    pub(crate) fn for_session(options: &SessionOptions, found: &[DiscoveredPath]) -> Option<ListKeeper> {
        let store = options.cache.store().clone();
        store.folder()?;
        // One list per folder and command line: two agents started with other `--tool`
        // arguments in one folder keep a list each.
        let mut setup = blake3::Hasher::new();
        setup.update(options.cwd.as_os_str().as_encoded_bytes());
        setup.update(format!("{:?}", options.discovery).as_bytes());
        let setup = setup.finalize().to_hex();
        Some(ListKeeper {
            store,
            key: format!("mcp-tools-{}", &setup[..32]),
            fingerprint: fingerprint(options, found),
        })
    }

    /// The list kept for this start's fingerprint, if any.
    pub(crate) fn kept(&self) -> Option<ServedList> {
        let bytes = self.store.get(&self.key)?;
        let entry: Entry = serde_json::from_slice(&bytes).ok()?;
        (entry.fingerprint == self.fingerprint).then_some(entry.list)
    }

    /// Keeps `list` for the next start with this fingerprint.
    pub(crate) fn keep(&self, list: &ServedList) {
        let entry = Entry {
            fingerprint: self.fingerprint.clone(),
            list: list.clone(),
        };
        if let Ok(bytes) = serde_json::to_vec(&entry) {
            self.store.put(&self.key, &bytes);
        }
    }
}

/// What the list of this start depends on that can be known without loading a module.
fn fingerprint(options: &SessionOptions, found: &[DiscoveredPath]) -> String {
    let mut hash = blake3::Hasher::new();
    let mut part = |bytes: &[u8]| {
        hash.update(&(bytes.len() as u64).to_le_bytes());
        hash.update(bytes);
    };
    part(env!("CARGO_PKG_VERSION").as_bytes());
    part(crate::engine::description().as_bytes());
    // A rebuilt binary may list the same tools differently.
    if let Ok(exe) = std::env::current_exe() {
        part(&file_stamp(&exe));
    }
    part(options.cwd.as_os_str().as_encoded_bytes());
    part(format!("{:?}", options.config).as_bytes());
    part(format!("{:?}", options.discovery).as_bytes());
    for settings in crate::discovery::pi_settings::settings_files(&options.cwd) {
        part(&std::fs::read(&settings).unwrap_or_default());
    }
    for item in found {
        part(item.path.as_os_str().as_encoded_bytes());
        part(format!("{:?}", item.source).as_bytes());
        part(&file_stamp(&item.path));
    }
    hash.finalize().to_hex().to_string()
}

/// A file's size and change time, or nothing for a file that cannot be read.
fn file_stamp(path: &Path) -> Vec<u8> {
    let Ok(meta) = std::fs::metadata(path) else { return Vec::new() };
    let modified = meta.modified().ok().and_then(|t| t.duration_since(UNIX_EPOCH).ok()).unwrap_or_default();
    let mut stamp = meta.len().to_le_bytes().to_vec();
    stamp.extend_from_slice(&modified.as_nanos().to_le_bytes());
    stamp
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::HostConfig;
    use crate::discovery::ToolSource;
    use crate::loader::transpile::TranspileCache;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = crate::scratch_dir::scratch_dir("kept-list", name);
        std::fs::create_dir_all(dir.join("project")).unwrap();
        dir
    }

    fn options(dir: &Path) -> SessionOptions {
        let mut options = SessionOptions::new(dir.join("project"), HostConfig::default());
        options.cache = TranspileCache::at(dir.join("cache"));
        options
    }

    fn found(path: &Path) -> Vec<DiscoveredPath> {
        vec![DiscoveredPath {
            path: path.to_path_buf(),
            source: ToolSource {
                provider: "omp",
                provider_name: "omp",
                level: "project",
            },
        }]
    }

    fn list(name: &str) -> ServedList {
        let schema = serde_json::json!({ "type": "object" }).as_object().cloned().unwrap();
        ServedList {
            tools: vec![Tool::new(name.to_string(), "d".to_string(), std::sync::Arc::new(schema))],
            instructions: Some("use it".into()),
        }
    }

    #[test]
    fn a_kept_list_comes_back_for_the_same_modules_only() {
        let dir = scratch("same");
        let module = dir.join("tool.ts");
        std::fs::write(&module, "export default () => []").unwrap();
        let keeper = ListKeeper::for_session(&options(&dir), &found(&module)).unwrap();
        assert_eq!(keeper.kept(), None, "nothing kept yet");
        keeper.keep(&list("a"));
        let again = ListKeeper::for_session(&options(&dir), &found(&module)).unwrap();
        assert_eq!(again.kept(), Some(list("a")));

        std::fs::write(&module, "export default () => [ ]").unwrap();
        let changed = ListKeeper::for_session(&options(&dir), &found(&module)).unwrap();
        assert_eq!(changed.kept(), None, "the module's file changed");
        let other_modules = ListKeeper::for_session(&options(&dir), &[]).unwrap();
        assert_eq!(other_modules.kept(), None, "discovery found other modules");

        let mut other_arguments = options(&dir);
        other_arguments.discovery.cli_tool_paths = vec!["elsewhere.ts".into()];
        let other = ListKeeper::for_session(&other_arguments, &found(&module)).unwrap();
        other.keep(&list("b"));
        let first = ListKeeper::for_session(&options(&dir), &found(&module)).unwrap();
        first.keep(&list("a"));
        assert_eq!(other.kept(), Some(list("b")), "other arguments keep a list of their own");
    }

    #[test]
    fn nothing_is_kept_without_the_cache() {
        let dir = scratch("off");
        let mut options = options(&dir);
        options.cache = TranspileCache::disabled();
        assert!(ListKeeper::for_session(&options, &[]).is_none());
    }
}
