//! The `pi` object handed to factories: cwd, exec, the no-op UI, logger,
//! pushPendingAction before the queue exists, and the pi namespace.
use crate::common::*;

fn exec_tool(body: &str) -> String {
    format!("export default (pi) => ({{ name: 'x', label: 'x', description: 'd', parameters: {{}}, async execute(id, params, onUpdate, ctx, signal) {{ {body} }} }});")
}

#[test]
fn cwd_is_the_session_directory() {
    let sb = Sandbox::new("cwd");
    sb.write("project/.omp/tools/t.ts", &tool_source("t", "pi.cwd"));
    assert_eq!(sb.call("t", "{}", &[]).1.trim(), path_str(&sb.project));
}

#[test]
fn exec_runs_without_a_shell_and_buffers_output() {
    let sb = Sandbox::new("exec");
    sb.write(
        "project/.omp/tools/t.ts",
        &exec_tool("const r = await pi.exec('echo', ['$HOME', 'a;b']); const e = await pi.exec('sh', ['-c', 'echo err >&2; exit 3']); return { content: [{ type: 'text', text: JSON.stringify([r, e]) }] };"),
    );
    let (code, out, err) = sb.call("x", "{}", &[]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v[0], serde_json::json!({"stdout": "$HOME a;b\n", "stderr": "", "code": 0, "killed": false}));
    assert_eq!(v[1], serde_json::json!({"stdout": "", "stderr": "err\n", "code": 3, "killed": false}));
}

#[test]
fn exec_honours_cwd_timeout_and_abort_signal() {
    let sb = Sandbox::new("exec-kill");
    std::fs::create_dir_all(sb.root.join("elsewhere")).unwrap();
    sb.write(
        "project/.omp/tools/t.ts",
        &exec_tool(&format!(
                "const where = await pi.exec('pwd', [], {{ cwd: {:?} }});\n\
                 const t0 = Date.now(); const timed = await pi.exec('sleep', ['30'], {{ timeout: 200 }}); const tookMs = Date.now() - t0;\n\
                 const ac = new AbortController(); setTimeout(() => ac.abort(), 100); const aborted = await pi.exec('sleep', ['30'], {{ signal: ac.signal }});\n\
                 const pre = new AbortController(); pre.abort(); const preAborted = await pi.exec('sleep', ['30'], {{ signal: pre.signal }});\n\
                 return {{ content: [{{ type: 'text', text: JSON.stringify({{ where: where.stdout.trim(), timed: timed.killed, fast: tookMs < 10000, aborted: aborted.killed, preAborted: preAborted.killed }}) }}] }};",
                path_str(&sb.root.join("elsewhere"))
            )),
    );
    let (code, out, err) = sb.call("x", "{}", &[]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["where"], path_str(&sb.root.join("elsewhere")));
    assert_eq!(v["timed"], true);
    assert_eq!(v["fast"], true);
    assert_eq!(v["aborted"], true);
    assert_eq!(v["preAborted"], true);
}

#[test]
fn exec_rejects_when_the_program_does_not_exist() {
    let sb = Sandbox::new("exec-missing");
    sb.write(
        "project/.omp/tools/t.ts",
        &exec_tool("await pi.exec('no-such-program-xyz', []); return { content: [] };"),
    );
    let (code, out, _) = sb.call("x", "{}", &[]);
    assert_eq!(code, 1);
    assert!(out.contains("no-such-program-xyz"), "{out}");
}

#[test]
fn ui_is_the_no_op_context_without_a_client() {
    let sb = Sandbox::new("ui");
    sb.write(
        "project/.omp/tools/t.ts",
        &exec_tool("const r = [pi.hasUI, await pi.ui.select('t', ['a']), await pi.ui.confirm('t', 'm'), await pi.ui.input('t'), pi.ui.notify('x'), pi.ui.getEditorText(), await pi.ui.editor('t')]; return { content: [{ type: 'text', text: JSON.stringify(r) }] };"),
    );
    assert_eq!(sb.call("x", "{}", &[]).1.trim(), r#"[false,null,false,null,null,"",null]"#);
}

#[test]
fn logger_writes_json_lines_to_the_log_file() {
    let sb = Sandbox::new("logger");
    sb.write(
        "project/.omp/tools/t.ts",
        &exec_tool("pi.logger.info('hello from tool', { answer: 42 }); pi.logger.error('bad'); return { content: [{ type: 'text', text: 'ok' }] };"),
    );
    let (code, _, _) = sb.call("x", "{}", &[]);
    assert_eq!(code, 0);
    let logs = sb.data_dir().join("logs");
    let file = std::fs::read_dir(&logs).unwrap().next().unwrap().unwrap().path();
    let text = std::fs::read_to_string(file).unwrap();
    let line = text.lines().find(|l| l.contains("hello from tool")).expect("logged line");
    let v: serde_json::Value = serde_json::from_str(line).unwrap();
    assert_eq!(v["level"], "info");
    assert_eq!(v["answer"], 42);
    assert!(v["timestamp"].as_str().is_some() && v["pid"].as_u64().is_some());
}

#[test]
fn pi_namespace_exposes_what_tools_use() {
    let sb = Sandbox::new("pi-ns");
    sb.write(
        "project/.omp/tools/t.ts",
        &exec_tool("const p = pi.pi; const c = new p.Container(); c.addChild(new p.Text('hi')); c.addChild(new p.Spacer(1)); c.addChild(new p.Markdown('**m**')); const theme = p.getMarkdownTheme(); return { content: [{ type: 'text', text: JSON.stringify([c.render(80), typeof theme.heading, typeof p.VERSION, typeof pi.typebox.Type, typeof pi.zod]) }] };"),
    );
    let (code, out, err) = sb.call("x", "{}", &[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), r#"[["hi","","**m**"],"function","string","object","object"]"#);
}

#[test]
fn push_pending_action_checks_what_it_is_given() {
    let sb = Sandbox::new("pending");
    sb.write(
        "project/.omp/tools/t.ts",
        &exec_tool("const tries = [null, { label: 'no apply' }, { label: 'x', apply: 'not a function' }].map((a) => { try { pi.pushPendingAction(a); return 'accepted'; } catch (e) { return e.message; } }); return { content: [{ type: 'text', text: tries.join('|') }] };"),
    );
    let (code, out, err) = sb.call("x", "{}", &[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.trim(),
        "pushPendingAction: expected an object with a label and an apply function|pushPendingAction: apply must be a function|pushPendingAction: apply must be a function"
    );
}

#[test]
fn pi_pi_string_enum_builds_a_validated_enum_parameter() {
    // omp removed StringEnum from pi.pi in 15.1.3; tools that still use it run here.
    let sb = Sandbox::new("pi-string-enum");
    sb.write(
        "project/.omp/tools/t.ts",
        "export default (pi) => ({ name: 'pick', label: 'p', description: 'd', parameters: pi.typebox.Type.Object({ action: pi.pi.StringEnum(['start', 'stop'], { description: 'what to do' }) }), async execute(id, params) { return { content: [{ type: 'text', text: `did ${params.action}` }] }; } });",
    );
    let (code, out, err) = sb.call("pick", r#"{"action":"stop"}"#, &[]);
    assert_eq!((code, out.trim()), (0, "did stop"), "{err}");
    let list = sb.list_json(&[]);
    let schema = &list["tools"][0]["parameters"]["properties"]["action"];
    assert_eq!(schema["type"], "string");
    assert_eq!(schema["enum"], serde_json::json!(["start", "stop"]));
    let (code, out, _) = sb.call("pick", r#"{"action":"jump"}"#, &[]);
    assert_eq!(code, 1);
    assert!(out.contains("action"), "{out}");
}

/// A pi extension (`export default (pi) => void`) registers its tools with `pi.registerTool`:
/// they run with pi's arguments (toolCallId, params, signal, onUpdate, ctx), the terminal-only
/// members are accepted and listed, a bad registration is an error naming the call, and
/// registering once the factory has returned is refused with a message saying so.
#[test]
fn an_extension_registers_tools_that_run_with_pis_arguments() {
    let sb = Sandbox::new("register-tool");
    sb.write(
        "project/.pi/extensions/greet.ts",
        r#"import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { Type } from "@sinclair/typebox";
let late = "not tried";
export default function (pi: ExtensionAPI) {
  pi.on("session_start", async () => {});
  pi.registerCommand("hello", { description: "Say hello", handler: async () => {} });
  pi.registerFlag("loud", { type: "boolean", default: true });
  pi.registerTool({
    name: "greet",
    label: "Greet",
    description: "Greet someone by name",
    parameters: Type.Object({ name: Type.String() }),
    async execute(toolCallId, params, signal, onUpdate, ctx) {
      onUpdate?.({ content: [{ type: "text", text: "working" }] });
      const piContext = `${ctx.signal === signal} ${ctx.hasPendingMessages()} ${ctx.mode} ${ctx.isProjectTrusted()}`;
      return { content: [{ type: "text", text: `Hello, ${params.name}! ${toolCallId} ${signal instanceof AbortSignal} ${ctx.cwd === pi.cwd} ${pi.getFlag("loud")} ${piContext} ${late}` }] };
    },
  });
  pi.registerTool({ name: "broken", description: "no execute", parameters: Type.Object({}) });
  setTimeout(() => { try { pi.registerTool({ name: "later" }); late = "accepted"; } catch (e) { late = e.message; } }, 0);
}
"#,
    );
    let list = sb.list_json(&[]);
    let tools = list["tools"].as_array().unwrap();
    assert_eq!(tools.len(), 1, "{list}");
    assert_eq!(tools[0]["executeOrder"], "pi");
    assert_eq!(
        tools[0]["extension"],
        serde_json::json!({ "handlers": ["session_start"], "ignored": ["registerCommand", "registerFlag"] })
    );
    let errors = errors_of(&list);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].1.contains("pi.registerTool call 2 (\"broken\")"), "{errors:?}");
    let mut host = LineHost::run(&sb, &[]);
    host.call("c1", "greet", serde_json::json!({ "name": "Ada" }));
    let update = host.first_update("c1");
    assert_eq!(text(&update["partialResult"]), "working");
    let result = text(&host.result("c1"));
    assert!(result.starts_with("Hello, Ada! c1 true true true true false rpc true "), "{result}");
    assert!(
        // Registering later works (tests/suite/extension_tools.rs); an invalid tool is refused.
        result.ends_with("pi.registerTool call 1 (\"later\"): expected object with string name, string description, parameters, and execute function"),
        "{result}"
    );
}

/// An extension's `pi.on("session_start")` and `pi.on("session_shutdown")` handlers get the
/// host's session start and end as pi's events, with a context; a throwing handler does not
/// keep the extension's other handlers from running.
#[test]
fn an_extensions_session_handlers_see_start_and_shutdown() {
    let sb = Sandbox::new("extension-session");
    let marker = sb.root.join("shutdown.txt");
    sb.write(
        "project/.pi/extensions/lifecycle.ts",
        &format!(
            r#"import {{ writeFileSync }} from "node:fs";
let seen = "";
export default function (pi) {{
  pi.on("session_start", async () => {{ throw new Error("first handler fails"); }});
  pi.on("session_start", async (event, ctx) => {{ seen += event.type + ":" + event.reason + ":" + (ctx.cwd === pi.cwd) + " "; }});
  pi.on("session_shutdown", async (event) => {{ writeFileSync({marker:?}, event.type + ":" + event.reason); }});
  pi.registerTool({{ name: "seen", label: "seen", description: "d", parameters: {{ type: "object", properties: {{}} }}, execute: async () => ({{ content: [{{ type: "text", text: seen }}] }}) }});
}}
"#,
            marker = path_str(&marker)
        ),
    );
    let mut host = LineHost::run(&sb, &[]);
    host.call("c1", "seen", serde_json::json!({}));
    assert_eq!(text(&host.result("c1")), "session_start:startup:true ");
    host.close_stdin();
    host.wait_exit(std::time::Duration::from_secs(20));
    assert_eq!(std::fs::read_to_string(&marker).unwrap(), "session_shutdown:quit");
}

/// Extensions' `tool_call` handlers see every tool's calls (an omp tool's here) and may rewrite
/// its arguments or block it; `tool_result` handlers may patch its result. A `tool_call`
/// handler that throws, or does not answer within its limit, blocks the call naming the
/// extension; the other tools keep working.
#[test]
fn extension_tool_call_and_tool_result_handlers_wrap_every_tool() {
    let sb = Sandbox::new("tool-events");
    sb.write(
        "project/.pi/extensions/guard.ts",
        r#"export default (pi) => {
  pi.on("tool_call", async (event) => {
    if (event.toolName !== "echo") return;
    if (event.input.text === "rm -rf") return { block: true, reason: "Dangerous" };
    if (event.input.text === "throw") throw new Error("guard broke");
    if (event.input.text === "hang") return new Promise(() => {});
    event.input.text = event.input.text + "!";
  });
  pi.on("tool_result", async (event) => {
    if (event.toolName === "echo") return { content: [{ type: "text", text: event.content[0].text + " (checked)" }], details: { checked: true } };
  });
};
"#,
    );
    sb.write(
        "project/.omp/tools/echo.ts",
        "export default (pi) => [\n\
         { name: 'echo', label: 'echo', description: 'echo', parameters: pi.typebox.Type.Object({ text: pi.typebox.Type.String() }), async execute(id, params) { return { content: [{ type: 'text', text: params.text }] }; } },\n\
         { name: 'other', label: 'other', description: 'other', parameters: pi.typebox.Type.Object({}), async execute() { return { content: [{ type: 'text', text: 'untouched' }] }; } },\n\
         ];",
    );
    let mut host = LineHost::run(&sb, &[]);
    let mut call = |id: &str, tool: &str, text_arg: &str| {
        host.call(id, tool, serde_json::json!({ "text": text_arg }));
        host.result(id)
    };
    let rewritten = call("c1", "echo", "hi");
    assert_eq!(text(&rewritten), "hi! (checked)");
    assert_eq!(rewritten["details"], serde_json::json!({ "checked": true }));
    let blocked = call("c2", "echo", "rm -rf");
    assert_eq!((text(&blocked).as_str(), &blocked["isError"]), ("Dangerous", &serde_json::json!(true)));
    let threw = call("c3", "echo", "throw");
    assert!(
        text(&threw).contains("tool_call handler of extension") && text(&threw).contains("guard.ts failed: guard broke"),
        "{threw}"
    );
    assert_eq!(text(&call("c4", "other", "x")), "untouched");
    let hung = call("c5", "echo", "hang");
    assert!(text(&hung).contains("guard.ts did not answer within 10000 ms"), "{hung}");
    assert_eq!(text(&call("c6", "echo", "again")), "again! (checked)");
}

/// `pi.appendEntry(customType, data)` adds pi's `custom` entry to the session, which tools read
/// back through `ctx.sessionManager` and which a resumed session (`--session ID`) still holds:
/// an extension's state survives a restart.
#[test]
fn append_entry_keeps_an_extensions_state_across_a_restart() {
    let sb = Sandbox::new("append-entry");
    sb.write(
        "project/.pi/extensions/counter.ts",
        r#"let count = 0;
export default (pi) => {
  pi.on("session_start", async (_event, ctx) => {
    for (const entry of ctx.sessionManager.getEntries()) if (entry.type === "custom" && entry.customType === "counter") count = entry.data.count;
  });
  pi.registerTool({ name: "bump", label: "bump", description: "d", parameters: { type: "object", properties: {} },
    async execute() { count += 1; pi.appendEntry("counter", { count }); return { content: [{ type: "text", text: String(count) }] }; } });
};
"#,
    );
    let mut host = LineHost::run(&sb, &["--session", "keep-1"]);
    for expected in ["1", "2"] {
        host.call(expected, "bump", serde_json::json!({}));
        assert_eq!(text(&host.result(expected)), expected);
    }
    host.close_stdin();
    host.wait_exit(std::time::Duration::from_secs(20));
    let file = std::fs::read_to_string(sb.data_dir().join("sessions").join("keep-1.jsonl")).unwrap();
    let customs: Vec<serde_json::Value> = file
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|e| e["type"] == "custom")
        .collect();
    assert_eq!(customs.len(), 2, "{file}");
    assert_eq!(
        (&customs[1]["customType"], &customs[1]["data"]),
        (&serde_json::json!("counter"), &serde_json::json!({ "count": 2 }))
    );
    let mut again = LineHost::run(&sb, &["--session", "keep-1"]);
    again.call("3", "bump", serde_json::json!({}));
    assert_eq!(text(&again.result("3")), "3", "the count came back from the session");
}
