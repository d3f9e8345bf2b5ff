// Node-style errors for the built-in shims: turns op failures, whose messages start with the
// code ("ENOENT: no such file or directory, open '/x'"), into errors carrying `code`,
// `errno`, `syscall` and `path`, and builds Node's `ERR_*` argument errors.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { core, primordials } from "omp:/host/core";

const {
  Error,
  ObjectCreate,
  ObjectKeys,
  RegExpPrototypeExec,
  StringPrototypeSlice,
  StringPrototypeStartsWith,
  StringPrototypeToUpperCase,
  TypeError,
} = primordials;

let tables;

/** `{ errno: {ENOENT: 2, …}, signals: {SIGTERM: 15, …}, signalNames: {15: "SIGTERM"} }`. */
export function errorTables() {
  if (!tables) {
    const raw = core.ops.op_node_error_tables();
    const errno = ObjectCreate(null);
    const signals = ObjectCreate(null);
    const signalNames = ObjectCreate(null);
    for (let i = 0; i < raw.errno.length; i++) errno[raw.errno[i][0]] = raw.errno[i][1];
    for (let i = 0; i < raw.signals.length; i++) {
      const name = raw.signals[i][0];
      const n = raw.signals[i][1];
      signals[name] = n;
      signalNames[n] ??= name;
    }
    tables = { errno, signals, signalNames };
  }
  return tables;
}

/** The signal number for a name (`"SIGTERM"`) or number; throws like Node for unknown ones. */
export function signalNumber(signal, fallback = "SIGTERM") {
  const value = signal ?? fallback;
  if (typeof value === "number") return value;
  const n = errorTables().signals[StringPrototypeToUpperCase(String(value))];
  if (n === undefined) throw codedError("ERR_UNKNOWN_SIGNAL", `Unknown signal: ${value}`, TypeError);
  return n;
}

/** An error of class `Ctor` with Node's `code`. */
export function codedError(code, message, Ctor = Error) {
  const err = new Ctor(message);
  err.code = code;
  return err;
}

/** `The "name" argument must be of type string. Received …`. */
export function invalidArgType(name, expected, actual) {
  const received = actual === null ? "null" : actual === undefined ? "undefined" : typeof actual === "object" ? `an instance of ${actual.constructor?.name ?? "Object"}` : `type ${typeof actual} (${StringPrototypeSlice(String(actual), 0, 25)})`;
  return codedError("ERR_INVALID_ARG_TYPE", `The "${name}" argument must be ${expected}. Received ${received}`, TypeError);
}

/** Re-throws an op failure as a Node system error. `extra` adds syscall/path/dest. */
export function systemError(cause, extra = {}) {
  const message = cause?.message ?? String(cause);
  const match = RegExpPrototypeExec(/^([A-Z][A-Z0-9_]*): ([\s\S]*)$/, message);
  if (!match) return cause instanceof Error ? cause : new Error(message);
  const code = match[1];
  const rest = match[2];
  const err = new Error(StringPrototypeStartsWith(code, "ERR_") ? rest : message);
  err.code = code;
  const n = errorTables().errno[code];
  if (n !== undefined) err.errno = -n;
  const call = RegExpPrototypeExec(/, (\w+)(?: '([\s\S]*?)')?(?: -> '([\s\S]*)')?$/, rest);
  if (call) {
    err.syscall = call[1];
    if (call[2] !== undefined) err.path = call[2];
    if (call[3] !== undefined) err.dest = call[3];
  }
  const keys = ObjectKeys(extra);
  for (let i = 0; i < keys.length; i++) if (extra[keys[i]] !== undefined) err[keys[i]] = extra[keys[i]];
  return err;
}

/** Runs `fn`, converting op failures into Node system errors. */
export function callOp(fn, extra) {
  try {
    return fn();
  } catch (cause) {
    throw systemError(cause, extra);
  }
}

/** Awaits `promise`, converting op failures into Node system errors. */
export async function awaitOp(promise, extra) {
  try {
    return await promise;
  } catch (cause) {
    throw systemError(cause, extra);
  }
}

/** Node's AbortError (`code: "ABORT_ERR"`). */
export class AbortError extends Error {
  constructor(message = "The operation was aborted", options = undefined) {
    super(message, options);
    this.code = "ABORT_ERR";
    this.name = "AbortError";
  }
}
