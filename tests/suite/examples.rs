//! The bundled examples load without errors and each one does what its header says, with the
//! same arguments `scripts/run-examples.sh` uses.
use crate::common::*;

fn examples() -> String {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/tools").display().to_string()
}

#[test]
fn every_example_loads_and_answers() {
    let sb = Sandbox::new("examples");
    let dir = examples();
    let list = sb.list_json(&["--tool", &dir, "--only"]);
    assert!(errors_of(&list).is_empty(), "{:?}", errors_of(&list));
    let mut names: Vec<String> = list["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap().to_string())
        .collect();
    names.sort();
    assert_eq!(names, ["calc", "countdown", "greet", "path_info", "status_word", "uname", "word_stats"]);
    let cases = [
        ("greet", r#"{"name":"Ada","excited":true}"#, "Hello, Ada!!!"),
        ("calc", r#"{"op":"mul","a":6,"b":7}"#, "6 mul 7 = 42"),
        ("countdown", r#"{"from":3,"delayMs":5}"#, "Lift-off after 3, 2, 1"),
        ("word_stats", r#"{"text":"the cat and the hat"}"#, "5 words, 4 distinct"),
        (
            "path_info",
            r#"{"path":"/tmp/report.final.txt"}"#,
            "folder: /tmp\nname: report.final\nextension: .txt",
        ),
        ("status_word", r#"{"level":"warn"}"#, "Needs a look (signal is an AbortSignal)"),
    ];
    for (tool, params, expected) in cases {
        let (code, out, err) = sb.call(tool, params, &["--tool", &dir, "--only"]);
        assert_eq!(code, 0, "{tool}: {out}{err}");
        assert!(out.starts_with(expected), "{tool}: {out}");
    }
    let (code, out, _) = sb.call("uname", "{}", &["--tool", &dir, "--only"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("Linux "), "{out}");
    let (code, out, _) = sb.call("calc", r#"{"op":"div","a":1,"b":0}"#, &["--tool", &dir, "--only"]);
    assert_eq!((code, out.trim()), (1, "Cannot divide by zero."));
}
