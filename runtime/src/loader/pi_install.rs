//! Where the user's pi is installed. pi gives every extension its own packages
//! (`@earendil-works/pi-coding-agent`, `pi-tui`, `pi-ai`, `pi-agent-core`) wherever the
//! extension's file is; the host does the same from pi's install when the extension has no
//! `node_modules` of its own holding them, before it falls back to its small built-in copies.
//!
//! pi's install is the package of the `pi` command on `PATH`: npm's and bun's global `bin`
//! entries are links into the package, and npm on Windows puts `pi.cmd` beside a
//! `node_modules`. The package manager is not asked (`npm root -g`): resolving an import must
//! not wait for another program.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// pi's package name.
const PI_PACKAGE: &str = "@earendil-works/pi-coding-agent";

/// The folder of the installed `@earendil-works/pi-coding-agent`, if the user has pi.
pub(crate) fn pi_package_dir() -> Option<&'static Path> {
    static FOUND: OnceLock<Option<PathBuf>> = OnceLock::new();
    FOUND
        .get_or_init(|| {
            let path = std::env::var_os("PATH").unwrap_or_default();
            on_path(&path)
        })
        .as_deref()
}

/// pi's package, found from the `pi` command on the `PATH` value `path`.
fn on_path(path: &OsStr) -> Option<PathBuf> {
    for dir in std::env::split_paths(path) {
        for command in ["pi", "pi.cmd"] {
            let found = dir.join(command);
            if !found.is_file() {
                continue;
            }
            // npm's and bun's links: the package's bin script, inside the package. (Not on
            // Windows, where canonical paths come back verbatim, `\\?\C:\…`.)
            if let Some(target) = std::fs::canonicalize(&found).ok().filter(|_| cfg!(unix)) {
                if let Some(package) = target.ancestors().find(|a| is_pi_package(a)) {
                    return Some(package.to_path_buf());
                }
            }
            // npm's Windows shims and its Unix prefix layout.
            let beside = [dir.join("node_modules").join(PI_PACKAGE), dir.join("../lib/node_modules").join(PI_PACKAGE)];
            if let Some(package) = beside.into_iter().find(|p| is_pi_package(p)) {
                return Some(crate::paths::normalize(&package));
            }
        }
    }
    None
}

/// Why a pi package import was not served by pi's own package.
pub(crate) const NOT_FOUND: &str =
    "pi's own package was found neither in a node_modules folder at or above the importing file nor through a `pi` command on PATH";

/// How to give extensions pi's own packages.
pub(crate) const INSTALL_PI: &str = "install pi (npm install -g @earendil-works/pi-coding-agent) or the package beside the extension";

/// What to add to a load error `message` caused by a name missing from the host's copy of a
/// pi package imported by `importing_file` (V8's "does not provide an export named"); None
/// for any other error, and when pi's own package served the import.
pub(crate) fn missing_name_hint(message: &str, importing_file: &Path) -> Option<String> {
    let (_, rest) = message.split_once("The requested module '")?;
    let (specifier, _) = rest.split_once('\'')?;
    if !specifier.starts_with("@earendil-works/") && !specifier.starts_with("@mariozechner/") {
        return None;
    }
    match super::resolve::resolve(specifier, importing_file.parent()?) {
        Ok(super::resolve::Resolved::Virtual(_)) => Some(format!(
            " ({specifier}: {NOT_FOUND}, so omp-host's small built-in copy served the import, and it lacks this name; {INSTALL_PI})"
        )),
        _ => None,
    }
}

/// Whether `dir` holds pi's package (its `package.json` names it).
fn is_pi_package(dir: &Path) -> bool {
    let Some(manifest) = crate::discovery::read_json(&dir.join("package.json")) else {
        return false;
    };
    manifest["name"] == PI_PACKAGE
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        crate::scratch_dir::scratch_dir("pi-install", name)
    }

    fn fake_pi(prefix: &Path) -> PathBuf {
        let package = prefix.join("lib/node_modules/@earendil-works/pi-coding-agent");
        std::fs::create_dir_all(package.join("dist")).unwrap();
        std::fs::write(package.join("package.json"), r#"{"name": "@earendil-works/pi-coding-agent"}"#).unwrap();
        std::fs::write(package.join("dist/cli.js"), "").unwrap();
        std::fs::create_dir_all(prefix.join("bin")).unwrap();
        package
    }

    #[test]
    fn the_pi_command_leads_to_its_package_through_its_link() {
        let dir = scratch("link");
        let package = fake_pi(&dir.join("prefix"));
        let bin = dir.join("elsewhere");
        std::fs::create_dir_all(&bin).unwrap();
        std::os::unix::fs::symlink(package.join("dist/cli.js"), bin.join("pi")).unwrap();
        let path = std::env::join_paths([dir.join("empty"), bin]).unwrap();
        assert_eq!(on_path(&path), Some(std::fs::canonicalize(&package).unwrap()));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_pi_command_that_is_no_link_is_looked_for_in_its_prefix() {
        let dir = scratch("prefix");
        let package = fake_pi(&dir);
        std::fs::write(dir.join("bin/pi"), "#!/bin/sh\n").unwrap();
        assert_eq!(on_path(dir.join("bin").as_os_str()), Some(package));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn another_pi_command_is_not_taken_for_pi() {
        let dir = scratch("other");
        std::fs::create_dir_all(dir.join("bin")).unwrap();
        std::fs::write(dir.join("bin/pi"), "#!/bin/sh\n").unwrap();
        assert_eq!(on_path(dir.join("bin").as_os_str()), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
