//! Session entries on their way to the tools' `ctx.sessionManager`. Each call that ends adds
//! its entries here as JSON lines, on the serve core's side, without entering the engine; the
//! JavaScript side takes (and parses) them only when a tool reads the session
//! (`op_session_new_entries`). Sending them into the engine with every call kept every call's
//! arguments and result alive in the JavaScript heap of a host nobody asked about its session,
//! and garbage collection of that ever larger heap came to cost more than the calls themselves.

use std::sync::{Arc, Mutex};

use deno_core::{op2, OpState};

/// Entries (JSON text) added since the JavaScript side last took them, oldest first.
#[derive(Clone, Default)]
pub struct NewSessionEntries(Arc<Mutex<Vec<String>>>);

impl NewSessionEntries {
    pub fn add(&self, entries: impl IntoIterator<Item = String>) {
        self.0.lock().unwrap().extend(entries);
    }

    /// Forgets what the tools have not seen (the session is being replaced).
    pub fn clear(&self) {
        self.0.lock().unwrap().clear();
    }

    fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.0.lock().unwrap())
    }
}

/// The entries added since the last time this was asked, as JSON text.
#[op2]
#[serde]
pub fn op_session_new_entries(state: &mut OpState) -> Vec<String> {
    state.borrow::<NewSessionEntries>().take()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_taken_once_in_order_and_clear_forgets_them() {
        let entries = NewSessionEntries::default();
        entries.add(["1".to_string(), "2".to_string()]);
        entries.add(["3".to_string()]);
        assert_eq!(entries.take(), ["1", "2", "3"]);
        assert!(entries.take().is_empty());
        entries.add(["4".to_string()]);
        entries.clear();
        assert!(entries.take().is_empty());
    }
}
