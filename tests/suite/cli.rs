//! The command line as a shell user meets it: list (text and JSON), call with streamed
//! updates, check, and exit codes.
use crate::common::*;

const STREAMER: &str = "export default () => ({ name: 'stream', label: 'Streamer', description: 'Streams three steps\\nsecond line', parameters: { type: 'object', properties: { n: { type: 'number' } } },\n  async execute(id, params, onUpdate) {\n    for (let i = 1; i <= 3; i++) { onUpdate({ content: [{ type: 'text', text: 'step ' + i }] }); await new Promise((r) => setTimeout(r, 5)); }\n    return { content: [{ type: 'text', text: 'done ' + params.n }], details: { n: params.n } };\n  } });\n";

#[test]
fn list_prints_tools_and_errors_as_text() {
    let sb = Sandbox::new("list-text");
    sb.write("project/.omp/tools/stream.ts", STREAMER);
    sb.write("project/.omp/tools/broken.ts", "export default () => { throw new Error('nope'); };");
    let out = sb.run(&["list"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(
        text.contains("stream  (Streamer)") && text.contains("Streams three steps") && !text.contains("second line"),
        "{text}"
    );
    assert!(text.contains(&path_str(&sb.project.join(".omp/tools/stream.ts"))));
    let err = stderr(&out);
    assert!(
        err.contains("1 load error") && err.contains("broken.ts") && err.contains("Failed to load tool: nope"),
        "{err}"
    );
}

#[test]
fn list_json_has_name_label_description_source_path_and_schema() {
    let sb = Sandbox::new("list-json");
    sb.write("project/.omp/tools/stream.ts", STREAMER);
    let list = sb.list_json(&[]);
    let tool = &list["tools"][0];
    assert_eq!(tool["name"], "stream");
    assert_eq!(tool["label"], "Streamer");
    assert_eq!(tool["description"], "Streams three steps\nsecond line");
    assert_eq!(tool["source"]["provider"], "native");
    assert_eq!(tool["resolvedPath"], path_str(&sb.project.join(".omp/tools/stream.ts")));
    assert_eq!(tool["parameters"]["properties"]["n"]["type"], "number");
}

#[test]
fn call_streams_updates_in_order_then_prints_the_result() {
    let sb = Sandbox::new("call");
    sb.write("project/.omp/tools/stream.ts", STREAMER);
    let (code, out, err) = sb.call("stream", r#"{"n": 7}"#, &[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "done 7");
    assert!(
        err.contains("step 1") && err.find("step 1") < err.find("step 2") && err.find("step 2") < err.find("step 3"),
        "{err}"
    );
    let (code, out, _) = sb.call("stream", r#"{"n": 7}"#, &["--json"]);
    assert_eq!(code, 0);
    let lines: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let call_events: Vec<&serde_json::Value> = lines.iter().filter(|l| l["toolCallId"].is_string()).collect();
    let kinds: Vec<&str> = call_events.iter().map(|l| l["type"].as_str().unwrap()).collect();
    assert_eq!(
        kinds,
        [
            "tool_execution_start",
            "tool_execution_update",
            "tool_execution_update",
            "tool_execution_update",
            "tool_execution_end"
        ]
    );
    assert!(call_events.iter().all(|e| e["toolCallId"] == call_events[0]["toolCallId"]));
    assert_eq!(call_events[0]["args"]["n"], 7);
    assert_eq!(call_events[2]["partialResult"]["content"][0]["text"], "step 2");
    assert!(call_events[4]["durationMs"].as_f64().unwrap() >= 15.0, "{}", call_events[4]);
    assert_eq!(call_events[4]["result"]["details"]["n"], 7);
    let sessions: Vec<&str> = lines
        .iter()
        .filter(|l| l["type"] == "session_event")
        .map(|l| l["reason"].as_str().unwrap())
        .collect();
    assert_eq!(sessions, ["start", "shutdown"]);
}

#[test]
fn call_exit_codes() {
    let sb = Sandbox::new("call-codes");
    sb.write("project/.omp/tools/stream.ts", STREAMER);
    sb.write("project/.omp/tools/fails.ts", "export default () => ({ name: 'fails', label: 'f', description: 'd', parameters: {}, execute: async () => ({ content: [{ type: 'text', text: 'bad' }], isError: true }) });");
    let (code, _, err) = sb.call("nope", "{}", &[]);
    assert_eq!(code, 2);
    assert!(err.contains("Tool nope not found") && err.contains("stream"), "{err}");
    let (code, _, err) = sb.call("stream", "{not json", &[]);
    assert_eq!(code, 2);
    assert!(err.contains("--params is not valid JSON"), "{err}");
    let (code, _, err) = sb.call("stream", "[1]", &[]);
    assert_eq!(code, 2);
    assert!(err.contains("must be a JSON object"), "{err}");
    let (code, out, _) = sb.call("fails", "{}", &[]);
    assert_eq!((code, out.trim()), (1, "bad"));
}

#[test]
fn check_reports_a_good_module_and_a_broken_one() {
    let sb = Sandbox::new("check");
    sb.write("project/good.ts", STREAMER);
    sb.write("project/bad.ts", "import './missing-helper';\nexport default () => [];\n");
    sb.write("project/.omp/tools/unrelated.ts", "throw new Error('check must not load me');");
    let out = sb.run(&["check", "good.ts"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("ok: tool \"stream\""));
    let out = sb.run(&["check", "bad.ts"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("missing-helper") && !stderr(&out).contains("check must not load me"),
        "{}",
        stderr(&out)
    );
    let out = sb.run(&["check", "does-not-exist.ts"]);
    assert_eq!(out.status.code(), Some(2));
    let out = sb.run(&["check", "bad.ts", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["ok"], false);
}

/// A misspelt `--cwd`, `--tool` or `--plugin` path is a usage error naming the path, for
/// every command (an MCP client's config with a typo used to start an empty server).
#[test]
fn missing_paths_on_the_command_line_exit_2_naming_them() {
    let sb = Sandbox::new("missing-paths");
    sb.write("project/.omp/tools/stream.ts", STREAMER);
    sb.write("project/a-file", "");
    for (args, named) in [
        (vec!["list", "--cwd", "/nonexistent/project"], "--cwd /nonexistent/project: no such directory"),
        (vec!["list", "--cwd", "a-file"], "a-file: not a directory"),
        (vec!["list", "--tool", "tools/missing.ts"], "--tool tools/missing.ts: no such file or directory"),
        (
            vec!["call", "stream", "--plugin", "~/no-plugin"],
            "--plugin ~/no-plugin: no such file or directory",
        ),
        (vec!["mcp", "--cwd", "/nonexistent/project"], "--cwd /nonexistent/project: no such directory"),
        (vec!["run", "--tool", "missing.ts"], "--tool missing.ts: no such file or directory"),
    ] {
        let out = sb.run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(named), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn bad_config_file_is_reported_with_its_path() {
    let sb = Sandbox::new("bad-config");
    sb.write("project/.omp/omp-host.json", "{ \"tools\": 5 }");
    let out = sb.run(&["list"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("omp-host.json"), "{}", stderr(&out));
}

#[test]
fn version_names_the_engine_and_its_version() {
    let sb = Sandbox::new("version");
    let out = sb.run(&["--version"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let engine = if cfg!(feature = "v8") {
        regex::Regex::new(r"engine: V8 \d+\.\d+\.\d+").unwrap()
    } else {
        regex::Regex::new(r"engine: QuickJS-ng \d+\.\d+\.\d+").unwrap()
    };
    assert!(
        text.starts_with(&format!("omp-host {} (", env!("CARGO_PKG_VERSION"))) && engine.is_match(&text),
        "{text}"
    );
}

#[test]
fn tool_paths_on_the_command_line_are_relative_to_the_shell_not_to_cwd() {
    let sb = Sandbox::new("tool-path-shell");
    sb.write("project/mine/stream.ts", STREAMER);
    sb.write("elsewhere/.keep", "");
    let other = sb.root.join("elsewhere").display().to_string();
    let names = sb.tool_names(&["--tool", "mine/stream.ts", "--cwd", &other, "--only"]);
    assert_eq!(names, ["stream"]);
}

/// A tool whose module failed to load is not just "not found": `call` and `run` name the
/// module's load error (file:line), and an unknown name lists every load error.
#[test]
fn a_call_to_a_tool_that_failed_to_load_names_its_load_error() {
    let sb = Sandbox::new("call-broken");
    let broken = sb.write(
        "project/.omp/tools/broken.ts",
        "export default (pi) => {\n  throw new Error('no API key');\n};\n",
    );
    let (code, _, err) = sb.call("broken", "{}", &[]);
    assert_eq!(code, 2);
    let place = format!("{}:2:", broken.display());
    assert!(
        err.contains("Tool broken not found: its module failed to load: ") && err.contains(&place) && err.contains("no API key"),
        "{err}"
    );
    let (_, _, err) = sb.call("ghost", "{}", &[]);
    assert!(
        err.contains("Tool ghost not found; 1 tool module(s) failed to load: ") && err.contains(&place),
        "{err}"
    );
    let mut host = LineHost::run(&sb, &[]);
    host.call("c1", "broken", serde_json::json!({}));
    let answer = text(&host.result("c1"));
    assert!(
        answer.starts_with("Tool broken not found: its module failed to load: ") && answer.contains(&place),
        "{answer}"
    );
}

/// `--help` shows examples, where tools are found, the environment variables and where the
/// documentation is.
#[test]
fn help_has_examples_folders_environment_and_docs() {
    let sb = Sandbox::new("help");
    let out = sb.run(&["--help"]);
    assert!(out.status.success());
    let help = stdout(&out);
    for wanted in [
        "Examples:",
        "omp-host call greet --params",
        "<cwd>/.omp/tools",
        ".pi/extensions",
        "OMP_HOST_DATA_DIR",
        "OMP_HOST_CACHE_DIR",
        "PI_CODING_AGENT_DIR",
        "docs/usage.md",
    ] {
        assert!(help.contains(wanted), "{wanted} missing from --help:\n{help}");
    }
}

/// `omp-host new NAME` writes a tool that works as written (zod, or TypeBox with --typebox),
/// says how to call it, and never overwrites a file.
#[test]
fn new_writes_a_working_tool_and_keeps_existing_files() {
    let sb = Sandbox::new("new-tool");
    let out = sb.run(&["new", "echo_it"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("omp-host call echo_it --params"), "{}", stdout(&out));
    let (code, text, err) = sb.call("echo_it", r#"{"text":"hello","shout":true}"#, &[]);
    assert_eq!((code, text.trim()), (0, "HELLO"), "{err}");
    let (code, text, _) = sb.call("echo_it", "{}", &[]);
    assert!(code == 1 && text.contains("text"), "validated: {text}");
    assert!(sb.run(&["new", "typed", "--typebox"]).status.success());
    let (code, text, err) = sb.call("typed", r#"{"text":"hi"}"#, &[]);
    assert_eq!((code, text.trim()), (0, "hi"), "{err}");
    let again = sb.run(&["new", "echo_it"]);
    assert_eq!(again.status.code(), Some(2));
    assert!(stderr(&again).contains("exists already"), "{}", stderr(&again));
}
