//! Start-up: the snapshot (V8 builds) — the binary says it carries one, and what the host's
//! JavaScript knows about the process is this process's, never the build machine's frozen
//! into the snapshot — and an allocator that does not ask for transparent huge pages.
use crate::common::host::LineHost;
use crate::common::*;
use serde_json::{json, Value};

#[test]
fn version_says_whether_the_binary_starts_from_a_snapshot() {
    let sb = Sandbox::new("snapshot-version");
    let out = sb.run(&["--version"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let snapshot = regex::Regex::new(r"start-up snapshot \d+(\.\d+)? MB").unwrap();
    if cfg!(feature = "v8") {
        assert!(snapshot.is_match(&text), "{text}");
    } else {
        assert!(!text.contains("snapshot"), "{text}");
    }
    // OMP_HOST_NO_SNAPSHOT=1 starts without it.
    let without = sb.command(&["--version"]).env("OMP_HOST_NO_SNAPSHOT", "1").output().unwrap();
    let text = stdout(&without);
    assert!(without.status.success() && text.contains("engine:") && !text.contains("snapshot"), "{text}");
}

const PROBE: &str = include_str!("../fixtures/startup_snapshot/probe.mjs");

#[test]
fn process_facts_are_read_at_start_not_taken_from_the_build() {
    let sb = Sandbox::new("snapshot-facts");
    sb.write("project/.omp/tools/probe.ts", PROBE);
    let mut host = LineHost::run(&sb, &[]);
    host.call("1", "probe", json!({}));
    let result = host.result("1");
    let facts: Value = serde_json::from_str(&text(&result)).unwrap_or_else(|e| panic!("{e}: {result}"));
    assert_eq!(facts["pid"], json!(host.pid()), "{facts}");
    assert_eq!(facts["ppid"], json!(std::process::id()), "{facts}");
    assert_eq!(facts["home"], json!(path_str(&sb.home)), "{facts}");
    assert_eq!(facts["tmp"], json!(path_str(&sb.root.join("tmp"))), "{facts}");
    assert_eq!(facts["cwd"], json!(path_str(&sb.project)), "{facts}");
    assert_eq!(facts["argv"][0], json!("run"), "{facts}");
    let uptime = facts["uptime"].as_f64().unwrap();
    assert!((0.0..60.0).contains(&uptime), "{facts}");
}

#[test]
fn the_host_asks_for_no_transparent_huge_pages() {
    // Only meaningful where the kernel gives huge pages on request alone (`madvise`).
    let mode = std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled").unwrap_or_default();
    if !mode.contains("[madvise]") {
        eprintln!("skipped: transparent huge pages are not in madvise mode here ({})", mode.trim());
        return;
    }
    let sb = Sandbox::new("no-huge-pages");
    sb.write("project/.omp/tools/probe.ts", PROBE);
    let mut host = LineHost::run(&sb, &[]);
    host.call("1", "probe", json!({}));
    host.result("1");
    let rollup = std::fs::read_to_string(format!("/proc/{}/smaps_rollup", host.pid())).unwrap();
    let huge = rollup.lines().find(|l| l.starts_with("AnonHugePages:")).unwrap_or_else(|| panic!("{rollup}"));
    assert_eq!(huge.split_whitespace().nth(1), Some("0"), "{huge}");
}

/// Where glibc is 2.36 or later, the binary's relative relocations are packed (RELR), so a
/// start reads 27 KB of them instead of 2.7 MB (docs/performance.md, start-up).
#[test]
fn the_binary_packs_its_relative_relocations_where_glibc_reads_them() {
    let glibc = std::process::Command::new("getconf").arg("GNU_LIBC_VERSION").output().unwrap();
    let text = String::from_utf8_lossy(&glibc.stdout);
    let version: Vec<u32> = text.trim().trim_start_matches("glibc ").split('.').filter_map(|p| p.parse().ok()).collect();
    if !matches!(version.as_slice(), [major, minor, ..] if (*major, *minor) >= (2, 36)) {
        return;
    }
    let dynamic = std::process::Command::new("readelf")
        .args(["-d", env!("CARGO_BIN_EXE_omp-host")])
        .output()
        .unwrap();
    let dynamic = stdout(&dynamic);
    assert!(dynamic.contains("(RELR)"), "{dynamic}");
    assert!(dynamic.contains("PIE"), "still position-independent: {dynamic}");
}

/// Where the binary is linked by rustc's LLD (x86_64 Linux), the functions a start runs
/// (build/symbol-order.txt) sit side by side in the order listed, so a start maps a few MB
/// of code pages rather than a fault-around window for each function scattered over 54 MB
/// (docs/performance.md, start-up). V8's names are the same in every build, so they are
/// what this checks.
#[test]
fn the_start_up_functions_are_laid_out_together() {
    if !cfg!(all(feature = "v8", target_arch = "x86_64", target_os = "linux", target_env = "gnu")) {
        return;
    }
    let order = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/build/symbol-order.txt")).unwrap();
    let symbols = std::process::Command::new("nm")
        .args(["--defined-only", env!("CARGO_BIN_EXE_omp-host")])
        .output()
        .unwrap();
    let addresses: std::collections::HashMap<&str, u64> = std::str::from_utf8(&symbols.stdout)
        .unwrap()
        .lines()
        .filter_map(|line| {
            let mut fields = line.split_whitespace();
            let address = u64::from_str_radix(fields.next()?, 16).ok()?;
            Some((fields.nth(1)?, address))
        })
        .collect();
    let laid_out: Vec<u64> = order
        .lines()
        .filter(|name| name.starts_with("_ZN2v8") || name.starts_with("_ZNK2v8"))
        .filter_map(|name| addresses.get(name).copied())
        .collect();
    assert!(laid_out.len() > 3000, "only {} of the listed V8 functions are in the binary", laid_out.len());
    let out_of_order = laid_out.windows(2).filter(|pair| pair[1] < pair[0]).count();
    assert!(
        out_of_order * 100 < laid_out.len(),
        "{out_of_order} of {} listed V8 functions out of order",
        laid_out.len()
    );
}
