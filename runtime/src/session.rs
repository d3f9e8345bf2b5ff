//! A session: one engine, the tools it loaded and their errors, and the configuration they
//! were loaded under. Opening a session discovers tool modules and loads them one after
//! another, in discovery order (contract 7.2): a module that fails never stops the others.
//! Execute order and concurrency are decided here, once, from what each factory returned
//! (`tool_loader`); hot reload loads modules again through the same loader.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::config::HostConfig;
use crate::discovery::{self, DiscoveredPath, DiscoveryInput, ToolSource};
use crate::engine::lanes::Engines;
use crate::engine::EngineOptions;
use crate::ext::host::turn::TurnAborts;
use crate::loader::transpile::TranspileCache;
use crate::log::HostLog;
use crate::pending::PendingQueue;
use crate::registry::Registry;
use crate::session_log::{SessionLog, SessionSource};
use crate::tool_loader::{registry_of, LoadedModule, ToolLoader};

/// Everything needed to open a session.
#[derive(Debug, Clone)]
pub struct SessionOptions {
    pub(crate) cwd: PathBuf,
    pub(crate) config: HostConfig,
    pub discovery: DiscoveryInput,
    pub(crate) cache: TranspileCache,
    pub(crate) heap_limit: usize,
    /// Where console and logger lines are offered to the front end.
    pub(crate) log_tap: crate::ext::host::console::LogTap,
    /// Which session `ctx.sessionManager` shows (and where calls are recorded).
    pub(crate) source: SessionSource,
    /// The UI broker; a front end that can show UI attaches to it (before loading, so
    /// factories already see `pi.hasUI`).
    pub(crate) ui: crate::ui::UiBroker,
    /// Learn what the tools reach instead of enforcing the config's permissions
    /// (`check --permissions`, `call --learn-permissions`).
    pub(crate) learn_permissions: bool,
    /// The modules already discovered for this session (None: `open` discovers them).
    pub(crate) discovered: Option<Vec<DiscoveredPath>>,
}

/// The JavaScript heap limit when the config sets none.
pub(crate) const DEFAULT_HEAP_LIMIT_MB: usize = 512;

impl SessionOptions {
    /// Defaults for `cwd` with the given config: the disk cache and a 512 MiB heap (or the
    /// config's `heapLimitMb`).
    pub fn new(cwd: PathBuf, config: HostConfig) -> Self {
        let heap_limit = config.heap_limit_mb.unwrap_or(DEFAULT_HEAP_LIMIT_MB) * 1024 * 1024;
        SessionOptions {
            discovery: DiscoveryInput {
                cwd: cwd.clone(),
                ..Default::default()
            },
            cwd,
            config,
            cache: TranspileCache::at(crate::paths::cache_dir().join("transpiled")),
            heap_limit,
            log_tap: Default::default(),
            source: SessionSource::InMemory,
            ui: Default::default(),
            learn_permissions: false,
            discovered: None,
        }
    }
}

pub struct Session {
    /// The session's engines, one per permission policy.
    pub(crate) engine: Engines,
    pub(crate) registry: Registry,
    pub(crate) config: HostConfig,
    pub(crate) log: HostLog,
    pub(crate) cwd: PathBuf,
    /// Identifies this session to tools (`ctx.sessionId`).
    pub(crate) session_id: String,
    /// The session tools see in `ctx.sessionManager`, where calls are recorded.
    pub(crate) session_log: Arc<SessionLog>,
    /// Where `ctx.abort()` asks the client to stop the turn.
    pub(crate) turn_aborts: TurnAborts,
    /// Where `ctx.executeTool` sends a tool's call of another tool (the serve core).
    pub(crate) nested_calls: crate::ext::host::nested_calls::NestedCalls,
    /// The JavaScript heap limit in bytes.
    pub(crate) heap_limit: usize,
    /// The pending-action queue.
    pub(crate) pending: PendingQueue,
    /// Loads modules into the engine (again, for hot reload).
    pub(crate) loader: ToolLoader,
    /// What each discovered module gave, in discovery order.
    pub(crate) modules: Vec<LoadedModule>,
    /// How the modules were found (for hot reload to find them again).
    pub(crate) discovery: DiscoveryInput,
    /// The UI broker (a front end that can show UI attaches to it).
    pub(crate) ui: crate::ui::UiBroker,
    /// What extensions change in the tool set as the session runs.
    pub(crate) tool_changes: crate::tool_changes::ToolChanges,
}

impl Session {
    /// Starts the engine, discovers tool modules and loads them all.
    pub async fn open(mut options: SessionOptions) -> Result<Session, String> {
        // The engine thread is started first (the join polls `start` first, which runs until
        // it waits for the engine); finding the modules and compiling the resolve tool's
        // schema happen on this thread while the engine builds its runtime.
        let (discovery, config) = (options.discovery.clone(), options.config.clone());
        let discovered = options.discovered.take();
        let (started, found) = tokio::join!(Session::start(options), async {
            let found = discovered.unwrap_or_else(|| discovery::discover(&discovery, &config));
            crate::pending::resolve_tool::warm_up();
            found
        });
        let mut session = started?;
        session.loader.apply_permissions(&found);
        session.modules = session.loader.load_all_replacing_wedged(&found).await;
        session.registry = registry_of(&session.modules, &session.config);
        session.tool_changes.refresh(session.registry.tools_view());
        session.engine.resume_serving();
        Ok(session)
    }

    /// A session with exactly one module (for `omp-host check`).
    pub(crate) async fn open_single(options: SessionOptions, path: &Path) -> Result<Session, String> {
        let mut session = Session::start(options).await?;
        let source = ToolSource {
            provider: "config",
            provider_name: "Configured path",
            level: "config",
        };
        let path = crate::paths::normalize(&session.cwd.join(path));
        let path = if path.is_dir() { discovery::find_index(&path).unwrap_or(path) } else { path };
        let item = DiscoveredPath { path, source };
        session.loader.apply_permissions(std::slice::from_ref(&item));
        let module = session.loader.load(&item, 0).await;
        module.errors.iter().cloned().for_each(|e| session.registry.add_error(e));
        module.tools.iter().cloned().for_each(|t| session.registry.add(t));
        session.modules.push(module);
        session.tool_changes.refresh(session.registry.tools_view());
        Ok(session)
    }

    async fn start(options: SessionOptions) -> Result<Session, String> {
        let log = HostLog::in_dir(crate::paths::data_dir().join("logs"));
        let pending = PendingQueue::new();
        let file_limit = options.config.session_file_limit_mb.unwrap_or(crate::session_log::DEFAULT_FILE_LIMIT_MB);
        let sessions_dir = crate::paths::data_dir().join("sessions");
        let session_log = SessionLog::open(&options.source, &options.cwd, &sessions_dir)
            .map_err(|e| e.to_string())?
            .limit_file_to(file_limit.saturating_mul(1024 * 1024));
        if session_log.writes() {
            prune_sessions(&sessions_dir, &options.config, session_log.file());
        }
        let turn_aborts = TurnAborts::default();
        let nested_calls = crate::ext::host::nested_calls::NestedCalls::default();
        let ui = options.ui.clone();
        let tool_changes = crate::tool_changes::ToolChanges::default();
        // Everything, until `open` knows the tool folders and puts the config's policy in force
        // (before any module loads).
        let permissions = if options.learn_permissions {
            crate::permissions::Permissions::learn(crate::permissions::Policy::nothing(&options.cwd))
        } else {
            crate::permissions::Permissions::enforce(crate::permissions::Policy::all(), Some(log.clone()))
        };
        let engine = Engines::start(EngineOptions {
            pending: pending.clone(),
            ui: ui.clone(),
            tools: tool_changes.clone(),
            cwd: options.cwd.clone(),
            cache: options.cache.clone(),
            log: log.clone(),
            heap_limit: options.heap_limit,
            log_tap: options.log_tap.clone(),
            turn_aborts: turn_aborts.clone(),
            nested_calls: nested_calls.clone(),
            wedged_after: crate::stop::watchdog::WedgedAfter::new(options.config.wedged_after()),
            permissions: permissions.clone(),
        })
        .await
        .map_err(|e| format!("the JavaScript engine failed to start: {e}"))?;
        let session_id = session_log.id().to_string();
        let loader = ToolLoader::new(
            engine.clone(),
            options.config.clone(),
            log.clone(),
            options.cwd.clone(),
            options.heap_limit,
            permissions,
        );
        let session = Session {
            engine,
            registry: Registry::default(),
            config: options.config,
            log,
            cwd: options.cwd,
            session_id,
            session_log: Arc::new(session_log),
            turn_aborts,
            nested_calls,
            heap_limit: options.heap_limit,
            pending,
            loader,
            modules: Vec::new(),
            discovery: options.discovery,
            ui,
            tool_changes,
        };
        session.engine.attach_session_log(session.session_log.clone());
        session.engine.set_session_info(session.info());
        Ok(session)
    }

    /// The session facts tools see in `ctx`.
    pub(crate) fn info(&self) -> serde_json::Value {
        self.session_log.info(&self.cwd)
    }
}

/// Removes the session files past the retention the config sets (or the defaults), saying so.
fn prune_sessions(dir: &Path, config: &HostConfig, keep: Option<&Path>) {
    use crate::session_retention::{prune, DEFAULT_RETENTION_DAYS, DEFAULT_RETENTION_MB};
    let days = config.session_retention_days.unwrap_or(DEFAULT_RETENTION_DAYS);
    let mb = config.session_retention_mb.unwrap_or(DEFAULT_RETENTION_MB);
    let pruned = prune(
        dir,
        std::time::Duration::from_secs(days.saturating_mul(86_400)),
        mb.saturating_mul(1024 * 1024),
        keep,
    );
    if pruned.files > 0 {
        crate::host_eprintln!(
            "omp-host: removed {} session file(s) ({} KiB) from {}: older than {days} days or past {mb} MiB (sessionRetentionDays, sessionRetentionMb)",
            pruned.files,
            pruned.bytes / 1024,
            dir.display()
        );
    }
}
