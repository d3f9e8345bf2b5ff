// node:tty: `isatty(fd)` from the system, and ReadStream / WriteStream with Node's terminal
// facts (`isTTY`, `columns`, `rows`, `getColorDepth`, `hasColors`, cursor helpers). Writes to
// descriptors 1 and 2 go to the host's stderr, as `process.stdout` does: stdout carries the
// host's results. Reading from the terminal is not offered (stdin is the host's input).
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { Readable, Writable } from "omp:/node/stream";
import { Buffer } from "omp:/node/buffer";
import fs from "omp:/node/fs";

import { core, primordials } from "omp:/host/core";

const { ArrayPrototypeSome, MapPrototypeSet, NumberIsInteger, RegExpPrototypeExec, SafeMap, StringPrototypeToLowerCase } = primordials;

/** `pattern.test(text)`, without looking up the (replaceable) `exec` method. */
const matches = (pattern, text) => RegExpPrototypeExec(pattern, text) !== null;

export function isatty(fd) {
  return NumberIsInteger(fd) && fd >= 0 && fd <= 2147483647 && core.ops.op_node_tty_info(fd).isTTY;
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

// Node 20's colour-depth rules (lib/internal/tty.js), checked against Node 20.20 itself.
const TERM_DEPTHS = {
  eterm: 4, cons25: 4, console: 4, cygwin: 4, dtterm: 4, gnome: 4, hurd: 4, jfbterm: 4, konsole: 4, kterm: 4,
  mlterm: 4, mosh: 24, putty: 4, st: 4, "rxvt-unicode-24bit": 24, terminator: 24,
};
const TERM_PATTERNS = [/ansi/, /color/, /linux/, /^con[0-9]*x[0-9]/, /^rxvt/, /^screen/, /^xterm/, /^vt100/];
const CI_DEPTHS = ["APPVEYOR", "BUILDKITE", "CIRCLECI", "DRONE", "GITHUB_ACTIONS", "GITLAB_CI", "TRAVIS"];

export function colorDepthFor(env = globalThis.process?.env ?? {}) {
  const force = env.FORCE_COLOR;
  if (force !== undefined) {
    if (force === "" || force === "1" || force === "true") return 4;
    if (force === "2") return 8;
    if (force === "3") return 24;
    return 1;
  }
  if (env.NODE_DISABLE_COLORS !== undefined || env.NO_COLOR !== undefined || env.TERM === "dumb") return 1;
  if (env.TMUX) return 8;
  if (env.CI) return ArrayPrototypeSome(CI_DEPTHS, (name) => name in env) || env.CI_NAME === "codeship" ? 8 : 1;
  if ("TEAMCITY_VERSION" in env) return matches(/^(9\.(0*[1-9]\d*)\.|\d{2,}\.)/, env.TEAMCITY_VERSION) ? 4 : 1;
  switch (env.TERM_PROGRAM) {
    case "iTerm.app":
      return !env.TERM_PROGRAM_VERSION || matches(/^[0-2]\./, env.TERM_PROGRAM_VERSION) ? 8 : 24;
    case "HyperTerm":
    case "MacTerm":
      return 24;
    case "Apple_Terminal":
      return 8;
  }
  if (env.COLORTERM === "truecolor" || env.COLORTERM === "24bit") return 24;
  if (env.TERM) {
    if (matches(/^xterm-256/, env.TERM)) return 8;
    const term = StringPrototypeToLowerCase(env.TERM);
    if (TERM_DEPTHS[term]) return TERM_DEPTHS[term];
    if (ArrayPrototypeSome(TERM_PATTERNS, (pattern) => matches(pattern, term))) return 4;
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
        // Through the host's stderr queue, which never blocks (core.print would, on a full pipe).
        core.ops.op_console("info", typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk));
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
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "tty", ttyModule);
