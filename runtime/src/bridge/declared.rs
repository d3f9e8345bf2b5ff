//! What a tool module declares about itself, as the bridge reports it and the registry keeps
//! it: where its parameters' schema came from, how its calls may overlap, how the model
//! reaches it, and what its `approval` says.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Which schema library a tool's parameters came from: zod (converted to JSON Schema by the
/// host) or JSON Schema itself (TypeBox and plain objects).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum SchemaKind {
    Zod,
    #[default]
    Json,
}

impl std::fmt::Display for SchemaKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SchemaKind::Zod => "zod",
            SchemaKind::Json => "json",
        })
    }
}

/// What a tool declared about overlapping calls (`concurrency`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum DeclaredConcurrency {
    Shared,
    Exclusive,
    /// A function of the arguments, asked at each call.
    #[serde(rename = "function")]
    PerCall,
}

impl From<crate::schedule::Concurrency> for DeclaredConcurrency {
    fn from(concurrency: crate::schedule::Concurrency) -> Self {
        match concurrency {
            crate::schedule::Concurrency::Shared => DeclaredConcurrency::Shared,
            crate::schedule::Concurrency::Exclusive => DeclaredConcurrency::Exclusive,
        }
    }
}

/// How the model reaches a tool (pi's `exposure`): `direct` tools and `model-only` ones are
/// declared to the model while active; `codemode` and `deferred` ones only once activated by
/// name (`pi.setActiveTools`); `hidden` ones never.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Exposure {
    #[default]
    Direct,
    ModelOnly,
    Codemode,
    Deferred,
    Hidden,
}

impl Exposure {
    pub(crate) fn is_direct(&self) -> bool {
        *self == Exposure::Direct
    }

    /// Whether another tool may call a tool of this exposure (pi's `ctx.executeTool`):
    /// `direct` while active, `codemode` and `deferred` whenever registered, `model-only` and
    /// `hidden` never.
    pub(crate) fn callable_by_tools(self, active: bool) -> bool {
        match self {
            Exposure::Direct => active,
            Exposure::Codemode | Exposure::Deferred => true,
            Exposure::ModelOnly | Exposure::Hidden => false,
        }
    }

    /// The name pi gives it (`"model-only"`).
    pub(crate) fn name(self) -> &'static str {
        match self {
            Exposure::Direct => "direct",
            Exposure::ModelOnly => "model-only",
            Exposure::Codemode => "codemode",
            Exposure::Deferred => "deferred",
            Exposure::Hidden => "hidden",
        }
    }
}

/// What a tool's `approval` declares (contract's approval tiers): a value read as it is (a
/// tier name, or an object with a tier, a reason and `override`), or a function the engine
/// asks on every call.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Approval {
    Declared(Value),
    PerCall,
}

impl Approval {
    /// How `list --json` and `run`'s tool lists show it: the declared value, or `"function"`.
    pub(crate) fn shown(&self) -> Value {
        match self {
            Approval::Declared(value) => value.clone(),
            Approval::PerCall => Value::String("function".into()),
        }
    }
}
