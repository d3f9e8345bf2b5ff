// pi's ExtensionAPI on the session's `pi` object, for extensions (`export default (pi) => {
// pi.registerTool({...}) }`): the tools an extension registers while its factory runs are
// collected for that module's load (found through the load's job, so an extension whose
// factory still runs after its load gave up cannot add tools to another's). Members that
// only mean something in pi's terminal (commands, shortcuts, flags, renderers, providers,
// model and session naming) are accepted and do nothing; the load reports which were used.
// Built from builtins captured at start-up.
import { currentJob } from "omp:/host/call_context";
import { core } from "omp:/host/core";
import { toPlain } from "omp:/host/plain";
import { describeTool } from "omp:/host/tool_descriptor";
import { exec } from "omp:/host/exec";
import { loadedTools } from "omp:/host/loaded_tools";

const {
  ArrayPrototypePush,
  ArrayPrototypeIncludes,
  SafeMap,
  MapPrototypeGet,
  MapPrototypeSet,
  MapPrototypeDelete,
  ObjectPrototypeHasOwnProperty,
  ArrayIsArray,
  ReflectApply,
  ObjectCreate,
  ArrayPrototypeMap,
  Error: ErrorCtor,
  TypeError: TypeErrorCtor,
  String: StringCtor,
} = globalThis.__bootstrap.primordials;

/** Loads in progress, by job: `{ path, tools: [], handlers: [], ignored: [] }`. */
const registrations = new SafeMap();
/**
 * Every extension's `tool_call` and `tool_result` handlers, in load order: `{ path, handler }`.
 * They see every tool's calls, omp tools' too.
 */
const toolHandlers = { tool_call: [], tool_result: [] };
/** How long one `tool_call` or `tool_result` handler may take. */
export const TOOL_HANDLER_LIMIT_MS = 10_000;
/** Flags' registered defaults, by name (one namespace, as pi's command-line flags are). */
const flags = new SafeMap();
/** Set once the session's shutdown event has been delivered: nothing registers after it. */
let sessionEnded = false;

/** The session is ending (its shutdown event is being delivered). */
export function markSessionEnded() {
  sessionEnded = true;
}

/**
 * The `pi` a module's factory gets: the session's, with `registerTool` acting for the module
 * loaded from `path`, so a tool it registers later (from an event handler or one of its
 * tools) is added to that module's tools.
 */
export function extensionScope(api, path) {
  const scoped = ObjectCreate(api);
  let lateCount = 0;
  // Whether the module used pi's extension API: its own `pi.exec` then answers as pi's.
  let extension = false;
  scoped.on = (...args) => {
    extension = true;
    return ReflectApply(api.on, scoped, args);
  };
  scoped.exec = (command, args, options) => exec(command, args, { ...options, cwd: options?.cwd ?? api.cwd }, extension);
  scoped.registerTool = (definition) => {
    extension = true;
    const registration = MapPrototypeGet(registrations, currentJob());
    if (registration !== undefined && registration.path === path) {
      registerDuringLoad(registration, definition);
      return;
    }
    registerLate(path, definition, lateCount++);
  };
  return scoped;
}

function registerDuringLoad(registration, definition) {
  if (definition === null || typeof definition !== "object") {
    throw new TypeErrorCtor(`pi.registerTool: expected a tool definition object, got ${definition === null ? "null" : typeof definition}`);
  }
  ArrayPrototypePush(registration.tools, definition);
}

/** A tool the extension at `path` registers after its load: described, kept, and sent to the host. */
function registerLate(path, definition, index) {
  const name = definition !== null && typeof definition === "object" && typeof definition.name === "string" ? ` ("${definition.name}")` : "";
  if (sessionEnded) throw new ErrorCtor(`pi.registerTool${name}: the session has ended, so no tool can be registered any more`);
  const described = describeTool(definition, index, true);
  if (described.error !== undefined) throw new TypeErrorCtor(described.error);
  described.descriptor.id = loadedTools.length;
  ArrayPrototypePush(loadedTools, { tool: definition, path, registered: true });
  core.ops.op_tools_register_late(path, toPlain(described.descriptor));
}

/** Starts collecting what the extension loaded as job `job` registers. */
export function beginRegistration(job, path) {
  const registration = { path, tools: [], handlers: [], ignored: [] };
  MapPrototypeSet(registrations, job, registration);
  return registration;
}

/** Stops collecting for job `job` (later calls from its code are refused). */
export function endRegistration(job) {
  MapPrototypeDelete(registrations, job);
}

function current(member) {
  const registration = MapPrototypeGet(registrations, currentJob());
  if (registration === undefined) {
    throw new ErrorCtor(
      `pi.${member}: omp-host takes registrations only while an extension's factory runs (called later, from an event handler or a tool, it is not supported yet)`,
    );
  }
  return registration;
}

/** A member that only means something in pi's terminal: accepted, noted, no effect. */
function ignored(member, answer) {
  return (...args) => {
    const registration = MapPrototypeGet(registrations, currentJob());
    if (registration !== undefined && !ArrayPrototypeIncludes(registration.ignored, member)) {
      ArrayPrototypePush(registration.ignored, member);
    }
    return typeof answer === "function" ? ReflectApply(answer, undefined, args) : answer;
  };
}

/** pi's session event for the host's (`{reason: "start" | "switch" | "shutdown" | …}`), if any. */
function piSessionEvent(event) {
  switch (event?.reason) {
    case "start":
      return { type: "session_start", reason: "startup" };
    case "switch":
      return { type: "session_start", reason: "resume", previousSessionFile: event.previousSessionFile };
    case "shutdown":
      return { type: "session_shutdown", reason: "quit" };
    default:
      return undefined;
  }
}

/**
 * The `onSession` that hands the host's session events to an extension's `pi.on` handlers as
 * pi's (`session_start`, `session_shutdown`), one after another; undefined when it has none.
 * A handler that throws does not keep the others from running; the first error is re-thrown.
 */
export function extensionSessionHandler(handlers) {
  let subscribed = false;
  for (let i = 0; i < handlers.length; i++) {
    if (handlers[i].event === "session_start" || handlers[i].event === "session_shutdown") subscribed = true;
  }
  if (!subscribed) return undefined;
  return async (event, ctx) => {
    const piEvent = piSessionEvent(event);
    if (piEvent === undefined) return;
    let failure;
    for (let i = 0; i < handlers.length; i++) {
      const { event: name, handler } = handlers[i];
      if (name !== piEvent.type || handler === undefined) continue;
      try {
        await handler(piEvent, ctx);
      } catch (err) {
        failure ??= err;
      }
    }
    if (failure !== undefined) throw failure;
  };
}

/** The `tool_call` handlers, in extension load order. */
export function toolCallHandlers() {
  return toolHandlers.tool_call;
}

/** The `tool_result` handlers, in extension load order. */
export function toolResultHandlers() {
  return toolHandlers.tool_result;
}

/** The ExtensionAPI members the session's `pi` object carries. */
export function extensionMembers() {
  let sessionName;
  return {
    registerTool(definition) {
      registerDuringLoad(current("registerTool"), definition);
    },
    // The active tools are the ones declared to the model: what clients list and may call.
    getActiveTools: () => core.ops.op_tools_active(),
    getAllTools: () => core.ops.op_tools_all(),
    setActiveTools(names) {
      if (!ArrayIsArray(names)) throw new TypeErrorCtor("pi.setActiveTools: expected an array of tool names");
      core.ops.op_tools_set_active(ArrayPrototypeMap(names, (n) => StringCtor(n)));
    },
    on(event, handler) {
      const registration = current("on");
      if (typeof handler !== "function") throw new TypeErrorCtor(`pi.on("${StringCtor(event)}"): the handler must be a function`);
      const entry = { event: StringCtor(event), handler, path: registration.path };
      ArrayPrototypePush(registration.handlers, entry);
      if (entry.event === "tool_call" || entry.event === "tool_result") ArrayPrototypePush(toolHandlers[entry.event], entry);
      return () => {
        entry.handler = undefined;
      };
    },
    registerCommand: ignored("registerCommand"),
    registerShortcut: ignored("registerShortcut"),
    registerFlag(name, options) {
      const registration = current("registerFlag");
      if (!ArrayPrototypeIncludes(registration.ignored, "registerFlag")) ArrayPrototypePush(registration.ignored, "registerFlag");
      if (options !== null && typeof options === "object" && ObjectPrototypeHasOwnProperty(options, "default")) {
        MapPrototypeSet(flags, StringCtor(name), options.default);
      }
    },
    // No command line sets flags here: a flag has its registered default.
    getFlag: (name) => MapPrototypeGet(flags, StringCtor(name)),
    registerMessageRenderer: ignored("registerMessageRenderer"),
    registerMarkdownTransformer: ignored("registerMarkdownTransformer"),
    registerEntryRenderer: ignored("registerEntryRenderer"),
    registerToolRenderer: ignored("registerToolRenderer"),
    registerProvider: ignored("registerProvider"),
    unregisterProvider: ignored("unregisterProvider"),
    setModel: ignored("setModel", async () => false),
    getThinkingLevel: ignored("getThinkingLevel", "off"),
    setThinkingLevel: ignored("setThinkingLevel"),
    getCommands: ignored("getCommands", () => []),
    setLabel: ignored("setLabel"),
    setSessionName: ignored("setSessionName", (name) => {
      sessionName = name === undefined ? undefined : StringCtor(name);
    }),
    getSessionName: () => sessionName,
    // A `custom` entry in the session file, which tools read back through
    // ctx.sessionManager (state that survives a restart with --session).
    appendEntry(customType, data) {
      core.ops.op_session_append_custom(StringCtor(customType), data === undefined ? null : toPlain(data));
    },
  };
}
