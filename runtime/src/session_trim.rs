//! Keeping the host's own session file bounded: once it would pass its limit, the file is
//! replaced by one holding the header and the most recent whole entries (a quarter of the
//! limit), written beside it and renamed over it, so a reader never sees half a file. The
//! first entry kept loses its parent (dropped with the older entries), so pi reads the rest
//! as a chain of its own. Entries the tools had not read and that were dropped stay unread.

use std::fs::{File, OpenOptions};
use std::io::Write;
#[cfg(unix)]
use std::os::unix::fs::FileExt;
use std::path::Path;

use serde_json::Value;

/// The file after trimming, and how offsets in the old file map into it.
pub(crate) struct Trimmed {
    /// The new file, open for reading and appending.
    pub file: File,
    /// Its length.
    pub len: u64,
    /// Where the header line ends (in both files).
    header_end: u64,
    /// Where the kept entries after the first start, in the old file and in the new.
    old_rest: u64,
    new_rest: u64,
}

impl Trimmed {
    /// Where a line boundary `offset` of the old file lies in the new one: at the same
    /// entry when it was kept, else at the first entry kept.
    pub(crate) fn map(&self, offset: u64) -> u64 {
        if offset >= self.old_rest {
            offset - self.old_rest + self.new_rest
        } else {
            self.header_end
        }
    }
}

/// Replaces the session file at `path` (`len` bytes, all whole lines, the first `header_end`
/// being the header line) by the header and the whole entries among its last `keep` bytes.
pub(crate) fn keep_recent(path: &Path, len: u64, header_end: u64, keep: u64) -> std::io::Result<Trimmed> {
    let old = File::open(path)?;
    let from = len.saturating_sub(keep).max(header_end);
    let mut header = vec![0u8; header_end as usize];
    old.read_exact_at(&mut header, 0)?;
    let mut tail = vec![0u8; (len - from) as usize];
    old.read_exact_at(&mut tail, from)?;
    // Start at a line's beginning: `from` may fall inside an entry.
    let starts_line = from == header_end || {
        let mut before = [0u8; 1];
        old.read_exact_at(&mut before, from - 1)?;
        before[0] == b'\n'
    };
    let skip = if starts_line {
        0
    } else {
        tail.iter().position(|&b| b == b'\n').map_or(tail.len(), |i| i + 1)
    };
    let kept = &tail[skip..];
    let first_len = kept.iter().position(|&b| b == b'\n').map_or(0, |i| i + 1);
    let first = without_parent(&kept[..first_len]);
    let rest = &kept[first_len..];

    let temporary = path.with_extension("jsonl.trimming");
    let _ = std::fs::remove_file(&temporary);
    let mut file = create_private(&temporary)?;
    let written = file
        .write_all(&header)
        .and_then(|()| file.write_all(&first))
        .and_then(|()| file.write_all(rest));
    if let Err(e) = written.and_then(|()| std::fs::rename(&temporary, path)) {
        let _ = std::fs::remove_file(&temporary);
        return Err(e);
    }
    let new_rest = header_end + first.len() as u64;
    Ok(Trimmed {
        file,
        len: new_rest + rest.len() as u64,
        header_end,
        old_rest: from + (skip + first_len) as u64,
        new_rest,
    })
}

/// Creates `path` (it must be new) for reading and appending: private, never through a link.
fn create_private(path: &Path) -> std::io::Result<File> {
    crate::private_dir::open_no_follow(OpenOptions::new().read(true).append(true).create_new(true), path)
}

/// `read_exact_at` for Windows, where std has only `seek_read`. Unlike on Unix, each read
/// also moves the handle's cursor (shared with its clones) to where it stopped: harmless for
/// the session file, whose handles either read only at given offsets or append (an append
/// handle writes at the end wherever its cursor is).
#[cfg(windows)]
pub(crate) trait ReadExactAt {
    fn read_exact_at(&self, buf: &mut [u8], offset: u64) -> std::io::Result<()>;
}

#[cfg(windows)]
impl ReadExactAt for File {
    fn read_exact_at(&self, mut buf: &mut [u8], mut offset: u64) -> std::io::Result<()> {
        use std::os::windows::fs::FileExt;
        while !buf.is_empty() {
            match self.seek_read(buf, offset) {
                Ok(0) => return Err(std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "failed to fill whole buffer")),
                Ok(n) => {
                    buf = &mut buf[n..];
                    offset += n as u64;
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }
}

/// The entry line `line` (with its newline) with `parentId` null; other lines as they are.
fn without_parent(line: &[u8]) -> Vec<u8> {
    match serde_json::from_slice::<Value>(line) {
        Ok(Value::Object(mut entry)) if entry.contains_key("parentId") => {
            entry.insert("parentId".into(), Value::Null);
            let mut text = serde_json::to_vec(&entry).expect("a JSON object serializes");
            text.push(b'\n');
            text
        }
        _ => line.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: &str, parent: &str) -> String {
        format!(
            "{{\"type\":\"message\",\"id\":\"{id}\",\"parentId\":\"{parent}\",\"pad\":\"{}\"}}\n",
            "x".repeat(40)
        )
    }

    #[test]
    fn keeps_the_recent_whole_entries_and_maps_offsets() {
        let dir = std::env::temp_dir().join(format!("omp-host-trim-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("s.jsonl");
        let header = "{\"type\":\"session\",\"id\":\"s\"}\n";
        let entries: Vec<String> = (0..10).map(|n| entry(&format!("e{n}"), &format!("e{}", n.max(1) - 1))).collect();
        let text = format!("{header}{}", entries.concat());
        std::fs::write(&path, &text).unwrap();
        let boundary = |n: usize| (header.len() + entries[..n].concat().len()) as u64;
        // A quarter of an entry past the last three: the cut one is dropped whole.
        let keep = (entries[0].len() * 3 + entries[0].len() / 4) as u64;
        let trimmed = keep_recent(&path, text.len() as u64, header.len() as u64, keep).unwrap();
        let new_text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(trimmed.len, new_text.len() as u64);
        let lines: Vec<Value> = new_text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[0]["type"], "session");
        assert_eq!((lines[1]["id"].as_str(), &lines[1]["parentId"]), (Some("e7"), &Value::Null));
        assert_eq!((lines[3]["id"].as_str(), lines[3]["parentId"].as_str()), (Some("e9"), Some("e8")));
        // Offsets of kept entries land on the same entries; older ones on the first kept.
        assert_eq!(&new_text[trimmed.map(boundary(9)) as usize..], entries[9]);
        assert_eq!(trimmed.map(boundary(7)), header.len() as u64);
        assert_eq!(trimmed.map(boundary(2)), header.len() as u64);
        assert_eq!(trimmed.map(boundary(10)), trimmed.len);
        assert!(!dir.join("s.jsonl.trimming").exists());
        std::fs::remove_dir_all(dir).unwrap();
    }
}
