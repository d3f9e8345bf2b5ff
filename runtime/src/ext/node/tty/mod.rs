//! Terminal facts for `node:tty`: whether a descriptor is a terminal, and its size.

use deno_core::op2;
use serde::Serialize;

#[derive(Serialize)]
pub(crate) struct TerminalInfo {
    #[serde(rename = "isTTY")]
    is_tty: bool,
    columns: u16,
    rows: u16,
}

/// `isatty(fd)` and, for a terminal, its window size (0 × 0 when unknown).
#[op2]
#[serde]
pub(crate) fn op_node_tty_info(#[smi] fd: i32) -> TerminalInfo {
    // SAFETY: isatty only inspects the descriptor number.
    let is_tty = fd >= 0 && unsafe { libc::isatty(fd) } == 1;
    let mut size = libc::winsize {
        ws_row: 0,
        ws_col: 0,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: TIOCGWINSZ writes one winsize into the struct we pass.
    let known = is_tty && unsafe { libc::ioctl(fd, libc::TIOCGWINSZ, &mut size) } == 0;
    TerminalInfo {
        is_tty,
        columns: if known { size.ws_col } else { 0 },
        rows: if known { size.ws_row } else { 0 },
    }
}
