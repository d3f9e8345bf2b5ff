// The host's TypeBox-compatible builders (served as `pi.typebox` and `@sinclair/typebox`):
// `Type.*` returns plain JSON Schema objects whose JSON (keys and key order) matches
// @sinclair/typebox 0.34, tagged with the same `Symbol.for("TypeBox.*")` markers. Also
// pi-ai's `StringEnum`. Standard ECMAScript only.

export const Kind = Symbol.for("TypeBox.Kind");
export const Hint = Symbol.for("TypeBox.Hint");
export const OptionalKind = Symbol.for("TypeBox.Optional");
export const ReadonlyKind = Symbol.for("TypeBox.Readonly");
export const TransformKind = Symbol.for("TypeBox.Transform");

const PATTERN_STRING_EXACT = "^(.*)$";
const PATTERN_NUMBER_EXACT = "^(0|[1-9][0-9]*)$";
const PATTERN_NEVER_EXACT = "^(?!.*)$";

// ───────────────────────────── guards and helpers ─────────────────────────────

function isObjectValue(value) {
  return value !== null && typeof value === "object";
}

function isKind(value, kind) {
  return isObjectValue(value) && value[Kind] === kind;
}

/** A TypeBox schema: an object carrying a string `[Kind]`. */
function isSchema(value) {
  return isObjectValue(value) && typeof value[Kind] === "string";
}

function isOptional(value) {
  return isObjectValue(value) && value[OptionalKind] === "Optional";
}

/** Options first, then the schema's own keys (the schema wins on clashes). */
function create(schema, options) {
  return options !== undefined ? { ...options, ...schema } : schema;
}

/** A shallow copy of `value` without `keys` (string or symbol). */
function without(value, keys) {
  return keys.reduce((acc, key) => {
    const { [key]: _dropped, ...rest } = acc;
    return rest;
  }, value);
}

function distinct(values) {
  return [...new Set(values)];
}

// ───────────────────────────── primitives ─────────────────────────────

function TString(options) {
  return create({ [Kind]: "String", type: "string" }, options);
}
function TNumber(options) {
  return create({ [Kind]: "Number", type: "number" }, options);
}
function TInteger(options) {
  return create({ [Kind]: "Integer", type: "integer" }, options);
}
function TBoolean(options) {
  return create({ [Kind]: "Boolean", type: "boolean" }, options);
}
function TNull(options) {
  return create({ [Kind]: "Null", type: "null" }, options);
}
function TAny(options) {
  return create({ [Kind]: "Any" }, options);
}
function TUnknown(options) {
  return create({ [Kind]: "Unknown" }, options);
}
function TNever(options) {
  return create({ [Kind]: "Never", not: {} }, options);
}
function TLiteral(value, options) {
  return create({ [Kind]: "Literal", const: value, type: typeof value }, options);
}
/** A schema TypeBox passes through untouched (the options object is the schema). */
function TUnsafe(options = {}) {
  return create({ [Kind]: options[Kind] ?? "Unsafe" }, options);
}
function TRef(...args) {
  const [$ref, options] = typeof args[0] === "string" ? [args[0], args[1]] : [args[0]?.$id, args[1]];
  if (typeof $ref !== "string") throw new Error("Ref: $ref must be a string");
  return create({ [Kind]: "Ref", $ref }, options);
}

// ───────────────────────────── composites ─────────────────────────────

function TUnion(types, options) {
  if (types.length === 0) return TNever(options);
  if (types.length === 1) return create(types[0], options);
  return create({ [Kind]: "Union", anyOf: types }, options);
}

function createIntersect(types, options = {}) {
  const allObjects = types.every((type) => isKind(type, "Object"));
  const unevaluated = isSchema(options.unevaluatedProperties)
    ? { unevaluatedProperties: options.unevaluatedProperties }
    : {};
  const typed = options.unevaluatedProperties === false || isSchema(options.unevaluatedProperties) || allObjects;
  const schema = typed
    ? { ...unevaluated, [Kind]: "Intersect", type: "object", allOf: types }
    : { ...unevaluated, [Kind]: "Intersect", allOf: types };
  return create(schema, options);
}

function TIntersect(types, options) {
  if (types.length === 1) return create(types[0], options);
  if (types.length === 0) return TNever(options);
  if (types.some((type) => isObjectValue(type) && TransformKind in type)) {
    throw new Error("Cannot intersect transform types");
  }
  return createIntersect(types, options);
}

/** Intersection of property types: optional only when every part is optional. */
function intersectEvaluated(types, options = {}) {
  if (types.length === 1) return create(types[0], options);
  if (types.length === 0) return TNever(options);
  const parts = types.map((type) => (isOptional(type) ? without(type, [OptionalKind]) : type));
  const intersect = createIntersect(parts, options);
  return types.every(isOptional) ? TOptional(intersect) : intersect;
}

function TEnum(item, options) {
  if (item === undefined) throw new Error("Enum undefined or empty");
  const values = Object.getOwnPropertyNames(item)
    .filter((key) => isNaN(key))
    .map((key) => item[key]);
  const literals = distinct(values).map((value) => TLiteral(value));
  return TUnion(literals, { ...options, [Hint]: "Enum" });
}

function TArray(items, options) {
  return create({ [Kind]: "Array", type: "array", items }, options);
}

function TTuple(types, options) {
  const schema =
    types.length > 0
      ? { [Kind]: "Tuple", type: "array", items: types, additionalItems: false, minItems: types.length, maxItems: types.length }
      : { [Kind]: "Tuple", type: "array", minItems: types.length, maxItems: types.length };
  return create(schema, options);
}

function TObject(properties, options) {
  const required = [];
  for (const key in properties) if (!isOptional(properties[key])) required.push(key);
  const schema =
    required.length > 0
      ? { [Kind]: "Object", type: "object", properties, required }
      : { [Kind]: "Object", type: "object", properties };
  return create(schema, options);
}

/** Property keys a key schema names: literals (as strings), unions of them, `[number]` for numbers. */
function propertyKeysOf(keySchema) {
  let keys = [];
  if (isKind(keySchema, "Union")) keys = keySchema.anyOf.flatMap(propertyKeysOf);
  else if (isKind(keySchema, "Literal")) keys = [keySchema.const.toString()];
  else if (isKind(keySchema, "Number") || isKind(keySchema, "Integer")) keys = ["[number]"];
  return distinct(keys);
}

function recordFromPattern(pattern, valueType, options) {
  return create({ [Kind]: "Record", type: "object", patternProperties: { [pattern]: valueType } }, options);
}

function recordFromKeys(keys, valueType, options) {
  const properties = {};
  for (const key of keys) properties[key] = valueType;
  return TObject(properties, { ...options, [Hint]: "Record" });
}

function TRecord(key, valueType, options = {}) {
  if (isKind(key, "Union")) return recordFromKeys(propertyKeysOf(TUnion(key.anyOf)), valueType, options);
  if (isKind(key, "Literal")) return recordFromKeys([key.const.toString()], valueType, options);
  if (isKind(key, "Boolean")) return TObject({ true: valueType, false: valueType }, options);
  if (isKind(key, "Integer") || isKind(key, "Number")) return recordFromPattern(PATTERN_NUMBER_EXACT, valueType, options);
  if (isKind(key, "RegExp")) return recordFromPattern(key.source, valueType, options);
  if (isKind(key, "String")) return recordFromPattern(key.pattern ?? PATTERN_STRING_EXACT, valueType, options);
  if (isKind(key, "Any")) return recordFromPattern(PATTERN_STRING_EXACT, valueType, options);
  if (isKind(key, "Never")) return recordFromPattern(PATTERN_NEVER_EXACT, valueType, options);
  return TNever(options);
}

// ───────────────────────────── modifiers ─────────────────────────────

function TOptional(schema, enable) {
  if (enable === false) return without(schema, [OptionalKind]);
  return { ...schema, [OptionalKind]: "Optional" };
}

function TReadonly(schema, enable) {
  if (enable === false) return without(schema, [ReadonlyKind]);
  return { ...schema, [ReadonlyKind]: "Readonly" };
}

function TReadonlyOptional(schema) {
  return TReadonly(TOptional(schema));
}

/** Not in TypeBox: what pi/omp tools mean by it, `anyOf: [schema, { type: "null" }]`. */
function TNullable(schema, options) {
  return TUnion([schema, TNull()], options);
}

const SCALAR_KINDS = new Set(["BigInt", "Boolean", "Integer", "Literal", "Null", "Number", "String", "Symbol", "Undefined"]);

/** The options an object schema carries besides its properties (used to rebuild it). */
function objectOptions(schema) {
  return without(schema, [TransformKind, "$id", "required", "properties"]);
}

/** Applies `rebuildObject` through unions and intersections; scalars pass, anything else is `{}`. */
function mapObjects(type, rebuildObject, keepScalars) {
  if (isKind(type, "Intersect")) return TIntersect(type.allOf.map((t) => mapObjects(t, rebuildObject, keepScalars)));
  if (isKind(type, "Union")) return TUnion(type.anyOf.map((t) => mapObjects(t, rebuildObject, keepScalars)));
  if (isKind(type, "Object")) return rebuildObject(type);
  if (keepScalars && SCALAR_KINDS.has(type?.[Kind])) return type;
  return TObject({});
}

function TPartial(type, options) {
  const rebuilt = mapObjects(
    type,
    (object) => {
      const properties = {};
      for (const key of Object.getOwnPropertyNames(object.properties)) properties[key] = TOptional(object.properties[key]);
      return TObject(properties, objectOptions(object));
    },
    true,
  );
  return { ...rebuilt, ...options };
}

function TRequired(type, options) {
  const rebuilt = mapObjects(
    type,
    (object) => {
      const properties = {};
      for (const key of Object.getOwnPropertyNames(object.properties)) {
        properties[key] = without(object.properties[key], [OptionalKind]);
      }
      return TObject(properties, objectOptions(object));
    },
    true,
  );
  return { ...rebuilt, ...options };
}

function selectedKeys(keys) {
  return isSchema(keys) ? propertyKeysOf(keys) : keys;
}

function TPick(type, keys, options) {
  const wanted = selectedKeys(keys);
  const rebuilt = mapObjects(
    type,
    (object) => {
      const properties = {};
      for (const key of wanted) if (key in object.properties) properties[key] = object.properties[key];
      return TObject(properties, objectOptions(object));
    },
    false,
  );
  return { ...rebuilt, ...options };
}

function TOmit(type, keys, options) {
  const unwanted = selectedKeys(keys);
  const rebuilt = mapObjects(
    type,
    (object) => TObject(without(object.properties, unwanted), objectOptions(object)),
    false,
  );
  return { ...rebuilt, ...options };
}

/** Property names as TypeBox's KeyOf sees them: object keys, tuple indices, `[number]` for arrays. */
function keyNamesOf(type) {
  if (isKind(type, "Intersect")) return distinct(type.allOf.flatMap(keyNamesOf));
  if (isKind(type, "Union")) {
    const [first, ...rest] = type.anyOf.map(keyNamesOf);
    return (first ?? []).filter((key) => rest.every((keys) => keys.includes(key)));
  }
  if (isKind(type, "Tuple")) return (type.items ?? []).map((_, index) => index.toString());
  if (isKind(type, "Array")) return ["[number]"];
  if (isKind(type, "Object")) return Object.getOwnPropertyNames(type.properties);
  return [];
}

/** Union of property types: optional when any part is optional. */
function unionEvaluated(types) {
  if (types.length === 1) return create(types[0], undefined);
  if (types.length === 0) return TNever();
  const parts = types.map((type) => (isOptional(type) ? without(type, [OptionalKind]) : type));
  const union = create({ [Kind]: "Union", anyOf: parts }, undefined);
  return types.some(isOptional) ? TOptional(union) : union;
}

/** The type of property `key` in `type` (never when absent). */
function propertyTypeOf(type, key) {
  if (isKind(type, "Intersect")) {
    return intersectEvaluated(type.allOf.map((t) => propertyTypeOf(t, key)).filter((t) => !isKind(t, "Never")));
  }
  if (isKind(type, "Union")) {
    const parts = type.anyOf.map((t) => propertyTypeOf(t, key));
    return unionEvaluated(parts.some((t) => isKind(t, "Never")) ? [] : parts);
  }
  if (isKind(type, "Tuple")) {
    const items = type.items ?? [];
    if (key in items) return items[key];
    return key === "[number]" ? unionEvaluated(items) : TNever();
  }
  if (isKind(type, "Array")) return key === "[number]" ? type.items : TNever();
  if (isKind(type, "Object")) return key in type.properties ? type.properties[key] : TNever();
  return TNever();
}

function TComposite(types, options) {
  const keys = distinct(types.flatMap(keyNamesOf));
  const properties = {};
  for (const key of keys) {
    properties[key] = intersectEvaluated(types.map((t) => propertyTypeOf(t, key)).filter((t) => !isKind(t, "Never")));
  }
  return TObject(properties, options);
}

// ───────────────────────────── pi-ai helper ─────────────────────────────

/** pi-ai's `StringEnum`: a flat `{ type: "string", enum }` schema (providers reject anyOf/const). */
export function StringEnum(values, options) {
  return TUnsafe({
    type: "string",
    enum: values,
    ...(options?.description && { description: options.description }),
    ...(options?.default && { default: options.default }),
  });
}

// ───────────────────────────── exports ─────────────────────────────

export const Type = Object.freeze({
  String: TString,
  Number: TNumber,
  Integer: TInteger,
  Boolean: TBoolean,
  Null: TNull,
  Any: TAny,
  Unknown: TUnknown,
  Never: TNever,
  Literal: TLiteral,
  Union: TUnion,
  Intersect: TIntersect,
  Enum: TEnum,
  Array: TArray,
  Tuple: TTuple,
  Object: TObject,
  Record: TRecord,
  Optional: TOptional,
  Readonly: TReadonly,
  ReadonlyOptional: TReadonlyOptional,
  Nullable: TNullable,
  Partial: TPartial,
  Required: TRequired,
  Pick: TPick,
  Omit: TOmit,
  Composite: TComposite,
  Unsafe: TUnsafe,
  Ref: TRef,
});

export {
  TString as String,
  TNumber as Number,
  TInteger as Integer,
  TBoolean as Boolean,
  TNull as Null,
  TAny as Any,
  TUnknown as Unknown,
  TNever as Never,
  TLiteral as Literal,
  TUnion as Union,
  TIntersect as Intersect,
  TEnum as Enum,
  TArray as Array,
  TTuple as Tuple,
  TObject as Object,
  TRecord as Record,
  TOptional as Optional,
  TReadonly as Readonly,
  TReadonlyOptional as ReadonlyOptional,
  TNullable as Nullable,
  TPartial as Partial,
  TRequired as Required,
  TPick as Pick,
  TOmit as Omit,
  TComposite as Composite,
  TUnsafe as Unsafe,
  TRef as Ref,
};

export default { Type };
