// node:querystring: parse / stringify / escape / unescape with Node's rules (`+` as space,
// repeated keys become arrays, `maxKeys` 1000 by default, custom separators and decoders).
function qsEscape(text) {
  return encodeURIComponent(typeof text === "string" ? text : String(text));
}

/** Node's unescape: percent-decoding that keeps malformed sequences as they are. */
function qsUnescape(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%([0-9a-fA-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  }
}

function stringifyPrimitive(value) {
  if (typeof value === "string") return value;
  if ((typeof value === "number" && Number.isFinite(value)) || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  return "";
}

export function stringify(object, sep = "&", eq = "=", options = {}) {
  const encode = typeof options?.encodeURIComponent === "function" ? options.encodeURIComponent : querystring.escape;
  if (object === null || typeof object !== "object") return "";
  const parts = [];
  for (const key of Object.keys(object)) {
    const value = object[key];
    const name = encode(stringifyPrimitive(key));
    if (Array.isArray(value)) {
      for (const item of value) parts.push(`${name}${eq}${encode(stringifyPrimitive(item))}`);
    } else {
      parts.push(`${name}${eq}${encode(stringifyPrimitive(value))}`);
    }
  }
  return parts.join(sep);
}

export function parse(text, sep = "&", eq = "=", options = {}) {
  const result = Object.create(null);
  if (typeof text !== "string" || text.length === 0) return result;
  const separator = sep || "&";
  const equals = eq || "=";
  const maxKeys = typeof options?.maxKeys === "number" ? options.maxKeys : 1000;
  const decode = typeof options?.decodeURIComponent === "function" ? options.decodeURIComponent : querystring.unescape;
  let pieces = text.split(separator);
  if (maxKeys > 0) pieces = pieces.slice(0, maxKeys);
  for (const piece of pieces) {
    if (piece === "" && pieces.length > 1) continue;
    const at = piece.indexOf(equals);
    const rawKey = at >= 0 ? piece.slice(0, at) : piece;
    const rawValue = at >= 0 ? piece.slice(at + equals.length) : "";
    const key = decode(rawKey.replace(/\+/g, " "));
    const value = decode(rawValue.replace(/\+/g, " "));
    if (!(key in result)) result[key] = value;
    else if (Array.isArray(result[key])) result[key].push(value);
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
(globalThis.__ompBuiltins ??= new Map()).set("querystring", querystring);
