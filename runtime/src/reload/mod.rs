//! Hot reload for `run` and `mcp`: a watcher reports changed tool files and config files, a
//! reloader loads the touched modules again (through the engine's command queue, so calls keep
//! being served), a changed config is read again and put in force (`config_change`), and the
//! core swaps in the new registry and tells the front end with a `tools` event.

pub mod config_change;
pub mod reloader;
pub mod watcher;

use std::collections::BTreeSet;
use std::path::PathBuf;

use crate::core::Core;
use crate::registry::LoadError;
use crate::session::Session;
use config_change::Reread;
pub use reloader::Reloader;

/// Watching the files of a session's tools; changes wait until `reload_into` serves them.
pub struct Watching {
    reloader: Reloader,
    watcher: watcher::FileWatcher,
    batches: tokio::sync::mpsc::UnboundedReceiver<BTreeSet<PathBuf>>,
    /// The heap limit the engine started with, in MiB (only a restart changes it).
    heap_limit_mb: usize,
}

/// Starts watching the files of what `session` loaded, and its config files (None if
/// watching is impossible, which is reported on stderr). Changes from now on are kept for
/// `reload_into`.
pub fn watch(session: &Session) -> Option<Watching> {
    let reloader = Reloader::new(session.loader.clone(), session.discovery.clone(), session.modules.clone());
    match watcher::FileWatcher::start(&reloader.watch_roots()) {
        Ok((watcher, batches)) => Some(Watching {
            reloader,
            watcher,
            batches,
            heap_limit_mb: session.heap_limit / (1024 * 1024),
        }),
        Err(e) => {
            crate::host_eprintln!("omp-host: hot reload is off: {e}");
            None
        }
    }
}

impl Watching {
    /// Reloads into `core` after each batch of changes, until shutdown begins.
    pub fn reload_into(self, core: Core) {
        let Watching {
            mut reloader,
            mut watcher,
            mut batches,
            heap_limit_mb,
        } = self;
        let closing = core.closing();
        tokio::spawn(async move {
            // What is wrong with the config files (listed beside the load errors until fixed).
            let mut config_problems: Vec<LoadError> = Vec::new();
            // Ends when shutdown begins: this task holds the core (and its event sink) alive.
            closing
                .run_until_cancelled(async move {
                    while let Some(mut changed) = batches.recv().await {
                        // Changes that came in while the last reload ran join this one.
                        while let Ok(more) = batches.try_recv() {
                            changed.extend(more);
                        }
                        let candidates = reloader.config().candidate_files();
                        let config_files: Vec<PathBuf> = changed.iter().filter(|p| candidates.contains(p)).cloned().collect();
                        if let Some(first) = config_files.first() {
                            match config_change::reread(reloader.config(), first, heap_limit_mb) {
                                Reread::Good { config, waiting } => {
                                    changed.extend(reloader.set_config(config.clone()));
                                    core.replace_config(config);
                                    config_problems = waiting;
                                }
                                Reread::Broken(error) => config_problems = vec![error],
                            }
                        }
                        let (mut registry, mut reloaded) = match reloader.reload(&changed).await {
                            Some(reloaded) => (reloaded.registry, reloaded.modules),
                            None if !config_files.is_empty() => (reloader.registry(), Vec::new()),
                            None => continue,
                        };
                        config_problems.iter().cloned().for_each(|e| registry.add_error(e));
                        reloaded.extend(config_files);
                        core.replace_registry(registry, reloaded);
                        // A reload can find tools in folders not watched yet (a new configured path).
                        watcher.watch_also(&reloader.watch_roots());
                    }
                })
                .await;
        });
    }
}
