//! The file operations other than opens (`stat`, `readdir`, `mkdir`, `rename`, `unlink`,
//! `rm`, `chmod`, `utimes`, `symlink`, `link`, `readlink`, `realpath`, `access`, `mkdtemp`…)
//! for a request whose paths the permissions checked and resolved (Linux). Each opens the
//! folder its path names with `platform::open_without_links` (`openat2`, no links) and makes
//! the `*at` call on the last name, so a folder on the path swapped for a link since the
//! check fails the call (ELOOP) instead of leading it out of the granted folders. The last
//! name is taken as the operation takes it: the link itself where the operation does not
//! follow one (`lstat`, `unlink`, `rename`, `rm`, `readlink`, `utimes`), and refused if it is
//! a link where the check followed it (the check left none there).

use std::ffi::{CStr, CString, OsStr};
use std::fs;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, IntoRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::ptr::NonNull;

use super::super::internal::errors::{from_errno, syscall_error, SystemError};
use super::{err1, random_suffix, DirEntry, FileStat, FsReply, FsRequest};

/// Runs `request` with the `*at` calls; the operations that open a file are `super::run`'s.
pub(crate) fn run(request: FsRequest) -> Result<FsReply, SystemError> {
    use FsRequest::*;
    Ok(match request {
        Stat { path, follow } => {
            let meta = if follow { pinned(&path).map(|(_, meta)| meta) } else { lstat(&path) };
            FsReply::Stat(FileStat::of(&meta.map_err(err1(if follow { "stat" } else { "lstat" }, &path))?))
        }
        Exists { path } => FsReply::Flag(pinned(&path).is_ok()),
        Mkdir { path, recursive: true, mode } => match mkdir_all(Path::new(&path), mode).map_err(err1("mkdir", &path))? {
            Some(first) => FsReply::Text(first.display().to_string()),
            None => FsReply::Nothing(()),
        },
        Mkdir { path, mode, .. } => {
            // SAFETY: a live descriptor and a NUL-terminated name.
            at(&path, |dir, name| done(unsafe { libc::mkdirat(dir, name.as_ptr(), mode as libc::mode_t) })).map_err(err1("mkdir", &path))?;
            FsReply::Nothing(())
        }
        Readdir { path } => FsReply::Entries(read_dir(&path).map_err(err1("scandir", &path))?),
        Rm { path, recursive, force } => {
            let (dir, name) = match parent_of(&path) {
                Ok(found) => found,
                Err(e) if force && e.kind() == io::ErrorKind::NotFound => return Ok(FsReply::Nothing(())),
                Err(e) => return Err(syscall_error(e, "lstat", Some(&path), None)),
            };
            let dir = dir.as_raw_fd();
            match lstat_at(dir, &name) {
                Err(e) if force && e.kind() == io::ErrorKind::NotFound => {}
                // Node reports the lstat it starts with.
                Err(e) => return Err(syscall_error(e, "lstat", Some(&path), None)),
                Ok(st) if is_dir(&st) => {
                    if !recursive {
                        return Err(SystemError::RmDirectory { path });
                    }
                    remove_tree(dir, &name).map_err(err1("rm", &path))?;
                }
                // SAFETY: a live descriptor and a NUL-terminated name.
                Ok(_) => done(unsafe { libc::unlinkat(dir, name.as_ptr(), 0) }).map_err(err1("rm", &path))?,
            }
            FsReply::Nothing(())
        }
        Rmdir { path } => {
            // SAFETY: a live descriptor and a NUL-terminated name.
            at(&path, |dir, name| done(unsafe { libc::unlinkat(dir, name.as_ptr(), libc::AT_REMOVEDIR) })).map_err(err1("rmdir", &path))?;
            FsReply::Nothing(())
        }
        Unlink { path } => {
            // SAFETY: a live descriptor and a NUL-terminated name.
            at(&path, |dir, name| done(unsafe { libc::unlinkat(dir, name.as_ptr(), 0) })).map_err(err1("unlink", &path))?;
            FsReply::Nothing(())
        }
        Rename { from, to } => {
            at(&from, |from_dir, from_name| {
                // SAFETY: live descriptors and NUL-terminated names.
                at(&to, |to_dir, to_name| {
                    done(unsafe { libc::renameat(from_dir, from_name.as_ptr(), to_dir, to_name.as_ptr()) })
                })
            })
            .map_err(|e| syscall_error(e, "rename", Some(&from), Some(&to)))?;
            FsReply::Nothing(())
        }
        // The checked path is where the path leads; it is the answer if no link is on it now.
        Realpath { path } => {
            pinned(&path).map_err(err1("realpath", &path))?;
            FsReply::Text(path)
        }
        Mkdtemp { prefix } => mkdtemp(&prefix)?,
        Access { path, mode } => {
            let (file, _) = pinned(&path).map_err(err1("access", &path))?;
            if mode != libc::F_OK {
                access_pinned(&file, mode).map_err(err1("access", &path))?;
            }
            FsReply::Nothing(())
        }
        Chmod { path, mode } => {
            let (file, _) = pinned(&path).map_err(err1("chmod", &path))?;
            chmod_pinned(&file, mode as libc::mode_t).map_err(err1("chmod", &path))?;
            FsReply::Nothing(())
        }
        Readlink { path } => FsReply::Text(at(&path, read_link_at).map_err(err1("readlink", &path))?.display().to_string()),
        Symlink { target, path } => {
            let fail = |e: io::Error| syscall_error(e, "symlink", Some(&target), Some(&path));
            let target_c = c_string(target.as_bytes()).map_err(fail)?;
            // SAFETY: NUL-terminated strings and a live descriptor.
            at(&path, |dir, name| done(unsafe { libc::symlinkat(target_c.as_ptr(), dir, name.as_ptr()) })).map_err(fail)?;
            FsReply::Nothing(())
        }
        Link { existing, path } => {
            at(&existing, |from_dir, from_name| {
                // SAFETY: live descriptors and NUL-terminated names; flags 0 does not follow a link.
                at(&path, |to_dir, to_name| {
                    done(unsafe { libc::linkat(from_dir, from_name.as_ptr(), to_dir, to_name.as_ptr(), 0) })
                })
            })
            .map_err(|e| syscall_error(e, "link", Some(&existing), Some(&path)))?;
            FsReply::Nothing(())
        }
        // On the last name itself: a link swapped in there gets its own times, nothing else's.
        Utimes { path, atime_ms, mtime_ms } => {
            let times = [super::timespec_of(atime_ms), super::timespec_of(mtime_ms)];
            at(&path, |dir, name| {
                // SAFETY: a live descriptor, a NUL-terminated name and two timespecs.
                done(unsafe { libc::utimensat(dir, name.as_ptr(), times.as_ptr(), libc::AT_SYMLINK_NOFOLLOW) })
            })
            .map_err(err1("utime", &path))?;
            FsReply::Nothing(())
        }
        request => super::run(request)?,
    })
}

fn c_string(bytes: &[u8]) -> io::Result<CString> {
    CString::new(bytes).map_err(|_| from_errno(libc::EINVAL))
}

/// A system call's 0 or -1 as a result.
fn done(result: libc::c_int) -> io::Result<()> {
    if result == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

/// The folder `path` names its file in, opened without links (only to name it: `O_PATH`), and
/// the file's name in it. `/` is its own folder (`.`).
fn parent_of(path: &str) -> io::Result<(fs::File, CString)> {
    let path = Path::new(path);
    let (folder, name) = match (path.parent(), path.file_name()) {
        (Some(folder), Some(name)) => (folder, name),
        _ => (path, OsStr::new(".")),
    };
    let dir = crate::platform::open_without_links(folder, libc::O_PATH | libc::O_DIRECTORY, 0)?;
    Ok((dir, c_string(name.as_bytes())?))
}

/// `call` with `path`'s folder (opened as `parent_of` does) and its last name.
fn at<T>(path: &str, call: impl FnOnce(RawFd, &CStr) -> io::Result<T>) -> io::Result<T> {
    let (dir, name) = parent_of(path)?;
    call(dir.as_raw_fd(), &name)
}

/// `path` itself opened without links, the last one included (`O_PATH`: nothing is read), and
/// its metadata. A link on the way fails with ELOOP: the check followed every one, so a link
/// here was swapped in since.
fn pinned(path: &str) -> io::Result<(fs::File, fs::Metadata)> {
    let file = crate::platform::open_without_links(Path::new(path), libc::O_PATH, 0)?;
    let meta = file.metadata()?;
    // Where the kernel has no openat2, the open only held the last link (as the link itself).
    if meta.file_type().is_symlink() {
        return Err(from_errno(libc::ELOOP));
    }
    Ok((file, meta))
}

/// The metadata of `path`'s last name itself (a link is not followed).
fn lstat(path: &str) -> io::Result<fs::Metadata> {
    at(path, |dir, name| {
        // SAFETY: a live descriptor and a NUL-terminated name.
        let fd = unsafe { libc::openat(dir, name.as_ptr(), libc::O_PATH | libc::O_NOFOLLOW | libc::O_CLOEXEC) };
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: a descriptor the kernel just opened, owned from here on.
        unsafe { fs::File::from_raw_fd(fd) }.metadata()
    })
}

/// `fstatat` of `name` in `dir`, not following a link.
fn lstat_at(dir: RawFd, name: &CStr) -> io::Result<libc::stat> {
    // SAFETY: an all-zero `stat` is a valid value for fstatat to fill in.
    let mut st: libc::stat = unsafe { std::mem::zeroed() };
    // SAFETY: a live descriptor, a NUL-terminated name and a writable stat.
    done(unsafe { libc::fstatat(dir, name.as_ptr(), &mut st, libc::AT_SYMLINK_NOFOLLOW) })?;
    Ok(st)
}

fn is_dir(st: &libc::stat) -> bool {
    st.st_mode & libc::S_IFMT == libc::S_IFDIR
}

/// Changes the mode of the very file `file` (a pinned `O_PATH` descriptor) holds. Linux's
/// `fchmodat` follows a last link and `fchmod` takes no `O_PATH` descriptor, so this is
/// `fchmodat2` on the descriptor itself (Linux 6.6).
fn chmod_pinned(file: &fs::File, mode: libc::mode_t) -> io::Result<()> {
    // SAFETY: a live descriptor and an empty NUL-terminated name.
    let changed = unsafe { libc::syscall(libc::SYS_fchmodat2, file.as_raw_fd(), c"".as_ptr(), mode, libc::AT_EMPTY_PATH) };
    // SAFETY: a NUL-terminated path.
    on_descriptor(changed, || unsafe { libc::chmod(fd_path(file).as_ptr(), mode) })
}

/// Whether the real user may reach the very file `file` (a pinned `O_PATH` descriptor) holds
/// for `mode`: `faccessat2` on the descriptor itself (Linux 5.8).
fn access_pinned(file: &fs::File, mode: libc::c_int) -> io::Result<()> {
    // SAFETY: a live descriptor and an empty NUL-terminated name.
    let allowed = unsafe { libc::syscall(libc::SYS_faccessat2, file.as_raw_fd(), c"".as_ptr(), mode, libc::AT_EMPTY_PATH) };
    // SAFETY: a NUL-terminated path.
    on_descriptor(allowed, || unsafe { libc::faccessat(libc::AT_FDCWD, fd_path(file).as_ptr(), mode, 0) })
}

/// The outcome of a system call made on a pinned descriptor itself (`AT_EMPTY_PATH`, which
/// answered `answer`), or, where the kernel lacks that call or flag (`ENOSYS`, `EINVAL`), of
/// `through_proc`: the same call on the descriptor's `/proc/self/fd` entry.
fn on_descriptor(answer: libc::c_long, through_proc: impl FnOnce() -> libc::c_int) -> io::Result<()> {
    if answer == 0 {
        return Ok(());
    }
    let error = io::Error::last_os_error();
    match error.raw_os_error() {
        Some(libc::ENOSYS | libc::EINVAL) => done(through_proc()),
        _ => Err(error),
    }
}

/// The `/proc/self/fd` entry of `file`: a path to the very file the descriptor holds.
fn fd_path(file: &fs::File) -> CString {
    CString::new(format!("/proc/self/fd/{}", file.as_raw_fd())).expect("no NUL in a number")
}

fn read_link_at(dir: RawFd, name: &CStr) -> io::Result<PathBuf> {
    let mut buffer = vec![0u8; 256];
    loop {
        // SAFETY: a live descriptor, a NUL-terminated name and a writable buffer of its length.
        let len = unsafe { libc::readlinkat(dir, name.as_ptr(), buffer.as_mut_ptr().cast(), buffer.len()) };
        if len < 0 {
            return Err(io::Error::last_os_error());
        }
        let len = len as usize;
        // A full buffer may have cut the target short.
        if len < buffer.len() {
            buffer.truncate(len);
            return Ok(PathBuf::from(OsStr::from_bytes(&buffer)));
        }
        buffer.resize(buffer.len() * 2, 0);
    }
}

/// `mkdir -p`: the deepest folder of `path` that exists is opened without links, and the
/// missing ones are made from it down, each opened (not following a link) to make the next
/// in. Answers the first folder made, if any.
fn mkdir_all(path: &Path, mode: u32) -> io::Result<Option<PathBuf>> {
    let mut missing: Vec<&OsStr> = Vec::new();
    let mut base = path;
    let mut dir: OwnedFd = loop {
        let (Some(folder), Some(name)) = (base.parent(), base.file_name()) else {
            // `/`, which exists.
            return crate::platform::open_without_links(base, libc::O_PATH | libc::O_DIRECTORY, 0).map(|_| None);
        };
        missing.push(name);
        match crate::platform::open_without_links(folder, libc::O_PATH | libc::O_DIRECTORY, 0) {
            Ok(found) => break found.into(),
            Err(e) if e.kind() == io::ErrorKind::NotFound => base = folder,
            Err(e) => return Err(e),
        }
    };
    let mut first = None;
    let mut made = base.parent().map(Path::to_path_buf).unwrap_or_default();
    for (i, name) in missing.iter().rev().enumerate() {
        made.push(name);
        let name = c_string(name.as_bytes())?;
        // SAFETY: a live descriptor and a NUL-terminated name.
        match done(unsafe { libc::mkdirat(dir.as_raw_fd(), name.as_ptr(), mode as libc::mode_t) }) {
            Ok(()) => {
                first.get_or_insert_with(|| made.clone());
            }
            Err(e) if e.raw_os_error() == Some(libc::EEXIST) => {}
            Err(e) => return Err(e),
        }
        if i + 1 == missing.len() {
            break;
        }
        // SAFETY: a live descriptor and a NUL-terminated name.
        let next = unsafe {
            libc::openat(
                dir.as_raw_fd(),
                name.as_ptr(),
                libc::O_PATH | libc::O_DIRECTORY | libc::O_NOFOLLOW | libc::O_CLOEXEC,
            )
        };
        if next < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: a descriptor the kernel just opened, owned from here on.
        dir = unsafe { OwnedFd::from_raw_fd(next) };
    }
    if first.is_none() {
        // It existed: fine if it is a folder (not a link to one), EEXIST otherwise, as mkdir -p.
        let (name, parent) = (missing[0], dir.as_raw_fd());
        let st = lstat_at(parent, &c_string(name.as_bytes())?)?;
        if !is_dir(&st) {
            return Err(from_errno(libc::EEXIST));
        }
    }
    Ok(first)
}

/// `mkdtemp`: a new folder (mode 0700) named `prefix` and six random characters, made in the
/// folder `prefix` names (the prefix itself when it ends with `/`).
fn mkdtemp(prefix: &str) -> Result<FsReply, SystemError> {
    let fail = |e: io::Error| syscall_error(e, "mkdtemp", Some(&format!("{prefix}XXXXXX")), None);
    let path = Path::new(prefix);
    let (folder, stem) = if prefix.ends_with('/') {
        (path, OsStr::new(""))
    } else {
        (path.parent().unwrap_or(Path::new("/")), path.file_name().unwrap_or_default())
    };
    let dir = crate::platform::open_without_links(folder, libc::O_PATH | libc::O_DIRECTORY, 0).map_err(fail)?;
    let mut attempts = 0;
    loop {
        let suffix = random_suffix(6);
        let name = c_string(&[stem.as_bytes(), suffix.as_bytes()].concat()).map_err(fail)?;
        // SAFETY: a live descriptor and a NUL-terminated name.
        match done(unsafe { libc::mkdirat(dir.as_raw_fd(), name.as_ptr(), 0o700) }) {
            Ok(()) => return Ok(FsReply::Text(format!("{prefix}{suffix}"))),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempts < 100 => attempts += 1,
            Err(e) => return Err(fail(e)),
        }
    }
}

/// A folder being listed (`fdopendir`), closed when dropped.
struct Listing(NonNull<libc::DIR>);

impl Listing {
    fn of(fd: OwnedFd) -> io::Result<Listing> {
        let raw = fd.into_raw_fd();
        // SAFETY: a descriptor this function owns; fdopendir takes it over when it succeeds.
        match NonNull::new(unsafe { libc::fdopendir(raw) }) {
            Some(dir) => Ok(Listing(dir)),
            None => {
                let e = io::Error::last_os_error();
                // SAFETY: still ours, as fdopendir failed.
                unsafe { libc::close(raw) };
                Err(e)
            }
        }
    }

    /// The folder's descriptor, for `*at` calls in it.
    fn fd(&self) -> RawFd {
        // SAFETY: a DIR this value owns.
        unsafe { libc::dirfd(self.0.as_ptr()) }
    }

    /// Every name in it (but `.` and `..`) with its `d_type`.
    fn entries(&mut self) -> io::Result<Vec<(CString, u8)>> {
        let mut entries = Vec::new();
        loop {
            // readdir answers null both at the end and on an error; errno tells them apart.
            // SAFETY: errno is this thread's.
            unsafe { *libc::__errno_location() = 0 };
            // SAFETY: a DIR this value owns.
            let entry = unsafe { libc::readdir(self.0.as_ptr()) };
            if entry.is_null() {
                let e = io::Error::last_os_error();
                return if e.raw_os_error() == Some(0) { Ok(entries) } else { Err(e) };
            }
            // SAFETY: readdir's entry stays valid until the next call on this DIR.
            let (name, kind) = unsafe { (CStr::from_ptr((*entry).d_name.as_ptr()), (*entry).d_type) };
            if name != c"." && name != c".." {
                entries.push((name.to_owned(), kind));
            }
        }
    }
}

impl Drop for Listing {
    fn drop(&mut self) {
        // SAFETY: a DIR this value owns, closed once.
        unsafe { libc::closedir(self.0.as_ptr()) };
    }
}

/// libuv's dirent type of an entry's `d_type` (its `lstat` when the file system gives none).
fn entry_kind(dir: RawFd, name: &CStr, d_type: u8) -> u8 {
    match d_type {
        libc::DT_REG => 1,
        libc::DT_DIR => 2,
        libc::DT_LNK => 3,
        libc::DT_FIFO => 4,
        libc::DT_SOCK => 5,
        libc::DT_CHR => 6,
        libc::DT_BLK => 7,
        _ => lstat_at(dir, name)
            .map(|st| match st.st_mode & libc::S_IFMT {
                libc::S_IFREG => 1,
                libc::S_IFDIR => 2,
                libc::S_IFLNK => 3,
                libc::S_IFIFO => 4,
                libc::S_IFSOCK => 5,
                libc::S_IFCHR => 6,
                libc::S_IFBLK => 7,
                _ => 0,
            })
            .unwrap_or(0),
    }
}

/// `readdir` of the folder `path` names, opened without links; sorted bytewise, as libuv's
/// scandir (and so Node) lists them.
fn read_dir(path: &str) -> io::Result<Vec<DirEntry>> {
    let dir = crate::platform::open_without_links(Path::new(path), libc::O_RDONLY | libc::O_DIRECTORY, 0)?;
    let mut listing = Listing::of(dir.into())?;
    let mut entries: Vec<DirEntry> = listing
        .entries()?
        .into_iter()
        .map(|(name, d_type)| DirEntry {
            kind: entry_kind(listing.fd(), &name, d_type),
            name: String::from_utf8_lossy(name.as_bytes()).into_owned(),
        })
        .collect();
    entries.sort_by(|a, b| a.name.as_bytes().cmp(b.name.as_bytes()));
    Ok(entries)
}

/// Removes the folder `name` in `parent` and everything in it. Each folder is opened from the
/// one above it without following a link, so a link swapped in anywhere below is removed as
/// the link it is (or fails the removal), never followed.
fn remove_tree(parent: RawFd, name: &CStr) -> io::Result<()> {
    // SAFETY: a live descriptor and a NUL-terminated name.
    let fd = unsafe { libc::openat(parent, name.as_ptr(), libc::O_RDONLY | libc::O_DIRECTORY | libc::O_NOFOLLOW | libc::O_CLOEXEC) };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: a descriptor the kernel just opened, owned from here on.
    let mut listing = Listing::of(unsafe { OwnedFd::from_raw_fd(fd) })?;
    for (entry, d_type) in listing.entries()? {
        let removed = if entry_kind(listing.fd(), &entry, d_type) == 2 {
            remove_tree(listing.fd(), &entry)
        } else {
            // SAFETY: a live descriptor and a NUL-terminated name.
            done(unsafe { libc::unlinkat(listing.fd(), entry.as_ptr(), 0) })
        };
        match removed {
            // Removed by someone else meanwhile.
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            other => other?,
        }
    }
    drop(listing);
    // SAFETY: a live descriptor and a NUL-terminated name.
    done(unsafe { libc::unlinkat(parent, name.as_ptr(), libc::AT_REMOVEDIR) })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::os::unix::fs::{symlink, MetadataExt};

    use super::super::checked::{self, Checked};
    use super::super::run_checked;
    use super::*;
    use crate::permissions::{Grant, Permissions, Policy};

    fn scratch(name: &str) -> PathBuf {
        let dir = crate::scratch_dir::scratch_dir("at-calls", name);
        fs::create_dir_all(&dir).unwrap();
        fs::canonicalize(dir).unwrap()
    }

    /// Everything under `dir` as it stands: each name's type and mode, link count, modification time,
    /// size, and its contents or link target.
    fn snapshot(dir: &Path, into: &mut BTreeMap<PathBuf, String>) {
        for entry in fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            let meta = fs::symlink_metadata(&path).unwrap();
            let what = if meta.is_file() {
                fs::read_to_string(&path).unwrap()
            } else if meta.file_type().is_symlink() {
                fs::read_link(&path).unwrap().display().to_string()
            } else {
                String::new()
            };
            into.insert(
                path.clone(),
                format!(
                    "{:o} {} {}.{} {} {what}",
                    meta.mode(),
                    meta.nlink(),
                    meta.mtime(),
                    meta.mtime_nsec(),
                    meta.len()
                ),
            );
            if meta.is_dir() {
                snapshot(&path, into);
            }
        }
    }

    fn outside_now(dir: &Path) -> BTreeMap<PathBuf, String> {
        let mut all = BTreeMap::new();
        snapshot(dir, &mut all);
        all
    }

    /// Each operation is checked while `root/d` is a folder inside the root, then run once
    /// `root/d` has become a link to a folder outside holding the same names: the run must
    /// refuse the link instead of reaching the outside folder. This is the order a tool racing
    /// itself would arrange, made deterministic.
    #[test]
    fn a_folder_swapped_for_a_link_after_the_check_fails_each_operation() {
        use FsRequest::*;
        let dir = scratch("swap");
        let (root, outside) = (dir.join("root"), dir.join("outside"));
        // Laid out afresh for each operation, so that each is tried on the same files.
        let lay_out = || {
            for base in [&root, &outside] {
                let _ = fs::remove_dir_all(base);
            }
            for base in [root.join("d"), outside.clone()] {
                fs::create_dir_all(base.join("sub/inner")).unwrap();
                fs::create_dir_all(base.join("empty")).unwrap();
                fs::write(base.join("f"), "contents").unwrap();
                fs::write(base.join("sub/inner/g"), "contents").unwrap();
                symlink("f", base.join("alink")).unwrap();
            }
            fs::write(root.join("spare"), "spare").unwrap();
        };
        lay_out();
        let permissions = Permissions::enforce(
            Policy {
                read: Grant::Only(vec![root.clone()]),
                write: Grant::Only(vec![root.clone()]),
                ..Policy::all()
            },
            None,
        );
        let d = |rel: &str| root.join("d").join(rel).display().to_string();
        let r = |rel: &str| root.join(rel).display().to_string();
        let requests = vec![
            ("stat", Stat { path: d("f"), follow: true }),
            (
                "lstat",
                Stat {
                    path: d("alink"),
                    follow: false,
                },
            ),
            ("exists", Exists { path: d("f") }),
            ("readdir", Readdir { path: d("sub") }),
            ("readdir of the folder itself", Readdir { path: r("d") }),
            ("realpath", Realpath { path: d("f") }),
            (
                "access",
                Access {
                    path: d("f"),
                    mode: libc::R_OK,
                },
            ),
            ("readlink", Readlink { path: d("alink") }),
            (
                "mkdir",
                Mkdir {
                    path: d("new"),
                    recursive: false,
                    mode: 0o755,
                },
            ),
            (
                "mkdir -p",
                Mkdir {
                    path: d("new/deeper"),
                    recursive: true,
                    mode: 0o755,
                },
            ),
            ("mkdtemp", Mkdtemp { prefix: d("tmp-") }),
            (
                "rm",
                Rm {
                    path: d("f"),
                    recursive: false,
                    force: false,
                },
            ),
            (
                "rm -r",
                Rm {
                    path: d("sub"),
                    recursive: true,
                    force: false,
                },
            ),
            ("rmdir", Rmdir { path: d("empty") }),
            ("unlink", Unlink { path: d("f") }),
            ("rename from", Rename { from: d("f"), to: r("moved") }),
            (
                "rename to",
                Rename {
                    from: r("spare"),
                    to: d("moved"),
                },
            ),
            ("chmod", Chmod { path: d("f"), mode: 0o600 }),
            (
                "utimes",
                Utimes {
                    path: d("f"),
                    atime_ms: 0.0,
                    mtime_ms: 0.0,
                },
            ),
            (
                "symlink",
                Symlink {
                    target: "f".into(),
                    path: d("newlink"),
                },
            ),
            (
                "link from",
                Link {
                    existing: d("f"),
                    path: r("hard"),
                },
            ),
            (
                "link to",
                Link {
                    existing: r("spare"),
                    path: d("hard"),
                },
            ),
            ("truncate", Truncate { path: d("f"), len: 0.0 }),
            (
                "copyFile",
                CopyFile {
                    from: d("f"),
                    to: r("copy"),
                    exclusive: false,
                },
            ),
        ];
        let mut led_out = Vec::new();
        for (name, request) in requests {
            lay_out();
            let Ok(Checked::Run(request)) = checked::request(&permissions, request) else {
                panic!("{name}: the check refused a path inside the root");
            };
            let before = outside_now(&outside);
            fs::rename(root.join("d"), root.join("d.real")).unwrap();
            symlink(&outside, root.join("d")).unwrap();
            let result = run_checked(&permissions, request);
            fs::remove_file(root.join("d")).unwrap();
            fs::rename(root.join("d.real"), root.join("d")).unwrap();
            let changed = outside_now(&outside) != before;
            match result {
                Err(e) if !changed && e.to_string().starts_with("ELOOP") => {}
                Ok(FsReply::Flag(false)) if !changed => {}
                other => led_out.push(format!("{name}: {other:?} (outside changed: {changed})")),
            }
        }
        assert!(led_out.is_empty(), "these went through the link:\n{}", led_out.join("\n"));
        fs::remove_dir_all(dir).unwrap();
    }

    /// The `*at` calls, with no race: what Node answers.
    #[test]
    fn the_at_calls_answer_as_the_plain_calls_do() {
        use FsRequest::*;
        let dir = scratch("plain");
        let p = |rel: &str| dir.join(rel).display().to_string();
        let text = |reply| match reply {
            FsReply::Text(text) => text,
            other => panic!("unexpected {other:?}"),
        };
        // mkdir -p answers the first folder it made, nothing when all exist; a file in the
        // way is EEXIST at the end of the path and ENOTDIR before it.
        let made = run(Mkdir {
            path: p("a/b/c"),
            recursive: true,
            mode: 0o755,
        })
        .unwrap();
        assert_eq!(text(made), p("a"));
        assert!(matches!(
            run(Mkdir {
                path: p("a/b"),
                recursive: true,
                mode: 0o755
            })
            .unwrap(),
            FsReply::Nothing(())
        ));
        fs::write(dir.join("file"), "x").unwrap();
        let err = run(Mkdir {
            path: p("file"),
            recursive: true,
            mode: 0o755,
        })
        .unwrap_err()
        .to_string();
        assert!(err.starts_with("EEXIST"), "{err}");
        let err = run(Mkdir {
            path: p("file/x"),
            recursive: true,
            mode: 0o755,
        })
        .unwrap_err()
        .to_string();
        assert!(err.starts_with("ENOTDIR"), "{err}");
        assert!(run(Mkdir {
            path: p("a"),
            recursive: false,
            mode: 0o755
        })
        .unwrap_err()
        .to_string()
        .starts_with("EEXIST"));
        // Links: lstat sees the link, readlink its target; stat refuses one (the check
        // resolves links, so one met here was swapped in).
        symlink("file", dir.join("link")).unwrap();
        match run(Stat {
            path: p("link"),
            follow: false,
        })
        .unwrap()
        {
            FsReply::Stat(stat) => assert_eq!(stat.mode & libc::S_IFMT, libc::S_IFLNK),
            other => panic!("unexpected {other:?}"),
        }
        assert!(run(Stat { path: p("link"), follow: true }).unwrap_err().to_string().starts_with("ELOOP"));
        assert_eq!(text(run(Readlink { path: p("link") }).unwrap()), "file");
        match run(Readdir {
            path: dir.display().to_string(),
        })
        .unwrap()
        {
            FsReply::Entries(entries) => assert_eq!(
                entries.iter().map(|e| (e.name.as_str(), e.kind)).collect::<Vec<_>>(),
                vec![("a", 2), ("file", 1), ("link", 3)]
            ),
            other => panic!("unexpected {other:?}"),
        }
        // Hard links, rename, chmod, utimes, access.
        run(Link {
            existing: p("file"),
            path: p("hard"),
        })
        .unwrap();
        assert_eq!(fs::metadata(dir.join("file")).unwrap().nlink(), 2);
        run(Rename {
            from: p("hard"),
            to: p("a/moved"),
        })
        .unwrap();
        assert!(dir.join("a/moved").exists() && !dir.join("hard").exists());
        run(Chmod { path: p("file"), mode: 0o640 }).unwrap();
        assert_eq!(fs::metadata(dir.join("file")).unwrap().mode() & 0o7777, 0o640);
        run(Utimes {
            path: p("file"),
            atime_ms: 1500.0,
            mtime_ms: 2500.0,
        })
        .unwrap();
        let meta = fs::metadata(dir.join("file")).unwrap();
        assert_eq!((meta.atime(), meta.mtime(), meta.mtime_nsec()), (1, 2, 500_000_000));
        run(Access {
            path: p("file"),
            mode: libc::R_OK | libc::W_OK,
        })
        .unwrap();
        assert!(run(Access {
            path: p("missing"),
            mode: libc::F_OK
        })
        .unwrap_err()
        .to_string()
        .starts_with("ENOENT"));
        assert!(matches!(run(Exists { path: p("missing") }).unwrap(), FsReply::Flag(false)));
        assert_eq!(text(run(Realpath { path: p("file") }).unwrap()), p("file"));
        // mkdtemp in a folder, and with a prefix that ends in `/`.
        let temp = text(run(Mkdtemp { prefix: p("a/t-") }).unwrap());
        assert!(temp.starts_with(&p("a/t-")) && Path::new(&temp).is_dir());
        let temp = text(
            run(Mkdtemp {
                prefix: format!("{}/", p("a")),
            })
            .unwrap(),
        );
        assert!(Path::new(&temp).parent() == Some(&dir.join("a")) && Path::new(&temp).is_dir());
        // rm: force forgives a missing path (and a missing folder above it); -r removes a
        // tree with a link in it, not what the link leads to.
        run(Rm {
            path: p("none/none"),
            recursive: false,
            force: true,
        })
        .unwrap();
        symlink(dir.join("file"), dir.join("a/b/c/to-file")).unwrap();
        run(Rm {
            path: p("a"),
            recursive: true,
            force: false,
        })
        .unwrap();
        assert!(!dir.join("a").exists() && dir.join("file").exists());
        run(Mkdir {
            path: p("e"),
            recursive: false,
            mode: 0o755,
        })
        .unwrap();
        run(Rmdir { path: p("e") }).unwrap();
        run(Unlink { path: p("link") }).unwrap();
        assert!(!dir.join("e").exists() && fs::symlink_metadata(dir.join("link")).is_err());
        fs::remove_dir_all(dir).unwrap();
    }
}
