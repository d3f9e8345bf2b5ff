//! A small on-disk key/value cache that trusts nothing it did not write: `get(key)` and
//! `put(key, bytes)` over one private folder (see `private_dir`; a folder another user owns or
//! can write is refused, and the host runs without the cache, saying so once on stderr).
//!
//! - The folder is opened once and every file is reached relative to that handle, so the
//!   checked folder is the one used even if its path is swapped afterwards.
//! - Writes go to an unpredictable temporary name created exclusively (`O_EXCL`, never through
//!   a symlink) and are renamed into place, so readers never see half an entry.
//! - Every entry carries a MAC of its key and content (BLAKE3 in keyed mode, a keyed hash made
//!   for this, several times faster than HMAC-SHA256 over the megabytes a large package's
//!   entries hold) under a random secret kept in the folder (`key`, 0600); an entry that does
//!   not verify, is not a regular file of ours, or is a symlink, is a miss.
//!
//! The transpile cache stores transpiled modules here; compiled-code blobs can sit beside them
//! under keys of their own. On Windows, files are reached by path inside the held folder and
//! links are refused as reparse points (`disk_cache_windows.rs`).

#[cfg(unix)]
use std::ffi::CString;
#[cfg(unix)]
use std::fs::File;
use std::io::Read;
#[cfg(unix)]
use std::io::Write;
#[cfg(unix)]
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

#[cfg(windows)]
#[path = "disk_cache_windows.rs"]
mod windows;
#[cfg(windows)]
use windows::{open_read, write_atomically, Dir};

/// The open cache folder, which every file is reached through.
#[cfg(unix)]
type Dir = OwnedFd;

/// Every entry file starts with this line, so other files are never taken for entries (and
/// entries of another format are not read).
const MAGIC: &[u8] = b"omp-host-cache 2\n";
const MAC_LEN: usize = 32;
const SECRET_FILE: &str = "key";
const SECRET_LEN: usize = 32;
/// Entries larger than this are neither written nor read.
pub(crate) const MAX_ENTRY_BYTES: usize = 256 * 1024 * 1024;

/// A handle on the cache folder (cheap to clone; opened on first use).
#[derive(Clone)]
pub(crate) struct DiskCache {
    inner: Option<Arc<Folder>>,
}

struct Folder {
    path: PathBuf,
    opened: OnceLock<Option<Opened>>,
}

struct Opened {
    dir: Dir,
    secret: [u8; SECRET_LEN],
}

impl std::fmt::Debug for DiskCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.inner {
            Some(folder) => write!(f, "DiskCache({})", folder.path.display()),
            None => write!(f, "DiskCache(disabled)"),
        }
    }
}

impl DiskCache {
    /// A cache in `dir`, created and checked on first use.
    pub(crate) fn at(dir: PathBuf) -> Self {
        DiskCache {
            inner: Some(Arc::new(Folder {
                path: dir,
                opened: OnceLock::new(),
            })),
        }
    }

    /// A cache that holds nothing.
    pub(crate) fn disabled() -> Self {
        DiskCache { inner: None }
    }

    /// The folder, or None when caching is off or the folder was refused.
    pub(crate) fn folder(&self) -> Option<&Path> {
        let folder = self.inner.as_ref()?;
        folder.opened().map(|_| folder.path.as_path())
    }

    /// The bytes stored under `key`, if there is a valid entry.
    pub(crate) fn get(&self, key: &str) -> Option<Vec<u8>> {
        let opened = self.inner.as_ref()?.opened()?;
        let name = entry_name(key)?;
        let file = open_read(&opened.dir, &name).ok()?;
        let meta = file.metadata().ok()?;
        if !meta.is_file() || !crate::private_dir::is_mine(&meta) || meta.len() as usize > MAX_ENTRY_BYTES + MAGIC.len() + MAC_LEN {
            return None;
        }
        // The header, then the content into a buffer of its own (no copy of megabytes).
        let mut file = file.take(meta.len());
        let mut header = [0u8; MAGIC.len() + MAC_LEN];
        file.read_exact(&mut header).ok()?;
        let mac = header.strip_prefix(MAGIC)?;
        let mut content = Vec::with_capacity(meta.len() as usize - header.len());
        file.read_to_end(&mut content).ok()?;
        if !same_bytes(mac, &entry_mac(&opened.secret, key, &content)) {
            return None;
        }
        Some(content)
    }

    /// Stores `bytes` under `key`; failures leave the cache as it was.
    pub(crate) fn put(&self, key: &str, bytes: &[u8]) {
        let Some(opened) = self.inner.as_ref().and_then(|f| f.opened()) else { return };
        let Some(name) = entry_name(key) else { return };
        if bytes.len() > MAX_ENTRY_BYTES {
            return;
        }
        let mut entry = Vec::with_capacity(MAGIC.len() + MAC_LEN + bytes.len());
        entry.extend_from_slice(MAGIC);
        entry.extend_from_slice(&entry_mac(&opened.secret, key, bytes));
        entry.extend_from_slice(bytes);
        let _ = write_atomically(&opened.dir, &name, &entry, Replace::Always);
    }
}

impl Folder {
    fn opened(&self) -> Option<&Opened> {
        self.opened
            .get_or_init(|| match open_folder(&self.path) {
                Ok(opened) => Some(opened),
                Err(reason) => {
                    crate::host_eprintln!("omp-host: not using the cache: {reason}; running without it");
                    None
                }
            })
            .as_ref()
    }
}

fn open_folder(path: &Path) -> Result<Opened, String> {
    let folder = crate::private_dir::open(path).map_err(|e| e.to_string())?;
    #[cfg(unix)]
    let dir = OwnedFd::from(folder);
    #[cfg(windows)]
    let dir = Dir::new(folder, path);
    note_shared_parent(path);
    let secret = read_or_create_secret(&dir).map_err(|e| format!("{}: cannot read or create its key: {e}", path.display()))?;
    Ok(Opened { dir, secret })
}

/// Says so when the folder the cache was put in (`OMP_HOST_CACHE_DIR`, say) can be written by
/// every user: the cache is kept in a private folder inside it instead, which a user who
/// pointed the cache at a shared folder would not otherwise know.
#[cfg(unix)]
fn note_shared_parent(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let Some(parent) = path.parent() else { return };
    let Ok(meta) = std::fs::metadata(parent) else { return };
    if meta.permissions().mode() & 0o002 != 0 {
        crate::host_eprintln!(
            "omp-host: {} can be written by every user (mode {:04o}); the cache is kept in {}, a private folder inside it",
            parent.display(),
            meta.permissions().mode() & 0o7777,
            path.display()
        );
    }
}

/// Windows has no mode bit saying every user can write a folder, and the host does not read
/// access lists: there is nothing to say.
#[cfg(windows)]
fn note_shared_parent(_path: &Path) {}

/// The folder's secret: read it, or create it (first writer wins if two hosts race).
fn read_or_create_secret(dir: &Dir) -> std::io::Result<[u8; SECRET_LEN]> {
    for _ in 0..3 {
        if let Some(secret) = read_secret(dir)? {
            return Ok(secret);
        }
        let mut secret = [0u8; SECRET_LEN];
        getrandom::fill(&mut secret).map_err(|e| std::io::Error::other(e.to_string()))?;
        if write_atomically(dir, SECRET_FILE, &secret, Replace::Never)? {
            return Ok(secret);
        }
    }
    Err(std::io::Error::other("the key file keeps changing"))
}

/// The secret if a valid key file exists; None when it is missing. A key file that is not a
/// regular 32-byte file of ours is an error (the cache is then not used).
fn read_secret(dir: &Dir) -> std::io::Result<Option<[u8; SECRET_LEN]>> {
    let mut file = match open_read(dir, SECRET_FILE) {
        Ok(file) => file,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(err) => return Err(err),
    };
    let meta = file.metadata()?;
    if !meta.is_file() || !crate::private_dir::is_mine(&meta) || meta.len() as usize != SECRET_LEN {
        return Err(std::io::Error::other("the key file is not a 32-byte file of this user"));
    }
    let mut secret = [0u8; SECRET_LEN];
    file.read_exact(&mut secret)?;
    Ok(Some(secret))
}

/// Entry files are named after their key; keys are limited to a safe file-name alphabet.
fn entry_name(key: &str) -> Option<String> {
    let safe = !key.is_empty()
        && key.len() <= 128
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || (b == b'.' && key != "." && key != ".."));
    (safe && key != SECRET_FILE && !key.starts_with('.')).then(|| format!("{key}.entry"))
}

fn entry_mac(secret: &[u8; SECRET_LEN], key: &str, content: &[u8]) -> [u8; MAC_LEN] {
    let mut mac = blake3::Hasher::new_keyed(secret);
    mac.update(key.as_bytes());
    mac.update(&[0]);
    mac.update(content);
    *mac.finalize().as_bytes()
}

/// Compares without stopping at the first difference.
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Opens `name` in `dir` for reading, never through a symlink.
#[cfg(unix)]
fn open_read(dir: &Dir, name: &str) -> std::io::Result<File> {
    open_at(dir, name, libc::O_RDONLY).ok_or_else(std::io::Error::last_os_error)
}

/// `openat(dir, name, flags | O_NOFOLLOW | O_CLOEXEC)`, or None (errno left set).
#[cfg(unix)]
fn open_at(dir: &OwnedFd, name: &str, flags: i32) -> Option<File> {
    let name = CString::new(name).ok()?;
    // SAFETY: `dir` is an open descriptor and `name` a NUL-terminated string; the returned
    // descriptor is owned by the File.
    let fd = unsafe { libc::openat(dir.as_raw_fd(), name.as_ptr(), flags | libc::O_NOFOLLOW | libc::O_CLOEXEC) };
    // SAFETY: a non-negative fd was just opened by us.
    (fd >= 0).then(|| unsafe { File::from_raw_fd(fd) })
}

#[derive(PartialEq)]
enum Replace {
    Always,
    /// Only create the file; answer false if it already exists.
    Never,
}

/// Writes `bytes` to a fresh, randomly named temporary file in `dir` (0600, exclusive, no
/// symlinks), then moves it to `name`. Answers whether `name` now holds `bytes`.
#[cfg(unix)]
fn write_atomically(dir: &OwnedFd, name: &str, bytes: &[u8], replace: Replace) -> std::io::Result<bool> {
    let mut random = [0u8; 12];
    getrandom::fill(&mut random).map_err(|e| std::io::Error::other(e.to_string()))?;
    let temporary = format!(".tmp-{}", hex::encode(random));
    let temporary_c = CString::new(temporary.as_str()).map_err(std::io::Error::other)?;
    let name_c = CString::new(name).map_err(std::io::Error::other)?;
    // SAFETY: as in `open_at`; O_EXCL makes the create fail on anything already there.
    let fd = unsafe {
        libc::openat(
            dir.as_raw_fd(),
            temporary_c.as_ptr(),
            libc::O_WRONLY | libc::O_CREAT | libc::O_EXCL | libc::O_NOFOLLOW | libc::O_CLOEXEC,
            0o600,
        )
    };
    if fd < 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: a fresh descriptor owned from here on.
    let mut file = unsafe { File::from_raw_fd(fd) };
    let written = file.write_all(bytes);
    drop(file);
    let moved = written.and_then(|()| {
        // SAFETY: both names are NUL-terminated and relative to the same open folder.
        let status = unsafe {
            match replace {
                Replace::Always => libc::renameat(dir.as_raw_fd(), temporary_c.as_ptr(), dir.as_raw_fd(), name_c.as_ptr()),
                Replace::Never => libc::linkat(dir.as_raw_fd(), temporary_c.as_ptr(), dir.as_raw_fd(), name_c.as_ptr(), 0),
            }
        };
        if status == 0 {
            Ok(true)
        } else {
            let err = std::io::Error::last_os_error();
            if replace == Replace::Never && err.raw_os_error() == Some(libc::EEXIST) {
                Ok(false)
            } else {
                Err(err)
            }
        }
    });
    if replace == Replace::Never || moved.is_err() {
        // SAFETY: as above; removing our own temporary name.
        unsafe {
            libc::unlinkat(dir.as_raw_fd(), temporary_c.as_ptr(), 0);
        }
    }
    moved
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::{MetadataExt, PermissionsExt};

    fn scratch(name: &str) -> PathBuf {
        crate::scratch_dir::scratch_dir("disk-cache", name)
    }

    #[test]
    fn what_is_put_is_got_and_files_are_private() {
        let dir = scratch("roundtrip");
        let cache = DiskCache::at(dir.clone());
        assert_eq!(cache.get("a1"), None);
        cache.put("a1", b"hello");
        assert_eq!(cache.get("a1").as_deref(), Some(&b"hello"[..]));
        // A second handle on the same folder shares its key.
        assert_eq!(DiskCache::at(dir.clone()).get("a1").as_deref(), Some(&b"hello"[..]));
        assert_eq!(std::fs::metadata(&dir).unwrap().mode() & 0o777, 0o700);
        for entry in std::fs::read_dir(&dir).unwrap() {
            let entry = entry.unwrap();
            assert_eq!(entry.metadata().unwrap().mode() & 0o777, 0o600, "{:?}", entry.file_name());
            assert!(!entry.file_name().to_string_lossy().starts_with(".tmp-"), "no temporary file is left");
        }
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn tampered_moved_or_linked_entries_are_misses() {
        let dir = scratch("tamper");
        let cache = DiskCache::at(dir.clone());
        cache.put("k1", b"genuine");
        cache.put("k2", b"other");
        let entry = dir.join("k1.entry");
        // Changed content: the MAC no longer matches.
        let mut bytes = std::fs::read(&entry).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        std::fs::write(&entry, &bytes).unwrap();
        assert_eq!(cache.get("k1"), None);
        // Another key's valid entry under this key's name: the key is part of the MAC.
        std::fs::copy(dir.join("k2.entry"), &entry).unwrap();
        assert_eq!(cache.get("k1"), None);
        // A planted entry without the secret.
        std::fs::write(&entry, [MAGIC, &[0u8; MAC_LEN], b"planted"].concat()).unwrap();
        assert_eq!(cache.get("k1"), None);
        // A symlink to a valid entry is not followed.
        std::fs::remove_file(&entry).unwrap();
        std::os::unix::fs::symlink(dir.join("k2.entry"), &entry).unwrap();
        assert_eq!(cache.get("k1"), None);
        // Writing over the symlink replaces the link, never the file it points at.
        cache.put("k1", b"fresh");
        assert_eq!(cache.get("k1").as_deref(), Some(&b"fresh"[..]));
        assert_eq!(cache.get("k2").as_deref(), Some(&b"other"[..]));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn folders_others_can_write_are_not_used() {
        let dir = scratch("open");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o777)).unwrap();
        let cache = DiskCache::at(dir.clone());
        cache.put("k", b"v");
        assert_eq!(cache.get("k"), None);
        assert!(cache.folder().is_none());
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "nothing is written there");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn keys_must_be_plain_names() {
        for bad in ["", "../x", "a/b", ".hidden", "key", "x y", &"k".repeat(200)] {
            assert_eq!(entry_name(bad), None, "{bad:?}");
        }
        assert_eq!(entry_name("0af3.esm").as_deref(), Some("0af3.esm.entry"));
    }
}
