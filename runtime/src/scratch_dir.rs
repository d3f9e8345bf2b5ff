//! Scratch folders for unit tests: one per test, under the system's temporary folder, named by
//! the area under test, the test and the process, and removed first if a run left it behind.

use std::path::PathBuf;

/// The scratch folder `omp-host-<area>-<name>-<pid>`, not yet created (an old one is removed).
pub(crate) fn scratch_dir(area: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("omp-host-{area}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}
