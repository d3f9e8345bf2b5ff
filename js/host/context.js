// The `ctx` every execute and onSession handler receives (contract 4.2: sessionManager,
// modelRegistry, model, isIdle, hasQueuedMessages, abort), plus the members real tools read
// although they are not in the type (`ctx.cwd`, `ctx.sessionId`). Built from the session facts
// the host sets with `setSessionInfo`.
import { sessionApi } from "omp:/host/load";

const { ArrayIsArray, ArrayPrototypeSlice, ArrayPrototypeAt, ArrayPrototypeFind, ArrayPrototypeMap } = globalThis.__bootstrap.primordials;

let info = { cwd: "/", sessionId: "" };

/** Replaces the session facts tools see (cwd, sessionId, model, entries…). */
export function setSessionInfo(next) {
  info = next;
}

function sessionManager() {
  const entries = ArrayIsArray(info.entries) ? info.entries : [];
  return {
    getCwd: () => info.cwd,
    getSessionDir: () => info.sessionDir,
    getSessionId: () => info.sessionId,
    getSessionFile: () => info.sessionFile,
    getSessionName: () => info.sessionName,
    getArtifactsDir: () => info.artifactsDir,
    getLeafId: () => ArrayPrototypeAt(entries, -1)?.id ?? null,
    getLeafEntry: () => ArrayPrototypeAt(entries, -1),
    getEntry: (id) => ArrayPrototypeFind(entries, (e) => e.id === id),
    getLabel: () => undefined,
    getBranch: () => ArrayPrototypeSlice(entries),
    getHeader: () => ({ type: "session", id: info.sessionId, cwd: info.cwd }),
    getEntries: () => ArrayPrototypeSlice(entries),
    getTree: () => ArrayPrototypeMap(entries, (entry) => ({ entry, children: [] })),
    getUsageStatistics: () => ({}),
  };
}

/** The context for one call (`controller` is its AbortController) or a session event. */
export function contextFor(controller) {
  const api = sessionApi();
  return {
    sessionManager: sessionManager(),
    modelRegistry: { getAll: () => [], getAvailable: () => [], find: () => undefined, getApiKey: async () => undefined },
    model: info.model ?? undefined,
    isIdle: () => false,
    hasQueuedMessages: () => false,
    abort: () => controller?.abort("Interrupted by user"),
    cwd: info.cwd,
    sessionId: info.sessionId,
    hasUI: api.hasUI,
    ui: api.ui,
  };
}
