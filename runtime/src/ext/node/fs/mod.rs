//! File-system ops behind `node:fs` and `node:fs/promises`. Every operation is written once
//! as a blocking function; the sync ops call it directly and the async ops run it on tokio's
//! blocking pool (which is what `tokio::fs` does). Errors (`FsError`) carry Node's messages
//! (`../internal/errors.rs`). Every path is first checked against the engine's permissions
//! (`checked`); under a policy that restricts files, opens refuse links and the other
//! operations run through their folder's descriptor (`at_calls`). Waits on FIFOs and pipes
//! (`wait`), the host's own streams reached by path (`host_streams`) and `fs.watch`
//! (`watch`, `watch_hub`) are beside it.

#[cfg(target_os = "linux")]
pub(crate) mod at_calls;
pub(crate) mod checked;
#[cfg(windows)]
mod fs_windows;
pub(crate) mod host_streams;
pub(crate) mod wait;
pub(crate) mod watch;
pub(crate) mod watch_hub;

#[cfg(unix)]
use std::ffi::CString;
use std::fs;
use std::io::{self, Read, Write};
#[cfg(unix)]
use std::os::unix::ffi::OsStrExt;
#[cfg(unix)]
use std::os::unix::fs::{DirBuilderExt, FileTypeExt, MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::Path;
#[cfg(unix)]
use std::time::UNIX_EPOCH;

use std::cell::RefCell;
use std::rc::Rc;

use deno_core::{op2, v8, OpState};
use serde::{Deserialize, Serialize};

use super::internal::errors::{from_errno, syscall_error, SystemError};
use crate::permissions::Access;
use crate::platform::O_ACCMODE;
use checked::Checked;
use host_streams::HostStream;
use wait::Waits;

/// What fails in a file-system op: the permissions refuse a path, a system call fails (or
/// Node's own checks refuse the operation), or the blocking-pool task running it is lost.
#[derive(Debug, thiserror::Error, deno_error::JsError)]
pub(crate) enum FsError {
    /// A path the permissions refuse: their `EACCES` error.
    #[class(inherit)]
    #[error(transparent)]
    Denied(#[from] crate::permissions::Denied),
    /// A Node system error (`ENOENT: no such file or directory, open '/x'`…).
    #[class(inherit)]
    #[error(transparent)]
    System(#[from] SystemError),
    /// The blocking-pool task running an async op panicked or was cancelled.
    #[class(generic)]
    #[error("file-system worker failed: {0}")]
    Worker(#[from] tokio::task::JoinError),
}

/// `fs.Stats` fields; times in milliseconds since the epoch.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct FileStat {
    dev: f64,
    ino: f64,
    mode: u32,
    nlink: f64,
    uid: u32,
    gid: u32,
    rdev: f64,
    size: f64,
    blksize: f64,
    blocks: f64,
    atime_ms: f64,
    mtime_ms: f64,
    ctime_ms: f64,
    birthtime_ms: f64,
}

impl FileStat {
    #[cfg(unix)]
    fn of(meta: &fs::Metadata) -> FileStat {
        let ms = |secs: i64, nanos: i64| secs as f64 * 1000.0 + nanos as f64 / 1e6;
        let ctime_ms = ms(meta.ctime(), meta.ctime_nsec());
        FileStat {
            dev: meta.dev() as f64,
            ino: meta.ino() as f64,
            mode: meta.mode(),
            nlink: meta.nlink() as f64,
            uid: meta.uid(),
            gid: meta.gid(),
            rdev: meta.rdev() as f64,
            size: meta.size() as f64,
            blksize: meta.blksize() as f64,
            blocks: meta.blocks() as f64,
            atime_ms: ms(meta.atime(), meta.atime_nsec()),
            mtime_ms: ms(meta.mtime(), meta.mtime_nsec()),
            ctime_ms,
            birthtime_ms: meta
                .created()
                .ok()
                .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
                .map(|d| d.as_secs_f64() * 1000.0)
                .unwrap_or(ctime_ms),
        }
    }
}

/// A directory entry: its name and libuv's dirent type (1 file, 2 dir, 3 link, 4 fifo,
/// 5 socket, 6 char device, 7 block device, 0 unknown).
#[derive(Debug, Serialize)]
pub(crate) struct DirEntry {
    name: String,
    kind: u8,
}

fn dirent_kind(ft: fs::FileType) -> u8 {
    if ft.is_symlink() {
        3
    } else if ft.is_file() {
        1
    } else if ft.is_dir() {
        2
    } else {
        special_kind(ft)
    }
}

/// The dirent type of a file neither a link, a regular file nor a folder.
#[cfg(unix)]
fn special_kind(ft: fs::FileType) -> u8 {
    if ft.is_fifo() {
        4
    } else if ft.is_socket() {
        5
    } else if ft.is_char_device() {
        6
    } else if ft.is_block_device() {
        7
    } else {
        0
    }
}

/// Unknown: Windows has no FIFOs, sockets or devices in its folders.
#[cfg(windows)]
fn special_kind(_ft: fs::FileType) -> u8 {
    0
}

/// One file-system request; the JavaScript side names the operation in `op`.
#[derive(Debug, Deserialize)]
#[serde(tag = "op", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub(crate) enum FsRequest {
    Stat { path: String, follow: bool },
    Exists { path: String },
    ReadText { path: String },
    Mkdir { path: String, recursive: bool, mode: u32 },
    Readdir { path: String },
    Rm { path: String, recursive: bool, force: bool },
    Rmdir { path: String },
    Unlink { path: String },
    Rename { from: String, to: String },
    CopyFile { from: String, to: String, exclusive: bool },
    Realpath { path: String },
    Mkdtemp { prefix: String },
    Access { path: String, mode: i32 },
    Chmod { path: String, mode: u32 },
    Readlink { path: String },
    Symlink { target: String, path: String },
    Link { existing: String, path: String },
    Truncate { path: String, len: f64 },
    Utimes { path: String, atime_ms: f64, mtime_ms: f64 },
}

/// What a request answers: nothing, a flag, a string, stats or directory entries.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub(crate) enum FsReply {
    Nothing(()),
    Flag(bool),
    Text(String),
    Stat(FileStat),
    Entries(Vec<DirEntry>),
}

#[cfg(unix)]
fn c_path(path: &str) -> io::Result<CString> {
    CString::new(Path::new(path).as_os_str().as_bytes()).map_err(|_| from_errno(libc::EINVAL))
}

/// Random `[A-Za-z0-9]` characters for temporary names.
fn random_suffix(len: usize) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let mut bytes = vec![0u8; len];
    super::crypto::fill_random(&mut bytes);
    bytes.iter().map(|b| ALPHABET[*b as usize % ALPHABET.len()] as char).collect()
}

/// The error of `syscall` on `path`, for `map_err`.
fn err1(syscall: &'static str, path: &str) -> impl FnOnce(io::Error) -> SystemError {
    let path = path.to_string();
    move |e: io::Error| syscall_error(e, syscall, Some(&path), None)
}

/// Runs one request to completion on the current thread.
pub(crate) fn run(request: FsRequest) -> Result<FsReply, SystemError> {
    use FsRequest::*;
    Ok(match request {
        Stat { path, follow } => {
            let meta = if follow { fs::metadata(&path) } else { fs::symlink_metadata(&path) };
            FsReply::Stat(FileStat::of(&meta.map_err(err1(if follow { "stat" } else { "lstat" }, &path))?))
        }
        Exists { path } => FsReply::Flag(fs::metadata(&path).is_ok()),
        ReadText { path } => {
            let bytes = read_file(&path)?;
            FsReply::Text(match String::from_utf8(bytes) {
                Ok(text) => text,
                Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
            })
        }
        Mkdir { path, recursive, mode } => {
            if recursive {
                // Node answers the first directory it created, or undefined if none.
                let mut first = None;
                let mut probe = Path::new(&path).to_path_buf();
                while fs::symlink_metadata(&probe).is_err() {
                    first = Some(probe.clone());
                    if !probe.pop() {
                        break;
                    }
                }
                dir_builder(mode).recursive(true).create(&path).map_err(err1("mkdir", &path))?;
                match first {
                    Some(dir) => FsReply::Text(dir.display().to_string()),
                    None => FsReply::Nothing(()),
                }
            } else {
                dir_builder(mode).create(&path).map_err(err1("mkdir", &path))?;
                FsReply::Nothing(())
            }
        }
        Readdir { path } => {
            let mut entries = Vec::new();
            for entry in fs::read_dir(&path).map_err(err1("scandir", &path))? {
                let entry = entry.map_err(err1("scandir", &path))?;
                let kind = entry.file_type().map(dirent_kind).unwrap_or(0);
                entries.push(DirEntry {
                    name: entry.file_name().to_string_lossy().into_owned(),
                    kind,
                });
            }
            // libuv's scandir sorts names bytewise; Node lists them in that order.
            entries.sort_by(|a, b| a.name.as_bytes().cmp(b.name.as_bytes()));
            FsReply::Entries(entries)
        }
        Rm { path, recursive, force } => {
            match fs::symlink_metadata(&path) {
                Err(e) if force && e.kind() == io::ErrorKind::NotFound => {}
                // Node reports the lstat it starts with.
                Err(e) => return Err(syscall_error(e, "lstat", Some(&path), None)),
                Ok(meta) if meta.is_dir() => {
                    if !recursive {
                        return Err(SystemError::RmDirectory { path });
                    }
                    fs::remove_dir_all(&path).map_err(err1("rm", &path))?;
                }
                Ok(_) => unlink(&path).map_err(err1("rm", &path))?,
            }
            FsReply::Nothing(())
        }
        Rmdir { path } => {
            fs::remove_dir(&path).map_err(err1("rmdir", &path))?;
            FsReply::Nothing(())
        }
        Unlink { path } => {
            unlink(&path).map_err(err1("unlink", &path))?;
            FsReply::Nothing(())
        }
        Rename { from, to } => {
            fs::rename(&from, &to).map_err(|e| syscall_error(e, "rename", Some(&from), Some(&to)))?;
            FsReply::Nothing(())
        }
        CopyFile { from, to, exclusive } => {
            let fail = |e: io::Error| syscall_error(e, "copyfile", Some(&from), Some(&to));
            if exclusive && fs::symlink_metadata(&to).is_ok() {
                return Err(fail(from_errno(libc::EEXIST)));
            }
            if host_streams::at_path(&from, false).is_some() || host_streams::at_path(&to, true).is_some() {
                // Through the whole-file helpers, which keep tools off the host's streams.
                write_file(&to, &read_file(&from)?, "w", 0o666)?;
            } else {
                fs::copy(&from, &to).map_err(fail)?;
            }
            FsReply::Nothing(())
        }
        Realpath { path } => FsReply::Text(shown(fs::canonicalize(&path).map_err(err1("realpath", &path))?)),
        Mkdtemp { prefix } => {
            let mut attempts = 0;
            loop {
                let candidate = format!("{prefix}{}", random_suffix(6));
                match dir_builder(0o700).create(&candidate) {
                    Ok(()) => break FsReply::Text(candidate),
                    Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempts < 100 => attempts += 1,
                    Err(e) => return Err(syscall_error(e, "mkdtemp", Some(&format!("{prefix}XXXXXX")), None)),
                }
            }
        }
        Access { path, mode } => {
            access(&path, mode).map_err(err1("access", &path))?;
            FsReply::Nothing(())
        }
        Chmod { path, mode } => {
            chmod(&path, mode).map_err(err1("chmod", &path))?;
            FsReply::Nothing(())
        }
        Readlink { path } => FsReply::Text(shown(fs::read_link(&path).map_err(err1("readlink", &path))?)),
        Symlink { target, path } => {
            symlink(&target, &path).map_err(|e| syscall_error(e, "symlink", Some(&target), Some(&path)))?;
            FsReply::Nothing(())
        }
        Link { existing, path } => {
            fs::hard_link(&existing, &path).map_err(|e| syscall_error(e, "link", Some(&existing), Some(&path)))?;
            FsReply::Nothing(())
        }
        // The host's output is not the tool's to cut.
        Truncate { path, .. } if host_streams::at_path(&path, true).is_some() => FsReply::Nothing(()),
        Truncate { path, len } => {
            let file = fs::OpenOptions::new().write(true).open(&path).map_err(err1("open", &path))?;
            file.set_len(len.max(0.0) as u64).map_err(err1("ftruncate", &path))?;
            FsReply::Nothing(())
        }
        Utimes { path, atime_ms, mtime_ms } => {
            utimes(&path, atime_ms, mtime_ms).map_err(err1("utime", &path))?;
            FsReply::Nothing(())
        }
    })
}

/// unlink(2) of `path`.
#[cfg(unix)]
fn unlink(path: &str) -> io::Result<()> {
    fs::remove_file(path)
}

/// A folder builder that gives what it creates `mode` (less the umask).
#[cfg(unix)]
fn dir_builder(mode: u32) -> fs::DirBuilder {
    let mut builder = fs::DirBuilder::new();
    builder.mode(mode);
    builder
}

/// A path std answered, as text.
#[cfg(unix)]
fn shown(path: std::path::PathBuf) -> String {
    path.display().to_string()
}

/// access(2) of `path` for `mode` (`F_OK`, or `R_OK | W_OK | X_OK`).
#[cfg(unix)]
fn access(path: &str, mode: i32) -> io::Result<()> {
    let c = c_path(path)?;
    // SAFETY: `c` is a valid NUL-terminated string for the duration of the call.
    if unsafe { libc::access(c.as_ptr(), mode) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// chmod(2) of `path` (through a last link).
#[cfg(unix)]
fn chmod(path: &str, mode: u32) -> io::Result<()> {
    fs::set_permissions(path, fs::Permissions::from_mode(mode))
}

/// A symbolic link at `path` to `target`.
#[cfg(unix)]
fn symlink(target: &str, path: &str) -> io::Result<()> {
    std::os::unix::fs::symlink(target, path)
}

/// Sets the access and modification times of `path` (milliseconds since the epoch).
#[cfg(unix)]
fn utimes(path: &str, atime_ms: f64, mtime_ms: f64) -> io::Result<()> {
    let times = [timespec_of(atime_ms), timespec_of(mtime_ms)];
    let c = c_path(path)?;
    // SAFETY: valid C string and a two-element timespec array, as utimensat requires.
    if unsafe { libc::utimensat(libc::AT_FDCWD, c.as_ptr(), times.as_ptr(), 0) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

#[cfg(windows)]
use fs_windows::{access, chmod, dir_builder, open_file, open_to_read, shown, symlink, unlink, utimes};

/// Opens `path` with `options`.
#[cfg(unix)]
fn open_file(options: &fs::OpenOptions, path: &str) -> io::Result<fs::File> {
    options.open(path)
}

/// Opens `path` for reading.
#[cfg(unix)]
fn open_to_read(path: &str) -> io::Result<fs::File> {
    fs::File::open(path)
}

/// Opens `path` for writing with Node's flag letters (`w`, `a`, `wx`, `ax`, …).
fn open_for_write(path: &str, flag: &str, mode: u32) -> io::Result<fs::File> {
    let mut options = fs::OpenOptions::new();
    create_mode(&mut options, mode);
    if flag.starts_with('a') {
        options.append(true).create(true);
    } else if flag.starts_with('r') {
        options.write(true);
    } else {
        options.write(true).truncate(true).create(true);
    }
    if flag.contains('x') {
        options.create_new(true);
    }
    open_file(&options, path)
}

/// Gives a file `options` create `mode` (less the umask).
#[cfg(unix)]
fn create_mode(options: &mut fs::OpenOptions, mode: u32) {
    options.mode(mode);
}

#[cfg(windows)]
use fs_windows::create_mode;

/// `open_for_write`'s flag letters as open(2) flags.
fn write_flags(flag: &str) -> i32 {
    let mut flags = if flag.starts_with('a') {
        libc::O_WRONLY | libc::O_APPEND | libc::O_CREAT
    } else if flag.starts_with('r') {
        libc::O_WRONLY
    } else {
        libc::O_WRONLY | libc::O_TRUNC | libc::O_CREAT
    };
    if flag.contains('x') {
        flags |= libc::O_CREAT | libc::O_EXCL;
    }
    flags
}

/// How the waiting opens treat links on a path `checked` gave: a restricted tool's path was
/// resolved when checked, so a link on it now was swapped in since, and is refused.
fn links_for(permissions: &crate::permissions::Permissions) -> wait::Links {
    if permissions.is_unrestricted() {
        wait::Links::Follow
    } else {
        wait::Links::Refuse
    }
}

/// What one stat of `path` says: which of the host's streams it is, if any
/// (`host_streams`), and whether ops on it may wait (`wait`).
fn classify(path: &str, writing: bool) -> (Option<HostStream>, Waits) {
    match fs::metadata(path) {
        Ok(meta) => (stream_at(path, &meta, writing), wait::waits_of(&meta)),
        Err(_) => (None, Waits::Never),
    }
}

/// Which of the host's streams the file at `path`, described by `meta`, is.
#[cfg(unix)]
fn stream_at(_path: &str, meta: &fs::Metadata, writing: bool) -> Option<HostStream> {
    host_streams::of(meta, writing)
}

/// Which of the host's streams the file at `path` is: by its volume and file index, which a
/// `Metadata` does not show on Windows (`host_streams::at_path`).
#[cfg(windows)]
fn stream_at(path: &str, _meta: &fs::Metadata, writing: bool) -> Option<HostStream> {
    host_streams::at_path(path, writing)
}

/// `writeFile`: to the host's stderr queue when `path` is one of the host's outputs.
fn write_file(path: &str, data: &[u8], flag: &str, mode: u32) -> Result<(), SystemError> {
    if host_streams::at_path(path, true).is_some() {
        crate::stderr::write_bytes(data);
        return Ok(());
    }
    write_plain_file(path, data, flag, mode)
}

fn write_plain_file(path: &str, data: &[u8], flag: &str, mode: u32) -> Result<(), SystemError> {
    let mut file = open_for_write(path, flag, mode).map_err(|e| syscall_error(e, "open", Some(path), None))?;
    file.write_all(data).map_err(|e| syscall_error(e, "write", Some(path), None))
}

/// `readFile`: nothing when `path` is one of the host's streams.
fn read_file(path: &str) -> Result<Vec<u8>, SystemError> {
    if host_streams::at_path(path, false).is_some() {
        return Ok(Vec::new());
    }
    read_plain_file(path)
}

fn read_plain_file(path: &str) -> Result<Vec<u8>, SystemError> {
    let file = open_to_read(path).map_err(|e| syscall_error(e, "open", Some(path), None))?;
    read_whole(file)
}

/// `readFile` of a path the permissions checked and resolved: opened so that a link swapped
/// in since the check fails the open (`platform::open_without_links`).
fn read_checked_file(path: &str) -> Result<Vec<u8>, SystemError> {
    let file = crate::platform::open_without_links(Path::new(path), libc::O_RDONLY, 0).map_err(|e| syscall_error(e, "open", Some(path), None))?;
    read_whole(file)
}

/// `writeFile` of a path the permissions checked and resolved (see `read_checked_file`).
fn write_checked_file(path: &str, data: &[u8], flag: &str, mode: u32) -> Result<(), SystemError> {
    let file = crate::platform::open_without_links(Path::new(path), write_flags(flag), mode).map_err(|e| syscall_error(e, "open", Some(path), None))?;
    write_whole(file, path, data)
}

fn write_whole(mut file: fs::File, path: &str, data: &[u8]) -> Result<(), SystemError> {
    file.write_all(data).map_err(|e| syscall_error(e, "write", Some(path), None))
}

fn read_whole(mut file: fs::File) -> Result<Vec<u8>, SystemError> {
    if file.metadata().map(|m| m.is_dir()).unwrap_or(false) {
        return Err(syscall_error(from_errno(libc::EISDIR), "read", None, None));
    }
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes).map_err(|e| syscall_error(e, "read", None, None))?;
    Ok(bytes)
}

async fn blocking<T: Send + 'static>(work: impl FnOnce() -> Result<T, FsError> + Send + 'static) -> Result<T, FsError> {
    tokio::task::spawn_blocking(work).await?
}

#[op2]
#[serde]
pub(crate) fn op_node_fs_sync(scope: &mut v8::PinScope<'_, '_>, #[serde] request: FsRequest) -> Result<FsReply, FsError> {
    let permissions = checked::permissions_in(scope);
    let request = match checked::request(&permissions, request)? {
        Checked::Run(request) => request,
        Checked::Answer(answer) => return Ok(answer),
    };
    if let FsRequest::CopyFile { from, to, exclusive } = &request {
        // A copy with one of the host's streams at either end goes through `run`'s.
        if let ((None, from_waits), (None, to_waits)) = (classify(from, false), classify(to, true)) {
            if from_waits != Waits::Never || to_waits != Waits::Never {
                let links = links_for(&permissions);
                return Ok(copy_waiting(scope, from, to, *exclusive, links, from_waits, to_waits)?);
            }
        }
    }
    let reply = if permissions.is_unrestricted() {
        run(request)
    } else {
        run_checked(&permissions, request)
    };
    Ok(reply?)
}

/// A time in milliseconds since the epoch (Node's `utimes` argument) as `utimensat` takes it.
#[cfg(unix)]
fn timespec_of(ms: f64) -> libc::timespec {
    libc::timespec {
        tv_sec: (ms / 1000.0).floor() as libc::time_t,
        tv_nsec: (ms.rem_euclid(1000.0) * 1e6) as _,
    }
}

/// `run` for a request whose paths the permissions checked and resolved: the operations that
/// open a file (`copyFile`, `truncate`) open it with `platform::open_without_links`, so a link
/// swapped in since the check fails them instead of leading out of the granted folders; on
/// Linux the others make their `*at` calls from their folder's descriptor, opened the same way
/// (`at_calls`), when the check left their paths without links (`checked::resolved`).
#[cfg_attr(not(target_os = "linux"), allow(unused_variables))]
fn run_checked(permissions: &crate::permissions::Permissions, request: FsRequest) -> Result<FsReply, SystemError> {
    match request {
        FsRequest::CopyFile { from, to, exclusive } => copy_checked_file(&from, &to, exclusive),
        FsRequest::Truncate { path, len } if host_streams::at_path(&path, true).is_none() => {
            let file = crate::platform::open_without_links(Path::new(&path), libc::O_WRONLY, 0).map_err(|e| syscall_error(e, "open", Some(&path), None))?;
            file.set_len(len.max(0.0) as u64)
                .map_err(|e| syscall_error(e, "ftruncate", Some(&path), None))?;
            Ok(FsReply::Nothing(()))
        }
        #[cfg(target_os = "linux")]
        request if checked::resolved(permissions, &request) => at_calls::run(request),
        request => run(request),
    }
}

/// `copyFile` of two paths the permissions checked and resolved: each end opened with
/// `platform::open_without_links`, so a link at either end (one the check could not follow
/// because it leads to no file yet, or one swapped in since the check) fails the copy instead
/// of leading out of the granted folders, as `fs::copy`'s plain opens would. The host's own
/// streams keep their meaning (`host_streams`).
fn copy_checked_file(from: &str, to: &str, exclusive: bool) -> Result<FsReply, SystemError> {
    let fail = |e: io::Error| syscall_error(e, "copyfile", Some(from), Some(to));
    let (from_stream, to_stream) = (host_streams::at_path(from, false).is_some(), host_streams::at_path(to, true).is_some());
    if from_stream || to_stream {
        let bytes = if from_stream { Vec::new() } else { read_checked_file(from)? };
        if to_stream {
            crate::stderr::write_bytes(&bytes);
        } else {
            write_checked_file(to, &bytes, if exclusive { "wx" } else { "w" }, 0o666)?;
        }
        return Ok(FsReply::Nothing(()));
    }
    let mut source = crate::platform::open_without_links(Path::new(from), libc::O_RDONLY, 0).map_err(fail)?;
    let meta = source.metadata().map_err(fail)?;
    if meta.is_dir() {
        return Err(fail(from_errno(libc::EISDIR)));
    }
    // As `fs::copy`: the copy gets the source's permission bits.
    let (mode, permissions) = copied_permissions(&meta);
    let flags = libc::O_WRONLY | libc::O_CREAT | libc::O_TRUNC | if exclusive { libc::O_EXCL } else { 0 };
    let mut dest = crate::platform::open_without_links(Path::new(to), flags, mode).map_err(fail)?;
    io::copy(&mut source, &mut dest).map_err(fail)?;
    dest.set_permissions(permissions).map_err(fail)?;
    Ok(FsReply::Nothing(()))
}

/// The permission bits a copy of the file `meta` describes gets, and them as `Permissions`.
#[cfg(unix)]
fn copied_permissions(meta: &fs::Metadata) -> (u32, fs::Permissions) {
    let mode = meta.permissions().mode() & 0o7777;
    (mode, fs::Permissions::from_mode(mode))
}

/// Windows's one permission, read-only, as `fs::copy` copies it there; no mode bits.
#[cfg(windows)]
fn copied_permissions(meta: &fs::Metadata) -> (u32, fs::Permissions) {
    (0o666, meta.permissions())
}

/// `copyFileSync` when either end may wait (a FIFO, say): read whole, then written, each
/// wait stoppable.
fn copy_waiting(
    scope: &mut v8::PinScope<'_, '_>,
    from: &str,
    to: &str,
    exclusive: bool,
    links: wait::Links,
    from_waits: Waits,
    to_waits: Waits,
) -> Result<FsReply, SystemError> {
    let fail = |e: io::Error| syscall_error(e, "copyfile", Some(from), Some(to));
    let guard = wait::begin(scope);
    let bytes = wait::read_to_end(from, links, from_waits, &guard).map_err(fail)?;
    let flags = libc::O_WRONLY | libc::O_CREAT | libc::O_TRUNC | if exclusive { libc::O_EXCL } else { 0 };
    wait::write_all(to, flags, 0o666, &bytes, links, to_waits, &guard).map_err(fail)?;
    Ok(FsReply::Nothing(()))
}

#[op2]
#[serde]
pub(crate) async fn op_node_fs_async(state: Rc<RefCell<OpState>>, #[serde] request: FsRequest) -> Result<FsReply, FsError> {
    let permissions = checked::permissions_of(&state.borrow());
    blocking(move || match checked::request(&permissions, request)? {
        Checked::Run(request) if permissions.is_unrestricted() => Ok(run(request)?),
        Checked::Run(request) => Ok(run_checked(&permissions, request)?),
        Checked::Answer(answer) => Ok(answer),
    })
    .await
}

#[op2]
#[buffer]
pub(crate) fn op_node_fs_read_file(scope: &mut v8::PinScope<'_, '_>, #[string] path: &str) -> Result<Vec<u8>, FsError> {
    let permissions = checked::permissions_in(scope);
    if !permissions.is_unrestricted() {
        if let Some(opened) = checked::open_plainly(&permissions, Access::Read, path, libc::O_RDONLY, 0) {
            return Ok(read_whole(opened.map_err(|e| syscall_error(e, "open", Some(path), None))?)?);
        }
    }
    let path = &checked::path(&permissions, Access::Read, path, true, "open")?;
    let bytes = match classify(path, false) {
        (Some(_), _) => Ok(Vec::new()),
        (None, Waits::Never) if !permissions.is_unrestricted() => read_checked_file(path),
        (None, Waits::Never) => read_plain_file(path),
        (None, waits) => {
            let guard = wait::begin(scope);
            wait::read_to_end(path, links_for(&permissions), waits, &guard).map_err(|e| syscall_error(e, "open", Some(path), None))
        }
    };
    Ok(bytes?)
}

#[op2]
#[buffer]
pub(crate) async fn op_node_fs_read_file_async(state: Rc<RefCell<OpState>>, #[string] path: String) -> Result<Vec<u8>, FsError> {
    let permissions = checked::permissions_of(&state.borrow());
    blocking(move || {
        if !permissions.is_unrestricted() {
            if let Some(opened) = checked::open_plainly(&permissions, Access::Read, &path, libc::O_RDONLY, 0) {
                return Ok(read_whole(opened.map_err(|e| syscall_error(e, "open", Some(&path), None))?)?);
            }
        }
        let path = checked::path(&permissions, Access::Read, &path, true, "open")?;
        let bytes = if permissions.is_unrestricted() || host_streams::at_path(&path, false).is_some() {
            read_file(&path)
        } else {
            read_checked_file(&path)
        };
        Ok(bytes?)
    })
    .await
}

#[op2(fast)]
pub(crate) fn op_node_fs_write_file(
    scope: &mut v8::PinScope<'_, '_>,
    #[string] path: &str,
    #[buffer] data: &[u8],
    #[string] flag: &str,
    #[smi] mode: u32,
) -> Result<(), FsError> {
    let permissions = checked::permissions_in(scope);
    if !permissions.is_unrestricted() {
        if let Some(opened) = checked::open_plainly(&permissions, Access::Write, path, write_flags(flag), mode) {
            return Ok(write_whole(opened.map_err(|e| syscall_error(e, "open", Some(path), None))?, path, data)?);
        }
    }
    let path = &checked::path(&permissions, Access::Write, path, true, "open")?;
    let written = match classify(path, true) {
        (Some(_), _) => {
            crate::stderr::write_bytes(data);
            Ok(())
        }
        (None, Waits::Never) if !permissions.is_unrestricted() => write_checked_file(path, data, flag, mode),
        (None, Waits::Never) => write_plain_file(path, data, flag, mode),
        (None, waits) => {
            let guard = wait::begin(scope);
            wait::write_all(path, write_flags(flag), mode, data, links_for(&permissions), waits, &guard).map_err(|e| syscall_error(e, "open", Some(path), None))
        }
    };
    Ok(written?)
}

#[op2]
pub(crate) async fn op_node_fs_write_file_async(
    state: Rc<RefCell<OpState>>,
    #[string] path: String,
    #[buffer(copy)] data: Vec<u8>,
    #[string] flag: String,
    #[smi] mode: u32,
) -> Result<(), FsError> {
    let permissions = checked::permissions_of(&state.borrow());
    blocking(move || {
        if !permissions.is_unrestricted() {
            if let Some(opened) = checked::open_plainly(&permissions, Access::Write, &path, write_flags(&flag), mode) {
                return Ok(write_whole(opened.map_err(|e| syscall_error(e, "open", Some(&path), None))?, &path, &data)?);
            }
        }
        let path = checked::path(&permissions, Access::Write, &path, true, "open")?;
        let written = if permissions.is_unrestricted() || host_streams::at_path(&path, true).is_some() {
            write_file(&path, &data, &flag, mode)
        } else {
            write_checked_file(&path, &data, &flag, mode)
        };
        Ok(written?)
    })
    .await
}

// File descriptors: real OS descriptors, as in Node (`fs.openSync` returns an int).

/// `open(2)` with numeric flags; answers the descriptor.
#[op2(fast)]
pub(crate) fn op_node_fs_open(scope: &mut v8::PinScope<'_, '_>, #[string] path: &str, flags: i32, mode: u32) -> Result<i32, FsError> {
    let permissions = checked::permissions_in(scope);
    descriptors_checked();
    let writes = checked::opens_for_write(flags);
    let reads = !writes || flags & O_ACCMODE == libc::O_RDWR;
    if !permissions.is_unrestricted() && (!reads || permissions.plainly_within(Access::Read, Path::new(path))) {
        if let Some(opened) = checked::open_plainly(&permissions, if writes { Access::Write } else { Access::Read }, path, flags, mode) {
            let fd = opened.and_then(|file| into_fd(file, flags));
            return Ok(fd.map_err(|e| syscall_error(e, "open", Some(path), None))?);
        }
    }
    if writes && flags & O_ACCMODE == libc::O_RDWR {
        checked::path(&permissions, Access::Read, path, true, "open")?;
    }
    let path = &checked::path(&permissions, if writes { Access::Write } else { Access::Read }, path, true, "open")?;
    let (stream, waits) = classify(path, host_streams::writes(flags));
    // The host's streams: see host_streams.rs.
    if let Some(stream) = stream {
        return Ok(stream.fd());
    }
    if !permissions.is_unrestricted() && waits == Waits::Never {
        let fd = crate::platform::open_without_links(Path::new(path), flags, mode).and_then(|file| into_fd(file, flags));
        return Ok(fd.map_err(|e| syscall_error(e, "open", Some(path), None))?);
    }
    let guard = if waits == Waits::OnOpen { wait::begin(scope) } else { None };
    Ok(wait::open(path, flags, mode, links_for(&permissions), waits, &guard).map_err(|e| syscall_error(e, "open", Some(path), None))?)
}

/// The descriptor of an open `file`, which it takes over (opened with open(2) `flags`).
#[cfg(unix)]
fn into_fd(file: fs::File, _flags: i32) -> io::Result<i32> {
    use std::os::fd::IntoRawFd;
    Ok(file.into_raw_fd())
}

/// The error of the descriptor call that just failed: errno.
#[cfg(unix)]
fn last_fd_error() -> io::Error {
    io::Error::last_os_error()
}

/// Nothing to prepare on Unix: a descriptor call on an unknown number fails with EBADF.
#[cfg(unix)]
fn descriptors_checked() {}

#[cfg(windows)]
use super::internal::errors::crt_error as last_fd_error;
#[cfg(windows)]
use fs_windows::{descriptors_checked, into_fd};

#[op2(fast)]
pub(crate) fn op_node_fs_close(fd: i32) -> Result<(), SystemError> {
    // Descriptors 0-2 belong to the host; closing them would break its protocol channel.
    if fd <= 2 {
        return Ok(());
    }
    descriptors_checked();
    // SAFETY: closing a descriptor number has no memory-safety requirements.
    if unsafe { libc::close(fd) } != 0 {
        return Err(syscall_error(last_fd_error(), "close", None, None));
    }
    Ok(())
}

/// Reads into `buffer` at `position` (negative: the current offset); answers the byte count.
#[op2(fast)]
pub(crate) fn op_node_fs_read(scope: &mut v8::PinScope<'_, '_>, fd: i32, #[buffer] buffer: &mut [u8], position: f64) -> Result<u32, SystemError> {
    // Descriptors 0-2 are the host's streams: nothing to read for tools (host_streams.rs).
    if fd <= 2 {
        return Ok(0);
    }
    descriptors_checked();
    let read = if wait::fd_waits(fd) == Waits::Never {
        wait::read_at(fd, buffer, position)
    } else {
        wait::read(fd, buffer, position, &wait::begin(scope))
    };
    read.map(|n| n as u32).map_err(|e| syscall_error(e, "read", None, None))
}

/// Writes `data` at `position` (negative: the current offset). Descriptors 1 and 2 go to the
/// host's stderr queue, which never blocks (the host's stdout carries results, and a client
/// need not read stderr).
#[op2(fast)]
pub(crate) fn op_node_fs_write(scope: &mut v8::PinScope<'_, '_>, fd: i32, #[buffer] data: &[u8], position: f64) -> Result<u32, SystemError> {
    if fd == 1 || fd == 2 {
        crate::stderr::write_bytes(data);
        return Ok(data.len() as u32);
    }
    descriptors_checked();
    let written = if wait::fd_waits(fd) == Waits::Never {
        wait::write_at(fd, data, position)
    } else {
        wait::write(fd, data, position, &wait::begin(scope))
    };
    written.map(|n| n as u32).map_err(|e| syscall_error(e, "write", None, None))
}

#[op2]
#[serde]
pub(crate) fn op_node_fs_fstat(fd: i32) -> Result<FileStat, SystemError> {
    descriptors_checked();
    fstat(fd).map_err(|e| syscall_error(e, "fstat", None, None))
}

#[cfg(unix)]
fn fstat(fd: i32) -> io::Result<FileStat> {
    // SAFETY: an all-zero `stat` is a valid value for fstat to fill in.
    let mut st: libc::stat = unsafe { std::mem::zeroed() };
    // SAFETY: `st` is a valid, writable stat struct.
    if unsafe { libc::fstat(fd, &mut st) } != 0 {
        return Err(io::Error::last_os_error());
    }
    let ms = |s: i64, ns: i64| s as f64 * 1000.0 + ns as f64 / 1e6;
    let ctime = ms(st.st_ctime, st.st_ctime_nsec);
    Ok(FileStat {
        dev: st.st_dev as f64,
        ino: st.st_ino as f64,
        mode: st.st_mode as u32,
        nlink: st.st_nlink as f64,
        uid: st.st_uid,
        gid: st.st_gid,
        rdev: st.st_rdev as f64,
        size: st.st_size as f64,
        blksize: st.st_blksize as f64,
        blocks: st.st_blocks as f64,
        atime_ms: ms(st.st_atime, st.st_atime_nsec),
        mtime_ms: ms(st.st_mtime, st.st_mtime_nsec),
        ctime_ms: ctime,
        birthtime_ms: ctime,
    })
}

#[op2(fast)]
pub(crate) fn op_node_fs_fsync(fd: i32) -> Result<(), SystemError> {
    descriptors_checked();
    fsync(fd).map_err(|e| syscall_error(e, "fsync", None, None))
}

#[cfg(unix)]
fn fsync(fd: i32) -> io::Result<()> {
    // SAFETY: fsync on any descriptor number is memory-safe.
    if unsafe { libc::fsync(fd) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// `fs.fchmodSync(fd, mode)` (and `fchmod`, FileHandle's `chmod`). The kernel lets any
/// descriptor of one's own file change its mode, one opened only for reading too, so under a
/// policy the file it names must be writable, as for `chmod`.
#[op2(fast)]
pub(crate) fn op_node_fs_fchmod(state: &mut OpState, fd: i32, mode: u32) -> Result<(), FsError> {
    let permissions = checked::permissions_of(state);
    descriptors_checked();
    if !permissions.is_unrestricted() {
        let named = fd_path(fd).map_err(|e| syscall_error(e, "fchmod", None, None))?;
        checked::path(&permissions, Access::Write, &named.to_string_lossy(), false, "fchmod")?;
    }
    Ok(fchmod(fd, mode).map_err(|e| syscall_error(e, "fchmod", None, None))?)
}

/// The path of the file descriptor `fd` names, as the kernel shows it.
#[cfg(unix)]
fn fd_path(fd: i32) -> io::Result<std::path::PathBuf> {
    fs::read_link(format!("/proc/self/fd/{fd}"))
}

#[cfg(unix)]
fn fchmod(fd: i32, mode: u32) -> io::Result<()> {
    // SAFETY: fchmod on any descriptor number is memory-safe.
    if unsafe { libc::fchmod(fd, mode as libc::mode_t) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

#[op2(fast)]
pub(crate) fn op_node_fs_ftruncate(fd: i32, len: f64) -> Result<(), SystemError> {
    if fd <= 2 {
        return Ok(());
    }
    descriptors_checked();
    ftruncate(fd, len.max(0.0)).map_err(|e| syscall_error(e, "ftruncate", None, None))
}

#[cfg(unix)]
fn ftruncate(fd: i32, len: f64) -> io::Result<()> {
    // SAFETY: ftruncate on any descriptor number is memory-safe.
    if unsafe { libc::ftruncate(fd, len as libc::off_t) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

#[cfg(windows)]
use fs_windows::{fchmod, fd_path, fstat, fsync, ftruncate};

#[derive(Serialize)]
pub(crate) struct FsConstants {
    values: Vec<(&'static str, i64)>,
}

/// `fs.constants`: open flags, file types and permission bits of this platform.
#[op2]
#[serde]
pub(crate) fn op_node_fs_constants() -> FsConstants {
    FsConstants { values: constants() }
}

/// `fs.constants` in Node's order: libuv's own values and the access-mode and type-mask bits
/// every platform has, then the platform's (`platform_constants`), then copyFile's flags.
fn constants() -> Vec<(&'static str, i64)> {
    let mut all = vec![
        ("UV_FS_SYMLINK_DIR", 1),
        ("UV_FS_SYMLINK_JUNCTION", 2),
        ("O_RDONLY", libc::O_RDONLY as i64),
        ("O_WRONLY", libc::O_WRONLY as i64),
        ("O_RDWR", libc::O_RDWR as i64),
        ("UV_DIRENT_UNKNOWN", 0),
        ("UV_DIRENT_FILE", 1),
        ("UV_DIRENT_DIR", 2),
        ("UV_DIRENT_LINK", 3),
        ("UV_DIRENT_FIFO", 4),
        ("UV_DIRENT_SOCKET", 5),
        ("UV_DIRENT_CHAR", 6),
        ("UV_DIRENT_BLOCK", 7),
        ("S_IFMT", libc::S_IFMT as i64),
    ];
    all.extend(platform_constants());
    all.extend([
        ("UV_FS_COPYFILE_EXCL", 1),
        ("COPYFILE_EXCL", 1),
        ("UV_FS_COPYFILE_FICLONE", 2),
        ("COPYFILE_FICLONE", 2),
        ("UV_FS_COPYFILE_FICLONE_FORCE", 4),
        ("COPYFILE_FICLONE_FORCE", 4),
    ]);
    all
}

#[cfg(windows)]
use fs_windows::platform_constants;

/// The platform's part of `fs.constants` (see `constants`).
#[cfg(unix)]
fn platform_constants() -> Vec<(&'static str, i64)> {
    vec![
        ("S_IFREG", libc::S_IFREG as i64),
        ("S_IFDIR", libc::S_IFDIR as i64),
        ("S_IFCHR", libc::S_IFCHR as i64),
        ("S_IFBLK", libc::S_IFBLK as i64),
        ("S_IFIFO", libc::S_IFIFO as i64),
        ("S_IFLNK", libc::S_IFLNK as i64),
        ("S_IFSOCK", libc::S_IFSOCK as i64),
        ("O_CREAT", libc::O_CREAT as i64),
        ("O_EXCL", libc::O_EXCL as i64),
        ("UV_FS_O_FILEMAP", 0),
        ("O_NOCTTY", libc::O_NOCTTY as i64),
        ("O_TRUNC", libc::O_TRUNC as i64),
        ("O_APPEND", libc::O_APPEND as i64),
        ("O_DIRECTORY", libc::O_DIRECTORY as i64),
        // Linux only, as in Node's constants.
        #[cfg(target_os = "linux")]
        ("O_NOATIME", libc::O_NOATIME as i64),
        ("O_NOFOLLOW", libc::O_NOFOLLOW as i64),
        ("O_SYNC", libc::O_SYNC as i64),
        ("O_DSYNC", libc::O_DSYNC as i64),
        #[cfg(target_os = "linux")]
        ("O_DIRECT", libc::O_DIRECT as i64),
        ("O_NONBLOCK", libc::O_NONBLOCK as i64),
        ("S_IRWXU", libc::S_IRWXU as i64),
        ("S_IRUSR", libc::S_IRUSR as i64),
        ("S_IWUSR", libc::S_IWUSR as i64),
        ("S_IXUSR", libc::S_IXUSR as i64),
        ("S_IRWXG", libc::S_IRWXG as i64),
        ("S_IRGRP", libc::S_IRGRP as i64),
        ("S_IWGRP", libc::S_IWGRP as i64),
        ("S_IXGRP", libc::S_IXGRP as i64),
        ("S_IRWXO", libc::S_IRWXO as i64),
        ("S_IROTH", libc::S_IROTH as i64),
        ("S_IWOTH", libc::S_IWOTH as i64),
        ("S_IXOTH", libc::S_IXOTH as i64),
        ("F_OK", libc::F_OK as i64),
        ("R_OK", libc::R_OK as i64),
        ("W_OK", libc::W_OK as i64),
        ("X_OK", libc::X_OK as i64),
    ]
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn temp(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("omp-node-fs-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn recursive_mkdir_answers_first_created_dir() {
        let dir = temp("mkdir");
        let target = dir.join("a/b/c").display().to_string();
        match run(FsRequest::Mkdir {
            path: target.clone(),
            recursive: true,
            mode: 0o777,
        })
        .unwrap()
        {
            FsReply::Text(first) => assert_eq!(first, dir.join("a").display().to_string()),
            other => panic!("unexpected {other:?}"),
        }
        assert!(matches!(
            run(FsRequest::Mkdir {
                path: target,
                recursive: true,
                mode: 0o777
            })
            .unwrap(),
            FsReply::Nothing(())
        ));
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn missing_file_error_reads_like_node() {
        let err = run(FsRequest::Stat {
            path: "/definitely/not/here".into(),
            follow: true,
        })
        .unwrap_err();
        assert_eq!(err.to_string(), "ENOENT: no such file or directory, stat '/definitely/not/here'");
    }

    #[test]
    fn readdir_is_sorted_with_types() {
        let dir = temp("readdir");
        fs::write(dir.join("b.txt"), "x").unwrap();
        fs::create_dir(dir.join("a")).unwrap();
        match run(FsRequest::Readdir {
            path: dir.display().to_string(),
        })
        .unwrap()
        {
            FsReply::Entries(e) => {
                assert_eq!(e.iter().map(|d| (d.name.as_str(), d.kind)).collect::<Vec<_>>(), vec![("a", 2), ("b.txt", 1)]);
            }
            other => panic!("unexpected {other:?}"),
        }
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn rm_refuses_directories_without_recursive_and_forgives_missing_with_force() {
        let dir = temp("rm");
        let path = dir.display().to_string();
        assert!(run(FsRequest::Rm {
            path: path.clone(),
            recursive: false,
            force: false
        })
        .unwrap_err()
        .to_string()
        .contains("EISDIR"));
        run(FsRequest::Rm {
            path: path.clone(),
            recursive: true,
            force: false,
        })
        .unwrap();
        assert!(!dir.exists());
        run(FsRequest::Rm {
            path: path.clone(),
            recursive: false,
            force: true,
        })
        .unwrap();
        assert!(run(FsRequest::Rm {
            path,
            recursive: false,
            force: false
        })
        .is_err());
    }
}
