//! The flags every command that opens a session shares (`--tool`, `--cwd`, `--config`, …,
//! and for serving hosts `--session`/`--session-file`), and opening the session they name,
//! with the message and exit code a shell user gets when that fails.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::config::HostConfig;
use crate::session::{Session, SessionOptions};

/// Options shared by every command that opens a session.
#[derive(Args, Clone)]
pub(crate) struct SessionArgs {
    /// Also load this tool module or tools folder (repeatable).
    #[arg(long = "tool", value_name = "PATH")]
    pub tools: Vec<String>,
    /// Also load tools from this plugin package root (repeatable).
    #[arg(long = "plugin", value_name = "ROOT")]
    pub plugins: Vec<String>,
    /// Read this config file after the default ones.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// The session's working directory (default: the current directory).
    #[arg(long, value_name = "DIR")]
    pub cwd: Option<PathBuf>,
    /// Load only `--tool`/`--plugin`/configured paths, not the user and project folders.
    #[arg(long)]
    pub only: bool,
    /// Do not read or write the transpile cache.
    #[arg(long)]
    pub no_cache: bool,
}

/// Which session a serving host keeps (`run`, `mcp`): `ctx.sessionManager` shows it.
#[derive(Args, Clone, Default)]
pub(crate) struct SessionStoreArgs {
    /// Resume the host's session with this id (created under the data folder if new).
    #[arg(long = "session", value_name = "ID", conflicts_with = "session_file")]
    pub session: Option<String>,
    /// Show tools this pi session file instead: the client's own, followed as it grows, never written.
    #[arg(long = "session-file", value_name = "PATH")]
    pub session_file: Option<PathBuf>,
}

impl SessionStoreArgs {
    /// The session source these flags choose: a new session file by default.
    pub(crate) fn source(&self) -> crate::session_log::SessionSource {
        use crate::session_log::SessionSource;
        match (&self.session, &self.session_file) {
            (_, Some(path)) => SessionSource::External(path.clone()),
            (Some(id), None) => SessionSource::Resume(id.clone()),
            (None, None) => SessionSource::New,
        }
    }
}

/// Builds session options from the shared flags, or prints why it cannot.
pub(crate) fn session_options(args: &SessionArgs) -> Result<SessionOptions, ExitCode> {
    match session_options_despite_config(args)? {
        (options, None) => Ok(options),
        (_, Some(error)) => {
            eprintln!("omp-host: {error}");
            Err(ExitCode::from(2))
        }
    }
}

/// `session_options`, but a config file that does not read or validate is answered with the
/// error beside options that load no tools (no folders, no configured paths, no settings): a
/// server a client started keeps running and says what is wrong (a broken config ignored
/// could drop an approval policy that denies a tool, so nothing is loaded instead).
pub(crate) fn session_options_despite_config(args: &SessionArgs) -> Result<(SessionOptions, Option<crate::config::ConfigError>), ExitCode> {
    let here = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"));
    let cwd = match &args.cwd {
        Some(dir) => crate::paths::normalize(&here.join(dir)),
        None => here.clone(),
    };
    // A misspelt path gave an empty host that exited 0 (or an MCP server with no tools).
    if !cwd.is_dir() {
        let why = if cwd.exists() { "not a directory" } else { "no such directory" };
        eprintln!("omp-host: --cwd {}: {why}", cwd.display());
        return Err(ExitCode::from(2));
    }
    for (flag, paths) in [("--tool", &args.tools), ("--plugin", &args.plugins)] {
        for path in paths {
            let missing = crate::paths::resolve_path(path, &here).is_ok_and(|resolved| !resolved.exists());
            if missing {
                eprintln!("omp-host: {flag} {path}: no such file or directory");
                return Err(ExitCode::from(2));
            }
        }
    }
    let (config, config_error) = match HostConfig::load(&cwd, args.config.as_deref()) {
        Ok(config) => (config, None),
        Err(error) => (HostConfig::default(), Some(error)),
    };
    let mut options = SessionOptions::new(cwd.clone(), config);
    // Paths typed on the command line are the shell's: relative to where it runs, not `--cwd`.
    let from_shell = |paths: &[String]| -> Vec<String> {
        let here = std::env::current_dir().unwrap_or_default();
        paths
            .iter()
            .map(|p| if p.starts_with('~') { p.clone() } else { here.join(p).display().to_string() })
            .collect()
    };
    options.discovery.cli_tool_paths = from_shell(&args.tools);
    options.discovery.cli_plugin_roots = from_shell(&args.plugins);
    options.discovery.only_configured = args.only;
    if args.no_cache {
        options.cache = crate::loader::transpile::TranspileCache::disabled();
    }
    if config_error.is_some() {
        options.discovery = crate::discovery::DiscoveryInput {
            cwd: options.cwd.clone(),
            only_configured: true,
            ..Default::default()
        };
    }
    Ok((options, config_error))
}

/// Opens the session or reports why the engine could not start.
pub(crate) async fn open_session(args: &SessionArgs) -> Result<Session, ExitCode> {
    open_session_with(session_options(args)?).await
}

/// `open_session` with options already built.
pub(crate) async fn open_session_with(options: SessionOptions) -> Result<Session, ExitCode> {
    Session::open(options).await.map_err(|e| {
        eprintln!("omp-host: {e}");
        ExitCode::FAILURE
    })
}
