//! The Windows side of `private_dir`. Windows has no owner uid and no mode bits: a folder in
//! the user's profile (where the host's cache, data and log folders are by default) is
//! private because of the access list (ACL) it inherits from the profile, which lets in only
//! the user, SYSTEM and Administrators. The host does not read or verify ACLs, so a folder
//! named elsewhere (`OMP_HOST_CACHE_DIR` on a shared drive, say) is only as private as what
//! it inherits there. What is checked is what has a meaning here: the folder is a directory,
//! and it is held open without delete sharing, so it cannot be renamed or removed while the
//! handle is held and its path keeps naming the folder that was checked. Files in it are
//! opened without following links (`FILE_FLAG_OPEN_REPARSE_POINT`) and refused when they are
//! a reparse point (a symbolic link or junction planted in their place).

use std::fs::{File, Metadata, OpenOptions};
use std::io;
use std::os::windows::fs::{MetadataExt, OpenOptionsExt};
use std::path::Path;

use windows_sys::Win32::Storage::FileSystem::{
    FILE_ATTRIBUTE_REPARSE_POINT, FILE_FLAG_BACKUP_SEMANTICS, FILE_FLAG_OPEN_REPARSE_POINT, FILE_SHARE_READ, FILE_SHARE_WRITE,
};

use super::PrivateDirError;

/// Creates `dir` (and its missing parents, with the access list they inherit) if it is
/// missing, then opens it and checks it is a folder. The handle shares reading and writing but
/// not deleting: while it is held, the folder cannot be renamed or removed.
pub(crate) fn open(dir: &Path) -> Result<File, PrivateDirError> {
    if let Err(e) = std::fs::DirBuilder::new().recursive(true).create(dir) {
        return Err(PrivateDirError::Io(dir.to_path_buf(), e));
    }
    // Backup semantics is what lets CreateFile open a folder at all.
    let handle = OpenOptions::new()
        .read(true)
        .share_mode(FILE_SHARE_READ | FILE_SHARE_WRITE)
        .custom_flags(FILE_FLAG_BACKUP_SEMANTICS)
        .open(dir)
        .map_err(|e| PrivateDirError::Io(dir.to_path_buf(), e))?;
    let meta = handle.metadata().map_err(|e| PrivateDirError::Io(dir.to_path_buf(), e))?;
    check(dir, &meta)?;
    Ok(handle)
}

/// Whether already-read metadata describes a folder. There is no owner or mode to compare:
/// the ACL inherited from the user's profile is what keeps the folder private, and the host
/// does not verify it.
fn check(dir: &Path, meta: &Metadata) -> Result<(), PrivateDirError> {
    if !meta.is_dir() {
        return Err(PrivateDirError::NotADirectory(dir.to_path_buf()));
    }
    Ok(())
}

/// Trusts `dir` for use by path only when it lies inside the user's profile folder
/// (`%USERPROFILE%`), whose ACL keeps other users out of every folder below it. Without
/// reading ACLs the host cannot tell whether a folder elsewhere is safe (on `C:\`, for one,
/// every signed-in user may change the folders others create), so those are refused.
pub(crate) fn check_ancestors(dir: &Path) -> Result<(), PrivateDirError> {
    let real = dir.canonicalize().map_err(|e| PrivateDirError::Io(dir.to_path_buf(), e))?;
    let profile = std::env::var_os("USERPROFILE")
        .filter(|p| !p.is_empty())
        .and_then(|p| Path::new(&p).canonicalize().ok());
    match profile {
        Some(profile) if real.starts_with(&profile) => Ok(()),
        _ => Err(PrivateDirError::UnsafeAncestor {
            path: dir.to_path_buf(),
            reason: "it is not inside the user's profile folder (%USERPROFILE%); on Windows the host does not read access lists, \
                     so it trusts only folders the profile's access list keeps private"
                .to_string(),
        }),
    }
}

/// Whether a file found in a private folder may be taken as one of the user's: there is no
/// owner uid to compare (the folder's inherited ACL is what keeps other users' files out, and
/// the host does not verify it), so this answers only that it is not a reparse point, a link
/// planted in the place of a file.
pub(crate) fn is_mine(meta: &Metadata) -> bool {
    meta.file_attributes() & FILE_ATTRIBUTE_REPARSE_POINT == 0
}

/// Opens `path` with `options` without following a link at its last component (the link
/// itself is opened, `FILE_FLAG_OPEN_REPARSE_POINT`), and refuses it if it is one: the
/// Windows counterpart of `O_NOFOLLOW`. Replaces any custom flags `options` had.
pub(crate) fn open_no_follow(options: &mut OpenOptions, path: &Path) -> io::Result<File> {
    let file = options.custom_flags(FILE_FLAG_OPEN_REPARSE_POINT).open(path)?;
    if !is_mine(&file.metadata()?) {
        return Err(io::Error::other(format!(
            "{}: a symbolic link or junction (reparse point), which is not followed here",
            path.display()
        )));
    }
    Ok(file)
}
