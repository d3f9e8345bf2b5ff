// Runs one tool call: builds `onUpdate`, the AbortSignal and `ctx`, calls `execute` in the
// tool's argument order inside the call's async context, and hands back the raw result (or
// the thrown error) as JSON. Shaping the result is the Rust pipeline's job.
import { loadedTools, sessionApi } from "omp:/host/load";
import { describeError } from "omp:/host/errors";
import { runInCall, currentCallId } from "omp:/host/call_context";
import { abortRequestsOf, closeServersOf } from "omp:/host/call_network";

const core = globalThis.Deno.core;
const controllers = new Map();

/** JSON.stringify that survives cycles, BigInt and functions. */
export function safeStringify(value) {
  const seen = new WeakSet();
  return JSON.stringify(value, (_key, v) => {
    if (typeof v === "bigint") return v.toString();
    if (typeof v === "function" || typeof v === "symbol") return undefined;
    if (v && typeof v === "object") {
      if (seen.has(v)) return "[Circular]";
      seen.add(v);
      if (v instanceof Uint8Array) return Array.from(v);
    }
    return v;
  }) ?? "null";
}

function sessionManagerFor(info) {
  const entries = Array.isArray(info.entries) ? info.entries : [];
  return {
    getCwd: () => info.cwd,
    getSessionDir: () => info.sessionDir,
    getSessionId: () => info.sessionId,
    getSessionFile: () => info.sessionFile,
    getSessionName: () => info.sessionName,
    getArtifactsDir: () => info.artifactsDir,
    getLeafId: () => entries.at(-1)?.id ?? null,
    getLeafEntry: () => entries.at(-1),
    getEntry: (id) => entries.find((e) => e.id === id),
    getLabel: () => undefined,
    getBranch: () => entries.slice(),
    getHeader: () => ({ type: "session", id: info.sessionId, cwd: info.cwd }),
    getEntries: () => entries.slice(),
    getTree: () => entries.map((entry) => ({ entry, children: [] })),
    getUsageStatistics: () => ({}),
  };
}

/** The `ctx` every execute and onSession handler receives (contract 4.2, plus cwd/sessionId). */
export function contextFor(callId, info, controller) {
  return {
    sessionManager: sessionManagerFor(info),
    modelRegistry: { getAll: () => [], getAvailable: () => [], find: () => undefined, getApiKey: async () => undefined },
    model: info.model ?? undefined,
    isIdle: () => false,
    hasQueuedMessages: () => false,
    abort: () => controller?.abort("Interrupted by user"),
    cwd: info.cwd,
    sessionId: info.sessionId,
    hasUI: sessionApi().hasUI,
    ui: sessionApi().ui,
  };
}

/**
 * Calls tool `toolId` as call `callId` with `paramsJson`; `infoJson` carries the session
 * facts for ctx. Resolves to JSON {ok: true, value} or {ok: false, error}.
 */
export async function callTool(toolId, callId, paramsJson, infoJson) {
  const entry = loadedTools[toolId];
  const controller = new AbortController();
  controllers.set(callId, controller);
  try {
    const params = JSON.parse(paramsJson);
    const info = JSON.parse(infoJson);
    const onUpdate = (partial) => core.ops.op_call_update(callId, safeStringify(partial));
    const ctx = contextFor(callId, info, controller);
    const { tool } = entry;
    const value = await runInCall(callId, () =>
      entry.executeOrder === "pi"
        ? tool.execute(callId, params, controller.signal, onUpdate, ctx)
        : tool.execute(callId, params, onUpdate, ctx, controller.signal),
    );
    return safeStringify({ ok: true, value: value === undefined ? null : value });
  } catch (err) {
    return safeStringify({ ok: false, error: describeError(err) });
  } finally {
    controllers.delete(callId);
    abortRequestsOf(callId);
    closeServersOf(callId);
  }
}

/** Aborts a running call's signal with `reason`; false if the call is not running. */
export function abortCall(callId, reason) {
  const controller = controllers.get(callId);
  if (!controller) return false;
  controller.abort(reason);
  abortRequestsOf(callId, reason);
  return true;
}

/** The call whose code was running when JavaScript was interrupted ("" if none). */
export function activeCall() {
  return currentCallId() ?? "";
}

/** A tool's `concurrency` for these arguments: "shared", "exclusive" or "" (unsaid). */
export function concurrencyFor(toolId, paramsJson) {
  const declared = loadedTools[toolId]?.tool.concurrency;
  let value = declared;
  if (typeof declared === "function") {
    try {
      value = declared(JSON.parse(paramsJson));
    } catch {
      value = undefined;
    }
  }
  return value === "shared" || value === "exclusive" ? value : "";
}
