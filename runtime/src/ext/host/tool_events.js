// pi's `tool_call` and `tool_result` extension events around every tool call the host runs
// (omp tools' too): `tool_call` handlers, in extension load order, may rewrite the arguments
// (`event.input`, mutated in place, not validated again) or block the call
// (`{block: true, reason, terminate}`); `tool_result` handlers may patch the result (`content`,
// `details`, `structuredContent`, `isError`; as in pi, a new `content` without
// `structuredContent` drops the structured content, which may no longer match). Each handler is bounded in time (TOOL_HANDLER_LIMIT_MS). A
// `tool_call` handler that throws or does not answer blocks the call (it may be a safety
// gate), naming the extension; a `tool_result` handler that fails leaves the result as it
// was and is reported in the host log. Built from builtins captured at start-up.
import { toolCallHandlers, toolResultHandlers, TOOL_HANDLER_LIMIT_MS } from "omp:/host/extension_api";
import { describeError } from "omp:/host/errors";
import { logger } from "omp:/host/logger";
import { primordials } from "omp:/host/core";

const { SafePromiseRace, Promise: PromiseCtor, ObjectPrototypeHasOwnProperty, String: StringCtor } = primordials;
const setTimeoutFn = globalThis.setTimeout;
const clearTimeoutFn = globalThis.clearTimeout;

const TIMED_OUT = { timedOut: true };

/** `handler(event, ctx)`, or TIMED_OUT once the limit passes. */
async function bounded(handler, event, ctx) {
  let timer;
  const limit = new PromiseCtor((resolve) => {
    timer = setTimeoutFn(() => resolve(TIMED_OUT), TOOL_HANDLER_LIMIT_MS);
  });
  try {
    return await SafePromiseRace([handler(event, ctx), limit]);
  } finally {
    clearTimeoutFn(timer);
  }
}

function failureText(entry, event, failure) {
  return failure === TIMED_OUT
    ? `the ${event} handler of extension ${entry.path} did not answer within ${TOOL_HANDLER_LIMIT_MS} ms`
    : `the ${event} handler of extension ${entry.path} failed: ${describeError(failure).message}`;
}

/**
 * Runs the `tool_call` handlers for a call of `toolName`; answers `{ params }` (possibly
 * rewritten) or `{ blocked: text, terminate }` (`terminate`: the handler asked the agent to
 * stop after this tool batch).
 */
export async function beforeToolCall(toolName, callId, params, ctx) {
  const handlers = toolCallHandlers();
  if (handlers.length === 0) return { params };
  const event = { type: "tool_call", toolName, toolCallId: callId, input: params };
  for (let i = 0; i < handlers.length; i++) {
    const entry = handlers[i];
    if (entry.handler === undefined) continue;
    let answer;
    try {
      answer = await bounded(entry.handler, event, ctx);
    } catch (err) {
      return { blocked: `Tool call blocked: ${failureText(entry, "tool_call", err)}` };
    }
    if (answer === TIMED_OUT) return { blocked: `Tool call blocked: ${failureText(entry, "tool_call", TIMED_OUT)}` };
    if (answer !== null && typeof answer === "object" && answer.block === true) {
      return {
        blocked: typeof answer.reason === "string" && answer.reason !== "" ? answer.reason : `Tool call blocked by extension ${entry.path}`,
        terminate: answer.terminate === true,
      };
    }
  }
  return { params: event.input };
}

/** Runs the `tool_result` handlers over `value` (what `execute` returned); answers the result. */
export async function afterToolResult(toolName, callId, params, value, ctx) {
  const handlers = toolResultHandlers();
  if (handlers.length === 0) return value;
  let current = value !== null && typeof value === "object" ? value : { content: [] };
  for (let i = 0; i < handlers.length; i++) {
    const entry = handlers[i];
    if (entry.handler === undefined) continue;
    const event = {
      type: "tool_result",
      toolName,
      toolCallId: callId,
      input: params,
      content: current.content,
      details: current.details,
      structuredContent: current.structuredContent,
      isError: current.isError === true,
    };
    let patch;
    try {
      patch = await bounded(entry.handler, event, ctx);
    } catch (err) {
      logger.warn(failureText(entry, "tool_result", err), { tool: StringCtor(toolName) });
      continue;
    }
    if (patch === TIMED_OUT) {
      logger.warn(failureText(entry, "tool_result", TIMED_OUT), { tool: StringCtor(toolName) });
      continue;
    }
    if (patch === null || typeof patch !== "object") continue;
    current = { ...current };
    if (ObjectPrototypeHasOwnProperty(patch, "content")) current.content = patch.content;
    // pi's rule: a given `structuredContent` replaces it; a new `content` without one drops it.
    const structured = patch.structuredContent ?? (patch.content ? undefined : current.structuredContent);
    if (structured === undefined) delete current.structuredContent;
    else current.structuredContent = structured;
    if (ObjectPrototypeHasOwnProperty(patch, "details")) current.details = patch.details;
    if (ObjectPrototypeHasOwnProperty(patch, "isError")) current.isError = patch.isError;
  }
  return current;
}
