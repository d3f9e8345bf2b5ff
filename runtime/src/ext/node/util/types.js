// node:util/types (also `util.types`): brand checks for built-in objects.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { primordials } from "omp:/host/core";
const {
  ArrayBufferIsView,
  ArrayPrototypeIncludes,
  MapPrototypeSet,
  ObjectPrototypeToString,
  SafeMap,
  StringPrototypeSlice,
  TypedArray,
} = primordials;

const tag = (v) => StringPrototypeSlice(ObjectPrototypeToString(v), 8, -1);
const AsyncFunction = (async () => {}).constructor;
const GeneratorFunction = function* () {}.constructor;
const AsyncGeneratorFunction = async function* () {}.constructor;

export const isPromise = (v) => v instanceof Promise;
export const isRegExp = (v) => v instanceof RegExp;
export const isDate = (v) => v instanceof Date;
export const isMap = (v) => v instanceof Map;
export const isSet = (v) => v instanceof Set;
export const isWeakMap = (v) => v instanceof WeakMap;
export const isWeakSet = (v) => v instanceof WeakSet;
export const isMapIterator = (v) => tag(v) === "Map Iterator";
export const isSetIterator = (v) => tag(v) === "Set Iterator";
export const isNativeError = (v) => v instanceof Error;
export const isTypedArray = (v) => v instanceof TypedArray;
export const isUint8Array = (v) => v instanceof Uint8Array;
export const isUint8ClampedArray = (v) => v instanceof Uint8ClampedArray;
export const isUint16Array = (v) => v instanceof Uint16Array;
export const isUint32Array = (v) => v instanceof Uint32Array;
export const isInt8Array = (v) => v instanceof Int8Array;
export const isInt16Array = (v) => v instanceof Int16Array;
export const isInt32Array = (v) => v instanceof Int32Array;
export const isFloat32Array = (v) => v instanceof Float32Array;
export const isFloat64Array = (v) => v instanceof Float64Array;
export const isBigInt64Array = (v) => v instanceof BigInt64Array;
export const isBigUint64Array = (v) => v instanceof BigUint64Array;
export const isArrayBuffer = (v) => v instanceof ArrayBuffer;
export const isSharedArrayBuffer = (v) => typeof SharedArrayBuffer !== "undefined" && v instanceof SharedArrayBuffer;
export const isAnyArrayBuffer = (v) => isArrayBuffer(v) || isSharedArrayBuffer(v);
export const isArrayBufferView = (v) => ArrayBufferIsView(v);
export const isDataView = (v) => v instanceof DataView;
export const isAsyncFunction = (v) => v instanceof AsyncFunction || v instanceof AsyncGeneratorFunction;
export const isGeneratorFunction = (v) => v instanceof GeneratorFunction || v instanceof AsyncGeneratorFunction;
export const isGeneratorObject = (v) => tag(v) === "Generator";
export const isBoxedPrimitive = (v) => v !== null && typeof v === "object" && ArrayPrototypeIncludes(["Number", "String", "Boolean", "BigInt", "Symbol"], tag(v)) && !(v instanceof Date);
export const isNumberObject = (v) => isBoxedPrimitive(v) && tag(v) === "Number";
export const isStringObject = (v) => isBoxedPrimitive(v) && tag(v) === "String";
export const isBooleanObject = (v) => isBoxedPrimitive(v) && tag(v) === "Boolean";
export const isSymbolObject = (v) => isBoxedPrimitive(v) && tag(v) === "Symbol";
export const isBigIntObject = (v) => isBoxedPrimitive(v) && tag(v) === "BigInt";
export const isModuleNamespaceObject = (v) => tag(v) === "Module";
/** A Proxy cannot be told apart from its target in plain JavaScript; always false here. */
export const isProxy = () => false;
export const isExternal = () => false;
export const isKeyObject = () => false;
export const isCryptoKey = (v) => typeof globalThis.CryptoKey === "function" && v instanceof globalThis.CryptoKey;

const typesModule = {
  isPromise, isRegExp, isDate, isMap, isSet, isWeakMap, isWeakSet, isMapIterator, isSetIterator, isNativeError, isTypedArray,
  isUint8Array, isUint8ClampedArray, isUint16Array, isUint32Array, isInt8Array, isInt16Array, isInt32Array, isFloat32Array,
  isFloat64Array, isBigInt64Array, isBigUint64Array, isArrayBuffer, isSharedArrayBuffer, isAnyArrayBuffer, isArrayBufferView,
  isDataView, isAsyncFunction, isGeneratorFunction, isGeneratorObject, isBoxedPrimitive, isNumberObject, isStringObject,
  isBooleanObject, isSymbolObject, isBigIntObject, isModuleNamespaceObject, isProxy, isExternal, isKeyObject, isCryptoKey,
};
export default typesModule;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "util/types", typesModule);
