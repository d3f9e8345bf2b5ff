//! Tool results after `execute`: coercion to a well-formed result (`normalize`), then the
//! central output bound that spills oversized text to a file (`truncate`).

pub mod normalize;
pub mod truncate;

pub use normalize::{error_result, normalize_result, sanitize_text, text_of, ContentBlock, ToolResult};
pub use truncate::{cleanup_spill_dir, create_spill_file, truncate_result, Keep, TruncationPolicy, SPILL_MAX_AGE};
