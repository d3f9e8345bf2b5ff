//! Loads one discovered tool module into the engine and turns what its factory returned into
//! registry entries and load errors (a `LoadedModule`). Used at session start and by hot
//! reload, which loads a changed module again under a fresh module URL (`version`).

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::bridge::declared::Approval;
use crate::bridge::{LoadFailure, ModuleReply, ToolDescriptor};
use crate::config::HostConfig;
use crate::discovery::{DiscoveredPath, MODULE_EXTENSIONS};
use crate::engine::lanes::{lane_of, Engines};
use crate::log::HostLog;
use crate::registry::{LoadError, Registry, SourceLocation, ToolEntry};

/// omp has no load time limit; a generous one keeps a stuck module from hanging the host.
const DEFAULT_LOAD_TIMEOUT_MS: u64 = 30_000;

/// What loading one module gave: its tools and its errors, in the order omp reports them.
#[derive(Debug, Clone)]
pub(crate) struct LoadedModule {
    pub item: DiscoveredPath,
    /// The module path, absolute.
    pub resolved: PathBuf,
    pub tools: Vec<ToolEntry>,
    pub errors: Vec<LoadError>,
    /// The whole module failed (it did not import, or its factory threw), as opposed to
    /// single entries failing.
    pub failed: bool,
    /// Its load wedged the engine (its code could not be stopped at its time limit).
    pub wedged_engine: bool,
    /// A pi extension's session handlers, as the engine that loaded it keeps them.
    pub session_handler: Option<crate::engine::ToolRef>,
    /// The engine it was loaded into (its number says its lane: `engine::lanes`).
    pub engine: u64,
}

/// The engine's answer to a queued load, still to come.
type PendingReply = std::pin::Pin<Box<dyn std::future::Future<Output = Result<ModuleReply, LoadFailure>> + Send>>;

/// A load that has been queued (or refused before it reached the engine: `reply` is the
/// error message then).
struct StartedLoad {
    item: DiscoveredPath,
    resolved: PathBuf,
    /// 0 for a first load, else the hot reload's number.
    version: u64,
    /// The engine the load went to.
    engine: u64,
    reply: Result<PendingReply, String>,
}

/// Loads modules into one session's engines (each into the engine of its permissions).
#[derive(Clone)]
pub(crate) struct ToolLoader {
    pub engine: Engines,
    pub config: HostConfig,
    pub log: HostLog,
    pub cwd: PathBuf,
    /// The JavaScript heap limit in bytes.
    pub heap_limit: usize,
    /// The engine's permissions, resolved again whenever the modules or the config change.
    pub permissions: crate::permissions::Permissions,
    loads: u64,
}

impl ToolLoader {
    pub(crate) fn new(
        engine: Engines,
        config: HostConfig,
        log: HostLog,
        cwd: PathBuf,
        heap_limit: usize,
        permissions: crate::permissions::Permissions,
    ) -> ToolLoader {
        ToolLoader {
            engine,
            config,
            log,
            cwd,
            heap_limit,
            permissions,
            loads: 0,
        }
    }

    /// Puts in force the policy the config gives tools loaded from `items` (the `project`
    /// preset reaches their folders); called before they load.
    pub(crate) fn apply_permissions(&self, items: &[DiscoveredPath]) {
        if self.permissions.is_learning() {
            return;
        }
        let modules: Vec<PathBuf> = items.iter().map(|item| self.resolve(item)).collect();
        let policy = crate::permissions::for_session(&self.config.permissions, &self.cwd, &modules);
        if *self.permissions.policy() != policy {
            self.permissions.set_policy(policy);
        }
    }

    /// The engine (lane) the module at `resolved` loads into: the one of the policy its
    /// `permissions.modules` key gives, or the default engine; why not, if that engine could
    /// not start.
    async fn lane_for(&self, resolved: &Path) -> Result<usize, String> {
        if self.permissions.is_learning() {
            return Ok(0);
        }
        match crate::permissions::for_module(&self.config.permissions, &self.cwd, resolved) {
            None => Ok(0),
            Some(policy) => self
                .engine
                .lane_for(&policy)
                .await
                .map_err(|e| format!("Failed to load tool: the JavaScript engine for its permissions could not start: {e}")),
        }
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

    fn wedged_message(&self, engine: u64) -> String {
        format!(
            "Failed to load tool: importing the module and running its factory took longer than {} ms, and its code could not be stopped (for {} ms it did not look for interrupts: a loop of long builtin calls, or a system call nothing ends), so the JavaScript engine was replaced and the module left out",
            self.load_timeout().as_millis(),
            self.engine.lane(lane_of(engine)).wedged_within().as_millis()
        )
    }

    /// A discovered path made absolute against the session's folder.
    pub(crate) fn resolve(&self, item: &DiscoveredPath) -> PathBuf {
        crate::paths::normalize(&self.cwd.join(&item.path))
    }

    /// Logs a load error as omp does (`Custom tool load failed`).
    fn log_error(&self, error: &LoadError) {
        self.log.write(
            "error",
            "Custom tool load failed",
            Some(&serde_json::json!({ "path": error.path, "error": error.error })),
        );
    }

    /// Loads one discovered module. `version` 0 is the first load; a reload passes a new
    /// version so the engine imports the file afresh instead of reusing its cached module.
    pub(crate) async fn load(&mut self, item: &DiscoveredPath, version: u64) -> LoadedModule {
        let lane = self.lane_for(&self.resolve(item)).await;
        let started = self.begin(item, version, lane);
        self.finish(started).await
    }

    /// Loads `items` in order. Every load is queued at once, so the engine goes from one
    /// module to the next without waiting for this side, which meanwhile compiles the
    /// schemas of the modules already loaded.
    pub(crate) async fn load_all(&mut self, items: &[DiscoveredPath]) -> Vec<LoadedModule> {
        // The engines of the modules' own policies start side by side, before the loads.
        if !self.permissions.is_learning() {
            let policies: Vec<_> = items
                .iter()
                .filter_map(|item| crate::permissions::for_module(&self.config.permissions, &self.cwd, &self.resolve(item)))
                .collect();
            if let Err(e) = self.engine.start_lanes(&policies).await {
                crate::host_eprintln!("omp-host: {e}");
            }
        }
        let mut lanes = Vec::with_capacity(items.len());
        for item in items {
            lanes.push(self.lane_for(&self.resolve(item)).await);
        }
        let started: Vec<StartedLoad> = items.iter().zip(lanes).map(|(item, lane)| self.begin(item, 0, lane)).collect();
        let mut modules = Vec::with_capacity(started.len());
        for load in started {
            modules.push(self.finish(load).await);
        }
        modules
    }

    /// Loads `items` in order (`load_all`); when one's load wedges its engine, that engine is
    /// replaced, the module is left out with the reason, and the other modules of that engine
    /// load again into the new one. Every module is left out at most once, so this ends.
    pub(crate) async fn load_all_replacing_wedged(&mut self, items: &[DiscoveredPath]) -> Vec<LoadedModule> {
        let mut left_out: Vec<LoadedModule> = Vec::new();
        let mut loaded = self.load_all(items).await;
        while let Some(index) = loaded.iter().position(|m| m.wedged_engine) {
            let lane = lane_of(loaded[index].engine);
            left_out.push(loaded.swap_remove(index));
            if self.engine.lane(lane).restart().await.is_err() {
                break;
            }
            let again: Vec<DiscoveredPath> = loaded.iter().filter(|m| lane_of(m.engine) == lane).map(|m| m.item.clone()).collect();
            loaded.retain(|m| lane_of(m.engine) != lane);
            loaded.extend(self.load_all(&again).await);
        }
        // In discovery order, the modules left out among the others.
        items
            .iter()
            .filter_map(|item| {
                let from = |modules: &mut Vec<LoadedModule>| modules.iter().position(|m| m.item == *item).map(|i| modules.remove(i));
                from(&mut loaded).or_else(|| from(&mut left_out))
            })
            .collect()
    }

    /// Checks that `item` is a module this host can run and queues its load in the engine.
    fn begin(&mut self, item: &DiscoveredPath, version: u64, lane: Result<usize, String>) -> StartedLoad {
        let resolved = self.resolve(item);
        let ext = resolved.extension().and_then(|e| e.to_str()).unwrap_or("").to_string();
        let engine = self.engine.lane(*lane.as_ref().unwrap_or(&0));
        // An item that stands for a problem in pi's settings.json (`pi_settings`) is reported
        // as the settings say now.
        let settings_problem = if item.source.provider == crate::discovery::pi_settings::PROBLEM_PROVIDER {
            crate::discovery::pi_settings::problem(&resolved, &self.cwd)
        } else {
            None
        };
        let refused = if let Err(why) = &lane {
            Some(why.clone())
        } else if settings_problem.is_some() {
            settings_problem
        } else if ext == "md" || ext == "json" {
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
        let reply = match refused {
            Some(message) => Err(message),
            None => {
                self.loads += 1;
                let key = format!("load:{}", self.loads);
                Ok(Box::pin(engine.load(resolved.clone(), version, key, self.load_timeout())) as PendingReply)
            }
        };
        StartedLoad {
            item: item.clone(),
            resolved,
            version,
            engine: engine.generation(),
            reply,
        }
    }

    /// Waits for a queued load and turns the factory's answer into entries and errors.
    async fn finish(&self, started: StartedLoad) -> LoadedModule {
        let StartedLoad {
            item,
            resolved,
            version,
            engine,
            reply,
        } = started;
        let mut module = LoadedModule {
            item: item.clone(),
            resolved: resolved.clone(),
            tools: Vec::new(),
            errors: Vec::new(),
            failed: false,
            wedged_engine: false,
            session_handler: None,
            engine,
        };
        let outcome = match reply {
            Err(message) => Err(Box::new(load_error(&item, &resolved, message, None))),
            Ok(reply) => {
                let reply = reply.await;
                module.wedged_engine = matches!(reply, Err(LoadFailure::EngineWedged { culprit: true }));
                self.module_entries(&item, &resolved, version, engine, reply, &mut module.errors)
            }
        };
        match outcome {
            Ok((tools, session_handler)) => {
                module.tools = tools;
                module.session_handler = session_handler;
            }
            Err(error) => {
                let error = *error;
                self.log_error(&error);
                module.errors.push(error);
                module.failed = true;
            }
        }
        module
    }

    /// What the engine answered for a module's import and factory. A failure of the whole
    /// module is the error; failures of single entries go to `errors` and the other entries
    /// still load.
    fn module_entries(
        &self,
        item: &DiscoveredPath,
        resolved: &Path,
        version: u64,
        engine: u64,
        reply: Result<ModuleReply, LoadFailure>,
        errors: &mut Vec<LoadError>,
    ) -> Result<(Vec<ToolEntry>, Option<crate::engine::ToolRef>), Box<LoadError>> {
        let fail = |error: String, location: Option<SourceLocation>| Box::new(load_error(item, resolved, error, location));
        let reply = match reply {
            Ok(reply) => reply,
            Err(LoadFailure::Threw { message, location }) => {
                // A name the host's copy of a pi package lacks: say why the copy served it.
                let hint = location
                    .as_ref()
                    .and_then(|at| crate::loader::pi_install::missing_name_hint(&message, Path::new(&at.file)));
                return Err(fail(format!("Failed to load tool: {message}{}", hint.unwrap_or_default()), location));
            }
            Err(LoadFailure::TimedOut) => return Err(fail(self.load_timeout_message(), None)),
            Err(LoadFailure::EngineWedged { culprit: true }) => return Err(fail(self.wedged_message(engine), None)),
            Err(LoadFailure::EngineWedged { culprit: false }) => {
                return Err(fail(
                    "Failed to load tool: the JavaScript engine was replaced while the module loaded (another job's code could not be stopped)".into(),
                    None,
                ))
            }
            Err(LoadFailure::NeverSettled) => {
                return Err(fail(
                    "Failed to load tool: the module's top-level await or its factory never settled".into(),
                    None,
                ))
            }
            Err(LoadFailure::HeapLimit) => {
                let mut message = format!(
                    "Failed to load tool: loading the module ran out of memory (JavaScript heap limit of {} MB)",
                    self.heap_limit >> 20
                );
                if version > 0 {
                    // Every version hot reload loaded is still in the heap, with what its
                    // module keeps at its top level.
                    message.push_str(&format!(
                        "; this host has loaded {version} module versions by hot reload, and a JavaScript engine cannot unload a module: restart the host to free them"
                    ));
                }
                return Err(fail(message, None));
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
        let mut record = |error: LoadError| {
            self.log_error(&error);
            errors.push(error);
        };
        for entry_error in &reply.errors {
            record(*fail(entry_error.message.clone(), None));
        }
        // Read from the file once, and only if some tool's parameter names leave it open.
        let pi_era = std::cell::OnceCell::new();
        let pi_era = || *pi_era.get_or_init(|| crate::execute_order::imports_pi_era_packages(resolved));
        let extension = reply.extension.map(std::sync::Arc::new);
        let mut entries = Vec::new();
        for tool in reply.tools {
            let extension = extension.clone().filter(|_| tool.registered);
            match entry_from(&self.config, tool, engine, item, resolved, &pi_era, extension) {
                Ok(entry) => {
                    self.note_unlisted_output_schema(&entry);
                    entries.push(entry);
                }
                Err(error) => record(*fail(error, None)),
            }
        }
        let session_handler = reply.session_handler.map(|id| crate::engine::ToolRef { engine, id });
        Ok((entries, session_handler))
    }

    /// The registry entry for a tool module `module`'s extension registered after its load
    /// (`pi.registerTool` from an event handler or a tool), on engine `engine`.
    pub(crate) fn late_entry(&self, module: &LoadedModule, tool: ToolDescriptor, engine: u64) -> Result<ToolEntry, Box<LoadError>> {
        // A late registration is always pi's API: a tool registered only from `session_start`
        // is an extension's tool (pi's argument rules) though none was registered at load.
        let extension = module
            .tools
            .iter()
            .find_map(|t| t.extension.clone())
            .or_else(|| Some(std::sync::Arc::default()));
        let pi_era = || true;
        let entry = entry_from(&self.config, tool, engine, &module.item, &module.resolved, &pi_era, extension)
            .map_err(|error| Box::new(load_error(&module.item, &module.resolved, error, None)))?;
        self.note_unlisted_output_schema(&entry);
        Ok(entry)
    }

    /// Logs why MCP clients are not shown a tool's `outputSchema`, when they are not.
    fn note_unlisted_output_schema(&self, entry: &ToolEntry) {
        if let Err(why) = entry.mcp_output_schema() {
            self.log.write(
                "warn",
                "Tool outputSchema not listed over MCP",
                Some(&serde_json::json!({ "tool": entry.name, "reason": why })),
            );
        }
    }
}

/// The registry entry for one tool that engine `engine` loaded: its wire schema (contract
/// 5.1 for zod), its validator compiled now so no call ever compiles a schema, and its
/// execute order.
fn entry_from(
    config: &HostConfig,
    mut tool: ToolDescriptor,
    engine: u64,
    item: &DiscoveredPath,
    resolved: &Path,
    pi_era: &dyn Fn() -> bool,
    extension: Option<std::sync::Arc<crate::bridge::ExtensionFacts>>,
) -> Result<ToolEntry, String> {
    let declared = tool.parameters.0;
    let (parameters, validation) = if tool.schema_kind == crate::registry::SchemaKind::Zod {
        let wire = crate::schema::wire_schema_from_zod(declared);
        // A zod the host did not build (npm's zod 4, through its own toJSONSchema) gives only
        // its output view, which lists defaulted keys as required: calls are validated
        // against the wire schema the model sees, where they are optional (and filled in).
        let validation = tool.validation.map(|v| v.0).unwrap_or_else(|| wire.clone());
        (wire, validation)
    } else {
        // Validate as omp's zod-backed TypeBox shim would: a property with a default may
        // be left out (it is filled in). The other 5.1 transforms keep the meaning.
        let validation = crate::schema::wire_schema_from_zod(declared.clone());
        (declared, validation)
    };
    let validator = crate::schema::CompiledSchema::compile(&validation).map_err(|e| format!("Failed to load tool: tool \"{}\" has an {e}", tool.name))?;
    let (output_schema, output_validator) = output_schema_of(&tool.name, tool.output_schema.take())?;
    let configured = config
        .tool_settings
        .get(&tool.name)
        .and_then(|s| s.execute_order)
        .or_else(|| config.modules.get(resolved).and_then(|m| m.execute_order));
    // A tool registered through pi's ExtensionAPI is pi's when its parameter names do not tell.
    let execute_order = crate::execute_order::decide(configured, &tool.execute_params, || tool.registered || pi_era());
    Ok(ToolEntry {
        runs: crate::registry::Runs::Module,
        js_id: tool.id,
        engine,
        name: tool.name,
        label: tool.label,
        description: tool.description,
        parameters,
        schema_kind: tool.schema_kind,
        output_schema,
        output_validator,
        execute_order,
        hidden: tool.hidden,
        deferrable: tool.deferrable,
        approval: match (tool.approval_per_call, tool.approval) {
            (true, _) => Some(Approval::PerCall),
            (false, declared) => declared.map(|a| Approval::Declared(a.0)),
        },
        concurrency: tool.concurrency,
        truncate: tool.truncate,
        has_on_session: tool.has_on_session,
        exposure: tool.exposure,
        default_active: tool.default_active,
        prompt_snippet: tool.prompt_snippet,
        prompt_guidelines: tool.prompt_guidelines,
        annotations: tool.annotations.map(|a| a.0).filter(serde_json::Value::is_object),
        extension,
        validator: Some(std::sync::Arc::new(validator)),
        prepares_arguments: tool.prepares_arguments,
        path: item.path.clone(),
        resolved_path: resolved.to_path_buf(),
        source: item.source.clone(),
    })
}

/// A tool's `outputSchema` as JSON Schema, and compiled.
type OutputSchema = (Option<serde_json::Value>, Option<std::sync::Arc<crate::schema::CompiledSchema>>);

/// A tool's `outputSchema` as clients see it (a zod one as its parameters would be) and
/// compiled, so every result is checked without compiling; a schema the validator refuses is
/// the tool's load error.
fn output_schema_of(name: &str, declared: Option<crate::bridge::OutputSchemaDescriptor>) -> Result<OutputSchema, String> {
    let Some(declared) = declared else {
        return Ok((None, None));
    };
    let schema = match declared.kind {
        crate::registry::SchemaKind::Zod => crate::schema::wire_schema_from_zod(declared.schema.0),
        crate::registry::SchemaKind::Json => declared.schema.0,
    };
    let validator = crate::schema::CompiledSchema::compile(&schema).map_err(|e| {
        let at = if e.location.is_empty() {
            String::new()
        } else {
            format!(" at {}", e.location)
        };
        format!("Failed to load tool: tool \"{name}\" has an invalid outputSchema{at}: {}", e.reason)
    })?;
    Ok((Some(schema), Some(std::sync::Arc::new(validator))))
}

/// omp's `ToolLoadError` for a discovered module.
fn load_error(item: &DiscoveredPath, resolved: &Path, error: String, location: Option<SourceLocation>) -> LoadError {
    LoadError {
        path: item.path.clone(),
        resolved_path: resolved.to_path_buf(),
        error,
        location,
        source: Some(item.source.clone()),
    }
}

/// The registry of `modules`, in their order: each module's errors then its tools (a later
/// tool whose name is taken gets the conflict error), then the `toolSettings` check and the
/// host's own `resolve`.
pub(crate) fn registry_of(modules: &[LoadedModule], config: &HostConfig) -> Registry {
    let mut registry = Registry::default();
    for module in modules {
        module.errors.iter().cloned().for_each(|e| registry.add_error(e));
        module.tools.iter().cloned().for_each(|t| registry.add(t));
        if let Some(handler) = module.session_handler {
            registry.add_session_handler(handler);
        }
    }
    check_tool_settings(&mut registry, config);
    registry.add_builtin(ToolEntry::resolve());
    registry
}

/// A `toolSettings` entry naming no loaded tool is a typo until proven otherwise: it is
/// reported like a load error, naming the config file and the key.
fn check_tool_settings(registry: &mut Registry, config: &HostConfig) {
    let unknown: Vec<(String, PathBuf)> = config
        .tool_settings_files
        .iter()
        .filter(|(name, _)| registry.get(name).is_none())
        .map(|(name, file)| (name.clone(), file.clone()))
        .collect();
    for (name, file) in unknown {
        let loaded: Vec<&str> = registry.tools().iter().map(|t| t.name.as_str()).collect();
        let error = format!(
            "config file {}: toolSettings.{name} names no loaded tool (loaded: {})",
            file.display(),
            if loaded.is_empty() { "none".to_string() } else { loaded.join(", ") }
        );
        registry.add_error(LoadError {
            path: file.clone(),
            resolved_path: file,
            error,
            location: None,
            source: None,
        });
    }
}
