// Which job the running JavaScript belongs to, carried across awaits, timers and op
// completions by deno_core's async context (V8's continuation-preserved embedder data). The
// context is a string key: `call:<id>` for a tool call, `load:<n>` for a module being loaded,
// `session:<n>` for a session event. The host's watchdog reads the key from Rust to tell
// which job a script that will not yield belongs to, and children and requests a tool starts
// are tied to its call through it.
import { core } from "omp:/host/core";
const { StringPrototypeStartsWith, StringPrototypeSlice } = globalThis.__bootstrap.primordials;

const CALL_PREFIX = "call:";

/** Runs `fn` with `key` as the current job for everything it starts. */
export function runWithKey(key, fn) {
  const previous = core.getAsyncContext();
  core.setAsyncContext(key);
  try {
    return fn();
  } finally {
    core.setAsyncContext(previous);
  }
}

/** Runs `fn` as part of tool call `callId`. */
export function runInCall(callId, fn) {
  return runWithKey(CALL_PREFIX + callId, fn);
}

/** The id of the call the current code runs for, or undefined (e.g. during loading). */
export function currentCallId() {
  const key = core.getAsyncContext();
  return typeof key === "string" && StringPrototypeStartsWith(key, CALL_PREFIX) ? StringPrototypeSlice(key, CALL_PREFIX.length) : undefined;
}
