//! A session: one engine, the tools it loaded and their errors, and the configuration they
//! were loaded under. Opening a session discovers tool modules and loads them one after
//! another, in discovery order (contract 7.2): a module that fails never stops the others.
//! Execute order and concurrency are decided here, once, from what each factory returned.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::config::HostConfig;
use crate::discovery::{self, DiscoveredPath, DiscoveryInput, ToolSource, MODULE_EXTENSIONS};
use crate::engine::{EngineHandle, EngineOptions, EngineThread, LoadFailure, ToolDescriptor};
use crate::loader::transpile::TranspileCache;
use crate::log::HostLog;
use crate::pending::PendingQueue;
use crate::registry::{LoadError, Registry, SourceLocation, ToolEntry};

/// omp has no load time limit; a generous one keeps a stuck module from hanging the host.
const DEFAULT_LOAD_TIMEOUT_MS: u64 = 30_000;

/// Everything needed to open a session.
#[derive(Debug, Clone)]
pub struct SessionOptions {
    pub cwd: PathBuf,
    pub config: HostConfig,
    pub discovery: DiscoveryInput,
    pub cache: TranspileCache,
    pub heap_limit: usize,
    /// Where console and logger lines are offered to the front end.
    pub log_tap: crate::engine::console::LogTap,
    /// The UI broker; a front end that can show UI attaches to it (before loading, so
    /// factories already see `pi.hasUI`).
    pub ui: crate::ui::UiBroker,
}

impl SessionOptions {
    /// Defaults for `cwd` with the given config: the disk cache and a 512 MiB heap (or the
    /// config's `heapLimitMb`).
    pub fn new(cwd: PathBuf, config: HostConfig) -> Self {
        let heap_limit = config.heap_limit_mb.unwrap_or(512) * 1024 * 1024;
        SessionOptions {
            discovery: DiscoveryInput { cwd: cwd.clone(), ..Default::default() },
            cwd,
            config,
            cache: TranspileCache::at(crate::paths::cache_dir().join("transpiled")),
            heap_limit,
            log_tap: Default::default(),
            ui: Default::default(),
        }
    }
}

pub struct Session {
    pub engine: EngineHandle,
    /// The engine thread; it ends once every handle to the engine is dropped.
    pub thread: Option<EngineThread>,
    pub registry: Registry,
    pub config: HostConfig,
    pub log: HostLog,
    pub cwd: PathBuf,
    /// Identifies this session to tools (`ctx.sessionId`).
    pub session_id: String,
    /// The JavaScript heap limit in bytes.
    pub heap_limit: usize,
    /// The pending-action queue.
    pub pending: PendingQueue,
    /// The UI broker (a front end that can show UI attaches to it).
    pub ui: crate::ui::UiBroker,
    loads: u64,
}

impl Session {
    /// Starts the engine, discovers tool modules and loads them all.
    pub async fn open(options: SessionOptions) -> Result<Session, String> {
        let found = discovery::discover(&options.discovery, &options.config);
        let mut session = Session::start(options).await?;
        for item in &found {
            session.load(item).await;
        }
        session.check_tool_settings();
        session.registry.add_builtin(crate::pending::resolve_tool::entry());
        Ok(session)
    }

    /// A `toolSettings` entry naming no loaded tool is a typo until proven otherwise: it is
    /// reported like a load error, naming the config file and the key.
    fn check_tool_settings(&mut self) {
        let unknown: Vec<(String, PathBuf)> = self
            .config
            .tool_settings_files
            .iter()
            .filter(|(name, _)| self.registry.get(name).is_none())
            .map(|(name, file)| (name.clone(), file.clone()))
            .collect();
        for (name, file) in unknown {
            let loaded: Vec<&str> = self.registry.tools().iter().map(|t| t.name.as_str()).collect();
            let error = format!(
                "config file {}: toolSettings.{name} names no loaded tool (loaded: {})",
                file.display(),
                if loaded.is_empty() { "none".to_string() } else { loaded.join(", ") }
            );
            self.registry.add_error(LoadError { path: file.clone(), resolved_path: file, error, location: None, source: None });
        }
    }

    /// A session with exactly one module (for `omp-host check`).
    pub async fn open_single(options: SessionOptions, path: &Path) -> Result<Session, String> {
        let mut session = Session::start(options).await?;
        let source = ToolSource { provider: "config", provider_name: "Configured path", level: "config" };
        let path = crate::paths::normalize(&session.cwd.join(path));
        let path = if path.is_dir() { discovery::find_index(&path).unwrap_or(path) } else { path };
        session.load(&DiscoveredPath { path, source }).await;
        Ok(session)
    }

    async fn start(options: SessionOptions) -> Result<Session, String> {
        let log = HostLog::in_dir(crate::paths::data_dir().join("logs"));
        let pending = PendingQueue::new();
        let ui = options.ui.clone();
        let (engine, thread) = EngineHandle::start(EngineOptions {
            pending: pending.clone(),
            ui: ui.clone(),
            cwd: options.cwd.clone(),
            cache: options.cache.clone(),
            log: log.clone(),
            heap_limit: options.heap_limit,
            log_tap: options.log_tap.clone(),
        })
        .await?;
        let session_id = format!("omp-host-{}-{}", std::process::id(), crate::log::timestamp());
        let session = Session {
            engine,
            thread: Some(thread),
            registry: Registry::default(),
            config: options.config,
            log,
            cwd: options.cwd,
            session_id,
            heap_limit: options.heap_limit,
            pending,
            ui,
            loads: 0,
        };
        session.engine.set_session_info(session.info());
        Ok(session)
    }

    /// The session facts tools see in `ctx`.
    pub fn info(&self) -> serde_json::Value {
        serde_json::json!({ "cwd": self.cwd.display().to_string(), "sessionId": self.session_id })
    }

    /// How long one module may take to import and run its factory.
    fn load_timeout(&self) -> Duration {
        Duration::from_millis(self.config.load_timeout_ms.unwrap_or(DEFAULT_LOAD_TIMEOUT_MS))
    }

    fn load_timeout_message(&self) -> String {
        format!(
            "Failed to load tool: importing the module and running its factory took longer than {} ms, so it was stopped",
            self.load_timeout().as_millis()
        )
    }

    /// A discovered path made absolute against the session's folder.
    fn resolve(&self, item: &DiscoveredPath) -> PathBuf {
        crate::paths::normalize(&self.cwd.join(&item.path))
    }

    /// Logs a load error as omp does (`Custom tool load failed`) and keeps it for `list`.
    fn record_error(&mut self, error: LoadError) {
        self.log.write("error", "Custom tool load failed", Some(&serde_json::json!({ "path": error.path, "error": error.error })));
        self.registry.add_error(error);
    }

    /// Loads one discovered module, recording its tools or its errors.
    pub async fn load(&mut self, item: &DiscoveredPath) {
        let resolved = self.resolve(item);
        let ext = resolved.extension().and_then(|e| e.to_str()).unwrap_or("").to_string();
        let refused = if ext == "md" || ext == "json" {
            Some("Declarative tool files (.md, .json) cannot be loaded as executable modules".to_string())
        } else if !resolved.exists() {
            Some(format!("Failed to load tool: Cannot find module \"{}\"", resolved.display()))
        } else if !MODULE_EXTENSIONS.contains(&ext.as_str()) {
            Some(format!(
                "Failed to load tool: \"{}\" is not a JavaScript or TypeScript module (omp-host runs .ts, .mts, .cts, .js, .mjs and .cjs files)",
                resolved.display()
            ))
        } else {
            None
        };
        let outcome = match refused {
            Some(message) => Err(load_error(item, &resolved, message, None)),
            None => self.load_module(item, &resolved).await,
        };
        match outcome {
            Ok(tools) => tools.into_iter().for_each(|t| self.registry.add(t)),
            Err(error) => self.record_error(error),
        }
    }

    /// Imports a module and runs its factory. A failure of the whole module is the error;
    /// failures of single entries are recorded here and the other entries still load.
    async fn load_module(&mut self, item: &DiscoveredPath, resolved: &Path) -> Result<Vec<ToolEntry>, LoadError> {
        let fail = |error: String, location: Option<SourceLocation>| load_error(item, resolved, error, location);
        self.loads += 1;
        let key = format!("load:{}", self.loads);
        let reply = match self.engine.load(resolved.to_path_buf(), key, self.load_timeout()).await {
            Ok(reply) => reply,
            Err(LoadFailure::Threw { message, location }) => return Err(fail(format!("Failed to load tool: {message}"), location)),
            Err(LoadFailure::TimedOut) => return Err(fail(self.load_timeout_message(), None)),
            Err(LoadFailure::NeverSettled) => {
                return Err(fail("Failed to load tool: the module's top-level await or its factory never settled".into(), None))
            }
            Err(LoadFailure::HeapLimit) => {
                return Err(fail(format!("Failed to load tool: loading the module ran out of memory (JavaScript heap limit of {} MB)", self.heap_limit >> 20), None))
            }
        };
        if !reply.ok {
            let error = reply.error.unwrap_or_default();
            let message = if error.message == "Tool must export a default function" {
                error.message
            } else {
                format!("Failed to load tool: {}", error.message)
            };
            return Err(fail(message, error.location));
        }
        for entry_error in &reply.errors {
            self.record_error(fail(entry_error.message.clone(), None));
        }
        let pi_era = crate::execute_order::imports_pi_era_packages(resolved);
        let mut entries = Vec::new();
        for tool in reply.tools {
            match self.entry_from(tool, item, resolved, pi_era) {
                Ok(entry) => entries.push(entry),
                Err(error) => self.record_error(fail(error, None)),
            }
        }
        Ok(entries)
    }

    /// The registry entry for one tool: its wire schema (contract 5.1 for zod), its validator
    /// compiled now so no call ever compiles a schema, and its execute order.
    fn entry_from(&self, tool: ToolDescriptor, item: &DiscoveredPath, resolved: &Path, pi_era: bool) -> Result<ToolEntry, String> {
        let declared = tool.parameters.0;
        let (parameters, validation) = if tool.schema_kind == "zod" {
            let validation = tool.validation.map(|v| v.0).unwrap_or_else(|| declared.clone());
            (crate::schema::wire_schema_from_zod(declared), validation)
        } else {
            // Validate as omp's zod-backed TypeBox shim would: a property with a default may
            // be left out (it is filled in). The other 5.1 transforms keep the meaning.
            let validation = crate::schema::wire_schema_from_zod(declared.clone());
            (declared, validation)
        };
        let validator = crate::schema::CompiledSchema::compile(&validation)
            .map_err(|e| format!("Failed to load tool: tool \"{}\" has an {e}", tool.name))?;
        let configured = self
            .config
            .tool_settings
            .get(&tool.name)
            .and_then(|s| s.execute_order)
            .or_else(|| self.config.modules.get(resolved).and_then(|m| m.execute_order));
        let execute_order = crate::execute_order::decide(configured, &tool.execute_params, pi_era);
        Ok(ToolEntry {
            runs: crate::registry::Runs::Module,
            js_id: tool.id,
            name: tool.name,
            label: tool.label,
            description: tool.description,
            parameters,
            schema_kind: tool.schema_kind,
            execute_order,
            hidden: tool.hidden,
            deferrable: tool.deferrable,
            approval: tool.approval.map(|a| a.0),
            concurrency: tool.concurrency,
            truncate: tool.truncate,
            has_on_session: tool.has_on_session,
            validator: Some(std::sync::Arc::new(validator)),
            path: item.path.clone(),
            resolved_path: resolved.to_path_buf(),
            source: item.source.clone(),
        })
    }
}

/// omp's `ToolLoadError` for a discovered module.
fn load_error(item: &DiscoveredPath, resolved: &Path, error: String, location: Option<SourceLocation>) -> LoadError {
    LoadError { path: item.path.clone(), resolved_path: resolved.to_path_buf(), error, location, source: Some(item.source.clone()) }
}

/// Splits an engine error into its message and the first tool-file location in it.
pub fn split_engine_error(text: &str) -> (String, Option<SourceLocation>) {
    static PATTERN: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let pattern = PATTERN.get_or_init(|| regex::Regex::new(r"file://([^\s)]+?):(\d+):(\d+)").unwrap());
    let location = pattern.captures(text).map(|c| SourceLocation {
        file: crate::paths::percent_decode(&c[1]),
        line: c[2].parse().unwrap_or(0),
        column: c[3].parse().unwrap_or(0),
    });
    let first_line = text.lines().next().unwrap_or("").trim();
    let message = first_line.strip_prefix("Uncaught ").unwrap_or(first_line).to_string();
    (message, location)
}
