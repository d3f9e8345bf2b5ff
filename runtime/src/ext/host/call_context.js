// Which job the running JavaScript belongs to, carried across awaits, timers and op
// completions by deno_core's async context (V8's continuation-preserved embedder data). The
// context is the job's number, given by the host's watchdog when the job began (a tool call,
// a module being loaded, a session event), or an AsyncLocalStorage frame that carries it
// (node/async_hooks.js). The watchdog reads the number from Rust, from outside the engine
// too (runtime/src/engine/job_slot.rs), to tell whose code a script that will not yield is;
// children and requests a tool starts are tied to its call through it. Also here: the calls
// that run, which turn a job number into its call id.
import { core } from "omp:/host/core";
const { SafeSet, SetPrototypeAdd, SetPrototypeDelete } = globalThis.__bootstrap.primordials;

/** Runs `fn` as job `job` (a number) for everything it starts. */
export function runAsJob(job, fn) {
  const previous = core.getAsyncContext();
  core.setAsyncContext(job);
  try {
    return fn();
  } finally {
    core.setAsyncContext(previous);
  }
}

/** The number of the job the current code runs for, or undefined. */
export function currentJob() {
  const context = core.getAsyncContext();
  return typeof context === "object" && context !== null ? context.job : context;
}

/**
 * Running calls, `{ job, callId, controller, loaded }`, not keyed by the call id: a fresh string each
 * call, which as a Map key cost V8's internalizing of it every call, ~4% of the engine thread
 * at 8 calls in flight. A cancel, a UI question or a child finds its call by a scan of the few
 * that run.
 */
const running = new SafeSet();

/**
 * Call `callId` (job `job`) runs from now on; `controller` aborts its signal, if it has one;
 * `loaded` is the tool's record in `loadedTools` (undefined for a pending action's apply).
 */
export function enterCall(job, callId, controller, loaded) {
  const entry = { job, callId, controller, loaded };
  SetPrototypeAdd(running, entry);
  return entry;
}

/** The call of `entry` (`enterCall`) has ended or was aborted. */
export function leaveCall(entry) {
  SetPrototypeDelete(running, entry);
}

/** The running call `callId`'s entry, if it runs. */
export function runningCall(callId) {
  for (const entry of running) {
    if (entry.callId === callId) return entry;
  }
  return undefined;
}

/**
 * The running call the current code runs for (its `enterCall` entry), or undefined: during
 * loading, and in code a call left behind once it ended or was aborted (which belongs to no
 * live job).
 */
export function currentCall() {
  const job = currentJob();
  if (job === undefined) return undefined;
  for (const entry of running) {
    if (entry.job === job) return entry;
  }
  return undefined;
}

/** The id of the running call the current code runs for, or undefined (see `currentCall`). */
export function currentCallId() {
  return currentCall()?.callId;
}
