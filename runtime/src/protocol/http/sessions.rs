//! Under OAuth, an MCP session belongs to the subject (`sub`) whose token opened it: a request
//! that names the session with another subject's token gets 404, as an unknown session does,
//! so a session id seen by someone else (a log, a proxy) is no key to another user's calls,
//! questions or pending actions. An entry goes when its session is ended (`DELETE`); once the
//! table grows, entries of sessions rmcp no longer has (idle ones it closed) are swept. It also
//! counts the sessions open, for the cap on them (`http.maxSessions`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;

/// Past this many entries, a new one sweeps those of sessions that are gone.
const SWEEP_OVER: usize = 1024;

/// Each session's subject (None: a token without `sub`).
pub(crate) struct SessionOwners {
    owners: Mutex<HashMap<String, Option<String>>>,
    manager: Arc<LocalSessionManager>,
}

impl SessionOwners {
    pub(crate) fn new(manager: Arc<LocalSessionManager>) -> SessionOwners {
        SessionOwners {
            owners: Mutex::new(HashMap::new()),
            manager,
        }
    }

    /// `session` was opened with a token of `subject`.
    pub(crate) async fn note(&self, session: &str, subject: Option<String>) {
        if self.owners.lock().unwrap().len() > SWEEP_OVER {
            let live: Vec<String> = self.manager.sessions.read().await.keys().map(|id| id.to_string()).collect();
            self.owners.lock().unwrap().retain(|session, _| live.contains(session));
        }
        self.owners.lock().unwrap().insert(session.to_string(), subject);
    }

    /// Whether a token of `subject` may use `session` (one opened without OAuth: anyone's).
    pub(crate) fn allows(&self, session: &str, subject: Option<&str>) -> bool {
        match self.owners.lock().unwrap().get(session) {
            Some(owner) => owner.as_deref() == subject,
            None => true,
        }
    }

    /// How many sessions rmcp holds open now.
    pub(crate) async fn open_sessions(&self) -> usize {
        self.manager.sessions.read().await.len()
    }

    /// `session` ended.
    pub(crate) fn forget(&self, session: &str) {
        self.owners.lock().unwrap().remove(session);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_session_is_its_subjects_alone() {
        let owners = SessionOwners::new(Arc::new(LocalSessionManager::default()));
        owners.note("s1", Some("alice".into())).await;
        assert!(owners.allows("s1", Some("alice")));
        assert!(!owners.allows("s1", Some("bob")) && !owners.allows("s1", None));
        assert!(owners.allows("s2", Some("bob")), "a session not noted is not judged here");
        owners.forget("s1");
        assert!(owners.allows("s1", Some("bob")));
    }
}
