//! A pi extension's tool set as it changes while the session runs: tools registered after the
//! extension loaded (from `session_start`, as pi's dynamic-tools example does), the active set
//! (`pi.setActiveTools`, `exposure`, `defaultActive`), what `pi.getActiveTools` and
//! `pi.getAllTools` answer, and that `run` and MCP clients list exactly the active tools.
use crate::common::*;

use serde_json::{json, Value};

/// An extension with one tool at load, a deferred one, a hidden one, one off by default, and
/// `late`, registered from its `session_start` handler; `choose` sets the active tools to
/// its `names` and answers what pi's getters then say.
const DYNAMIC: &str = include_str!("../fixtures/extension_tools/dynamic.mjs");

fn names(tools: &Value) -> Vec<String> {
    tools.as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap().to_string()).collect()
}

#[test]
fn a_tool_registered_in_session_start_is_listed_and_called_in_run() {
    let sb = Sandbox::new("ext-late-run");
    sb.write("project/.pi/extensions/dynamic.ts", DYNAMIC);
    let mut host = LineHost::run(&sb, &[]);
    // Called at once: the call waits for session_start (and what it registered), as in pi,
    // where session_start comes before any tool call.
    host.call("first", "late", json!({}));
    assert_eq!(text(&host.result("first")), "late ran");
    let listed = host.wait_for("the list with the late tool", |e| {
        e["type"] == "tools" && e["tools"].as_array().is_some_and(|t| t.iter().any(|t| t["name"] == "late"))
    });
    assert_eq!(names(&listed["tools"]), ["choose", "late", "resolve"], "only the active tools are listed");
    let late = listed["tools"].as_array().unwrap().iter().find(|t| t["name"] == "late").unwrap();
    assert_eq!(late["promptSnippet"], "Say it late");
    assert_eq!(late["promptGuidelines"], json!(["Use late when it is late."]));
    host.call("l", "late", json!({}));
    assert_eq!(text(&host.result("l")), "late ran");
}

#[test]
fn the_active_set_decides_what_is_listed_and_callable() {
    let sb = Sandbox::new("ext-active");
    sb.write("project/.pi/extensions/dynamic.ts", DYNAMIC);
    let mut host = LineHost::run(&sb, &[]);
    host.wait_for("the late tool", |e| {
        e["type"] == "tools" && e["tools"].as_array().is_some_and(|t| t.iter().any(|t| t["name"] == "late"))
    });
    for (id, tool, says) in [
        (
            "d",
            "deferred_one",
            "Tool deferred_one is not active: it is registered with exposure \"deferred\", which pi.setActiveTools must activate",
        ),
        ("h", "hidden_one", "Tool hidden_one is not active: it is registered with exposure \"hidden\""),
        ("o", "off_one", "Tool off_one is not active: it is registered with defaultActive: false"),
    ] {
        host.call(id, tool, json!({}));
        assert_eq!(text(&host.result(id)), says);
    }
    host.call("c", "choose", json!({"names": ["choose", "deferred_one", "hidden_one", "nope"]}));
    assert_eq!(
        text(&host.result("c")),
        "active=choose,deferred_one all=choose:direct,deferred_one:deferred,hidden_one:hidden,off_one:direct,late:direct"
    );
    let listed = host.wait_for("the list after the choice", |e| {
        e["type"] == "tools" && e["tools"].as_array().is_some_and(|t| t.iter().any(|t| t["name"] == "deferred_one"))
    });
    assert_eq!(names(&listed["tools"]), ["choose", "deferred_one", "resolve"]);
    host.call("d2", "deferred_one", json!({}));
    assert_eq!(text(&host.result("d2")), "deferred ran");
    host.call("l", "late", json!({}));
    assert_eq!(
        text(&host.result("l")),
        "Tool late is not active: an extension left it out of the active tools (pi.setActiveTools)"
    );
}

/// A tool list asked for at start has the tools extensions register in `session_start`
/// (here a handler that goes on until the test lets it), and MCP clients hear
/// `notifications/tools/list_changed` when an extension registers one.
#[test]
fn an_mcp_client_is_told_of_a_late_tool_and_lists_it() {
    let sb = Sandbox::new("ext-late-mcp");
    let go = sb.root.join("go");
    sb.write(
        "project/.pi/extensions/slow_start.ts",
        &format!(
            r#"import {{ existsSync }} from "node:fs";
export default (pi) => {{
  pi.registerTool({{ name: "first", label: "f", description: "f", parameters: {{ type: "object" }}, async execute() {{ return {{ content: [{{ type: "text", text: "f" }}] }}; }} }});
  pi.on("session_start", async () => {{
    await new Promise((resolve) => {{ const poll = setInterval(() => {{ if (existsSync({go:?})) {{ clearInterval(poll); resolve(); }} }}, 5); }});
    pi.registerTool({{ name: "late", label: "l", description: "l", parameters: {{ type: "object" }}, async execute() {{ return {{ content: [{{ type: "text", text: "late ran" }}] }}; }} }});
  }});
}};"#
        ),
    );
    let mut host = LineHost::start(&sb, &["mcp"]);
    host.send(rpc(
        0,
        "initialize",
        json!({"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "test", "version": "0"}}),
    ));
    host.wait_for("the initialize answer", |l| l["id"] == 0);
    host.send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string());
    host.send(rpc(1, "tools/list", json!({})));
    std::fs::write(&go, "").unwrap();
    let list = host.wait_for("the list", |l| l["id"] == 1);
    assert_eq!(names(&list["result"]["tools"]), ["first", "late", "resolve"]);
    host.wait_for("the tool list to change", |l| l["method"] == "notifications/tools/list_changed");
}

/// A registration once the session has ended is refused, naming why.
#[test]
fn registering_after_shutdown_is_refused() {
    let sb = Sandbox::new("ext-after-shutdown");
    sb.write(
        "project/.pi/extensions/closing.ts",
        r#"export default (pi) => {
  pi.registerTool({ name: "t", label: "t", description: "t", parameters: { type: "object" }, async execute() { return { content: [{ type: "text", text: "t" }] }; } });
  pi.on("session_shutdown", async () => { pi.registerTool({ name: "too_late", label: "x", description: "x", parameters: { type: "object" }, async execute() {} }); });
};"#,
    );
    let mut host = LineHost::run(&sb, &[]);
    host.close_stdin();
    let report = host.wait_for("the shutdown report", |e| e["type"] == "session_event" && e["reason"] == "shutdown");
    assert_eq!(
        report["errors"][0]["error"].as_str().unwrap(),
        "pi.registerTool (\"too_late\"): the session has ended, so no tool can be registered any more"
    );
}

/// `omp-host call` delivers `session_start` first too, so it can call a tool registered there.
#[test]
fn call_reaches_a_tool_registered_in_session_start() {
    let sb = Sandbox::new("ext-late-call");
    sb.write("project/.pi/extensions/dynamic.ts", DYNAMIC);
    let (code, out, err) = sb.call("late", "{}", &[]);
    assert_eq!((code, out.trim()), (0, "late ran"), "stderr: {err}");
    let (code, _, err) = sb.call("nowhere", "{}", &[]);
    assert_eq!(code, 2);
    assert!(
        err.contains("Tool nowhere not found") && err.contains("available: choose, deferred_one, hidden_one, off_one, late"),
        "{err}"
    );
}

/// `omp-host list` begins a session as a client would: a tool registered in `session_start`
/// is listed.
#[test]
fn list_shows_a_tool_registered_in_session_start() {
    let sb = Sandbox::new("ext-late-list");
    sb.write("project/.pi/extensions/dynamic.ts", DYNAMIC);
    let listed = sb.list_json(&[]);
    assert!(names(&listed["tools"]).contains(&"late".to_string()), "{listed}");
    let text = stdout(&sb.run(&["list"]));
    assert!(text.contains("late  (l)"), "{text}");
}

/// A pi extension's own `pi.exec` answers as pi's in its `session_start` handler too, where
/// no tool call runs: a process ended by a signal has code 128 + its number, and the result
/// says whether it was `truncated`.
#[test]
fn an_extensions_exec_outside_a_call_answers_as_pis() {
    let sb = Sandbox::new("ext-exec-handler");
    sb.write(
        "project/.pi/extensions/starter.ts",
        r#"
export default function (pi) {
  let seen = "not yet";
  pi.on("session_start", async () => {
    const r = await pi.exec("sh", ["-c", "kill -TERM $$"]);
    seen = `code=${r.code} truncated=${"truncated" in r}`;
  });
  pi.registerTool({ name: "seen", label: "s", description: "what session_start's exec gave", parameters: { type: "object", properties: {} },
    async execute() { return { content: [{ type: "text", text: seen }] }; } });
}
"#,
    );
    let (code, out, err) = sb.call("seen", "{}", &[]);
    assert_eq!((code, out.trim()), (0, "code=143 truncated=true"), "{err}");
}

/// pi's UI members that only its terminal shows (widgets, the working message, the editor's
/// parts, themes, tool expansion) are accepted and do nothing, in a tool and in a
/// `session_start` handler, with and without a client that shows UI; they answer as pi's UI
/// without a terminal does. `ctx.scopedModels`, which the same extensions read, is empty, as
/// in pi when no models are scoped.
#[test]
fn terminal_only_ui_members_are_accepted_and_do_nothing() {
    let sb = Sandbox::new("ext-terminal-ui");
    sb.write(
        "project/.pi/extensions/terminal_ui.ts",
        include_str!("../fixtures/extension_tools/terminal_ui.ts"),
    );
    let expected = |has_ui: bool| {
        json!({
            "atStart": "ran", "editorComponent": null, "themes": [], "theme": null,
            "setTheme": {"success": false, "error": "UI not available"}, "toolsExpanded": false, "hasUI": has_ui,
            "scopedModels": [],
        })
    };
    for (ui, has_ui) in [(&[][..], false), (&["--ui"][..], true)] {
        let mut host = LineHost::run(&sb, ui);
        host.call("t", "terminal_ui", json!({}));
        let result = host.result("t");
        assert_eq!(result["isError"], false, "{result}");
        let answers: Value = serde_json::from_str(&text(&result)).unwrap();
        assert_eq!(answers, expected(has_ui), "with {ui:?}");
    }
}
