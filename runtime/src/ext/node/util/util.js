// node:util: promisify/callbackify, inspect and format (on deno_web's console inspector,
// with Node's defaults), deep strict equality, type checks, deprecate/inherits, parseArgs,
// styleText and the text codecs.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { errorTables } from "omp:/node-internal/errors";
import types from "omp:/node/util/types";

import { core, primordials } from "omp:/host/core";

const {
  ArrayBufferIsView,
  ArrayIsArray,
  ArrayPrototypeFilter,
  ArrayPrototypePop,
  ArrayPrototypePush,
  ArrayPrototypeSlice,
  ArrayPrototypeUnshift,
  BigIntPrototypeValueOf,
  BooleanPrototypeValueOf,
  DatePrototypeGetTime,
  JSONStringify,
  MapPrototypeGet,
  MapPrototypeHas,
  MapPrototypeSet,
  MathAbs,
  NumberParseFloat,
  NumberParseInt,
  NumberPrototypeValueOf,
  ObjectDefineProperties,
  ObjectDefineProperty,
  ObjectEntries,
  ObjectGetOwnPropertyDescriptors,
  ObjectGetOwnPropertySymbols,
  ObjectGetPrototypeOf,
  ObjectIs,
  ObjectKeys,
  ObjectPrototypePropertyIsEnumerable,
  ObjectPrototypeToString,
  ObjectSetPrototypeOf,
  PromisePrototypeThen,
  ReflectApply,
  ReflectConstruct,
  RegExpPrototypeExec,
  SafeMap,
  SafeMapIterator,
  SafeRegExp,
  SafeSet,
  SafeSetIterator,
  SetPrototypeAdd,
  SetPrototypeHas,
  StringPrototypeIncludes,
  StringPrototypeIndexOf,
  StringPrototypeReplace,
  StringPrototypeSlice,
  StringPrototypeStartsWith,
  StringPrototypeToUpperCase,
  StringPrototypeToWellFormed,
  StringPrototypeValueOf,
  SymbolFor,
  SymbolPrototypeToString,
  SymbolPrototypeValueOf,
} = primordials;

let consoleModule;
const webConsole = () => (consoleModule ??= core.loadExtScript("ext:deno_web/01_console.js"));

const kCustomPromisify = SymbolFor("nodejs.util.promisify.custom");

export function promisify(original) {
  if (typeof original !== "function") {
    const err = new TypeError(`The "original" argument must be of type function. Received ${typeof original}`);
    err.code = "ERR_INVALID_ARG_TYPE";
    throw err;
  }
  if (typeof original[kCustomPromisify] === "function") return original[kCustomPromisify];
  function promisified(...args) {
    return new Promise((resolve, reject) => {
      const argv = ArrayPrototypeSlice(args);
      ArrayPrototypePush(argv, (err, ...values) => (err ? reject(err) : resolve(values[0])));
      ReflectApply(original, this, argv);
    });
  }
  ObjectSetPrototypeOf(promisified, ObjectGetPrototypeOf(original));
  ObjectDefineProperty(promisified, kCustomPromisify, { __proto__: null, value: promisified });
  return ObjectDefineProperties(promisified, ObjectGetOwnPropertyDescriptors(original));
}
promisify.custom = kCustomPromisify;

export function callbackify(original) {
  return function (...args) {
    const callback = ArrayPrototypePop(args);
    const onFulfilled = (value) => queueMicrotask(() => callback(null, value));
    const onRejected = (reason) => {
      let err = reason;
      if (!reason) {
        err = new Error("Promise was rejected with a falsy value");
        err.code = "ERR_FALSY_VALUE_REJECTION";
        err.reason = reason;
      }
      queueMicrotask(() => callback(err));
    };
    const result = ReflectApply(original, this, args);
    // A native promise settles through the captured `then`; another thenable through its own.
    if (result instanceof Promise) PromisePrototypeThen(result, onFulfilled, onRejected);
    else result.then(onFulfilled, onRejected);
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
inspect.custom = SymbolFor("nodejs.util.inspect.custom");
inspect.defaultOptions = {};
inspect.colors = { bold: [1, 22], italic: [3, 23], underline: [4, 24], inverse: [7, 27], white: [37, 39], grey: [90, 39], black: [30, 39], blue: [34, 39], cyan: [36, 39], green: [32, 39], magenta: [35, 39], red: [31, 39], yellow: [33, 39] };
inspect.styles = { special: "cyan", number: "yellow", bigint: "yellow", boolean: "yellow", undefined: "grey", null: "bold", string: "green", symbol: "green", date: "magenta", regexp: "red", module: "underline" };

function formatString(arg) {
  if (typeof arg === "bigint") return `${arg}n`;
  if (typeof arg === "symbol") return SymbolPrototypeToString(arg);
  if (ObjectIs(arg, -0)) return "-0";
  if (arg !== null && typeof arg === "object") {
    const hasOwnToString = typeof arg.toString === "function" && arg.toString !== Object.prototype.toString && !(arg instanceof Error && arg.toString === Error.prototype.toString);
    if (arg instanceof Error && !hasOwnToString) return inspect(arg, { depth: 0 });
    return hasOwnToString ? String(arg) : inspect(arg, { depth: 0, compact: 3 });
  }
  return String(arg);
}

function stringifySafe(value) {
  try {
    return JSONStringify(value);
  } catch (err) {
    if (err instanceof TypeError && RegExpPrototypeExec(/circular/i, err.message) !== null) return "[Circular]";
    throw err;
  }
}

/** printf-like formatting: %s %d %i %f %j %o %O %c %%; extra arguments are appended. */
export function format(...args) {
  ArrayPrototypeUnshift(args, {});
  return ReflectApply(formatWithOptions, undefined, args);
}

export function formatWithOptions(inspectOptions, first, ...rest) {
  if (typeof first !== "string") {
    let joined = inspect(first, inspectOptions);
    for (let i = 0; i < rest.length; i++) joined += ` ${typeof rest[i] === "string" ? rest[i] : inspect(rest[i], inspectOptions)}`;
    return joined;
  }
  let index = 0;
  let out = "";
  let last = 0;
  for (let i = 0; i < first.length - 1; i++) {
    if (first[i] !== "%") continue;
    const spec = first[i + 1];
    if (spec === "%") {
      out += StringPrototypeSlice(first, last, i) + "%";
      last = i + 2;
      i++;
      continue;
    }
    if (index >= rest.length || !StringPrototypeIncludes("sdifjoOc", spec)) continue;
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
        piece = typeof arg === "bigint" ? `${arg}n` : typeof arg === "symbol" ? "NaN" : String(NumberParseInt(arg));
        break;
      case "f":
        piece = typeof arg === "symbol" ? "NaN" : String(NumberParseFloat(arg));
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
    out += StringPrototypeSlice(first, last, i) + piece;
    last = i + 2;
    i++;
  }
  out += StringPrototypeSlice(first, last);
  for (let i = index; i < rest.length; i++) out += ` ${typeof rest[i] === "string" ? rest[i] : inspect(rest[i], inspectOptions)}`;
  return out;
}

/** Node's `isDeepStrictEqual`: same prototypes, own enumerable keys, Map/Set/Date/RegExp/typed arrays. */
export function isDeepStrictEqual(a, b) {
  return deepEqual(a, b, new SafeMap());
}

/** The primitive inside a Number, String, Boolean, BigInt or Symbol object. */
function unboxed(value) {
  if (types.isNumberObject(value)) return NumberPrototypeValueOf(value);
  if (types.isStringObject(value)) return StringPrototypeValueOf(value);
  if (types.isBooleanObject(value)) return BooleanPrototypeValueOf(value);
  if (types.isBigIntObject(value)) return BigIntPrototypeValueOf(value);
  return SymbolPrototypeValueOf(value);
}

function deepEqual(a, b, seen) {
  if (ObjectIs(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (ObjectGetPrototypeOf(a) !== ObjectGetPrototypeOf(b)) return false;
  if (ObjectPrototypeToString(a) !== ObjectPrototypeToString(b)) return false;
  const pair = MapPrototypeGet(seen, a);
  if (pair !== undefined && SetPrototypeHas(pair, b)) return true;
  if (!pair) MapPrototypeSet(seen, a, new SafeSet([b]));
  else SetPrototypeAdd(pair, b);
  if (a instanceof Date) {
    if (!ObjectIs(DatePrototypeGetTime(a), DatePrototypeGetTime(b))) return false;
  } else if (a instanceof RegExp) {
    if (a.source !== b.source || a.flags !== b.flags || a.lastIndex !== b.lastIndex) return false;
  } else if (ArrayBufferIsView(a)) {
    if (a.byteLength !== b.byteLength) return false;
    const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    if (a instanceof Float32Array || a instanceof Float64Array) {
      for (let i = 0; i < a.length; i++) if (!ObjectIs(a[i], b[i])) return false;
    } else for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  } else if (a instanceof ArrayBuffer) {
    if (!deepEqual(new Uint8Array(a), new Uint8Array(b), seen)) return false;
  } else if (a instanceof Error) {
    if (a.message !== b.message || a.name !== b.name) return false;
  } else if (types.isBoxedPrimitive(a)) {
    if (!ObjectIs(unboxed(a), unboxed(b))) return false;
  } else if (a instanceof WeakMap || a instanceof WeakSet || a instanceof Promise) {
    return false;
  }
  if (a instanceof Map) {
    if (a.size !== b.size) return false;
    for (const entry of new SafeMapIterator(a)) {
      const key = entry[0];
      const value = entry[1];
      if (MapPrototypeHas(b, key)) {
        if (!deepEqual(value, MapPrototypeGet(b, key), seen)) return false;
        continue;
      }
      if (typeof key !== "object" || key === null) return false;
      let found = false;
      for (const other of new SafeMapIterator(b)) {
        if (deepEqual(key, other[0], seen) && deepEqual(value, other[1], seen)) {
          found = true;
          break;
        }
      }
      if (!found) return false;
    }
  } else if (a instanceof Set) {
    if (a.size !== b.size) return false;
    for (const value of new SafeSetIterator(a)) {
      if (SetPrototypeHas(b, value)) continue;
      if (typeof value !== "object" || value === null) return false;
      let found = false;
      for (const other of new SafeSetIterator(b)) {
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
  for (let i = 0; i < keysA.length; i++) {
    const key = keysA[i];
    if (!ObjectPrototypePropertyIsEnumerable(b, key)) return false;
    if (!deepEqual(a[key], b[key], seen)) return false;
  }
  return true;
}

function ownKeys(value) {
  const keys = ArrayBufferIsView(value) ? ArrayPrototypeFilter(ObjectKeys(value), (k) => RegExpPrototypeExec(/^\d+$/, k) === null) : ObjectKeys(value);
  const symbols = ObjectGetOwnPropertySymbols(value);
  for (let i = 0; i < symbols.length; i++) if (ObjectPrototypePropertyIsEnumerable(value, symbols[i])) ArrayPrototypePush(keys, symbols[i]);
  return keys;
}

const warned = new SafeSet();
export function deprecate(fn, message, code) {
  let warnedThis = false;
  return function deprecated(...args) {
    if (!warnedThis && !(code && SetPrototypeHas(warned, code))) {
      warnedThis = true;
      if (code) SetPrototypeAdd(warned, code);
      globalThis.process?.emitWarning?.(`${code ? `[${code}] ` : ""}DeprecationWarning: ${message}`);
    }
    return new.target ? ReflectConstruct(fn, args, new.target) : ReflectApply(fn, this, args);
  };
}

export function inherits(ctor, superCtor) {
  if (typeof ctor !== "function" || typeof superCtor !== "function" || superCtor.prototype === undefined) {
    const err = new TypeError('The "ctor" and "superCtor" arguments must be functions with prototypes');
    err.code = "ERR_INVALID_ARG_TYPE";
    throw err;
  }
  ObjectDefineProperty(ctor, "super_", { __proto__: null, value: superCtor, writable: true, configurable: true });
  ObjectSetPrototypeOf(ctor.prototype, superCtor.prototype);
}

function parseArgsError(code, message) {
  const err = new TypeError(message);
  err.code = code;
  return err;
}

/** `parseArgs({ args, options, strict, allowPositionals, tokens })`. */
export function parseArgs(config = {}) {
  const args = config.args ?? ArrayPrototypeSlice(globalThis.process.argv, 2);
  const options = config.options ?? {};
  const strict = config.strict ?? true;
  const allowPositionals = config.allowPositionals ?? !strict;
  const values = { __proto__: null };
  const positionals = [];
  const tokens = [];
  const shortToLong = {};
  const specs = ObjectEntries(options);
  for (let i = 0; i < specs.length; i++) if (specs[i][1].short) shortToLong[specs[i][1].short] = specs[i][0];
  const store = (name, value, raw, index, inlineValue) => {
    const spec = options[name];
    if (!spec) {
      if (strict) throw parseArgsError("ERR_PARSE_ARGS_UNKNOWN_OPTION", `Unknown option '${raw}'${allowPositionals ? "" : ". To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- \"" + raw + "\"'"}`);
      values[name] = value ?? true;
    } else {
      if (spec.type === "string" && value === undefined && strict) throw parseArgsError("ERR_PARSE_ARGS_INVALID_OPTION_VALUE", `Option '${raw} <value>' argument missing`);
      if (spec.type === "boolean" && value !== undefined && strict && inlineValue) throw parseArgsError("ERR_PARSE_ARGS_INVALID_OPTION_VALUE", `Option '${raw}' does not take an argument`);
      const v = spec.type === "boolean" ? true : value;
      if (spec.multiple) ArrayPrototypePush((values[name] ??= []), v);
      else values[name] = v;
    }
    ArrayPrototypePush(tokens, { kind: "option", name, rawName: raw, index, value, inlineValue });
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--") {
      ArrayPrototypePush(tokens, { kind: "option-terminator", index: i });
      const end = args.length;
      for (let j = i + 1; j < end; j++) {
        const rest = args[j];
        if (!allowPositionals && strict) throw parseArgsError("ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL", `Unexpected argument '${rest}'. This command does not take positional arguments`);
        ArrayPrototypePush(positionals, rest);
        ArrayPrototypePush(tokens, { kind: "positional", index: ++i, value: rest });
      }
      break;
    }
    if (StringPrototypeStartsWith(arg, "--")) {
      const eq = StringPrototypeIndexOf(arg, "=");
      const name = eq === -1 ? StringPrototypeSlice(arg, 2) : StringPrototypeSlice(arg, 2, eq);
      if (eq !== -1) store(name, StringPrototypeSlice(arg, eq + 1), `--${name}`, i, true);
      else if (options[name]?.type === "string" && i + 1 < args.length) store(name, args[++i], arg, i - 1, false);
      else store(name, undefined, arg, i, undefined);
    } else if (StringPrototypeStartsWith(arg, "-") && arg.length > 1) {
      for (let j = 1; j < arg.length; j++) {
        const short = arg[j];
        const name = shortToLong[short] ?? short;
        if (options[name]?.type === "string") {
          const inline = StringPrototypeSlice(arg, j + 1);
          if (inline) store(name, inline, `-${short}`, i, true);
          else if (i + 1 < args.length) store(name, args[++i], `-${short}`, i - 1, false);
          else store(name, undefined, `-${short}`, i, undefined);
          break;
        }
        store(name, undefined, `-${short}`, i, undefined);
      }
    } else {
      if (!allowPositionals) throw parseArgsError("ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL", `Unexpected argument '${arg}'. This command does not take positional arguments`);
      ArrayPrototypePush(positionals, arg);
      ArrayPrototypePush(tokens, { kind: "positional", index: i, value: arg });
    }
  }
  for (let i = 0; i < specs.length; i++) {
    const name = specs[i][0];
    if (values[name] === undefined && specs[i][1].default !== undefined) values[name] = specs[i][1].default;
  }
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

// A SafeRegExp: replacing through it never reads the (replaceable) RegExp.prototype.exec.
// eslint-disable-next-line no-control-regex
const VT_CONTROL = new SafeRegExp(/[\u001B\u009B][[\]()#;?]*(?:(?:(?:(?:;[-a-zA-Z\d/#&.:=?%@~_]+)*|[a-zA-Z\d]+(?:;[-a-zA-Z\d/#&.:=?%@~_]*)*)?\u0007)|(?:(?:\d{1,4}(?:;\d{0,4})*)?[\dA-PR-TZcf-ntqry=><~]))/g);

export function stripVTControlCharacters(text) {
  return StringPrototypeReplace(String(text), VT_CONTROL, "");
}

export function toUSVString(text) {
  return StringPrototypeToWellFormed !== undefined ? StringPrototypeToWellFormed(String(text)) : String(text);
}

export function debuglog(section) {
  const enabled = RegExpPrototypeExec(new SafeRegExp(`(^|,)${section}(,|$)`, "i"), globalThis.process.env.NODE_DEBUG ?? "") !== null;
  const log = (...args) => {
    if (enabled) globalThis.console.error(`${StringPrototypeToUpperCase(section)} ${globalThis.process.pid}: ${ReflectApply(format, undefined, args)}`);
  };
  log.enabled = enabled;
  return log;
}
export const debug = debuglog;

export function getSystemErrorName(errno) {
  const n = MathAbs(errno);
  const entries = ObjectEntries(errorTables().errno);
  for (let i = 0; i < entries.length; i++) if (entries[i][1] === n) return entries[i][0];
  return `Unknown system error ${errno}`;
}

export function getSystemErrorMap() {
  const map = new Map();
  const entries = ObjectEntries(errorTables().errno);
  for (let i = 0; i < entries.length; i++) MapPrototypeSet(map, -entries[i][1], [entries[i][0], entries[i][0]]);
  return map;
}

export function aborted(signal, _resource) {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener("abort", () => resolve(), { once: true });
  });
}

export const isArray = ArrayIsArray;
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
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "util", utilModule);
