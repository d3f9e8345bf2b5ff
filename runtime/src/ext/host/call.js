// Runs one tool call: builds `onUpdate`, the AbortSignal and `ctx`, calls `execute` in the
// order the host decided (omp's or pi's), all in the call's async context, and answers with
// plain data: {ok: true, value} or {ok: false, error}. Shaping the result is Rust's job.
import { loadedTools, sessionApi } from "omp:/host/load";
import { describeError } from "omp:/host/errors";
import { runAsJob, enterCall, leaveCall, runningCall } from "omp:/host/call_context";
import { toPlain } from "omp:/host/plain";
import { contextFor } from "omp:/host/context";
import { addExecuteTool } from "omp:/host/execute_tool";
import { abortRequestsOf, closeServersOf, closeWatchersOf } from "omp:/host/call_network";
import { reportOutcome } from "omp:/host/call_outcome";
import { beforeToolCall, afterToolResult } from "omp:/host/tool_events";
import { toolCallHandlers, toolResultHandlers } from "omp:/host/extension_api";

import { core } from "omp:/host/core";
const AbortControllerCtor = globalThis.AbortController;
const { FunctionPrototypeCall } = globalThis.__bootstrap.primordials;
const opCallUpdate = core.ops.op_call_update;

/**
 * Starts tool `toolId` as call `callId` (job number `job`) with `params` (already validated by
 * the host); `order` is "omp" (id, params, onUpdate, ctx, signal) or "pi" (id, params, signal,
 * onUpdate, ctx). The outcome is reported through `op_call_done` when `execute` settles.
 */
export function startCall(toolId, callId, job, params, order) {
  // All of it runs as the call's, shaping and reporting the result too: a stop of that code
  // answers the call, and the call's deadline (not the limit for code of no job) bounds it.
  runAsJob(job, () => runCall(toolId, callId, job, params, order));
}

/** Runs the call and reports its outcome itself (see `reportOutcome`). */
async function runCall(toolId, callId, job, params, order) {
  const entry = loadedTools[toolId];
  const controller = new AbortControllerCtor();
  const call = enterCall(job, callId, controller, entry);
  let outcome;
  try {
    const onUpdate = (partial) => opCallUpdate(callId, toPlain(partial));
    // pi's tool context: the session's, plus calling other tools (`ctx.executeTool`).
    const ctx = addExecuteTool(contextFor(controller, callId), callId, controller.signal);
    const { tool } = entry;
    const signal = controller.signal;
    // Extensions' `tool_call` handlers may rewrite the arguments or block the call (no
    // extra await for a host without any).
    const before = toolCallHandlers().length > 0 ? await beforeToolCall(tool.name, callId, params, ctx) : { params };
    if (before.blocked !== undefined) {
      const value = { content: [{ type: "text", text: before.blocked }], isError: true };
      if (before.terminate === true) value.terminate = true;
      outcome = { ok: true, value };
    } else {
      const args = before.params;
      let value = await (order === "pi"
        ? tool.execute(callId, args, signal, onUpdate, ctx)
        : tool.execute(callId, args, onUpdate, ctx, signal));
      if (toolResultHandlers().length > 0) value = await afterToolResult(tool.name, callId, args, value, ctx);
      outcome = { ok: true, value: toPlain(value) };
    }
  } catch (err) {
    outcome = { ok: false, error: describeError(err) };
  } finally {
    leaveCall(call);
    abortRequestsOf(callId);
    closeServersOf(callId);
    closeWatchersOf(callId);
  }
  reportOutcome(callId, outcome);
}

/** Aborts a running call's signal with `reason`; false if the call is not running. */
export function abortCall(callId, reason) {
  const entry = runningCall(callId);
  if (!entry) return false;
  leaveCall(entry);
  entry.controller?.abort(reason);
  abortRequestsOf(callId, reason);
  closeWatchersOf(callId);
  return true;
}

/** A tool's `concurrency` function's answer for these arguments: "shared", "exclusive" or "". */
export function concurrencyFor(toolId, params) {
  const declared = loadedTools[toolId]?.tool.concurrency;
  if (typeof declared !== "function") return "";
  let value;
  try {
    value = declared(params);
  } catch {
    return "";
  }
  return value === "shared" || value === "exclusive" ? value : "";
}

/**
 * What a tool's `approval` says for these arguments, as plain data: its value, or what its
 * function returned (bound to the tool, as omp calls it). A throw or a non-plain answer is
 * null, which the host treats as an invalid approval (tier "exec").
 */
export function approvalFor(toolId, params) {
  const tool = loadedTools[toolId]?.tool;
  const declared = tool?.approval;
  try {
    return toPlain(typeof declared === "function" ? FunctionPrototypeCall(declared, tool, params) : declared) ?? null;
  } catch {
    return null;
  }
}

/**
 * What tool `toolId`'s `prepareArguments` (pi's fix-up of older argument shapes, run before
 * validation) makes of `params`: `{value}` (plain data) or `{error}` with its message. It is
 * synchronous, as in pi, which validates what it returns at once: a promise is an error.
 */
export function prepareArgumentsFor(toolId, params) {
  const tool = loadedTools[toolId]?.tool;
  try {
    const prepared = FunctionPrototypeCall(tool.prepareArguments, tool, params);
    if (prepared !== null && (typeof prepared === "object" || typeof prepared === "function") && typeof prepared.then === "function") {
      return { error: "it returned a promise; it must return the arguments themselves" };
    }
    return { value: toPlain(prepared) ?? null };
  } catch (err) {
    return { error: describeError(err).message };
  }
}

/** The AbortSignal of running call `callId`, if it is running. */
export function signalOf(callId) {
  return runningCall(callId)?.controller?.signal;
}

export { sessionApi };
