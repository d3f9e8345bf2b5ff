//! Where a file operation really lands: the path with every symbolic link resolved (`..`,
//! links out of a folder, `/proc/self/root`, `/proc/self/fd/N` included), so a grant is
//! checked against the file the kernel will touch, not the spelling the tool chose.

use std::io;
use std::path::{Component, Path, PathBuf};

/// The path an operation on `path` reaches, relative paths taken from `cwd`. With `follow`
/// the last component's link is followed too (open, stat, read); without it the last
/// component is the link itself (lstat, unlink, readlink, rename's source). Components that
/// do not exist yet (a file about to be written) are taken as written, after the deepest
/// folder that exists.
pub fn reached(path: &Path, cwd: &Path, follow: bool) -> io::Result<PathBuf> {
    let absolute = if path.is_absolute() { path.to_path_buf() } else { cwd.join(path) };
    if !follow {
        let name = absolute.file_name().map(|n| n.to_os_string());
        if let (Some(name), Some(parent)) = (name, absolute.parent()) {
            return Ok(reached(parent, cwd, true)?.join(name));
        }
    }
    // The deepest prefix that exists is resolved by the kernel; what follows cannot hold a
    // link (it does not exist), so it is applied as written.
    let parts: Vec<Component> = absolute.components().collect();
    for split in (1..=parts.len()).rev() {
        let prefix: PathBuf = parts[..split].iter().collect();
        match std::fs::canonicalize(&prefix) {
            Ok(mut resolved) => {
                for part in &parts[split..] {
                    match part {
                        Component::ParentDir => {
                            resolved.pop();
                        }
                        Component::CurDir => {}
                        other => resolved.push(other.as_os_str()),
                    }
                }
                return Ok(resolved);
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound || e.raw_os_error() == Some(libc::ENOTDIR) => continue,
            Err(e) => return Err(e),
        }
    }
    Ok(absolute)
}

/// Whether `path` (resolved) is `root` or inside it.
pub fn is_within(path: &Path, root: &Path) -> bool {
    path.starts_with(root)
}

/// A grant's roots, resolved (links followed where the folder exists), without the ones
/// another root already covers.
pub fn tidy_roots(roots: impl IntoIterator<Item = PathBuf>) -> Vec<PathBuf> {
    let mut resolved: Vec<PathBuf> = roots
        .into_iter()
        .map(|root| std::fs::canonicalize(&root).unwrap_or_else(|_| crate::paths::normalize(&root)))
        .collect();
    resolved.sort();
    resolved.dedup();
    let all = resolved.clone();
    resolved.retain(|root| !all.iter().any(|other| other != root && root.starts_with(other)));
    resolved
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("omp-host-reached-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("inside")).unwrap();
        std::fs::canonicalize(dir).unwrap()
    }

    #[test]
    fn links_and_dotdot_resolve_to_where_they_land() {
        let dir = scratch("links");
        std::os::unix::fs::symlink("/etc", dir.join("inside/out")).unwrap();
        assert_eq!(reached(&dir.join("inside/out/passwd"), &dir, true).unwrap(), PathBuf::from("/etc/passwd"));
        assert_eq!(reached(Path::new("inside/../../x"), &dir.join("inside"), true).unwrap(), dir.join("x"));
        // The link itself, for unlink or lstat, stays inside.
        assert_eq!(reached(&dir.join("inside/out"), &dir, false).unwrap(), dir.join("inside/out"));
        assert_eq!(reached(&dir.join("inside/out"), &dir, true).unwrap(), PathBuf::from("/etc"));
        // A file not written yet, under a link.
        assert_eq!(reached(&dir.join("inside/out/new/file"), &dir, true).unwrap(), PathBuf::from("/etc/new/file"));
    }

    #[test]
    fn proc_self_links_resolve_to_their_targets() {
        assert_eq!(
            reached(Path::new("/proc/self/root/etc/passwd"), Path::new("/"), true).unwrap(),
            PathBuf::from("/etc/passwd")
        );
        let dir = scratch("proc");
        let file = std::fs::File::create(dir.join("inside/f")).unwrap();
        use std::os::fd::AsRawFd;
        let by_fd = PathBuf::from(format!("/proc/self/fd/{}", file.as_raw_fd()));
        assert_eq!(reached(&by_fd, Path::new("/"), true).unwrap(), dir.join("inside/f"));
    }

    #[test]
    fn roots_inside_other_roots_are_dropped() {
        let roots = tidy_roots([
            PathBuf::from("/p"),
            PathBuf::from("/p/.omp/tools"),
            PathBuf::from("/q/../p"),
            PathBuf::from("/t"),
        ]);
        assert_eq!(roots, vec![PathBuf::from("/p"), PathBuf::from("/t")]);
    }
}
