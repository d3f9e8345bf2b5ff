//! The command line: `omp-host list`, `omp-host call NAME --params JSON` and
//! `omp-host check PATH`, with the exit codes a shell user expects (0 ok, 1 failure,
//! 2 usage or not found).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::registry::{LoadError, ToolEntry};
use crate::session::Session;
use crate::session_args::{open_session, session_options, SessionArgs, SessionStoreArgs};

/// `omp-host --version`: the host's version and the engine it was built with.
static VERSION: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| format!("{} ({})", env!("CARGO_PKG_VERSION"), crate::engine::description()));

/// Examples, where tools are found, the environment and where the documentation is: what a
/// first-time user looks for in `--help`.
const AFTER_HELP: &str = "\
Examples:
  omp-host list                                   every tool found from here, and every load error
  omp-host call greet --params '{\"name\":\"Ada\"}'   run one tool once
  omp-host check .omp/tools/greet.ts              what is wrong with one module
  omp-host mcp --cwd /path/to/project             serve a project's tools to an MCP client
  omp-host mcp --listen 127.0.0.1:8700            serve them over HTTP at http://127.0.0.1:8700/mcp

Tools are found in <cwd>/.omp/tools, ~/.omp/agent/tools, ~/.claude/tools and <cwd>/.claude/tools,
~/.codex/tools and <cwd>/.codex/tools, <cwd>/.pi/tools and ~/.pi/agent/tools, pi extensions in
<cwd>/.pi/extensions and ~/.pi/agent/extensions and those pi's settings.json files name, plugin
packages, then --tool paths and the config's \"tools\". Config: ~/.config/omp-host/config.json,
<cwd>/.omp/omp-host.json, --config FILE.

Environment:
  OMP_HOST_DATA_DIR    sessions, logs and spilled output (default ~/.local/share/omp-host)
  OMP_HOST_CACHE_DIR   transpiled modules and code caches (default ~/.cache/omp-host)
  OMP_HOST_TOKEN       the bearer token `mcp --listen` requires of its clients
  PI_CODING_AGENT_DIR  omp's and pi's agent folder, as each reads it (defaults ~/.omp/agent and
                       ~/.pi/agent); OMP_PROFILE picks an omp profile
  XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_CACHE_HOME are honoured

Documentation: README.md and docs/ in the omp-host repository (docs/usage.md, docs/tools.md,
docs/protocol.md, docs/agents.md, docs/extensions.md).";

#[derive(Parser)]
#[command(
    name = "omp-host",
    version = VERSION.as_str(),
    about = "Runs oh-my-pi / pi custom tools in an embedded JavaScript engine",
    after_help = AFTER_HELP
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List every discovered tool and every load error.
    List {
        #[command(flatten)]
        session: SessionArgs,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Run one tool once and print its result (partial updates stream as they come).
    Call {
        /// The tool's name.
        name: String,
        /// The arguments, as a JSON object.
        #[arg(long, default_value = "{}")]
        params: String,
        #[command(flatten)]
        session: SessionArgs,
        /// Print JSON lines (events, then the result) instead of text.
        #[arg(long)]
        json: bool,
        /// Resolve the preview the call staged: apply it or discard it (without this, a
        /// staged preview is discarded at exit).
        #[arg(long, value_name = "apply|discard", value_parser = ["apply", "discard"])]
        resolve: Option<String>,
        /// The reason given to `resolve`.
        #[arg(long, requires = "resolve", default_value = "Resolved from the command line.")]
        reason: String,
        /// Run without the config's permissions and print (on stderr) the `permissions`
        /// config the tool's load and this call needed.
        #[arg(long)]
        learn_permissions: bool,
    },
    /// Serve tool calls as JSON lines on stdin/stdout (requests in, events out).
    Run {
        #[command(flatten)]
        session: SessionArgs,
        #[command(flatten)]
        store: SessionStoreArgs,
        /// Do not watch the tool files: a changed tool needs a restart.
        #[arg(long)]
        no_watch: bool,
        /// The client shows UI: tools see `pi.hasUI`, their questions become `ui_request`
        /// events answered with `ui_reply`, and the approval gate can prompt.
        #[arg(long)]
        ui: bool,
    },
    /// Serve the tools as a Model Context Protocol server on stdio (for MCP clients), or over
    /// Streamable HTTP with --listen.
    Mcp {
        #[command(flatten)]
        session: SessionArgs,
        #[command(flatten)]
        store: SessionStoreArgs,
        /// Do not watch the tool files: a changed tool needs a restart.
        #[arg(long)]
        no_watch: bool,
        /// Serve MCP over Streamable HTTP on this address (e.g. 127.0.0.1:8700) at /mcp, to
        /// any number of clients, instead of stdio. Other than loopback, authorization is
        /// required: a bearer token (OMP_HOST_TOKEN or the config's http.token) or OAuth
        /// access tokens (the config's http.oauth).
        #[arg(long, value_name = "ADDR")]
        listen: Option<String>,
        /// With --listen: serve HTTPS with this certificate chain (PEM; with --tls-key).
        #[arg(long, value_name = "PEM", requires_all = ["listen", "tls_key"])]
        tls_cert: Option<PathBuf>,
        /// With --listen: the certificate's private key (PEM).
        #[arg(long, value_name = "PEM", requires_all = ["listen", "tls_cert"])]
        tls_key: Option<PathBuf>,
    },
    /// Write a working tool to edit into <cwd>/.omp/tools/NAME.ts and say how to call it.
    New {
        /// The tool's name (letters, digits, '_' or '-').
        name: String,
        /// The project folder (default: the current directory).
        #[arg(long, value_name = "DIR")]
        cwd: Option<PathBuf>,
        /// Build the parameters with TypeBox instead of zod.
        #[arg(long)]
        typebox: bool,
    },
    /// Load one tool module and report what is wrong with it.
    Check {
        /// The module file or tool folder.
        path: PathBuf,
        #[command(flatten)]
        session: SessionArgs,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
        /// Load the module without the config's permissions and print the `permissions`
        /// config its load needs (what it read, wrote, connected to, ran and looked up).
        #[arg(long)]
        permissions: bool,
    },
}

/// Parses arguments and runs the command on a single-threaded tokio runtime.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    crate::panic_report::install(crate::log::HostLog::in_dir(crate::paths::data_dir().join("logs")));
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("tokio runtime");
    let code = runtime.block_on(run(cli));
    // A stdout writer blocked on a client that stopped reading (`StdoutTask::finish`) is not
    // waited for.
    runtime.shutdown_timeout(RUNTIME_SHUTDOWN);
    // What the host queued for stderr gets a bounded time to reach a client that reads it.
    crate::stderr::drain(STDERR_DRAIN);
    code
}

/// How long the host waits at exit for the blocking tasks still running.
const RUNTIME_SHUTDOWN: std::time::Duration = std::time::Duration::from_millis(500);

/// How long the host waits at exit for its stderr queue to drain.
const STDERR_DRAIN: std::time::Duration = std::time::Duration::from_secs(2);

async fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Command::List { session, json } => list(session, json).await,
        Command::Call {
            name,
            params,
            session,
            json,
            resolve,
            reason,
            learn_permissions,
        } => {
            let resolve = resolve.map(|action| serde_json::json!({ "action": action, "reason": reason }));
            crate::protocol::call::call(name, params, session, json, resolve, learn_permissions).await
        }
        Command::Check {
            path,
            session,
            json,
            permissions,
        } => check(path, session, json, permissions).await,
        Command::New { name, cwd, typebox } => new_tool(&name, cwd, typebox),
        Command::Run { session, store, no_watch, ui } => crate::protocol::run::serve(session, store, !no_watch, ui).await,
        Command::Mcp {
            session,
            store,
            no_watch,
            listen: Some(listen),
            tls_cert,
            tls_key,
        } => {
            let tls = tls_cert.zip(tls_key).map(|(cert, key)| crate::config::http::TlsConfig { cert, key });
            crate::protocol::http::serve(session, store, !no_watch, &listen, tls).await
        }
        Command::Mcp { session, store, no_watch, .. } => crate::protocol::mcp::serve(session, store, !no_watch).await,
    }
}

fn new_tool(name: &str, cwd: Option<PathBuf>, typebox: bool) -> ExitCode {
    let here = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"));
    let cwd = cwd.map_or(here.clone(), |dir| crate::paths::normalize(&here.join(dir)));
    let style = if typebox {
        crate::new_tool::SchemaStyle::TypeBox
    } else {
        crate::new_tool::SchemaStyle::Zod
    };
    match crate::new_tool::write(&cwd, name, style) {
        Ok(path) => {
            println!("wrote {}", path.display());
            println!(
                "try:   omp-host call {name} --params '{{\"text\":\"hello\"}}'{}",
                if cwd == here { String::new() } else { format!(" --cwd {}", cwd.display()) }
            );
            ExitCode::SUCCESS
        }
        Err(why) => {
            eprintln!("omp-host new: {why}");
            ExitCode::from(2)
        }
    }
}

async fn list(args: SessionArgs, json: bool) -> ExitCode {
    let session = match open_session(&args).await {
        Ok(s) => s,
        Err(code) => return code,
    };
    let engines = session.engine.clone();
    // As a client's session would begin: `session_start` is delivered and the tools pi
    // extensions register there are listed too.
    let watching = crate::reload::watch(&session, false);
    let (events, _unheard) = tokio::sync::mpsc::unbounded_channel();
    let core = crate::core::Core::new(session, events);
    watching.reload_into(core.clone());
    core.session_event(serde_json::json!({ "reason": "start" }));
    core.tools_settled(crate::core::settings::SESSION_EVENT_TIMEOUT).await;
    let registry = core.registry();
    core.seal();
    core.shutdown("the list is printed", None).await;
    let tools: Vec<_> = registry.module_tools().cloned().collect();
    let errors = registry.errors();
    let policy_of = |tool: &ToolEntry| engines.policy_of(tool.engine);
    if json {
        let listed: Vec<serde_json::Value> = tools
            .iter()
            .map(|tool| {
                let mut entry = crate::tool_view::tool_json(tool);
                entry["permissions"] = policy_json(&policy_of(tool));
                entry
            })
            .collect();
        let out = serde_json::json!({ "tools": listed, "errors": errors });
        println!("{}", serde_json::to_string_pretty(&out).unwrap());
    } else {
        print_tools_text(&tools, &policy_of);
        print_errors_text(errors);
    }
    ExitCode::SUCCESS
}

/// Which policy a tool runs under: its preset and the config key that set it.
fn policy_json(policy: &crate::permissions::Policy) -> serde_json::Value {
    serde_json::json!({
        "preset": policy.preset.name(),
        "restricted": !policy.is_unrestricted(),
        "key": policy.origin.as_ref().map(|o| o.key.clone()),
        "file": policy.origin.as_ref().map(|o| o.file.clone()),
    })
}

fn print_tools_text(tools: &[std::sync::Arc<ToolEntry>], policy_of: &dyn Fn(&ToolEntry) -> std::sync::Arc<crate::permissions::Policy>) {
    if tools.is_empty() {
        println!("No tools found.");
    }
    for tool in tools {
        let first_line = tool.description.lines().next().unwrap_or("");
        println!("{}  ({})", tool.name, tool.label);
        println!("    {first_line}");
        println!("    {} · {}", tool.source.provider_name, tool.resolved_path.display());
        let policy = policy_of(tool);
        if let Some(origin) = policy.origin.as_ref().filter(|_| !policy.is_unrestricted()) {
            println!("    permissions: {} ({} in {})", policy.preset.name(), origin.key, origin.file.display());
        }
    }
}

fn print_errors_text(errors: &[LoadError]) {
    if errors.is_empty() {
        return;
    }
    eprintln!();
    eprintln!("{} load error{}:", errors.len(), if errors.len() == 1 { "" } else { "s" });
    for error in errors {
        if error.path == error.resolved_path {
            eprintln!("  {}", error.path.display());
        } else {
            eprintln!("  {} (resolved: {})", error.path.display(), error.resolved_path.display());
        }
        for line in error.error.lines() {
            eprintln!("    {line}");
        }
        if let Some(location) = &error.location {
            eprintln!("    at {location}");
        }
    }
}

async fn check(path: PathBuf, args: SessionArgs, json: bool, learn_permissions: bool) -> ExitCode {
    let mut options = match session_options(&args) {
        Ok(o) => o,
        Err(code) => return code,
    };
    options.learn_permissions = learn_permissions;
    let project = options.cwd.clone();
    if !options.cwd.join(&path).exists() {
        eprintln!("omp-host check: {}: no such file or directory", path.display());
        return ExitCode::from(2);
    }
    let session = match Session::open_single(options, &path).await {
        Ok(s) => s,
        Err(e) => {
            eprintln!("omp-host: the JavaScript engine failed to start: {e}");
            return ExitCode::FAILURE;
        }
    };
    let tools: Vec<_> = session.registry.module_tools().cloned().collect();
    let errors = session.registry.errors();
    let needed = learn_permissions.then(|| session.loader.permissions.learned().as_config(&project));
    if json {
        let mut out = serde_json::json!({ "ok": errors.is_empty(), "tools": tools.iter().map(|tool| crate::tool_view::tool_json(tool)).collect::<Vec<_>>(), "errors": errors });
        if let Some(needed) = needed {
            out["permissions"] = needed["permissions"].clone();
        }
        println!("{}", serde_json::to_string_pretty(&out).unwrap());
    } else {
        if let Some(needed) = needed {
            println!(
                "permissions its load needs (config; add what its calls need with `omp-host call NAME --learn-permissions`):\n{}",
                serde_json::to_string_pretty(&needed).unwrap()
            );
        }
        for tool in &tools {
            println!(
                "ok: tool \"{}\" ({} schema, execute order: {:?})",
                tool.name, tool.schema_kind, tool.execute_order
            );
        }
        if tools.is_empty() && errors.is_empty() {
            println!("ok: the module loaded and its factory returned no tools");
        }
        print_errors_text(errors);
    }
    if errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
