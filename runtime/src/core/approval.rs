//! The approval gate (contract 4.6), run for every call after its arguments are validated and
//! before `execute`: the tool's `approval` (a value, or a function of the arguments that the
//! engine evaluates) is normalized to a tier, the config's mode and per-tool policy decide
//! allow, deny or prompt, and a prompt asks the client through the UI broker with omp's
//! `Allow tool:` select. Every refusal is omp's text, verbatim.

use serde_json::Value;

use crate::bridge::declared::Approval;
use crate::config::{ApprovalMode, ApprovalPolicy, HostConfig};
use crate::ui::{Answer, Method, Question, UiBroker};

/// `read` < `write` < `exec`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Tier {
    Read,
    Write,
    Exec,
}

/// A tool's approval for one call, normalized.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Decision {
    pub tier: Tier,
    pub reason: Option<String>,
    pub override_policy: bool,
}

fn tier_of(value: &Value) -> Option<Tier> {
    match value.as_str()? {
        "read" => Some(Tier::Read),
        "write" => Some(Tier::Write),
        "exec" => Some(Tier::Exec),
        _ => None,
    }
}

/// Normalizes what `approval` said: a tier, or `{tier, reason?, override?}`; anything else
/// (omitted, invalid) is tier `exec`.
pub(crate) fn normalize(value: &Value) -> Decision {
    let exec = Decision {
        tier: Tier::Exec,
        reason: None,
        override_policy: false,
    };
    if let Some(tier) = tier_of(value) {
        return Decision { tier, ..exec };
    }
    let Some(object) = value.as_object() else { return exec };
    let Some(tier) = object.get("tier").and_then(tier_of) else { return exec };
    Decision {
        tier,
        reason: object.get("reason").and_then(Value::as_str).filter(|r| !r.is_empty()).map(str::to_string),
        override_policy: object.get("override") == Some(&Value::Bool(true)),
    }
}

/// What the gate decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    Allow,
    Deny,
    Prompt,
}

/// The decision order of contract 4.6.
pub(crate) fn decide(decision: &Decision, mode: ApprovalMode, policy: Option<ApprovalPolicy>) -> Verdict {
    let from_policy = |p: ApprovalPolicy| match p {
        ApprovalPolicy::Allow => Verdict::Allow,
        ApprovalPolicy::Deny => Verdict::Deny,
        ApprovalPolicy::Prompt => Verdict::Prompt,
    };
    if mode == ApprovalMode::Yolo {
        return policy.map_or(Verdict::Allow, from_policy);
    }
    if decision.override_policy {
        return if policy == Some(ApprovalPolicy::Deny) {
            Verdict::Deny
        } else {
            Verdict::Prompt
        };
    }
    if let Some(policy) = policy {
        return from_policy(policy);
    }
    let limit = if mode == ApprovalMode::Write { Tier::Write } else { Tier::Read };
    if decision.tier <= limit {
        Verdict::Allow
    } else {
        Verdict::Prompt
    }
}

/// The config files a user edits, as the hints below name them.
const CONFIG_FILES: &str = ".omp/omp-host.json or ~/.config/omp-host/config.json";

/// omp's first line; the hint names this host's config key (omp's `tools.approval.<name>`
/// is refused by this host's config).
pub(crate) fn blocked_by_policy(name: &str) -> String {
    format!("Tool \"{name}\" is blocked by user policy.\nTo allow: remove \"toolSettings.{name}.approval: deny\" from the config ({CONFIG_FILES}).")
}

/// omp's first line; the options name this host's config keys and clients.
pub(crate) fn no_interactive_ui(name: &str) -> String {
    format!(
        "Tool \"{name}\" requires approval but no interactive UI available.\nOptions:\n  1. Set \"approvalMode\": \"yolo\" in the config ({CONFIG_FILES})\n  2. Add \"toolSettings\": {{ \"{name}\": {{ \"approval\": \"allow\" }} }} to the config\n  3. Use a client that can ask the user (MCP elicitation, or `run` with --ui) to approve the tool call"
    )
}

pub(crate) fn denied_by_user(name: &str) -> String {
    format!("Tool call denied by user: {name}")
}

/// The approval prompt's lines: `Allow tool:`, `Origin:` for an MCP tool that declared no
/// approval, `Reason:` when the tool gave one.
pub(crate) fn prompt_text(name: &str, declared: bool, reason: Option<&str>) -> String {
    let mut lines = vec![format!("Allow tool: {name}")];
    if name.starts_with("mcp__") && !declared {
        lines.push("Origin: MCP server tool".to_string());
    }
    if let Some(reason) = reason {
        lines.push(format!("Reason: {reason}"));
    }
    lines.join("\n")
}

/// The configured policy and mode for tool `name`.
pub(crate) fn configured(config: &HostConfig, name: &str) -> (ApprovalMode, Option<ApprovalPolicy>) {
    (config.approval_mode, config.tool_settings.get(name).and_then(|s| s.approval))
}

/// Runs the gate for call `call_id` of `tool` with validated `params`: Ok to go on, or the
/// text of the refusal.
pub(crate) async fn gate(inner: &super::Inner, tool: &crate::registry::ToolEntry, call_id: &str, params: &Value) -> Result<(), String> {
    let declared = match &tool.approval {
        Some(Approval::PerCall) => inner.engine.approval(tool.tool_ref(), params.clone()).await,
        Some(Approval::Declared(value)) => value.clone(),
        None => Value::Null,
    };
    let decision = normalize(&declared);
    let (mode, policy) = configured(&inner.live().config, &tool.name);
    match decide(&decision, mode, policy) {
        Verdict::Allow => Ok(()),
        Verdict::Deny => Err(blocked_by_policy(&tool.name)),
        Verdict::Prompt if !inner.ui.has_ui_for(Some(call_id)) => Err(no_interactive_ui(&tool.name)),
        Verdict::Prompt => {
            ask(
                &inner.ui,
                call_id,
                &tool.name,
                prompt_text(&tool.name, tool.approval.is_some(), decision.reason.as_deref()),
            )
            .await
        }
    }
}

/// Asks the client to approve call `call_id` of `name`; answers the refusal text when the
/// user did not choose `Approve`. The caller races this against the call's cancellation
/// (and then withdraws the question by call id).
pub(crate) async fn ask(ui: &UiBroker, call_id: &str, name: &str, prompt: String) -> Result<(), String> {
    let question = Question {
        title: prompt,
        options: Some(vec!["Approve".into(), "Deny".into()]),
        ..Default::default()
    };
    let (_, answer) = ui.ask(Some(call_id), Method::Select, question);
    match answer.await {
        Ok(Answer::Value(Value::String(choice))) if choice == "Approve" => Ok(()),
        _ => Err(denied_by_user(name)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn approval_values_normalize_to_tiers() {
        assert_eq!(normalize(&json!("read")).tier, Tier::Read);
        assert_eq!(normalize(&Value::Null).tier, Tier::Exec);
        assert_eq!(normalize(&json!("admin")).tier, Tier::Exec);
        let full = normalize(&json!({"tier": "write", "reason": "edits files", "override": true}));
        assert_eq!(
            full,
            Decision {
                tier: Tier::Write,
                reason: Some("edits files".into()),
                override_policy: true
            }
        );
        assert_eq!(normalize(&json!({"tier": 3})).tier, Tier::Exec);
    }

    #[test]
    fn the_decision_order_of_contract_4_6() {
        let read = normalize(&json!("read"));
        let exec = normalize(&json!("exec"));
        let overriding = normalize(&json!({"tier": "read", "override": true}));
        use ApprovalMode::*;
        use ApprovalPolicy::*;
        assert_eq!(decide(&exec, Yolo, None), Verdict::Allow);
        assert_eq!(decide(&overriding, Yolo, None), Verdict::Allow, "override is ignored in yolo");
        assert_eq!(decide(&exec, Yolo, Some(Prompt)), Verdict::Prompt);
        assert_eq!(decide(&overriding, AlwaysAsk, Some(Allow)), Verdict::Prompt);
        assert_eq!(decide(&overriding, AlwaysAsk, Some(Deny)), Verdict::Deny);
        assert_eq!(decide(&exec, Write, Some(Allow)), Verdict::Allow);
        assert_eq!(decide(&read, AlwaysAsk, None), Verdict::Allow);
        assert_eq!(decide(&normalize(&json!("write")), AlwaysAsk, None), Verdict::Prompt);
        assert_eq!(decide(&normalize(&json!("write")), Write, None), Verdict::Allow);
        assert_eq!(decide(&exec, Write, None), Verdict::Prompt);
    }

    #[test]
    fn prompt_lines() {
        assert_eq!(prompt_text("rm", true, Some("deletes")), "Allow tool: rm\nReason: deletes");
        assert_eq!(prompt_text("mcp__x__y", false, None), "Allow tool: mcp__x__y\nOrigin: MCP server tool");
    }
}
