//! Windows's side of the file-system ops (`mod.rs`). Descriptors are the C runtime's, as libuv
//! gives Node's: an open file's handle enters the CRT's table (`into_fd`), and the descriptor
//! ops reach the handle back through it (`file_of`) to use std's calls on it. Windows files
//! have no owner, group or permission bits: a stat shows Node's Windows values (mode 0o666,
//! or 0o444 for a read-only file, on its type; 0 for what Windows lacks), `chmod` sets or
//! clears the read-only attribute only, and `access` refuses only writing a read-only file.

use std::fs::{self, File};
use std::io;
use std::mem::ManuallyDrop;
use std::os::windows::fs::OpenOptionsExt;
use std::os::windows::io::{AsRawHandle, FromRawHandle, IntoRawHandle, RawHandle};
use std::path::{Path, PathBuf};
use std::sync::Once;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use windows_sys::Win32::Foundation::{ERROR_ACCESS_DENIED, HANDLE};
use windows_sys::Win32::Storage::FileSystem::{
    GetFileType, GetFinalPathNameByHandleW, FILE_FLAG_BACKUP_SEMANTICS, FILE_NAME_NORMALIZED, FILE_TYPE_CHAR, FILE_TYPE_PIPE, FILE_WRITE_ATTRIBUTES,
    VOLUME_NAME_DOS,
};

use super::checked::access_mode::W_OK;
use super::FileStat;
use crate::ext::node::internal::errors::{crt_error, from_errno};

/// The write permission bit of a mode (`S_IWUSR`, the CRT's `_S_IWRITE`).
const S_IWRITE: u32 = 0o200;
/// The file-type bits Node shows on Windows (libuv's `_S_IF*`; `S_IFLNK` is libuv's own).
const S_IFIFO: u32 = 0o010000;
const S_IFCHR: u32 = 0o020000;
const S_IFDIR: u32 = 0o040000;
const S_IFREG: u32 = 0o100000;
const S_IFLNK: u32 = 0o120000;

/// What the C runtime calls on a bad argument, a descriptor number it does not know among
/// them: nothing, so that the call fails with EBADF. The CRT's own handler ends the process.
extern "C" fn ignore_invalid_parameter(_expression: *const u16, _function: *const u16, _file: *const u16, _line: u32, _reserved: usize) {}

type InvalidParameterHandler = Option<extern "C" fn(*const u16, *const u16, *const u16, u32, usize)>;

unsafe extern "C" {
    fn _set_invalid_parameter_handler(handler: InvalidParameterHandler) -> InvalidParameterHandler;
}

/// Makes the C runtime's descriptor calls fail with EBADF on a descriptor number it does not
/// know, as they do on Unix, where by default they end the process: a tool passes any number
/// it likes. The handler is the whole process's, set once, as libuv (so Node) sets it.
pub(crate) fn descriptors_checked() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // SAFETY: installs a handler that does nothing, for the whole process.
        unsafe { _set_invalid_parameter_handler(Some(ignore_invalid_parameter)) };
    });
}

/// The file descriptor `fd` stands for, borrowed: the C runtime keeps its handle.
pub(crate) fn file_of(fd: i32) -> io::Result<ManuallyDrop<File>> {
    descriptors_checked();
    // SAFETY: any number is accepted; an unknown one answers -1 (the handler above ignores it).
    let handle = unsafe { libc::get_osfhandle(fd) };
    if handle == -1 || handle == -2 {
        return Err(from_errno(libc::EBADF));
    }
    // SAFETY: a live handle the CRT owns; ManuallyDrop never closes it.
    Ok(ManuallyDrop::new(unsafe { File::from_raw_handle(handle as RawHandle) }))
}

/// The C runtime descriptor of an open `file`, which takes over its handle (opened with the
/// CRT's open `flags`: `O_APPEND` carries over, and the descriptor is binary).
pub(crate) fn into_fd(file: File, flags: i32) -> io::Result<i32> {
    let handle = file.into_raw_handle();
    // SAFETY: a live handle this function owns; on success the CRT owns it.
    let fd = unsafe { libc::open_osfhandle(handle as libc::intptr_t, flags & libc::O_APPEND) };
    if fd < 0 {
        let err = crt_error();
        // SAFETY: the CRT did not take the handle: it is still ours to close.
        drop(unsafe { File::from_raw_handle(handle) });
        return Err(err);
    }
    Ok(fd)
}

fn ms_since_epoch(time: SystemTime) -> f64 {
    match time.duration_since(UNIX_EPOCH) {
        Ok(after) => after.as_secs_f64() * 1000.0,
        Err(before) => -before.duration().as_secs_f64() * 1000.0,
    }
}

/// Node's mode on Windows: the type, and 0o666 (0o444 when read-only) for everyone.
fn mode_of(meta: &fs::Metadata) -> u32 {
    let kind = meta.file_type();
    let kind = if kind.is_symlink() {
        S_IFLNK
    } else if kind.is_dir() {
        S_IFDIR
    } else {
        S_IFREG
    };
    kind | if meta.permissions().readonly() { 0o444 } else { 0o666 }
}

impl FileStat {
    /// `fs.Stats` of `meta`: device, inode, links, owner, group and blocks are 0 (Windows's
    /// volume serial and file index are not in a std `Metadata`). std shows no change time
    /// (libuv reads it with `NtQueryInformationFile`): the last write stands in for it.
    pub(super) fn of(meta: &fs::Metadata) -> FileStat {
        let ms = |time: io::Result<SystemTime>| time.map(ms_since_epoch).unwrap_or(0.0);
        let mtime_ms = ms(meta.modified());
        FileStat {
            dev: 0.0,
            ino: 0.0,
            mode: mode_of(meta),
            nlink: 0.0,
            uid: 0,
            gid: 0,
            rdev: 0.0,
            size: meta.len() as f64,
            blksize: 0.0,
            blocks: 0.0,
            atime_ms: ms(meta.accessed()),
            mtime_ms,
            ctime_ms: mtime_ms,
            birthtime_ms: meta.created().map(ms_since_epoch).unwrap_or(mtime_ms),
        }
    }

    /// `fs.Stats` of a console or pipe: its type only, as libuv gives it.
    fn of_type(mode: u32) -> FileStat {
        FileStat {
            dev: 0.0,
            ino: 0.0,
            mode,
            nlink: 0.0,
            uid: 0,
            gid: 0,
            rdev: 0.0,
            size: 0.0,
            blksize: 0.0,
            blocks: 0.0,
            atime_ms: 0.0,
            mtime_ms: 0.0,
            ctime_ms: 0.0,
            birthtime_ms: 0.0,
        }
    }
}

/// `fstat` of descriptor `fd`.
pub(crate) fn fstat(fd: i32) -> io::Result<FileStat> {
    let file = file_of(fd)?;
    // SAFETY: GetFileType takes any handle value.
    match unsafe { GetFileType(file.as_raw_handle() as HANDLE) } {
        FILE_TYPE_CHAR => Ok(FileStat::of_type(S_IFCHR)),
        FILE_TYPE_PIPE => Ok(FileStat::of_type(S_IFIFO)),
        _ => Ok(FileStat::of(&file.metadata()?)),
    }
}

/// `fsync`: the file's buffers flushed to disk (`FlushFileBuffers`).
pub(crate) fn fsync(fd: i32) -> io::Result<()> {
    file_of(fd)?.sync_all()
}

/// `ftruncate` to `len` bytes.
pub(crate) fn ftruncate(fd: i32, len: f64) -> io::Result<()> {
    file_of(fd)?.set_len(len as u64)
}

/// `fchmod`: the read-only attribute set unless `mode` lets the owner write, as libuv does.
/// A handle opened without the right to change attributes (one opened only for reading) is
/// refused that: the file is then changed through its path, as the kernel lets any descriptor
/// of one's own file do on Unix.
pub(crate) fn fchmod(fd: i32, mode: u32) -> io::Result<()> {
    let file = file_of(fd)?;
    let mut permissions = file.metadata()?.permissions();
    permissions.set_readonly(mode & S_IWRITE == 0);
    match file.set_permissions(permissions.clone()) {
        Err(e) if e.raw_os_error() == Some(ERROR_ACCESS_DENIED as i32) => fs::set_permissions(fd_path(fd)?, permissions),
        other => other,
    }
}

/// The path of the file descriptor `fd` names (`GetFinalPathNameByHandleW`), without the
/// `\\?\` prefix.
pub(crate) fn fd_path(fd: i32) -> io::Result<PathBuf> {
    use std::os::windows::ffi::OsStringExt;
    let file = file_of(fd)?;
    let mut buffer = vec![0u16; 512];
    loop {
        // SAFETY: the buffer holds `buffer.len()` UTF-16 units; the call writes at most that many.
        let n = unsafe {
            GetFinalPathNameByHandleW(
                file.as_raw_handle() as HANDLE,
                buffer.as_mut_ptr(),
                buffer.len() as u32,
                FILE_NAME_NORMALIZED | VOLUME_NAME_DOS,
            )
        } as usize;
        if n == 0 {
            return Err(io::Error::last_os_error());
        }
        // Too small: `n` is the size needed, its terminating NUL included.
        if n >= buffer.len() {
            buffer.resize(n + 1, 0);
            continue;
        }
        let path = PathBuf::from(std::ffi::OsString::from_wide(&buffer[..n]));
        return Ok(PathBuf::from(shown(path)));
    }
}

/// A path std answered, as text, without the `\\?\` (or `\\?\UNC\`) prefix of a verbatim
/// path, as Node shows paths (libuv strips it from `realpath` and `readlink`).
pub(crate) fn shown(path: PathBuf) -> String {
    let text = path.display().to_string();
    if let Some(share) = text.strip_prefix(r"\\?\UNC\") {
        format!(r"\\{share}")
    } else if let Some(rest) = text.strip_prefix(r"\\?\") {
        rest.to_string()
    } else {
        text
    }
}

/// A folder builder: Windows folders have no mode (Node ignores it there).
pub(crate) fn dir_builder(_mode: u32) -> fs::DirBuilder {
    fs::DirBuilder::new()
}

/// `access` as libuv does it on Windows: the path must exist, and writing is refused (EPERM)
/// only for a read-only file (a read-only folder may still be written into); reading and
/// executing are not checked (Windows's access lists are not read).
pub(crate) fn access(path: &str, mode: i32) -> io::Result<()> {
    let meta = fs::metadata(path)?;
    if mode & W_OK != 0 && meta.permissions().readonly() && !meta.is_dir() {
        return Err(from_errno(libc::EPERM));
    }
    Ok(())
}

/// `chmod`: the read-only attribute set unless `mode` lets the owner write, as Node does.
pub(crate) fn chmod(path: &str, mode: u32) -> io::Result<()> {
    let mut permissions = fs::metadata(path)?.permissions();
    permissions.set_readonly(mode & S_IWRITE == 0);
    fs::set_permissions(path, permissions)
}

/// A symbolic link at `path` to `target`: a folder link when `target` is a folder now, else a
/// file link, as Node chooses when no type is given (a request carries none, so no junction).
/// `/` in the target become `\`, as Node makes them. Without the right to make links (an
/// unelevated user outside developer mode) it fails with EPERM, as under Node.
pub(crate) fn symlink(target: &str, path: &str) -> io::Result<()> {
    let target = target.replace('/', "\\");
    let base = Path::new(path).parent().unwrap_or(Path::new(""));
    if fs::metadata(base.join(&target)).is_ok_and(|m| m.is_dir()) {
        std::os::windows::fs::symlink_dir(&target, path)
    } else {
        std::os::windows::fs::symlink_file(&target, path)
    }
}

/// Sets the access and modification times of `path` (milliseconds since the epoch), through
/// a last link, on a file or a folder.
pub(crate) fn utimes(path: &str, atime_ms: f64, mtime_ms: f64) -> io::Result<()> {
    let time = |ms: f64| {
        let span = Duration::try_from_secs_f64(ms.abs() / 1000.0).ok()?;
        if ms >= 0.0 {
            UNIX_EPOCH.checked_add(span)
        } else {
            UNIX_EPOCH.checked_sub(span)
        }
    };
    let (Some(atime), Some(mtime)) = (time(atime_ms), time(mtime_ms)) else {
        return Err(from_errno(libc::EINVAL));
    };
    let file = fs::OpenOptions::new()
        .access_mode(FILE_WRITE_ATTRIBUTES)
        .custom_flags(FILE_FLAG_BACKUP_SEMANTICS)
        .open(path)?;
    file.set_times(fs::FileTimes::new().set_accessed(atime).set_modified(mtime))
}

/// Windows's part of `fs.constants` as Node has them there: the C runtime's open flags, the
/// types libuv shows, the owner's read and write bits, and the access modes. `UV_FS_O_FILEMAP`
/// is 0: opens here never map the file.
pub(crate) fn platform_constants() -> Vec<(&'static str, i64)> {
    vec![
        ("S_IFREG", S_IFREG as i64),
        ("S_IFDIR", S_IFDIR as i64),
        ("S_IFCHR", S_IFCHR as i64),
        ("S_IFLNK", S_IFLNK as i64),
        ("O_CREAT", libc::O_CREAT as i64),
        ("O_EXCL", libc::O_EXCL as i64),
        ("UV_FS_O_FILEMAP", 0),
        ("O_TRUNC", libc::O_TRUNC as i64),
        ("O_APPEND", libc::O_APPEND as i64),
        ("S_IRUSR", libc::S_IREAD as i64),
        ("S_IWUSR", libc::S_IWRITE as i64),
        ("F_OK", 0),
        ("R_OK", 4),
        ("W_OK", W_OK as i64),
        ("X_OK", 1),
    ]
}

/// Opens `path` with `options`. A folder refuses an open for writing with a denied access
/// (std opens without `FILE_FLAG_BACKUP_SEMANTICS`): that is EISDIR, as libuv reports it.
pub(crate) fn open_file(options: &fs::OpenOptions, path: &str) -> io::Result<File> {
    options.open(path).map_err(|e| match e.kind() {
        io::ErrorKind::PermissionDenied if fs::metadata(path).is_ok_and(|m| m.is_dir()) => from_errno(libc::EISDIR),
        _ => e,
    })
}

/// Opens `path` for reading, a folder too (`FILE_FLAG_BACKUP_SEMANTICS`), so that reading a
/// folder fails as on Unix (EISDIR, from `read_whole`) rather than at the open.
pub(crate) fn open_to_read(path: &str) -> io::Result<File> {
    fs::OpenOptions::new().read(true).custom_flags(FILE_FLAG_BACKUP_SEMANTICS).open(path)
}

/// `unlink` as libuv does it on Windows: a link to a folder is removed as the folder entry it
/// is (`DeleteFileW` refuses it), and a read-only file loses that attribute first (Windows
/// refuses to delete it; on Unix only the folder's permissions matter). A real folder stays
/// an error (EPERM, as Node reports it there).
// Clearing the read-only attribute is what this means on Windows (the lint is about Unix
// permission bits).
#[allow(clippy::permissions_set_readonly_false)]
pub(crate) fn unlink(path: &str) -> io::Result<()> {
    use std::os::windows::fs::FileTypeExt;
    let refused = match fs::remove_file(path) {
        Err(e) if e.kind() == io::ErrorKind::PermissionDenied => e,
        other => return other,
    };
    let Ok(meta) = fs::symlink_metadata(path) else {
        return Err(refused);
    };
    if meta.file_type().is_symlink_dir() {
        return fs::remove_dir(path);
    }
    if meta.is_file() && meta.permissions().readonly() {
        let mut permissions = meta.permissions();
        permissions.set_readonly(false);
        fs::set_permissions(path, permissions)?;
        return fs::remove_file(path);
    }
    Err(refused)
}

/// Makes a file `options` create read-only when `mode` lacks the owner's write bit, as libuv
/// does: the only mode bit Windows keeps.
pub(crate) fn create_mode(options: &mut fs::OpenOptions, mode: u32) {
    if mode & S_IWRITE == 0 {
        options.attributes(windows_sys::Win32::Storage::FileSystem::FILE_ATTRIBUTE_READONLY);
    }
}
