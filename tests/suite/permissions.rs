//! Permissions end to end, as a user meets them: the config's policy (`permissions.default`)
//! read and checked with the file and key named, the `project` preset reaching the project
//! and the tool folders but not the rest of the home folder, and the learning runs (`check --permissions`, `call --learn-permissions`) that
//! print the policy a tool needs. Each op's own checks are tested beside them
//! (permissions_fs, permissions_net, permissions_processes).
//! Fixture tools: tests/fixtures/permissions/.

use std::path::PathBuf;

use crate::common::permissions::denials;
use crate::common::*;
use serde_json::Value;

fn fixture(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/permissions").join(name);
    std::fs::read_to_string(path).unwrap()
}

/// A sandbox with the probe tool in the user's tool folder and `config` as the project's
/// config file (if any).
fn sandbox_with_probe(name: &str, config: Option<&str>) -> Sandbox {
    let sb = Sandbox::new(name);
    sb.write("home/.omp/agent/tools/probe.mjs", &fixture("probe.mjs"));
    if let Some(config) = config {
        sb.write("project/.omp/omp-host.json", config);
    }
    sb
}

fn probe(sb: &Sandbox, params: Value) -> String {
    let (code, out, err) = sb.call("probe", &params.to_string(), &[]);
    assert_eq!(code, 0, "probe {params} failed: {out}{err}");
    out.trim().to_string()
}

#[test]
fn a_bad_permissions_entry_is_a_config_error_naming_the_file_and_key() {
    let sb = sandbox_with_probe("perm-bad", Some(r#"{"permissions":{"default":{"preset":"none","net":["a.*.example.com"]}}}"#));
    let out = sb.run(&["list"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("omp-host.json") && err.contains("permissions.default.net") && err.contains("wildcard"),
        "{err}"
    );
}

#[test]
fn the_project_preset_reaches_the_project_and_the_tool_folder_but_not_the_home_folder() {
    let sb = sandbox_with_probe("perm-project", Some(r#"{"permissions":{"default":"project"}}"#));
    let in_project = sb.write("project/notes.txt", "project notes");
    let beside_tool = sb.write("home/.omp/agent/tools/data.txt", "tool data");
    let secret = sb.write("home/secret.txt", "do not read");
    let read = |path: &PathBuf| probe(&sb, serde_json::json!({ "op": "read", "path": path }));
    assert_eq!(read(&in_project), "read: project notes");
    assert_eq!(read(&beside_tool), "read: tool data");
    let refused = read(&secret);
    assert!(refused.starts_with("error EACCES:"), "{refused}");
    assert!(
        refused.contains("permissions.default") && refused.contains(&secret.display().to_string()),
        "{refused}"
    );
    let denials = denials(&sb);
    assert_eq!(denials.len(), 1, "{denials:?}");
    assert_eq!(denials[0]["permission"], "read");
}

#[test]
fn without_a_policy_a_tool_keeps_every_right() {
    let sb = sandbox_with_probe("perm-all", None);
    let secret = sb.write("home/secret.txt", "readable");
    assert_eq!(probe(&sb, serde_json::json!({ "op": "read", "path": secret })), "read: readable");
    assert!(denials(&sb).is_empty());
}

#[test]
fn check_permissions_prints_what_a_module_reads_while_it_loads() {
    let sb = Sandbox::new("perm-learn-load");
    let module = sb.write("project/.omp/tools/configured.mjs", &fixture("reads_at_load.mjs"));
    let settings = sb.write("home/settings/probe.json", "{}");
    // Learning ignores the config's policy: the load must succeed to be measured.
    sb.write("project/.omp/omp-host.json", r#"{"permissions":{"default":"none"}}"#);
    let out = sb
        .command(&["check", "--permissions", "--json", &module.display().to_string()])
        .env("PROBE_SETTINGS", &settings)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let policy = &report["permissions"]["default"];
    assert_eq!(policy["preset"], "none");
    let read: Vec<String> = serde_json::from_value(policy["read"].clone()).unwrap();
    let settings_dir = std::fs::canonicalize(settings.parent().unwrap()).unwrap();
    assert!(read.contains(&settings_dir.display().to_string()), "{policy}");
    assert!(policy["env"].as_array().unwrap().contains(&Value::from("PROBE_SETTINGS")), "{policy}");
}

#[test]
fn call_learn_permissions_adds_what_the_call_needed() {
    let sb = sandbox_with_probe("perm-learn-call", None);
    let (code, out, err) = sb.call("probe", r#"{"op":"exec","cmd":"true"}"#, &["--learn-permissions"]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(out.trim(), "exit 0");
    let said = err
        .find("the permissions the tool's load and this call needed")
        .unwrap_or_else(|| panic!("nothing learned in: {err}"));
    let json_start = said + err[said..].find('{').unwrap();
    let needed: Value = serde_json::from_str(err[json_start..].trim()).unwrap_or_else(|e| panic!("{e}: {err}"));
    let run: Vec<String> = serde_json::from_value(needed["permissions"]["default"]["run"].clone()).unwrap();
    assert!(run.iter().any(|p| p.ends_with("/true")), "{needed}");
}

#[test]
fn a_tool_with_its_own_policy_runs_in_an_engine_of_its_own() {
    let sb = Sandbox::new("perm-lanes");
    sb.write("project/.omp/tools/patcher.mjs", &fixture("patcher.mjs"));
    sb.write("project/.omp/tools/victim.mjs", &fixture("victim.mjs"));
    sb.write(
        "project/.omp/omp-host.json",
        r#"{"permissions":{"modules":{".omp/tools/patcher.mjs":{"preset":"none","env":["PATCH_MARKER"]}}}}"#,
    );
    let marker = sb.root.join("marker");
    let call = |tool: &str| {
        let out = sb.command(&["call", tool]).env("PATCH_MARKER", &marker).output().unwrap();
        assert!(out.status.success(), "{tool}: {}{}", stdout(&out), stderr(&out));
        stdout(&out).trim().to_string()
    };
    // The patch is in the patcher's engine; the other tool's builtins are its engine's own,
    // so the patcher's code never runs inside another tool's call.
    assert_eq!(call("victim"), "trimmed pristine=true");
    assert_eq!(call("patcher"), "patched: true");
    assert!(!marker.exists(), "the patch ran with some tool's rights");
    let started: Vec<Value> = sb
        .host_log()
        .into_iter()
        .filter(|l| l["message"] == "Started an engine for another permission policy")
        .collect();
    assert!(!started.is_empty(), "no second engine was started");
    assert_eq!(started[0]["key"], "permissions.modules[\".omp/tools/patcher.mjs\"]");
}

#[test]
fn list_says_which_policy_each_tool_runs_under() {
    let sb = Sandbox::new("perm-list");
    sb.write("project/.omp/tools/patcher.mjs", &fixture("patcher.mjs"));
    sb.write("project/.omp/tools/victim.mjs", &fixture("victim.mjs"));
    sb.write(
        "project/.omp/omp-host.json",
        r#"{"permissions":{"modules":{".omp/tools/patcher.mjs":"project"}}}"#,
    );
    let listed = sb.list_json(&[]);
    let policy = |name: &str| {
        listed["tools"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["name"] == name)
            .unwrap_or_else(|| panic!("{name} not listed: {listed}"))["permissions"]
            .clone()
    };
    assert_eq!(policy("patcher")["preset"], "project");
    assert_eq!(policy("patcher")["key"], "permissions.modules[\".omp/tools/patcher.mjs\"]");
    assert_eq!(policy("victim")["preset"], "all");
    assert_eq!(policy("victim")["restricted"], false);
    let text = stdout(&sb.run(&["list"]));
    assert!(text.contains("permissions: project (permissions.modules"), "{text}");
}

/// Replaces a file as editors do (write, rename), so a watcher never sees half of it.
fn replace(path: &std::path::Path, text: &str) {
    let staged = path.with_file_name(".saving");
    std::fs::write(&staged, text).unwrap();
    std::fs::rename(&staged, path).unwrap();
}

#[test]
fn a_config_change_puts_a_new_policy_in_force_while_the_host_serves() {
    let sb = sandbox_with_probe("perm-reload", None);
    let secret = sb.write("home/secret.txt", "readable");
    let config = sb.project.join(".omp/omp-host.json");
    let read = serde_json::json!({ "op": "read", "path": secret });
    // The config file's folder exists from the start, as in a project that has one.
    std::fs::create_dir_all(config.parent().unwrap()).unwrap();
    let mut host = LineHost::run(&sb, &[]);
    let answer = |host: &mut LineHost, id: &str| {
        host.call(id, "probe", read.clone());
        text(&host.result(id))
    };
    assert_eq!(answer(&mut host, "c1"), "read: readable");
    let config_text = path_str(&config);
    let config_reloaded = |host: &mut LineHost, what: &str| {
        host.wait_for(what, |l| {
            l["type"] == "tools" && l["reloaded"].as_array().is_some_and(|r| r.iter().any(|p| p == config_text.as_str()))
        })
    };
    // The default engine's policy changes in place.
    replace(&config, r#"{"permissions":{"default":"project"}}"#);
    config_reloaded(&mut host, "the default policy");
    assert!(answer(&mut host, "c2").starts_with("error EACCES:"), "the new default decides new calls");
    // A module given a policy of its own loads again, into an engine of that policy.
    let tool = path_str(&sb.home.join(".omp/agent/tools/probe.mjs"));
    replace(
        &config,
        &format!(
            r#"{{"permissions":{{"default":"project","modules":{{{tool:?}:{{"preset":"none","read":[{:?}]}}}}}}}}"#,
            path_str(&sb.home)
        ),
    );
    host.wait_for("the module loaded again under its own policy", |l| {
        l["type"] == "tools" && l["reloaded"].as_array().is_some_and(|r| r.iter().any(|p| p == tool.as_str()))
    });
    assert_eq!(answer(&mut host, "c3"), "read: readable");
    let (status, _) = host.finish();
    assert!(status.success());
}

#[test]
fn the_bundled_examples_work_under_the_project_preset() {
    let sb = Sandbox::new("perm-examples");
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/tools").display().to_string();
    let config = sb.write("project/perm.json", r#"{"permissions":{"default":"project"}}"#).display().to_string();
    let args = ["--tool", &dir, "--only", "--config", &config];
    let list = sb.list_json(&args);
    assert!(errors_of(&list).is_empty(), "{:?}", errors_of(&list));
    let cases = [
        ("greet", r#"{"name":"Ada","excited":true}"#, "Hello, Ada!!!"),
        ("calc", r#"{"op":"mul","a":6,"b":7}"#, "6 mul 7 = 42"),
        ("countdown", r#"{"from":3,"delayMs":5}"#, "Lift-off after 3, 2, 1"),
        ("word_stats", r#"{"text":"the cat and the hat"}"#, "5 words, 4 distinct"),
        ("status_word", r#"{"level":"warn"}"#, "Needs a look"),
    ];
    for (tool, params, expected) in cases {
        let (code, out, err) = sb.call(tool, params, &args);
        assert_eq!(code, 0, "{tool}: {out}{err}");
        assert!(out.starts_with(expected), "{tool}: {out}");
    }
    // `uname` runs a program, which `project` does not grant; granted, it runs.
    let (_, out, err) = sb.call("uname", "{}", &args);
    assert!(format!("{out}{err}").contains("EACCES"), "{out}{err}");
    std::fs::write(&config, r#"{"permissions":{"default":{"preset":"project","run":["uname"]}}}"#).unwrap();
    let (code, out, err) = sb.call("uname", "{}", &args);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("Linux "), "{out}");
}

#[test]
fn the_folders_above_a_granted_root_can_be_looked_at_but_not_listed() {
    let sb = sandbox_with_probe("perm-above", Some(r#"{"permissions":{"default":"project"}}"#));
    let probe = |params: Value| self::probe(&sb, params);
    // Code that makes a folder walks up and stats each one above it (fs-extra's mkdirs).
    assert_eq!(probe(serde_json::json!({ "op": "stat", "path": sb.root })), "stat: folder");
    assert_eq!(probe(serde_json::json!({ "op": "stat", "path": "/" })), "stat: folder");
    // What is in them stays the policy's.
    assert!(probe(serde_json::json!({ "op": "list", "path": sb.root })).starts_with("error EACCES:"));
    assert!(probe(serde_json::json!({ "op": "stat", "path": sb.home.join("x") })).starts_with("error EACCES:"));
}

#[test]
fn a_refused_spawn_has_its_pipes_as_in_node_and_reports_the_error() {
    let sb = sandbox_with_probe("perm-spawn-pipes", Some(r#"{"permissions":{"default":"project"}}"#));
    assert_eq!(probe(&sb, serde_json::json!({ "op": "spawn", "cmd": "true" })), "spawn error EACCES");
}

/// The host's own modules hold the engine's ops and every loaded tool: a tool importing them
/// could answer another tool's call or stage for it past any policy. They are refused to
/// tools, at load and later, naming the file and line; node: modules still load.
#[test]
fn a_tool_cannot_import_the_hosts_own_modules() {
    let sb = Sandbox::new("perm-host-modules");
    sb.write("project/.omp/tools/host_internals.mjs", &fixture("host_internals.mjs"));
    let static_import = sb.write("project/.omp/tools/host_core_static.mjs", &fixture("host_core_static.mjs"));
    let (code, out, err) = sb.call("host_internals", "{}", &[]);
    assert_eq!(code, 0, "{out}{err}");
    let lines: Vec<&str> = out.trim().lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    for (line, url) in lines.iter().zip(["omp:/host/core", "omp:/host/load"]) {
        assert!(
            line.starts_with(&format!("Cannot import \"{url}\": the host's own modules are not for tools")) && line.contains("host_internals.mjs:"),
            "{line}"
        );
    }
    assert_eq!(lines[2], "node:fs function");
    let errors = errors_of(&sb.list_json(&[]));
    let (path, message) = errors.iter().find(|(path, _)| path.ends_with("host_core_static.mjs")).expect("a load error");
    assert_eq!(path, &path_str(&static_import));
    assert!(
        message.contains("Cannot import \"omp:/host/core\"") && message.contains("host_core_static.mjs:2"),
        "{message}"
    );
}

/// A module given a tighter policy of its own moves to that policy's engine; its old copy (a
/// server it opened as it loaded) must not go on running in the old engine with the old
/// rights: that engine is replaced, and the old server closes.
#[test]
fn a_module_moved_to_a_tighter_policy_leaves_no_copy_running_with_the_old_rights() {
    let sb = Sandbox::new("perm-move");
    sb.write("project/.omp/tools/listener.mjs", &fixture("listener.mjs"));
    let config = sb.project.join(".omp/omp-host.json");
    let mut host = LineHost::run(&sb, &[]);
    host.call("c1", "listener", Value::Object(Default::default()));
    let port: u16 = text(&host.result("c1")).parse().expect("the first load listened");
    assert!(std::net::TcpStream::connect(("127.0.0.1", port)).is_ok());
    let tool = path_str(&sb.project.join(".omp/tools/listener.mjs"));
    replace(&config, &format!(r#"{{"permissions":{{"modules":{{{tool:?}:"none"}}}}}}"#));
    host.wait_for("the module loaded again under its own policy", |l| {
        l["type"] == "tools" && l["reloaded"].as_array().is_some_and(|r| r.iter().any(|p| p == tool.as_str()))
    });
    host.call("c2", "listener", Value::Object(Default::default()));
    assert!(
        text(&host.result("c2")).starts_with("refused: EACCES"),
        "the new copy runs under the new policy"
    );
    wait_until("the old copy's server to close", || std::net::TcpStream::connect(("127.0.0.1", port)).is_err());
    let (status, _) = host.finish();
    assert!(status.success());
}
