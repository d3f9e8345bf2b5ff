//! The `pi` object handed to factories: cwd, exec, the no-op UI, logger,
//! pushPendingAction before the queue exists, and the pi namespace. The tool modules and pi
//! extensions are read from tests/fixtures/pi_api/.
use crate::common::*;

#[test]
fn cwd_is_the_session_directory() {
    let sb = Sandbox::new("cwd");
    sb.write("project/.omp/tools/t.ts", &tool_source("t", "pi.cwd"));
    assert_eq!(sb.call("t", "{}", &[]).1.trim(), path_str(&sb.project));
}

#[test]
fn exec_runs_without_a_shell_and_buffers_output() {
    let sb = Sandbox::new("exec");
    sb.write("project/.omp/tools/t.ts", include_str!("../fixtures/pi_api/exec_echo_and_failing_sh.ts"));
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
        &include_str!("../fixtures/pi_api/exec_cwd_timeout_and_signal.ts").replace("__ELSEWHERE__", &path_str(&sb.root.join("elsewhere"))),
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
    sb.write("project/.omp/tools/t.ts", include_str!("../fixtures/pi_api/exec_a_missing_program.ts"));
    let (code, out, _) = sb.call("x", "{}", &[]);
    assert_eq!(code, 1);
    assert!(out.contains("no-such-program-xyz"), "{out}");
}

#[test]
fn ui_is_the_no_op_context_without_a_client() {
    let sb = Sandbox::new("ui");
    sb.write("project/.omp/tools/t.ts", include_str!("../fixtures/pi_api/calls_the_no_op_ui.ts"));
    assert_eq!(sb.call("x", "{}", &[]).1.trim(), r#"[false,null,false,null,null,"",null]"#);
}

#[test]
fn logger_writes_json_lines_to_the_log_file() {
    let sb = Sandbox::new("logger");
    sb.write("project/.omp/tools/t.ts", include_str!("../fixtures/pi_api/logs_two_lines.ts"));
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
    sb.write("project/.omp/tools/t.ts", include_str!("../fixtures/pi_api/renders_pi_components.ts"));
    let (code, out, err) = sb.call("x", "{}", &[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), r#"[["hi","","**m**"],"function","string","object","object"]"#);
}

#[test]
fn push_pending_action_checks_what_it_is_given() {
    let sb = Sandbox::new("pending");
    sb.write(
        "project/.omp/tools/t.ts",
        include_str!("../fixtures/pi_api/push_pending_action_bad_arguments.ts"),
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
    sb.write("project/.omp/tools/t.ts", include_str!("../fixtures/pi_api/string_enum_parameter.ts"));
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
        include_str!("../fixtures/pi_api/registers_greet_with_pi_arguments.ts"),
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
        &include_str!("../fixtures/pi_api/session_start_and_shutdown_handlers.ts").replace("__SHUTDOWN_FILE__", &path_str(&marker)),
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
    sb.write("project/.pi/extensions/guard.ts", include_str!("../fixtures/pi_api/tool_call_guard.ts"));
    sb.write("project/.omp/tools/echo.ts", include_str!("../fixtures/pi_api/echo_and_other.ts"));
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
        include_str!("../fixtures/pi_api/counter_in_session_entries.ts"),
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

/// `pi.exec` answers a pi extension's tool as pi 1.6 does (code 128 + signal for a process a
/// signal ended, `killed` when pi ended it, `truncated` past `maxBuffer`, SIGKILL 5 s after a
/// SIGTERM that was ignored, a program that cannot start as code 1) and an omp tool of the
/// same module as omp does.
#[test]
fn exec_answers_pi_tools_as_pi_and_omp_tools_as_omp() {
    let sb = Sandbox::new("exec-shapes");
    sb.write("project/.pi/extensions/runner.ts", include_str!("../fixtures/pi_api/exec_result_shapes.ts"));
    let mut host = LineHost::run(&sb, &[]);
    host.call("pi", "pi_exec", serde_json::json!({}));
    host.call("omp", "omp_exec", serde_json::json!({}));
    let pi: serde_json::Value = serde_json::from_str(&text(&host.result("pi"))).unwrap();
    let omp: serde_json::Value = serde_json::from_str(&text(&host.result("omp"))).unwrap();
    let ran = |code: i64, killed: bool| serde_json::json!({ "stdout": "", "stderr": "", "code": code, "killed": killed, "truncated": false });
    assert_eq!(pi["term"], ran(143, false), "{pi}");
    assert_eq!(pi["kill"], ran(137, false), "{pi}");
    assert_eq!(pi["exit3"], ran(3, false), "{pi}");
    assert_eq!(pi["timed"], ran(143, true), "{pi}");
    assert_eq!(pi["stubborn"], ran(137, true), "ignored SIGTERM, then SIGKILL: {pi}");
    assert_eq!(
        pi["over"],
        serde_json::json!({ "stdout": 1000, "stderr": "", "code": 143, "killed": true, "truncated": true }),
        "{pi}"
    );
    assert_eq!(
        (&pi["missing"]["code"], &pi["missing"]["stdout"]),
        (&serde_json::json!(1), &serde_json::json!("")),
        "{pi}"
    );
    assert!(pi["missing"]["stderr"].as_str().unwrap().contains("no-such-program-xyz"), "{pi}");
    assert_eq!(pi["range"], "RangeError: maxBuffer must be an integer between 0 and 536870888 bytes");
    let omp_ran = |code: i64, killed: bool| serde_json::json!({ "stdout": "", "stderr": "", "code": code, "killed": killed });
    assert_eq!(omp["term"], omp_ran(0, false), "{omp}");
    assert_eq!(omp["exit3"], omp_ran(3, false), "{omp}");
    assert_eq!(omp["timed"], omp_ran(0, true), "{omp}");
    assert!(
        omp["missing"].as_str().unwrap().starts_with("threw Failed to spawn \"no-such-program-xyz\""),
        "{omp}"
    );
}

/// `pi.sendMessage` hands `run`'s client pi's `message_end` of a custom message (with the
/// delivery options and the call that sent it) and records pi's `custom_message` entry in the
/// session, which tools read back; as in pi it cannot be sent while extensions load, and
/// `pi.sendUserMessage` is refused with the reason.
#[test]
fn send_message_reaches_runs_client_and_the_session_file() {
    let sb = Sandbox::new("send-message");
    sb.write("project/.pi/extensions/notes.ts", include_str!("../fixtures/pi_api/sends_messages.ts"));
    let mut host = LineHost::run(&sb, &["--session", "notes-1"]);
    host.call("c1", "note", serde_json::json!({ "what": "milk" }));
    let sent = host.wait_for("the note's message", |e| e["type"] == "message_end" && e["message"]["customType"] == "note");
    assert!(sent["message"]["timestamp"].as_u64().is_some(), "{sent}");
    let mut message = sent["message"].clone();
    message.as_object_mut().unwrap().remove("timestamp");
    assert_eq!(
        message,
        serde_json::json!({ "role": "custom", "customType": "note", "content": "Remember milk", "display": true, "details": { "n": 1 } })
    );
    assert_eq!(sent["options"], serde_json::json!({ "deliverAs": "followUp", "triggerTurn": true }));
    assert_eq!(sent["toolCallId"], "c1");
    let quiet = host.wait_for("the quiet message", |e| e["type"] == "message_end" && e["message"]["customType"] == "quiet");
    assert!(quiet.get("options").is_none() && quiet["message"]["display"] == false, "{quiet}");
    let answer: serde_json::Value = serde_json::from_str(&text(&host.result("c1"))).unwrap();
    assert_eq!(
        answer["refused"],
        serde_json::json!([
            "pi.sendMessage: expected a message object ({customType, content, display, details}), got string",
            "pi.sendMessage: the message's customType must be a string, got undefined",
            "pi.sendUserMessage: omp-host runs no agent turn of its own, so it has no user message to send; pi.sendMessage hands the client a custom message for its conversation"
        ])
    );
    assert_eq!(
        answer["seen"],
        serde_json::json!(["note:true", "quiet:false"]),
        "the session holds both for the tools"
    );
    assert_eq!(
        answer["early"],
        "pi.sendMessage: the session has not started yet (extensions are loading); send it from session_start or a tool"
    );
    host.close_stdin();
    host.wait_exit(std::time::Duration::from_secs(20));
    let file = std::fs::read_to_string(sb.data_dir().join("sessions").join("notes-1.jsonl")).unwrap();
    let entry = file
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|e| e["type"] == "custom_message")
        .unwrap_or_else(|| panic!("no custom_message entry in {file}"));
    assert_eq!(
        (&entry["customType"], &entry["content"], &entry["display"], &entry["details"]),
        (
            &serde_json::json!("note"),
            &serde_json::json!("Remember milk"),
            &serde_json::json!(true),
            &serde_json::json!({ "n": 1 })
        )
    );
    assert!(entry["id"].is_string() && entry["timestamp"].is_string(), "{entry}");
}

/// Over MCP, which cannot add to a client's conversation, a message for display is a log
/// message (logger `message`); one that is not for display is not sent.
#[test]
fn a_displayed_message_is_an_mcp_log_message() {
    let sb = Sandbox::new("send-message-mcp");
    sb.write(
        "project/.pi/extensions/notes.ts",
        include_str!("../fixtures/pi_api/sends_a_shown_and_a_quiet_message.ts"),
    );
    let mut host = LineHost::mcp(&sb, &[]);
    host.send(rpc(1, "tools/call", serde_json::json!({ "name": "note", "arguments": {} })));
    assert_eq!(text(&host.rpc_response(1)["result"]), "sent");
    let logged = host.wait_for("the message as a log message", |l| {
        l["method"] == "notifications/message" && l["params"]["logger"] == "message"
    });
    assert_eq!(logged["params"]["level"], "info");
    assert_eq!(
        logged["params"]["data"]["customType"], "note",
        "the message not for display was not sent: {logged}"
    );
    assert_eq!(logged["params"]["data"]["content"], "shown");
}

/// A result's `terminate: true` (pi's hint to skip the follow-up model request) reaches `run`'s
/// `tool_execution_end` in `result`, as pi's JSON mode carries it, with `details` kept, and MCP
/// clients in `_meta`; so does a `tool_call` handler's block with `terminate: true`.
#[test]
fn terminate_reaches_run_and_mcp_clients() {
    let sb = Sandbox::new("terminate");
    sb.write("project/.pi/extensions/final.ts", include_str!("../fixtures/pi_api/terminating_tools.ts"));
    let mut host = LineHost::run(&sb, &[]);
    for id in ["final", "goes_on", "stopped"] {
        host.call(id, id, serde_json::json!({}));
    }
    let ended = host.result("final");
    assert_eq!(
        (&ended["terminate"], &ended["details"]),
        (&serde_json::json!(true), &serde_json::json!({ "answer": 42 })),
        "{ended}"
    );
    let goes_on = host.result("goes_on");
    assert!(goes_on.get("terminate").is_none(), "{goes_on}");
    let stopped = host.result("stopped");
    assert_eq!(
        (text(&stopped).as_str(), &stopped["isError"], &stopped["terminate"]),
        ("enough", &serde_json::json!(true), &serde_json::json!(true))
    );
    let mut mcp = LineHost::mcp(&sb, &[]);
    mcp.send(rpc(1, "tools/call", serde_json::json!({ "name": "final", "arguments": {} })));
    let answer = mcp.rpc_response(1);
    assert_eq!(
        answer["result"]["_meta"],
        serde_json::json!({ "omp-host/details": { "answer": 42 }, "omp-host/terminate": true }),
        "{answer}"
    );
}

/// pi's `prepareArguments(args)` runs before validation: an older argument shape it folds into
/// the current one is accepted, what it returns is validated with the same text as any tool's
/// arguments, and one that throws is an error naming the tool.
#[test]
fn prepare_arguments_runs_before_validation() {
    let sb = Sandbox::new("prepare-arguments");
    sb.write("project/.pi/extensions/edit.ts", include_str!("../fixtures/pi_api/prepare_arguments_edit.ts"));
    let mut host = LineHost::run(&sb, &[]);
    host.call("legacy", "edit", serde_json::json!({ "path": "a.txt", "oldText": "x", "newText": "y" }));
    assert_eq!(text(&host.result("legacy")), r#"{"path":"a.txt","edits":[{"oldText":"x","newText":"y"}]}"#);
    let invalid = serde_json::json!({ "oldText": "x", "newText": "y", "edits": [] });
    host.call("bad", "edit", invalid.clone());
    let bad = host.result("bad");
    let mut plain_args = invalid.clone();
    plain_args["edits"] = serde_json::json!([{ "oldText": "x", "newText": "y" }]);
    plain_args.as_object_mut().unwrap().retain(|k, _| k != "oldText" && k != "newText");
    host.call("plain", "edit_plain", plain_args);
    let plain = host.result("plain");
    assert_eq!(bad["isError"], true);
    assert!(text(&bad).starts_with("Validation failed for tool \"edit\":\n  - path"), "{bad}");
    assert_eq!(
        text(&bad),
        text(&plain).replace("edit_plain", "edit"),
        "validated as any tool's prepared arguments"
    );
    host.call("boom", "edit", serde_json::json!({ "boom": "the old shape" }));
    let boom = host.result("boom");
    assert_eq!(
        (text(&boom).as_str(), &boom["isError"]),
        ("prepareArguments failed for tool \"edit\": cannot read the old shape", &serde_json::json!(true))
    );
}
