//! The harness the permission suites share: a sandbox holding one probe tool (a module that
//! runs the script it is given and answers its result as JSON) and, if given, a project
//! config with a policy; calls of the probe, and the host log's `Permission denied` lines.

use serde_json::Value;

use super::Sandbox;

/// A sandbox with a probe tool and maybe a policy.
pub struct Probe {
    pub sb: Sandbox,
    /// The probe tool's name (its module is `project/.omp/tools/<tool>.mjs`).
    pub tool: &'static str,
}

impl Probe {
    /// A sandbox named `name` with `source` as the tool `tool` and `policy` (if any) as the
    /// project's config.
    pub fn new(name: &str, tool: &'static str, source: &str, policy: Option<&str>) -> Probe {
        let sb = Sandbox::new(name);
        sb.write(&format!("project/.omp/tools/{tool}.mjs"), source);
        if let Some(policy) = policy {
            sb.write("project/.omp/omp-host.json", policy);
        }
        Probe { sb, tool }
    }

    /// Runs `script` in the probe (`omp-host call`); its answer, parsed.
    pub fn run(&self, script: &str) -> Value {
        let params = serde_json::json!({ "script": script }).to_string();
        let (code, out, err) = self.sb.call(self.tool, &params, &[]);
        assert_eq!(code, 0, "the call failed: {out}{err}");
        serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("no JSON ({e}): {out}{err}"))
    }

    /// The host log's `Permission denied` lines.
    pub fn denials(&self) -> Vec<Value> {
        denials(&self.sb)
    }
}

/// The host log's `Permission denied` lines of `sb`.
pub fn denials(sb: &Sandbox) -> Vec<Value> {
    sb.host_log().into_iter().filter(|l| l["message"] == "Permission denied").collect()
}

/// A JavaScript string literal of `path`.
pub fn js(path: &std::path::Path) -> String {
    serde_json::to_string(&path.display().to_string()).unwrap()
}
