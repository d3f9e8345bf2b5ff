//! Tool results after `execute`: coercion to a well-formed result (`normalize`), then the
//! central output bound that spills oversized text to a file (`truncate`).

pub(crate) mod normalize;
pub(crate) mod truncate;

pub use normalize::ToolResult;
pub(crate) use normalize::{error_result, normalize_result, text_of, ContentBlock};
pub(crate) use truncate::{cleanup_spill_dir, create_spill_file, truncate_result, Keep, TruncationPolicy, SPILL_MAX_AGE};
