// node:util: promisify/callbackify, inspect and format (on deno_web's console inspector,
// with Node's defaults), deep strict equality, type checks, deprecate/inherits, parseArgs,
// styleText and the text codecs.
import { errorTables } from "omp:/node-internal/errors";
import types from "omp:/node/util/types";

import { core } from "omp:/host/core";
let consoleModule;
const webConsole = () => (consoleModule ??= core.loadExtScript("ext:deno_web/01_console.js"));

const kCustomPromisify = Symbol.for("nodejs.util.promisify.custom");

export function promisify(original) {
  if (typeof original !== "function") {
    const err = new TypeError(`The "original" argument must be of type function. Received ${typeof original}`);
    err.code = "ERR_INVALID_ARG_TYPE";
    throw err;
  }
  if (typeof original[kCustomPromisify] === "function") return original[kCustomPromisify];
  function promisified(...args) {
    return new Promise((resolve, reject) => {
      original.call(this, ...args, (err, ...values) => (err ? reject(err) : resolve(values[0])));
    });
  }
  Object.setPrototypeOf(promisified, Object.getPrototypeOf(original));
  Object.defineProperty(promisified, kCustomPromisify, { value: promisified });
  return Object.defineProperties(promisified, Object.getOwnPropertyDescriptors(original));
}
promisify.custom = kCustomPromisify;

export function callbackify(original) {
  return function (...args) {
    const callback = args.pop();
    original.apply(this, args).then(
      (value) => queueMicrotask(() => callback(null, value)),
      (reason) => {
        let err = reason;
        if (!reason) {
          err = new Error("Promise was rejected with a falsy value");
          err.code = "ERR_FALSY_VALUE_REJECTION";
          err.reason = reason;
        }
        queueMicrotask(() => callback(err));
      },
    );
  };
}

const NODE_DEFAULTS = { depth: 2, colors: false, compact: 3, breakLength: 80, quotes: ["'", '"', "`"], iterableLimit: 100, trailingComma: false };

/** util.inspect(value, options) or the legacy inspect(value, showHidden, depth, colors). */
export function inspect(value, opts, depth, colors) {
  let options = opts;
  if (typeof opts !== "object" || opts === null) options = { showHidden: Boolean(opts), ...(depth !== undefined ? { depth } : {}), ...(colors !== undefined ? { colors } : {}) };
  const merged = { ...NODE_DEFAULTS, ...inspect.defaultOptions, ...options };
  if (merged.maxArrayLength !== undefined && merged.maxArrayLength !== null) merged.iterableLimit = merged.maxArrayLength;
  if (merged.depth === Infinity) merged.depth = null;
  return webConsole().inspect(value, merged);
}
inspect.custom = Symbol.for("nodejs.util.inspect.custom");
inspect.defaultOptions = {};
inspect.colors = { bold: [1, 22], italic: [3, 23], underline: [4, 24], inverse: [7, 27], white: [37, 39], grey: [90, 39], black: [30, 39], blue: [34, 39], cyan: [36, 39], green: [32, 39], magenta: [35, 39], red: [31, 39], yellow: [33, 39] };
inspect.styles = { special: "cyan", number: "yellow", bigint: "yellow", boolean: "yellow", undefined: "grey", null: "bold", string: "green", symbol: "green", date: "magenta", regexp: "red", module: "underline" };

function formatString(arg) {
  if (typeof arg === "bigint") return `${arg}n`;
  if (typeof arg === "symbol") return arg.toString();
  if (Object.is(arg, -0)) return "-0";
  if (arg !== null && typeof arg === "object") {
    const hasOwnToString = typeof arg.toString === "function" && arg.toString !== Object.prototype.toString && !(arg instanceof Error && arg.toString === Error.prototype.toString);
    if (arg instanceof Error && !hasOwnToString) return inspect(arg, { depth: 0 });
    return hasOwnToString ? String(arg) : inspect(arg, { depth: 0, compact: 3 });
  }
  return String(arg);
}

function stringifySafe(value) {
  try {
    return JSON.stringify(value);
  } catch (err) {
    if (err instanceof TypeError && /circular/i.test(err.message)) return "[Circular]";
    throw err;
  }
}

/** printf-like formatting: %s %d %i %f %j %o %O %c %%; extra arguments are appended. */
export function format(...args) {
  return formatWithOptions({}, ...args);
}

export function formatWithOptions(inspectOptions, first, ...rest) {
  if (typeof first !== "string") {
    return [first, ...rest].map((a) => (typeof a === "string" ? a : inspect(a, inspectOptions))).join(" ");
  }
  let index = 0;
  let out = "";
  let last = 0;
  for (let i = 0; i < first.length - 1; i++) {
    if (first[i] !== "%") continue;
    const spec = first[i + 1];
    if (spec === "%") {
      out += first.slice(last, i) + "%";
      last = i + 2;
      i++;
      continue;
    }
    if (index >= rest.length || !"sdifjoOc".includes(spec)) continue;
    const arg = rest[index++];
    let piece;
    switch (spec) {
      case "s":
        piece = formatString(arg);
        break;
      case "d":
        piece = typeof arg === "bigint" ? `${arg}n` : typeof arg === "symbol" ? "NaN" : String(Number(arg));
        break;
      case "i":
        piece = typeof arg === "bigint" ? `${arg}n` : typeof arg === "symbol" ? "NaN" : String(parseInt(arg));
        break;
      case "f":
        piece = typeof arg === "symbol" ? "NaN" : String(parseFloat(arg));
        break;
      case "j":
        piece = stringifySafe(arg);
        break;
      case "o":
        piece = inspect(arg, { ...inspectOptions, showHidden: true, depth: 4 });
        break;
      case "O":
        piece = inspect(arg, inspectOptions);
        break;
      case "c":
        piece = "";
        break;
    }
    out += first.slice(last, i) + piece;
    last = i + 2;
    i++;
  }
  out += first.slice(last);
  for (const arg of rest.slice(index)) out += ` ${typeof arg === "string" ? arg : inspect(arg, inspectOptions)}`;
  return out;
}

/** Node's `isDeepStrictEqual`: same prototypes, own enumerable keys, Map/Set/Date/RegExp/typed arrays. */
export function isDeepStrictEqual(a, b) {
  return deepEqual(a, b, new Map());
}

function deepEqual(a, b, seen) {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (Object.prototype.toString.call(a) !== Object.prototype.toString.call(b)) return false;
  const pair = seen.get(a);
  if (pair?.has(b)) return true;
  if (!pair) seen.set(a, new Set([b]));
  else pair.add(b);
  if (a instanceof Date) {
    if (!Object.is(a.getTime(), b.getTime())) return false;
  } else if (a instanceof RegExp) {
    if (a.source !== b.source || a.flags !== b.flags || a.lastIndex !== b.lastIndex) return false;
  } else if (ArrayBuffer.isView(a)) {
    if (a.byteLength !== b.byteLength) return false;
    const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    if (a instanceof Float32Array || a instanceof Float64Array) {
      for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
    } else for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  } else if (a instanceof ArrayBuffer) {
    if (!deepEqual(new Uint8Array(a), new Uint8Array(b), seen)) return false;
  } else if (a instanceof Error) {
    if (a.message !== b.message || a.name !== b.name) return false;
  } else if (types.isBoxedPrimitive(a)) {
    if (!Object.is(a.valueOf(), b.valueOf())) return false;
  } else if (a instanceof WeakMap || a instanceof WeakSet || a instanceof Promise) {
    return false;
  }
  if (a instanceof Map) {
    if (a.size !== b.size) return false;
    for (const [key, value] of a) {
      if (b.has(key)) {
        if (!deepEqual(value, b.get(key), seen)) return false;
        continue;
      }
      if (typeof key !== "object" || key === null) return false;
      let found = false;
      for (const [otherKey, otherValue] of b) {
        if (deepEqual(key, otherKey, seen) && deepEqual(value, otherValue, seen)) {
          found = true;
          break;
        }
      }
      if (!found) return false;
    }
  } else if (a instanceof Set) {
    if (a.size !== b.size) return false;
    for (const value of a) {
      if (b.has(value)) continue;
      if (typeof value !== "object" || value === null) return false;
      let found = false;
      for (const other of b) {
        if (deepEqual(value, other, seen)) {
          found = true;
          break;
        }
      }
      if (!found) return false;
    }
  }
  const keysA = ownKeys(a);
  const keysB = ownKeys(b);
  if (keysA.length !== keysB.length) return false;
  for (const key of keysA) {
    if (!Object.prototype.propertyIsEnumerable.call(b, key)) return false;
    if (!deepEqual(a[key], b[key], seen)) return false;
  }
  return true;
}

function ownKeys(value) {
  const keys = ArrayBuffer.isView(value) ? Object.keys(value).filter((k) => !/^\d+$/.test(k)) : Object.keys(value);
  for (const sym of Object.getOwnPropertySymbols(value)) if (Object.prototype.propertyIsEnumerable.call(value, sym)) keys.push(sym);
  return keys;
}

const warned = new Set();
export function deprecate(fn, message, code) {
  let warnedThis = false;
  return function deprecated(...args) {
    if (!warnedThis && !(code && warned.has(code))) {
      warnedThis = true;
      if (code) warned.add(code);
      globalThis.process?.emitWarning?.(`${code ? `[${code}] ` : ""}DeprecationWarning: ${message}`);
    }
    return new.target ? Reflect.construct(fn, args, new.target) : fn.apply(this, args);
  };
}

export function inherits(ctor, superCtor) {
  if (typeof ctor !== "function" || typeof superCtor !== "function" || superCtor.prototype === undefined) {
    const err = new TypeError('The "ctor" and "superCtor" arguments must be functions with prototypes');
    err.code = "ERR_INVALID_ARG_TYPE";
    throw err;
  }
  Object.defineProperty(ctor, "super_", { value: superCtor, writable: true, configurable: true });
  Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
}

function parseArgsError(code, message) {
  const err = new TypeError(message);
  err.code = code;
  return err;
}

/** `parseArgs({ args, options, strict, allowPositionals, tokens })`. */
export function parseArgs(config = {}) {
  const args = config.args ?? globalThis.process.argv.slice(2);
  const options = config.options ?? {};
  const strict = config.strict ?? true;
  const allowPositionals = config.allowPositionals ?? !strict;
  const values = { __proto__: null };
  const positionals = [];
  const tokens = [];
  const shortToLong = {};
  for (const [name, spec] of Object.entries(options)) if (spec.short) shortToLong[spec.short] = name;
  const store = (name, value, raw, index, inlineValue) => {
    const spec = options[name];
    if (!spec) {
      if (strict) throw parseArgsError("ERR_PARSE_ARGS_UNKNOWN_OPTION", `Unknown option '${raw}'${allowPositionals ? "" : ". To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- \"" + raw + "\"'"}`);
      values[name] = value ?? true;
    } else {
      if (spec.type === "string" && value === undefined && strict) throw parseArgsError("ERR_PARSE_ARGS_INVALID_OPTION_VALUE", `Option '${raw} <value>' argument missing`);
      if (spec.type === "boolean" && value !== undefined && strict && inlineValue) throw parseArgsError("ERR_PARSE_ARGS_INVALID_OPTION_VALUE", `Option '${raw}' does not take an argument`);
      const v = spec.type === "boolean" ? true : value;
      if (spec.multiple) (values[name] ??= []).push(v);
      else values[name] = v;
    }
    tokens.push({ kind: "option", name, rawName: raw, index, value, inlineValue });
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--") {
      tokens.push({ kind: "option-terminator", index: i });
      for (const rest of args.slice(i + 1)) {
        if (!allowPositionals && strict) throw parseArgsError("ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL", `Unexpected argument '${rest}'. This command does not take positional arguments`);
        positionals.push(rest);
        tokens.push({ kind: "positional", index: ++i, value: rest });
      }
      break;
    }
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
      if (eq !== -1) store(name, arg.slice(eq + 1), `--${name}`, i, true);
      else if (options[name]?.type === "string" && i + 1 < args.length) store(name, args[++i], arg, i - 1, false);
      else store(name, undefined, arg, i, undefined);
    } else if (arg.startsWith("-") && arg.length > 1) {
      for (let j = 1; j < arg.length; j++) {
        const short = arg[j];
        const name = shortToLong[short] ?? short;
        if (options[name]?.type === "string") {
          const inline = arg.slice(j + 1);
          if (inline) store(name, inline, `-${short}`, i, true);
          else if (i + 1 < args.length) store(name, args[++i], `-${short}`, i - 1, false);
          else store(name, undefined, `-${short}`, i, undefined);
          break;
        }
        store(name, undefined, `-${short}`, i, undefined);
      }
    } else {
      if (!allowPositionals) throw parseArgsError("ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL", `Unexpected argument '${arg}'. This command does not take positional arguments`);
      positionals.push(arg);
      tokens.push({ kind: "positional", index: i, value: arg });
    }
  }
  for (const [name, spec] of Object.entries(options)) if (values[name] === undefined && spec.default !== undefined) values[name] = spec.default;
  const result = { values, positionals };
  if (config.tokens) result.tokens = tokens;
  return result;
}

/** Tools' output is never a terminal, so styleText answers the text unstyled. */
export function styleText(_format, text) {
  if (typeof text !== "string") {
    const err = new TypeError(`The "text" argument must be of type string. Received ${typeof text}`);
    err.code = "ERR_INVALID_ARG_TYPE";
    throw err;
  }
  return text;
}

export function stripVTControlCharacters(text) {
  // eslint-disable-next-line no-control-regex
  return String(text).replace(/[\u001B\u009B][[\]()#;?]*(?:(?:(?:(?:;[-a-zA-Z\d/#&.:=?%@~_]+)*|[a-zA-Z\d]+(?:;[-a-zA-Z\d/#&.:=?%@~_]*)*)?\u0007)|(?:(?:\d{1,4}(?:;\d{0,4})*)?[\dA-PR-TZcf-ntqry=><~]))/g, "");
}

export function toUSVString(text) {
  return String(text).toWellFormed?.() ?? String(text);
}

export function debuglog(section) {
  const enabled = new RegExp(`(^|,)${section}(,|$)`, "i").test(globalThis.process.env.NODE_DEBUG ?? "");
  const log = (...args) => {
    if (enabled) globalThis.console.error(`${section.toUpperCase()} ${globalThis.process.pid}: ${format(...args)}`);
  };
  log.enabled = enabled;
  return log;
}
export const debug = debuglog;

export function getSystemErrorName(errno) {
  const n = Math.abs(errno);
  for (const [code, value] of Object.entries(errorTables().errno)) if (value === n) return code;
  return `Unknown system error ${errno}`;
}

export function getSystemErrorMap() {
  return new Map(Object.entries(errorTables().errno).map(([code, n]) => [-n, [code, code]]));
}

export function aborted(signal, _resource) {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener("abort", () => resolve(), { once: true });
  });
}

export const isArray = Array.isArray;
export const isBoolean = (v) => typeof v === "boolean";
export const isNull = (v) => v === null;
export const isNullOrUndefined = (v) => v === null || v === undefined;
export const isNumber = (v) => typeof v === "number";
export const isString = (v) => typeof v === "string";
export const isSymbol = (v) => typeof v === "symbol";
export const isUndefined = (v) => v === undefined;
export const isRegExp = (v) => v instanceof RegExp;
export const isObject = (v) => v !== null && typeof v === "object";
export const isDate = (v) => v instanceof Date;
export const isError = (v) => v instanceof Error;
export const isFunction = (v) => typeof v === "function";
export const isPrimitive = (v) => v === null || (typeof v !== "object" && typeof v !== "function");

export { types };

const utilModule = {
  promisify, callbackify, inspect, format, formatWithOptions, isDeepStrictEqual, deprecate, inherits, parseArgs, styleText,
  stripVTControlCharacters, toUSVString, debuglog, debug, getSystemErrorName, getSystemErrorMap, aborted, types,
  isArray, isBoolean, isNull, isNullOrUndefined, isNumber, isString, isSymbol, isUndefined, isRegExp, isObject, isDate,
  isError, isFunction, isPrimitive,
  get TextEncoder() {
    return globalThis.TextEncoder;
  },
  get TextDecoder() {
    return globalThis.TextDecoder;
  },
};
export const TextEncoder = globalThis.TextEncoder;
export const TextDecoder = globalThis.TextDecoder;
export default utilModule;
(globalThis.__ompBuiltins ??= new Map()).set("util", utilModule);
