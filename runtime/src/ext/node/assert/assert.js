// node:assert and node:assert/strict: the assertion functions and AssertionError with Node's
// codes and message forms (`Expected values to be strictly equal:`, `The expression evaluated
// to a falsy value:` …). Deep equality is util.isDeepStrictEqual for the strict forms and
// Node's loose rules (== for primitives, prototypes ignored) for deepEqual.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { primordials } from "omp:/host/core";
import { inspect, isDeepStrictEqual } from "omp:/node/util";

const {
  ArrayBufferIsView,
  ArrayIsArray,
  ArrayPrototypeJoin,
  ArrayPrototypeMap,
  DatePrototypeGetTime,
  ErrorCaptureStackTrace,
  FunctionPrototypeCall,
  MapPrototypeGet,
  MapPrototypeHas,
  MapPrototypeSet,
  NumberIsNaN,
  ObjectAssign,
  ObjectDefineProperty,
  ObjectIs,
  ObjectKeys,
  ObjectPrototypeHasOwnProperty,
  ObjectPrototypeIsPrototypeOf,
  RegExpPrototypeExec,
  SafeMap,
  SafeMapIterator,
  SafeSetIterator,
  SetPrototypeHas,
  StringPrototypeIncludes,
  StringPrototypeSplit,
} = primordials;

export class AssertionError extends Error {
  constructor(options = {}) {
    const { message, actual, expected, operator, stackStartFn } = options;
    super(message ?? `${inspect(actual)} ${operator} ${inspect(expected)}`);
    ObjectDefineProperty(this, "name", { __proto__: null, value: "AssertionError", writable: true, configurable: true, enumerable: false });
    this.code = "ERR_ASSERTION";
    this.actual = actual;
    this.expected = expected;
    this.operator = operator;
    this.generatedMessage = message === undefined || options.generatedMessage === true;
    if (typeof stackStartFn === "function") ErrorCaptureStackTrace?.(this, stackStartFn);
  }

  toString() {
    return `${this.name} [${this.code}]: ${this.message}`;
  }
}

function fail(options, userMessage, stackStartFn) {
  if (userMessage instanceof Error) throw userMessage;
  const generated = userMessage === undefined && options.generatedMessage !== false;
  const error = new AssertionError({ ...options, message: userMessage === undefined ? options.message : String(userMessage), stackStartFn });
  error.generatedMessage = generated;
  throw error;
}

const oneLine = (value) => inspect(value, { depth: 4, breakLength: Infinity });
const block = (value) => inspect(value, { depth: 4, sorted: false });

function comparison(header, actual, expected, operator) {
  const a = block(actual);
  const e = block(expected);
  if (!StringPrototypeIncludes(a, "\n") && !StringPrototypeIncludes(e, "\n") && a.length + e.length < 80) return `${header}\n\n${a} ${operator} ${e}\n`;
  const lines = (text, sign) => ArrayPrototypeJoin(ArrayPrototypeMap(StringPrototypeSplit(text, "\n"), (l) => `${sign} ${l}`), "\n");
  return `${header}\n+ actual - expected\n\n${lines(a, "+")}\n${lines(e, "-")}\n`;
}

export function ok(value, message) {
  if (arguments.length === 0) fail({ message: "No value argument passed to `assert.ok()`", actual: undefined, expected: true, operator: "==" }, message, ok);
  if (!value) fail({ message: "The expression evaluated to a falsy value:\n\n  assert.ok(" + oneLine(value) + ")\n", actual: value, expected: true, operator: "==" }, message, ok);
}

export function equal(actual, expected, message) {
  // eslint-disable-next-line eqeqeq
  if (!(actual == expected || (NumberIsNaN(actual) && NumberIsNaN(expected)))) {
    fail({ message: `${oneLine(actual)} == ${oneLine(expected)}`, actual, expected, operator: "==" }, message, equal);
  }
}

export function notEqual(actual, expected, message) {
  // eslint-disable-next-line eqeqeq
  if (actual == expected || (NumberIsNaN(actual) && NumberIsNaN(expected))) {
    fail({ message: `${oneLine(actual)} != ${oneLine(expected)}`, actual, expected, operator: "!=" }, message, notEqual);
  }
}

export function strictEqual(actual, expected, message) {
  if (!ObjectIs(actual, expected)) {
    const header = typeof actual === "object" && actual !== null && typeof expected === "object" && expected !== null && block(actual) === block(expected)
      ? "Values have same structure but are not reference-equal:"
      : "Expected values to be strictly equal:";
    fail({ message: comparison(header, actual, expected, "!=="), actual, expected, operator: "strictEqual" }, message, strictEqual);
  }
}

export function notStrictEqual(actual, expected, message) {
  if (ObjectIs(actual, expected)) {
    fail({ message: `Expected "actual" to be strictly unequal to: ${oneLine(expected)}`, actual, expected, operator: "notStrictEqual" }, message, notStrictEqual);
  }
}

/** Node's loose deep equality (assert.deepEqual). */
function looseEqual(a, b, seen = new SafeMap()) {
  // eslint-disable-next-line eqeqeq
  if (a === b || (a == b && (typeof a !== "object" || a === null) && (typeof b !== "object" || b === null))) return true;
  if (NumberIsNaN(a) && NumberIsNaN(b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (MapPrototypeGet(seen, a) === b) return true;
  MapPrototypeSet(seen, a, b);
  if (a instanceof Date && b instanceof Date) return DatePrototypeGetTime(a) === DatePrototypeGetTime(b);
  if (a instanceof RegExp && b instanceof RegExp) return String(a) === String(b);
  if (ArrayBufferIsView(a) && ArrayBufferIsView(b)) {
    if (a.byteLength !== b.byteLength) return false;
    for (let i = 0; i < a.length; i++) if (a[i] != b[i]) return false; // eslint-disable-line eqeqeq
    return true;
  }
  if (a instanceof Map && b instanceof Map) {
    if (a.size !== b.size) return false;
    for (const entry of new SafeMapIterator(a)) {
      if (!MapPrototypeHas(b, entry[0]) || !looseEqual(entry[1], MapPrototypeGet(b, entry[0]), seen)) return false;
    }
    return true;
  }
  if (a instanceof Set && b instanceof Set) {
    if (a.size !== b.size) return false;
    outer: for (const v of new SafeSetIterator(a)) {
      if (SetPrototypeHas(b, v)) continue;
      for (const w of new SafeSetIterator(b)) if (looseEqual(v, w, seen)) continue outer;
      return false;
    }
    return true;
  }
  if (ArrayIsArray(a) !== ArrayIsArray(b)) return false;
  const keysA = ObjectKeys(a);
  const keysB = ObjectKeys(b);
  if (keysA.length !== keysB.length) return false;
  for (let i = 0; i < keysA.length; i++) {
    const key = keysA[i];
    if (!ObjectPrototypeHasOwnProperty(b, key) || !looseEqual(a[key], b[key], seen)) return false;
  }
  return true;
}

export function deepEqual(actual, expected, message) {
  if (!looseEqual(actual, expected)) fail({ message: comparison("Expected values to be loosely deep-equal:", actual, expected, "deepEqual"), actual, expected, operator: "deepEqual" }, message, deepEqual);
}

export function notDeepEqual(actual, expected, message) {
  if (looseEqual(actual, expected)) fail({ message: `Expected "actual" not to be loosely deep-equal to: ${oneLine(expected)}`, actual, expected, operator: "notDeepEqual" }, message, notDeepEqual);
}

export function deepStrictEqual(actual, expected, message) {
  if (!isDeepStrictEqual(actual, expected)) fail({ message: comparison("Expected values to be strictly deep-equal:", actual, expected, "deepStrictEqual"), actual, expected, operator: "deepStrictEqual" }, message, deepStrictEqual);
}

export function notDeepStrictEqual(actual, expected, message) {
  if (isDeepStrictEqual(actual, expected)) fail({ message: `Expected "actual" not to be strictly deep-equal to: ${oneLine(expected)}`, actual, expected, operator: "notDeepStrictEqual" }, message, notDeepStrictEqual);
}

/** Whether thrown `error` matches `expected` (a class, RegExp, validation function or object). */
function matches(error, expected, fn, message) {
  if (expected === undefined) return;
  if (typeof expected === "function") {
    if (expected.prototype !== undefined && error instanceof expected) return;
    if (ObjectPrototypeIsPrototypeOf(Error, expected) || expected === Error) fail({ message: `The error is expected to be an instance of "${expected.name}". Received "${error?.constructor?.name}"`, actual: error, expected, operator: fn.name }, message, fn);
    if (FunctionPrototypeCall(expected, {}, error) === true) return;
    fail({ message: `The ${expected.name ? `"${expected.name}" ` : ""}validation function is expected to return "true". Received ${oneLine(FunctionPrototypeCall(expected, {}, error))}`, actual: error, expected, operator: fn.name }, message, fn);
  }
  if (expected instanceof RegExp) {
    if (RegExpPrototypeExec(expected, String(error)) !== null) return;
    fail({ message: `The input did not match the regular expression ${expected}. Input:\n\n${oneLine(String(error))}\n`, actual: error, expected, operator: fn.name }, message, fn);
  }
  if (typeof expected === "object" && expected !== null) {
    const keys = ObjectKeys(expected);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      const want = expected[key];
      const have = error?.[key];
      const same = want instanceof RegExp && typeof have === "string" ? RegExpPrototypeExec(want, have) !== null : isDeepStrictEqual(have, want);
      if (!same) fail({ message: comparison("Expected values to be strictly deep-equal:", { [key]: have }, { [key]: want }, "deepStrictEqual"), actual: error, expected, operator: fn.name }, message, fn);
    }
  }
}

const NO_EXCEPTION = Symbol("no exception");

function caught(fn) {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return NO_EXCEPTION;
}

async function caughtAsync(fnOrPromise) {
  try {
    await (typeof fnOrPromise === "function" ? fnOrPromise() : fnOrPromise);
  } catch (err) {
    return err;
  }
  return NO_EXCEPTION;
}

export function throws(fn, expected, message) {
  if (typeof expected === "string") {
    message = expected;
    expected = undefined;
  }
  const error = caught(fn);
  if (error === NO_EXCEPTION) fail({ message: `Missing expected exception${expected?.name ? ` (${expected.name})` : ""}${message ? `: ${message}` : "."}`, actual: undefined, expected, operator: "throws", generatedMessage: false }, undefined, throws);
  matches(error, expected, throws, message);
}

export function doesNotThrow(fn, expected, message) {
  if (typeof expected === "string") {
    message = expected;
    expected = undefined;
  }
  const error = caught(fn);
  if (error !== NO_EXCEPTION) fail({ message: `Got unwanted exception${message ? `: ${message}` : "."}\nActual message: "${error?.message}"`, actual: error, expected, operator: "doesNotThrow" }, undefined, doesNotThrow);
}

export async function rejects(fnOrPromise, expected, message) {
  if (typeof expected === "string") {
    message = expected;
    expected = undefined;
  }
  const error = await caughtAsync(fnOrPromise);
  if (error === NO_EXCEPTION) fail({ message: `Missing expected rejection${expected?.name ? ` (${expected.name})` : ""}${message ? `: ${message}` : "."}`, actual: undefined, expected, operator: "rejects", generatedMessage: false }, undefined, rejects);
  matches(error, expected, rejects, message);
}

export async function doesNotReject(fnOrPromise, expected, message) {
  if (typeof expected === "string") {
    message = expected;
    expected = undefined;
  }
  const error = await caughtAsync(fnOrPromise);
  if (error !== NO_EXCEPTION) fail({ message: `Got unwanted rejection${message ? `: ${message}` : "."}\nActual message: "${error?.message}"`, actual: error, expected, operator: "doesNotReject" }, undefined, doesNotReject);
}

export function match(string, regexp, message) {
  if (typeof string !== "string" || RegExpPrototypeExec(regexp, string) === null) {
    fail({ message: typeof string !== "string" ? `The "string" argument must be of type string. Received type ${typeof string} (${oneLine(string)})` : `The input did not match the regular expression ${regexp}. Input:\n\n${oneLine(string)}\n`, actual: string, expected: regexp, operator: "match" }, message, match);
  }
}

export function doesNotMatch(string, regexp, message) {
  if (typeof string !== "string" || RegExpPrototypeExec(regexp, string) !== null) {
    fail({ message: typeof string !== "string" ? `The "string" argument must be of type string. Received type ${typeof string} (${oneLine(string)})` : `The input was expected to not match the regular expression ${regexp}. Input:\n\n${oneLine(string)}\n`, actual: string, expected: regexp, operator: "doesNotMatch" }, message, doesNotMatch);
  }
}

export function ifError(value) {
  if (value !== null && value !== undefined) {
    if (value instanceof Error) throw value;
    fail({ message: `ifError got unwanted exception: ${oneLine(value)}`, actual: value, expected: null, operator: "ifError" }, undefined, ifError);
  }
}

function failFn(message = "Failed") {
  if (message instanceof Error) throw message;
  throw new AssertionError({ message, operator: "fail", stackStartFn: failFn });
}
export { failFn as fail };

/** `assert(value, message)` with every assertion as a property (loose forms). */
export function assert(value, message) {
  if (arguments.length === 0) fail({ message: "No value argument passed to `assert.ok()`", actual: undefined, expected: true, operator: "==" }, message, assert);
  if (!value) fail({ message: "The expression evaluated to a falsy value:\n\n  assert(" + oneLine(value) + ")\n", actual: value, expected: true, operator: "==" }, message, assert);
}

/** `assert.strict`: the same, with the loose forms replaced by the strict ones. */
export function strict(value, message) {
  if (arguments.length === 0) fail({ message: "No value argument passed to `assert.ok()`", actual: undefined, expected: true, operator: "==" }, message, strict);
  if (!value) fail({ message: "The expression evaluated to a falsy value:\n\n  assert(" + oneLine(value) + ")\n", actual: value, expected: true, operator: "==" }, message, strict);
}

const common = { AssertionError, ok, fail: failFn, throws, doesNotThrow, rejects, doesNotReject, match, doesNotMatch, ifError, strictEqual, notStrictEqual, deepStrictEqual, notDeepStrictEqual };
ObjectAssign(assert, common, { equal, notEqual, deepEqual, notDeepEqual, strict });
ObjectAssign(strict, common, { equal: strictEqual, notEqual: notStrictEqual, deepEqual: deepStrictEqual, notDeepEqual: notDeepStrictEqual, strict });

export default assert;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "assert", assert);
