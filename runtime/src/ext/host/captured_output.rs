//! A child's output stream captured within a bound: up to `head + tail` bytes are kept whole;
//! past that the first `head` and the last `tail` bytes stay in memory, and the whole stream
//! goes to a spill file (0600 in the private output folder, like a tool's oversized result) of
//! at most `spill_max` bytes. The text handed back says what was left out and where it is.

use std::collections::VecDeque;
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, Clone, Copy)]
pub(crate) struct OutputLimits {
    pub head: usize,
    pub tail: usize,
    pub spill_max: u64,
}

/// `pi.exec`'s bound per stream: 8 MiB of head and 8 MiB of tail in memory, 256 MiB on disk.
pub(crate) const EXEC_LIMITS: OutputLimits = OutputLimits {
    head: 8 * 1024 * 1024,
    tail: 8 * 1024 * 1024,
    spill_max: 256 * 1024 * 1024,
};

pub(crate) struct CapturedOutput {
    limits: OutputLimits,
    spill_dir: PathBuf,
    /// Names the spill file (the call id and stream).
    label: String,
    /// Everything while the stream fits; the head once it did not.
    head: Vec<u8>,
    tail: VecDeque<u8>,
    total: u64,
    spill: Spill,
}

enum Spill {
    NotNeeded,
    Open { file: std::fs::File, path: PathBuf, written: u64 },
    Failed(String),
}

impl CapturedOutput {
    pub(crate) fn new(limits: OutputLimits, spill_dir: PathBuf, label: String) -> Self {
        CapturedOutput {
            limits,
            spill_dir,
            label,
            head: Vec::new(),
            tail: VecDeque::new(),
            total: 0,
            spill: Spill::NotNeeded,
        }
    }

    pub(crate) fn push(&mut self, chunk: &[u8]) {
        self.total += chunk.len() as u64;
        if matches!(self.spill, Spill::NotNeeded) {
            if self.head.len() + chunk.len() <= self.limits.head + self.limits.tail {
                self.head.extend_from_slice(chunk);
                return;
            }
            // The stream no longer fits: from here on it goes to the spill file.
            self.spill = match crate::result::create_spill_file(&self.spill_dir, &self.label) {
                Ok((file, path)) => Spill::Open { file, path, written: 0 },
                Err(e) => Spill::Failed(e.to_string()),
            };
            let mut all = std::mem::take(&mut self.head);
            all.extend_from_slice(chunk);
            self.write_spill(&all);
            let rest = all.split_off(self.limits.head.min(all.len()));
            self.head = all;
            self.tail.extend(&rest[rest.len().saturating_sub(self.limits.tail)..]);
            return;
        }
        self.write_spill(chunk);
        self.tail.extend(chunk);
        let excess = self.tail.len().saturating_sub(self.limits.tail);
        self.tail.drain(..excess);
    }

    fn write_spill(&mut self, bytes: &[u8]) {
        if let Spill::Open { file, written, .. } = &mut self.spill {
            let room = self.limits.spill_max.saturating_sub(*written) as usize;
            let part = &bytes[..bytes.len().min(room)];
            if let Err(e) = file.write_all(part) {
                self.spill = Spill::Failed(e.to_string());
                return;
            }
            *written += part.len() as u64;
        }
    }

    /// The captured text (invalid UTF-8 replaced); when the stream was cut, the head and tail
    /// around a line saying how much was left out and where the whole stream is.
    pub(crate) fn finish(self) -> String {
        if matches!(self.spill, Spill::NotNeeded) {
            return String::from_utf8_lossy(&self.head).into_owned();
        }
        let tail: Vec<u8> = self.tail.into_iter().collect();
        let head = &self.head[..utf8_prefix_end(&self.head)];
        let tail = &tail[utf8_suffix_start(&tail)..];
        let omitted = self.total - head.len() as u64 - tail.len() as u64;
        let location = match &self.spill {
            Spill::Open { path, written, .. } if *written == self.total => format!("The full output is in {}", path.display()),
            Spill::Open { path, written, .. } => format!("The first {} of it are in {}", bytes(*written), path.display()),
            Spill::Failed(e) => format!("The full output could not be saved: {e}"),
            Spill::NotNeeded => unreachable!(),
        };
        format!(
            "{}\n\n[omp-host: the output was {}; {} in the middle are left out here. {location}]\n\n{}",
            String::from_utf8_lossy(head),
            bytes(self.total),
            bytes(omitted),
            String::from_utf8_lossy(tail)
        )
    }
}

fn bytes(n: u64) -> String {
    format!("{n} bytes")
}

/// Where `bytes` ends without a cut multi-byte character.
pub(crate) fn utf8_prefix_end(bytes: &[u8]) -> usize {
    let mut end = bytes.len();
    // Step back over continuation bytes to the last lead byte; drop it if its character is cut.
    let mut back = 0;
    while back < 4 && end > back && (bytes[end - 1 - back] & 0xC0) == 0x80 {
        back += 1;
    }
    if end > back {
        let lead = bytes[end - 1 - back];
        let width = if lead >= 0xF0 {
            4
        } else if lead >= 0xE0 {
            3
        } else if lead >= 0xC0 {
            2
        } else {
            1
        };
        if width > back + 1 {
            end -= back + 1;
        }
    }
    end
}

/// Where `bytes` starts after any continuation bytes of a character cut at its front.
fn utf8_suffix_start(bytes: &[u8]) -> usize {
    bytes.iter().take(3).take_while(|&&b| (b & 0xC0) == 0x80).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        crate::scratch_dir::scratch_dir("captured", name)
    }

    const SMALL: OutputLimits = OutputLimits {
        head: 10,
        tail: 10,
        spill_max: 1000,
    };

    #[test]
    fn output_within_the_bound_is_kept_whole() {
        let dir = scratch("whole");
        let mut out = CapturedOutput::new(SMALL, dir.clone(), "c".into());
        out.push(b"0123456789");
        out.push(b"abcdefghij");
        assert_eq!(out.finish(), "0123456789abcdefghij");
        assert!(!dir.exists(), "nothing spilled");
    }

    #[test]
    fn longer_output_keeps_head_and_tail_and_spills_the_whole() {
        let dir = scratch("spill");
        let mut out = CapturedOutput::new(SMALL, dir.clone(), "c".into());
        let stream: Vec<u8> = (0..100u8).map(|i| b'a' + i % 26).collect();
        for chunk in stream.chunks(7) {
            out.push(chunk);
        }
        let text = out.finish();
        assert!(
            text.starts_with("abcdefghij\n\n[omp-host: the output was 100 bytes; 80 bytes in the middle are left out here. The full output is in "),
            "{text}"
        );
        assert!(text.ends_with("]\n\nmnopqrstuv"), "{text}");
        let path = text.split("The full output is in ").nth(1).unwrap().split(']').next().unwrap();
        assert_eq!(std::fs::read(path).unwrap(), stream);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn the_spill_file_has_a_bound_too() {
        let dir = scratch("capped");
        let mut out = CapturedOutput::new(OutputLimits { spill_max: 30, ..SMALL }, dir.clone(), "c".into());
        out.push(&[b'x'; 100]);
        let text = out.finish();
        assert!(text.contains("The first 30 bytes of it are in "), "{text}");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn multi_byte_characters_are_not_cut() {
        let dir = scratch("utf8");
        let mut out = CapturedOutput::new(
            OutputLimits {
                head: 4,
                tail: 4,
                spill_max: 1000,
            },
            dir.clone(),
            "c".into(),
        );
        out.push("ééééééé".as_bytes());
        let text = out.finish();
        assert!(text.starts_with("éé\n\n") && text.ends_with("]\n\néé"), "{text}");
        std::fs::remove_dir_all(dir).unwrap();
    }
}
