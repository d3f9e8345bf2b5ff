// The factory contract (contract 1 and 16.4.5): takes a loaded module's namespace, calls its
// default-exported factory with the session's `pi`, validates what it returns and keeps the
// tool objects for calls. Returns plain descriptors (name, schema, flags) to the Rust side.
import * as zod from "omp:/zod";
import { createPiApi } from "omp:/host/pi_api";
import { describeError } from "omp:/host/errors";
import { detectExecuteOrder } from "omp:/host/execute_order";

/** Loaded tools by numeric id, shared with the call path. */
export const loadedTools = [];

let session;

/** Sets the session's working directory and creates its `pi` object. */
export function configureSession(json) {
  const { cwd } = JSON.parse(json);
  session = { api: createPiApi({ cwd }) };
}

export function sessionApi() {
  return session.api;
}

const INVALID_ENTRY = (index) =>
  `Tool factory returned invalid tool at index ${index}: expected object with string name, string description, parameters, and execute function`;

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
 * schema calls are validated against, marked with how objects treat unknown keys.
 */
function schemaOf(parameters) {
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
    return { kind: "json", schema: JSON.parse(JSON.stringify(parameters)) };
  }
  throw new TypeError(`parameters must be a zod schema, a TypeBox schema or a JSON Schema object, got ${parameters === null ? "null" : typeof parameters}`);
}

function plainApproval(approval) {
  if (approval === undefined || typeof approval === "function") return undefined;
  return approval;
}

/**
 * Runs a module's factory. `request` = {path, executeOrder?, piEra, toolOrders?: {name: order}}. Answers JSON:
 * {ok: true, tools: [descriptor], errors: [{index, message}]} or {ok: false, error}.
 */
export async function loadModule(namespace, requestJson) {
  const request = JSON.parse(requestJson);
  let factory = namespace.default ?? namespace;
  // CommonJS compiled from TypeScript often exports `{ default: fn }`.
  if (factory && typeof factory === "object" && typeof factory.default === "function") factory = factory.default;
  if (typeof factory !== "function") {
    return JSON.stringify({ ok: false, error: { message: "Tool must export a default function" } });
  }
  let produced;
  try {
    produced = await factory(session.api);
  } catch (err) {
    return JSON.stringify({ ok: false, error: describeError(err) });
  }
  const entries = produced === null || produced === undefined ? [] : Array.isArray(produced) ? produced : [produced];
  const tools = [];
  const errors = [];
  entries.forEach((entry, index) => {
    if (!isValidEntry(entry)) {
      errors.push({ index, message: INVALID_ENTRY(index) });
      return;
    }
    let schema;
    try {
      schema = schemaOf(entry.parameters);
    } catch (err) {
      errors.push({ index, message: `Failed to load tool: tool "${entry.name}" has invalid parameters: ${describeError(err).message}` });
      return;
    }
    const id = loadedTools.length;
    const executeOrder = request.toolOrders?.[entry.name] ?? detectExecuteOrder(entry.execute, request);
    loadedTools.push({ tool: entry, executeOrder, path: request.path });
    tools.push({
      id,
      name: entry.name,
      label: typeof entry.label === "string" ? entry.label : entry.name,
      description: entry.description,
      parameters: schema.schema,
      validation: schema.validation,
      schemaKind: schema.kind,
      executeOrder,
      hidden: entry.hidden === true,
      deferrable: entry.deferrable === true,
      strict: entry.strict === true,
      approval: plainApproval(entry.approval),
      concurrency: typeof entry.concurrency === "string" ? entry.concurrency : undefined,
      truncate: entry.truncate === "tail" || entry.truncate === "head" ? entry.truncate : undefined,
      hasOnSession: typeof entry.onSession === "function",
      mcpServerName: entry.mcpServerName,
      mcpToolName: entry.mcpToolName,
    });
  });
  return JSON.stringify({ ok: true, tools, errors });
}
