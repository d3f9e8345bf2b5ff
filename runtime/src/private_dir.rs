//! Folders only the host's user can write: the transpile cache, spilled output and logs. A
//! missing folder is created 0700 (its missing parents too); an existing one is used only if
//! it is a directory owned by the user that no one else can write, and is held open so that
//! what was checked is what is used, whatever happens to its path afterwards. A folder that
//! others reach by path (a dependency's cache) also needs every folder above it safe from
//! other users (`check_ancestors`). Windows has no owner uid or mode bits: there the
//! folder's inherited access list is what keeps it private (`private_dir_windows.rs`).

#[cfg(unix)]
use std::fs::File;
use std::io;
#[cfg(unix)]
use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt};
#[cfg(unix)]
use std::path::Path;
use std::path::PathBuf;

#[cfg(windows)]
#[path = "private_dir_windows.rs"]
mod windows;
#[cfg(windows)]
pub(crate) use windows::{check_ancestors, is_mine, open, open_no_follow};

/// Why a folder cannot be trusted with the host's files.
#[derive(Debug, thiserror::Error)]
pub(crate) enum PrivateDirError {
    #[error("{0}: cannot create or open it: {1}")]
    Io(PathBuf, io::Error),
    #[error("{0}: not a directory")]
    NotADirectory(PathBuf),
    #[cfg(unix)]
    #[error("{path}: owned by another user (uid {owner}, this process runs as uid {me})")]
    ForeignOwner { path: PathBuf, owner: u32, me: u32 },
    #[cfg(unix)]
    #[error("{path}: other users can write to it (mode {mode:04o})")]
    WritableByOthers { path: PathBuf, mode: u32 },
    #[error("{path}: another user could replace it: {reason}")]
    UnsafeAncestor { path: PathBuf, reason: String },
}

/// The effective user id of this process.
#[cfg(unix)]
pub(crate) fn my_uid() -> u32 {
    // SAFETY: geteuid cannot fail and takes no arguments.
    unsafe { libc::geteuid() }
}

/// Opens `path`, a file in one of the private folders, with `options`: created 0600, and never
/// through a symbolic link at its last component (`O_NOFOLLOW`: a link planted there fails the
/// open). The Windows counterpart refuses a reparse point (`private_dir_windows.rs`).
#[cfg(unix)]
pub(crate) fn open_no_follow(options: &mut std::fs::OpenOptions, path: &Path) -> io::Result<File> {
    options.mode(0o600).custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC).open(path)
}

/// Whether a file's metadata says this user owns it.
#[cfg(unix)]
pub(crate) fn is_mine(meta: &std::fs::Metadata) -> bool {
    meta.uid() == my_uid()
}

/// Creates `dir` (0700) if it is missing, then opens it and checks it is ours and private.
#[cfg(unix)]
pub(crate) fn open(dir: &Path) -> Result<File, PrivateDirError> {
    if let Err(e) = std::fs::DirBuilder::new().recursive(true).mode(0o700).create(dir) {
        return Err(PrivateDirError::Io(dir.to_path_buf(), e));
    }
    let handle = File::open(dir).map_err(|e| PrivateDirError::Io(dir.to_path_buf(), e))?;
    let meta = handle.metadata().map_err(|e| PrivateDirError::Io(dir.to_path_buf(), e))?;
    check(dir, &meta)?;
    Ok(handle)
}

/// Whether already-read metadata describes a private folder of ours.
#[cfg(unix)]
pub(crate) fn check(dir: &Path, meta: &std::fs::Metadata) -> Result<(), PrivateDirError> {
    if !meta.is_dir() {
        return Err(PrivateDirError::NotADirectory(dir.to_path_buf()));
    }
    let me = my_uid();
    if meta.uid() != me {
        return Err(PrivateDirError::ForeignOwner {
            path: dir.to_path_buf(),
            owner: meta.uid(),
            me,
        });
    }
    let mode = meta.mode() & 0o7777;
    if mode & 0o022 != 0 {
        return Err(PrivateDirError::WritableByOthers { path: dir.to_path_buf(), mode });
    }
    Ok(())
}

/// Checks that no other user can swap `dir` for a folder of their own: every folder above it
/// is owned by root or this user, and none is writable by others unless it is sticky (`/tmp`).
#[cfg(unix)]
pub(crate) fn check_ancestors(dir: &Path) -> Result<(), PrivateDirError> {
    let unsafe_because = |reason: String| PrivateDirError::UnsafeAncestor {
        path: dir.to_path_buf(),
        reason,
    };
    let real = dir.canonicalize().map_err(|e| PrivateDirError::Io(dir.to_path_buf(), e))?;
    let me = my_uid();
    for ancestor in real.ancestors().skip(1) {
        let meta = std::fs::metadata(ancestor).map_err(|e| PrivateDirError::Io(ancestor.to_path_buf(), e))?;
        if meta.uid() != 0 && meta.uid() != me {
            return Err(unsafe_because(format!("{} belongs to uid {}", ancestor.display(), meta.uid())));
        }
        let sticky = meta.mode() & 0o1000 != 0;
        if meta.mode() & 0o002 != 0 && !sticky {
            return Err(unsafe_because(format!(
                "everyone can write to {} (mode {:04o})",
                ancestor.display(),
                meta.mode() & 0o7777
            )));
        }
    }
    Ok(())
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn scratch(name: &str) -> PathBuf {
        crate::scratch_dir::scratch_dir("private", name)
    }

    #[test]
    fn missing_folders_are_created_0700() {
        let root = scratch("create");
        let dir = root.join("a/b");
        open(&dir).unwrap();
        for path in [&dir, &root.join("a")] {
            assert_eq!(std::fs::metadata(path).unwrap().mode() & 0o777, 0o700, "{}", path.display());
        }
        std::fs::remove_dir_all(root).unwrap();
    }

    #[test]
    fn folders_others_can_write_are_refused() {
        let dir = scratch("open");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o777)).unwrap();
        let err = open(&dir).unwrap_err().to_string();
        assert!(err.contains("other users can write to it (mode 0777)"), "{err}");
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
        open(&dir).unwrap();
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn folders_under_a_folder_everyone_can_write_are_unsafe() {
        let root = scratch("ancestors");
        let dir = root.join("cache");
        open(&dir).unwrap();
        check_ancestors(&dir).expect("under /tmp, which is sticky");
        std::fs::set_permissions(&root, std::fs::Permissions::from_mode(0o777)).unwrap();
        let err = check_ancestors(&dir).unwrap_err().to_string();
        assert!(err.contains("another user could replace it: everyone can write to"), "{err}");
        std::fs::set_permissions(&root, std::fs::Permissions::from_mode(0o1777)).unwrap();
        check_ancestors(&dir).expect("sticky, like /tmp");
        std::fs::remove_dir_all(root).unwrap();
    }

    #[test]
    fn files_are_not_folders() {
        let path = scratch("file");
        std::fs::write(&path, "x").unwrap();
        assert!(matches!(open(&path), Err(PrivateDirError::Io(..) | PrivateDirError::NotADirectory(_))));
        std::fs::remove_file(path).unwrap();
    }

    #[test]
    fn folders_of_other_users_are_refused() {
        // As root, hand a folder to `nobody`; as anyone else, root's `/` is such a folder.
        let dir = if my_uid() == 0 {
            let dir = scratch("foreign");
            std::fs::create_dir_all(&dir).unwrap();
            std::os::unix::fs::chown(&dir, Some(65534), Some(65534)).unwrap();
            dir
        } else {
            PathBuf::from("/")
        };
        let err = open(&dir).unwrap_err();
        assert!(matches!(err, PrivateDirError::ForeignOwner { .. }), "{err}");
        assert!(err.to_string().contains("owned by another user"), "{err}");
        if dir != Path::new("/") {
            std::fs::remove_dir_all(dir).unwrap();
        }
    }
}
