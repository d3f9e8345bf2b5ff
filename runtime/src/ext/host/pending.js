// The JavaScript half of pending actions: `pi.pushPendingAction` hands the action's label and
// source to the host's queue (Rust owns order, state and requeueing) and keeps its `apply` /
// `reject` functions here until the host resolves or forgets the action. `resolveAction` runs
// one of them for a `resolve` call, detached from the action object, as omp calls them.
import { describeError } from "omp:/host/errors";
import { runAsJob, enterCall, leaveCall, currentCallId } from "omp:/host/call_context";
import { toPlain } from "omp:/host/plain";
import { reportOutcome } from "omp:/host/call_outcome";

import { core } from "omp:/host/core";
const { SafeMap, MapPrototypeGet, MapPrototypeSet, MapPrototypeDelete, String: StringCtor, TypeError: TypeErrorCtor } = globalThis.__bootstrap.primordials;
const opPendingPush = core.ops.op_pending_push;
const actions = new SafeMap();

/** `pi.pushPendingAction({label, apply, reject?, details?, sourceToolName?})` (contract 3.8). */
export function pushPendingAction(action) {
  if (action === null || typeof action !== "object") throw new TypeErrorCtor("pushPendingAction: expected an object with a label and an apply function");
  if (typeof action.apply !== "function") throw new TypeErrorCtor("pushPendingAction: apply must be a function");
  const label = StringCtor(action.label ?? "");
  const source = typeof action.sourceToolName === "string" ? action.sourceToolName : "custom_tool";
  const reject = typeof action.reject === "function" ? action.reject : undefined;
  const id = opPendingPush(label, source, reject !== undefined, currentCallId() ?? "");
  MapPrototypeSet(actions, id, { apply: action.apply, reject });
}

/**
 * Runs action `actionId`'s apply (`op` "apply") or reject ("discard") with `(reason, extra)`
 * as call `callId` (job number `job`); reports through `op_call_done` like a tool call. A
 * discard of an action without reject answers null.
 */
export function resolveAction(callId, job, actionId, op, reason, extra) {
  // As the call's, like a tool call (js/host/call.js).
  runAsJob(job, () => runAction(callId, job, actionId, op, reason, extra));
}

/** Runs the apply or reject and reports the outcome itself (see `reportOutcome`). */
async function runAction(callId, job, actionId, op, reason, extra) {
  const action = MapPrototypeGet(actions, actionId);
  if (!action) return reportOutcome(callId, { ok: false, error: { message: `omp-host: pending action ${actionId} is gone` } });
  const fn = op === "apply" ? action.apply : action.reject;
  if (typeof fn !== "function") return reportOutcome(callId, { ok: true, value: null });
  // A running call like a tool's (no signal of its own: omp calls apply and reject with none).
  const call = enterCall(job, callId, undefined);
  let outcome;
  try {
    const value = await fn(reason, extra ?? undefined);
    outcome = { ok: true, value: toPlain(value) };
  } catch (err) {
    outcome = { ok: false, error: describeError(err) };
  } finally {
    leaveCall(call);
  }
  reportOutcome(callId, outcome);
}

/** The host is done with action `actionId`: let its functions go. */
export function forgetAction(actionId) {
  MapPrototypeDelete(actions, actionId);
}
