//! Reading the files the host finds on disk (package manifests, config, tool sources, the
//! files discovery names tools after) only when they are regular files. A blocking open of a
//! FIFO waits for a writer: one `node_modules/<pkg>/package.json` made a FIFO held every
//! session of that project at start until the load time limit, on every module importing
//! the package. The open here never waits, and anything but a regular file is an error.

use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::path::Path;

/// Opens `path` for reading if it is a regular file (following links).
pub(crate) fn open(path: &Path) -> io::Result<File> {
    let file = open_without_waiting(path)?;
    if !file.metadata()?.is_file() {
        return Err(not_regular());
    }
    Ok(file)
}

fn not_regular() -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, "not a regular file")
}

/// An open for reading that cannot wait for a FIFO's writer (`O_NONBLOCK`).
#[cfg(unix)]
fn open_without_waiting(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    OpenOptions::new().read(true).custom_flags(libc::O_NONBLOCK).open(path)
}

/// A plain open: Windows has no FIFOs in the file system (its named pipes live under
/// `\\.\pipe\`, and opening one never waits for the other end: it fails when no instance is
/// free). A folder fails its open there (it needs `FILE_FLAG_BACKUP_SEMANTICS`), so a folder is
/// refused as not a regular file first, as `open` refuses it after its open on Unix.
#[cfg(windows)]
fn open_without_waiting(path: &Path) -> io::Result<File> {
    if std::fs::metadata(path)?.is_dir() {
        return Err(not_regular());
    }
    OpenOptions::new().read(true).open(path)
}

/// The text of `path` if it is a regular file (`std::fs::read_to_string` otherwise).
pub(crate) fn read_to_string(path: &Path) -> io::Result<String> {
    let mut text = String::new();
    open(path)?.read_to_string(&mut text)?;
    Ok(text)
}

#[cfg(all(test, unix))]
mod tests {
    #[test]
    fn a_fifo_is_refused_without_waiting() {
        let dir = std::env::temp_dir().join(format!("omp-host-regular-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("package.json");
        let _ = std::fs::remove_file(&fifo);
        let path = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid C string; mkfifo has no other requirements.
        assert_eq!(unsafe { libc::mkfifo(path.as_ptr(), 0o600) }, 0);
        let refused = super::read_to_string(&fifo).unwrap_err();
        assert_eq!(refused.kind(), std::io::ErrorKind::InvalidInput);
        let file = dir.join("ok.json");
        std::fs::write(&file, "{}").unwrap();
        assert_eq!(super::read_to_string(&file).unwrap(), "{}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
