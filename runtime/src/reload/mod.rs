//! Hot reload for `run` and `mcp`: a watcher reports changed tool files, a reloader loads the
//! touched modules again (through the engine's command queue, so calls keep being served),
//! and the core swaps in the new registry and tells the front end with a `tools` event.

pub mod reloader;
pub mod watcher;

use crate::core::Core;
use crate::session::Session;
pub use reloader::Reloader;

/// The reloader for what `session` loaded.
pub fn reloader_for(session: &Session) -> Reloader {
    Reloader::new(session.loader.clone(), session.discovery.clone(), session.modules.clone())
}

/// Starts watching and reloading into `core` until the host shuts down.
pub fn start(mut reloader: Reloader, core: Core) {
    let roots = reloader.watch_roots();
    let (watcher, mut batches) = match watcher::FileWatcher::start(&roots) {
        Ok(started) => started,
        Err(e) => {
            eprintln!("omp-host: hot reload is off: {e}");
            return;
        }
    };
    tokio::spawn(async move {
        let _watching = watcher;
        while let Some(mut changed) = batches.recv().await {
            // Changes that came in while the last reload ran join this one.
            while let Ok(more) = batches.try_recv() {
                changed.extend(more);
            }
            if core.is_shutting_down() {
                return;
            }
            if let Some(reloaded) = reloader.reload(&changed).await {
                if core.is_shutting_down() {
                    return;
                }
                core.replace_registry(reloaded.registry, reloaded.modules);
            }
        }
    });
}
