//! pi's settings.json (`~/.pi/agent/settings.json`, `<cwd>/.pi/settings.json`): the extensions
//! its `extensions` entries and installed `packages` name load beside pi's extension folders,
//! in pi's order; a package pi has not installed and a settings file that is not JSON are
//! load errors naming the file, and `--only` loads none of them.
use serde_json::{json, Value};

use crate::common::*;

/// An extension registering tool `name`, which answers `name`.
fn extension(name: &str) -> String {
    format!(
        "export default (pi) => {{ pi.registerTool({{ name: '{name}', label: '{name}', description: 'd', parameters: {{ type: 'object', properties: {{}} }}, execute: async () => ({{ content: [{{ type: 'text', text: '{name}' }}] }}) }}); }};"
    )
}

fn names(list: &Value) -> Vec<String> {
    faults::names(list)
}

/// Each tool's (name, provider, level).
fn sources(list: &Value) -> Vec<(String, String, String)> {
    list["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let s = |v: &Value| v.as_str().unwrap().to_string();
            (s(&t["name"]), s(&t["source"]["provider"]), s(&t["source"]["level"]))
        })
        .collect()
}

#[test]
fn global_settings_extensions_load_from_the_agent_dir_once_each() {
    let sb = Sandbox::new("pi-settings-global");
    sb.write(
        "home/.pi/agent/settings.json",
        r#"{ "extensions": ["my-ext/main.ts", "folder-ext", "extensions/auto.ts"] }"#,
    );
    sb.write("home/.pi/agent/my-ext/main.ts", &extension("from_file"));
    sb.write("home/.pi/agent/my-ext/other.ts", &extension("not_named"));
    sb.write("home/.pi/agent/folder-ext/index.ts", &extension("from_folder"));
    sb.write("home/.pi/agent/folder-ext/helper.ts", "throw new Error('not an entry');");
    // Named by the settings and found in the folder: loaded once, in the settings' place.
    sb.write("home/.pi/agent/extensions/auto.ts", &extension("auto"));
    let list = sb.list_json(&[]);
    assert_eq!(errors_of(&list), Vec::<(String, String)>::new());
    assert_eq!(names(&list), ["from_file", "from_folder", "auto"]);
    assert_eq!(sources(&list)[0], ("from_file".into(), "pi-extension".into(), "user".into()));
}

/// pi's precedence: project settings entries, the project folder, user settings entries, the
/// user folder, then packages; a `-path` entry leaves a folder's extension out.
#[test]
fn project_settings_entries_load_first_relative_to_the_project_pi_folder() {
    let sb = Sandbox::new("pi-settings-project");
    sb.write(
        "project/.pi/settings.json",
        r#"{ "extensions": ["../ext-src/proj_entry.ts", "-extensions/off.ts"], "packages": ["../vendor/pkg"] }"#,
    );
    sb.write("project/ext-src/proj_entry.ts", &extension("proj_entry"));
    sb.write("project/.pi/extensions/proj_folder.ts", &extension("proj_folder"));
    sb.write("project/.pi/extensions/off.ts", &extension("off"));
    sb.write("project/vendor/pkg/package.json", r#"{ "name": "pkg" }"#);
    sb.write("project/vendor/pkg/extensions/local_pkg.ts", &extension("local_pkg"));
    sb.write("home/.pi/agent/settings.json", r#"{ "extensions": ["user-src/user_entry.js"] }"#);
    sb.write("home/.pi/agent/user-src/user_entry.js", &extension("user_entry"));
    sb.write("home/.pi/agent/extensions/user_folder.ts", &extension("user_folder"));
    let list = sb.list_json(&[]);
    assert_eq!(errors_of(&list), Vec::<(String, String)>::new());
    assert_eq!(names(&list), ["proj_entry", "proj_folder", "user_entry", "user_folder", "local_pkg"]);
    let levels: Vec<String> = sources(&list).into_iter().map(|(_, _, level)| level).collect();
    assert_eq!(levels, ["project", "project", "user", "user", "project"]);
}

#[test]
fn an_installed_npm_package_loads_the_extensions_its_manifest_names() {
    let sb = Sandbox::new("pi-settings-npm");
    sb.write("home/.pi/agent/settings.json", r#"{ "packages": ["npm:@acme/pi-tools@1.0.0"] }"#);
    let root = "home/.pi/agent/npm/node_modules/@acme/pi-tools";
    sb.write(
        &format!("{root}/package.json"),
        r#"{ "name": "@acme/pi-tools", "version": "1.0.0", "pi": { "extensions": ["./src/main.ts", "./src/more"] } }"#,
    );
    sb.write(&format!("{root}/src/main.ts"), &extension("npm_main"));
    sb.write(&format!("{root}/src/more/index.ts"), &extension("npm_more"));
    // The manifest names the entries, so the conventional folder is not searched.
    sb.write(&format!("{root}/extensions/unlisted.ts"), &extension("unlisted"));
    let list = sb.list_json(&[]);
    assert_eq!(errors_of(&list), Vec::<(String, String)>::new());
    assert_eq!(names(&list), ["npm_main", "npm_more"]);
    assert_eq!(sources(&list)[0], ("npm_main".into(), "pi-package".into(), "user".into()));
    let (code, out, err) = sb.call("npm_main", "{}", &[]);
    assert_eq!(code, 0, "stdout: {out}\nstderr: {err}");
    assert!(out.contains("npm_main"), "{out}");
}

/// An npm entry's version is checked against what is installed, as pi checks it: pi installs
/// again a package outside the entry's range (and skips it when it cannot); the host, which
/// installs nothing, says which version is there and which the entry asks for.
#[test]
fn an_npm_package_outside_the_entrys_version_range_is_named_and_not_loaded() {
    let sb = Sandbox::new("pi-settings-npm-range");
    let root = "home/.pi/agent/npm/node_modules/@acme/pi-tools";
    sb.write(
        &format!("{root}/package.json"),
        r#"{ "name": "@acme/pi-tools", "version": "1.4.2", "pi": { "extensions": ["./main.ts"] } }"#,
    );
    sb.write(&format!("{root}/main.ts"), &extension("npm_main"));
    for (entry, loads) in [
        ("npm:@acme/pi-tools@^1.2", true),
        ("npm:@acme/pi-tools@1.4.2", true),
        ("npm:@acme/pi-tools@latest", true),
        ("npm:@acme/pi-tools@^2", false),
    ] {
        sb.write("home/.pi/agent/settings.json", &format!(r#"{{ "packages": ["{entry}"] }}"#));
        let list = sb.list_json(&[]);
        if loads {
            assert_eq!(errors_of(&list), Vec::<(String, String)>::new(), "{entry}");
            assert_eq!(names(&list), ["npm_main"], "{entry}");
        } else {
            assert_eq!(names(&list), Vec::<String>::new(), "{entry}");
            let errors = errors_of(&list);
            assert_eq!(errors.len(), 1, "{errors:?}");
            assert!(
                errors[0].1.contains(&format!("pi package \"{entry}\"")) && errors[0].1.contains("version 1.4.2 is installed, and the entry asks for ^2"),
                "{errors:?}"
            );
        }
    }
}

/// A package without a `pi` manifest gives its `extensions/` folder; a filter in the entry's
/// object form narrows it.
#[test]
fn a_package_without_a_manifest_loads_its_extensions_folder() {
    let sb = Sandbox::new("pi-settings-conventional");
    sb.write(
        "project/.pi/settings.json",
        r#"{ "packages": [{ "source": "git:github.com/acme/conv@v1", "extensions": ["!extensions/legacy.ts"] }] }"#,
    );
    let root = "project/.pi/git/github.com/acme/conv";
    sb.write(&format!("{root}/package.json"), r#"{ "name": "conv" }"#);
    sb.write(&format!("{root}/extensions/a.ts"), &extension("conv_a"));
    sb.write(&format!("{root}/extensions/b/index.ts"), &extension("conv_b"));
    sb.write(&format!("{root}/extensions/b/helper.ts"), "throw new Error('not an entry');");
    sb.write(&format!("{root}/extensions/legacy.ts"), &extension("legacy"));
    let list = sb.list_json(&[]);
    assert_eq!(errors_of(&list), Vec::<(String, String)>::new());
    assert_eq!(names(&list), ["conv_a", "conv_b"]);
    assert_eq!(sources(&list)[0], ("conv_a".into(), "pi-package".into(), "project".into()));
}

#[test]
fn a_package_that_is_not_installed_is_a_load_error_naming_the_settings_file() {
    let sb = Sandbox::new("pi-settings-missing");
    let settings = sb.write(
        "home/.pi/agent/settings.json",
        r#"{ "packages": ["npm:missing-tools@2"], "extensions": ["ok.ts"] }"#,
    );
    sb.write("home/.pi/agent/ok.ts", &extension("still_loads"));
    let list = sb.list_json(&[]);
    assert_eq!(names(&list), ["still_loads"]);
    let errors = errors_of(&list);
    assert_eq!(errors.len(), 1, "{errors:?}");
    let (path, error) = &errors[0];
    assert_eq!(*path, path_str(&sb.home.join(".pi/agent/npm/node_modules/missing-tools")));
    assert!(error.contains("\"npm:missing-tools@2\""), "{error}");
    assert!(error.contains(&path_str(&settings)), "{error}");
    assert!(error.contains("is not installed"), "{error}");
    assert!(error.contains("pi install npm:missing-tools@2"), "{error}");
    // `list` prints it with the other load errors, and the host log has it.
    let out = sb.run(&["list"]);
    assert!(stderr(&out).contains("is not installed"), "{}", stderr(&out));
    let logged = sb.host_log();
    assert!(
        logged
            .iter()
            .any(|l| l["message"] == "Custom tool load failed" && l["error"].as_str().is_some_and(|e| e.contains("missing-tools"))),
        "{logged:?}"
    );
}

#[test]
fn a_malformed_settings_file_is_reported_and_the_rest_still_loads() {
    let sb = Sandbox::new("pi-settings-malformed");
    let broken = sb.write("project/.pi/settings.json", "{ \"extensions\": [\"a.ts\", }");
    sb.write("project/.pi/a.ts", &extension("named_by_broken"));
    sb.write("project/.pi/extensions/folder_ext.ts", &extension("folder_ext"));
    sb.write("home/.pi/agent/settings.json", r#"{ "extensions": ["user.ts"] }"#);
    sb.write("home/.pi/agent/user.ts", &extension("user_ext"));
    let list = sb.list_json(&[]);
    assert_eq!(names(&list), ["folder_ext", "user_ext"]);
    let errors = errors_of(&list);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].0, path_str(&broken));
    assert!(
        errors[0].1.starts_with(&format!("Invalid settings file {}: ", path_str(&broken))),
        "{}",
        errors[0].1
    );
    // The host keeps serving the others.
    let (code, out, err) = sb.call("user_ext", "{}", &[]);
    assert_eq!(code, 0, "stdout: {out}\nstderr: {err}");
    assert!(out.contains("user_ext"), "{out}");
}

#[test]
fn only_loads_nothing_the_settings_name() {
    let sb = Sandbox::new("pi-settings-only");
    sb.write(
        "home/.pi/agent/settings.json",
        r#"{ "extensions": ["entry.ts"], "packages": ["npm:installed", "npm:absent"] }"#,
    );
    sb.write("home/.pi/agent/entry.ts", &extension("entry"));
    sb.write("home/.pi/agent/npm/node_modules/installed/package.json", r#"{ "name": "installed" }"#);
    sb.write("home/.pi/agent/npm/node_modules/installed/extensions/pkg.ts", &extension("pkg"));
    let list = sb.list_json(&[]);
    assert_eq!(names(&list), ["entry", "pkg"]);
    assert_eq!(errors_of(&list).len(), 1, "the absent package is reported without --only");
    let only = sb.list_json(&["--only"]);
    assert_eq!(names(&only), Vec::<String>::new());
    assert_eq!(errors_of(&only), Vec::<(String, String)>::new());
}

/// `pi.getSettings()` answers the user's settings with the project's merged over them, as pi's.
#[test]
fn get_settings_answers_the_merged_settings() {
    let sb = Sandbox::new("pi-settings-get");
    sb.write(
        "home/.pi/agent/settings.json",
        r#"{ "theme": "dark", "compaction": { "enabled": true, "reserveTokens": 100 }, "defaultTools": ["read"] }"#,
    );
    sb.write(
        "project/.pi/settings.json",
        r#"{ "compaction": { "reserveTokens": 200 }, "defaultTools": ["+grep"] }"#,
    );
    sb.write(
        "project/.pi/extensions/settings.ts",
        "export default (pi) => { pi.registerTool({ name: 'settings', label: 's', description: 'd', parameters: { type: 'object', properties: {} }, execute: async () => ({ content: [{ type: 'text', text: JSON.stringify(pi.getSettings()) }] }) }); };",
    );
    let (code, out, err) = sb.call("settings", "{}", &[]);
    assert_eq!(code, 0, "{out}{err}");
    let settings: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        settings,
        serde_json::json!({ "theme": "dark", "compaction": { "enabled": true, "reserveTokens": 200 }, "defaultTools": ["read", "+grep"] })
    );
}

/// As pi does, an extension folder's own `.gitignore`, `.ignore` and `.fdignore` leave out the
/// files and subfolders they match.
#[test]
fn an_extension_folders_ignore_files_leave_out_what_they_match() {
    let sb = Sandbox::new("pi-settings-ignore-files");
    for name in ["kept", "scratch", "draft_local", "nested"] {
        let file = match name {
            "nested" => "project/.pi/extensions/wip/index.ts".to_string(),
            "draft_local" => "project/.pi/extensions/draft.local.ts".to_string(),
            _ => format!("project/.pi/extensions/{name}.ts"),
        };
        sb.write(&file, &extension(name));
    }
    sb.write("project/.pi/extensions/.gitignore", "# scratch work\nscratch.ts\n/wip/\n");
    sb.write("project/.pi/extensions/.ignore", "*.local.ts\n");
    let list = sb.list_json(&[]);
    assert_eq!(errors_of(&list), Vec::<(String, String)>::new());
    assert_eq!(names(&list), ["kept"]);
}

/// `builtin:<name>` names one of pi's own extensions, code inside pi: the load error says so
/// rather than looking for a file of that name; a pattern such as `-builtin:mcp` is no error.
#[test]
fn a_builtin_entry_is_named_as_pis_own_extension() {
    let sb = Sandbox::new("pi-settings-builtin");
    sb.write(
        "home/.pi/agent/settings.json",
        r#"{ "extensions": ["builtin:mcp", "-builtin:web", "mine.ts"] }"#,
    );
    sb.write("home/.pi/agent/mine.ts", &extension("mine"));
    let list = sb.list_json(&[]);
    assert_eq!(names(&list), ["mine"]);
    let errors = errors_of(&list);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0]
            .1
            .contains("is pi's built-in extension \"mcp\", which is part of pi itself; omp-host does not have pi's built-in extensions"),
        "{errors:?}"
    );
}

/// A user package older pi installed globally (the package manager's `root -g`) loads when pi's
/// own folder lacks it, as pi 1.6 still finds it there; the manager is the settings'
/// `npmCommand` (here a script that answers as `npm root -g` would).
#[test]
fn a_user_package_in_the_global_npm_root_loads_as_pi_finds_it() {
    let sb = Sandbox::new("pi-settings-global-npm");
    let global = sb.root.join("global/node_modules");
    sb.write(
        "global/node_modules/legacy-tools/package.json",
        r#"{ "name": "legacy-tools", "version": "2.0.0", "pi": { "extensions": ["./main.ts"] } }"#,
    );
    sb.write("global/node_modules/legacy-tools/main.ts", &extension("legacy_main"));
    let npm = sb.write(
        "bin/fake-npm",
        &format!("#!/bin/sh\n[ \"$1 $2\" = \"root -g\" ] && echo '{}'\n", path_str(&global)),
    );
    std::fs::set_permissions(&npm, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    sb.write(
        "home/.pi/agent/settings.json",
        &json!({ "npmCommand": [path_str(&npm)], "packages": ["npm:legacy-tools@^2"] }).to_string(),
    );
    let list = sb.list_json(&[]);
    assert_eq!(errors_of(&list), Vec::<(String, String)>::new());
    assert_eq!(names(&list), ["legacy_main"]);
}
