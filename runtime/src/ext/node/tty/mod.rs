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
#[cfg(unix)]
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

/// Whether standard stream `fd` (0, 1 or 2) is a console, and, for a console screen buffer,
/// its window's size (0 × 0 when unknown, as for a console input). A console is what answers
/// `GetConsoleMode`, as libuv (Node) decides; the C runtime's `isatty` is not asked, for it
/// also calls the `NUL` device a terminal. Any other descriptor is not a terminal here: the
/// C runtime ends the process when asked about a descriptor that is not open, and a console
/// is reached through the standard streams.
#[cfg(windows)]
#[op2]
#[serde]
pub(crate) fn op_node_tty_info(#[smi] fd: i32) -> TerminalInfo {
    use windows_sys::Win32::System::Console::{
        GetConsoleMode, GetConsoleScreenBufferInfo, GetStdHandle, CONSOLE_SCREEN_BUFFER_INFO, STD_ERROR_HANDLE, STD_INPUT_HANDLE, STD_OUTPUT_HANDLE,
    };
    let stream = match fd {
        0 => STD_INPUT_HANDLE,
        1 => STD_OUTPUT_HANDLE,
        2 => STD_ERROR_HANDLE,
        _ => {
            return TerminalInfo {
                is_tty: false,
                columns: 0,
                rows: 0,
            };
        }
    };
    // SAFETY: takes no pointers; answers null or INVALID_HANDLE_VALUE when there is none.
    let handle = unsafe { GetStdHandle(stream) };
    let mut mode = 0;
    // SAFETY: GetConsoleMode fails (answers 0) for any handle that is not a console's.
    let is_tty = !handle.is_null() && unsafe { GetConsoleMode(handle, &mut mode) } != 0;
    // SAFETY: an all-zero CONSOLE_SCREEN_BUFFER_INFO is valid for the call to fill in.
    let mut info: CONSOLE_SCREEN_BUFFER_INFO = unsafe { std::mem::zeroed() };
    // SAFETY: a console handle and a live structure to fill in.
    let known = is_tty && unsafe { GetConsoleScreenBufferInfo(handle, &mut info) } != 0;
    let span = |from: i16, to: i16| u16::try_from(i32::from(to) - i32::from(from) + 1).unwrap_or(0);
    TerminalInfo {
        is_tty,
        columns: if known { span(info.srWindow.Left, info.srWindow.Right) } else { 0 },
        rows: if known { span(info.srWindow.Top, info.srWindow.Bottom) } else { 0 },
    }
}
