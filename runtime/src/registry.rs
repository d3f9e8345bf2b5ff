//! The tools a session has loaded, by name, and the load errors met on the way. Enforces
//! omp's name rule: the first tool with a name wins and later ones get the conflict error.

use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;
use std::sync::Arc;

use serde::Serialize;
use serde_json::{json, Value};

pub(crate) use crate::bridge::declared::{Approval, DeclaredConcurrency, Exposure, SchemaKind};
pub(crate) use crate::bridge::source_location::SourceLocation;
use crate::config::ExecuteOrder;
use crate::discovery::ToolSource;

/// Names the host itself owns, so no custom tool may take them.
pub(crate) const RESERVED_NAMES: &[&str] = &["resolve"];

/// What runs a tool's calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Runs {
    /// The tool module's `execute`, in the engine.
    #[default]
    Module,
    /// The host's own `resolve` (the pending-action queue).
    Resolve,
}

/// A loaded tool as the Rust side knows it (`tool_view` shows it to clients).
#[derive(Debug, Clone)]
pub(crate) struct ToolEntry {
    /// Set for the host's own tools (`resolve`).
    pub runs: Runs,
    /// The tool's index on the JavaScript side.
    pub js_id: u32,
    /// The engine that loaded the tool (`js_id` means something only there); 0 for the
    /// host's own tools.
    pub engine: u64,
    pub name: String,
    pub label: String,
    pub description: String,
    /// The JSON Schema the model sees.
    pub parameters: Value,
    pub schema_kind: SchemaKind,
    /// pi's `outputSchema`: the JSON Schema of `structuredContent` in the tool's results.
    pub output_schema: Option<Value>,
    /// `output_schema` compiled once when the tool loaded (MCP checks results against it).
    pub output_validator: Option<Arc<crate::schema::CompiledSchema>>,
    pub execute_order: ExecuteOrder,
    pub hidden: bool,
    pub deferrable: bool,
    pub approval: Option<Approval>,
    pub concurrency: Option<DeclaredConcurrency>,
    /// Which end of over-long output to keep (head unless the tool says `tail`).
    pub truncate: Option<crate::result::Keep>,
    pub has_on_session: bool,
    pub exposure: Exposure,
    /// Active from the start (pi's `defaultActive`, true unless the tool says false).
    pub default_active: bool,
    /// pi's one-line entry for a system prompt's tool list, and its rules for the model.
    pub prompt_snippet: Option<String>,
    pub prompt_guidelines: Vec<String>,
    /// MCP-style hints the tool declared (pi's `annotations`); they win over the ones the
    /// host derives from the approval tier.
    pub annotations: Option<Value>,
    /// For a tool a pi extension registered: what else the extension did with its API.
    pub extension: Option<Arc<crate::bridge::ExtensionFacts>>,
    /// The tool's argument validator, compiled once when it loaded.
    pub validator: Option<std::sync::Arc<crate::schema::CompiledSchema>>,
    /// The tool has pi's `prepareArguments`: the engine runs it on a call's arguments before
    /// they are validated.
    pub prepares_arguments: bool,
    /// The module path as discovered, and as resolved.
    pub path: PathBuf,
    pub resolved_path: PathBuf,
    pub source: ToolSource,
}

impl ToolEntry {
    /// The `outputSchema` MCP lists for the tool: `Ok(None)` when it declares none, `Err` with
    /// the reason when MCP cannot take the one it declares (MCP requires an object schema at
    /// its root).
    pub(crate) fn mcp_output_schema(&self) -> Result<Option<Arc<serde_json::Map<String, Value>>>, String> {
        let Some(schema) = &self.output_schema else {
            return Ok(None);
        };
        match schema {
            Value::Object(map) if map.get("type").and_then(Value::as_str) == Some("object") => Ok(Some(Arc::new(map.clone()))),
            _ => Err(format!(
                "the outputSchema of tool \"{}\" is not listed to MCP clients: MCP requires an object schema (\"type\": \"object\") at its root",
                self.name
            )),
        }
    }

    /// The tool as the engine that loaded it knows it.
    pub(crate) fn tool_ref(&self) -> crate::engine::ToolRef {
        crate::engine::ToolRef {
            engine: self.engine,
            id: self.js_id,
        }
    }

    /// Whether the tool is declared to the model before anything changes the active set.
    pub(crate) fn starts_active(&self) -> bool {
        self.default_active && matches!(self.exposure, Exposure::Direct | Exposure::ModelOnly)
    }

    /// The host's own `resolve` (contract 8.1): hidden, strict, validated like every tool, and
    /// exclusive, since applying a previewed change should not overlap other tools' work.
    pub(crate) fn resolve() -> ToolEntry {
        use crate::pending::resolve_tool;
        ToolEntry {
            runs: Runs::Resolve,
            label: "Resolve".into(),
            description: resolve_tool::DESCRIPTION.into(),
            parameters: resolve_tool::parameters(),
            hidden: true,
            approval: Some(Approval::Declared(json!("read"))),
            concurrency: Some(DeclaredConcurrency::Exclusive),
            validator: Some(resolve_tool::validator()),
            source: ToolSource {
                provider: "builtin",
                provider_name: "omp-host",
                level: "builtin",
            },
            ..ToolEntry::missing(resolve_tool::NAME)
        }
    }

    /// A stand-in for a tool that does not exist (for "Tool X not found" results).
    pub(crate) fn missing(name: &str) -> ToolEntry {
        ToolEntry {
            runs: Runs::Module,
            js_id: u32::MAX,
            engine: 0,
            name: name.to_string(),
            label: name.to_string(),
            description: String::new(),
            parameters: Value::Null,
            schema_kind: SchemaKind::Json,
            output_schema: None,
            output_validator: None,
            execute_order: ExecuteOrder::Omp,
            hidden: false,
            deferrable: false,
            approval: None,
            concurrency: None,
            truncate: None,
            has_on_session: false,
            exposure: Exposure::Direct,
            default_active: true,
            prompt_snippet: None,
            prompt_guidelines: Vec::new(),
            annotations: None,
            extension: None,
            validator: None,
            prepares_arguments: false,
            path: PathBuf::new(),
            resolved_path: PathBuf::new(),
            source: ToolSource {
                provider: "",
                provider_name: "",
                level: "",
            },
        }
    }
}

/// omp's `ToolLoadError`, plus where in the source the problem is when known.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct LoadError {
    pub path: PathBuf,
    #[serde(rename = "resolvedPath")]
    pub resolved_path: PathBuf,
    pub error: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub location: Option<SourceLocation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<ToolSource>,
}

impl LoadError {
    /// `file:line:col: message` where the place in the source is known, else `path: message`.
    pub(crate) fn text(&self) -> String {
        match &self.location {
            Some(location) => format!("{location}: {}", self.error),
            None => format!("{}: {}", self.path.display(), self.error),
        }
    }
}

#[derive(Debug, Default)]
pub(crate) struct Registry {
    tools: Vec<Arc<ToolEntry>>,
    by_name: HashMap<String, usize>,
    errors: Vec<LoadError>,
    /// The active set an extension chose (`pi.setActiveTools`); None: each tool's own default.
    chosen: Option<BTreeSet<String>>,
    /// pi extensions' session handlers (`pi.on("session_start")`, …), which the engine keeps
    /// apart from any tool.
    session_handlers: Vec<crate::engine::ToolRef>,
}

impl Registry {
    /// The tools as pi's `getAllTools` describes them, each with its exposure and whether it
    /// is active (the view `ToolChanges` keeps for the tools).
    pub(crate) fn tools_view(&self) -> Vec<(Value, Exposure, bool)> {
        self.module_tools()
            .map(|tool| {
                let mut info = json!({
                    "name": tool.name,
                    "description": tool.description,
                    "parameters": tool.parameters,
                    "promptGuidelines": tool.prompt_guidelines,
                    "exposure": tool.exposure,
                    "sourceInfo": { "path": tool.resolved_path, "source": tool.source.provider, "scope": tool.source.level, "origin": "top-level" },
                });
                if let Some(annotations) = &tool.annotations {
                    info["annotations"] = annotations.clone();
                }
                if let Some(output_schema) = &tool.output_schema {
                    info["outputSchema"] = output_schema.clone();
                }
                (info, tool.exposure, self.is_active(tool))
            })
            .collect()
    }

    /// Adds `tool`, or records the conflict error when its name is taken.
    pub(crate) fn add(&mut self, tool: ToolEntry) {
        if RESERVED_NAMES.contains(&tool.name.as_str()) || self.by_name.contains_key(&tool.name) {
            self.errors.push(LoadError {
                path: tool.path.clone(),
                resolved_path: tool.resolved_path.clone(),
                error: format!("Tool name \"{}\" conflicts with existing tool", tool.name),
                location: None,
                source: Some(tool.source.clone()),
            });
            return;
        }
        self.by_name.insert(tool.name.clone(), self.tools.len());
        self.tools.push(Arc::new(tool));
    }

    /// Adds one of the host's own tools (its name is reserved for it).
    pub(crate) fn add_builtin(&mut self, tool: ToolEntry) {
        self.by_name.insert(tool.name.clone(), self.tools.len());
        self.tools.push(Arc::new(tool));
    }

    /// Adds an extension's session handlers (a slot on the engine side, like a tool's).
    pub(crate) fn add_session_handler(&mut self, handler: crate::engine::ToolRef) {
        self.session_handlers.push(handler);
    }

    /// What gets session events: the tools with `onSession`, then the extensions' handlers.
    pub(crate) fn session_targets(&self) -> Vec<crate::engine::ToolRef> {
        let tools = self.tools.iter().filter(|t| t.has_on_session).map(|t| t.tool_ref());
        tools.chain(self.session_handlers.iter().copied()).collect()
    }

    /// Uses the active set an extension chose (None: each tool's default).
    pub(crate) fn choose_active(&mut self, chosen: Option<BTreeSet<String>>) {
        self.chosen = chosen;
    }

    /// Whether `tool` is declared to the model (listed, and callable by it). The host's own
    /// tools always are.
    pub(crate) fn is_active(&self, tool: &ToolEntry) -> bool {
        if tool.runs != Runs::Module {
            return true;
        }
        match &self.chosen {
            Some(chosen) => tool.exposure != Exposure::Hidden && chosen.contains(&tool.name),
            None => tool.starts_active(),
        }
    }

    /// Why the model may not call `tool` now, when it may not.
    pub(crate) fn why_inactive(&self, tool: &ToolEntry) -> Option<String> {
        if self.is_active(tool) {
            return None;
        }
        Some(match (tool.exposure, &self.chosen) {
            (Exposure::Hidden, _) => "it is registered with exposure \"hidden\"".to_string(),
            (_, Some(_)) => "an extension left it out of the active tools (pi.setActiveTools)".to_string(),
            (Exposure::Direct | Exposure::ModelOnly, None) => "it is registered with defaultActive: false".to_string(),
            (exposure, None) => format!("it is registered with exposure \"{}\", which pi.setActiveTools must activate", exposure.name()),
        })
    }

    /// Why another tool may not call `tool` now (pi's `ctx.executeTool`), when it may not.
    pub(crate) fn why_not_callable_by_tools(&self, tool: &ToolEntry) -> Option<String> {
        if tool.runs != Runs::Module {
            return Some("it is the host's own tool, which only the agent calls".into());
        }
        let active = self.is_active(tool);
        if tool.exposure.callable_by_tools(active) {
            return None;
        }
        Some(match tool.exposure {
            Exposure::Direct => self.why_inactive(tool).unwrap_or_default(),
            exposure => format!("it is registered with exposure \"{}\", which other tools cannot call", exposure.name()),
        })
    }

    /// The tools front ends list: the active ones.
    pub(crate) fn listed(&self) -> impl Iterator<Item = &Arc<ToolEntry>> {
        self.tools.iter().filter(|t| self.is_active(t))
    }

    pub(crate) fn add_error(&mut self, error: LoadError) {
        self.errors.push(error);
    }

    pub(crate) fn get(&self, name: &str) -> Option<&Arc<ToolEntry>> {
        self.by_name.get(name).map(|&i| &self.tools[i])
    }

    pub(crate) fn tools(&self) -> &[Arc<ToolEntry>] {
        &self.tools
    }

    /// The listed tools that came from tool modules (not the host's own).
    pub(crate) fn listed_module_tools(&self) -> impl Iterator<Item = &Arc<ToolEntry>> {
        self.listed().filter(|t| t.runs == Runs::Module)
    }

    /// The tools that came from tool modules (not the host's own).
    pub(crate) fn module_tools(&self) -> impl Iterator<Item = &Arc<ToolEntry>> {
        self.tools.iter().filter(|t| t.runs == Runs::Module)
    }

    pub(crate) fn errors(&self) -> &[LoadError] {
        &self.errors
    }

    /// The load error of the module a tool called `name` most likely came from: a file named
    /// after it (`name.ts`, `name/index.ts`).
    pub(crate) fn load_error_named(&self, name: &str) -> Option<&LoadError> {
        let named_after = |path: &std::path::Path| {
            let stem = path.file_stem().and_then(|s| s.to_str());
            let stem = if stem == Some("index") {
                path.parent().and_then(|p| p.file_name()).and_then(|s| s.to_str())
            } else {
                stem
            };
            stem == Some(name)
        };
        self.errors.iter().find(|e| named_after(&e.path))
    }

    /// What follows `Tool <name> not found` (omp's words) so the reader learns why: the load
    /// error of the module named after it, or every load error, or nothing.
    pub(crate) fn why_missing(&self, name: &str) -> String {
        if let Some(error) = self.load_error_named(name) {
            return format!(": its module failed to load: {}", error.text());
        }
        self.load_errors_summary().map_or_else(String::new, |summary| format!("; {summary}"))
    }

    /// `N tool module(s) failed to load: <each error>`, when any did.
    pub(crate) fn load_errors_summary(&self) -> Option<String> {
        if self.errors.is_empty() {
            return None;
        }
        let texts: Vec<String> = self.errors.iter().map(LoadError::text).collect();
        Some(format!("{} tool module(s) failed to load: {}", self.errors.len(), texts.join("; ")))
    }
}
