//! The factory contract: what a module may export and what its factory may return, and
//! every broken-module case, each failing alone while the other tools still load. The tool
//! modules that are more than a short line are read from tests/fixtures/factory_contract/.
use crate::common::*;

/// A module whose factory returns one tool named `name` that answers with its name.
fn one_tool(name: &str) -> String {
    include_str!("../fixtures/factory_contract/one_named_tool.ts").replace("__NAME__", name)
}

#[test]
fn factory_results_of_every_allowed_shape() {
    let sb = Sandbox::new("shapes");
    sb.write("project/.omp/tools/one.ts", &one_tool("single"));
    sb.write("project/.omp/tools/many.ts", include_str!("../fixtures/factory_contract/array_of_two_tools.ts"));
    sb.write(
        "project/.omp/tools/promise.ts",
        include_str!("../fixtures/factory_contract/async_factory_returning_one_tool.ts"),
    );
    sb.write(
        "project/.omp/tools/promise_arr.ts",
        include_str!("../fixtures/factory_contract/factory_returning_a_promise_of_an_array.ts"),
    );
    sb.write("project/.omp/tools/nothing.ts", "export default () => null;");
    sb.write("project/.omp/tools/empty.ts", "export default () => [];");
    sb.write("project/.omp/tools/undef.ts", "export default () => undefined;");
    sb.write(
        "project/.omp/tools/cjs.cjs",
        include_str!("../fixtures/factory_contract/module_exports_factory.cjs"),
    );
    sb.write(
        "project/.omp/tools/cjs_default.cjs",
        include_str!("../fixtures/factory_contract/exports_default_factory.cjs"),
    );
    let list = sb.list_json(&[]);
    assert!(errors_of(&list).is_empty(), "{:?}", errors_of(&list));
    let mut names: Vec<String> = list["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap().to_string())
        .collect();
    names.sort();
    assert_eq!(names, ["arr_a", "arr_b", "async_arr", "async_one", "cjs_default", "cjs_tool", "single"]);
}

#[test]
fn invalid_entries_get_per_index_errors_and_valid_ones_load() {
    let sb = Sandbox::new("invalid");
    sb.write(
        "project/.omp/tools/mixed.ts",
        include_str!("../fixtures/factory_contract/valid_and_invalid_entries.ts"),
    );
    let list = sb.list_json(&[]);
    let errors: Vec<String> = errors_of(&list).into_iter().map(|(_, e)| e).collect();
    let expected: Vec<String> = [1, 2, 3, 4, 5, 6]
        .iter()
        .map(|i| {
            format!("Tool factory returned invalid tool at index {i}: expected object with string name, string description, parameters, and execute function")
        })
        .collect();
    assert_eq!(errors, expected);
    assert_eq!(sb.tool_names(&[]), ["good_a", "good_b"]);
}

#[test]
fn broken_modules_fail_alone_with_failed_to_load_tool() {
    let sb = Sandbox::new("broken");
    sb.write("project/.omp/tools/a_throws.ts", "export default () => { throw new Error('no API key'); };");
    sb.write("project/.omp/tools/b_rejects.ts", "export default async () => { throw 'plain string'; };");
    sb.write("project/.omp/tools/c_syntax.ts", "export default () => {\n  return [;\n};\n");
    sb.write(
        "project/.omp/tools/d_missing_import.ts",
        "import { x } from './nope.js';\nexport default () => x;\n",
    );
    sb.write(
        "project/.omp/tools/e_missing_package.ts",
        "import left from 'left-pad-not-installed';\nexport default () => left;\n",
    );
    sb.write("project/.omp/tools/f_object.ts", "export default { name: 'obj' };");
    sb.write("project/.omp/tools/g_no_default.ts", "export const factory = () => [];");
    sb.write(
        "project/.omp/tools/h_top_level_throw.ts",
        "throw new Error('at import');\nexport default () => [];\n",
    );
    sb.write("project/.omp/tools/i_script.sh", "echo hi\n");
    sb.write("project/.omp/tools/z_fine.ts", &one_tool("survivor"));
    let list = sb.list_json(&[]);
    let errors = errors_of(&list);
    let find = |file: &str| {
        errors
            .iter()
            .find(|(p, _)| p.ends_with(file))
            .map(|(_, e)| e.clone())
            .unwrap_or_else(|| panic!("no error for {file}: {errors:?}"))
    };
    assert_eq!(find("a_throws.ts"), "Failed to load tool: no API key");
    assert_eq!(find("b_rejects.ts"), "Failed to load tool: plain string");
    assert!(find("c_syntax.ts").starts_with("Failed to load tool: "));
    let missing = find("d_missing_import.ts");
    assert!(missing.starts_with("Failed to load tool: Cannot find module \"./nope.js\""), "{missing}");
    assert!(missing.contains(&path_str(&sb.project.join(".omp/tools"))), "names where it looked: {missing}");
    assert!(find("e_missing_package.ts").contains("Cannot find package \"left-pad-not-installed\""));
    assert_eq!(find("f_object.ts"), "Tool must export a default function");
    assert_eq!(find("g_no_default.ts"), "Tool must export a default function");
    assert!(find("h_top_level_throw.ts").contains("at import"));
    // As omp 18: a script in a tools folder is no tool, and no error (discovery.rs).
    assert!(errors.iter().all(|(p, _)| !p.ends_with("i_script.sh")), "{errors:?}");
    assert_eq!(sb.tool_names(&[]), ["survivor"]);
    // Each error carries the resolved path too.
    let raw = list["errors"].as_array().unwrap();
    assert!(raw.iter().all(|e| e["resolvedPath"].as_str().is_some_and(|p| p.starts_with('/'))));
}

#[test]
fn process_exit_during_load_does_not_end_the_host() {
    let sb = Sandbox::new("exit");
    sb.write("project/.omp/tools/a_exit_top.ts", "process.exit(2);\nexport default () => [];\n");
    sb.write("project/.omp/tools/b_exit_factory.ts", "export default () => { process.exit(0); };\n");
    sb.write("project/.omp/tools/c_fine.ts", &one_tool("still_here"));
    let out = sb.run(&["list", "--json"]);
    assert!(out.status.success());
    let list: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let errors = errors_of(&list);
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(errors.iter().all(|(_, e)| e.contains("process.exit(")), "{errors:?}");
    assert_eq!(sb.tool_names(&[]), ["still_here"]);
}

#[test]
fn modules_that_hang_or_spin_while_loading_are_stopped_and_the_rest_load() {
    let sb = Sandbox::new("load-timeout");
    sb.write("project/.omp/tools/a_top_spin.ts", "while (true) {}\nexport default () => [];\n");
    sb.write("project/.omp/tools/b_factory_spin.ts", "export default () => { for (;;) {} };\n");
    sb.write(
        "project/.omp/tools/c_factory_wait.ts",
        "export default () => new Promise((resolve) => setTimeout(resolve, 3_600_000));\n",
    );
    sb.write(
        "project/.omp/tools/d_top_await.ts",
        "await new Promise((resolve) => setTimeout(resolve, 3_600_000));\nexport default () => [];\n",
    );
    sb.write("project/.omp/tools/e_fine.ts", &one_tool("after_the_hangs"));
    // Long enough that the one module that loads fine never runs into it, even on a machine
    // that stalls a thread for over half a second now and then (a clean-clone run lost it at
    // 400 ms, a CI run on a machine ten times slower than usual at 1000 ms).
    sb.write("project/.omp/omp-host.json", r#"{"loadTimeoutMs": 2000}"#);
    let started = std::time::Instant::now();
    let list = sb.list_json(&[]);
    assert!(started.elapsed() < std::time::Duration::from_secs(30), "{:?}", started.elapsed());
    let errors = errors_of(&list);
    assert_eq!(errors.len(), 4, "{errors:?}");
    for (path, error) in &errors {
        assert_eq!(
            error, "Failed to load tool: importing the module and running its factory took longer than 2000 ms, so it was stopped",
            "{path}"
        );
    }
    for list in [list.clone(), sb.list_json(&[])] {
        assert_eq!(crate::common::faults::names(&list), ["after_the_hangs"], "load errors: {:?}", errors_of(&list));
    }
    let (code, out, err) = sb.call("after_the_hangs", "{}", &[]);
    assert_eq!((code, out.trim()), (0, "after_the_hangs"), "stderr: {err}");
}
