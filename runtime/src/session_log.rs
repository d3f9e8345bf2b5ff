//! The session behind `ctx.sessionManager`, in pi's session file format: a JSON-lines file,
//! a header line (`{"type":"session","version":3,"id",…}`) then one entry per line with
//! `id`/`parentId`/`timestamp`. Each call that ends appends two message entries: the
//! assistant's `toolCall` (tool and arguments) and the `toolResult` (the shaped, truncated
//! result). A host keeps its own file, `<data>/sessions/<id>.jsonl` (folder 0700, file
//! 0600), and resumes it by id; a client may instead name a pi session file of its own,
//! which is then the session: the host only reads it, records nothing itself (the client
//! records its calls, as pi does), and the tools see the lines the client appends to it.
//! Lines go to a writer thread that writes them in batches (at most every 20 ms; everything
//! on close), so a call's end never waits for the disk and a busy host does not wake it for
//! every call. The tools' view of the session takes the entries recorded since it last
//! looked (`take_unread`): from the file when there is one, so a long-lived host keeps none
//! of its calls in memory, and from memory otherwise. On Windows there are no modes: the
//! folder and file are private by the access list they inherit from the user's profile.

use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::Read;
#[cfg(unix)]
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::mpsc::sync_channel;
use std::sync::Mutex;

use rand::rngs::SmallRng;
use rand::{RngCore, SeedableRng};
use serde_json::value::RawValue;
use serde_json::{json, Value};

use crate::result::ToolResult;
use crate::session_call_lines::{call_lines, LineIds, RecordedCall};
#[cfg(windows)]
use crate::session_trim::ReadExactAt;
use crate::session_writer::{ToWriter, Writer};

/// pi's current session file version.
const SESSION_VERSION: u64 = 3;
/// The largest session file the host reads back.
const MAX_FILE_BYTES: u64 = 256 * 1024 * 1024;

/// Which session the host serves.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) enum SessionSource {
    /// Kept in memory only (`call`, `list`, `check`).
    #[default]
    InMemory,
    /// A new session file with a fresh id.
    New,
    /// The session file with this id, resumed (created when there is none yet).
    Resume(String),
    /// A pi session file the client keeps: followed as it grows, never written.
    External(PathBuf),
}

/// The session: its header, the entries it started with, and where new ones go.
pub(crate) struct SessionLog {
    header: Value,
    file: Option<PathBuf>,
    /// The entries read from the file at start (tools get later ones as they are made).
    initial: Vec<Value>,
    state: Mutex<Chain>,
    writer: Mutex<Option<Writer>>,
    /// Where the entries recorded since the tools last looked are read from.
    unread: Mutex<Unread>,
    /// The size the host's own file is kept under (`keep_recent_part`).
    file_limit: u64,
    /// Where the header line ends in the host's own file.
    header_end: u64,
    /// Whether trimming the file was said on stderr.
    trim_said: std::sync::atomic::AtomicBool,
}

/// The limit on the host's own session file when the config sets none.
pub(crate) const DEFAULT_FILE_LIMIT_MB: u64 = 64;

/// The entries the tools have not taken yet.
enum Unread {
    /// Kept here (no file of ours is written).
    InMemory(Vec<String>),
    /// In the session file from `offset` on, read through a handle of its own (the entries
    /// the session started with end at `start`). On Windows it is a clone of the writer's
    /// handle, whose cursor the reads move: the writer appends, which ignores the cursor.
    InFile { file: File, start: u64, offset: u64 },
    /// A client's file: the whole lines after `offset` (the entries the session started with
    /// end at `start`), however far the client has written.
    Following { file: File, start: u64, offset: u64 },
}

/// The end of the entry chain, the ids new entries get, and where the file ends once the
/// writer has written everything sent to it (whole lines only).
struct Chain {
    leaf: Option<String>,
    ids: EntryIds,
    file_end: u64,
}

impl Default for Chain {
    fn default() -> Chain {
        Chain {
            leaf: None,
            ids: EntryIds::new(),
            file_end: 0,
        }
    }
}

/// Entry ids of pi's form (8 hex digits) that look random and never repeat, without keeping
/// the ids made so far: the n-th id is a random-keyed permutation of n (every step below
/// maps distinct 32-bit numbers to distinct ones), skipping the ids the file started with.
struct EntryIds {
    next: u32,
    keys: [u32; 3],
    /// The ids of pi's form in the session file when it was read.
    taken: HashSet<u32>,
}

impl EntryIds {
    fn new() -> EntryIds {
        let mut random = SmallRng::from_entropy();
        EntryIds {
            next: random.next_u32(),
            keys: [random.next_u32(), random.next_u32() | 1, random.next_u32()],
            taken: HashSet::new(),
        }
    }

    fn next_id(&mut self) -> String {
        loop {
            let n = self.next;
            self.next = self.next.wrapping_add(1);
            let mut x = n ^ self.keys[0];
            x = x.wrapping_mul(self.keys[1]);
            x ^= x >> 16;
            x = x.wrapping_mul(0x7feb_352d);
            x ^= x >> 15;
            x ^= self.keys[2];
            if !self.taken.contains(&x) {
                return hex8(x);
            }
        }
    }
}

/// Why a session could not be opened; the text names the file (or the `--session` id).
#[derive(Debug, thiserror::Error)]
pub(crate) enum SessionFileError {
    #[error("session folder {0}")]
    Folder(crate::private_dir::PrivateDirError),
    #[error("session file {}: {source}", path.display())]
    Io { path: PathBuf, source: std::io::Error },
    #[error("session file {}: not a file of this user", .0.display())]
    NotOurs(PathBuf),
    #[error("session file {}: larger than {MAX_FILE_BYTES} bytes", .0.display())]
    TooLarge(PathBuf),
    #[error("session file {}: not UTF-8 text", .0.display())]
    NotText(PathBuf),
    #[error("session file {}: the first line is not a session header", .0.display())]
    NoHeader(PathBuf),
    #[error("--session {0:?}: a session id is 1 to 128 letters, digits, '.', '_' or '-', not starting with '.'")]
    BadId(String),
}

impl SessionFileError {
    fn io(path: &Path, source: std::io::Error) -> SessionFileError {
        SessionFileError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// An entry refused because the session is a client's own file, which the host only reads.
#[derive(Debug, thiserror::Error)]
#[error("the session is the client's own file (--session-file), which omp-host does not write")]
pub(crate) struct ClientsOwnFile;

impl SessionLog {
    /// Opens the session `source` names for a host working in `cwd`; sessions live under
    /// `sessions_dir`.
    pub(crate) fn open(source: &SessionSource, cwd: &Path, sessions_dir: &Path) -> Result<SessionLog, SessionFileError> {
        match source {
            SessionSource::InMemory => Ok(SessionLog::fresh(new_session_id(), cwd, None)),
            SessionSource::New => SessionLog::create(&new_session_id(), cwd, sessions_dir),
            SessionSource::Resume(id) => {
                check_id(id)?;
                let path = sessions_dir.join(format!("{id}.jsonl"));
                if path.exists() {
                    SessionLog::resume(&path)
                } else {
                    SessionLog::create(id, cwd, sessions_dir)
                }
            }
            SessionSource::External(path) => SessionLog::read_external(path),
        }
    }

    fn fresh(id: String, cwd: &Path, file: Option<PathBuf>) -> SessionLog {
        let header = json!({ "type": "session", "version": SESSION_VERSION, "id": id, "timestamp": crate::log::timestamp(), "cwd": cwd.display().to_string() });
        SessionLog {
            header,
            file,
            initial: Vec::new(),
            state: Mutex::default(),
            writer: Mutex::new(None),
            unread: Mutex::new(Unread::InMemory(Vec::new())),
            file_limit: DEFAULT_FILE_LIMIT_MB * 1024 * 1024,
            header_end: 0,
            trim_said: Default::default(),
        }
    }

    /// Keeps the host's own session file under `bytes`: past it, only its recent entries stay.
    pub(crate) fn limit_file_to(mut self, bytes: u64) -> SessionLog {
        self.file_limit = bytes;
        self
    }

    /// A new session file holding just the header.
    fn create(id: &str, cwd: &Path, sessions_dir: &Path) -> Result<SessionLog, SessionFileError> {
        crate::private_dir::open(sessions_dir).map_err(SessionFileError::Folder)?;
        let path = sessions_dir.join(format!("{id}.jsonl"));
        let mut log = SessionLog::fresh(id.to_string(), cwd, Some(path.clone()));
        let file = open_private(&path, true).map_err(|e| SessionFileError::io(&path, e))?;
        let header = log.header.to_string();
        let end = header.len() as u64 + 1;
        log.header_end = end;
        log.state.get_mut().unwrap().file_end = end;
        log.unread = Mutex::new(Unread::InFile {
            file: file.try_clone().map_err(|e| SessionFileError::io(&path, e))?,
            start: end,
            offset: end,
        });
        let writer = Writer::start(file, &path);
        let _ = writer.lines.send(ToWriter::Lines(header));
        log.writer = Mutex::new(Some(writer));
        Ok(log)
    }

    /// An existing session file of ours: its entries, then later ones appended to it.
    fn resume(path: &Path) -> Result<SessionLog, SessionFileError> {
        let mut file = open_private(path, false).map_err(|e| SessionFileError::io(path, e))?;
        let meta = file.metadata().map_err(|e| SessionFileError::io(path, e))?;
        if !meta.is_file() || !crate::private_dir::is_mine(&meta) {
            return Err(SessionFileError::NotOurs(path.to_path_buf()));
        }
        let text = read_bounded(&mut file, path)?;
        let mut log = SessionLog::parse(&text, path)?;
        log.header_end = text.find('\n').map_or(text.len(), |at| at + 1) as u64;
        log.unread = Mutex::new(Unread::InFile {
            file: file.try_clone().map_err(|e| SessionFileError::io(path, e))?,
            start: text.len() as u64,
            offset: text.len() as u64,
        });
        let writer = Writer::start(file, path);
        let mut end = text.len() as u64;
        if !text.is_empty() && !text.ends_with('\n') {
            // A line cut short (the host was killed mid-write) stays on a line of its own.
            let _ = writer.lines.send(ToWriter::Lines(String::new()));
            end += 1;
        }
        log.state.get_mut().unwrap().file_end = end;
        log.writer = Mutex::new(Some(writer));
        Ok(log)
    }

    /// A client's pi session file: its whole lines now, and the ones it gets later as the
    /// tools look; nothing is written to it.
    fn read_external(path: &Path) -> Result<SessionLog, SessionFileError> {
        let path = crate::paths::normalize(&std::env::current_dir().unwrap_or_default().join(path));
        // A regular file only: a FIFO's open would wait for a writer (the host hung at start
        // with no word).
        let mut file = crate::regular_file::open(&path).map_err(|e| SessionFileError::io(&path, e))?;
        let text = read_bounded(&mut file, &path)?;
        // A last line still being written is read once it is whole.
        let whole = text.rfind('\n').map_or(0, |at| at + 1);
        let mut log = SessionLog::parse(&text[..whole], &path)?;
        log.unread = Mutex::new(Unread::Following {
            file,
            start: whole as u64,
            offset: whole as u64,
        });
        Ok(log)
    }

    /// The header and entries of a session file's text; lines that are not JSON objects are
    /// skipped, as pi skips them.
    fn parse(text: &str, path: &Path) -> Result<SessionLog, SessionFileError> {
        let mut lines = text
            .lines()
            .filter_map(|line| serde_json::from_str::<Value>(line).ok())
            .filter(Value::is_object);
        let header = lines
            .next()
            .filter(|h| h["type"] == "session")
            .ok_or_else(|| SessionFileError::NoHeader(path.to_path_buf()))?;
        let initial: Vec<Value> = lines.collect();
        let mut chain = Chain::default();
        for entry in &initial {
            if let Some(id) = entry["id"].as_str() {
                chain.ids.taken.extend(hex_id(id));
                chain.leaf = Some(id.to_string());
            }
        }
        Ok(SessionLog {
            header,
            file: Some(path.to_path_buf()),
            initial,
            state: Mutex::new(chain),
            writer: Mutex::new(None),
            unread: Mutex::new(Unread::InMemory(Vec::new())),
            file_limit: DEFAULT_FILE_LIMIT_MB * 1024 * 1024,
            header_end: 0,
            trim_said: Default::default(),
        })
    }

    pub(crate) fn id(&self) -> &str {
        self.header["id"].as_str().unwrap_or("")
    }

    /// The session file, if there is one.
    pub(crate) fn file(&self) -> Option<&Path> {
        self.file.as_deref()
    }

    /// Whether the host writes the file (false for a client's own session file).
    pub(crate) fn writes(&self) -> bool {
        self.writer.lock().unwrap().is_some()
    }

    /// The session facts tools see in `ctx.sessionManager` at start.
    pub(crate) fn info(&self, cwd: &Path) -> Value {
        json!({
            "cwd": cwd.display().to_string(),
            "sessionId": self.id(),
            "sessionFile": self.file.as_ref().map(|f| f.display().to_string()),
            "sessionDir": self.file.as_ref().and_then(|f| f.parent()).map(|d| d.display().to_string()),
            "header": self.header,
            "entries": self.initial,
        })
    }

    /// The `session` member of the `ready` line.
    pub(crate) fn describe(&self) -> Value {
        json!({ "id": self.id(), "file": self.file.as_ref().map(|f| f.display().to_string()), "entries": self.initial.len(), "writes": self.writes() })
    }

    /// Records a call that ended: the assistant's tool call (`arguments`, as JSON text), then
    /// its result. Each part is serialized once; the two lines go to the writer in one
    /// message (or wait in memory when there is no file of ours), for `take_unread`.
    pub(crate) fn record_call(&self, call_id: &str, tool: &str, arguments: Box<RawValue>, result: &ToolResult, nested_calls: Option<&Value>) {
        if !self.records_calls() {
            return;
        }
        let timestamp = crate::log::timestamp();
        let call = RecordedCall {
            call_id,
            tool,
            arguments: &arguments,
            result,
            nested_calls,
            timestamp: &timestamp,
            now_ms: crate::events::epoch_ms(),
        };
        let mut chain = self.state.lock().unwrap();
        let (call_entry, result_entry) = (chain.ids.next_id(), chain.ids.next_id());
        let ids = LineIds {
            parent: chain.leaf.as_deref(),
            call: &call_entry,
            result: &result_entry,
        };
        let (lines, second) = call_lines(&call, &ids);
        chain.leaf = Some(result_entry);
        self.store(&mut chain, lines, Some(second));
    }

    /// Appends an extension's entry (`pi.appendEntry(customType, data)`, pi's `custom` entry,
    /// which stays out of the model's context) to the chain. A client's own session file is
    /// the client's to write.
    pub(crate) fn append_custom(&self, custom_type: &str, data: &serde_json::Value) -> Result<(), ClientsOwnFile> {
        if !self.records_calls() {
            return Err(ClientsOwnFile);
        }
        let mut chain = self.state.lock().unwrap();
        let id = chain.ids.next_id();
        let line = json!({
            "type": "custom",
            "id": id,
            "parentId": chain.leaf,
            "timestamp": crate::log::timestamp(),
            "customType": custom_type,
            "data": data,
        })
        .to_string();
        chain.leaf = Some(id);
        self.store(&mut chain, line, None);
        Ok(())
    }

    /// Appends an extension's message (`pi.sendMessage`, pi's `custom_message` entry, which
    /// the model sees) to the chain: `message` is pi's `CustomMessage` (`customType`,
    /// `content`, `display`, `details`). Answers false, writing nothing, when the session is
    /// the client's own file: the client records the message itself.
    pub(crate) fn append_custom_message(&self, message: &serde_json::Value) -> bool {
        if !self.records_calls() {
            return false;
        }
        let mut chain = self.state.lock().unwrap();
        let id = chain.ids.next_id();
        let mut entry = serde_json::Map::new();
        entry.insert("type".into(), json!("custom_message"));
        entry.insert("id".into(), json!(&id));
        entry.insert("parentId".into(), json!(chain.leaf));
        entry.insert("timestamp".into(), json!(crate::log::timestamp()));
        for field in ["customType", "content", "display", "details"] {
            if let Some(value) = message.get(field) {
                entry.insert(field.into(), value.clone());
            }
        }
        let line = serde_json::Value::Object(entry).to_string();
        chain.leaf = Some(id);
        self.store(&mut chain, line, None);
        true
    }

    /// Stores `lines` (one or two entry lines, joined by a newline; the second starting at
    /// `second`) at the end of the chain: to the writer, or in memory for the tools' view.
    /// Called while the chain is held, so lines keep the chain's order.
    fn store(&self, chain: &mut Chain, mut lines: String, second: Option<usize>) {
        let added = lines.len() as u64 + 1;
        // Rare: trimming takes the tools' view and then the writer itself.
        if chain.file_end + added > self.file_limit && self.writes() {
            self.keep_recent_part(chain);
        }
        // One lock of the writer per call in the common case.
        if let Some(writer) = self.writer.lock().unwrap().as_ref() {
            chain.file_end += added;
            let _ = writer.lines.send(ToWriter::Lines(lines));
            return;
        }
        if let Unread::InMemory(unread) = &mut *self.unread.lock().unwrap() {
            match second {
                Some(second) => {
                    let later = lines.split_off(second);
                    lines.pop(); // the newline between them
                    unread.extend([lines, later]);
                }
                None => unread.push(lines),
            }
        }
    }

    /// The entries (JSON lines) recorded since the last time this was asked, oldest first.
    /// From the file, once the writer has written everything recorded so far.
    pub(crate) fn take_unread(&self) -> Vec<String> {
        // Read before the entries' lock (recording takes the locks the other way round).
        let end = self.state.lock().unwrap().file_end;
        let mut unread = self.unread.lock().unwrap();
        match &mut *unread {
            Unread::InMemory(lines) => std::mem::take(lines),
            Unread::Following { file, offset, .. } => self.follow(file, offset),
            Unread::InFile { file, offset, .. } => {
                let _ = self.flush();
                // Entries a full disk keeps waiting are not in the file yet: read the whole
                // lines that are, and the rest on a later look, once they are written.
                let written = file.metadata().map(|m| m.len()).unwrap_or(0);
                let mut bytes = vec![0u8; end.min(written).saturating_sub(*offset) as usize];
                if let Err(e) = file.read_exact_at(&mut bytes, *offset) {
                    let path = self.file.as_deref().unwrap_or(Path::new("?")).display();
                    crate::host_eprintln!("omp-host: cannot read the session file {path} back: {e}");
                    return Vec::new();
                }
                let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
                bytes.truncate(whole);
                *offset += whole as u64;
                String::from_utf8_lossy(&bytes)
                    .lines()
                    .filter(|line| !line.trim().is_empty())
                    .map(str::to_string)
                    .collect()
            }
        }
    }

    /// Forgets the entries the tools have not taken (the tools' view starts over). No disk
    /// work: the file's end is known without waiting for the writer.
    pub(crate) fn skip_unread(&self) {
        let end = self.state.lock().unwrap().file_end;
        match &mut *self.unread.lock().unwrap() {
            Unread::InMemory(lines) => lines.clear(),
            Unread::InFile { offset, .. } => *offset = end,
            Unread::Following { start, offset, .. } => *offset = *start,
        }
    }

    /// The tools' view starts over from the entries the session started with: every entry
    /// recorded since is unread again (for a new engine, whose tools saw none of them). Kept
    /// only where entries are in a file: in memory, the ones taken are gone.
    pub(crate) fn rewind_unread(&self) {
        match &mut *self.unread.lock().unwrap() {
            Unread::InMemory(_) => {}
            Unread::InFile { start, offset, .. } | Unread::Following { start, offset, .. } => *offset = *start,
        }
    }

    /// Whether calls are recorded here: not when the session is a client's file (the client
    /// records its calls itself).
    fn records_calls(&self) -> bool {
        !matches!(*self.unread.lock().unwrap(), Unread::Following { .. })
    }

    /// The whole lines a client's file got after `offset` (JSON objects only, as pi reads
    /// them), moving `offset` past them.
    fn follow(&self, file: &File, offset: &mut u64) -> Vec<String> {
        let path = self.file.as_deref().unwrap_or(Path::new("?")).display();
        let len = file.metadata().map(|m| m.len()).unwrap_or(0);
        if len < *offset {
            crate::host_eprintln!("omp-host: the session file {path} got shorter; tools keep the entries read so far");
            *offset = len;
            return Vec::new();
        }
        let mut bytes = vec![0u8; (len - *offset).min(MAX_FILE_BYTES) as usize];
        if let Err(e) = file.read_exact_at(&mut bytes, *offset) {
            crate::host_eprintln!("omp-host: cannot read the session file {path}: {e}");
            return Vec::new();
        }
        let Some(last_newline) = bytes.iter().rposition(|&b| b == b'\n') else {
            return Vec::new();
        };
        bytes.truncate(last_newline + 1);
        *offset += bytes.len() as u64;
        String::from_utf8_lossy(&bytes)
            .lines()
            .filter(|line| serde_json::from_str::<Value>(line).is_ok_and(|v| v.is_object()))
            .map(str::to_string)
            .collect()
    }

    /// Waits until the writer has written everything sent to it so far; answers whether all
    /// of it is in the file (a full disk keeps some waiting).
    fn flush(&self) -> bool {
        let (done, written) = sync_channel(1);
        if let Some(writer) = self.writer.lock().unwrap().as_ref() {
            if writer.lines.send(ToWriter::Flush(done)).is_ok() {
                // It may be resting between batches.
                writer.thread.thread().unpark();
                return written.recv().unwrap_or(false);
            }
        }
        false
    }

    /// Replaces the host's own file by its header and its recent entries (a quarter of the
    /// limit), moving the tools' view and the writer to the new file. Rare (once per three
    /// quarters of the limit written), so the call that finds the file full waits for it.
    /// Takes the tools' view, then the writer (as `take_unread` does); `chain` is held.
    fn keep_recent_part(&self, chain: &mut Chain) {
        let Some(path) = self.file.as_deref() else { return };
        let mut unread = self.unread.lock().unwrap();
        if !self.flush() {
            return; // lines wait for a full disk: trimmed once they are written
        }
        let trimmed = match crate::session_trim::keep_recent(path, chain.file_end, self.header_end, self.file_limit / 4) {
            Ok(trimmed) => trimmed,
            Err(e) => {
                if !self.trim_said.swap(true, std::sync::atomic::Ordering::Relaxed) {
                    crate::host_eprintln!("omp-host: cannot trim the session file {}: {e}; it grows past its limit", path.display());
                }
                return;
            }
        };
        if let Unread::InFile { file, start, offset } = &mut *unread {
            match trimmed.file.try_clone() {
                Ok(handle) => *file = handle,
                Err(e) => crate::host_eprintln!("omp-host: the session file {}: {e}", path.display()),
            }
            (*start, *offset) = (trimmed.map(*start), trimmed.map(*offset));
        }
        chain.file_end = trimmed.len;
        if let Some(writer) = self.writer.lock().unwrap().as_ref() {
            let _ = writer.lines.send(ToWriter::Switch(trimmed.file));
        }
        if !self.trim_said.swap(true, std::sync::atomic::Ordering::Relaxed) {
            crate::host_eprintln!(
                "omp-host: the session file {} reached its limit of {} MiB (sessionFileLimitMb); it keeps its most recent entries",
                path.display(),
                self.file_limit as f64 / (1024.0 * 1024.0)
            );
        }
    }

    /// Writes out every line recorded so far and stops writing.
    pub(crate) fn close(&self) {
        if let Some(writer) = self.writer.lock().unwrap().take() {
            drop(writer.lines);
            writer.thread.thread().unpark();
            let _ = writer.thread.join();
        }
    }
}

impl Drop for SessionLog {
    fn drop(&mut self) {
        self.close();
    }
}

/// Opens `path` for reading and appending, private and never through a link
/// (`private_dir::open_no_follow`); `new` insists it is new.
fn open_private(path: &Path, new: bool) -> std::io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true).append(true);
    if new {
        options.create_new(true);
    }
    crate::private_dir::open_no_follow(&mut options, path)
}

fn read_bounded(file: &mut File, path: &Path) -> Result<String, SessionFileError> {
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| SessionFileError::io(path, e))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(SessionFileError::TooLarge(path.to_path_buf()));
    }
    String::from_utf8(bytes).map_err(|_| SessionFileError::NotText(path.to_path_buf()))
}

/// A session id: letters, digits, `.`, `_` and `-`, not starting with a dot, at most 128.
fn check_id(id: &str) -> Result<(), SessionFileError> {
    let ok = !id.is_empty() && id.len() <= 128 && !id.starts_with('.') && id.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'));
    if ok {
        Ok(())
    } else {
        Err(SessionFileError::BadId(id.to_string()))
    }
}

/// `x` as pi's entry ids are written: 8 lowercase hex digits (`format!("{x:08x}")` took a
/// tenth of recording a call, callgrind).
fn hex8(x: u32) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    (0..8).rev().map(|nibble| char::from(DIGITS[(x >> (nibble * 4)) as usize & 0xf])).collect()
}

/// The number an entry id of pi's form (8 hex digits) stands for; other ids cannot clash
/// with the ones the host makes.
fn hex_id(id: &str) -> Option<u32> {
    (id.len() == 8).then(|| u32::from_str_radix(id, 16).ok()).flatten()
}

/// A random UUID (version 4), as pi names sessions.
fn new_session_id() -> String {
    let hex = random_hex(16);
    let variant = ["8", "9", "a", "b"][usize::from_str_radix(&hex[16..17], 16).unwrap_or(0) & 3];
    format!("{}-{}-4{}-{}{}-{}", &hex[0..8], &hex[8..12], &hex[13..16], variant, &hex[17..20], &hex[20..32])
}

fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf).expect("the system's random source");
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session_call_lines::MAX_PART_BYTES;
    use std::io::Write;
    #[cfg(unix)]
    use std::os::unix::fs::MetadataExt;

    #[test]
    fn entry_ids_are_eight_lowercase_hex_digits() {
        for x in [0, 1, 0xab, 0x0bad_c0de, u32::MAX] {
            assert_eq!(hex8(x), format!("{x:08x}"));
            assert_eq!(hex_id(&hex8(x)), Some(x));
        }
    }

    fn to_raw(value: &Value) -> Box<RawValue> {
        serde_json::value::to_raw_value(value).expect("a JSON value serializes")
    }

    fn scratch(name: &str) -> PathBuf {
        crate::scratch_dir::scratch_dir("session-log", name)
    }

    fn result(text: &str, details: Value) -> ToolResult {
        serde_json::from_value(json!({ "content": [{ "type": "text", "text": text }], "details": details })).unwrap()
    }

    /// Records a call and answers its entries parsed, as the tools' view takes them.
    fn record(log: &SessionLog, call_id: &str, arguments: Value, result: &ToolResult) -> Vec<Value> {
        log.record_call(call_id, "count", to_raw(&arguments), result, None);
        log.take_unread().iter().map(|line| serde_json::from_str(line).unwrap()).collect()
    }

    #[test]
    fn calls_are_chained_written_and_read_back() {
        let dir = scratch("chain");
        let log = SessionLog::open(&SessionSource::Resume("s1".into()), Path::new("/p"), &dir).unwrap();
        let first = record(&log, "c1", json!({ "n": 1 }), &result("one", json!({ "n": 1 })));
        let second = record(&log, "c2", json!({ "n": 2 }), &result("two", json!({ "n": 2 })));
        assert_eq!(first[0]["parentId"], Value::Null);
        assert_eq!(first[1]["parentId"], first[0]["id"]);
        assert_eq!(second[0]["parentId"], first[1]["id"]);
        assert_eq!(second[0]["message"]["content"][0]["arguments"], json!({ "n": 2 }));
        assert_eq!(second[1]["message"]["content"][0]["text"], "two");
        assert_eq!(second[1]["message"]["details"], json!({ "n": 2 }));
        assert_eq!(second[0]["message"]["usage"]["cost"]["total"], 0);
        log.close();
        let text = std::fs::read_to_string(dir.join("s1.jsonl")).unwrap();
        assert_eq!(text.lines().count(), 5);
        let again = SessionLog::open(&SessionSource::Resume("s1".into()), Path::new("/p"), &dir).unwrap();
        assert_eq!(again.initial.len(), 4);
        let third = record(&again, "c3", json!({}), &result("three", json!({})));
        assert_eq!(third[0]["parentId"], second[1]["id"]);
        #[cfg(unix)]
        assert_eq!(std::fs::metadata(dir.join("s1.jsonl")).unwrap().mode() & 0o777, 0o600);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_session_file_keeps_the_unread_entries_not_memory_and_ids_never_repeat() {
        let dir = scratch("unread");
        let log = SessionLog::open(&SessionSource::New, Path::new("/p"), &dir).unwrap();
        for n in 0..1000 {
            log.record_call(&format!("c{n}"), "count", to_raw(&json!({ "n": n })), &result("ok", json!({})), None);
        }
        assert!(matches!(&*log.unread.lock().unwrap(), Unread::InFile { .. }));
        let entries: Vec<Value> = log.take_unread().iter().map(|line| serde_json::from_str(line).unwrap()).collect();
        assert_eq!(entries.len(), 2000);
        assert_eq!(entries[1998]["message"]["content"][0]["arguments"], json!({ "n": 999 }));
        for pair in entries.windows(2) {
            assert_eq!(pair[1]["parentId"], pair[0]["id"]);
        }
        let ids: HashSet<&str> = entries.iter().map(|e| e["id"].as_str().unwrap()).collect();
        assert_eq!(ids.len(), 2000);
        assert!(ids.iter().all(|id| hex_id(id).is_some()));
        assert!(log.take_unread().is_empty(), "entries are taken once");
        log.record_call("late", "count", to_raw(&json!({})), &result("late", json!({})), None);
        assert_eq!(log.take_unread().len(), 2);
        log.rewind_unread();
        assert_eq!(log.take_unread().len(), 2002, "a new engine's tools get every entry again");
        log.close();
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn the_file_keeps_its_recent_entries_under_its_limit() {
        let dir = scratch("limit");
        let limit = 64 * 1024;
        let log = SessionLog::open(&SessionSource::Resume("s3".into()), Path::new("/p"), &dir)
            .unwrap()
            .limit_file_to(limit);
        let pad = "x".repeat(1000);
        let mut largest = 0;
        for n in 0..400 {
            log.record_call(&format!("c{n}"), "count", to_raw(&json!({ "n": n })), &result(&pad, json!({})), None);
            if n == 150 {
                // The tools read part-way; what they read next starts where they were.
                let taken = log.take_unread();
                assert!(taken.last().unwrap().contains(&pad));
            }
            if n % 20 == 0 {
                let _ = log.flush();
                largest = largest.max(std::fs::metadata(dir.join("s3.jsonl")).unwrap().len());
            }
        }
        assert!(largest <= limit, "{largest} > {limit}");
        let entries: Vec<Value> = log.take_unread().iter().map(|line| serde_json::from_str(line).unwrap()).collect();
        assert!(!entries.is_empty() && entries.len() < 2 * 250, "{}", entries.len());
        assert_eq!(entries.last().unwrap()["message"]["content"][0]["text"], pad.as_str());
        let call = &entries[entries.len() - 2];
        assert_eq!(call["message"]["content"][0]["arguments"], json!({ "n": 399 }));
        log.close();
        let text = std::fs::read_to_string(dir.join("s3.jsonl")).unwrap();
        let lines: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(lines[0]["type"], "session");
        assert_eq!(lines[1]["parentId"], Value::Null, "the first entry kept starts the chain");
        for pair in lines[1..].windows(2) {
            assert_eq!(pair[1]["parentId"], pair[0]["id"]);
        }
        let again = SessionLog::open(&SessionSource::Resume("s3".into()), Path::new("/p"), &dir).unwrap();
        assert_eq!(again.initial.len(), lines.len() - 1);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_client_file_is_followed_line_by_line_and_the_host_records_nothing() {
        let dir = scratch("follow");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("client.jsonl");
        let entry =
            |id: &str| json!({ "type": "message", "id": id, "parentId": null, "timestamp": "t", "message": { "role": "user", "content": id } }).to_string();
        let header = json!({ "type": "session", "version": 3, "id": "client-1", "timestamp": "t", "cwd": "/p" });
        // The client is still writing its second entry.
        std::fs::write(&path, format!("{header}\n{}\n{{\"type\":\"mess", entry("e1"))).unwrap();
        let log = SessionLog::open(&SessionSource::External(path.clone()), Path::new("/p"), &dir).unwrap();
        assert_eq!((log.id(), log.initial.len(), log.writes()), ("client-1", 1, false));
        log.record_call("c1", "count", to_raw(&json!({})), &result("ok", json!({})), None);
        assert!(log.take_unread().is_empty(), "the host's own calls are the client's to record");
        let append = |text: &str| OpenOptions::new().append(true).open(&path).unwrap().write_all(text.as_bytes()).unwrap();
        append(&format!("age\",\"id\":\"e2\"}}\nnot json\n{}\n{}", entry("e3"), &entry("e4")[..5]));
        let ids = |lines: Vec<String>| {
            lines
                .iter()
                .map(|l| serde_json::from_str::<Value>(l).unwrap()["id"].as_str().unwrap().to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(ids(log.take_unread()), ["e2", "e3"], "whole lines only, JSON objects only");
        append(&format!("{}\n", &entry("e4")[5..]));
        assert_eq!(ids(log.take_unread()), ["e4"]);
        assert!(log.take_unread().is_empty());
        log.skip_unread();
        assert_eq!(
            ids(log.take_unread()),
            ["e2", "e3", "e4"],
            "the tools' view starting over reads all after the start"
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_resumed_file_with_a_line_cut_short_reads_back_whole_entries() {
        let dir = scratch("cut");
        std::fs::create_dir_all(&dir).unwrap();
        let header = json!({ "type": "session", "version": 3, "id": "s2", "timestamp": "2026-01-01T00:00:00.000Z", "cwd": "/p" });
        std::fs::write(dir.join("s2.jsonl"), format!("{header}\n{{\"type\":\"mess")).unwrap();
        let log = SessionLog::open(&SessionSource::Resume("s2".into()), Path::new("/p"), &dir).unwrap();
        let entries = record(&log, "c1", json!({ "n": 1 }), &result("one", json!({})));
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[1]["message"]["content"][0]["text"], "one");
        log.close();
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn new_ids_skip_the_ids_a_resumed_file_holds() {
        let mut ids = EntryIds::new();
        let first: Vec<String> = (0..5).map(|_| ids.next_id()).collect();
        let mut again = EntryIds {
            taken: first.iter().filter_map(|id| hex_id(id)).collect(),
            ..ids
        };
        again.next = again.next.wrapping_sub(5);
        let later: Vec<String> = (0..5).map(|_| again.next_id()).collect();
        assert!(later.iter().all(|id| !first.contains(id)), "{first:?} {later:?}");
    }

    #[test]
    fn enormous_details_are_not_kept_whole() {
        let log = SessionLog::open(&SessionSource::InMemory, Path::new("/p"), Path::new("/nonexistent")).unwrap();
        let big = "x".repeat(MAX_PART_BYTES + 1);
        let entries = record(&log, "c1", json!({ "blob": big.clone() }), &result(&big, json!({ "blob": big })));
        assert!(entries[0]["message"]["content"][0]["arguments"]["ompHostOmitted"]
            .as_str()
            .unwrap()
            .contains("at most"));
        assert!(entries[1]["message"]["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains("not kept in the session"));
        assert!(entries[1]["message"]["details"]["ompHostOmitted"].as_str().unwrap().contains("at most"));
    }

    #[test]
    fn bad_ids_are_refused_and_ids_look_like_uuids() {
        assert!(check_id("../x").is_err() && check_id(".hidden").is_err() && check_id("").is_err());
        assert!(check_id("my-session_1.2").is_ok());
        let id = new_session_id();
        assert_eq!((id.len(), &id[14..15]), (36, "4"));
    }
}
