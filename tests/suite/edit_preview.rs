//! The first-party `edit_preview` tool (tools/edit_preview.ts): the diff is shown and nothing
//! is written until `resolve` applies the edit; apply refuses when the file changed since the
//! preview (the action stays pending); discard and the end of the session remove the staged
//! copy; an `oldText` that is missing or not unique is refused at once.
use crate::common::*;

use serde_json::json;

fn tools_dir() -> String {
    format!("{}/tools", env!("CARGO_MANIFEST_DIR"))
}

fn edit(host: &mut LineHost, id: &str, old: &str, new: &str) -> serde_json::Value {
    host.call(id, "edit_preview", json!({"path": "notes.txt", "oldText": old, "newText": new}));
    host.result(id)
}

fn resolve(host: &mut LineHost, id: &str, action: &str) -> serde_json::Value {
    host.call(id, "resolve", json!({"action": action, "reason": "Checked the diff."}));
    host.result(id)
}

fn staged_copies(sb: &Sandbox) -> usize {
    std::fs::read_dir(sb.root.join("tmp"))
        .unwrap()
        .filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().starts_with("omp-edit-preview-"))
        .count()
}

#[test]
fn the_file_changes_only_when_resolve_applies_the_previewed_edit() {
    let sb = Sandbox::new("edit-preview-apply");
    sb.write("project/notes.txt", "alpha\nbeta\n");
    let mut host = LineHost::run(&sb, &["--tool", &tools_dir()]);
    let preview = edit(&mut host, "e1", "beta", "gamma");
    assert_eq!(text(&preview), "--- a/notes.txt\n+++ b/notes.txt\n@@ -1,2 +1,2 @@\n alpha\n-beta\n+gamma\n");
    assert_eq!(
        std::fs::read_to_string(sb.project.join("notes.txt")).unwrap(),
        "alpha\nbeta\n",
        "a preview writes nothing"
    );
    let applied = resolve(&mut host, "r1", "apply");
    assert_eq!(text(&applied), "Applied the edit to notes.txt.");
    assert_eq!(std::fs::read_to_string(sb.project.join("notes.txt")).unwrap(), "alpha\ngamma\n");
    assert_eq!(staged_copies(&sb), 0, "the staged copy is removed once applied");
    host.finish();
}

#[test]
fn apply_refuses_when_the_file_changed_since_the_preview_and_discard_cleans_up() {
    let sb = Sandbox::new("edit-preview-stale");
    sb.write("project/notes.txt", "alpha\nbeta\n");
    let mut host = LineHost::run(&sb, &["--tool", &tools_dir()]);
    edit(&mut host, "e1", "beta", "gamma");
    sb.write("project/notes.txt", "alpha\nbeta\nsomeone else's line\n");
    let refused = resolve(&mut host, "r1", "apply");
    assert_eq!(refused["isError"], true);
    assert_eq!(
        text(&refused),
        "notes.txt changed since the preview; nothing was written. Run edit_preview again to see the current diff."
    );
    assert_eq!(
        std::fs::read_to_string(sb.project.join("notes.txt")).unwrap(),
        "alpha\nbeta\nsomeone else's line\n"
    );
    assert_eq!(staged_copies(&sb), 1, "still pending: the staged copy is kept");
    let discarded = resolve(&mut host, "r2", "discard");
    assert_eq!(text(&discarded), "Discarded: edit notes.txt. Reason: Checked the diff.");
    assert_eq!(staged_copies(&sb), 0);

    // A preview still pending when the session ends is cleaned up too.
    edit(&mut host, "e2", "beta", "delta");
    assert_eq!(staged_copies(&sb), 1);
    host.finish();
    assert_eq!(staged_copies(&sb), 0);
    assert_eq!(
        std::fs::read_to_string(sb.project.join("notes.txt")).unwrap(),
        "alpha\nbeta\nsomeone else's line\n"
    );
}

#[test]
fn old_text_that_is_missing_or_not_unique_is_refused_and_nothing_is_staged() {
    let sb = Sandbox::new("edit-preview-bad");
    sb.write("project/notes.txt", "same\nsame\n");
    let mut host = LineHost::run(&sb, &["--tool", &tools_dir()]);
    assert_eq!(text(&edit(&mut host, "e1", "other", "x")), "oldText does not occur in notes.txt");
    assert_eq!(
        text(&edit(&mut host, "e2", "same", "x")),
        "oldText occurs more than once in notes.txt; include more context so it is unique"
    );
    assert_eq!(staged_copies(&sb), 0);
    assert!(!host.seen.iter().any(|e| e["type"] == "pending_action"), "nothing was staged");
    host.finish();
}
