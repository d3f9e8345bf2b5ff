//! Keeps final results in the order their calls were requested, whatever order the calls
//! finish in.

use std::collections::{HashMap, VecDeque};

#[derive(Debug)]
pub struct ResultOrder<T> {
    waiting: VecDeque<String>,
    finished: HashMap<String, T>,
}

impl<T> Default for ResultOrder<T> {
    fn default() -> Self {
        ResultOrder { waiting: VecDeque::new(), finished: HashMap::new() }
    }
}

impl<T> ResultOrder<T> {
    /// Records that call `id` was requested (its place in line).
    pub fn requested(&mut self, id: &str) {
        self.waiting.push_back(id.to_string());
    }

    /// Records that `id` finished; returns every result now free to go out, in order.
    pub fn finished(&mut self, id: &str, value: T) -> Vec<(String, T)> {
        self.finished.insert(id.to_string(), value);
        let mut ready = Vec::new();
        while let Some(front) = self.waiting.front() {
            match self.finished.remove(front) {
                Some(value) => ready.push((self.waiting.pop_front().unwrap(), value)),
                None => break,
            }
        }
        ready
    }

    pub fn is_empty(&self) -> bool {
        self.waiting.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_leave_in_request_order() {
        let mut order = ResultOrder::default();
        for id in ["a", "b", "c"] {
            order.requested(id);
        }
        assert!(order.finished("c", 3).is_empty());
        assert!(order.finished("b", 2).is_empty());
        let out: Vec<_> = order.finished("a", 1);
        assert_eq!(out, vec![("a".into(), 1), ("b".into(), 2), ("c".into(), 3)]);
        assert!(order.is_empty());
    }
}
