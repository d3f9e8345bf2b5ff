// pi's `ctx.executeTool(name, args, {signal, onUpdate})` and `ctx.tools`: a running tool calls
// another tool through the host's own call pipeline (ops in nested_calls.rs; the serve core runs
// the call as it runs the client's, with validation, approval, the `tool_call`/`tool_result`
// handlers, the deadline and truncation). As in pi, it never rejects for the tool's failure: an
// unknown tool, bad arguments, a blocked or cancelled call and a throw all come back as an
// outcome with `isError: true`. The nested call's id is `<calling id>/<n>`.
import { core } from "omp:/host/core";
import { toPlain } from "omp:/host/plain";
import { describeError } from "omp:/host/errors";

const { String: StringCtor, FunctionPrototypeCall, ObjectDefineProperty } = globalThis.__bootstrap.primordials;
const opNestedCallStart = core.ops.op_nested_call_start;
const opNestedCallNext = core.ops.op_nested_call_next;
const opNestedCallCancel = core.ops.op_nested_call_cancel;
const opToolsCallable = core.ops.op_tools_callable;

/** pi's outcome of a call that did not run: its `result` carries `text` as an error. */
function failed(toolCall, text) {
  return { toolCall, result: { content: [{ type: "text", text }], details: {}, isError: true }, isError: true };
}

function reasonText(reason) {
  if (reason === undefined) return "Aborted by the calling tool";
  return typeof reason === "string" ? reason : describeError(reason).message;
}

/**
 * Adds `executeTool` and `tools` to `ctx`, the context of running call `callId`, whose own
 * signal (`callerSignal`) is a nested call's default.
 */
export function addExecuteTool(ctx, callId, callerSignal) {
  let made = 0;
  ctx.executeTool = async function executeTool(name, args, options) {
    made += 1;
    const id = `${callId}/${made}`;
    const toolName = StringCtor(name);
    const toolCall = { type: "toolCall", id, name: toolName, arguments: args };
    const signal = options?.signal ?? callerSignal;
    const onUpdate = typeof options?.onUpdate === "function" ? options.onUpdate : undefined;
    if (signal?.aborted) return failed(toolCall, `Tool ${toolName} was not run: ${reasonText(signal.reason)}`);
    try {
      opNestedCallStart(callId, id, toolName, toPlain(args ?? {}));
    } catch (err) {
      return failed(toolCall, describeError(err).message);
    }
    const cancel = () => opNestedCallCancel(id, reasonText(signal.reason));
    signal?.addEventListener("abort", cancel, { once: true });
    try {
      for (;;) {
        const step = await opNestedCallNext(id);
        if (step.type === "update") {
          // The caller's callback failing is its own affair; the call goes on.
          try {
            if (onUpdate !== undefined) FunctionPrototypeCall(onUpdate, undefined, step.partialResult);
          } catch {}
          continue;
        }
        const outcome = { toolCall, result: step.result, isError: step.isError };
        if (step.durationMs !== null && step.durationMs !== undefined) outcome.durationMs = step.durationMs;
        return outcome;
      }
    } finally {
      signal?.removeEventListener("abort", cancel);
    }
  };
  // What it may call now, read when asked (extensions register and activate tools as they go).
  ObjectDefineProperty(ctx, "tools", { get: () => opToolsCallable(), enumerable: true, configurable: true });
  return ctx;
}
