// node:tty: `isatty(fd)` from the system, and ReadStream / WriteStream with Node's terminal
// facts (`isTTY`, `columns`, `rows`, `getColorDepth`, `hasColors`, cursor helpers). Writes to
// descriptors 1 and 2 go to the host's stderr, as `process.stdout` does: stdout carries the
// host's results. Reading from the terminal is not offered (stdin is the host's input).
import { Readable, Writable } from "omp:/node/stream";
import { Buffer } from "omp:/node/buffer";
import fs from "omp:/node/fs";

const core = globalThis.Deno.core;

export function isatty(fd) {
  return Number.isInteger(fd) && fd >= 0 && fd <= 2147483647 && core.ops.op_node_tty_info(fd).isTTY;
}

export class ReadStream extends Readable {
  constructor(fd, options = {}) {
    super(options);
    this.fd = fd;
    this.isTTY = true;
    this.isRaw = false;
  }

  _read() {}

  setRawMode(mode) {
    this.isRaw = Boolean(mode);
    return this;
  }
}

// TERM patterns by colour depth, checked deepest first (Node's lib/internal/tty.js rules).
const TERM_DEPTHS = [
  [/-truecolor$|^(xterm-kitty|xterm-ghostty|wezterm)$/i, 24],
  [/-256(color)?$/i, 8],
  [/^(xterm|screen|tmux|rxvt|vt100|vt220|linux|cygwin|ansi|color|console|putty|konsole|alacritty|kitty)/i, 4],
];

export function colorDepthFor(env = globalThis.process?.env ?? {}) {
  const force = env.FORCE_COLOR;
  if (force !== undefined) {
    if (force === "" || force === "1" || force === "true") return 4;
    if (force === "2") return 8;
    if (force === "3") return 24;
    return 1;
  }
  if (env.NODE_DISABLE_COLORS !== undefined || env.NO_COLOR !== undefined || env.TERM === "dumb") return 1;
  if (env.TMUX) return 24;
  if (env.CI) return ["GITHUB_ACTIONS", "GITEA_ACTIONS", "CIRCLECI"].some((k) => k in env) ? 24 : 8;
  if (env.COLORTERM === "truecolor" || env.COLORTERM === "24bit") return 24;
  if (env.TERM) {
    for (const [pattern, depth] of TERM_DEPTHS) if (pattern.test(env.TERM)) return depth;
  }
  if (env.COLORTERM) return 4;
  return 1;
}

export class WriteStream extends Writable {
  constructor(fd) {
    super({ decodeStrings: false });
    this.fd = fd;
    this.isTTY = true;
    const info = core.ops.op_node_tty_info(fd);
    this.columns = info.columns || 80;
    this.rows = info.rows || 24;
  }

  _write(chunk, encoding, callback) {
    try {
      if (this.fd === 1 || this.fd === 2) {
        core.print(typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk), true);
      } else {
        fs.writeSync(this.fd, typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk);
      }
      callback();
    } catch (err) {
      callback(err);
    }
  }

  getColorDepth(env) {
    return colorDepthFor(env);
  }

  hasColors(count = 16, env) {
    if (typeof count === "object") {
      env = count;
      count = 16;
    }
    return count <= 2 ** colorDepthFor(env);
  }

  getWindowSize() {
    return [this.columns, this.rows];
  }

  clearLine(dir, callback) {
    return this.write(dir < 0 ? "\x1b[1K" : dir > 0 ? "\x1b[0K" : "\x1b[2K", callback);
  }

  clearScreenDown(callback) {
    return this.write("\x1b[0J", callback);
  }

  cursorTo(x, y, callback) {
    if (typeof y === "function") return this.write(`\x1b[${x + 1}G`, y);
    return this.write(typeof y === "number" ? `\x1b[${y + 1};${x + 1}H` : `\x1b[${x + 1}G`, callback);
  }

  moveCursor(dx, dy, callback) {
    let text = "";
    if (dx < 0) text += `\x1b[${-dx}D`;
    else if (dx > 0) text += `\x1b[${dx}C`;
    if (dy < 0) text += `\x1b[${-dy}A`;
    else if (dy > 0) text += `\x1b[${dy}B`;
    return this.write(text, callback);
  }
}

const ttyModule = { isatty, ReadStream, WriteStream };
export default ttyModule;
(globalThis.__ompBuiltins ??= new Map()).set("tty", ttyModule);
