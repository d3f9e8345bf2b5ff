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
 * The JSON Schema omp sends the model for an omptype Type (`pi.arktype`'s), made as pi-ai's
 * `arkToWireSchema` makes it: the Type's own `toJsonSchema` for draft 2020-12 (whatever JSON
 * Schema cannot say, a `.narrow()` predicate say, falls back to its base type), without
 * `$schema`, then pi-ai's clean-up, step for step: the unconstrained branch of a
 * `T | undefined` union dropped; `anyOf: [scalar, {type: "null"}]` folded into
 * `type: [scalar, "null"]`; a bare enum given its scalar type; a union of bare consts made one
 * typed enum; a property named `key /** text *\/` split into its name and description; `{}`
 * sub-schemas made `true`; objects that declare properties closed (`additionalProperties:
 * false`). (pi-ai's draft-07 upgrade, run in between, changes nothing in a 2020-12 document.)
 * The document is plain data first (`toPlain`: objects without a prototype), so `in` and
 * `for…in` see only its own keys.
 */
function arkWireSchema(arkType) {
  const VALUE_KEYS = ["additionalProperties", "unevaluatedProperties", "unevaluatedItems", "items", "contains", "propertyNames", "if", "then", "else", "not"];
  const MAP_KEYS = ["properties", "patternProperties", "$defs", "definitions"];
  const ARRAY_KEYS = ["anyOf", "oneOf", "allOf", "prefixItems"];
  const DEFINING_KEYS = ["$ref", "additionalProperties", "allOf", "anyOf", "const", "contains", "enum", "if", "items", "not", "oneOf", "patternProperties", "prefixItems", "properties", "propertyNames", "then", "else", "unevaluatedItems", "unevaluatedProperties"];
  const NULLABLE_SCALAR_TYPES = ["string", "number", "integer", "boolean"];
  const isRecord = (value) => value !== null && typeof value === "object" && !ArrayIsArray(value);
  const isEmpty = (value) => {
    if (!isRecord(value)) return false;
    for (const _ in value) return false;
    return true;
  };
  const keyCount = (value) => {
    let n = 0;
    for (const _ in value) n++;
    return n;
  };
  // Visits the sub-schemas of `obj` (schema-valued keywords only), calling `visit` on each.
  const eachSubschema = (obj, visit, skipProperties) => {
    ArrayPrototypeForEach(VALUE_KEYS, (key) => {
      if (key in obj) visit(obj[key]);
    });
    ArrayPrototypeForEach(MAP_KEYS, (key) => {
      if (skipProperties && key === "properties") return;
      const map = obj[key];
      if (isRecord(map)) for (const name in map) visit(map[name]);
    });
    ArrayPrototypeForEach(ARRAY_KEYS, (key) => {
      const list = obj[key];
      if (ArrayIsArray(list)) ArrayPrototypeForEach(list, visit);
    });
  };

  const pruneUndefinedUnionBranches = (node) => {
    if (ArrayIsArray(node)) return ArrayPrototypeForEach(node, pruneUndefinedUnionBranches);
    if (!isRecord(node)) return;
    ArrayPrototypeForEach(["anyOf", "oneOf"], (unionKey) => {
      const branches = node[unionKey];
      if (!ArrayIsArray(branches)) return;
      const concrete = [];
      ArrayPrototypeForEach(branches, (branch) => {
        if (branch !== true && !isEmpty(branch)) ArrayPrototypePush(concrete, branch);
      });
      if (concrete.length === branches.length || concrete.length === 0) return;
      const only = concrete.length === 1 ? concrete[0] : undefined;
      if (only !== undefined && isRecord(only)) {
        delete node[unionKey];
        for (const key in only) if (!(key in node)) node[key] = only[key];
      } else {
        node[unionKey] = concrete;
      }
    });
    eachSubschema(node, pruneUndefinedUnionBranches, false);
  };

  const hasDefiningSibling = (schema) => {
    for (const key in schema) if (key !== "anyOf" && ArrayPrototypeIncludes(DEFINING_KEYS, key)) return true;
    return false;
  };
  const rewriteNullableScalarAnyOf = (schema) => {
    if (hasDefiningSibling(schema)) return;
    const variants = schema.anyOf;
    if (!ArrayIsArray(variants) || variants.length !== 2) return;
    let scalar;
    let sawNull = false;
    for (let i = 0; i < variants.length; i++) {
      const variant = variants[i];
      if (!isRecord(variant)) return;
      if (variant.type === "null" && keyCount(variant) === 1) {
        if (sawNull) return;
        sawNull = true;
        continue;
      }
      if (typeof variant.type !== "string" || !ArrayPrototypeIncludes(NULLABLE_SCALAR_TYPES, variant.type) || scalar) return;
      scalar = variant;
    }
    if (!sawNull || !scalar) return;
    delete schema.anyOf;
    for (const key in scalar) {
      if (key === "type" || key === "enum" || key === "const" || key in schema) continue;
      schema[key] = scalar[key];
    }
    if ("const" in scalar) {
      schema.enum = [scalar.const, null];
    } else if (ArrayIsArray(scalar.enum)) {
      const values = [];
      ArrayPrototypeForEach(scalar.enum, (value) => ArrayPrototypePush(values, value));
      if (!ArrayPrototypeIncludes(values, null)) ArrayPrototypePush(values, null);
      schema.enum = values;
    }
    schema.type = [scalar.type, "null"];
  };
  const homogeneousScalarType = (values) => {
    let inferred;
    for (let i = 0; i < values.length; i++) {
      const kind = typeof values[i];
      if (kind !== "string" && kind !== "boolean" && kind !== "number") return undefined;
      if (inferred === undefined) inferred = kind;
      else if (inferred !== kind) return undefined;
    }
    return inferred;
  };
  const inferBareEnumScalarType = (schema) => {
    if ("type" in schema || !ArrayIsArray(schema.enum)) return;
    const inferred = homogeneousScalarType(schema.enum);
    if (inferred !== undefined) schema.type = inferred;
  };
  const collapseConstUnionAnyOf = (schema) => {
    if (hasDefiningSibling(schema) || "type" in schema) return;
    const variants = schema.anyOf;
    if (!ArrayIsArray(variants) || variants.length < 2) return;
    const values = [];
    let branchDescription;
    let described = 0;
    for (let i = 0; i < variants.length; i++) {
      const variant = variants[i];
      if (!isRecord(variant) || !("const" in variant)) return;
      for (const key in variant) if (key !== "const" && key !== "description") return;
      if (typeof variant.description === "string") {
        if (described === 0) branchDescription = variant.description;
        else if (variant.description !== branchDescription) return;
        described++;
      }
      ArrayPrototypePush(values, variant.const);
    }
    if (described !== 0 && described !== variants.length) return;
    if (described === variants.length && typeof schema.description === "string" && schema.description !== branchDescription) return;
    const scalarType = homogeneousScalarType(values);
    if (scalarType === undefined) return;
    delete schema.anyOf;
    schema.type = scalarType;
    schema.enum = values;
    if (typeof schema.description !== "string" && branchDescription !== undefined) schema.description = branchDescription;
  };
  const walk = (node) => {
    if (ArrayIsArray(node)) return ArrayPrototypeForEach(node, walk);
    if (!isRecord(node)) return;
    rewriteNullableScalarAnyOf(node);
    inferBareEnumScalarType(node);
    collapseConstUnionAnyOf(node);
    for (const key in node) walk(node[key]);
  };

  // `"name /** text */"` as pi-ai's parseArkObjectKey reads it.
  const parseKey = (key) => {
    const match = /^(.*?)\s*\/\*\*\s*([\s\S]*?)\s*\*\/\s*$/.exec(key);
    return match ? { name: match[1].trim(), description: match[2].trim() } : { name: key };
  };
  const withKeyDescription = (schema, description) => {
    if (!description) return schema;
    if (isRecord(schema)) {
      if (typeof schema.description !== "string") schema.description = description;
      return schema;
    }
    return { __proto__: null, anyOf: [schema], description };
  };
  const normalizePropertyComments = (node) => {
    if (ArrayIsArray(node)) return ArrayPrototypeForEach(node, normalizePropertyComments);
    if (!isRecord(node)) return;
    const properties = node.properties;
    if (isRecord(properties)) {
      if (ArrayIsArray(node.required)) {
        const required = [];
        ArrayPrototypeForEach(node.required, (key) => ArrayPrototypePush(required, typeof key === "string" ? parseKey(key).name : key));
        node.required = required;
      }
      const keys = [];
      for (const key in properties) ArrayPrototypePush(keys, key);
      ArrayPrototypeForEach(keys, (key) => {
        const parsed = parseKey(key);
        let propertySchema = properties[key];
        if (parsed.description) {
          propertySchema = withKeyDescription(propertySchema, parsed.description);
          delete properties[key];
          properties[parsed.name] = propertySchema;
        }
        normalizePropertyComments(propertySchema);
      });
    }
    eachSubschema(node, normalizePropertyComments, true);
  };

  const normalizeEmptySchemas = (node) => {
    if (ArrayIsArray(node)) return ArrayPrototypeForEach(node, normalizeEmptySchemas);
    if (!isRecord(node)) return;
    ArrayPrototypeForEach(VALUE_KEYS, (key) => {
      if (key in node && isEmpty(node[key])) node[key] = true;
    });
    ArrayPrototypeForEach(MAP_KEYS, (key) => {
      const map = node[key];
      if (isRecord(map)) for (const name in map) if (isEmpty(map[name])) map[name] = true;
    });
    ArrayPrototypeForEach(ARRAY_KEYS, (key) => {
      const list = node[key];
      if (ArrayIsArray(list)) for (let i = 0; i < list.length; i++) if (isEmpty(list[i])) list[i] = true;
    });
    for (const key in node) normalizeEmptySchemas(node[key]);
  };

  const closeDeclaredObjects = (node) => {
    if (ArrayIsArray(node)) return ArrayPrototypeForEach(node, closeDeclaredObjects);
    if (!isRecord(node)) return;
    const isObject = node.type === "object" || (ArrayIsArray(node.type) && ArrayPrototypeIncludes(node.type, "object"));
    if (isObject && node.properties !== undefined && !("additionalProperties" in node) && !("patternProperties" in node)) {
      node.additionalProperties = false;
    }
    eachSubschema(node, closeDeclaredObjects, false);
  };

  const schema = toPlain(arkType.toJsonSchema({ target: "draft-2020-12", fallback: (ctx) => ctx.base }));
  if (!isRecord(schema)) throw new TypeError("the arktype Type's toJsonSchema() did not give an object");
  delete schema.$schema;
  pruneUndefinedUnionBranches(schema);
  walk(schema);
  normalizePropertyComments(schema);
  normalizeEmptySchemas(schema);
  closeDeclaredObjects(schema);
  return schema;
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
