//! A session: one engine, the tools it loaded and their errors. Opening a session discovers
//! tool modules and loads them one after another, in discovery order (contract 7.2): a
//! module that fails never stops the others.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::Deserialize;
use serde_json::Value;

use crate::config::{ExecuteOrder, HostConfig};
use crate::discovery::{self, DiscoveredPath, DiscoveryInput, ToolSource, MODULE_EXTENSIONS};
use crate::engine::{Engine, EngineOptions, JsFailure};
use crate::loader::transpile::TranspileCache;
use crate::log::HostLog;
use crate::pipeline::watchdog::Watchdog;
use crate::registry::{LoadError, Registry, SourceLocation, ToolEntry};

/// omp has no load time limit; a generous one keeps a stuck module from hanging the host.
const DEFAULT_LOAD_TIMEOUT_MS: u64 = 30_000;
const LOAD_WATCH_KEY: &str = "module-load";

/// Everything needed to open a session.
#[derive(Debug, Clone)]
pub struct SessionOptions {
    pub cwd: PathBuf,
    pub config: HostConfig,
    pub discovery: DiscoveryInput,
    pub cache: TranspileCache,
    pub heap_limit: usize,
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
        }
    }
}

pub struct Session {
    pub engine: Engine,
    pub registry: Registry,
    pub config: HostConfig,
    pub log: HostLog,
    pub cwd: PathBuf,
    /// Identifies this session to tools (`ctx.sessionId`).
    pub session_id: String,
    /// The JavaScript heap limit in bytes.
    pub heap_limit: usize,
}

/// The JS loader's reply for one module.
#[derive(Deserialize)]
struct ModuleReply {
    ok: bool,
    #[serde(default)]
    tools: Vec<ToolReply>,
    #[serde(default)]
    errors: Vec<EntryError>,
    error: Option<JsErrorReply>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ToolReply {
    id: u32,
    name: String,
    label: String,
    description: String,
    parameters: Value,
    validation: Option<Value>,
    schema_kind: String,
    execute_order: ExecuteOrder,
    hidden: bool,
    deferrable: bool,
    approval: Option<Value>,
    concurrency: Option<String>,
    truncate: Option<String>,
    has_on_session: bool,
}

#[derive(Deserialize)]
struct EntryError {
    message: String,
}

#[derive(Deserialize)]
struct JsErrorReply {
    message: String,
    location: Option<SourceLocation>,
}

impl Session {
    /// Starts the engine, discovers tool modules and loads them all.
    pub async fn open(options: SessionOptions) -> Result<Session, JsFailure> {
        let log = HostLog::in_dir(crate::paths::data_dir().join("logs"));
        let engine = Engine::start(EngineOptions {
            cwd: options.cwd.clone(),
            cache: options.cache.clone(),
            log: log.clone(),
            heap_limit: options.heap_limit,
        })
        .await?;
        let session_id = format!("omp-host-{}-{}", std::process::id(), crate::log::timestamp());
        let mut session = Session {
            engine,
            registry: Registry::default(),
            config: options.config,
            log,
            cwd: options.cwd,
            session_id,
            heap_limit: options.heap_limit,
        };
        let found = discovery::discover(&options.discovery, &session.config);
        let (busy, isolate) = session.engine.watch_handles();
        let watchdog = Watchdog::start(busy, isolate);
        for item in &found {
            session.load_watched(item, &watchdog).await;
        }
        Ok(session)
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

    /// `load`, within the load time limit: a module whose top level or factory spins is
    /// stopped by the watchdog, one that waits too long is abandoned; either way it gets a
    /// load error and the next module loads.
    async fn load_watched(&mut self, item: &DiscoveredPath, watchdog: &Watchdog) {
        let limit = self.load_timeout();
        watchdog.arm(LOAD_WATCH_KEY, Instant::now() + limit);
        let loaded = tokio::time::timeout(limit + Duration::from_millis(100), self.load(item)).await;
        watchdog.disarm(LOAD_WATCH_KEY);
        if loaded.is_err() {
            let error = load_error(item, &self.resolve(item), self.load_timeout_message(), None);
            self.record_error(error);
        }
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
        let request = serde_json::json!({
            "path": resolved.display().to_string(),
            "executeOrder": self.config.modules.get(resolved).and_then(|m| m.execute_order),
            "piEra": imports_pi_era_packages(resolved),
            "toolOrders": self.config.tool_settings.iter().filter_map(|(name, s)| Some((name.clone(), serde_json::to_value(s.execute_order?).ok()?))).collect::<serde_json::Map<_, _>>(),
        });
        let reply = match self.engine.load_module(resolved, &request.to_string()).await {
            Ok(reply) => reply,
            Err(failure) if failure.0.contains("execution terminated") => {
                return Err(fail(self.load_timeout_message(), None));
            }
            Err(failure) => {
                let (message, location) = split_engine_error(&failure.0);
                return Err(fail(format!("Failed to load tool: {message}"), location));
            }
        };
        let reply: ModuleReply = serde_json::from_str(&reply).map_err(|e| fail(format!("Failed to load tool: bad loader reply: {e}"), None))?;
        if !reply.ok {
            let error = reply.error.unwrap_or(JsErrorReply { message: "unknown error".into(), location: None });
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
        let mut entries = Vec::new();
        for tool in reply.tools {
            match self.entry_from(tool, item, resolved) {
                Ok(entry) => entries.push(entry),
                Err(error) => self.record_error(fail(error, None)),
            }
        }
        Ok(entries)
    }

    /// The registry entry for one tool: its wire schema (contract 5.1 for zod) and its
    /// validator, compiled now so no call ever compiles a schema.
    fn entry_from(&self, tool: ToolReply, item: &DiscoveredPath, resolved: &Path) -> Result<ToolEntry, String> {
        let (parameters, validation) = if tool.schema_kind == "zod" {
            let validation = tool.validation.clone().unwrap_or_else(|| tool.parameters.clone());
            (crate::schema::wire_schema_from_zod(tool.parameters), validation)
        } else {
            // Validate as omp's zod-backed TypeBox shim would: a property with a default may
            // be left out (it is filled in). The other 5.1 transforms keep the meaning.
            let validation = crate::schema::wire_schema_from_zod(tool.parameters.clone());
            (tool.parameters, validation)
        };
        let validator = crate::schema::CompiledSchema::compile(&validation)
            .map_err(|e| format!("Failed to load tool: tool \"{}\" has an {e}", tool.name))?;
        let execute_order = self
            .config
            .tool_settings
            .get(&tool.name)
            .and_then(|s| s.execute_order)
            .unwrap_or(tool.execute_order);
        Ok(ToolEntry {
            js_id: tool.id,
            name: tool.name,
            label: tool.label,
            description: tool.description,
            parameters,
            schema_kind: tool.schema_kind,
            execute_order,
            hidden: tool.hidden,
            deferrable: tool.deferrable,
            approval: tool.approval,
            concurrency: tool.concurrency,
            truncate: tool.truncate,
            has_on_session: tool.has_on_session,
            validator: Some(std::sync::Arc::new(validator)),
            path: item.path.clone(),
            resolved_path: resolved.to_path_buf(),
            source: item.source.clone(),
        })
    }

    /// The session facts tools see in `ctx`, plus the ids of the tools the host accepted.
    pub fn call_info_json(&self) -> String {
        let ids: Vec<u32> = self.registry.tools().iter().map(|t| t.js_id).collect();
        serde_json::json!({
            "cwd": self.cwd.display().to_string(),
            "sessionId": self.session_id,
            "toolIds": ids,
        })
        .to_string()
    }

    /// Validates and coerces a call's arguments against the tool's schema; the error text is
    /// the one the model sees.
    pub fn prepare_arguments(&self, tool: &str, params: Value) -> Result<Value, String> {
        match self.registry.get(tool).and_then(|t| t.validator.clone()) {
            Some(validator) => validator.prepare_arguments(params).map_err(|failure| failure.message(tool)),
            None => Ok(params),
        }
    }

    /// A session with exactly one module (for `omp-host check`).
    pub async fn open_single(options: SessionOptions, path: &Path) -> Result<Session, JsFailure> {
        let mut only = options;
        only.discovery = DiscoveryInput { cwd: only.cwd.clone(), only_configured: true, ..Default::default() };
        only.config.tool_paths.clear();
        only.config.plugin_roots.clear();
        let mut session = Session::open(only).await?;
        let source = ToolSource { provider: "config", provider_name: "Configured path", level: "config" };
        let path = crate::paths::normalize(&session.cwd.join(path));
        let path = if path.is_dir() { discovery::find_index(&path).unwrap_or(path) } else { path };
        let (busy, isolate) = session.engine.watch_handles();
        let watchdog = Watchdog::start(busy, isolate);
        session.load_watched(&DiscoveredPath { path, source }, &watchdog).await;
        Ok(session)
    }
}

/// omp's `ToolLoadError` for a discovered module.
fn load_error(item: &DiscoveredPath, resolved: &Path, error: String, location: Option<SourceLocation>) -> LoadError {
    LoadError { path: item.path.clone(), resolved_path: resolved.to_path_buf(), error, location, source: Some(item.source.clone()) }
}

/// Does the module import pi-era packages (`@mariozechner/…`), hinting at pi's execute order?
fn imports_pi_era_packages(path: &Path) -> bool {
    std::fs::read_to_string(path).is_ok_and(|text| text.contains("@mariozechner/") && !text.contains("@oh-my-pi/"))
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
