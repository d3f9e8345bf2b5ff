// The `ctx` every execute and onSession handler receives (contract 4.2: sessionManager,
// modelRegistry, model, isIdle, hasQueuedMessages, abort), plus the members real tools read
// although they are not in the type (`ctx.cwd`, `ctx.sessionId`). The host sets the session
// (header and entries, pi's session file shape) with `setSessionInfo` and passes on what the
// client reports (`{state}`: idle, queuedMessages, model, models). The entries each call adds
// wait on the Rust side, as JSON text, until a tool reads the session (`takeNewEntries` parses
// them), so a host whose tools never look at the session keeps no call's arguments or result
// in the JavaScript heap.
import { sessionApi } from "omp:/host/load";
import { core } from "omp:/host/core";

const {
  ArrayIsArray,
  ArrayPrototypePush,
  ArrayPrototypeReverse,
  ArrayPrototypeSlice,
  ArrayPrototypeAt,
  ArrayPrototypeFind,
  ArrayPrototypeFilter,
  JSONParse,
  ObjectAssign,
  ObjectFreeze,
  SafeMap,
  MapPrototypeGet,
  MapPrototypeSet,
  Error: ErrorCtor,
} = globalThis.__bootstrap.primordials;
const opAbortTurn = core.ops.op_abort_turn;
const opSessionNewEntries = core.ops.op_session_new_entries;
const opUiHasCall = core.ops.op_ui_has_call;

let info = { cwd: "/", sessionId: "" };
let entries = [];
let byId = new SafeMap();
let clientState = {};

function remember(entry) {
  ArrayPrototypePush(entries, entry);
  if (typeof entry?.id === "string") MapPrototypeSet(byId, entry.id, entry);
}

/** Adds the entries calls made since the session was last read; answers all of them. */
function takeNewEntries() {
  const added = opSessionNewEntries();
  for (let i = 0; i < added.length; i++) remember(JSONParse(added[i]));
  return entries;
}

/**
 * Replaces the session facts tools see (cwd, sessionId, sessionFile, header, entries), or,
 * given `{state: {…}}`, merges the client's report of its agent.
 */
export function setSessionInfo(next) {
  if (next?.state !== undefined) {
    clientState = ObjectAssign({}, clientState, next.state);
    return;
  }
  info = next;
  entries = [];
  byId = new SafeMap();
  const initial = ArrayIsArray(next.entries) ? next.entries : [];
  for (let i = 0; i < initial.length; i++) remember(initial[i]);
}

const leaf = () => ArrayPrototypeAt(takeNewEntries(), -1);

/** The path from the root to `fromId` (default: the leaf), as pi's `getBranch`. */
function branch(fromId) {
  const all = takeNewEntries();
  const path = [];
  let entry = fromId === undefined ? ArrayPrototypeAt(all, -1) : MapPrototypeGet(byId, fromId);
  while (entry) {
    ArrayPrototypePush(path, entry);
    entry = entry.parentId ? MapPrototypeGet(byId, entry.parentId) : undefined;
  }
  return ArrayPrototypeReverse(path);
}

function tree() {
  takeNewEntries();
  const nodes = new SafeMap();
  const roots = [];
  for (let i = 0; i < entries.length; i++) MapPrototypeSet(nodes, entries[i].id, { entry: entries[i], children: [] });
  for (let i = 0; i < entries.length; i++) {
    const node = MapPrototypeGet(nodes, entries[i].id);
    const parent = entries[i].parentId ? MapPrototypeGet(nodes, entries[i].parentId) : undefined;
    ArrayPrototypePush(parent ? parent.children : roots, node);
  }
  return roots;
}

const sessionManager = {
  getCwd: () => info.cwd,
  getSessionDir: () => info.sessionDir ?? undefined,
  getSessionId: () => info.sessionId,
  getSessionFile: () => info.sessionFile ?? undefined,
  getSessionName: () => ArrayPrototypeAt(ArrayPrototypeFilter(takeNewEntries(), (e) => e.type === "session_info"), -1)?.name,
  getArtifactsDir: () => info.artifactsDir,
  getLeafId: () => leaf()?.id ?? null,
  getLeafEntry: () => leaf(),
  getEntry: (id) => (takeNewEntries(), MapPrototypeGet(byId, id)),
  getLabel: (id) => ArrayPrototypeAt(ArrayPrototypeFilter(takeNewEntries(), (e) => e.type === "label" && e.targetId === id), -1)?.label,
  getBranch: (fromId) => branch(fromId),
  getHeader: () => info.header ?? { type: "session", id: info.sessionId, cwd: info.cwd },
  getEntries: () => ArrayPrototypeSlice(takeNewEntries()),
  getTree: () => tree(),
  getUsageStatistics: () => ({}),
};

const modelRegistry = {
  getAll: () => (ArrayIsArray(clientState.models) ? ArrayPrototypeSlice(clientState.models) : []),
  getAvailable: () => (ArrayIsArray(clientState.models) ? ArrayPrototypeSlice(clientState.models) : []),
  find: (provider, id) => (ArrayIsArray(clientState.models) ? ArrayPrototypeFind(clientState.models, (m) => m?.provider === provider && m?.id === id) : undefined),
  getApiKey: async () => undefined,
  getApiKeyForProvider: async () => undefined,
  isUsingOAuth: () => false,
};

/**
 * pi's ExtensionContext members that are the same for every call: a project the host was
 * started on counts as trusted (it loaded the project's extensions); there is no context
 * window to measure or compact, no system prompt, and no session of its own to shut down.
 */
const piContext = {
  // No models are scoped: pi's answer when no scoping is configured.
  scopedModels: ObjectFreeze([]),
  isProjectTrusted: () => true,
  getContextUsage: () => undefined,
  compact: () => {
    throw new ErrorCtor("ctx.compact: omp-host serves tools to a client and has no conversation of its own to compact");
  },
  getSystemPrompt: () => "",
  shutdown: () => {},
};

/**
 * The context for call `callId` (`controller` is its AbortController) or, with neither, for
 * a session event.
 */
export function contextFor(controller, callId) {
  const api = sessionApi();
  return {
    sessionManager,
    modelRegistry,
    model: clientState.model ?? info.model ?? undefined,
    isIdle: () => clientState.idle === true,
    hasQueuedMessages: () => (clientState.queuedMessages ?? 0) > 0,
    // pi's ExtensionContext names for the same facts, and what a host without a conversation
    // of its own can say (made once: see `piContext`).
    hasPendingMessages: () => (clientState.queuedMessages ?? 0) > 0,
    signal: controller?.signal,
    mode: "rpc",
    thinkingLevel: clientState.thinkingLevel ?? "off",
    ...piContext,
    abort: () => {
      controller?.abort("Interrupted by user");
      opAbortTurn(callId ?? "");
    },
    cwd: info.cwd,
    sessionId: info.sessionId,
    // A client may show UI to some calls and not others (an MCP client that declares it per
    // request): this call's own answer.
    hasUI: api.hasUI && (callId ? opUiHasCall(callId) : true),
    ui: api.ui,
  };
}
