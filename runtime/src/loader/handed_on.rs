//! CommonJS modules transpiled (or read from the cache) for a facade, kept in memory until
//! `require` asks for them. A CommonJS file is transpiled twice in a row: once when the loader
//! makes its facade ES module (which needs its export names), and again when the facade runs
//! and `require` loads it. The second time found the entry on disk, but reading it meant
//! reading the file again, hashing it for the key, reading the entry and verifying its MAC:
//! for the 9 MB `typescript` package, tens of milliseconds of every start. Each entry is
//! handed on once (taken, not copied) and the store is bounded, so it holds only modules on
//! their way from the loader to `require`.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use super::transpiled::Transpiled;

/// At most this many modules wait at once (the oldest is dropped first).
const MAX_ENTRIES: usize = 64;
/// At most this much code waits at once.
const MAX_BYTES: usize = 64 * 1024 * 1024;

/// Shared by every clone (the loader's and the `require` op's).
#[derive(Debug, Clone, Default)]
pub(crate) struct HandedOn {
    entries: Arc<Mutex<VecDeque<(String, Transpiled)>>>,
}

impl HandedOn {
    /// Keeps `transpiled` (of cache key `key`) for the next `take(key)`.
    pub(crate) fn keep(&self, key: &str, transpiled: Transpiled) {
        if transpiled.code.len() > MAX_BYTES {
            return;
        }
        let mut entries = self.entries.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        entries.retain(|(kept, _)| kept != key);
        entries.push_back((key.to_string(), transpiled));
        let mut bytes: usize = entries.iter().map(|(_, t)| t.code.len()).sum();
        while entries.len() > MAX_ENTRIES || bytes > MAX_BYTES {
            let Some((_, dropped)) = entries.pop_front() else { break };
            bytes -= dropped.code.len();
        }
    }

    /// The module kept under `key`, if any; it is no longer kept.
    pub(crate) fn take(&self, key: &str) -> Option<Transpiled> {
        let mut entries = self.entries.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let position = entries.iter().position(|(kept, _)| kept == key)?;
        entries.remove(position).map(|(_, transpiled)| transpiled)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loader::transpiled::ModuleFormat;

    fn module(code: &str) -> Transpiled {
        Transpiled {
            code: code.to_string(),
            format: ModuleFormat::CommonJs,
            cjs_exports: None,
        }
    }

    #[test]
    fn an_entry_is_handed_on_once() {
        let handed_on = HandedOn::default();
        handed_on.keep("a", module("exports.a = 1;"));
        let clone = handed_on.clone();
        assert_eq!(clone.take("a").map(|t| t.code), Some("exports.a = 1;".to_string()), "clones share the entries");
        assert!(handed_on.take("a").is_none(), "taken once");
        assert!(handed_on.take("b").is_none());
    }

    #[test]
    fn the_oldest_entries_go_first_past_the_bounds() {
        let handed_on = HandedOn::default();
        for i in 0..MAX_ENTRIES + 1 {
            handed_on.keep(&i.to_string(), module("x"));
        }
        assert!(handed_on.take("0").is_none(), "the oldest went");
        assert!(handed_on.take("1").is_some() && handed_on.take(&MAX_ENTRIES.to_string()).is_some());
        let half = "x".repeat(MAX_BYTES / 2 + 1);
        handed_on.keep("big1", module(&half));
        handed_on.keep("big2", module(&half));
        assert!(handed_on.take("big1").is_none(), "over the byte bound the older one went");
        assert!(handed_on.take("big2").is_some());
    }
}
