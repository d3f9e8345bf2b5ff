//! Hot reload for `run` and `mcp`: a watcher reports changed tool files, a reloader loads the
//! touched modules again (through the engine's command queue, so calls keep being served),
//! and the core swaps in the new registry and tells the front end with a `tools` event.

pub mod reloader;
pub mod watcher;

use crate::core::Core;
use crate::session::Session;
pub use reloader::Reloader;

/// Watching the files of a session's tools; changes wait until `reload_into` serves them.
pub struct Watching {
    reloader: Reloader,
    watcher: watcher::FileWatcher,
    batches: tokio::sync::mpsc::UnboundedReceiver<std::collections::BTreeSet<std::path::PathBuf>>,
}

/// Starts watching the files of what `session` loaded (None if watching is impossible, which
/// is reported on stderr). Changes from now on are kept for `reload_into`.
pub fn watch(session: &Session) -> Option<Watching> {
    let reloader = Reloader::new(session.loader.clone(), session.discovery.clone(), session.modules.clone());
    match watcher::FileWatcher::start(&reloader.watch_roots()) {
        Ok((watcher, batches)) => Some(Watching { reloader, watcher, batches }),
        Err(e) => {
            eprintln!("omp-host: hot reload is off: {e}");
            None
        }
    }
}

impl Watching {
    /// Reloads into `core` after each batch of changes, until shutdown begins.
    pub fn reload_into(self, core: Core) {
        let Watching {
            mut reloader,
            watcher,
            mut batches,
        } = self;
        let closing = core.closing();
        tokio::spawn(async move {
            let _watching = watcher;
            // Ends when shutdown begins: this task holds the core (and its event sink) alive.
            closing
                .run_until_cancelled(async move {
                    while let Some(mut changed) = batches.recv().await {
                        // Changes that came in while the last reload ran join this one.
                        while let Ok(more) = batches.try_recv() {
                            changed.extend(more);
                        }
                        if let Some(reloaded) = reloader.reload(&changed).await {
                            core.replace_registry(reloaded.registry, reloaded.modules);
                        }
                    }
                })
                .await;
        });
    }
}
