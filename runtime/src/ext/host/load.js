// The factory contract (contract 1 and 16.4.5): takes a loaded module's namespace, calls its
// default-exported factory with the session's `pi`, validates what it returns and keeps the
// tool objects for calls. Answers with plain descriptors (name, schema, flags, the parameter
// names of `execute`); the host decides execute order and concurrency from them.
import * as zod from "omp:/zod";
import { createPiApi } from "omp:/host/pi_api";
import { refreshUI } from "omp:/host/ui";
import { describeError } from "omp:/host/errors";
import { parameterNames } from "omp:/host/execute_order";
import { toPlain } from "omp:/host/plain";
import { arkWireSchema } from "omp:/schema/ark_wire";
import { runAsJob } from "omp:/host/call_context";
import { refreshProcessInfo } from "omp:/host/process";
import { beginRegistration, endRegistration, extensionSessionHandler } from "omp:/host/extension_api";

const { ArrayIsArray, ArrayPrototypePush, ArrayPrototypeForEach, ArrayPrototypeIncludes } = globalThis.__bootstrap.primordials;

/** Loaded tools by numeric id, shared with the call path. */
export const loadedTools = [];

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

const INVALID_ENTRY = (index) =>
  `Tool factory returned invalid tool at index ${index}: expected object with string name, string description, parameters, and execute function`;

const INVALID_REGISTERED = (entry, index) =>
  `pi.registerTool call ${index + 1}${entry !== null && typeof entry === "object" && typeof entry.name === "string" ? ` ("${entry.name}")` : ""}: expected object with string name, string description, parameters, and execute function`;

/** The events an extension subscribed to, each once, in order. */
function handlerEvents(handlers) {
  const events = [];
  ArrayPrototypeForEach(handlers, ({ event }) => {
    if (!ArrayPrototypeIncludes(events, event)) ArrayPrototypePush(events, event);
  });
  return events;
}

function isValidEntry(entry) {
  return (
    entry !== null &&
    typeof entry === "object" &&
    typeof entry.name === "string" &&
    entry.name.length > 0 &&
    typeof entry.description === "string" &&
    "parameters" in entry &&
    typeof entry.execute === "function"
  );
}

/**
 * The JSON Schema for a tool's `parameters`, which builder made it, and (for zod) the input
 * schema calls are validated against, marked with how objects treat unknown keys. An omptype
 * Type (`pi.arktype`, `@oh-my-pi/omptype`; a callable with `toJsonSchema` and `assert`, as
 * pi-ai's isArkSchema tells it) gives the JSON Schema omp sends the model (`arkWireSchema`),
 * which calls are validated against too.
 */
function schemaOf(parameters) {
  if (typeof parameters === "function" && typeof parameters.toJsonSchema === "function" && typeof parameters.assert === "function") {
    return { kind: "json", schema: arkWireSchema(parameters) };
  }
  if (parameters && typeof parameters === "object" && "_zod" in parameters) {
    try {
      return {
        kind: "zod",
        schema: zod.toJSONSchema(parameters, { target: "draft-2020-12" }),
        validation: zod.validationSchemaOf(parameters),
      };
    } catch (ours) {
      if (typeof parameters.toJSONSchema === "function") return { kind: "zod", schema: parameters.toJSONSchema() };
      throw ours;
    }
  }
  if (parameters && typeof parameters === "object") {
    return { kind: "json", schema: toPlain(parameters) };
  }
  throw new TypeError(`parameters must be a zod schema, a TypeBox schema or a JSON Schema object, got ${parameters === null ? "null" : typeof parameters}`);
}

function concurrencyOf(declared) {
  if (declared === "shared" || declared === "exclusive") return declared;
  return typeof declared === "function" ? "function" : undefined;
}

/** pi's `executionMode` as the host's concurrency: "sequential" runs alone, "parallel" shares. */
function executionModeOf(mode) {
  if (mode === "sequential") return "exclusive";
  return mode === "parallel" ? "shared" : undefined;
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
    produced = await factory(api);
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
  // The extension's session handlers ride on its first tool (the host delivers session
  // events to tools).
  let sessionHandler = extensionSessionHandler(registration.handlers);
  ArrayPrototypeForEach(entries, ({ entry, index, registered }) => {
    if (!isValidEntry(entry)) {
      ArrayPrototypePush(errors, { index, message: registered ? INVALID_REGISTERED(entry, index) : INVALID_ENTRY(index) });
      return;
    }
    let schema;
    try {
      schema = schemaOf(entry.parameters);
    } catch (err) {
      ArrayPrototypePush(errors, { index, message: `Failed to load tool: tool "${entry.name}" has invalid parameters: ${describeError(err).message}` });
      return;
    }
    const id = loadedTools.length;
    const onSession = registered ? sessionHandler : undefined;
    if (onSession !== undefined) sessionHandler = undefined;
    ArrayPrototypePush(loadedTools, { tool: entry, path, onSession });
    ArrayPrototypePush(tools, {
      id,
      name: entry.name,
      label: typeof entry.label === "string" ? entry.label : entry.name,
      description: entry.description,
      parameters: schema.schema,
      validation: schema.validation ?? null,
      schemaKind: schema.kind,
      executeParams: parameterNames(entry.execute),
      hidden: entry.hidden === true,
      deferrable: entry.deferrable === true,
      strict: entry.strict === true,
      approval: typeof entry.approval === "function" ? "function" : entry.approval,
      concurrency: concurrencyOf(entry.concurrency) ?? executionModeOf(entry.executionMode) ?? null,
      annotations: entry.annotations !== null && typeof entry.annotations === "object" ? toPlain(entry.annotations) : null,
      truncate: entry.truncate === "tail" || entry.truncate === "head" ? entry.truncate : null,
      hasOnSession: typeof entry.onSession === "function" || onSession !== undefined,
      registered,
    });
  });
  const extension =
    registration.tools.length > 0 || registration.handlers.length > 0 || registration.ignored.length > 0
      ? { handlers: handlerEvents(registration.handlers), ignored: registration.ignored }
      : null;
  return { ok: true, tools, errors, extension };
}
