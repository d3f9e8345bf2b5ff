//! A changed config file during hot reload: the config files are read again and validated as
//! at start. A good config is put in force; a setting in it that only a restart can change
//! (`heapLimitMb`: the engine's heap is sized when it starts) is reported as waiting for a
//! restart. A broken one keeps the last good config serving, and its error is reported. Both
//! kinds of report are listed beside the load errors until the file is fixed.

use std::path::Path;

use crate::config::HostConfig;
use crate::registry::LoadError;

/// What reading the config files again gave.
pub(crate) enum Reread {
    /// The config to put in force (boxed: it is far larger than a report), and what in it
    /// waits for a restart.
    Good { config: Box<HostConfig>, waiting: Vec<LoadError> },
    /// The files do not read or do not validate: the last good config stays in force.
    Broken(LoadError),
}

/// Reads the config files of `running` again after `changed` (one of them) changed;
/// `heap_limit_mb` is what the engine started with.
pub(crate) fn reread(running: &HostConfig, changed: &Path, heap_limit_mb: usize) -> Reread {
    let config = match running.read_again() {
        Ok(config) => config,
        Err(e) => return Reread::Broken(report(&e.path, e.to_string())),
    };
    let mut waiting = Vec::new();
    let wanted = config.heap_limit_mb.unwrap_or(crate::session::DEFAULT_HEAP_LIMIT_MB);
    if wanted != heap_limit_mb {
        waiting.push(report(
            changed,
            format!(
                "config file {}: heapLimitMb is now {wanted} but the engine runs with {heap_limit_mb} MiB; the new limit takes effect when the host restarts",
                changed.display()
            ),
        ));
    }
    Reread::Good {
        config: Box::new(config),
        waiting,
    }
}

/// A config problem, listed as load errors are (named by the config file).
fn report(file: &Path, error: String) -> LoadError {
    LoadError {
        path: file.to_path_buf(),
        resolved_path: file.to_path_buf(),
        error,
        location: None,
        source: None,
    }
}
