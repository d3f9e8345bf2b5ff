//! scripts/quickjs-fits.sh: the test script leaves out its QuickJS-ng pass, saying so, when
//! the time left of its budget (CI's limit, set by .ci/run) is less than the pass needs, and
//! always runs it without a budget.

use std::process::{Command, Output};

fn fits(budget: &str, elapsed: u32, v8_built_after: u32) -> Output {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/quickjs-fits.sh");
    Command::new(script)
        .args([budget, &elapsed.to_string(), &v8_built_after.to_string()])
        .output()
        .unwrap()
}

#[test]
fn the_pass_runs_when_the_time_left_holds_it() {
    // 5400 - 1900 = 3500 s left; it needs 1440 * 0.8 + 600 = 1752 s.
    let out = fits("5400", 1900, 1440);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stderr.is_empty());
}

#[test]
fn the_pass_is_left_out_with_a_reason_when_it_would_not_fit() {
    let out = fits("5400", 4000, 1500);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "test.sh: the QuickJS-ng pass is LEFT OUT: 1400 s of the 5400 s budget are left and it needs about 1800 s (set-up and the V8 build took 1500 s)"
    );
}

#[test]
fn without_a_budget_the_pass_always_runs() {
    assert!(fits("", 99_999, 99_999).status.success());
}
