// Which tool call the running JavaScript belongs to, carried across awaits, timers and op
// completions by deno_core's async context, so work a tool starts (like pi.exec children)
// can be tied back to its call.
import { core } from "omp:/host/core";

/** Runs `fn` with `callId` as the current call for everything it starts. */
export function runInCall(callId, fn) {
  const previous = core.getAsyncContext();
  core.setAsyncContext({ ompCallId: callId });
  try {
    return fn();
  } finally {
    core.setAsyncContext(previous);
  }
}

/** The id of the call the current code runs for, or undefined (e.g. during loading). */
export function currentCallId() {
  const context = core.getAsyncContext();
  return context && typeof context === "object" ? context.ompCallId : undefined;
}
