//! The central output bound: when a result's text is too long, the full text is saved to a
//! spill file and the result keeps only a head (or tail) view plus a line naming that file.
//! Also removes old spill files. Spill files hold a tool's whole output (file contents, tokens),
//! so they are created 0600 in a folder only the user can enter (see `private_dir`; on
//! Windows, both are private by the access list they inherit from the user's profile).

use std::borrow::Cow;
use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::normalize::{text_of, ContentBlock, ToolResult};

/// Default line limit of the text a result may carry.
pub(crate) const DEFAULT_MAX_LINES: usize = 2000;
/// Default byte limit of the text a result may carry (50 KiB).
pub(crate) const DEFAULT_MAX_BYTES: usize = 50 * 1024;
/// How long spill files are kept by default before `cleanup_spill_dir` removes them.
pub(crate) const SPILL_MAX_AGE: Duration = Duration::from_secs(7 * 24 * 60 * 60);
/// Every spill file name starts with this; `cleanup_spill_dir` touches nothing else.
pub(crate) const SPILL_FILE_PREFIX: &str = "omp-host-output-";
const SPILL_FILE_SUFFIX: &str = ".txt";
const MAX_CALL_ID_CHARS: usize = 64;

/// Which end of an oversized output stays in the result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Keep {
    #[default]
    Head,
    Tail,
}

impl Keep {
    fn as_str(self) -> &'static str {
        match self {
            Keep::Head => "head",
            Keep::Tail => "tail",
        }
    }
}

/// Limits on the joined text of a result's text blocks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TruncationPolicy {
    pub max_lines: usize,
    pub max_bytes: usize,
    pub keep: Keep,
}

impl Default for TruncationPolicy {
    fn default() -> Self {
        TruncationPolicy {
            max_lines: DEFAULT_MAX_LINES,
            max_bytes: DEFAULT_MAX_BYTES,
            keep: Keep::Head,
        }
    }
}

/// Bounds a result's text. If the joined text of its text blocks exceeds either limit, the
/// full text goes to a new file in `spill_dir`, the text blocks become one block holding the
/// kept head or tail and a final `[Output truncated: …]` line, images stay, and
/// `details.truncated` describes what happened. Never fails: if the file cannot be written the
/// final line says so. A result already truncated by this function is returned unchanged.
pub(crate) fn truncate_result(mut result: ToolResult, policy: &TruncationPolicy, spill_dir: &Path, call_id: &str) -> ToolResult {
    if is_already_truncated(&result.details) {
        return result;
    }
    let full_text = joined_text(&result);
    let total_bytes = full_text.len();
    let total_lines = count_lines(&full_text);
    if total_bytes <= policy.max_bytes && total_lines <= policy.max_lines {
        return result;
    }

    let kept = match policy.keep {
        Keep::Head => select_head(&full_text, policy),
        Keep::Tail => select_tail(&full_text, policy),
    };
    let saved = save_spill_file(spill_dir, call_id, &full_text);
    let summary = TruncationSummary {
        keep: policy.keep,
        total_lines,
        total_bytes,
        kept: &kept,
        saved: &saved,
    };

    let mut view = String::with_capacity(kept.range.len() + 256);
    view.push_str(&full_text[kept.range.clone()]);
    view.push_str("\n\n");
    view.push_str(&summary.notice());
    replace_text_blocks(&mut result.content, view);

    let details = std::mem::take(&mut result.details);
    result.details = with_truncation_details(details, summary.details());
    result
}

/// The text blocks' text joined by newlines, as `text_of`, but borrowed when there is one
/// block (a 400 MB result was copied whole here just to be measured).
fn joined_text(result: &ToolResult) -> Cow<'_, str> {
    let mut texts = result.content.iter().filter_map(|block| match block {
        ContentBlock::Text { text } => Some(text.as_str()),
        ContentBlock::Image { .. } => None,
    });
    match (texts.next(), texts.next()) {
        (None, _) => Cow::Borrowed(""),
        (Some(only), None) => Cow::Borrowed(only),
        _ => Cow::Owned(text_of(result)),
    }
}

/// Deletes spill files (named by `truncate_result`) in `dir` whose modification time is older
/// than `max_age`, and returns how many were removed. Other files are never touched; a
/// missing directory counts as empty. Files that cannot be inspected or removed are skipped.
pub(crate) fn cleanup_spill_dir(dir: &Path, max_age: Duration) -> io::Result<usize> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(0),
        Err(error) => return Err(error),
    };
    let now = SystemTime::now();
    let mut removed = 0;
    for entry in entries.flatten() {
        if !is_spill_file_name(&entry.file_name().to_string_lossy()) {
            continue;
        }
        let Ok(metadata) = entry.metadata() else {
            continue;
        };
        if !metadata.is_file() {
            continue;
        }
        let Ok(modified) = metadata.modified() else {
            continue;
        };
        let age = now.duration_since(modified).unwrap_or(Duration::ZERO);
        if age > max_age && fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    Ok(removed)
}

fn is_spill_file_name(name: &str) -> bool {
    name.starts_with(SPILL_FILE_PREFIX) && name.ends_with(SPILL_FILE_SUFFIX)
}

/// True when `details.truncated` says the output was already bounded: this module's own
/// marker, or a tool that truncated its output itself (any value but `false`/`null`). A tool
/// saying `truncated: false` still gets the bound.
fn is_already_truncated(details: &Value) -> bool {
    !matches!(details.get("truncated"), None | Some(Value::Null) | Some(Value::Bool(false)))
}

/// Lines as a reader counts them: a final newline does not start another line.
fn count_lines(text: &str) -> usize {
    let newlines = text.bytes().filter(|&b| b == b'\n').count();
    if text.is_empty() || text.ends_with('\n') {
        newlines
    } else {
        newlines + 1
    }
}

/// The part of the full text kept in the result.
struct KeptText {
    /// Byte range of the kept text within the full text.
    range: std::ops::Range<usize>,
    /// Number of (whole or partial) lines kept.
    lines: usize,
    /// 1-based number of the first kept line.
    first_line: usize,
    /// The kept text is a piece of one line longer than the byte limit.
    partial_line: bool,
}

/// The longest run of whole lines from the start within both limits; when even the first line
/// is over the byte limit, the start of that line cut at a character boundary.
fn select_head(text: &str, policy: &TruncationPolicy) -> KeptText {
    let mut end = 0;
    let mut lines = 0;
    let mut line_start = 0;
    while lines < policy.max_lines && line_start < text.len() {
        let line_end = text[line_start..].find('\n').map_or(text.len(), |offset| line_start + offset);
        if line_end > policy.max_bytes {
            break;
        }
        end = line_end;
        lines += 1;
        line_start = line_end + 1;
    }
    if lines == 0 && policy.max_lines > 0 && !text.is_empty() {
        let cut = floor_char_boundary(text, policy.max_bytes);
        return KeptText {
            range: 0..cut,
            lines: 1,
            first_line: 1,
            partial_line: true,
        };
    }
    KeptText {
        range: 0..end,
        lines,
        first_line: 1,
        partial_line: false,
    }
}

/// The longest run of whole lines from the end within both limits; when even the last line is
/// over the byte limit, the end of that line cut at a character boundary.
fn select_tail(text: &str, policy: &TruncationPolicy) -> KeptText {
    let total_lines = count_lines(text);
    let end = text.strip_suffix('\n').map_or(text.len(), str::len);
    let mut start = end;
    let mut lines = 0;
    let mut line_end = end;
    while lines < policy.max_lines && lines < total_lines {
        let line_start = text[..line_end].rfind('\n').map_or(0, |newline| newline + 1);
        if end - line_start > policy.max_bytes {
            break;
        }
        start = line_start;
        lines += 1;
        if line_start == 0 {
            break;
        }
        line_end = line_start - 1;
    }
    if lines == 0 && policy.max_lines > 0 && total_lines > 0 {
        let cut = ceil_char_boundary(text, end.saturating_sub(policy.max_bytes));
        return KeptText {
            range: cut..end,
            lines: 1,
            first_line: total_lines,
            partial_line: true,
        };
    }
    KeptText {
        range: start..end,
        lines,
        first_line: total_lines - lines + 1,
        partial_line: false,
    }
}

fn floor_char_boundary(text: &str, index: usize) -> usize {
    let mut index = index.min(text.len());
    while !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}

fn ceil_char_boundary(text: &str, index: usize) -> usize {
    let mut index = index.min(text.len());
    while !text.is_char_boundary(index) {
        index += 1;
    }
    index
}

/// Everything the final notice line and `details.truncated` report.
struct TruncationSummary<'a> {
    keep: Keep,
    total_lines: usize,
    total_bytes: usize,
    kept: &'a KeptText,
    saved: &'a io::Result<PathBuf>,
}

impl TruncationSummary<'_> {
    fn notice(&self) -> String {
        let kept = self.kept;
        let sizes = format!("{} of {}", format_size(kept.range.len()), format_size(self.total_bytes));
        let shown = if kept.partial_line {
            let which_part = match self.keep {
                Keep::Head => "start",
                Keep::Tail => "end",
            };
            format!(
                "showing the {which_part} of line {} of {}, which is too long ({sizes})",
                kept.first_line, self.total_lines
            )
        } else if kept.lines == 0 {
            format!("showing none of the {} lines ({sizes})", self.total_lines)
        } else {
            let last_line = kept.first_line + kept.lines - 1;
            match self.keep {
                Keep::Head => format!("showing lines {}-{last_line} of {} ({sizes})", kept.first_line, self.total_lines),
                Keep::Tail => format!(
                    "showing the last {} lines, {}-{last_line} of {} ({sizes})",
                    kept.lines, kept.first_line, self.total_lines
                ),
            }
        };
        let location = match self.saved {
            Ok(path) => format!("Full output: {}", path.display()),
            Err(error) => format!("The full output could not be saved: {error}"),
        };
        format!("[Output truncated: {shown}. {location}]")
    }

    fn details(&self) -> Value {
        let mut details = json!({
            "truncated": true,
            "keep": self.keep.as_str(),
            "totalLines": self.total_lines,
            "totalBytes": self.total_bytes,
            "shownLines": self.kept.lines,
            "shownBytes": self.kept.range.len(),
            "fullOutputPath": match self.saved {
                Ok(path) => Value::String(path.to_string_lossy().into_owned()),
                Err(_) => Value::Null,
            },
        });
        if let Err(error) = self.saved {
            details["saveError"] = Value::String(error.to_string());
        }
        details
    }
}

/// Sizes as `512 B`, `50.0 KB`, `9.8 MB` (powers of 1024).
fn format_size(bytes: usize) -> String {
    const KIB: f64 = 1024.0;
    let value = bytes as f64;
    if bytes < 1024 {
        format!("{bytes} B")
    } else if value < KIB * KIB {
        format!("{:.1} KB", value / KIB)
    } else {
        format!("{:.1} MB", value / (KIB * KIB))
    }
}

/// Puts `view` where the first text block was, drops the other text blocks, keeps images.
fn replace_text_blocks(content: &mut Vec<ContentBlock>, view: String) {
    let mut view = Some(view);
    content.retain_mut(|block| match block {
        ContentBlock::Image { .. } => true,
        ContentBlock::Text { text } => match view.take() {
            Some(view) => {
                *text = view;
                true
            }
            None => false,
        },
    });
}

/// Adds `truncated` to object details; other details are wrapped as `{ value, truncated }`.
fn with_truncation_details(details: Value, truncation: Value) -> Value {
    match details {
        Value::Object(mut object) => {
            object.insert("truncated".to_owned(), truncation);
            Value::Object(object)
        }
        other => json!({ "value": other, "truncated": truncation }),
    }
}

/// Writes the full text to a new spill file and returns its path.
fn save_spill_file(dir: &Path, call_id: &str, text: &str) -> io::Result<PathBuf> {
    let (mut file, path) = create_spill_file(dir, call_id)?;
    if let Err(error) = file.write_all(text.as_bytes()).and_then(|()| file.flush()) {
        drop(file);
        let _ = fs::remove_file(&path);
        return Err(error);
    }
    Ok(path)
}

/// Creates a new, empty spill file for `call_id` in `dir` (made private first): 0600, never
/// an existing file or a symlink. Other output bounds (child process output) write into it.
pub(crate) fn create_spill_file(dir: &Path, call_id: &str) -> io::Result<(fs::File, PathBuf)> {
    crate::private_dir::open(dir).map_err(io::Error::other)?;
    let stem = format!("{SPILL_FILE_PREFIX}{}-{}", utc_timestamp(SystemTime::now()), file_safe_call_id(call_id));
    create_new_file(dir, &stem)
}

/// Creates `<stem>.txt` (or `<stem>-1.txt`, `<stem>-2.txt`, … when taken) without ever
/// overwriting or following a symlink, readable and writable by the user only.
fn create_new_file(dir: &Path, stem: &str) -> io::Result<(fs::File, PathBuf)> {
    const MAX_ATTEMPTS: usize = 1000;
    for attempt in 0..MAX_ATTEMPTS {
        let name = if attempt == 0 {
            format!("{stem}{SPILL_FILE_SUFFIX}")
        } else {
            format!("{stem}-{attempt}{SPILL_FILE_SUFFIX}")
        };
        let path = dir.join(name);
        match create_private(&path) {
            Ok(file) => return Ok((file, path)),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(error) => return Err(error),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!("no free spill file name for {stem} in {}", dir.display()),
    ))
}

/// Creates `path` for writing (it must be new): private, never through a link.
fn create_private(path: &Path) -> io::Result<fs::File> {
    crate::private_dir::open_no_follow(OpenOptions::new().write(true).create_new(true), path)
}

/// The call id reduced to `[A-Za-z0-9_-]` (others become `_`), at most 64 characters.
fn file_safe_call_id(call_id: &str) -> String {
    let safe: String = call_id
        .chars()
        .take(MAX_CALL_ID_CHARS)
        .map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c } else { '_' })
        .collect();
    if safe.is_empty() {
        "call".to_owned()
    } else {
        safe
    }
}

/// `YYYYMMDDTHHMMSS.mmmZ` in UTC.
fn utc_timestamp(time: SystemTime) -> String {
    chrono::DateTime::<chrono::Utc>::from(time).format("%Y%m%dT%H%M%S%.3fZ").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs::File;

    /// A fresh empty directory under the system temp dir, removed on drop.
    struct TempDir(PathBuf);

    impl TempDir {
        fn new(label: &str) -> Self {
            use std::sync::atomic::{AtomicUsize, Ordering};
            static COUNTER: AtomicUsize = AtomicUsize::new(0);
            let path = std::env::temp_dir().join(format!(
                "omp-truncate-test-{}-{label}-{}",
                std::process::id(),
                COUNTER.fetch_add(1, Ordering::Relaxed)
            ));
            let _ = fs::remove_dir_all(&path);
            fs::create_dir_all(&path).unwrap();
            TempDir(path)
        }
        fn path(&self) -> &Path {
            &self.0
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    fn text_result(text: String) -> ToolResult {
        ToolResult {
            content: vec![ContentBlock::Text { text }],
            details: json!({}),
            is_error: false,
            useless: None,
            terminate: None,
            structured_content: None,
        }
    }

    fn image(data: &str) -> ContentBlock {
        ContentBlock::Image {
            data: data.to_owned(),
            mime_type: "image/png".to_owned(),
        }
    }

    fn only_text(result: &ToolResult) -> &str {
        let texts: Vec<&str> = result
            .content
            .iter()
            .filter_map(|block| match block {
                ContentBlock::Text { text } => Some(text.as_str()),
                ContentBlock::Image { .. } => None,
            })
            .collect();
        assert_eq!(texts.len(), 1, "expected exactly one text block");
        texts[0]
    }

    /// Splits a truncated view into (kept text, notice line).
    fn split_view(view: &str) -> (&str, &str) {
        view.rsplit_once("\n\n").expect("view has a notice after a blank line")
    }

    fn numbered_lines(count: usize) -> String {
        (1..=count).map(|n| format!("line {n}\n")).collect()
    }

    fn spill_files(dir: &Path) -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = match fs::read_dir(dir) {
            Ok(entries) => entries.map(|entry| entry.unwrap().path()).collect(),
            Err(_) => Vec::new(),
        };
        files.sort();
        files
    }

    #[test]
    fn one_text_block_is_measured_in_place() {
        let result = text_result("x".repeat(10));
        let ContentBlock::Text { text } = &result.content[0] else { unreachable!() };
        assert!(matches!(joined_text(&result), Cow::Borrowed(t) if t.as_ptr() == text.as_ptr()));
        let two = ToolResult {
            content: vec![ContentBlock::text("a"), image("aGk="), ContentBlock::text("b")],
            ..text_result(String::new())
        };
        assert_eq!(joined_text(&two), "a\nb");
    }

    fn truncation(result: &ToolResult) -> &Value {
        &result.details["truncated"]
    }

    #[test]
    fn small_output_is_left_alone_and_nothing_is_written() {
        let dir = TempDir::new("small");
        let spill = dir.path().join("spill");
        let result = text_result(numbered_lines(2000));
        let out = truncate_result(result.clone(), &TruncationPolicy::default(), &spill, "c1");
        assert_eq!(out, result);
        assert!(!spill.exists());
    }

    #[test]
    fn ten_megabytes_are_spilled_and_bounded() {
        let dir = TempDir::new("10mb");
        let line = "x".repeat(99) + "\n";
        let full: String = line.repeat(10 * 1024 * 1024 / 100);
        let policy = TruncationPolicy::default();
        let out = truncate_result(text_result(full.clone()), &policy, dir.path(), "call-10mb");

        let (kept, notice) = split_view(only_text(&out));
        assert!(kept.len() <= policy.max_bytes);
        assert!(full.starts_with(kept));
        assert_eq!(full.as_bytes()[kept.len()], b'\n', "cut at a line boundary");
        assert_eq!(kept.lines().count(), policy.max_bytes / 100);

        let info = truncation(&out);
        assert_eq!(info["truncated"], json!(true));
        assert_eq!(info["keep"], json!("head"));
        assert_eq!(info["totalBytes"], json!(full.len()));
        assert_eq!(info["totalLines"], json!(full.lines().count()));
        assert_eq!(info["shownBytes"], json!(kept.len()));
        assert_eq!(info["shownLines"], json!(kept.lines().count()));

        let path = PathBuf::from(info["fullOutputPath"].as_str().unwrap());
        assert_eq!(path.parent().unwrap(), dir.path());
        assert_eq!(fs::read_to_string(&path).unwrap(), full);
        assert_eq!(
            notice,
            format!(
                "[Output truncated: showing lines 1-512 of 104857 (50.0 KB of 10.0 MB). Full output: {}]",
                path.display()
            )
        );
    }

    #[test]
    fn line_limit_applies_to_many_short_lines() {
        let dir = TempDir::new("lines");
        let full = numbered_lines(3000);
        let out = truncate_result(text_result(full.clone()), &TruncationPolicy::default(), dir.path(), "c");
        let (kept, notice) = split_view(only_text(&out));
        let kept_lines: Vec<&str> = kept.lines().collect();
        assert_eq!(kept_lines.len(), 2000);
        assert_eq!(kept_lines[0], "line 1");
        assert_eq!(kept_lines[1999], "line 2000");
        assert!(notice.starts_with("[Output truncated: showing lines 1-2000 of 3000 ("), "{notice}");
        assert_eq!(truncation(&out)["shownLines"], json!(2000));
        assert_eq!(truncation(&out)["totalLines"], json!(3000));
    }

    #[test]
    fn joined_text_of_several_blocks_counts_toward_the_limit() {
        let dir = TempDir::new("blocks");
        let policy = TruncationPolicy {
            max_lines: 3,
            ..TruncationPolicy::default()
        };
        let result = ToolResult {
            content: vec![ContentBlock::text("a\nb"), ContentBlock::text("c\nd")],
            details: json!({}),
            is_error: false,
            useless: None,
            terminate: None,
            structured_content: None,
        };
        let out = truncate_result(result, &policy, dir.path(), "c");
        let (kept, _) = split_view(only_text(&out));
        assert_eq!(kept, "a\nb\nc");
        let path = truncation(&out)["fullOutputPath"].as_str().unwrap().to_owned();
        assert_eq!(fs::read_to_string(path).unwrap(), "a\nb\nc\nd");
    }

    #[test]
    fn truncation_leaves_structured_content_whole() {
        let dir = TempDir::new("structured");
        let policy = TruncationPolicy {
            max_lines: 2,
            ..TruncationPolicy::default()
        };
        let data = json!({"rows": (0..100).collect::<Vec<_>>()});
        let result = ToolResult {
            structured_content: Some(data.clone()),
            ..text_result("1\n2\n3\n4".to_string())
        };
        let out = truncate_result(result, &policy, dir.path(), "c");
        assert!(truncation(&out).is_object(), "the text was bounded");
        assert_eq!(out.structured_content, Some(data));
    }

    #[test]
    fn a_single_over_long_line_is_cut_at_the_byte_limit() {
        let dir = TempDir::new("longline");
        let full = "y".repeat(200 * 1024);
        let policy = TruncationPolicy::default();
        let out = truncate_result(text_result(full.clone()), &policy, dir.path(), "c");
        let (kept, notice) = split_view(only_text(&out));
        assert_eq!(kept.len(), policy.max_bytes);
        assert!(
            notice.starts_with("[Output truncated: showing the start of line 1 of 1, which is too long (50.0 KB of 200.0 KB)."),
            "{notice}"
        );
        assert_eq!(truncation(&out)["shownLines"], json!(1));
        assert_eq!(truncation(&out)["shownBytes"], json!(policy.max_bytes));
    }

    #[test]
    fn multi_byte_characters_are_never_split() {
        let dir = TempDir::new("utf8");
        // 'é' is 2 bytes and '🎉' 4 bytes: an odd limit lands inside a character.
        for (unit, width) in [("é", 2usize), ("🎉", 4)] {
            let full = unit.repeat(1000);
            for keep in [Keep::Head, Keep::Tail] {
                let policy = TruncationPolicy {
                    max_lines: 10,
                    max_bytes: 101,
                    keep,
                };
                let out = truncate_result(text_result(full.clone()), &policy, dir.path(), "u");
                let (kept, _) = split_view(only_text(&out));
                assert_eq!(kept.len(), 101 / width * width, "{unit} {keep:?}");
                assert!(kept.chars().all(|c| c.to_string() == unit));
            }
        }
    }

    #[test]
    fn multi_byte_lines_are_cut_at_line_boundaries() {
        let dir = TempDir::new("utf8lines");
        let full = "日本語\n".repeat(100); // 10 bytes a line with its newline
        let policy = TruncationPolicy {
            max_lines: 1000,
            max_bytes: 35,
            keep: Keep::Head,
        };
        let out = truncate_result(text_result(full), &policy, dir.path(), "u");
        let (kept, _) = split_view(only_text(&out));
        assert_eq!(kept, "日本語\n日本語\n日本語");
    }

    #[test]
    fn tail_mode_keeps_the_last_lines() {
        let dir = TempDir::new("tail");
        let full = numbered_lines(3000);
        let policy = TruncationPolicy {
            keep: Keep::Tail,
            ..TruncationPolicy::default()
        };
        let out = truncate_result(text_result(full), &policy, dir.path(), "t");
        let (kept, notice) = split_view(only_text(&out));
        let kept_lines: Vec<&str> = kept.lines().collect();
        assert_eq!(kept_lines.len(), 2000);
        assert_eq!(kept_lines[0], "line 1001");
        assert_eq!(kept_lines[1999], "line 3000");
        assert!(
            notice.starts_with("[Output truncated: showing the last 2000 lines, 1001-3000 of 3000 ("),
            "{notice}"
        );
        assert_eq!(truncation(&out)["keep"], json!("tail"));
    }

    #[test]
    fn tail_mode_respects_the_byte_limit() {
        let dir = TempDir::new("tailbytes");
        let full = numbered_lines(30); // "line 30" is 7 bytes
        let policy = TruncationPolicy {
            max_lines: 100,
            max_bytes: 20,
            keep: Keep::Tail,
        };
        let out = truncate_result(text_result(full), &policy, dir.path(), "t");
        let (kept, _) = split_view(only_text(&out));
        assert_eq!(kept, "line 29\nline 30");
    }

    #[test]
    fn tail_mode_cuts_an_over_long_last_line_from_its_end() {
        let dir = TempDir::new("taillong");
        let full = format!("first\n{}END", "z".repeat(300));
        let policy = TruncationPolicy {
            max_lines: 100,
            max_bytes: 50,
            keep: Keep::Tail,
        };
        let out = truncate_result(text_result(full.clone()), &policy, dir.path(), "t");
        let (kept, notice) = split_view(only_text(&out));
        assert_eq!(kept.len(), 50);
        assert!(full.ends_with(kept));
        assert!(notice.starts_with("[Output truncated: showing the end of line 2 of 2, which is too long"));
    }

    #[test]
    fn images_are_kept_in_place() {
        let dir = TempDir::new("images");
        let result = ToolResult {
            content: vec![
                ContentBlock::text(numbered_lines(1500)),
                image("first"),
                ContentBlock::text(numbered_lines(1500)),
                image("second"),
            ],
            details: json!({"tool": "data"}),
            is_error: true,
            useless: None,
            terminate: None,
            structured_content: None,
        };
        let out = truncate_result(result, &TruncationPolicy::default(), dir.path(), "i");
        assert_eq!(out.content.len(), 3);
        assert!(matches!(out.content[0], ContentBlock::Text { .. }));
        assert_eq!(out.content[1], image("first"));
        assert_eq!(out.content[2], image("second"));
        assert_eq!(out.details["tool"], json!("data"));
        assert!(out.is_error);
    }

    #[test]
    fn an_already_truncated_result_is_left_alone() {
        let dir = TempDir::new("twice");
        let policy = TruncationPolicy {
            max_lines: 10,
            ..TruncationPolicy::default()
        };
        let once = truncate_result(text_result(numbered_lines(50)), &policy, dir.path(), "c");
        assert_eq!(spill_files(dir.path()).len(), 1);
        // Make the text over the limit again: only the marker can stop a second pass.
        let mut grown = once.clone();
        grown.content = vec![ContentBlock::text(numbered_lines(50))];
        let twice = truncate_result(grown.clone(), &policy, dir.path(), "c");
        assert_eq!(twice, grown);
        assert_eq!(spill_files(dir.path()).len(), 1);
    }

    #[test]
    fn a_tool_that_truncated_its_own_output_is_left_alone() {
        let dir = TempDir::new("selftruncated");
        let policy = TruncationPolicy {
            max_lines: 10,
            ..TruncationPolicy::default()
        };
        for marker in [json!(true), json!({"shown": 5}), json!("head")] {
            let mut result = text_result(numbered_lines(50));
            result.details = json!({ "truncated": marker });
            let out = truncate_result(result.clone(), &policy, dir.path(), "c");
            assert_eq!(out, result);
        }
        assert!(spill_files(dir.path()).is_empty());
    }

    #[test]
    fn a_tools_false_truncated_flag_does_not_stop_the_bound() {
        let dir = TempDir::new("ownflag");
        let policy = TruncationPolicy {
            max_lines: 10,
            ..TruncationPolicy::default()
        };
        let mut result = text_result(numbered_lines(50));
        result.details = json!({"truncated": false, "matches": 50});
        let out = truncate_result(result, &policy, dir.path(), "c");
        assert_eq!(truncation(&out)["truncated"], json!(true));
        assert_eq!(out.details["matches"], json!(50));
    }

    #[test]
    fn non_object_details_are_wrapped() {
        let dir = TempDir::new("wrap");
        let policy = TruncationPolicy {
            max_lines: 1,
            ..TruncationPolicy::default()
        };
        let mut result = text_result("a\nb".to_owned());
        result.details = json!(["kept", 1]);
        let out = truncate_result(result, &policy, dir.path(), "c");
        assert_eq!(out.details["value"], json!(["kept", 1]));
        assert_eq!(truncation(&out)["shownLines"], json!(1));
    }

    #[test]
    fn unwritable_spill_dir_still_truncates() {
        let dir = TempDir::new("unwritable");
        // A regular file where a directory should be: fails even for root.
        let blocker = dir.path().join("not-a-dir");
        File::create(&blocker).unwrap();
        let spill = blocker.join("spill");
        let policy = TruncationPolicy {
            max_lines: 5,
            ..TruncationPolicy::default()
        };
        let out = truncate_result(text_result(numbered_lines(20)), &policy, &spill, "c");
        let (kept, notice) = split_view(only_text(&out));
        assert_eq!(kept.lines().count(), 5);
        assert!(
            notice.starts_with("[Output truncated: showing lines 1-5 of 20 (")
                && notice.contains("The full output could not be saved: ")
                && notice.ends_with(']'),
            "{notice}"
        );
        assert_eq!(truncation(&out)["fullOutputPath"], Value::Null);
        assert!(truncation(&out)["saveError"].as_str().is_some_and(|e| !e.is_empty()));
    }

    #[cfg(unix)]
    #[test]
    fn spill_files_are_private() {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let dir = TempDir::new("private");
        let spill = dir.path().join("output");
        let policy = TruncationPolicy {
            max_lines: 1,
            ..TruncationPolicy::default()
        };
        let out = truncate_result(text_result("a\nb".into()), &policy, &spill, "c");
        let path = PathBuf::from(truncation(&out)["fullOutputPath"].as_str().unwrap());
        assert_eq!(fs::metadata(&spill).unwrap().mode() & 0o777, 0o700);
        assert_eq!(fs::metadata(&path).unwrap().mode() & 0o777, 0o600);
        // A folder other users can write to is not used.
        fs::set_permissions(&spill, fs::Permissions::from_mode(0o777)).unwrap();
        let out = truncate_result(text_result("a\nb".into()), &policy, &spill, "c");
        let error = truncation(&out)["saveError"].as_str().unwrap().to_string();
        assert!(error.contains("other users can write to it"), "{error}");
    }

    #[test]
    fn spill_files_are_never_overwritten() {
        let dir = TempDir::new("unique");
        let (mut one, first) = create_new_file(dir.path(), "omp-host-output-same").unwrap();
        let (mut two, second) = create_new_file(dir.path(), "omp-host-output-same").unwrap();
        one.write_all(b"one").unwrap();
        two.write_all(b"two").unwrap();
        assert_ne!(first, second);
        assert_eq!(fs::read_to_string(first).unwrap(), "one");
        assert_eq!(fs::read_to_string(second).unwrap(), "two");
    }

    #[test]
    fn spill_file_name_has_prefix_timestamp_and_safe_call_id() {
        let dir = TempDir::new("name");
        let policy = TruncationPolicy {
            max_lines: 1,
            ..TruncationPolicy::default()
        };
        let out = truncate_result(text_result("a\nb".to_owned()), &policy, dir.path(), "../../etc/passwd");
        let path = PathBuf::from(truncation(&out)["fullOutputPath"].as_str().unwrap());
        assert_eq!(path.parent().unwrap(), dir.path());
        let name = path.file_name().unwrap().to_str().unwrap();
        let stamp = &name[SPILL_FILE_PREFIX.len()..SPILL_FILE_PREFIX.len() + 20];
        assert!(name.starts_with(SPILL_FILE_PREFIX), "{name}");
        assert!(stamp.starts_with("20") && stamp.ends_with('Z') && stamp.as_bytes()[8] == b'T', "{stamp}");
        assert!(name.ends_with("-______etc_passwd.txt"), "{name}");
    }

    #[test]
    fn utc_timestamps_are_calendar_correct() {
        let at = |seconds: u64, millis: u64| utc_timestamp(std::time::UNIX_EPOCH + Duration::from_secs(seconds) + Duration::from_millis(millis));
        assert_eq!(at(0, 0), "19700101T000000.000Z");
        assert_eq!(at(951_782_400, 5), "20000229T000000.005Z"); // leap day in a /400 year
        assert_eq!(at(1_709_251_199, 999), "20240229T235959.999Z");
        assert_eq!(at(4_102_444_800, 0), "21000101T000000.000Z");
    }

    #[test]
    fn cleanup_removes_only_old_spill_files() {
        let dir = TempDir::new("cleanup");
        let policy = TruncationPolicy {
            max_lines: 1,
            ..TruncationPolicy::default()
        };
        let path_of = |result: &ToolResult| PathBuf::from(truncation(result)["fullOutputPath"].as_str().unwrap());
        let old_spill = path_of(&truncate_result(text_result("a\nb".into()), &policy, dir.path(), "old"));
        let new_spill = path_of(&truncate_result(text_result("a\nb".into()), &policy, dir.path(), "new"));
        let old_foreign = dir.path().join("notes.txt");
        fs::write(&old_foreign, "mine").unwrap();
        let old_dir = dir.path().join(format!("{SPILL_FILE_PREFIX}dir{SPILL_FILE_SUFFIX}"));
        fs::create_dir(&old_dir).unwrap();

        let eight_days_ago = SystemTime::now() - Duration::from_secs(8 * 24 * 60 * 60);
        for path in [&old_spill, &old_foreign] {
            File::options().write(true).open(path).unwrap().set_modified(eight_days_ago).unwrap();
        }

        assert_eq!(cleanup_spill_dir(dir.path(), SPILL_MAX_AGE).unwrap(), 1);
        assert!(!old_spill.exists());
        assert!(new_spill.exists());
        assert!(old_foreign.exists());
        assert!(old_dir.exists());
        assert_eq!(cleanup_spill_dir(dir.path(), SPILL_MAX_AGE).unwrap(), 0);
    }

    #[test]
    fn cleanup_of_a_missing_dir_removes_nothing() {
        let dir = TempDir::new("missing");
        assert_eq!(cleanup_spill_dir(&dir.path().join("absent"), SPILL_MAX_AGE).unwrap(), 0);
    }

    #[test]
    fn sizes_are_human_readable() {
        assert_eq!(format_size(512), "512 B");
        assert_eq!(format_size(50 * 1024), "50.0 KB");
        assert_eq!(format_size(10 * 1024 * 1024 + 1), "10.0 MB");
    }
}
