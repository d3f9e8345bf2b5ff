// Turns whatever a tool returns or reports into plain data (objects, arrays, strings,
// numbers, booleans, null) that crosses to Rust through serde_v8, with JSON's rules: cycles
// become "[Circular]", BigInt a decimal string, functions/symbols/undefined are left out of
// objects (null in arrays), typed arrays become arrays of numbers, `toJSON` is honoured.
// Built from builtins captured at start-up, so a tool that replaces globals (JSON, Array,
// Object methods) cannot change another tool's results; objects are made without a prototype,
// so an accessor a tool put on Object.prototype (a `content` getter) is never run by writing
// or reading them. Values nested deeper than `MAX_DEPTH` are cut, with a note in their place:
// the bridge to Rust reads about 128 levels, and a deeper result used to be lost whole.
const {
  ArrayIsArray,
  ArrayPrototypePush,
  ArrayBufferIsView,
  NumberIsFinite,
  ObjectKeys,
  ObjectPrototypeHasOwnProperty,
  SafeWeakSet,
  WeakSetPrototypeAdd,
  WeakSetPrototypeHas,
  WeakSetPrototypeDelete,
  TypedArrayPrototypeGetLength,
  BigIntPrototypeToString,
  FunctionPrototypeCall,
} = globalThis.__bootstrap.primordials;

const DataViewCtor = DataView;
export const MAX_DEPTH = 100;
const CUT = `[cut: nested deeper than ${MAX_DEPTH} levels]`;

/** `value.toJSON` if it is a function; a getter that throws counts as none. */
function toJSONOf(value) {
  try {
    const toJSON = value.toJSON;
    return typeof toJSON === "function" ? toJSON : undefined;
  } catch {
    return undefined;
  }
}

function plainValue(value, seen, depth) {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      return NumberIsFinite(value) ? value : null;
    case "bigint":
      return BigIntPrototypeToString(value);
    case "object":
      break;
    default:
      return undefined;
  }
  if (value === null) return null;
  const toJSON = toJSONOf(value);
  if (toJSON !== undefined) {
    let json;
    try {
      json = FunctionPrototypeCall(toJSON, value);
    } catch {
      json = undefined;
    }
    if (json !== value) return plainValue(json, seen, depth);
  }
  if (WeakSetPrototypeHas(seen, value)) return "[Circular]";
  if (depth >= MAX_DEPTH) return CUT;
  WeakSetPrototypeAdd(seen, value);
  try {
    if (ArrayBufferIsView(value) && !(value instanceof DataViewCtor)) {
      const out = [];
      const length = TypedArrayPrototypeGetLength(value);
      for (let i = 0; i < length; i++) ArrayPrototypePush(out, plainValue(value[i], seen, depth + 1));
      return out;
    }
    if (ArrayIsArray(value)) {
      const out = [];
      for (let i = 0; i < value.length; i++) {
        const item = plainValue(value[i], seen, depth + 1);
        ArrayPrototypePush(out, item === undefined ? null : item);
      }
      return out;
    }
    const out = { __proto__: null };
    const keys = ObjectKeys(value);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (!ObjectPrototypeHasOwnProperty(value, key)) continue;
      let item;
      try {
        item = plainValue(value[key], seen, depth + 1);
      } catch {
        item = undefined;
      }
      if (item !== undefined) out[key] = item;
    }
    return out;
  } finally {
    WeakSetPrototypeDelete(seen, value);
  }
}

/** `value` as plain data (undefined becomes null at the top). */
export function toPlain(value) {
  const plain = plainValue(value, new SafeWeakSet(), 0);
  return plain === undefined ? null : plain;
}
