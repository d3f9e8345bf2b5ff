// The host's zod v4–compatible schema builders (served as `pi.zod`): the same builder and
// chain-method surface, `_zod.def` internals and `z.toJSONSchema` output as zod 4.4.3, with
// parsing delegated to the host's Rust validator through `setValidator`. Standard ECMAScript only.

const VERSION = { major: 4, minor: 4, patch: 3 };

// ───────────────────────────── metadata registries ─────────────────────────────

/** Schema → metadata map. `get` inherits the metadata of the schema a clone came from (minus `id`). */
export class $ZodRegistry {
  constructor() {
    this._map = new WeakMap();
    this._idmap = new Map();
  }
  add(schema, meta) {
    this._map.set(schema, meta);
    if (meta && typeof meta === "object" && "id" in meta) this._idmap.set(meta.id, schema);
    return this;
  }
  remove(schema) {
    const meta = this._map.get(schema);
    if (meta && typeof meta === "object" && "id" in meta) this._idmap.delete(meta.id);
    this._map.delete(schema);
    return this;
  }
  clear() {
    this._map = new WeakMap();
    this._idmap = new Map();
    return this;
  }
  has(schema) {
    return this._map.has(schema);
  }
  get(schema) {
    const parent = schema._zod.parent;
    if (!parent) return this._map.get(schema);
    const inherited = { ...(this.get(parent) ?? {}) };
    delete inherited.id;
    const merged = { ...inherited, ...this._map.get(schema) };
    return Object.keys(merged).length ? merged : undefined;
  }
}

export function registry() {
  return new $ZodRegistry();
}

export const globalRegistry = new $ZodRegistry();

// ───────────────────────────── small helpers ─────────────────────────────

/** Copies property descriptors (getters included) of each definition into one new object. */
function mergeDefs(...defs) {
  const descriptors = {};
  for (const def of defs) Object.assign(descriptors, Object.getOwnPropertyDescriptors(def));
  return Object.defineProperties({}, descriptors);
}

/** Defines `key` on `target` as a getter that computes once and then caches the value. */
function defineCachedGetter(target, key, compute) {
  Object.defineProperty(target, key, {
    get() {
      const value = compute();
      Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable: true });
      return value;
    },
    set(value) {
      Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable: true });
    },
    configurable: true,
    enumerable: true,
  });
}

/** zod's error-customisation parameter: a message string or `{ message | error, ... }`. */
function normalizeParams(params) {
  if (!params) return {};
  if (typeof params === "string") return { error: () => params };
  const out = { ...params };
  if (out.message !== undefined) {
    if (out.error !== undefined) throw new Error("Cannot specify both `message` and `error` params");
    out.error = out.message;
  }
  delete out.message;
  if (typeof out.error === "string") {
    const text = out.error;
    out.error = () => text;
  }
  return out;
}

function escapeRegex(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Values of a TypeScript-style enum object, without the numeric reverse-mapping entries. */
function enumValuesOf(entries) {
  const numeric = Object.values(entries).filter((v) => typeof v === "number");
  return Object.entries(entries)
    .filter(([key]) => numeric.indexOf(+key) === -1)
    .map(([, value]) => value);
}

function isPlainObject(value) {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A JSON deep copy; like zod, `undefined` (not JSON) throws. */
function jsonClone(value) {
  return JSON.parse(JSON.stringify(value));
}

// ───────────────────────────── string formats ─────────────────────────────

const HEX = "[0-9a-fA-F]";
const ISO_DATE_SOURCE =
  "(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))";
const TIME_OFFSET_SOURCE = "([+-](?:[01]\\d|2[0-3]):[0-5]\\d)";

const FORMAT_PATTERNS = {
  email: new RegExp(
    "^(?!\\.)(?!.*\\.\\.)([A-Za-z0-9_'+\\-\\.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$",
  ),
  guid: new RegExp(`^(${HEX}{8}-${HEX}{4}-${HEX}{4}-${HEX}{4}-${HEX}{12})$`),
  ipv4: new RegExp(
    "^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$",
  ),
  ipv6: new RegExp(
    "^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))$",
  ),
  date: new RegExp(`^${ISO_DATE_SOURCE}$`),
  lowercase: /^[^A-Z]*$/,
  uppercase: /^[^a-z]*$/,
};

/** UUID pattern; without a version it accepts v1–v8 plus the nil and max UUIDs. */
function uuidPattern(version) {
  if (version === undefined) {
    return new RegExp(
      `^(${HEX}{8}-${HEX}{4}-[1-8]${HEX}{3}-[89abAB]${HEX}{3}-${HEX}{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$`,
    );
  }
  return new RegExp(`^(${HEX}{8}-${HEX}{4}-${version}${HEX}{3}-[89abAB]${HEX}{3}-${HEX}{12})$`);
}

/** Hours:minutes plus seconds/fraction according to `precision` (undefined: optional seconds and fraction). */
function timeSource(precision) {
  const hoursMinutes = "(?:[01]\\d|2[0-3]):[0-5]\\d";
  if (typeof precision !== "number") return `${hoursMinutes}(?::[0-5]\\d(?:\\.\\d+)?)?`;
  if (precision === -1) return hoursMinutes;
  if (precision === 0) return `${hoursMinutes}:[0-5]\\d`;
  return `${hoursMinutes}:[0-5]\\d\\.\\d{${precision}}`;
}

function isoTimePattern(options = {}) {
  return new RegExp(`^${timeSource(options.precision)}$`);
}

function isoDateTimePattern(options = {}) {
  const zones = ["Z"];
  if (options.local) zones.push("");
  if (options.offset) zones.push(TIME_OFFSET_SOURCE);
  return new RegExp(`^${ISO_DATE_SOURCE}T(?:${timeSource(options.precision)}(?:${zones.join("|")}))$`);
}

const NUMBER_FORMAT_RANGES = {
  safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  int32: [-2147483648, 2147483647],
  uint32: [0, 4294967295],
  float32: [-3.4028234663852886e38, 3.4028234663852886e38],
  float64: [-Number.MAX_VALUE, Number.MAX_VALUE],
};

// ───────────────────────────── checks ─────────────────────────────

/** A check attached to a schema: `_zod.def` describes it; the bag is derived from it. */
class ZodCheck {
  constructor(def) {
    this._zod = { def };
  }
}

function makeCheck(def) {
  return new ZodCheck(def);
}

/** Folds one check definition into a schema's bag (the facts JSON Schema output is made of). */
function attachCheck(bag, def) {
  switch (def.check) {
    case "min_length":
      if (def.minimum > (bag.minimum ?? Number.NEGATIVE_INFINITY)) bag.minimum = def.minimum;
      break;
    case "max_length":
      if (def.maximum < (bag.maximum ?? Number.POSITIVE_INFINITY)) bag.maximum = def.maximum;
      break;
    case "length_equals":
      bag.minimum = def.length;
      bag.maximum = def.length;
      bag.length = def.length;
      break;
    case "greater_than": {
      const current = (def.inclusive ? bag.minimum : bag.exclusiveMinimum) ?? Number.NEGATIVE_INFINITY;
      if (def.value > current) {
        if (def.inclusive) bag.minimum = def.value;
        else bag.exclusiveMinimum = def.value;
      }
      break;
    }
    case "less_than": {
      const current = (def.inclusive ? bag.maximum : bag.exclusiveMaximum) ?? Number.POSITIVE_INFINITY;
      if (def.value < current) {
        if (def.inclusive) bag.maximum = def.value;
        else bag.exclusiveMaximum = def.value;
      }
      break;
    }
    case "multiple_of":
      bag.multipleOf ??= def.value;
      break;
    case "number_format": {
      const [min, max] = NUMBER_FORMAT_RANGES[def.format];
      bag.format = def.format;
      bag.minimum = min;
      bag.maximum = max;
      break;
    }
    case "string_format":
      if (def.format !== "includes" && def.format !== "starts_with" && def.format !== "ends_with") {
        bag.format = def.format;
      }
      if (def.pattern) {
        bag.patterns ??= new Set();
        bag.patterns.add(def.pattern);
      }
      break;
    default:
      break;
  }
}

// ───────────────────────────── JSON Schema generation ─────────────────────────────

const LEGACY_REF_TARGETS = new Set(["draft-07", "draft-04", "openapi-3.0"]);

function createJsonSchemaContext(params = {}) {
  let target = params.target ?? "draft-2020-12";
  if (target === "draft-4") target = "draft-04";
  if (target === "draft-7") target = "draft-07";
  return {
    target,
    io: params.io ?? "output",
    unrepresentable: params.unrepresentable ?? "throw",
    override: params.override ?? (() => {}),
    cycles: params.cycles ?? "ref",
    reused: params.reused ?? "inline",
    metadata: params.metadata ?? globalRegistry,
    counter: 0,
    seen: new Map(),
  };
}

/**
 * Emits the JSON Schema fragment of `schema` into the context's `seen` table. Wrapper types
 * leave a `ref` to the schema they wrap; clones (describe/meta/checks) keep a `parent`.
 * Both are folded in by `flattenReferences` once every schema has been visited.
 */
function emitSchema(schema, ctx, params = { path: [], schemaPath: [] }) {
  const seen = ctx.seen.get(schema);
  if (seen) {
    seen.count++;
    if (params.schemaPath.includes(schema)) seen.cycle = params.path;
    return seen.schema;
  }
  const entry = { schema: {}, count: 1, cycle: undefined, path: params.path };
  ctx.seen.set(schema, entry);
  const childParams = { path: params.path, schemaPath: [...params.schemaPath, schema] };
  schema._emitJsonSchema(ctx, entry.schema, childParams);
  const parent = schema._zod.parent;
  if (parent) {
    if (!entry.ref) entry.ref = parent;
    emitSchema(parent, ctx, childParams);
    ctx.seen.get(parent).isParent = true;
  }
  const meta = ctx.metadata.get(schema);
  if (meta) Object.assign(entry.schema, meta);
  if (ctx.io === "input" && "_prefault" in entry.schema) entry.schema.default ??= entry.schema._prefault;
  delete entry.schema._prefault;
  return ctx.seen.get(schema).schema;
}

function emitChild(schema, ctx, params, ...pathSegments) {
  return emitSchema(schema, ctx, { ...params, path: [...params.path, ...pathSegments] });
}

/** Moves schemas with an `id`, cycles and (with `reused: "ref"`) shared schemas into definitions. */
function extractDefinitions(ctx, root) {
  if (!ctx.seen.get(root)) throw new Error("Unprocessed schema. This is a bug in Zod.");
  const owners = new Map();
  for (const [schema] of ctx.seen) {
    const id = ctx.metadata.get(schema)?.id;
    if (!id) continue;
    const owner = owners.get(id);
    if (owner && owner !== schema) {
      throw new Error(
        `Duplicate schema id "${id}" detected during JSON Schema conversion. Two different schemas cannot share the same id when converted together.`,
      );
    }
    owners.set(id, schema);
  }
  const definitionsKey = ctx.target === "draft-2020-12" ? "$defs" : "definitions";
  const moveToDefinition = (schema, seen) => {
    if (seen.schema.$ref) return;
    let ref = "#";
    if (schema !== root) {
      seen.defId = seen.schema.id ?? `__schema${ctx.counter++}`;
      ref = `#/${definitionsKey}/${seen.defId}`;
    }
    seen.def = { ...seen.schema };
    for (const key in seen.schema) delete seen.schema[key];
    seen.schema.$ref = ref;
  };
  if (ctx.cycles === "throw") {
    for (const [, seen] of ctx.seen) {
      if (seen.cycle) {
        throw new Error(
          "Cycle detected: " +
            `#/${seen.cycle?.join("/")}/<root>` +
            '\n\nSet the `cycles` parameter to `"ref"` to resolve cyclical schemas with defs.',
        );
      }
    }
  }
  for (const [schema, seen] of ctx.seen) {
    if (schema === root || ctx.metadata.get(schema)?.id || seen.cycle) {
      moveToDefinition(schema, seen);
    } else if (seen.count > 1 && ctx.reused === "ref") {
      moveToDefinition(schema, seen);
    }
  }
}

/** Removes from `schema` every key whose value equals the same key of `definition`. */
function dropKeysEqualTo(schema, definition) {
  for (const key in schema) {
    if (key === "$ref" || key === "allOf") continue;
    if (key in definition && JSON.stringify(schema[key]) === JSON.stringify(definition[key])) delete schema[key];
  }
}

/** Folds each schema's `ref` (wrapped schema) and `parent` (clone source) into its own fragment. */
function flattenReferences(ctx) {
  const flatten = (zodSchema) => {
    const seen = ctx.seen.get(zodSchema);
    if (seen.ref === null) return;
    const schema = seen.def ?? seen.schema;
    const own = { ...schema };
    const ref = seen.ref;
    seen.ref = null;
    if (ref) {
      flatten(ref);
      const refSeen = ctx.seen.get(ref);
      const refSchema = refSeen.schema;
      if (refSchema.$ref && LEGACY_REF_TARGETS.has(ctx.target)) {
        schema.allOf = schema.allOf ?? [];
        schema.allOf.push(refSchema);
      } else {
        Object.assign(schema, refSchema);
      }
      Object.assign(schema, own);
      if (zodSchema._zod.parent === ref) {
        for (const key in schema) {
          if (key === "$ref" || key === "allOf") continue;
          if (!(key in own)) delete schema[key];
        }
      }
      if (refSchema.$ref && refSeen.def) dropKeysEqualTo(schema, refSeen.def);
    }
    const parent = zodSchema._zod.parent;
    if (parent && parent !== ref) {
      flatten(parent);
      const parentSeen = ctx.seen.get(parent);
      if (parentSeen?.schema.$ref) {
        schema.$ref = parentSeen.schema.$ref;
        if (parentSeen.def) dropKeysEqualTo(schema, parentSeen.def);
      }
    }
    ctx.override({ zodSchema, jsonSchema: schema, path: seen.path ?? [] });
  };
  for (const [schema] of [...ctx.seen.entries()].reverse()) flatten(schema);
}

const SCHEMA_URIS = {
  "draft-2020-12": "https://json-schema.org/draft/2020-12/schema",
  "draft-07": "http://json-schema.org/draft-07/schema#",
  "draft-04": "http://json-schema.org/draft-04/schema#",
};

function assembleDocument(ctx, root) {
  const rootSeen = ctx.seen.get(root);
  flattenReferences(ctx);
  const result = {};
  if (SCHEMA_URIS[ctx.target]) result.$schema = SCHEMA_URIS[ctx.target];
  Object.assign(result, rootSeen.def ?? rootSeen.schema);
  const rootId = ctx.metadata.get(root)?.id;
  if (rootId !== undefined && result.id === rootId) delete result.id;
  const definitions = {};
  for (const [, seen] of ctx.seen) {
    if (seen.def && seen.defId) {
      if (seen.def.id === seen.defId) delete seen.def.id;
      definitions[seen.defId] = seen.def;
    }
  }
  if (Object.keys(definitions).length > 0) {
    result[ctx.target === "draft-2020-12" ? "$defs" : "definitions"] = definitions;
  }
  try {
    return JSON.parse(JSON.stringify(result));
  } catch {
    throw new Error("Error converting schema to JSON.");
  }
}

/** `z.toJSONSchema(schema, { target, io, override, cycles, reused, unrepresentable, metadata })`. */
export function toJSONSchema(schema, params) {
  if (schema instanceof $ZodRegistry) {
    throw new Error("toJSONSchema: converting a whole registry is not supported by this host");
  }
  const ctx = createJsonSchemaContext(params);
  emitSchema(schema, ctx);
  extractDefinitions(ctx, schema);
  return assembleDocument(ctx, schema);
}

function unrepresentable(ctx, what) {
  if (ctx.unrepresentable === "throw") throw new Error(`${what} cannot be represented in JSON Schema`);
}

// ───────────────────────────── validation plumbing ─────────────────────────────

let hostValidator = null;

/**
 * Installs the host's validator: `fn(schemaJson, value)` returns `{ ok: true, value }` or
 * `{ ok: false, issues: [{ path, message, code? }] }`. `schemaJson` is the schema's
 * `io: "input"` JSON Schema with `x-zod-unknown-keys` on every object; it is built once per
 * schema object and the same frozen object is passed on every call.
 */
export function setValidator(fn) {
  if (fn !== null && typeof fn !== "function") throw new TypeError("setValidator expects a function");
  hostValidator = fn;
}

/** How an object schema treats keys its shape does not name. */
function unknownKeysMode(objectSchema) {
  const catchall = objectSchema._zod.def.catchall;
  if (!catchall) return "strip";
  return catchall._zod.def.type === "never" ? "strict" : "passthrough";
}

function deepFreeze(value) {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze(value[key]);
  }
  return value;
}

const validationSchemas = new WeakMap();

/** The input-side JSON Schema the host validates against, with `x-zod-unknown-keys` on objects (cached). */
export function validationSchemaOf(schema) {
  let json = validationSchemas.get(schema);
  if (!json) {
    json = toJSONSchema(schema, {
      io: "input",
      override({ zodSchema, jsonSchema }) {
        if (zodSchema._zod.def.type === "object") jsonSchema["x-zod-unknown-keys"] = unknownKeysMode(zodSchema);
      },
    });
    deepFreeze(json);
    validationSchemas.set(schema, json);
  }
  return json;
}

function normalizeIssue(issue) {
  const { path, message, code, ...rest } = issue ?? {};
  return {
    ...rest,
    code: code ?? "custom",
    path: Array.isArray(path) ? path : [],
    message: message === undefined ? "Invalid input" : String(message),
  };
}

function formatPath(path) {
  let text = "";
  for (const segment of path) {
    if (typeof segment === "number") text += `[${segment}]`;
    else if (typeof segment === "symbol") text += `[${String(segment)}]`;
    else if (/[^\w$]/.test(segment)) text += `[${JSON.stringify(segment)}]`;
    else text += (text ? "." : "") + segment;
  }
  return text;
}

/** The error `parse` throws and `safeParse` returns: `issues` plus zod's JSON message. */
export class ZodError extends Error {
  constructor(issues) {
    super();
    Object.defineProperty(this, "issues", { value: issues, writable: true, enumerable: false, configurable: true });
    // An own accessor, so engines that give every Error an own `message` still show the issues.
    Object.defineProperty(this, "message", { get: () => JSON.stringify(this.issues, null, 2), configurable: true });
    Object.defineProperty(this, "_zod", { value: { def: issues }, enumerable: false, configurable: true });
    this.name = "ZodError";
  }
  get errors() {
    return this.issues;
  }
  get isEmpty() {
    return this.issues.length === 0;
  }
  addIssue(issue) {
    this.issues.push(normalizeIssue(issue));
  }
  flatten(mapIssue = (issue) => issue.message) {
    return flattenError(this, mapIssue);
  }
  format(mapIssue = (issue) => issue.message) {
    const tree = { _errors: [] };
    for (const issue of this.issues) {
      if (issue.path.length === 0) {
        tree._errors.push(mapIssue(issue));
        continue;
      }
      let node = tree;
      issue.path.forEach((segment, index) => {
        node[segment] = node[segment] ?? { _errors: [] };
        if (index === issue.path.length - 1) node[segment]._errors.push(mapIssue(issue));
        node = node[segment];
      });
    }
    return tree;
  }
  toString() {
    return this.message;
  }
}
export const ZodRealError = ZodError;

export function flattenError(error, mapIssue = (issue) => issue.message) {
  const fieldErrors = {};
  const formErrors = [];
  for (const issue of error.issues) {
    if (issue.path.length > 0) {
      fieldErrors[issue.path[0]] = fieldErrors[issue.path[0]] || [];
      fieldErrors[issue.path[0]].push(mapIssue(issue));
    } else {
      formErrors.push(mapIssue(issue));
    }
  }
  return { formErrors, fieldErrors };
}

export function treeifyError(error, mapIssue = (issue) => issue.message) {
  const tree = { errors: [] };
  for (const issue of error.issues) {
    let node = tree;
    for (const segment of issue.path) {
      if (typeof segment === "number") {
        node.items = node.items ?? [];
        node.items[segment] = node.items[segment] ?? { errors: [] };
        node = node.items[segment];
      } else {
        node.properties = node.properties ?? {};
        node.properties[segment] = node.properties[segment] ?? { errors: [] };
        node = node.properties[segment];
      }
    }
    node.errors.push(mapIssue(issue));
  }
  return tree;
}

export function prettifyError(error) {
  const lines = [];
  const issues = [...error.issues].sort((a, b) => (a.path ?? []).length - (b.path ?? []).length);
  for (const issue of issues) {
    lines.push(`✖ ${issue.message}`);
    if (issue.path?.length) lines.push(`  → at ${formatPath(issue.path)}`);
  }
  return lines.join("\n");
}

function containsRuntimeChecks(schema, visiting = new Set()) {
  if (visiting.has(schema)) return false;
  visiting.add(schema);
  const def = schema._zod.def;
  if ((def.checks ?? []).some((c) => c._zod.def.check === "custom" || c._zod.def.check === "overwrite")) return true;
  return childSchemasOf(schema).some((child) => containsRuntimeChecks(child, visiting));
}

function childSchemasOf(schema) {
  const def = schema._zod.def;
  switch (def.type) {
    case "object":
      return [...Object.keys(def.shape).map((k) => def.shape[k]), ...(def.catchall ? [def.catchall] : [])];
    case "array":
      return [def.element];
    case "tuple":
      return [...def.items, ...(def.rest ? [def.rest] : [])];
    case "record":
      return [def.valueType];
    case "intersection":
      return [def.left, def.right];
    case "lazy":
      return [schema._zod.innerType];
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "nonoptional":
    case "readonly":
      return [def.innerType];
    default:
      return [];
  }
}

/**
 * Runs what JSON Schema cannot express — `.refine`/`.superRefine`/`.check(fn)` and
 * `.overwrite`/`.trim()`-style rewrites — over a value the host validator already accepted.
 * Union branches are not descended into (which branch matched is unknown here).
 */
function applyRuntimeChecks(schema, value, path, issues, pending, isAsync) {
  const def = schema._zod.def;
  switch (def.type) {
    case "object":
      if (value && typeof value === "object") {
        for (const key of Object.keys(def.shape)) {
          const next = applyRuntimeChecks(def.shape[key], value[key], [...path, key], issues, pending, isAsync);
          if (next !== undefined || key in value) value[key] = next;
        }
      }
      break;
    case "array":
      if (Array.isArray(value)) {
        value.forEach((item, i) => {
          value[i] = applyRuntimeChecks(def.element, item, [...path, i], issues, pending, isAsync);
        });
      }
      break;
    case "tuple":
      if (Array.isArray(value)) {
        value.forEach((item, i) => {
          const itemSchema = def.items[i] ?? def.rest;
          if (itemSchema) value[i] = applyRuntimeChecks(itemSchema, item, [...path, i], issues, pending, isAsync);
        });
      }
      break;
    case "record":
      if (value && typeof value === "object") {
        for (const key of Object.keys(value)) {
          value[key] = applyRuntimeChecks(def.valueType, value[key], [...path, key], issues, pending, isAsync);
        }
      }
      break;
    case "intersection":
      value = applyRuntimeChecks(def.left, value, path, issues, pending, isAsync);
      value = applyRuntimeChecks(def.right, value, path, issues, pending, isAsync);
      break;
    case "lazy":
      value = applyRuntimeChecks(schema._zod.innerType, value, path, issues, pending, isAsync);
      break;
    case "optional":
    case "default":
    case "prefault":
    case "catch":
      if (value !== undefined) value = applyRuntimeChecks(def.innerType, value, path, issues, pending, isAsync);
      break;
    case "nullable":
      if (value !== null) value = applyRuntimeChecks(def.innerType, value, path, issues, pending, isAsync);
      break;
    case "nonoptional":
    case "readonly":
      value = applyRuntimeChecks(def.innerType, value, path, issues, pending, isAsync);
      break;
    default:
      break;
  }
  for (const check of def.checks ?? []) {
    const checkDef = check._zod.def;
    if (checkDef.check === "overwrite") {
      value = checkDef.tx(value);
    } else if (checkDef.check === "custom") {
      const payload = { value, issues: [] };
      const outcome = checkDef.fn(payload);
      const settle = () => {
        for (const issue of payload.issues) {
          const normalized = normalizeIssue(typeof issue === "string" ? { message: issue } : issue);
          normalized.path = [...path, ...normalized.path];
          issues.push(normalized);
        }
      };
      if (outcome instanceof Promise) {
        if (!isAsync) throw new Error("Encountered Promise during synchronous parse. Use .parseAsync() instead.");
        pending.push(outcome.then(settle));
      } else {
        settle();
      }
    }
  }
  return value;
}

function runHostValidator(schema, data) {
  if (!hostValidator) {
    throw new Error(
      "zod (omp-host): no validator installed; the host must call setValidator(fn) before safeParse/parse can run",
    );
  }
  return hostValidator(validationSchemaOf(schema), data);
}

function completeParse(schema, outcome, isAsync) {
  if (!outcome || !outcome.ok) {
    return { success: false, error: new ZodError((outcome?.issues ?? []).map(normalizeIssue)) };
  }
  let data = outcome.value;
  const issues = [];
  const pending = [];
  if (schema._zod.hasRuntimeChecks) data = applyRuntimeChecks(schema, data, [], issues, pending, isAsync);
  const finish = () => (issues.length ? { success: false, error: new ZodError(issues) } : { success: true, data });
  return pending.length ? Promise.all(pending).then(finish) : finish();
}

function safeParseWith(schema, data) {
  return completeParse(schema, runHostValidator(schema, data), false);
}

async function safeParseAsyncWith(schema, data) {
  return completeParse(schema, await runHostValidator(schema, data), true);
}

function unwrapResult(result) {
  if (result.success) return result.data;
  throw result.error;
}

// ───────────────────────────── schema classes ─────────────────────────────

/** Base of every schema: `_zod` internals, the parse family, metadata and the shared chain methods. */
export class ZodType {
  constructor(def) {
    const internals = {
      def,
      bag: {},
      version: VERSION,
      constr: new.target,
      traits: new Set(new.target.traitNames ?? ["$ZodType", "ZodType"]),
      parent: undefined,
    };
    this._zod = internals;
    this.def = def;
    this.type = def.type;
    Object.defineProperty(this, "_def", { value: def });
    if (def.check) attachCheck(internals.bag, def);
    for (const check of def.checks ?? []) attachCheck(internals.bag, check._zod.def);
    defineCachedGetter(internals, "hasRuntimeChecks", () => containsRuntimeChecks(this));
    this.parse = (data) => unwrapResult(safeParseWith(this, data));
    this.safeParse = (data) => safeParseWith(this, data);
    this.parseAsync = async (data) => unwrapResult(await safeParseAsyncWith(this, data));
    this.safeParseAsync = (data) => safeParseAsyncWith(this, data);
    this.spa = this.safeParseAsync;
  }

  _emitJsonSchema(ctx) {
    unrepresentable(ctx, `Type "${this._zod.def.type}"`);
  }

  get description() {
    return globalRegistry.get(this)?.description;
  }

  toJSONSchema(params) {
    return toJSONSchema(this, params);
  }

  clone(def, params) {
    const copy = new this._zod.constr(def ?? this._zod.def);
    if (!def || params?.parent) copy._zod.parent = this;
    return copy;
  }

  check(...checks) {
    const def = this._zod.def;
    const added = checks.map((c) => (typeof c === "function" ? makeCheck({ check: "custom", fn: c }) : c));
    return this.clone(mergeDefs(def, { checks: [...(def.checks ?? []), ...added] }), { parent: true });
  }
  with(...checks) {
    return this.check(...checks);
  }
  refine(fn, params) {
    const options = typeof params === "string" ? { message: params } : (params ?? {});
    const issueOf = (value) => {
      const message =
        typeof options.error === "function" ? options.error({ input: value }) : (options.error ?? options.message);
      const text = typeof message === "object" && message !== null ? message.message : message;
      return { code: "custom", path: options.path ?? [], message: text ?? "Invalid input", input: value };
    };
    return this.check(
      makeCheck({
        check: "custom",
        fn: (payload) => {
          const ok = fn(payload.value);
          if (ok instanceof Promise) {
            return ok.then((passed) => {
              if (!passed) payload.issues.push(issueOf(payload.value));
            });
          }
          if (!ok) payload.issues.push(issueOf(payload.value));
        },
      }),
    );
  }
  superRefine(fn) {
    return this.check(
      makeCheck({
        check: "custom",
        fn: (payload) =>
          fn(payload.value, {
            value: payload.value,
            addIssue: (issue) => payload.issues.push(typeof issue === "string" ? { message: issue } : issue),
          }),
      }),
    );
  }
  overwrite(tx) {
    return this.check(makeCheck({ check: "overwrite", tx }));
  }
  optional() {
    return optional(this);
  }
  exactOptional() {
    return optional(this);
  }
  nullable() {
    return nullable(this);
  }
  nullish() {
    return optional(nullable(this));
  }
  nonoptional(params) {
    return nonoptional(this, params);
  }
  array() {
    return array(this);
  }
  or(other) {
    return union([this, other]);
  }
  and(other) {
    return intersection(this, other);
  }
  default(value) {
    return _default(this, value);
  }
  prefault(value) {
    return prefault(this, value);
  }
  catch(value) {
    return _catch(this, value);
  }
  readonly() {
    return readonly(this);
  }
  brand() {
    return this;
  }
  register(reg, meta) {
    reg.add(this, meta);
    return this;
  }
  describe(description) {
    const copy = this.clone();
    globalRegistry.add(copy, { description });
    return copy;
  }
  meta(...args) {
    if (args.length === 0) return globalRegistry.get(this);
    const copy = this.clone();
    globalRegistry.add(copy, args[0]);
    return copy;
  }
  isOptional() {
    return acceptsUndefined(this);
  }
  isNullable() {
    return acceptsNull(this);
  }
  apply(fn) {
    return fn(this);
  }
  transform() {
    throw new Error("zod (omp-host): .transform() is not supported; tool parameters must be plain JSON Schema");
  }
  pipe() {
    throw new Error("zod (omp-host): .pipe() is not supported; tool parameters must be plain JSON Schema");
  }
}
ZodType.traitNames = ["$ZodType", "ZodType"];

function traitsFor(name) {
  return ["$ZodType", "ZodType", `$Zod${name}`, `Zod${name}`];
}

function acceptsUndefined(schema) {
  const def = schema._zod.def;
  if (schema._zod.optin === "optional") return true;
  if (def.type === "any" || def.type === "unknown") return true;
  if (def.type === "union") return def.options.some(acceptsUndefined);
  if (def.type === "nullable" || def.type === "readonly") return acceptsUndefined(def.innerType);
  return false;
}

function acceptsNull(schema) {
  const def = schema._zod.def;
  switch (def.type) {
    case "nullable":
    case "null":
    case "any":
    case "unknown":
      return true;
    case "literal":
      return def.values.includes(null);
    case "union":
      return def.options.some(acceptsNull);
    case "optional":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return def.type === "catch" || acceptsNull(def.innerType);
    default:
      return false;
  }
}

// ── strings ──

const STRING_FORMAT_NAMES = { guid: "uuid", url: "uri", datetime: "date-time", json_string: "json-string", regex: "" };

/** Checks every string schema has; `ZodString` adds the format methods, format schemas do not. */
class ZodStringChecks extends ZodType {
  constructor(def) {
    super(def);
    const bag = this._zod.bag;
    this.format = bag.format ?? null;
    this.minLength = bag.minimum ?? null;
    this.maxLength = bag.maximum ?? null;
  }
  _emitJsonSchema(ctx, json) {
    json.type = "string";
    const { minimum, maximum, format, patterns, contentEncoding } = this._zod.bag;
    if (typeof minimum === "number") json.minLength = minimum;
    if (typeof maximum === "number") json.maxLength = maximum;
    if (format) {
      json.format = STRING_FORMAT_NAMES[format] ?? format;
      if (json.format === "" || format === "time") delete json.format;
    }
    if (contentEncoding) json.contentEncoding = contentEncoding;
    if (patterns && patterns.size > 0) {
      const regexes = [...patterns];
      if (regexes.length === 1) {
        json.pattern = regexes[0].source;
      } else {
        const typed = LEGACY_REF_TARGETS.has(ctx.target);
        json.allOf = regexes.map((regex) => ({ ...(typed ? { type: "string" } : {}), pattern: regex.source }));
      }
    }
  }
  min(n, params) {
    return this.check(makeCheck({ check: "min_length", minimum: n, ...normalizeParams(params) }));
  }
  max(n, params) {
    return this.check(makeCheck({ check: "max_length", maximum: n, ...normalizeParams(params) }));
  }
  length(n, params) {
    return this.check(makeCheck({ check: "length_equals", length: n, ...normalizeParams(params) }));
  }
  nonempty(params) {
    return this.min(1, params);
  }
  regex(pattern, params) {
    return this.check(makeCheck({ check: "string_format", format: "regex", pattern, ...normalizeParams(params) }));
  }
  includes(text, params) {
    const position = typeof params === "object" ? params?.position : undefined;
    const pattern = new RegExp(
      typeof position === "number" ? `^.{${position}}${escapeRegex(text)}` : escapeRegex(text),
    );
    return this.check(makeCheck({ check: "string_format", format: "includes", includes: text, position, pattern }));
  }
  startsWith(prefix, params) {
    const pattern = new RegExp(`^${escapeRegex(prefix)}.*`);
    return this.check(makeCheck({ check: "string_format", format: "starts_with", prefix, pattern, ...normalizeParams(params) }));
  }
  endsWith(suffix, params) {
    const pattern = new RegExp(`.*${escapeRegex(suffix)}$`);
    return this.check(makeCheck({ check: "string_format", format: "ends_with", suffix, pattern, ...normalizeParams(params) }));
  }
  lowercase(params) {
    return this.check(makeCheck({ check: "string_format", format: "lowercase", pattern: FORMAT_PATTERNS.lowercase, ...normalizeParams(params) }));
  }
  uppercase(params) {
    return this.check(makeCheck({ check: "string_format", format: "uppercase", pattern: FORMAT_PATTERNS.uppercase, ...normalizeParams(params) }));
  }
  trim() {
    return this.overwrite((value) => value.trim());
  }
  toLowerCase() {
    return this.overwrite((value) => value.toLowerCase());
  }
  toUpperCase() {
    return this.overwrite((value) => value.toUpperCase());
  }
  normalize(form) {
    return this.overwrite((value) => value.normalize(form));
  }
}

export class ZodString extends ZodStringChecks {
  email(params) {
    return this.check(email(params));
  }
  url(params) {
    return this.check(url(params));
  }
  uuid(params) {
    return this.check(uuid(params));
  }
  uuidv4(params) {
    return this.check(uuidv4(params));
  }
  uuidv6(params) {
    return this.check(uuidv6(params));
  }
  uuidv7(params) {
    return this.check(uuidv7(params));
  }
  guid(params) {
    return this.check(guid(params));
  }
  ipv4(params) {
    return this.check(ipv4(params));
  }
  ipv6(params) {
    return this.check(ipv6(params));
  }
  datetime(params) {
    return this.check(iso.datetime(params));
  }
  date(params) {
    return this.check(iso.date(params));
  }
  time(params) {
    return this.check(iso.time(params));
  }
}
ZodStringChecks.traitNames = ["$ZodType", "ZodType", "$ZodString", "_ZodString"];
ZodString.traitNames = [...traitsFor("String"), "_ZodString"];

/** A string schema that is also its own format check (`z.email()`, `z.uuid()`, `z.iso.date()`, …). */
export class ZodStringFormat extends ZodStringChecks {}
ZodStringFormat.traitNames = ["$ZodType", "ZodType", "$ZodString", "_ZodString", "$ZodStringFormat", "ZodStringFormat", "$ZodCheck"];

export function string(params) {
  return new ZodString({ type: "string", ...normalizeParams(params) });
}

function stringFormat(format, pattern, params) {
  return new ZodStringFormat({
    type: "string",
    check: "string_format",
    format,
    ...(pattern ? { pattern } : {}),
    abort: false,
    ...normalizeParams(params),
  });
}

export function email(params) {
  const custom = typeof params === "object" ? params?.pattern : undefined;
  return stringFormat("email", custom ?? FORMAT_PATTERNS.email, params);
}
export function url(params) {
  return stringFormat("url", undefined, params);
}
export function httpUrl(params) {
  return stringFormat("url", undefined, params);
}
export function uuid(params) {
  const version = typeof params === "object" ? params?.version : undefined;
  return stringFormat("uuid", uuidPattern(version ? Number(String(version).replace(/^v/, "")) : undefined), params);
}
export function uuidv4(params) {
  return stringFormat("uuid", uuidPattern(4), params);
}
export function uuidv6(params) {
  return stringFormat("uuid", uuidPattern(6), params);
}
export function uuidv7(params) {
  return stringFormat("uuid", uuidPattern(7), params);
}
export function guid(params) {
  return stringFormat("guid", FORMAT_PATTERNS.guid, params);
}
export function ipv4(params) {
  return stringFormat("ipv4", FORMAT_PATTERNS.ipv4, params);
}
export function ipv6(params) {
  return stringFormat("ipv6", FORMAT_PATTERNS.ipv6, params);
}

function isoOptions(params) {
  return typeof params === "object" && params !== null ? params : {};
}

export const iso = Object.freeze({
  datetime(params) {
    const options = isoOptions(params);
    return stringFormat("datetime", isoDateTimePattern(options), {
      offset: false,
      local: false,
      precision: null,
      ...normalizeParams(params),
    });
  },
  date(params) {
    return stringFormat("date", FORMAT_PATTERNS.date, params);
  },
  time(params) {
    const options = isoOptions(params);
    return stringFormat("time", isoTimePattern(options), { precision: null, ...normalizeParams(params) });
  },
});

// ── numbers ──

export class ZodNumber extends ZodType {
  constructor(def) {
    super(def);
    const bag = this._zod.bag;
    this.minValue = Math.max(bag.minimum ?? Number.NEGATIVE_INFINITY, bag.exclusiveMinimum ?? Number.NEGATIVE_INFINITY);
    this.maxValue = Math.min(bag.maximum ?? Number.POSITIVE_INFINITY, bag.exclusiveMaximum ?? Number.POSITIVE_INFINITY);
    this.isInt = (bag.format ?? "").includes("int") || Number.isSafeInteger(bag.multipleOf ?? 0.5);
    this.isFinite = true;
    this.format = bag.format ?? null;
  }
  _emitJsonSchema(ctx, json) {
    const { minimum, maximum, format, multipleOf, exclusiveMaximum, exclusiveMinimum } = this._zod.bag;
    json.type = typeof format === "string" && format.includes("int") ? "integer" : "number";
    const useExclusiveMin =
      typeof exclusiveMinimum === "number" && exclusiveMinimum >= (minimum ?? Number.NEGATIVE_INFINITY);
    const useExclusiveMax =
      typeof exclusiveMaximum === "number" && exclusiveMaximum <= (maximum ?? Number.POSITIVE_INFINITY);
    const booleanExclusives = ctx.target === "draft-04" || ctx.target === "openapi-3.0";
    if (useExclusiveMin) {
      if (booleanExclusives) {
        json.minimum = exclusiveMinimum;
        json.exclusiveMinimum = true;
      } else {
        json.exclusiveMinimum = exclusiveMinimum;
      }
    } else if (typeof minimum === "number") {
      json.minimum = minimum;
    }
    if (useExclusiveMax) {
      if (booleanExclusives) {
        json.maximum = exclusiveMaximum;
        json.exclusiveMaximum = true;
      } else {
        json.exclusiveMaximum = exclusiveMaximum;
      }
    } else if (typeof maximum === "number") {
      json.maximum = maximum;
    }
    if (typeof multipleOf === "number") json.multipleOf = multipleOf;
  }
  _bound(check, value, inclusive, params) {
    return this.check(makeCheck({ check, value, inclusive, ...normalizeParams(params) }));
  }
  gt(value, params) {
    return this._bound("greater_than", value, false, params);
  }
  gte(value, params) {
    return this._bound("greater_than", value, true, params);
  }
  min(value, params) {
    return this.gte(value, params);
  }
  lt(value, params) {
    return this._bound("less_than", value, false, params);
  }
  lte(value, params) {
    return this._bound("less_than", value, true, params);
  }
  max(value, params) {
    return this.lte(value, params);
  }
  positive(params) {
    return this.gt(0, params);
  }
  nonnegative(params) {
    return this.gte(0, params);
  }
  negative(params) {
    return this.lt(0, params);
  }
  nonpositive(params) {
    return this.lte(0, params);
  }
  int(params) {
    return this.check(int(params));
  }
  safe(params) {
    return this.check(int(params));
  }
  multipleOf(value, params) {
    return this.check(makeCheck({ check: "multiple_of", value, ...normalizeParams(params) }));
  }
  step(value, params) {
    return this.multipleOf(value, params);
  }
  finite() {
    return this;
  }
}
ZodNumber.traitNames = traitsFor("Number");

/** A number schema that is also its own format check (`z.int()`, `z.int32()`, …). */
export class ZodNumberFormat extends ZodNumber {}
ZodNumberFormat.traitNames = [...traitsFor("Number"), "$ZodNumberFormat", "ZodNumberFormat", "$ZodCheck"];

export function number(params) {
  return new ZodNumber({ type: "number", checks: [], ...normalizeParams(params) });
}

function numberFormat(format, params) {
  return new ZodNumberFormat({ type: "number", check: "number_format", abort: false, format, ...normalizeParams(params) });
}
export function int(params) {
  return numberFormat("safeint", params);
}
export function int32(params) {
  return numberFormat("int32", params);
}
export function uint32(params) {
  return numberFormat("uint32", params);
}
export function float32(params) {
  return numberFormat("float32", params);
}
export function float64(params) {
  return numberFormat("float64", params);
}

// ── simple types ──

export class ZodBoolean extends ZodType {
  _emitJsonSchema(ctx, json) {
    json.type = "boolean";
  }
}
ZodBoolean.traitNames = traitsFor("Boolean");
export function boolean(params) {
  return new ZodBoolean({ type: "boolean", ...normalizeParams(params) });
}

export class ZodNull extends ZodType {
  constructor(def) {
    super(def);
    this._zod.values = new Set([null]);
  }
  _emitJsonSchema(ctx, json) {
    if (ctx.target === "openapi-3.0") {
      json.type = "string";
      json.nullable = true;
      json.enum = [null];
    } else {
      json.type = "null";
    }
  }
}
ZodNull.traitNames = traitsFor("Null");
function _null(params) {
  return new ZodNull({ type: "null", ...normalizeParams(params) });
}

export class ZodAny extends ZodType {
  _emitJsonSchema() {}
}
ZodAny.traitNames = traitsFor("Any");
export function any() {
  return new ZodAny({ type: "any" });
}

export class ZodUnknown extends ZodType {
  _emitJsonSchema() {}
}
ZodUnknown.traitNames = traitsFor("Unknown");
export function unknown() {
  return new ZodUnknown({ type: "unknown" });
}

export class ZodNever extends ZodType {
  _emitJsonSchema(ctx, json) {
    json.not = {};
  }
}
ZodNever.traitNames = traitsFor("Never");
export function never(params) {
  return new ZodNever({ type: "never", ...normalizeParams(params) });
}

// ── enums and literals ──

export class ZodEnum extends ZodType {
  constructor(def) {
    super(def);
    const values = enumValuesOf(def.entries);
    this._zod.values = new Set(values);
    this.enum = def.entries;
    this.options = Object.values(def.entries);
  }
  _emitJsonSchema(ctx, json) {
    const values = enumValuesOf(this._zod.def.entries);
    if (values.every((v) => typeof v === "number")) json.type = "number";
    if (values.every((v) => typeof v === "string")) json.type = "string";
    json.enum = values;
  }
  extract(values, params) {
    const entries = {};
    for (const value of values) {
      if (!this._zod.values.has(value)) throw new Error(`Key ${value} not found in enum`);
      entries[value] = value;
    }
    return new ZodEnum({ ...this._zod.def, checks: [], ...normalizeParams(params), entries });
  }
  exclude(values, params) {
    const entries = { ...this._zod.def.entries };
    for (const value of values) {
      if (!this._zod.values.has(value)) throw new Error(`Key ${value} not found in enum`);
      delete entries[value];
    }
    return new ZodEnum({ ...this._zod.def, checks: [], ...normalizeParams(params), entries });
  }
}
ZodEnum.traitNames = traitsFor("Enum");

function _enum(values, params) {
  const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
  return new ZodEnum({ type: "enum", entries, ...normalizeParams(params) });
}
export function nativeEnum(entries, params) {
  return new ZodEnum({ type: "enum", entries, ...normalizeParams(params) });
}

export class ZodLiteral extends ZodType {
  constructor(def) {
    if (def.values.length === 0) throw new Error("Cannot create literal schema with no valid values");
    super(def);
    this._zod.values = new Set(def.values);
    this.values = new Set(def.values);
  }
  get value() {
    if (this._zod.def.values.length > 1) {
      throw new Error("This schema contains multiple valid literal values. Use `.values` instead.");
    }
    return this._zod.def.values[0];
  }
  _emitJsonSchema(ctx, json) {
    const values = [];
    for (const value of this._zod.def.values) {
      if (value === undefined) {
        unrepresentable(ctx, "Literal `undefined`");
      } else if (typeof value === "bigint") {
        unrepresentable(ctx, "BigInt literals");
        values.push(Number(value));
      } else {
        values.push(value);
      }
    }
    if (values.length === 1) {
      const value = values[0];
      json.type = value === null ? "null" : typeof value;
      if (ctx.target === "draft-04" || ctx.target === "openapi-3.0") json.enum = [value];
      else json.const = value;
    } else if (values.length > 1) {
      if (values.every((v) => typeof v === "number")) json.type = "number";
      if (values.every((v) => typeof v === "string")) json.type = "string";
      if (values.every((v) => typeof v === "boolean")) json.type = "boolean";
      if (values.every((v) => v === null)) json.type = "null";
      json.enum = values;
    }
  }
}
ZodLiteral.traitNames = traitsFor("Literal");
export function literal(value, params) {
  return new ZodLiteral({ type: "literal", values: Array.isArray(value) ? value : [value], ...normalizeParams(params) });
}

// ── arrays and tuples ──

export class ZodArray extends ZodType {
  get element() {
    return this._zod.def.element;
  }
  unwrap() {
    return this._zod.def.element;
  }
  _emitJsonSchema(ctx, json, params) {
    const { minimum, maximum } = this._zod.bag;
    if (typeof minimum === "number") json.minItems = minimum;
    if (typeof maximum === "number") json.maxItems = maximum;
    json.type = "array";
    json.items = emitChild(this._zod.def.element, ctx, params, "items");
  }
  min(n, params) {
    return this.check(makeCheck({ check: "min_length", minimum: n, ...normalizeParams(params) }));
  }
  max(n, params) {
    return this.check(makeCheck({ check: "max_length", maximum: n, ...normalizeParams(params) }));
  }
  length(n, params) {
    return this.check(makeCheck({ check: "length_equals", length: n, ...normalizeParams(params) }));
  }
  nonempty(params) {
    return this.min(1, params);
  }
}
ZodArray.traitNames = traitsFor("Array");
export function array(element, params) {
  return new ZodArray({ type: "array", element, ...normalizeParams(params) });
}

export class ZodTuple extends ZodType {
  get items() {
    return this._zod.def.items;
  }
  rest(restSchema) {
    return this.clone({ ...this._zod.def, rest: restSchema });
  }
  _emitJsonSchema(ctx, json, params) {
    const def = this._zod.def;
    json.type = "array";
    const prefixKey = ctx.target === "draft-2020-12" ? "prefixItems" : "items";
    const restKey =
      ctx.target === "draft-2020-12" || ctx.target === "openapi-3.0" ? "items" : "additionalItems";
    const prefixItems = def.items.map((item, i) => emitChild(item, ctx, params, prefixKey, i));
    const rest = def.rest
      ? emitChild(def.rest, ctx, params, restKey, ...(ctx.target === "openapi-3.0" ? [def.items.length] : []))
      : null;
    if (ctx.target === "draft-2020-12") {
      json.prefixItems = prefixItems;
      if (rest) json.items = rest;
    } else if (ctx.target === "openapi-3.0") {
      json.items = { anyOf: prefixItems };
      if (rest) json.items.anyOf.push(rest);
      json.minItems = prefixItems.length;
      if (!rest) json.maxItems = prefixItems.length;
    } else {
      json.items = prefixItems;
      if (rest) json.additionalItems = rest;
    }
    const { minimum, maximum } = this._zod.bag;
    if (typeof minimum === "number") json.minItems = minimum;
    if (typeof maximum === "number") json.maxItems = maximum;
  }
}
ZodTuple.traitNames = traitsFor("Tuple");
export function tuple(items, restOrParams, params) {
  const hasRest = restOrParams instanceof ZodType;
  return new ZodTuple({
    type: "tuple",
    items,
    rest: hasRest ? restOrParams : null,
    ...normalizeParams(hasRest ? params : restOrParams),
  });
}

// ── objects ──

export class ZodObject extends ZodType {
  get shape() {
    return this._zod.def.shape;
  }
  _emitJsonSchema(ctx, json, params) {
    const def = this._zod.def;
    const shape = def.shape;
    json.type = "object";
    json.properties = {};
    for (const key in shape) json.properties[key] = emitChild(shape[key], ctx, params, "properties", key);
    const required = Object.keys(shape).filter((key) => {
      const internals = shape[key]._zod;
      return ctx.io === "input" ? internals.optin === undefined : internals.optout === undefined;
    });
    if (required.length > 0) json.required = required;
    if (def.catchall?._zod.def.type === "never") {
      json.additionalProperties = false;
    } else if (!def.catchall) {
      if (ctx.io === "output") json.additionalProperties = false;
    } else {
      json.additionalProperties = emitChild(def.catchall, ctx, params, "additionalProperties");
    }
  }
  keyof() {
    return _enum(Object.keys(this._zod.def.shape));
  }
  catchall(schema) {
    return this.clone({ ...this._zod.def, catchall: schema });
  }
  passthrough() {
    return this.clone({ ...this._zod.def, catchall: unknown() });
  }
  loose() {
    return this.clone({ ...this._zod.def, catchall: unknown() });
  }
  strict() {
    return this.clone({ ...this._zod.def, catchall: never() });
  }
  strip() {
    return this.clone({ ...this._zod.def, catchall: undefined });
  }
  _withShape(computeShape, extra = {}) {
    const def = mergeDefs(this._zod.def, extra);
    defineCachedGetter(def, "shape", computeShape);
    return this.clone(def);
  }
  _assertNoRefinements(method) {
    if ((this._zod.def.checks ?? []).length > 0) {
      throw new Error(`.${method}() cannot be used on object schemas containing refinements`);
    }
  }
  extend(incoming) {
    if (!isPlainObject(incoming)) throw new Error("Invalid input to extend: expected a plain object");
    const current = this._zod.def.shape;
    if ((this._zod.def.checks ?? []).length > 0) {
      for (const key in incoming) {
        if (Object.getOwnPropertyDescriptor(current, key) !== undefined) {
          throw new Error(
            "Cannot overwrite keys on object schemas containing refinements. Use `.safeExtend()` instead.",
          );
        }
      }
    }
    return this._withShape(() => ({ ...current, ...incoming }));
  }
  safeExtend(incoming) {
    if (!isPlainObject(incoming)) throw new Error("Invalid input to safeExtend: expected a plain object");
    const current = this._zod.def.shape;
    return this._withShape(() => ({ ...current, ...incoming }));
  }
  merge(other) {
    if ((this._zod.def.checks ?? []).length > 0) {
      throw new Error(".merge() cannot be used on object schemas containing refinements. Use .safeExtend() instead.");
    }
    const current = this._zod.def.shape;
    const otherDef = other._zod.def;
    return this._withShape(() => ({ ...current, ...otherDef.shape }), {
      catchall: otherDef.catchall,
      checks: otherDef.checks ?? [],
    });
  }
  pick(mask) {
    this._assertNoRefinements("pick");
    const current = this._zod.def.shape;
    return this._withShape(
      () => {
        const shape = {};
        for (const key in mask) {
          if (!(key in current)) throw new Error(`Unrecognized key: "${key}"`);
          if (mask[key]) shape[key] = current[key];
        }
        return shape;
      },
      { checks: [] },
    );
  }
  omit(mask) {
    this._assertNoRefinements("omit");
    const current = this._zod.def.shape;
    return this._withShape(
      () => {
        const shape = { ...current };
        for (const key in mask) {
          if (!(key in current)) throw new Error(`Unrecognized key: "${key}"`);
          if (mask[key]) delete shape[key];
        }
        return shape;
      },
      { checks: [] },
    );
  }
  partial(mask) {
    this._assertNoRefinements("partial");
    const current = this._zod.def.shape;
    return this._withShape(
      () => wrapShapeKeys(current, mask, (schema) => new ZodOptional({ type: "optional", innerType: schema })),
      { checks: [] },
    );
  }
  required(mask) {
    const current = this._zod.def.shape;
    return this._withShape(() =>
      wrapShapeKeys(current, mask, (schema) => new ZodNonOptional({ type: "nonoptional", innerType: schema })),
    );
  }
}
ZodObject.traitNames = traitsFor("Object");

/** A copy of `shape` with every key (or every key set in `mask`) wrapped by `wrap`. */
function wrapShapeKeys(shape, mask, wrap) {
  const result = { ...shape };
  if (mask) {
    for (const key in mask) {
      if (!(key in shape)) throw new Error(`Unrecognized key: "${key}"`);
      if (mask[key]) result[key] = wrap(shape[key]);
    }
  } else {
    for (const key in shape) result[key] = wrap(shape[key]);
  }
  return result;
}

export function object(shape, params) {
  return new ZodObject({ type: "object", shape: shape ?? {}, ...normalizeParams(params) });
}
export function strictObject(shape, params) {
  return new ZodObject({ type: "object", shape, catchall: never(), ...normalizeParams(params) });
}
export function looseObject(shape, params) {
  return new ZodObject({ type: "object", shape, catchall: unknown(), ...normalizeParams(params) });
}

// ── records ──

export class ZodRecord extends ZodType {
  get keyType() {
    return this._zod.def.keyType;
  }
  get valueType() {
    return this._zod.def.valueType;
  }
  _emitJsonSchema(ctx, json, params) {
    const def = this._zod.def;
    json.type = "object";
    const keyPatterns = def.keyType._zod.bag?.patterns;
    if (def.mode === "loose" && keyPatterns && keyPatterns.size > 0) {
      const valueSchema = emitChild(def.valueType, ctx, params, "patternProperties", "*");
      json.patternProperties = {};
      for (const pattern of keyPatterns) json.patternProperties[pattern.source] = valueSchema;
    } else {
      if (ctx.target === "draft-07" || ctx.target === "draft-2020-12") {
        json.propertyNames = emitChild(def.keyType, ctx, params, "propertyNames");
      }
      json.additionalProperties = emitChild(def.valueType, ctx, params, "additionalProperties");
    }
    const keyValues = def.keyType._zod.values;
    if (keyValues) {
      const required = [...keyValues].filter((v) => typeof v === "string" || typeof v === "number");
      if (required.length > 0) json.required = required;
    }
  }
}
ZodRecord.traitNames = traitsFor("Record");

export function record(keyType, valueType, params) {
  if (!valueType || !valueType._zod) {
    return new ZodRecord({ type: "record", keyType: string(), valueType: keyType, ...normalizeParams(valueType) });
  }
  return new ZodRecord({ type: "record", keyType, valueType, ...normalizeParams(params) });
}
export function partialRecord(keyType, valueType, params) {
  const keys = keyType.clone();
  keys._zod.values = undefined;
  return new ZodRecord({ type: "record", keyType: keys, valueType, ...normalizeParams(params) });
}
export function looseRecord(keyType, valueType, params) {
  return new ZodRecord({ type: "record", keyType, valueType, mode: "loose", ...normalizeParams(params) });
}

// ── unions and intersections ──

export class ZodUnion extends ZodType {
  constructor(def) {
    super(def);
    const internals = this._zod;
    defineCachedGetter(internals, "optin", () =>
      def.options.some((o) => o._zod.optin === "optional") ? "optional" : undefined,
    );
    defineCachedGetter(internals, "optout", () =>
      def.options.some((o) => o._zod.optout === "optional") ? "optional" : undefined,
    );
    defineCachedGetter(internals, "values", () =>
      def.options.every((o) => o._zod.values) ? new Set(def.options.flatMap((o) => [...o._zod.values])) : undefined,
    );
  }
  get options() {
    return this._zod.def.options;
  }
  _emitJsonSchema(ctx, json, params) {
    const def = this._zod.def;
    const exclusive = def.inclusive === false;
    const options = def.options.map((option, i) => emitChild(option, ctx, params, exclusive ? "oneOf" : "anyOf", i));
    if (exclusive) json.oneOf = options;
    else json.anyOf = options;
  }
}
ZodUnion.traitNames = traitsFor("Union");

export function union(options, params) {
  return new ZodUnion({ type: "union", options, ...normalizeParams(params) });
}
export function xor(options, params) {
  return new ZodUnion({ type: "union", options, inclusive: false, ...normalizeParams(params) });
}
export function discriminatedUnion(discriminator, options, params) {
  return new ZodUnion({ type: "union", options, discriminator, inclusive: false, ...normalizeParams(params) });
}

export class ZodIntersection extends ZodType {
  _emitJsonSchema(ctx, json, params) {
    const def = this._zod.def;
    const left = emitChild(def.left, ctx, params, "allOf", 0);
    const right = emitChild(def.right, ctx, params, "allOf", 1);
    const isBareAllOf = (schema) => "allOf" in schema && Object.keys(schema).length === 1;
    json.allOf = [...(isBareAllOf(left) ? left.allOf : [left]), ...(isBareAllOf(right) ? right.allOf : [right])];
  }
}
ZodIntersection.traitNames = traitsFor("Intersection");
export function intersection(left, right) {
  return new ZodIntersection({ type: "intersection", left, right });
}

// ── wrappers ──

/** A schema that wraps `def.innerType`; its JSON Schema is the inner one plus its own keys. */
class ZodWrapper extends ZodType {
  unwrap() {
    return this._zod.def.innerType;
  }
  _emitInner(ctx, params) {
    const inner = this._zod.def.innerType;
    emitSchema(inner, ctx, params);
    ctx.seen.get(this).ref = inner;
  }
  _emitJsonSchema(ctx, json, params) {
    this._emitInner(ctx, params);
  }
}

function inheritFromInner(schema, keys) {
  const inner = schema._zod.def.innerType;
  for (const key of keys) defineCachedGetter(schema._zod, key, () => inner._zod[key]);
}

export class ZodOptional extends ZodWrapper {
  constructor(def) {
    super(def);
    this._zod.optin = "optional";
    this._zod.optout = "optional";
    defineCachedGetter(this._zod, "values", () => {
      const values = def.innerType._zod.values;
      return values ? new Set([...values, undefined]) : undefined;
    });
  }
}
ZodOptional.traitNames = traitsFor("Optional");
export function optional(innerType) {
  return new ZodOptional({ type: "optional", innerType });
}

export class ZodNullable extends ZodWrapper {
  constructor(def) {
    super(def);
    inheritFromInner(this, ["optin", "optout"]);
    defineCachedGetter(this._zod, "values", () => {
      const values = def.innerType._zod.values;
      return values ? new Set([...values, null]) : undefined;
    });
  }
  _emitJsonSchema(ctx, json, params) {
    const inner = emitSchema(this._zod.def.innerType, ctx, params);
    if (ctx.target === "openapi-3.0") {
      ctx.seen.get(this).ref = this._zod.def.innerType;
      json.nullable = true;
    } else {
      json.anyOf = [inner, { type: "null" }];
    }
  }
}
ZodNullable.traitNames = traitsFor("Nullable");
export function nullable(innerType) {
  return new ZodNullable({ type: "nullable", innerType });
}
export function nullish(innerType) {
  return optional(nullable(innerType));
}

/** A default value as zod keeps it: functions are called, other values shallow-copied per read. */
function defaultValueDef(value) {
  return {
    get defaultValue() {
      if (typeof value === "function") return value();
      if (Array.isArray(value)) return [...value];
      if (isPlainObject(value)) return { ...value };
      return value;
    },
  };
}

export class ZodDefault extends ZodWrapper {
  constructor(def) {
    super(def);
    this._zod.optin = "optional";
    inheritFromInner(this, ["values"]);
  }
  removeDefault() {
    return this._zod.def.innerType;
  }
  _emitJsonSchema(ctx, json, params) {
    this._emitInner(ctx, params);
    json.default = jsonClone(this._zod.def.defaultValue);
  }
}
ZodDefault.traitNames = traitsFor("Default");
function _default(innerType, value) {
  return new ZodDefault(mergeDefs({ type: "default", innerType }, defaultValueDef(value)));
}

export class ZodPrefault extends ZodWrapper {
  constructor(def) {
    super(def);
    this._zod.optin = "optional";
    inheritFromInner(this, ["values"]);
  }
  _emitJsonSchema(ctx, json, params) {
    this._emitInner(ctx, params);
    if (ctx.io === "input") json._prefault = jsonClone(this._zod.def.defaultValue);
  }
}
ZodPrefault.traitNames = traitsFor("Prefault");
export function prefault(innerType, value) {
  return new ZodPrefault(mergeDefs({ type: "prefault", innerType }, defaultValueDef(value)));
}

export class ZodCatch extends ZodWrapper {
  constructor(def) {
    super(def);
    this._zod.optin = "optional";
    inheritFromInner(this, ["optout", "values"]);
  }
  removeCatch() {
    return this._zod.def.innerType;
  }
  _emitJsonSchema(ctx, json, params) {
    this._emitInner(ctx, params);
    let value;
    try {
      value = this._zod.def.catchValue(undefined);
    } catch {
      throw new Error("Dynamic catch values are not supported in JSON Schema");
    }
    json.default = value;
  }
}
ZodCatch.traitNames = traitsFor("Catch");
function _catch(innerType, value) {
  return new ZodCatch({
    type: "catch",
    innerType,
    catchValue: typeof value === "function" ? value : () => value,
  });
}

export class ZodNonOptional extends ZodWrapper {
  constructor(def) {
    super(def);
    inheritFromInner(this, ["values"]);
  }
}
ZodNonOptional.traitNames = traitsFor("NonOptional");
export function nonoptional(innerType, params) {
  return new ZodNonOptional({ type: "nonoptional", innerType, ...normalizeParams(params) });
}

export class ZodReadonly extends ZodWrapper {
  constructor(def) {
    super(def);
    inheritFromInner(this, ["optin", "optout", "values"]);
  }
  _emitJsonSchema(ctx, json, params) {
    this._emitInner(ctx, params);
    json.readOnly = true;
  }
}
ZodReadonly.traitNames = traitsFor("Readonly");
export function readonly(innerType) {
  return new ZodReadonly({ type: "readonly", innerType });
}

export class ZodLazy extends ZodType {
  constructor(def) {
    super(def);
    const internals = this._zod;
    defineCachedGetter(internals, "innerType", () => def.getter());
    for (const key of ["optin", "optout", "values"]) {
      Object.defineProperty(internals, key, { get: () => internals.innerType._zod[key], configurable: true });
    }
  }
  unwrap() {
    return this._zod.innerType;
  }
  _emitJsonSchema(ctx, json, params) {
    const inner = this._zod.innerType;
    emitSchema(inner, ctx, params);
    ctx.seen.get(this).ref = inner;
  }
}
ZodLazy.traitNames = traitsFor("Lazy");
export function lazy(getter) {
  return new ZodLazy({ type: "lazy", getter });
}

// ── coercion (JSON Schema is the plain type; the host validator converts numeric strings etc.) ──

export const coerce = Object.freeze({
  string: (params) => new ZodString({ type: "string", coerce: true, ...normalizeParams(params) }),
  number: (params) => new ZodNumber({ type: "number", coerce: true, checks: [], ...normalizeParams(params) }),
  boolean: (params) => new ZodBoolean({ type: "boolean", coerce: true, ...normalizeParams(params) }),
});

// ───────────────────────────── namespace ─────────────────────────────

export { _null as null, _enum as enum };

/** The `z` namespace object: every builder, so both `pi.zod.object(...)` and `const { z } = pi.zod` work. */
export const z = {
  $ZodRegistry,
  registry,
  globalRegistry,
  toJSONSchema,
  setValidator,
  validationSchemaOf,
  ZodError,
  ZodRealError,
  flattenError,
  treeifyError,
  prettifyError,
  ZodType,
  ZodString,
  ZodStringFormat,
  ZodNumber,
  ZodNumberFormat,
  ZodBoolean,
  ZodNull,
  ZodAny,
  ZodUnknown,
  ZodNever,
  ZodEnum,
  ZodLiteral,
  ZodArray,
  ZodTuple,
  ZodObject,
  ZodRecord,
  ZodUnion,
  ZodIntersection,
  ZodOptional,
  ZodNullable,
  ZodDefault,
  ZodPrefault,
  ZodCatch,
  ZodNonOptional,
  ZodReadonly,
  ZodLazy,
  string,
  email,
  url,
  httpUrl,
  uuid,
  uuidv4,
  uuidv6,
  uuidv7,
  guid,
  ipv4,
  ipv6,
  iso,
  number,
  int,
  int32,
  uint32,
  float32,
  float64,
  boolean,
  null: _null,
  any,
  unknown,
  never,
  enum: _enum,
  nativeEnum,
  literal,
  array,
  tuple,
  object,
  strictObject,
  looseObject,
  record,
  partialRecord,
  looseRecord,
  union,
  xor,
  discriminatedUnion,
  intersection,
  optional,
  nullable,
  nullish,
  nonoptional,
  readonly,
  prefault,
  lazy,
  coerce,
};
z.z = z;
z.default = z;

export default z;
