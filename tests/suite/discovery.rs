//! Discovery: the contract 7.1 order, every folder, layouts, plugins, configured paths,
//! de-duplication, declarative files and name conflicts.
use crate::common::*;

#[test]
fn folders_load_in_contract_order() {
    let sb = Sandbox::new("order");
    // Written in reverse so file-system order cannot explain the result.
    sb.write("home/.pi/agent/tools/pi_user.ts", &tool_source("pi_user", "1"));
    sb.write("project/.pi/tools/pi_project.ts", &tool_source("pi_project", "1"));
    sb.write("project/.codex/tools/codex_project.ts", &tool_source("codex_project", "1"));
    sb.write("home/.codex/tools/codex_user.ts", &tool_source("codex_user", "1"));
    sb.write("project/.claude/tools/claude_project.ts", &tool_source("claude_project", "1"));
    sb.write("home/.claude/tools/claude_user.ts", &tool_source("claude_user", "1"));
    sb.write("home/.omp/agent/tools/omp_user.ts", &tool_source("omp_user", "1"));
    sb.write("project/.omp/tools/omp_project.ts", &tool_source("omp_project", "1"));
    let extra = sb.write("project/extra/configured.ts", &tool_source("configured", "1"));
    let names = sb.tool_names(&["--tool", extra.to_str().unwrap()]);
    assert_eq!(
        names,
        [
            "omp_project",
            "omp_user",
            "claude_user",
            "claude_project",
            "codex_user",
            "codex_project",
            "pi_project",
            "pi_user",
            "configured"
        ]
    );
    let list = sb.list_json(&[]);
    let providers: Vec<&str> = list["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["source"]["provider"].as_str().unwrap())
        .collect();
    assert_eq!(providers, ["native", "native", "claude", "claude", "codex", "codex", "pi", "pi"]);
}

#[test]
fn layouts_and_files_shadowing_folders() {
    let sb = Sandbox::new("layouts");
    sb.write("project/.omp/tools/single.ts", &tool_source("single", "'file'"));
    sb.write("project/.omp/tools/folder/index.ts", &tool_source("folder", "'folder'"));
    // A file named like a folder shadows the folder (files are scanned first); the folder
    // tool is dropped silently, as omp does.
    sb.write("project/.omp/tools/same.ts", &tool_source("same_file", "'file wins'"));
    sb.write("project/.omp/tools/same/index.ts", &tool_source("same_folder", "'folder'"));
    let list = sb.list_json(&[]);
    let names: Vec<&str> = list["tools"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["same_file", "single", "folder"]);
    assert!(errors_of(&list).is_empty(), "{:?}", errors_of(&list));
}

#[test]
fn project_shadows_user_tool_with_the_same_derived_name() {
    let sb = Sandbox::new("shadow");
    sb.write("project/.omp/tools/dup.ts", &tool_source("dup_project", "'p'"));
    sb.write("home/.omp/agent/tools/dup.ts", &tool_source("dup_user", "'u'"));
    let list = sb.list_json(&[]);
    let names: Vec<&str> = list["tools"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["dup_project"]);
    assert!(errors_of(&list).is_empty());
}

#[test]
fn agent_dir_follows_pi_coding_agent_dir_and_profiles() {
    let sb = Sandbox::new("agentdir");
    sb.write("custom-agent/tools/from_env.ts", &tool_source("from_env", "1"));
    sb.write("home/.omp/profiles/work/agent/tools/from_profile.ts", &tool_source("from_profile", "1"));
    let out = sb
        .command(&["list", "--json"])
        .env("PI_CODING_AGENT_DIR", sb.root.join("custom-agent"))
        .output()
        .unwrap();
    assert!(stdout(&out).contains("from_env") && !stdout(&out).contains("from_profile"));
    let out = sb.command(&["list", "--json"]).env("OMP_PROFILE", "work").output().unwrap();
    assert!(stdout(&out).contains("from_profile"));
}

/// As omp 18: `.md`, `.json`, `.sh` and `.py` files in a tools folder are skipped silently (v16
/// gave declarative files an error), so `npm install` beside the tools adds no load errors;
/// named explicitly, such a file still gets omp's error.
#[test]
fn other_files_in_tool_folders_are_skipped_and_named_ones_explained() {
    let sb = Sandbox::new("declarative");
    sb.write("project/.omp/tools/notes.md", "---\nname: notes\n---\n# hi\n");
    sb.write("project/.omp/tools/spec.json", r#"{"name": "spec"}"#);
    sb.write("project/.omp/tools/package.json", r#"{"name": "my-tools", "dependencies": {}}"#);
    sb.write("project/.omp/tools/package-lock.json", r#"{"lockfileVersion": 3}"#);
    sb.write("project/.omp/tools/setup.sh", "echo hi\n");
    sb.write("project/.omp/tools/helper.py", "print(1)\n");
    sb.write("project/.omp/tools/ok.ts", &tool_source("ok", "1"));
    let list = sb.list_json(&[]);
    assert_eq!(errors_of(&list), Vec::<(String, String)>::new());
    assert_eq!(sb.tool_names(&[]), ["ok"]);
    let list = sb.list_json(&["--tool", ".omp/tools/notes.md"]);
    let errors = errors_of(&list);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].1, "Declarative tool files (.md, .json) cannot be loaded as executable modules");
}

#[test]
fn name_conflicts_keep_the_first_tool() {
    let sb = Sandbox::new("conflict");
    sb.write("project/.omp/tools/a-first.ts", &tool_source("shared_name", "'first'"));
    sb.write("project/.omp/tools/b-second.ts", &tool_source("shared_name", "'second'"));
    sb.write("project/.omp/tools/c-reserved.ts", &tool_source("resolve", "'mine'"));
    let list = sb.list_json(&[]);
    let errors = errors_of(&list);
    assert!(
        errors
            .iter()
            .any(|(p, e)| p.ends_with("b-second.ts") && e == "Tool name \"shared_name\" conflicts with existing tool"),
        "{errors:?}"
    );
    assert!(
        errors
            .iter()
            .any(|(p, e)| p.ends_with("c-reserved.ts") && e == "Tool name \"resolve\" conflicts with existing tool"),
        "{errors:?}"
    );
    assert_eq!(sb.call("shared_name", "{}", &[]).1.trim(), "first");
}

#[test]
fn plugin_packages_with_manifest_entries_and_tools_folder() {
    let sb = Sandbox::new("plugins");
    sb.write(
        "project/plug-a/package.json",
        r#"{"name": "plug-a", "omp": {"tools": ["./src/one.ts", "./src/dir"]}}"#,
    );
    sb.write("project/plug-a/src/one.ts", &tool_source("plug_one", "1"));
    sb.write("project/plug-a/src/dir/index.ts", &tool_source("plug_dir", "1"));
    sb.write("project/plug-a/tools/extra/index.ts", &tool_source("plug_tools_folder", "1"));
    sb.write("project/plug-b/package.json", r#"{"name": "plug-b", "pi": {"tools": "lib"}}"#);
    sb.write("project/plug-b/lib/x.ts", &tool_source("plug_b_x", "1"));
    // Installed plugins: ~/.omp/plugins/package.json dependencies.
    sb.write("home/.omp/plugins/package.json", r#"{"dependencies": {"@me/installed": "1.0.0"}}"#);
    sb.write(
        "home/.omp/plugins/node_modules/@me/installed/package.json",
        r#"{"name": "@me/installed", "omp": {"tools": "t.ts"}}"#,
    );
    sb.write("home/.omp/plugins/node_modules/@me/installed/t.ts", &tool_source("installed_plugin", "1"));
    let names = sb.tool_names(&["--plugin", "plug-a", "--plugin", "plug-b"]);
    assert_eq!(names, ["plug_one", "plug_dir", "plug_tools_folder", "plug_b_x", "installed_plugin"]);
}

#[test]
fn configured_paths_from_flag_and_config_file() {
    let sb = Sandbox::new("configured");
    sb.write("project/mine/flagged.ts", &tool_source("flagged", "1"));
    sb.write("project/mine/folder-tool/index.ts", &tool_source("folder_tool", "1"));
    sb.write("home/tilde/tilde.ts", &tool_source("tilde", "1"));
    sb.write("project/cfg/from_config.ts", &tool_source("from_config", "1"));
    sb.write("project/.omp/omp-host.json", r#"{"tools": ["cfg/from_config.ts", "~/tilde/tilde.ts"]}"#);
    sb.write("project/other.json", r#"{"tools": ["mine/flagged.ts"]}"#);
    let names = sb.tool_names(&["--tool", "mine/flagged.ts", "--tool", "mine/folder-tool", "--config", "other.json"]);
    // flagged.ts appears twice (flag and --config) but loads once; flags come first.
    assert_eq!(names, ["flagged", "folder_tool", "from_config", "tilde"]);
    let list = sb.list_json(&["--tool", "mine/flagged.ts", "--config", "other.json"]);
    assert!(errors_of(&list).is_empty(), "{:?}", errors_of(&list));
}

#[test]
fn a_configured_directory_is_scanned_like_a_tools_folder() {
    let sb = Sandbox::new("configured-dir");
    sb.write("project/bundle/one.ts", &tool_source("one", "1"));
    sb.write("project/bundle/two/index.ts", &tool_source("two", "1"));
    assert_eq!(sb.tool_names(&["--tool", "bundle", "--only"]), ["one", "two"]);
}

#[test]
fn only_flag_skips_user_and_project_folders() {
    let sb = Sandbox::new("only");
    sb.write("project/.omp/tools/hidden.ts", &tool_source("hidden_by_only", "1"));
    sb.write("project/x/visible.ts", &tool_source("visible", "1"));
    assert_eq!(sb.tool_names(&["--tool", "x/visible.ts", "--only"]), ["visible"]);
}

/// A path in the config file that does not exist (yet: hot reload loads it once it does) is a
/// load error beside the tools that load; on the command line it is a usage error (cli.rs).
#[test]
fn missing_configured_path_is_a_load_error_not_a_crash() {
    let sb = Sandbox::new("missing-path");
    sb.write("project/.omp/tools/fine.ts", &tool_source("fine", "1"));
    sb.write("project/.omp/omp-host.json", r#"{ "tools": ["nowhere/tool.ts"] }"#);
    let list = sb.list_json(&[]);
    let errors = errors_of(&list);
    assert_eq!(errors.len(), 1);
    assert!(errors[0].1.starts_with("Failed to load tool: Cannot find module"), "{errors:?}");
    assert!(errors[0].1.contains("nowhere/tool.ts"));
    assert_eq!(sb.tool_names(&[]), ["fine"]);
}

/// pi extensions load from where pi finds them, project then user: files, `<dir>/index.ts`,
/// and `<dir>/package.json` naming its entries in `pi.extensions`; their tools are listed with
/// the extension as their source.
#[test]
fn pi_extensions_are_found_where_pi_looks() {
    let sb = Sandbox::new("pi-extensions");
    let extension = |name: &str| {
        format!("export default (pi) => {{ pi.registerTool({{ name: '{name}', label: '{name}', description: 'd', parameters: {{ type: 'object', properties: {{}} }}, execute: async () => ({{ content: [{{ type: 'text', text: '{name}' }}] }}) }}); }};")
    };
    sb.write("project/.pi/extensions/single.ts", &extension("single"));
    sb.write("project/.pi/extensions/folder/index.ts", &extension("folder"));
    sb.write("project/.pi/extensions/folder/helper.ts", "throw new Error('not an entry');");
    sb.write(
        "project/.pi/extensions/package/package.json",
        r#"{ "name": "p", "pi": { "extensions": ["./src/a.ts", "./src/b"] } }"#,
    );
    sb.write("project/.pi/extensions/package/src/a.ts", &extension("manifest_a"));
    sb.write("project/.pi/extensions/package/src/b/index.ts", &extension("manifest_b"));
    sb.write("project/.pi/extensions/notes.md", "# not an extension");
    sb.write("home/.pi/agent/extensions/global.js", &extension("global"));
    let list = sb.list_json(&[]);
    assert_eq!(errors_of(&list), Vec::<(String, String)>::new());
    let names: Vec<&str> = list["tools"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    // pi's order: a folder's files and subfolders in one name order.
    assert_eq!(names, ["folder", "manifest_a", "manifest_b", "single", "global"]);
    let sources: Vec<(&str, &str)> = list["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["source"]["provider"].as_str().unwrap(), t["source"]["level"].as_str().unwrap()))
        .collect();
    assert_eq!(sources[0], ("pi-extension", "project"));
    assert_eq!(sources[4], ("pi-extension", "user"));
    assert_eq!(sb.tool_names(&["--only"]), Vec::<String>::new(), "--only leaves the folders out");
}
