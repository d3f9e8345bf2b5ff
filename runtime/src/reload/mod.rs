//! Hot reload for `run` and `mcp`: a watcher reports changed tool files and config files, a
//! reloader loads the touched modules again (through the engine's command queue, so calls keep
//! being served), a changed config is read again and put in force (`config_change`), and the
//! core swaps in the new registry and tells the front end with a `tools` event.

pub(crate) mod config_change;
pub(crate) mod reloader;
pub(crate) mod watcher;

use std::collections::BTreeSet;
use std::path::PathBuf;

use crate::core::Core;
use crate::registry::LoadError;
use crate::session::Session;
use crate::tool_changes::ToolChange;
use config_change::Reread;
pub(crate) use reloader::Reloader;

/// Keeping a session's tools current: its files watched (when asked) and changes waiting
/// until `reload_into` serves them, and a wedged engine replaced.
pub(crate) struct Watching {
    reloader: Reloader,
    /// The file watcher and its batches of changed paths; None when files are not watched.
    watcher: Option<(watcher::FileWatcher, tokio::sync::mpsc::UnboundedReceiver<BTreeSet<PathBuf>>)>,
    /// The heap limit the engine started with, in MiB (only a restart changes it).
    heap_limit_mb: usize,
    /// Extensions' changes to the tool set (`pi.registerTool` after load, `pi.setActiveTools`).
    tool_changes: Option<tokio::sync::mpsc::UnboundedReceiver<ToolChange>>,
}

/// Starts keeping `session`'s tools current: with `files`, watching the files of what it
/// loaded and its config files (if watching is impossible, that is reported on stderr), so
/// changes from now on are kept for `reload_into`.
pub(crate) fn watch(session: &Session, files: bool) -> Watching {
    let reloader = Reloader::new(
        session.loader.clone(),
        session.discovery.clone(),
        session.modules.clone(),
        session.tool_changes.clone(),
    );
    let watcher = match files.then(|| watcher::FileWatcher::start(&reloader.watch_roots())) {
        Some(Ok(watching)) => Some(watching),
        Some(Err(e)) => {
            crate::host_eprintln!("omp-host: hot reload is off: {e}");
            None
        }
        None => None,
    };
    Watching {
        reloader,
        watcher,
        heap_limit_mb: session.heap_limit / (1024 * 1024),
        tool_changes: session.tool_changes.take_receiver(),
    }
}

impl Watching {
    /// Reloads into `core` after each batch of changes, and replaces the engine when it is
    /// wedged, until shutdown begins.
    pub(crate) fn reload_into(self, core: Core) {
        let Watching {
            mut reloader,
            watcher,
            heap_limit_mb,
            mut tool_changes,
        } = self;
        let (mut watcher, mut batches) = watcher.unzip();
        let closing = core.closing();
        let engine = reloader.engine();
        tokio::spawn(async move {
            // What is wrong with the config files (listed beside the load errors until fixed).
            let mut config_problems: Vec<LoadError> = Vec::new();
            let mut crashes = CrashCount::default();
            // Ends when shutdown begins: this task holds the core (and its event sink) alive.
            closing
                .run_until_cancelled(async {
                    loop {
                        let wedged = engine.any_wedged();
                        let suspected = engine.any_suspected();
                        let mut changed = tokio::select! {
                            _ = wedged, if !crashes.gave_up => {
                                if engine.crashed() && crashes.one_too_many() {
                                    crate::host_eprintln!("omp-host: the JavaScript engine's thread stopped on an internal error {} times within {} s; it is not replaced again, and calls end with an error until the host restarts", CrashCount::LIMIT + 1, CrashCount::WINDOW.as_secs());
                                    engine.resume_serving();
                                    continue;
                                }
                                replace_engine(&mut reloader, &core, &config_problems).await;
                                continue;
                            }
                            // Its replacement starts now, while the engine may still look.
                            _ = suspected => {
                                engine.prepare_replacements();
                                continue;
                            }
                            // Served like a reload of no file: front ends hear the list changed.
                            Some(change) = next_change(&mut tool_changes) => {
                                if let Some(mut registry) = reloader.apply(change) {
                                    config_problems.iter().cloned().for_each(|e| registry.add_error(e));
                                    core.replace_registry(registry, Vec::new(), true);
                                }
                                reloader.changes().taken_in();
                                continue;
                            }
                            batch = next_batch(&mut batches) => match batch {
                                Some(changed) => changed,
                                None => break,
                            },
                        };
                        // Changes that came in while the last reload ran join this one.
                        while let Some(more) = batches.as_mut().and_then(|b| b.try_recv().ok()) {
                            changed.extend(more);
                        }
                        // A folder created since (`.omp/`, `.pi/extensions/`) is watched before
                        // discovery looks into it, so nothing written there is missed.
                        if let Some(watcher) = watcher.as_mut() {
                            watcher.watch_also(&reloader.watch_roots());
                        }
                        // A config file changed, or a folder it is in appeared with it.
                        let candidates = reloader.config().candidate_files();
                        let config_files: Vec<PathBuf> = candidates
                            .into_iter()
                            .filter(|file| changed.contains(file) || (file.exists() && changed.iter().any(|p| file.starts_with(p))))
                            .collect();
                        if let Some(first) = config_files.first() {
                            match config_change::reread(reloader.config(), first, heap_limit_mb) {
                                Reread::Good { config, waiting } => {
                                    engine.set_wedged_after(config.wedged_after());
                                    changed.extend(reloader.set_config((*config).clone()));
                                    core.replace_config(*config);
                                    config_problems = waiting;
                                }
                                Reread::Broken(error) => config_problems = vec![error],
                            }
                        }
                        let (mut registry, mut reloaded) = match reloader.reload(&changed).await {
                            Some(reloaded) if !reloaded.left_lanes.is_empty() => {
                                let mut modules = reloaded.modules;
                                match replace_left_lanes(&mut reloader, &core, &reloaded.left_lanes).await {
                                    Some(replaced) => {
                                        modules.extend(replaced.modules);
                                        (replaced.registry, modules)
                                    }
                                    None => (reloaded.registry, modules),
                                }
                            }
                            Some(reloaded) => (reloaded.registry, reloaded.modules),
                            None if !config_files.is_empty() => (reloader.registry(), Vec::new()),
                            None => continue,
                        };
                        config_problems.iter().cloned().for_each(|e| registry.add_error(e));
                        reloaded.extend(config_files);
                        core.replace_registry(registry, reloaded, true);
                        // A reload can find tools in folders not watched yet (a new configured path).
                        if let Some(watcher) = watcher.as_mut() {
                            watcher.watch_also(&reloader.watch_roots());
                        }
                    }
                })
                .await;
            // A replacement cut short by shutdown must not leave calls waiting.
            engine.resume_serving();
        });
    }
}

/// Engines lost to a panic of their thread, lately: a panic that every new engine meets
/// again (while loading the tools) must not make the host start engines forever.
#[derive(Default)]
struct CrashCount {
    recent: std::collections::VecDeque<std::time::Instant>,
    gave_up: bool,
}

impl CrashCount {
    const LIMIT: usize = 3;
    const WINDOW: std::time::Duration = std::time::Duration::from_secs(60);

    /// Counts one more; true (and from then on no replacement) when more than `LIMIT` came
    /// within `WINDOW`.
    fn one_too_many(&mut self) -> bool {
        let now = std::time::Instant::now();
        self.recent.retain(|at| now.duration_since(*at) < Self::WINDOW);
        self.recent.push_back(now);
        self.gave_up = self.recent.len() > Self::LIMIT;
        self.gave_up
    }
}

/// The next change an extension made to the tool set; never, once nothing can send one.
async fn next_change(changes: &mut Option<tokio::sync::mpsc::UnboundedReceiver<ToolChange>>) -> Option<ToolChange> {
    match changes {
        Some(receiver) => receiver.recv().await,
        None => std::future::pending().await,
    }
}

/// The next batch of changed paths; never, when files are not watched.
async fn next_batch(batches: &mut Option<tokio::sync::mpsc::UnboundedReceiver<BTreeSet<PathBuf>>>) -> Option<BTreeSet<PathBuf>> {
    match batches {
        Some(batches) => batches.recv().await,
        None => std::future::pending().await,
    }
}

/// Replaces a wedged engine: a new one loads every tool module again, calls that ran on the
/// old one end with an error (`engine_lost`), pending actions (whose functions lived there)
/// are discarded, and the new registry is served. Said on stderr.
async fn replace_engine(reloader: &mut Reloader, core: &Core, config_problems: &[LoadError]) {
    let engine = reloader.engine();
    let stuck = engine.wedged_by().join(", ");
    let within = engine.wedged_within();
    let crashed = engine.crashed();
    let started = std::time::Instant::now();
    let Some(mut replaced) = reloader.replace_engine().await else {
        crate::host_eprintln!("omp-host: the JavaScript engine is wedged ({stuck}) and a new one could not be started; trying again in a second");
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        return;
    };
    config_problems.iter().cloned().for_each(|e| replaced.registry.add_error(e));
    let discarded = core.discard_lost_actions("the JavaScript engine was replaced");
    // Said before the `tools` event that shows the new engine's tools goes out.
    let why = if crashed {
        "the JavaScript engine's thread stopped on an internal error (the panic report above says where; please report it)".to_string()
    } else {
        format!(
            "the JavaScript engine did not stop {stuck} within {} ms (it did not look for interrupts: a loop of long builtin calls, or a system call nothing ends)",
            within.as_millis()
        )
    };
    crate::host_eprintln!(
        "omp-host: {why}, so a new engine took its place and loaded the tools again in {} ms; calls running on the old one ended with an error{}",
        started.elapsed().as_millis(),
        and_discarded(discarded)
    );
    // The new engine's tools get a `start` (unless a session event is what wedged the old
    // one: it would wedge this one again), and the calls that waited for it run after that.
    let wedged_by_session_event = stuck.contains("session:");
    if let Some(start) = core.replace_registry(replaced.registry, replaced.modules, !wedged_by_session_event) {
        core.wait_for_session_events(start).await;
    }
    engine.resume_serving();
}

/// A module moved to another permission policy's engine: the engines it left are replaced,
/// so its old copy (its timers, servers and listeners) stops running with the old policy's
/// rights; their other modules load again. Said on stderr and in the host log.
async fn replace_left_lanes(reloader: &mut Reloader, core: &Core, lanes: &BTreeSet<usize>) -> Option<reloader::Reloaded> {
    let replaced = reloader.replace_lanes(lanes).await;
    let discarded = core.discard_lost_actions("a module moved to another permission policy, so the engine of its old one was replaced");
    crate::host_eprintln!(
        "omp-host: a module moved to another permission policy, so the engine of its old policy was replaced and its other modules loaded again; calls running there ended with an error{}",
        and_discarded(discarded)
    );
    reloader.engine().resume_serving();
    replaced
}

/// The end of a replaced engine's notice: how many pending actions went with it.
fn and_discarded(discarded: usize) -> String {
    match discarded {
        0 => String::new(),
        1 => ", and the pending action was discarded".to_string(),
        n => format!(", and {n} pending actions were discarded"),
    }
}

#[cfg(test)]
mod crash_count_tests {
    use super::CrashCount;

    #[test]
    fn replacing_stops_after_more_than_the_limit_of_crashes_in_the_window() {
        let mut crashes = CrashCount::default();
        for _ in 0..CrashCount::LIMIT {
            assert!(!crashes.one_too_many());
        }
        assert!(crashes.one_too_many() && crashes.gave_up);
    }
}
