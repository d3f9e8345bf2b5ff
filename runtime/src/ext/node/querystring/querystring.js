// node:querystring: parse / stringify / escape / unescape with Node's rules (`+` as space,
// repeated keys become arrays, `maxKeys` 1000 by default, custom separators and decoders).
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { primordials } from "omp:/host/core";

const {
  ArrayIsArray,
  ArrayPrototypeJoin,
  ArrayPrototypePush,
  ArrayPrototypeSlice,
  MapPrototypeSet,
  NumberIsFinite,
  NumberParseInt,
  ObjectCreate,
  ObjectKeys,
  SafeMap,
  SafeRegExp,
  StringFromCharCode,
  StringPrototypeIndexOf,
  StringPrototypeReplace,
  StringPrototypeReplaceAll,
  StringPrototypeSlice,
  StringPrototypeSplit,
  decodeURIComponent,
  encodeURIComponent,
} = primordials;

const PERCENT_HEX = new SafeRegExp("%([0-9a-fA-F]{2})", "g");

function qsEscape(text) {
  return encodeURIComponent(typeof text === "string" ? text : String(text));
}

/** Node's unescape: percent-decoding that keeps malformed sequences as they are. */
function qsUnescape(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return StringPrototypeReplace(text, PERCENT_HEX, (_, hex) => StringFromCharCode(NumberParseInt(hex, 16)));
  }
}

function stringifyPrimitive(value) {
  if (typeof value === "string") return value;
  if ((typeof value === "number" && NumberIsFinite(value)) || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  return "";
}

export function stringify(object, sep = "&", eq = "=", options = {}) {
  const encode = typeof options?.encodeURIComponent === "function" ? options.encodeURIComponent : querystring.escape;
  if (object === null || typeof object !== "object") return "";
  const parts = [];
  const keys = ObjectKeys(object);
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k];
    const value = object[key];
    const name = encode(stringifyPrimitive(key));
    if (ArrayIsArray(value)) {
      for (let i = 0; i < value.length; i++) ArrayPrototypePush(parts, `${name}${eq}${encode(stringifyPrimitive(value[i]))}`);
    } else {
      ArrayPrototypePush(parts, `${name}${eq}${encode(stringifyPrimitive(value))}`);
    }
  }
  return ArrayPrototypeJoin(parts, sep);
}

export function parse(text, sep = "&", eq = "=", options = {}) {
  const result = ObjectCreate(null);
  if (typeof text !== "string" || text.length === 0) return result;
  const separator = sep || "&";
  const equals = eq || "=";
  const maxKeys = typeof options?.maxKeys === "number" ? options.maxKeys : 1000;
  const decode = typeof options?.decodeURIComponent === "function" ? options.decodeURIComponent : querystring.unescape;
  let pieces = StringPrototypeSplit(text, separator);
  if (maxKeys > 0) pieces = ArrayPrototypeSlice(pieces, 0, maxKeys);
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i];
    if (piece === "" && pieces.length > 1) continue;
    const at = StringPrototypeIndexOf(piece, equals);
    const rawKey = at >= 0 ? StringPrototypeSlice(piece, 0, at) : piece;
    const rawValue = at >= 0 ? StringPrototypeSlice(piece, at + equals.length) : "";
    const key = decode(StringPrototypeReplaceAll(rawKey, "+", " "));
    const value = decode(StringPrototypeReplaceAll(rawValue, "+", " "));
    if (!(key in result)) result[key] = value;
    else if (ArrayIsArray(result[key])) ArrayPrototypePush(result[key], value);
    else result[key] = [result[key], value];
  }
  return result;
}

export const escape = qsEscape;
export const unescape = qsUnescape;
export function unescapeBuffer(text) {
  return globalThis.Buffer.from(qsUnescape(String(text)));
}
export const encode = stringify;
export const decode = parse;

const querystring = { parse, stringify, escape: qsEscape, unescape: qsUnescape, unescapeBuffer, encode, decode };
export default querystring;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "querystring", querystring);
