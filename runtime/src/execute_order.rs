//! Which argument order a tool's `execute` expects — omp's (toolCallId, params, onUpdate,
//! ctx, signal) or pi's (toolCallId, params, signal, onUpdate, ctx) — decided once, at load:
//! a configured override wins; then the parameter names of `execute` (they survive
//! transpiling); then whether the module imports pi-era packages (`@mariozechner/…`).

use std::path::Path;
use std::sync::OnceLock;

use regex::Regex;

use crate::config::ExecuteOrder;

fn pattern(cell: &'static OnceLock<Regex>, source: &str) -> &'static Regex {
    cell.get_or_init(|| Regex::new(source).expect("static pattern"))
}

fn is_signal(name: &str) -> bool {
    static CELL: OnceLock<Regex> = OnceLock::new();
    pattern(&CELL, "(?i)signal|abort").is_match(name)
}

fn is_update(name: &str) -> bool {
    static CELL: OnceLock<Regex> = OnceLock::new();
    pattern(&CELL, "(?i)update|progress|emit|report|partial|stream").is_match(name)
}

fn is_context(name: &str) -> bool {
    static CELL: OnceLock<Regex> = OnceLock::new();
    pattern(&CELL, "(?i)^_?(ctx|context|toolContext|extensionContext)$").is_match(name)
}

/// The order for a tool whose `execute` has parameter names `params` ("" for destructured
/// ones), given a configured override and whether its module imports pi-era packages (asked
/// only when the names do not tell: it reads the module's file).
pub(crate) fn decide(configured: Option<ExecuteOrder>, params: &[String], pi_era: impl FnOnce() -> bool) -> ExecuteOrder {
    if let Some(order) = configured {
        return order;
    }
    let name = |i: usize| params.get(i).map(String::as_str).unwrap_or("");
    let (third, fourth, fifth) = (name(2), name(3), name(4));
    if is_signal(third) || is_update(fourth) {
        return ExecuteOrder::Pi;
    }
    if is_update(third) || is_context(fourth) || is_signal(fifth) {
        return ExecuteOrder::Omp;
    }
    if pi_era() {
        ExecuteOrder::Pi
    } else {
        ExecuteOrder::Omp
    }
}

/// Does the module import pi-era packages (`@mariozechner/…`) and not omp's?
pub(crate) fn imports_pi_era_packages(path: &Path) -> bool {
    std::fs::read_to_string(path).is_ok_and(|text| text.contains("@mariozechner/") && !text.contains("@oh-my-pi/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn parameter_names_tell_the_order() {
        assert_eq!(decide(None, &names(&["id", "params", "signal", "onUpdate", "ctx"]), || false), ExecuteOrder::Pi);
        assert_eq!(decide(None, &names(&["id", "params", "onUpdate", "ctx", "signal"]), || true), ExecuteOrder::Omp);
        assert_eq!(decide(None, &names(&["id", "params", "_", "ctx"]), || true), ExecuteOrder::Omp);
        let unread = || -> bool { unreachable!("the module's file is read only when the names do not tell") };
        assert_eq!(decide(None, &names(&["id", "params", "signal"]), unread), ExecuteOrder::Pi);
    }

    #[test]
    fn without_telling_names_the_imports_decide_and_config_wins() {
        assert_eq!(decide(None, &names(&["id", "params"]), || true), ExecuteOrder::Pi);
        assert_eq!(decide(None, &names(&["id", "params"]), || false), ExecuteOrder::Omp);
        assert_eq!(decide(Some(ExecuteOrder::Omp), &names(&["id", "params", "signal"]), || true), ExecuteOrder::Omp);
    }
}
