//! Where a file operation really lands: the path with every symbolic link resolved (`..`,
//! links out of a folder, `/proc/self/root`, `/proc/self/fd/N` included), so a grant is
//! checked against the file the kernel will touch, not the spelling the tool chose.

use std::io;
use std::path::{Component, Path, PathBuf};

/// How many links one path may lead through before it counts as a loop (Linux's own limit).
const MAX_LINKS: usize = 40;

/// The path an operation on `path` reaches, relative paths taken from `cwd`. With `follow`
/// the last component's link is followed too (open, stat, read); without it the last
/// component is the link itself (lstat, unlink, readlink, rename's source). Components that
/// do not exist yet (a file about to be written) are taken as written, after the deepest
/// folder that exists; a link among them that leads nowhere yet (a dangling link, which an
/// open would follow to create its target) is followed to where it points.
pub(crate) fn reached(path: &Path, cwd: &Path, follow: bool) -> io::Result<PathBuf> {
    reached_within(path, cwd, follow, 0)
}

/// A path with more links than `MAX_LINKS` on the way: ELOOP, or on Windows the system's
/// ERROR_CANT_RESOLVE_FILENAME (which Node reports as ELOOP there).
fn too_many_links() -> io::Error {
    #[cfg(unix)]
    let code = libc::ELOOP;
    #[cfg(windows)]
    let code = windows_sys::Win32::Foundation::ERROR_CANT_RESOLVE_FILENAME as i32;
    io::Error::from_raw_os_error(code)
}

fn reached_within(path: &Path, cwd: &Path, follow: bool, links: usize) -> io::Result<PathBuf> {
    if links > MAX_LINKS {
        return Err(too_many_links());
    }
    let absolute = if path.is_absolute() { path.to_path_buf() } else { cwd.join(path) };
    if !follow {
        let name = absolute.file_name().map(|n| n.to_os_string());
        if let (Some(name), Some(parent)) = (name, absolute.parent()) {
            return Ok(reached_within(parent, cwd, true, links)?.join(name));
        }
    }
    // The deepest prefix that exists is resolved by the kernel; what follows is applied as
    // written, unless one of its components is a link (that exists, though its target does not).
    let parts: Vec<Component> = absolute.components().collect();
    for split in (1..=parts.len()).rev() {
        let prefix: PathBuf = parts[..split].iter().collect();
        match std::fs::canonicalize(&prefix) {
            Ok(mut resolved) => {
                for (i, part) in parts[split..].iter().enumerate() {
                    match part {
                        Component::ParentDir => {
                            resolved.pop();
                        }
                        Component::CurDir => {}
                        other => {
                            let next = resolved.join(other.as_os_str());
                            if std::fs::symlink_metadata(&next).is_ok_and(|m| m.file_type().is_symlink()) {
                                let target = std::fs::read_link(&next)?;
                                let rest: PathBuf = parts[split + i + 1..].iter().collect();
                                let through = resolved.join(target).join(rest);
                                return reached_within(&through, cwd, true, links + 1);
                            }
                            resolved = next;
                        }
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
pub(crate) fn is_within(path: &Path, root: &Path) -> bool {
    path.starts_with(root)
}

/// A grant's roots, resolved (links followed where the folder exists), without the ones
/// another root already covers.
pub(crate) fn tidy_roots(roots: impl IntoIterator<Item = PathBuf>) -> Vec<PathBuf> {
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
        let dir = crate::scratch_dir::scratch_dir("reached", name);
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
        // A dangling link: an open would create its target.
        std::os::unix::fs::symlink(dir.join("elsewhere/new.txt"), dir.join("inside/dangling")).unwrap();
        assert_eq!(reached(&dir.join("inside/dangling"), &dir, true).unwrap(), dir.join("elsewhere/new.txt"));
        assert_eq!(reached(&dir.join("inside/dangling"), &dir, false).unwrap(), dir.join("inside/dangling"));
        // A loop of links is an error, not a hang.
        std::os::unix::fs::symlink(dir.join("inside/loop-b"), dir.join("inside/loop-a")).unwrap();
        std::os::unix::fs::symlink(dir.join("inside/loop-a"), dir.join("inside/loop-b")).unwrap();
        assert_eq!(reached(&dir.join("inside/loop-a/x"), &dir, true).unwrap_err().raw_os_error(), Some(libc::ELOOP));
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
