//! The ids of the client's requests being served. JSON-RPC answers a request by its id, so a
//! second request that reuses the id of one still in flight would get one of the two answers
//! and lose the other: it is refused at once with an error instead. An id is free again once
//! its request is answered, or cancelled (a cancelled request gets no answer).

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use rmcp::model::RequestId;

/// The ids in flight; cheap to clone (the transport's reader and its writer share it).
#[derive(Clone, Default)]
pub(crate) struct RequestIds(Arc<Mutex<HashSet<RequestId>>>);

impl RequestIds {
    /// A request with `id` arrived: false when that id is already in flight.
    pub(crate) fn begin(&self, id: &RequestId) -> bool {
        self.0.lock().unwrap().insert(id.clone())
    }

    /// Request `id` was answered or cancelled.
    pub(crate) fn end(&self, id: &RequestId) {
        self.0.lock().unwrap().remove(id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_taken_until_its_request_ends_and_numbers_differ_from_strings() {
        let ids = RequestIds::default();
        assert!(ids.begin(&RequestId::Number(1)));
        assert!(!ids.begin(&RequestId::Number(1)), "in flight");
        assert!(ids.begin(&RequestId::String("1".into())), "\"1\" is another id than 1");
        ids.end(&RequestId::Number(1));
        assert!(ids.begin(&RequestId::Number(1)), "answered: free again");
    }
}
