//! Hot reload through `run` and `mcp`: a tool file edited, broken, deleted or added while the
//! host serves is reloaded without a restart and the client is told (`tools` event, or
//! `notifications/tools/list_changed`); a broken edit keeps the last good version serving and
//! reports its error; a call running during a reload finishes on the code it started with.
//! Every step waits for the host's announcement of the reload, never for a delay.
use crate::common::faults::unstoppable_loop;
use crate::common::*;

use std::cell::Cell;

use serde_json::{json, Value};

/// A tool `name` whose description is `version` and whose calls answer `name version`.
fn versioned(name: &str, version: &str) -> String {
    format!(
        "export default (pi) => ({{ name: {name:?}, label: {name:?}, description: {version:?}, parameters: {{ type: 'object', properties: {{}} }}, async execute() {{ return {{ content: [{{ type: 'text', text: {text:?} }}] }}; }} }});\n",
        text = format!("{name} {version}")
    )
}

/// `slow` answers `old` (`new` in `SLOW_NEW`) once the file `go` exists in the project.
const SLOW_OLD: &str = "export default (pi) => ({ name: 'slow', label: 'slow', description: 'old', parameters: { type: 'object', properties: {} }, async execute(id, p, onUpdate, ctx, signal) { onUpdate({ content: [{ type: 'text', text: 'started' }] }); await pi.exec('sh', ['-c', 'while [ ! -f go ]; do sleep 0.02; done'], { signal }); return { content: [{ type: 'text', text: 'old' }] }; } });\n";
const SLOW_NEW: &str = "export default (pi) => ({ name: 'slow', label: 'slow', description: 'new', parameters: { type: 'object', properties: {} }, async execute() { return { content: [{ type: 'text', text: 'new' }] }; } });\n";

const BROKEN: &str = "export default (pi) => ({ name: 'edited', description: 'oops' \n";

/// Replaces a tool file as editors do: the whole new text appears at once (write, rename).
fn replace(sb: &Sandbox, rel: &str, text: &str) {
    let path = sb.root.join(rel);
    let staged = path.with_file_name(format!(".{}.saving", path.file_name().unwrap().to_string_lossy()));
    std::fs::write(&staged, text).unwrap();
    std::fs::rename(&staged, &path).unwrap();
}

fn tool_file(name: &str) -> String {
    format!("project/.omp/tools/{name}.js")
}

/// Waits for a `tools` event sent by a reload whose tools and errors satisfy `holds`.
fn reloaded(host: &mut LineHost, what: &str, holds: impl Fn(&Value) -> bool) -> Value {
    host.wait_for(what, |l| l["type"] == "tools" && l["reloaded"].is_array() && holds(l))
}

fn description_of(tools: &Value, name: &str) -> Option<String> {
    tools["tools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == name)
        .map(|t| t["description"].as_str().unwrap().to_string())
}

fn run_call(host: &mut LineHost, id: &str, tool: &str) -> String {
    host.call(id, tool, json!({}));
    text(&host.result(id))
}

#[test]
fn run_an_edit_is_served_and_announced() {
    let sb = Sandbox::new("reload-run-edit");
    sb.write(&tool_file("edited"), &versioned("edited", "v1"));
    let mut host = LineHost::run(&sb, &[]);
    assert_eq!(run_call(&mut host, "c1", "edited"), "edited v1");
    replace(&sb, &tool_file("edited"), &versioned("edited", "v2"));
    let event = reloaded(&mut host, "the reload of v2", |l| description_of(l, "edited").as_deref() == Some("v2"));
    assert_eq!(event["reloaded"], json!([path_str(&sb.project.join(".omp/tools/edited.js"))]));
    assert_eq!(event["errors"], json!([]));
    assert!(
        event["tools"].as_array().unwrap().iter().any(|t| t["name"] == "resolve"),
        "the host's resolve stays listed: {event}"
    );
    assert_eq!(run_call(&mut host, "c2", "edited"), "edited v2");
}

#[test]
fn run_a_broken_edit_keeps_the_last_good_version_and_reports_its_error() {
    let sb = Sandbox::new("reload-run-broken");
    sb.write(&tool_file("edited"), &versioned("edited", "v1"));
    let mut host = LineHost::run(&sb, &[]);
    replace(&sb, &tool_file("edited"), BROKEN);
    let event = reloaded(&mut host, "the failed reload", |l| !l["errors"].as_array().unwrap().is_empty());
    let error = &event["errors"][0];
    assert_eq!(error["resolvedPath"], path_str(&sb.project.join(".omp/tools/edited.js")));
    assert!(error["error"].as_str().unwrap().starts_with("Failed to load tool: "), "{error}");
    assert_eq!(description_of(&event, "edited").as_deref(), Some("v1"), "the last good version stays listed");
    assert_eq!(run_call(&mut host, "c1", "edited"), "edited v1", "and keeps serving");
    replace(&sb, &tool_file("edited"), &versioned("edited", "v3"));
    let fixed = reloaded(&mut host, "the fixed reload", |l| description_of(l, "edited").as_deref() == Some("v3"));
    assert_eq!(fixed["errors"], json!([]), "a good version clears the error");
    assert_eq!(run_call(&mut host, "c2", "edited"), "edited v3");
}

#[test]
fn run_a_deleted_file_removes_its_tools_and_an_added_file_adds_them() {
    let sb = Sandbox::new("reload-run-files");
    sb.write(&tool_file("kept"), &versioned("kept", "v1"));
    sb.write(&tool_file("doomed"), &versioned("doomed", "v1"));
    let mut host = LineHost::run(&sb, &[]);
    assert_eq!(run_call(&mut host, "c1", "doomed"), "doomed v1");
    std::fs::remove_file(sb.root.join(tool_file("doomed"))).unwrap();
    let gone = reloaded(&mut host, "the deletion", |l| description_of(l, "doomed").is_none());
    assert_eq!(gone["reloaded"], json!([path_str(&sb.project.join(".omp/tools/doomed.js"))]));
    assert_eq!(description_of(&gone, "kept").as_deref(), Some("v1"));
    assert_eq!(run_call(&mut host, "c2", "doomed"), "Tool doomed not found");
    replace(&sb, &tool_file("added"), &versioned("added", "v1"));
    reloaded(&mut host, "the added file", |l| description_of(l, "added").is_some());
    assert_eq!(run_call(&mut host, "c3", "added"), "added v1");
    assert_eq!(run_call(&mut host, "c4", "kept"), "kept v1");
}

/// A tool `name` whose `onSession` counts the `start`s its module instance got, each once the
/// project has a file `gate` (when given); its calls answer `version starts=N`.
fn start_counter(name: &str, version: &str, gate: Option<&str>) -> String {
    let wait = match gate {
        Some(file) => format!("while (!existsSync({file:?})) await new Promise((r) => setTimeout(r, 5));"),
        None => String::new(),
    };
    format!(
        "import {{ existsSync }} from 'node:fs';\nlet starts = 0;\nexport default (pi) => ({{ name: {name:?}, label: {name:?}, description: {version:?}, parameters: {{ type: 'object', properties: {{}} }}, async onSession(event) {{ if (event.reason === 'start') {{ {wait} starts++; }} }}, async execute() {{ return {{ content: [{{ type: 'text', text: `{version} starts=${{starts}}` }}] }}; }} }});\n"
    )
}

/// A reloaded module starts with fresh state, so its tools get the session's `start` again
/// (omp's tools get one per module instance) before a call reaches them; the tools not
/// reloaded get none.
#[test]
fn run_reloaded_tools_get_a_start_of_their_own_before_their_next_call() {
    let sb = Sandbox::new("reload-run-start");
    sb.write(&tool_file("edited"), &start_counter("edited", "v1", None));
    sb.write(&tool_file("kept"), &start_counter("kept", "k1", None));
    let mut host = LineHost::run(&sb, &[]);
    assert_eq!(run_call(&mut host, "c1", "edited"), "v1 starts=1");
    let gate = sb.project.join("gate");
    replace(&sb, &tool_file("edited"), &start_counter("edited", "v2", Some(&path_str(&gate))));
    reloaded(&mut host, "the reload of v2", |l| description_of(l, "edited").as_deref() == Some("v2"));
    // The call is sent while the reloaded tool's start is held at its gate: it waits for it.
    host.call("c2", "edited", json!({}));
    std::fs::write(&gate, "").unwrap();
    assert_eq!(text(&host.result("c2")), "v2 starts=1");
    assert_eq!(run_call(&mut host, "c3", "kept"), "k1 starts=1");
    let report = host.wait_for("the reload's start report", |l| l["type"] == "session_event" && l["delivered"] == 1);
    assert_eq!(report["reason"], "start", "{report}");
}

#[test]
fn run_a_call_running_during_a_reload_finishes_on_its_old_code() {
    let sb = Sandbox::new("reload-run-inflight");
    sb.write(&tool_file("slow"), SLOW_OLD);
    let mut host = LineHost::run(&sb, &[]);
    host.call("old", "slow", json!({}));
    host.first_update("old");
    replace(&sb, &tool_file("slow"), SLOW_NEW);
    reloaded(&mut host, "the reload of slow", |l| description_of(l, "slow").as_deref() == Some("new"));
    assert_eq!(run_call(&mut host, "fresh", "slow"), "new", "new calls use the new code");
    assert!(
        !host.seen.iter().any(|l| l["type"] == "tool_execution_end" && l["toolCallId"] == "old"),
        "the old call still runs"
    );
    std::fs::write(sb.project.join("go"), "").unwrap();
    assert_eq!(text(&host.result("old")), "old", "the running call finished on the code it started with");
}

fn mcp_host(sb: &Sandbox) -> LineHost {
    let mut host = LineHost::start(sb, &["mcp"]);
    host.send(rpc(
        0,
        "initialize",
        json!({"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}),
    ));
    host.wait_for("initialize", |l| l["id"] == 0);
    host.send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string());
    host
}

fn is_list_changed(line: &Value) -> bool {
    line["method"] == "notifications/tools/list_changed"
}

/// Waits for one more `list_changed` than has been seen so far.
fn next_list_changed(host: &mut LineHost, what: &str) {
    let before = host.seen.iter().filter(|l| is_list_changed(l)).count();
    let counted = Cell::new(0);
    host.wait_for(what, |l| {
        if is_list_changed(l) {
            counted.set(counted.get() + 1);
        }
        is_list_changed(l) && counted.get() > before
    });
}

fn mcp_request(host: &mut LineHost, id: i64, method: &str, params: Value) -> Value {
    host.send(rpc(id, method, params));
    host.wait_for(&format!("the response to {id}"), |l| {
        l["id"] == id && (l.get("result").is_some() || l.get("error").is_some())
    })
    .clone()
}

fn mcp_call_text(host: &mut LineHost, id: i64, tool: &str) -> String {
    let answer = mcp_request(host, id, "tools/call", json!({"name": tool, "arguments": {}}));
    answer["result"]["content"][0]["text"]
        .as_str()
        .map(str::to_string)
        .unwrap_or_else(|| answer.to_string())
}

/// The listed tools from modules (not the host's `resolve`), by name, with their descriptions.
fn mcp_tools(host: &mut LineHost, id: i64) -> Vec<(String, String)> {
    let list = mcp_request(host, id, "tools/list", json!({}));
    list["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["name"] != "resolve")
        .map(|t| (t["name"].as_str().unwrap().into(), t["description"].as_str().unwrap().into()))
        .collect()
}

#[test]
fn mcp_edit_broken_edit_deletion_and_added_file_each_reach_the_client() {
    let sb = Sandbox::new("reload-mcp");
    sb.write(&tool_file("edited"), &versioned("edited", "v1"));
    sb.write(&tool_file("doomed"), &versioned("doomed", "v1"));
    let mut host = mcp_host(&sb);
    let pair = |name: &str, version: &str| (name.to_string(), version.to_string());
    assert_eq!(mcp_tools(&mut host, 1), [pair("doomed", "v1"), pair("edited", "v1")]);

    replace(&sb, &tool_file("edited"), &versioned("edited", "v2"));
    next_list_changed(&mut host, "list_changed after the edit");
    assert_eq!(mcp_tools(&mut host, 2), [pair("doomed", "v1"), pair("edited", "v2")]);
    assert_eq!(mcp_call_text(&mut host, 3, "edited"), "edited v2");

    replace(&sb, &tool_file("edited"), BROKEN);
    next_list_changed(&mut host, "list_changed after the broken edit");
    assert_eq!(
        mcp_tools(&mut host, 4),
        [pair("doomed", "v1"), pair("edited", "v2")],
        "the last good version stays listed"
    );
    assert_eq!(mcp_call_text(&mut host, 5, "edited"), "edited v2", "and keeps serving");

    std::fs::remove_file(sb.root.join(tool_file("doomed"))).unwrap();
    next_list_changed(&mut host, "list_changed after the deletion");
    assert_eq!(mcp_tools(&mut host, 6), [pair("edited", "v2")]);
    let gone = mcp_request(&mut host, 7, "tools/call", json!({"name": "doomed", "arguments": {}}));
    assert_eq!(gone["error"]["code"], -32602, "{gone}");

    replace(&sb, &tool_file("added"), &versioned("added", "v1"));
    next_list_changed(&mut host, "list_changed after the added file");
    assert_eq!(mcp_tools(&mut host, 8), [pair("added", "v1"), pair("edited", "v2")]);
    assert_eq!(mcp_call_text(&mut host, 9, "added"), "added v1");

    let stderr = host.stderr();
    let broken = path_str(&sb.project.join(".omp/tools/edited.js"));
    assert!(
        stderr.lines().any(|l| l.starts_with(&format!("omp-host mcp: {broken}: Failed to load tool: "))),
        "the load error is reported: {stderr}"
    );
}

#[test]
fn mcp_a_call_running_during_a_reload_finishes_on_its_old_code() {
    let sb = Sandbox::new("reload-mcp-inflight");
    sb.write(&tool_file("slow"), SLOW_OLD);
    let mut host = mcp_host(&sb);
    host.send(rpc(1, "tools/call", json!({"name": "slow", "arguments": {}, "_meta": {"progressToken": "p"}})));
    host.wait_for("the slow call to begin", |l| l["method"] == "notifications/progress");
    replace(&sb, &tool_file("slow"), SLOW_NEW);
    next_list_changed(&mut host, "list_changed after the edit");
    assert_eq!(mcp_call_text(&mut host, 2, "slow"), "new", "new calls use the new code");
    assert!(!host.seen.iter().any(|l| l["id"] == 1), "the old call still runs");
    std::fs::write(sb.project.join("go"), "").unwrap();
    let old = host.wait_for("the old call's answer", |l| l["id"] == 1);
    assert_eq!(
        old["result"]["content"][0]["text"], "old",
        "the running call finished on the code it started with"
    );
}

const CONFIG: &str = "project/.omp/omp-host.json";

/// Waits for the `tools` event of a reload that read the project's config file again.
fn config_reloaded(host: &mut LineHost, sb: &Sandbox, what: &str, holds: impl Fn(&Value) -> bool) -> Value {
    let config = path_str(&sb.project.join(".omp/omp-host.json"));
    reloaded(host, what, |l| {
        l["reloaded"].as_array().unwrap().iter().any(|p| p == config.as_str()) && holds(l)
    })
}

fn config_errors(event: &Value) -> Vec<String> {
    event["errors"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["path"].as_str().unwrap().ends_with("omp-host.json"))
        .map(|e| e["error"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn run_a_config_change_applies_live_and_a_broken_one_keeps_the_last_good_config() {
    let sb = Sandbox::new("reload-run-config");
    sb.write(&tool_file("guarded"), &versioned("guarded", "v1"));
    sb.write("project/extra/more.js", &versioned("more", "v1"));
    let mut host = LineHost::run(&sb, &[]);
    assert_eq!(run_call(&mut host, "c1", "guarded"), "guarded v1");
    let blocked = "Tool \"guarded\" is blocked by user policy.";

    replace(&sb, CONFIG, r#"{"toolSettings":{"guarded":{"approval":"deny"}}}"#);
    let event = config_reloaded(&mut host, &sb, "the new config", |_| true);
    assert_eq!(config_errors(&event), Vec::<String>::new());
    assert!(run_call(&mut host, "c2", "guarded").starts_with(blocked), "the new policy decides new calls");

    replace(&sb, CONFIG, r#"{"toolSettings":{"guarded":{"approval":"nope"}}}"#);
    let broken = config_reloaded(&mut host, &sb, "the broken config", |l| !config_errors(l).is_empty());
    let error = &config_errors(&broken)[0];
    assert!(
        error.starts_with(&format!(
            "config file {}: toolSettings.guarded.approval: ",
            path_str(&sb.project.join(".omp/omp-host.json"))
        )),
        "{error}"
    );
    assert!(run_call(&mut host, "c3", "guarded").starts_with(blocked), "the last good config stays in force");

    replace(&sb, CONFIG, r#"{"heapLimitMb":1024,"tools":["extra/more.js"]}"#);
    let fixed = config_reloaded(&mut host, &sb, "the fixed config", |l| description_of(l, "more").is_some());
    let waiting = config_errors(&fixed);
    assert_eq!(waiting.len(), 1, "only the restart notice is left: {waiting:?}");
    assert!(
        waiting[0].contains("heapLimitMb is now 1024 but the engine runs with 512 MiB; the new limit takes effect when the host restarts"),
        "{waiting:?}"
    );
    assert_eq!(run_call(&mut host, "c4", "guarded"), "guarded v1", "the deny is gone");
    assert_eq!(run_call(&mut host, "c5", "more"), "more v1", "a configured tool path is loaded");

    replace(&sb, "project/extra/more.js", &versioned("more", "v2"));
    reloaded(&mut host, "the edit of the newly configured tool", |l| {
        description_of(l, "more").as_deref() == Some("v2")
    });
    assert_eq!(run_call(&mut host, "c6", "more"), "more v2", "its folder is watched too");
}

#[test]
fn mcp_a_broken_config_edit_is_reported_and_the_list_refreshed() {
    let sb = Sandbox::new("reload-mcp-config");
    sb.write(&tool_file("edited"), &versioned("edited", "v1"));
    sb.write(CONFIG, r#"{"toolSettings":{"edited":{"approval":"deny"}}}"#);
    let mut host = mcp_host(&sb);
    assert!(mcp_call_text(&mut host, 1, "edited").starts_with("Tool \"edited\" is blocked by user policy."));
    replace(&sb, CONFIG, r#"{"toolSettings":{"edited":{"aproval":"allow"}}}"#);
    next_list_changed(&mut host, "list_changed after the broken config");
    assert!(
        mcp_call_text(&mut host, 2, "edited").starts_with("Tool \"edited\" is blocked by user policy."),
        "the last good config stays in force"
    );
    let stderr = host.stderr();
    let config = path_str(&sb.project.join(".omp/omp-host.json"));
    assert!(
        stderr.lines().any(|l| l.starts_with(&format!(
            "omp-host mcp: {config}: config file {config}: toolSettings.edited.aproval: unknown field `aproval`"
        ))),
        "the config error is reported: {stderr}"
    );
}

#[test]
fn a_reload_that_runs_out_of_heap_says_that_old_versions_fill_it_and_keeps_serving() {
    let sb = Sandbox::new("reload-heap");
    sb.write("project/.omp/omp-host.json", r#"{"heapLimitMb": 48}"#);
    // Each version keeps about 4 MB of strings at its top level; old versions stay in the heap.
    let hoarder = |version: u32| {
        format!(
            "const kept = new Array(100000).fill(0).map((_, i) => 'v{version}-' + i);\nexport default () => ({{ name: 'hoarder', label: 'hoarder', description: 'v{version} ' + kept.length, parameters: {{ type: 'object', properties: {{}} }}, async execute() {{ return {{ content: [{{ type: 'text', text: 'v{version}' }}] }}; }} }});\n"
        )
    };
    sb.write(&tool_file("hoarder"), &hoarder(0));
    let mut host = LineHost::run(&sb, &[]);
    let mut failed = None;
    for version in 1..=40 {
        replace(&sb, &tool_file("hoarder"), &hoarder(version));
        let event = reloaded(&mut host, "a reload", |l| {
            !l["errors"].as_array().unwrap().is_empty() || description_of(l, "hoarder").is_some_and(|d| d.starts_with(&format!("v{version} ")))
        });
        if let Some(error) = event["errors"].as_array().unwrap().first() {
            failed = Some((version, error["error"].as_str().unwrap().to_string()));
            break;
        }
    }
    let (version, error) = failed.expect("40 versions of 4 MB each fit a 48 MB heap");
    assert_eq!(
        error,
        format!("Failed to load tool: loading the module ran out of memory (JavaScript heap limit of 48 MB); this host has loaded {version} module versions by hot reload, and a JavaScript engine cannot unload a module: restart the host to free them")
    );
    assert_eq!(
        run_call(&mut host, "c", "hoarder"),
        format!("v{}", version - 1),
        "the last good version keeps serving"
    );
}

/// `replaceWedgedEngineMs` changed in the config file applies at once: the next wedged
/// engine is given up after the new time (stderr names it).
#[test]
fn run_a_changed_replace_wedged_engine_ms_applies_at_once() {
    let sb = Sandbox::new("reload-wedged-after");
    sb.write(
        &tool_file("wedge"),
        &format!("export default () => ({{ name: 'wedge', label: 'w', description: 'd', parameters: {{ type: 'object' }}, async execute(id, p, onUpdate) {{ {} }} }});", unstoppable_loop("onUpdate({ content: [] });")),
    );
    sb.write(CONFIG, r#"{"replaceWedgedEngineMs": 400}"#);
    let mut host = LineHost::run(&sb, &[]);
    // Below the 40 ms the host waits when nothing else runs, so the new value is what counts.
    replace(&sb, CONFIG, r#"{"replaceWedgedEngineMs": 20}"#);
    config_reloaded(&mut host, &sb, "the new config", |_| true);
    host.call("w", "wedge", json!({}));
    host.first_update("w");
    host.cancel("w");
    host.result("w");
    host.wait_for("the replacement's tools event", |l| {
        l["type"] == "tools"
            && l["reloaded"]
                .as_array()
                .is_some_and(|r| r.iter().any(|p| p.as_str().unwrap_or("").ends_with("wedge.js")))
    });
    // Stderr has a writer thread of its own: the host is let exit (which waits for it), not
    // killed, before stderr is read.
    host.close_stdin();
    assert!(host.wait_exit(std::time::Duration::from_secs(30)).success());
    let stderr = host.stderr();
    assert!(stderr.contains("did not stop call:w within 20 ms ("), "{stderr}");
}

/// A pi extension `name` registering tool `name`, answering `name`.
fn pi_extension(name: &str) -> String {
    format!(
        "export default (pi) => {{ pi.registerTool({{ name: {name:?}, label: {name:?}, description: 'd', parameters: {{ type: 'object', properties: {{}} }}, async execute() {{ return {{ content: [{{ type: 'text', text: {name:?} }}] }}; }} }}); }};\n"
    )
}

/// A project with no `.omp/` folder at start: the config file created in it later (folder and
/// file at once) is read and applied, as an edit of an existing one is.
#[test]
fn run_a_config_file_created_later_applies() {
    let sb = Sandbox::new("reload-run-config-created");
    sb.write("home/.omp/agent/tools/first.js", &versioned("first", "v1"));
    sb.write("project/extra/more.js", &versioned("more", "v1"));
    let mut host = LineHost::run(&sb, &[]);
    assert_eq!(run_call(&mut host, "c1", "first"), "first v1");
    assert!(!sb.project.join(".omp").exists());
    sb.write("project/.omp/omp-host.json", r#"{"tools":["extra/more.js"]}"#);
    config_reloaded(&mut host, &sb, "the new config file", |l| description_of(l, "more").is_some());
    assert_eq!(run_call(&mut host, "c2", "more"), "more v1");
}

/// pi's settings.json names extensions: writing it while the host serves loads them, and
/// taking an entry out unloads its tools.
#[test]
fn run_a_pi_settings_edit_loads_and_unloads_extensions() {
    let sb = Sandbox::new("reload-run-pi-settings");
    // `.pi/extensions/` and `.pi/tools/` exist, so `.pi/` is watched for its settings file alone.
    sb.write("project/.pi/extensions/early.ts", &pi_extension("early"));
    std::fs::create_dir_all(sb.project.join(".pi/tools")).unwrap();
    sb.write("project/ext-src/late.ts", &pi_extension("late"));
    let mut host = LineHost::run(&sb, &[]);
    assert_eq!(run_call(&mut host, "c1", "early"), "early");
    sb.write("project/.pi/settings.json", r#"{ "extensions": ["../ext-src/late.ts"] }"#);
    reloaded(&mut host, "the extension the settings name", |l| description_of(l, "late").is_some());
    assert_eq!(run_call(&mut host, "c2", "late"), "late");
    replace(&sb, "project/.pi/settings.json", r#"{ "extensions": [] }"#);
    reloaded(&mut host, "the extension's tools gone", |l| description_of(l, "late").is_none());
}
