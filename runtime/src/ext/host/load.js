// The factory contract (contract 1 and 16.4.5): takes a loaded module's namespace, calls its
// default-exported factory with the session's `pi`, validates what it returns and keeps the
// tool objects for calls. Answers with plain descriptors (name, schema, flags, the parameter
// names of `execute`); the host decides execute order and concurrency from them.
import { createPiApi } from "omp:/host/pi_api";
import { refreshUI } from "omp:/host/ui";
import { describeError } from "omp:/host/errors";
import { toPlain } from "omp:/host/plain";
import { runAsJob } from "omp:/host/call_context";
import { refreshProcessInfo } from "omp:/host/process";
import { beginRegistration, endRegistration, extensionScope, extensionSessionHandler } from "omp:/host/extension_api";
import { describeTool } from "omp:/host/tool_descriptor";
import { loadedTools } from "omp:/host/loaded_tools";

const { ArrayIsArray, ArrayPrototypePush, ArrayPrototypeForEach, ArrayPrototypeIncludes } = globalThis.__bootstrap.primordials;

export { loadedTools };

let api;

/**
 * Creates the session's `pi` object for working directory `cwd`, after reading this
 * process's facts (the code may come from a snapshot made on the build machine).
 */
export function configureSession(cwd) {
  // Packages take a `Deno` global to mean "running on Deno" and reach for Deno's APIs; the
  // host is Node-like. The host's modules captured `core` (omp:/host/core) and the primordials
  // while the bootstrap ran; deno_core needs the globals until the runtime is built (from the
  // snapshot, too). Neither stays where tool code could take the host's ops from it: deno_core
  // puts a view of `__bootstrap` back only while it evaluates a web API script loaded on first
  // use, which needs it.
  delete globalThis.Deno;
  delete globalThis.__bootstrap;
  refreshProcessInfo();
  api = createPiApi({ cwd });
}

/** The session's `pi`, with the UI the client can show now (contract 3.3 setUIContext). */
export function sessionApi() {
  refreshUI(api);
  return api;
}

/** The events an extension subscribed to, each once, in order. */
function handlerEvents(handlers) {
  const events = [];
  ArrayPrototypeForEach(handlers, ({ event }) => {
    if (!ArrayPrototypeIncludes(events, event)) ArrayPrototypePush(events, event);
  });
  return events;
}

/**
 * Runs a module's factory as job `job` (the load's number). Answers {ok: true, tools:
 * [descriptor], errors: [{index, message}]} or {ok: false, error}.
 */
export async function loadModule(namespace, path, job) {
  return toPlain(await runAsJob(job, () => runFactory(namespace, path, job)));
}

async function runFactory(namespace, path, job) {
  let factory = namespace.default ?? namespace;
  // CommonJS compiled from TypeScript often exports `{ default: fn }`.
  if (factory && typeof factory === "object" && typeof factory.default === "function") factory = factory.default;
  if (typeof factory !== "function") {
    return { ok: false, error: { message: "Tool must export a default function" } };
  }
  let produced;
  refreshUI(api);
  // An extension (pi's `(pi) => void`) registers its tools while its factory runs.
  const registration = beginRegistration(job, path);
  try {
    produced = await factory(extensionScope(api, path));
  } catch (err) {
    return { ok: false, error: describeError(err) };
  } finally {
    endRegistration(job);
  }
  const returned = produced === null || produced === undefined ? [] : ArrayIsArray(produced) ? produced : [produced];
  const entries = [];
  ArrayPrototypeForEach(returned, (entry, index) => ArrayPrototypePush(entries, { entry, index, registered: false }));
  ArrayPrototypeForEach(registration.tools, (entry, index) => ArrayPrototypePush(entries, { entry, index, registered: true }));
  const tools = [];
  const errors = [];
  ArrayPrototypeForEach(entries, ({ entry, index, registered }) => {
    const described = describeTool(entry, index, registered);
    if (described.error !== undefined) {
      ArrayPrototypePush(errors, { index, message: described.error });
      return;
    }
    described.descriptor.id = loadedTools.length;
    ArrayPrototypePush(loadedTools, { tool: entry, path, registered });
    ArrayPrototypePush(tools, described.descriptor);
  });
  // The extension's session handlers (`pi.on("session_start")`, …) get a slot of their own,
  // which the host delivers session events to as it does to tools' `onSession`.
  let sessionHandler = null;
  const onSession = extensionSessionHandler(registration.handlers);
  if (onSession !== undefined) {
    sessionHandler = loadedTools.length;
    ArrayPrototypePush(loadedTools, { tool: undefined, path, onSession });
  }
  const extension =
    registration.tools.length > 0 || registration.handlers.length > 0 || registration.ignored.length > 0
      ? { handlers: handlerEvents(registration.handlers), ignored: registration.ignored }
      : null;
  return { ok: true, tools, errors, extension, sessionHandler };
}
