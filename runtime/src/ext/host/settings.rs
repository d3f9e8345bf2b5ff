//! The op behind pi's `pi.getSettings()` (pi_api.js): the user's and the project's pi
//! `settings.json` merged as pi merges them (`crate::discovery::pi_settings::effective`), read when asked.

use deno_core::op2;

use crate::bridge::plain_json::PlainJson;

/// pi's effective settings for a session in `cwd`.
#[op2]
#[serde]
pub(crate) fn op_pi_settings(#[string] cwd: &str) -> PlainJson {
    PlainJson(crate::discovery::pi_settings::effective(std::path::Path::new(cwd)))
}
