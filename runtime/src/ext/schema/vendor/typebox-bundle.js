// typebox in one module (omp:/vendor/typebox-bundle); the typebox*.js beside it re-export its names.
// typebox 1.4.3 (https://github.com/sinclairzx81/typebox), vendored by scripts/vendor-typebox.sh.
// Do not edit: regenerate. Its licence follows.
/*
TypeBox

The MIT License (MIT)

Copyright (c) 2017-2026 Haydn Paterson

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in
all copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN
THE SOFTWARE.*/
var __defProp = Object.defineProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// node_modules/typebox/build/system/memory/memory.mjs
var memory_exports = {};
__export(memory_exports, {
  Assign: () => Assign,
  Clone: () => Clone,
  Create: () => Create,
  Discard: () => Discard,
  Metrics: () => Metrics,
  Update: () => Update
});

// node_modules/typebox/build/system/memory/metrics.mjs
var Metrics = {
  assign: 0,
  create: 0,
  clone: 0,
  discard: 0,
  update: 0
};

// node_modules/typebox/build/guard/emit.mjs
var emit_exports = {};
__export(emit_exports, {
  And: () => And,
  ArrayLiteral: () => ArrayLiteral,
  ArrowFunction: () => ArrowFunction,
  Call: () => Call,
  ConstDeclaration: () => ConstDeclaration,
  Constant: () => Constant,
  Counted: () => Counted2,
  Entries: () => Entries2,
  Every: () => Every2,
  HasPropertyKey: () => HasPropertyKey2,
  If: () => If,
  IsArray: () => IsArray2,
  IsBigInt: () => IsBigInt2,
  IsBoolean: () => IsBoolean2,
  IsConstructor: () => IsConstructor2,
  IsDeepEqual: () => IsDeepEqual2,
  IsEqual: () => IsEqual2,
  IsFunction: () => IsFunction2,
  IsGreaterEqualThan: () => IsGreaterEqualThan2,
  IsGreaterThan: () => IsGreaterThan2,
  IsInteger: () => IsInteger2,
  IsLessEqualThan: () => IsLessEqualThan2,
  IsLessThan: () => IsLessThan2,
  IsMaxLength: () => IsMaxLength3,
  IsMinLength: () => IsMinLength3,
  IsNull: () => IsNull2,
  IsNumber: () => IsNumber2,
  IsObject: () => IsObject2,
  IsObjectNotArray: () => IsObjectNotArray2,
  IsString: () => IsString2,
  IsSymbol: () => IsSymbol2,
  IsUndefined: () => IsUndefined2,
  Keys: () => Keys2,
  Member: () => Member,
  MultipleOf: () => MultipleOf,
  New: () => New,
  Not: () => Not,
  Or: () => Or,
  ReduceAnd: () => ReduceAnd,
  ReduceOr: () => ReduceOr,
  Return: () => Return,
  Some: () => Some2,
  SomeAll: () => SomeAll2,
  Statements: () => Statements,
  Ternary: () => Ternary
});

// node_modules/typebox/build/guard/guard.mjs
var guard_exports = {};
__export(guard_exports, {
  CodePointCount: () => CodePointCount2,
  Counted: () => Counted,
  Entries: () => Entries,
  EntriesRegExp: () => EntriesRegExp,
  Every: () => Every,
  EveryAll: () => EveryAll,
  GraphemeCount: () => GraphemeCount2,
  HasPropertyKey: () => HasPropertyKey,
  IsArray: () => IsArray,
  IsBigInt: () => IsBigInt,
  IsBoolean: () => IsBoolean,
  IsClassInstance: () => IsClassInstance,
  IsConstructor: () => IsConstructor,
  IsDeepEqual: () => IsDeepEqual,
  IsEqual: () => IsEqual,
  IsFunction: () => IsFunction,
  IsGreaterEqualThan: () => IsGreaterEqualThan,
  IsGreaterThan: () => IsGreaterThan,
  IsInteger: () => IsInteger,
  IsLessEqualThan: () => IsLessEqualThan,
  IsLessThan: () => IsLessThan,
  IsMaxLength: () => IsMaxLength2,
  IsMinLength: () => IsMinLength2,
  IsMultipleOf: () => IsMultipleOf,
  IsNull: () => IsNull,
  IsNumber: () => IsNumber,
  IsObject: () => IsObject,
  IsObjectNotArray: () => IsObjectNotArray,
  IsString: () => IsString,
  IsSymbol: () => IsSymbol,
  IsUndefined: () => IsUndefined,
  IsUnsafePropertyKey: () => IsUnsafePropertyKey,
  IsValueLike: () => IsValueLike,
  Keys: () => Keys,
  ShiftLeft: () => ShiftLeft,
  Some: () => Some,
  SomeAll: () => SomeAll,
  Symbols: () => Symbols,
  Values: () => Values
});

// node_modules/typebox/build/guard/unicode/unicode_segment.mjs
function IsBetween(value, min, max) {
  return value >= min && value <= max;
}
function IsZeroWidthJoiner(value) {
  return value === 8205;
}
function IsRegionalIndicator(value) {
  return IsBetween(value, 127462, 127487);
}
function IsVariationSelector(value) {
  return IsBetween(value, 65024, 65039);
}
function IsCombiningMark(value) {
  return IsBetween(value, 768, 879) || IsBetween(value, 6832, 6911) || IsBetween(value, 7616, 7679) || IsBetween(value, 65056, 65071);
}
function CodePointLength(value) {
  return value > 65535 ? 2 : 1;
}
function ConsumeModifiers(value, index3) {
  while (index3 < value.length) {
    const point = value.codePointAt(index3);
    if (IsCombiningMark(point) || IsVariationSelector(point)) {
      index3 += CodePointLength(point);
    } else {
      break;
    }
  }
  return index3;
}
function NextGraphemeClusterIndex(value, clusterStart) {
  const startCP = value.codePointAt(clusterStart);
  let clusterEnd = clusterStart + CodePointLength(startCP);
  clusterEnd = ConsumeModifiers(value, clusterEnd);
  while (clusterEnd < value.length - 1 && IsZeroWidthJoiner(value.codePointAt(clusterEnd))) {
    const nextCP = value.codePointAt(clusterEnd + 1);
    clusterEnd += 1 + CodePointLength(nextCP);
    clusterEnd = ConsumeModifiers(value, clusterEnd);
  }
  if (IsRegionalIndicator(startCP) && clusterEnd < value.length && IsRegionalIndicator(value.codePointAt(clusterEnd))) {
    clusterEnd += CodePointLength(value.codePointAt(clusterEnd));
  }
  return clusterEnd;
}
function GraphemeCount(value) {
  let count = 0, index3 = 0;
  while (index3 < value.length) {
    index3 = NextGraphemeClusterIndex(value, index3);
    count++;
  }
  return count;
}

// node_modules/typebox/build/guard/unicode/unicode.mjs
function CodePointCount(value) {
  let result = 0, index3 = 0, prev = 0;
  while (index3 < value.length) {
    const next = value.charCodeAt(index3++) >> 10;
    result += +((prev << 8 | next) !== 13879);
    prev = next;
  }
  return result;
}
function IsMaxLength(value, maxLength) {
  return value.length <= maxLength || value.length <= maxLength << 1 && CodePointCount(value) <= maxLength;
}
function IsMinLength(value, minLength) {
  return value.length >= minLength << 1 || value.length >= minLength && CodePointCount(value) >= minLength;
}

// node_modules/typebox/build/guard/guard.mjs
function IsArray(value) {
  return Array.isArray(value);
}
function IsBigInt(value) {
  return IsEqual(typeof value, "bigint");
}
function IsBoolean(value) {
  return IsEqual(typeof value, "boolean");
}
function IsConstructor(value) {
  if (IsUndefined(value) || !IsFunction(value))
    return false;
  const result = Function.prototype.toString.call(value);
  if (/^class\s/.test(result))
    return true;
  if (/\[native code\]/.test(result))
    return true;
  return false;
}
function IsFunction(value) {
  return IsEqual(typeof value, "function");
}
function IsInteger(value) {
  return Number.isInteger(value);
}
function IsNull(value) {
  return IsEqual(value, null);
}
function IsNumber(value) {
  return Number.isFinite(value);
}
function IsObjectNotArray(value) {
  return IsObject(value) && !IsArray(value);
}
function IsObject(value) {
  return IsEqual(typeof value, "object") && !IsNull(value);
}
function IsString(value) {
  return IsEqual(typeof value, "string");
}
function IsSymbol(value) {
  return IsEqual(typeof value, "symbol");
}
function IsUndefined(value) {
  return IsEqual(value, void 0);
}
function IsEqual(left, right) {
  return left === right;
}
function IsGreaterThan(left, right) {
  return left > right;
}
function IsLessThan(left, right) {
  return left < right;
}
function IsLessEqualThan(left, right) {
  return left <= right;
}
function IsGreaterEqualThan(left, right) {
  return left >= right;
}
function IsMultipleOf(dividend, divisor) {
  if (IsBigInt(dividend) || IsBigInt(divisor)) {
    return BigInt(dividend) % BigInt(divisor) === 0n;
  }
  const tolerance = 1e-10;
  if (!IsNumber(dividend))
    return true;
  if (IsInteger(dividend) && 1 / divisor % 1 === 0)
    return true;
  const mod = dividend % divisor;
  return Math.min(Math.abs(mod), Math.abs(mod - divisor), Math.abs(mod + divisor)) < tolerance;
}
function IsClassInstance(value) {
  if (!IsObject(value))
    return false;
  const proto = globalThis.Object.getPrototypeOf(value);
  if (IsNull(proto))
    return false;
  return IsEqual(typeof proto.constructor, "function") && !(IsEqual(proto.constructor, globalThis.Object) || IsEqual(proto.constructor.name, "Object"));
}
function IsValueLike(value) {
  return IsBigInt(value) || IsBoolean(value) || IsNull(value) || IsNumber(value) || IsString(value) || IsUndefined(value);
}
function GraphemeCount2(value) {
  return GraphemeCount(value);
}
function CodePointCount2(value) {
  return CodePointCount(value);
}
function IsMaxLength2(value, maxLength) {
  return IsMaxLength(value, maxLength);
}
function IsMinLength2(value, minLength) {
  return IsMinLength(value, minLength);
}
function Every(value, offset, callback) {
  return value.every((item, index3) => index3 < offset || callback(item, index3));
}
function EveryAll(value, offset, callback) {
  let result = true;
  value.forEach((item, index3) => {
    if (index3 >= offset && !callback(item, index3))
      result = false;
  });
  return result;
}
function Some(value, callback) {
  return value.some((value2, index3) => callback(value2, index3));
}
function SomeAll(value, callback) {
  let result = false;
  value.forEach((item, index3) => {
    if (callback(item, index3))
      result = true;
  });
  return result;
}
function Counted(value, callback) {
  return value.reduce((result, value2, index3) => callback(value2, index3) ? ++result : result, 0);
}
function ShiftLeft(array, true_, false_) {
  return IsEqual(array.length, 0) ? false_() : true_(array[0], array.slice(1));
}
function IsUnsafePropertyKey(key) {
  return IsEqual(key, "__proto__") || IsEqual(key, "constructor") || IsEqual(key, "prototype");
}
function HasPropertyKey(value, key) {
  return IsUnsafePropertyKey(key) ? Object.prototype.hasOwnProperty.call(value, key) : key in value;
}
function EntriesRegExp(value) {
  return Keys(value).map((key) => [new RegExp(`^${key}$`), value[key]]);
}
function Entries(value) {
  return Object.entries(value);
}
function Keys(value) {
  return Object.getOwnPropertyNames(value);
}
function Symbols(value) {
  return Object.getOwnPropertySymbols(value);
}
function Values(value) {
  return Object.values(value);
}
function DeepEqualObject(left, right) {
  if (!IsObject(right))
    return false;
  const keys = Keys(left);
  return IsEqual(keys.length, Keys(right).length) && keys.every((key) => IsDeepEqual(left[key], right[key]));
}
function DeepEqualArray(left, right) {
  return IsArray(right) && IsEqual(left.length, right.length) && left.every((_, index3) => IsDeepEqual(left[index3], right[index3]));
}
function IsDeepEqual(left, right) {
  return IsArray(left) ? DeepEqualArray(left, right) : IsObject(left) ? DeepEqualObject(left, right) : IsEqual(left, right);
}

// node_modules/typebox/build/guard/emit.mjs
var identifierRegExp = /^[\p{ID_Start}_$][\p{ID_Continue}_$\u200C\u200D]*$/u;
function IsIdentifier(value) {
  return identifierRegExp.test(value);
}
function And(left, right) {
  return `(${left} && ${right})`;
}
function Or(left, right) {
  return `(${left} || ${right})`;
}
function Not(expr) {
  return `!(${expr})`;
}
function IsArray2(value) {
  return `Array.isArray(${value})`;
}
function IsBigInt2(value) {
  return `typeof ${value} === "bigint"`;
}
function IsBoolean2(value) {
  return `typeof ${value} === "boolean"`;
}
function IsInteger2(value) {
  return `Number.isInteger(${value})`;
}
function IsNull2(value) {
  return `${value} === null`;
}
function IsNumber2(value) {
  return `Number.isFinite(${value})`;
}
function IsObjectNotArray2(value) {
  return And(IsObject2(value), Not(IsArray2(value)));
}
function IsObject2(value) {
  return `typeof ${value} === "object" && ${value} !== null`;
}
function IsString2(value) {
  return `typeof ${value} === "string"`;
}
function IsSymbol2(value) {
  return `typeof ${value} === "symbol"`;
}
function IsUndefined2(value) {
  return `${value} === undefined`;
}
function IsFunction2(value) {
  return `typeof ${value} === "function"`;
}
function IsConstructor2(value) {
  return `Guard.IsConstructor(${value})`;
}
function IsEqual2(left, right) {
  return `${left} === ${right}`;
}
function IsGreaterThan2(left, right) {
  return `${left} > ${right}`;
}
function IsLessThan2(left, right) {
  return `${left} < ${right}`;
}
function IsLessEqualThan2(left, right) {
  return `${left} <= ${right}`;
}
function IsGreaterEqualThan2(left, right) {
  return `${left} >= ${right}`;
}
function IsMinLength3(value, length) {
  return `(${value}.length >= ${+length << 1} || (${value}.length >= ${length} && Guard.CodePointCount(${value}) >= ${length}))`;
}
function IsMaxLength3(value, length) {
  return `(${value}.length <= ${length} || (${value}.length <= ${+length << 1} && Guard.CodePointCount(${value}) <= ${length}))`;
}
function Every2(value, offset, params, expression) {
  return IsEqual(offset, "0") ? `${value}.every((${params[0]}, ${params[1]}) => (${expression}))` : `${value}.every((${params[0]}, ${params[1]}) => (${params[1]} < ${offset}) || (${expression}))`;
}
function Some2(value, params, expression) {
  return `${value}.some((${params[0]}, ${params[1]}) => ${expression})`;
}
function SomeAll2(value, params, expression) {
  return `((value) => { let result = false; value.forEach((${params[0]}, ${params[1]}) => { if (${expression}) result = true }); return result })(${value})`;
}
function Counted2(value, params, expression) {
  return `${value}.reduce((result, ${params[0]}, ${params[1]}) => (${expression}) ? ++result : result, 0)`;
}
function Entries2(value) {
  return `Object.entries(${value})`;
}
function Keys2(value) {
  return `Object.getOwnPropertyNames(${value})`;
}
function HasPropertyKey2(value, key) {
  const isProtoField = IsEqual(key, '"__proto__"') || IsEqual(key, '"constructor"');
  return isProtoField ? `Object.prototype.hasOwnProperty.call(${value}, ${key})` : `${key} in ${value}`;
}
function IsDeepEqual2(left, right) {
  return `Guard.IsDeepEqual(${left}, ${right})`;
}
function ArrayLiteral(elements) {
  return `[${elements.join(", ")}]`;
}
function ArrowFunction(parameters, body) {
  return `((${parameters.join(", ")}) => ${body})`;
}
function Call(value, arguments_) {
  return `${value}(${arguments_.join(", ")})`;
}
function New(value, arguments_) {
  return `new ${value}(${arguments_.join(", ")})`;
}
function Member(left, right) {
  return `${left}${IsIdentifier(right) ? `.${right}` : `[${Constant(right)}]`}`;
}
function Constant(value) {
  if (!IsValueLike(value))
    throw Error("Unsupported Constant");
  return IsString(value) ? JSON.stringify(value) : `${value}`;
}
function Ternary(condition, true_, false_) {
  return `(${condition} ? ${true_} : ${false_})`;
}
function Statements(statements) {
  return `{ ${statements.join("; ")}; }`;
}
function ConstDeclaration(identifier, expression) {
  return `const ${identifier} = ${expression}`;
}
function If(condition, then) {
  return `if(${condition}) { ${then} }`;
}
function Return(expression) {
  return `return ${expression}`;
}
function ReduceAnd(operands) {
  return IsEqual(operands.length, 0) ? "true" : operands.reduce((left, right) => And(left, right));
}
function ReduceOr(operands) {
  return IsEqual(operands.length, 0) ? "false" : operands.reduce((left, right) => Or(left, right));
}
function MultipleOf(dividend, divisor) {
  return `Guard.IsMultipleOf(${dividend}, ${divisor})`;
}

// node_modules/typebox/build/guard/globals.mjs
var globals_exports = {};
__export(globals_exports, {
  IsBigInt64Array: () => IsBigInt64Array,
  IsBigUint64Array: () => IsBigUint64Array,
  IsBoolean: () => IsBoolean3,
  IsDate: () => IsDate,
  IsFloat32Array: () => IsFloat32Array,
  IsFloat64Array: () => IsFloat64Array,
  IsInt16Array: () => IsInt16Array,
  IsInt32Array: () => IsInt32Array,
  IsInt8Array: () => IsInt8Array,
  IsMap: () => IsMap,
  IsNumber: () => IsNumber3,
  IsRegExp: () => IsRegExp,
  IsSet: () => IsSet,
  IsString: () => IsString3,
  IsTypeArray: () => IsTypeArray,
  IsUint16Array: () => IsUint16Array,
  IsUint32Array: () => IsUint32Array,
  IsUint8Array: () => IsUint8Array,
  IsUint8ClampedArray: () => IsUint8ClampedArray
});
function IsBoolean3(value) {
  return value instanceof Boolean;
}
function IsNumber3(value) {
  return value instanceof Number;
}
function IsString3(value) {
  return value instanceof String;
}
function IsTypeArray(value) {
  return globalThis.ArrayBuffer.isView(value);
}
function IsInt8Array(value) {
  return value instanceof globalThis.Int8Array;
}
function IsUint8Array(value) {
  return value instanceof globalThis.Uint8Array;
}
function IsUint8ClampedArray(value) {
  return value instanceof globalThis.Uint8ClampedArray;
}
function IsInt16Array(value) {
  return value instanceof globalThis.Int16Array;
}
function IsUint16Array(value) {
  return value instanceof globalThis.Uint16Array;
}
function IsInt32Array(value) {
  return value instanceof globalThis.Int32Array;
}
function IsUint32Array(value) {
  return value instanceof globalThis.Uint32Array;
}
function IsFloat32Array(value) {
  return value instanceof globalThis.Float32Array;
}
function IsFloat64Array(value) {
  return value instanceof globalThis.Float64Array;
}
function IsBigInt64Array(value) {
  return value instanceof globalThis.BigInt64Array;
}
function IsBigUint64Array(value) {
  return value instanceof globalThis.BigUint64Array;
}
function IsRegExp(value) {
  return value instanceof globalThis.RegExp;
}
function IsDate(value) {
  return value instanceof globalThis.Date;
}
function IsSet(value) {
  return value instanceof globalThis.Set;
}
function IsMap(value) {
  return value instanceof globalThis.Map;
}

// node_modules/typebox/build/guard/native.mjs
var native_exports = {};
__export(native_exports, {
  IsF32: () => IsF32,
  IsF64: () => IsF64,
  IsI16: () => IsI16,
  IsI32: () => IsI32,
  IsI64: () => IsI64,
  IsI8: () => IsI8,
  IsU16: () => IsU16,
  IsU32: () => IsU32,
  IsU64: () => IsU64,
  IsU8: () => IsU8
});
function IsF32(value) {
  return IsNumber(value) && IsEqual(value, Math.fround(value));
}
function IsF64(value) {
  return IsNumber(value);
}
function IsU8(value) {
  return IsInteger(value) && IsGreaterEqualThan(value, 0) && IsLessEqualThan(value, 255);
}
function IsU16(value) {
  return IsInteger(value) && IsGreaterEqualThan(value, 0) && IsLessEqualThan(value, 65535);
}
function IsU32(value) {
  return IsInteger(value) && IsGreaterEqualThan(value, 0) && IsLessEqualThan(value, 4294967295);
}
function IsU64(value) {
  return IsInteger(value) && IsGreaterEqualThan(value, 0);
}
function IsI8(value) {
  return IsInteger(value) && IsGreaterEqualThan(value, -128) && IsLessEqualThan(value, 127);
}
function IsI16(value) {
  return IsInteger(value) && IsGreaterEqualThan(value, -32768) && IsLessEqualThan(value, 32767);
}
function IsI32(value) {
  return IsInteger(value) && IsGreaterEqualThan(value, -2147483648) && IsLessEqualThan(value, 2147483647);
}
function IsI64(value) {
  return IsBigInt(value) && IsGreaterEqualThan(value, BigInt("-9223372036854775808")) && IsLessEqualThan(value, BigInt("9223372036854775807"));
}

// node_modules/typebox/build/guard/index.mjs
var guard_default = guard_exports;

// node_modules/typebox/build/system/settings/settings.mjs
var settings_exports = {};
__export(settings_exports, {
  Get: () => Get,
  Reset: () => Reset,
  Set: () => Set2
});
var settings = {
  immutableTypes: false,
  maxErrors: 8,
  maxParseErrors: 1,
  maxInstantiationCount: 128,
  useAcceleration: true,
  exactOptionalPropertyTypes: false,
  enumerableKind: false,
  correctiveParse: false,
  unionPrioritySort: true
};
function Reset() {
  settings.immutableTypes = false;
  settings.maxErrors = 8;
  settings.maxParseErrors = 1;
  settings.maxInstantiationCount = 128;
  settings.useAcceleration = true;
  settings.exactOptionalPropertyTypes = false;
  settings.enumerableKind = false;
  settings.correctiveParse = false;
  settings.unionPrioritySort = true;
}
function Set2(options) {
  for (const key of guard_exports.Keys(options)) {
    const value = options[key];
    if (value !== void 0) {
      Object.defineProperty(settings, key, { value });
    }
  }
}
function Get() {
  return settings;
}

// node_modules/typebox/build/system/memory/keys.mjs
function Keys3(value) {
  return [...guard_exports.Keys(value), ...guard_exports.Symbols(value)];
}

// node_modules/typebox/build/system/memory/finalize.mjs
function Freeze(value, seen) {
  if (seen.has(value))
    return;
  seen.add(value);
  for (const key of Keys3(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (!descriptor || !("value" in descriptor))
      continue;
    if (guard_exports.IsObject(descriptor.value))
      Freeze(descriptor.value, seen);
  }
  Object.freeze(value);
}
function Finalize(value) {
  if (!settings_exports.Get().immutableTypes)
    return value;
  Freeze(value, /* @__PURE__ */ new WeakSet());
  return value;
}

// node_modules/typebox/build/system/memory/assign.mjs
function Assign(left, right) {
  Metrics.assign += 1;
  const result = {}, rightKeys = Keys3(right), leftKeys = Keys3(left);
  for (const key of leftKeys) {
    if (rightKeys.includes(key))
      continue;
    Object.defineProperty(result, key, Object.getOwnPropertyDescriptor(left, key));
  }
  for (const key of rightKeys) {
    Object.defineProperty(result, key, Object.getOwnPropertyDescriptor(right, key));
  }
  return Finalize(result);
}

// node_modules/typebox/build/system/memory/clone.mjs
function Clone(value) {
  Metrics.clone += 1;
  const result = {};
  for (const key of Keys3(value)) {
    if (guard_exports.IsUnsafePropertyKey(key))
      continue;
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (guard_exports.IsEqual(descriptor.enumerable, true)) {
      result[key] = descriptor.value;
    } else {
      Object.defineProperty(result, key, descriptor);
    }
  }
  return result;
}

// node_modules/typebox/build/system/memory/create.mjs
function WithEnumerable(left, right) {
  return { ...left, ...right };
}
function WithHidden(left, right) {
  for (const key of Object.keys(right)) {
    Object.defineProperty(left, key, {
      configurable: true,
      writable: true,
      enumerable: false,
      value: right[key]
    });
  }
  return left;
}
function Create(hidden, enumerable, options = {}) {
  Metrics.create += 1;
  const withEnumerable = WithEnumerable(enumerable, options);
  const withHidden = settings_exports.Get().enumerableKind ? WithEnumerable(withEnumerable, hidden) : WithHidden(withEnumerable, hidden);
  return Finalize(withHidden);
}

// node_modules/typebox/build/system/memory/discard.mjs
function Discard(value, propertyKeys) {
  Metrics.discard += 1;
  const result = {};
  for (const key of Keys3(value)) {
    if (propertyKeys.includes(key))
      continue;
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    Object.defineProperty(result, key, descriptor);
  }
  return Finalize(result);
}

// node_modules/typebox/build/system/memory/update.mjs
function WithCurrent(current, hiddenKeys, enumerableKeys, result) {
  for (const key of Keys3(current)) {
    if (guard_exports.IsUnsafePropertyKey(key) || hiddenKeys.includes(key) || enumerableKeys.includes(key))
      continue;
    const descriptor = Object.getOwnPropertyDescriptor(current, key);
    Object.defineProperty(result, key, descriptor);
  }
}
function WithHidden2(hidden, keys, result) {
  const enumerableKind = settings_exports.Get().enumerableKind;
  for (const key of keys) {
    if (guard_exports.IsUnsafePropertyKey(key))
      continue;
    Object.defineProperty(result, key, {
      configurable: true,
      writable: true,
      enumerable: enumerableKind,
      value: hidden[key]
    });
  }
}
function WithEnumerable2(enumerable, keys, result) {
  for (const key of keys) {
    if (guard_exports.IsUnsafePropertyKey(key))
      continue;
    Object.defineProperty(result, key, {
      configurable: true,
      enumerable: true,
      writable: true,
      value: enumerable[key]
    });
  }
}
function Update(current, hidden, enumerable) {
  Metrics.update += 1;
  const result = {}, hiddenKeys = Keys3(hidden), enumerableKeys = Keys3(enumerable);
  WithCurrent(current, hiddenKeys, enumerableKeys, result);
  WithHidden2(hidden, hiddenKeys, result);
  WithEnumerable2(enumerable, enumerableKeys, result);
  return Finalize(result);
}

// node_modules/typebox/build/type/types/schema.mjs
function IsKind(value, kind) {
  return guard_exports.IsObject(value) && guard_exports.HasPropertyKey(value, "~kind") && guard_exports.IsEqual(value["~kind"], kind);
}
function IsSchema(value) {
  return guard_exports.IsObject(value);
}

// node_modules/typebox/build/type/types/deferred.mjs
function Deferred(action, parameters, options) {
  return memory_exports.Create({ "~kind": "Deferred" }, { type: "deferred", action, parameters, options }, {});
}
function IsDeferred(value) {
  return IsKind(value, "Deferred");
}

// node_modules/typebox/build/type/engine/readonly/instantiate_add.mjs
function AddReadonlyAction(type, options) {
  const result = memory_exports.Update(type, { "~readonly": true }, options);
  return result;
}
function AddReadonlyInstantiate(context, state2, type, options) {
  const instantiatedType = InstantiateType(context, state2, type);
  return AddReadonlyAction(instantiatedType, options);
}

// node_modules/typebox/build/type/engine/optional/instantiate_add.mjs
function AddOptionalAction(type, options) {
  const result = memory_exports.Update(type, { "~optional": true }, options);
  return result;
}
function AddOptionalInstantiate(context, state2, type, options) {
  const instantiatedType = InstantiateType(context, state2, type);
  return AddOptionalAction(instantiatedType, options);
}

// node_modules/typebox/build/type/types/array.mjs
function _Array_(items, options) {
  return memory_exports.Create({ "~kind": "Array" }, { type: "array", items }, options);
}
function IsArray3(value) {
  return IsKind(value, "Array");
}
function ArrayOptions(type) {
  return memory_exports.Discard(type, ["~kind", "type", "items"]);
}

// node_modules/typebox/build/type/types/constructor.mjs
function Constructor(parameters, instanceType, options = {}) {
  return memory_exports.Create({ "~kind": "Constructor" }, { type: "constructor", parameters, instanceType }, options);
}
function IsConstructor3(value) {
  return IsKind(value, "Constructor");
}
function ConstructorOptions(type) {
  return memory_exports.Discard(type, ["~kind", "type", "parameters", "instanceType"]);
}

// node_modules/typebox/build/type/types/function.mjs
function _Function_(parameters, returnType, options = {}) {
  return memory_exports.Create({ ["~kind"]: "Function" }, { type: "function", parameters, returnType }, options);
}
function IsFunction3(value) {
  return IsKind(value, "Function");
}
function FunctionOptions(type) {
  return memory_exports.Discard(type, ["~kind", "type", "parameters", "returnType"]);
}

// node_modules/typebox/build/type/types/ref.mjs
function Ref(ref, options) {
  return memory_exports.Create({ ["~kind"]: "Ref" }, { $ref: ref }, options);
}
function IsRef(value) {
  return IsKind(value, "Ref");
}

// node_modules/typebox/build/type/types/generic.mjs
function Generic(parameters, expression) {
  return memory_exports.Create({ "~kind": "Generic" }, { type: "generic", parameters, expression });
}
function IsGeneric(value) {
  return IsKind(value, "Generic");
}

// node_modules/typebox/build/type/types/any.mjs
function Any(options) {
  return memory_exports.Create({ ["~kind"]: "Any" }, {}, options);
}
function IsAny(value) {
  return IsKind(value, "Any");
}

// node_modules/typebox/build/type/types/never.mjs
var NeverPattern = "(?!)";
function Never(options) {
  return memory_exports.Create({ "~kind": "Never" }, { not: {} }, options);
}
function IsNever(value) {
  return IsKind(value, "Never");
}

// node_modules/typebox/build/type/action/_add_optional.mjs
function AddOptionalDeferred(type, options = {}) {
  return Deferred("AddOptional", [type], options);
}
function AddOptional(type, options = {}) {
  return AddOptionalAction(type, options);
}

// node_modules/typebox/build/type/types/_optional.mjs
function Optional(type) {
  return AddOptional(type);
}
function IsOptional(value) {
  return IsSchema(value) && guard_exports.HasPropertyKey(value, "~optional");
}

// node_modules/typebox/build/type/types/properties.mjs
function RequiredArray(properties) {
  return guard_exports.Keys(properties).filter((key) => !IsOptional(properties[key]));
}
function PropertyKeys(properties) {
  return guard_exports.Keys(properties);
}
function PropertyValues(properties) {
  return guard_exports.Values(properties);
}

// node_modules/typebox/build/type/types/object.mjs
function _Object_(properties, options = {}) {
  const requiredKeys = RequiredArray(properties);
  const required = requiredKeys.length > 0 ? { required: requiredKeys } : {};
  return memory_exports.Create({ "~kind": "Object" }, { type: "object", ...required, properties }, options);
}
function IsObject3(value) {
  return IsKind(value, "Object");
}
function ObjectOptions(type) {
  return memory_exports.Discard(type, ["~kind", "type", "properties", "required"]);
}

// node_modules/typebox/build/type/types/unknown.mjs
function Unknown(options) {
  return memory_exports.Create({ ["~kind"]: "Unknown" }, {}, options);
}
function IsUnknown(value) {
  return IsKind(value, "Unknown");
}

// node_modules/typebox/build/type/types/cyclic.mjs
function Cyclic($defs, $ref, options) {
  const defs = guard_exports.Keys($defs).reduce((result, key) => {
    return { ...result, [key]: memory_exports.Update($defs[key], {}, { $id: key }) };
  }, {});
  return memory_exports.Create({ ["~kind"]: "Cyclic" }, { $defs: defs, $ref }, options);
}
function IsCyclic(value) {
  return IsKind(value, "Cyclic");
}
function CyclicOptions(type) {
  return memory_exports.Discard(type, ["~kind", "$defs", "$ref"]);
}

// node_modules/typebox/build/type/types/unsafe.mjs
function Unsafe(schema) {
  return memory_exports.Update(schema, { ["~unsafe"]: null }, {});
}
function IsUnsafe(value) {
  return guard_exports.IsObjectNotArray(value) && guard_exports.HasPropertyKey(value, "~unsafe") && guard_exports.IsNull(value["~unsafe"]);
}

// node_modules/typebox/build/system/arguments/arguments.mjs
var arguments_exports = {};
__export(arguments_exports, {
  Match: () => Match
});
function Match(args, match) {
  return match[args.length]?.(...args) ?? (() => {
    throw Error("Invalid Arguments");
  })();
}

// node_modules/typebox/build/type/types/infer.mjs
function Infer(...args) {
  const [name, extends_] = arguments_exports.Match(args, {
    2: (name2, extends_2) => [name2, extends_2, extends_2],
    1: (name2) => [name2, Unknown(), Unknown()]
  });
  return memory_exports.Create({ ["~kind"]: "Infer" }, { type: "infer", name, extends: extends_ }, {});
}
function IsInfer(value) {
  return IsKind(value, "Infer");
}

// node_modules/typebox/build/type/types/dependent.mjs
function Dependent(if_, then_, else_, options = {}) {
  return memory_exports.Create({ "~kind": "Dependent" }, { if: if_, then: then_, else: else_ }, options);
}
function IsDependent(value) {
  return IsKind(value, "Dependent");
}
function DependentOptions(type) {
  return memory_exports.Discard(type, ["~kind", "if", "then", "else"]);
}

// node_modules/typebox/build/type/engine/enum/typescript_enum_to_enum_values.mjs
function IsTypeScriptEnumLike(value) {
  return guard_exports.IsObjectNotArray(value);
}
function TypeScriptEnumToEnumValues(type) {
  const keys = guard_exports.Keys(type).filter((key) => isNaN(key));
  return keys.reduce((result, key) => [...result, type[key]], []);
}

// node_modules/typebox/build/type/types/enum.mjs
function IsEnumValue(value) {
  return guard_exports.IsString(value) || guard_exports.IsNumber(value);
}
function Enum(value, options) {
  const values = IsTypeScriptEnumLike(value) ? TypeScriptEnumToEnumValues(value) : value;
  return memory_exports.Create({ "~kind": "Enum" }, { enum: values }, options);
}
function IsEnum(value) {
  return IsKind(value, "Enum");
}

// node_modules/typebox/build/type/types/intersect.mjs
function Intersect(types, options = {}) {
  return memory_exports.Create({ "~kind": "Intersect" }, { allOf: types }, options);
}
function IsIntersect(value) {
  return IsKind(value, "Intersect");
}
function IntersectOptions(type) {
  return memory_exports.Discard(type, ["~kind", "allOf"]);
}

// node_modules/typebox/build/system/system.mjs
var system_exports = {};
__export(system_exports, {
  Arguments: () => arguments_exports,
  Environment: () => environment_exports,
  Hashing: () => hash_exports,
  Locale: () => locale_exports,
  Memory: () => memory_exports,
  Settings: () => settings_exports
});

// node_modules/typebox/build/system/environment/environment.mjs
var environment_exports = {};
__export(environment_exports, {
  CanEvaluate: () => CanEvaluate,
  Evaluate: () => Evaluate
});

// node_modules/typebox/build/system/environment/evaluate.mjs
var supported = void 0;
function TryEvaluate() {
  try {
    Evaluate("null")();
    return true;
  } catch {
    return false;
  }
}
function CanEvaluate() {
  if (guard_exports.IsUndefined(supported))
    supported = TryEvaluate();
  return supported && settings_exports.Get().useAcceleration;
}
function Evaluate(...args) {
  return new globalThis.Function(...args);
}

// node_modules/typebox/build/system/hashing/hash.mjs
var hash_exports = {};
__export(hash_exports, {
  Hash: () => Hash,
  HashCode: () => HashCode
});

// node_modules/typebox/build/system/unreachable/unreachable.mjs
function Unreachable() {
  throw new Error("Unreachable");
}

// node_modules/typebox/build/system/hashing/hash.mjs
function InstanceKeys(value) {
  const propertyKeys = /* @__PURE__ */ new Set();
  let current = value;
  while (current && current !== Object.prototype) {
    for (const key of Reflect.ownKeys(current)) {
      if (key !== "constructor" && typeof key !== "symbol")
        propertyKeys.add(key);
    }
    current = Object.getPrototypeOf(current);
  }
  return [...propertyKeys];
}
function IsIEEE754(value) {
  return typeof value === "number";
}
var ByteMarker = {
  Array: 0,
  BigInt: 1,
  Boolean: 2,
  Date: 3,
  Constructor: 4,
  Function: 5,
  Null: 6,
  Number: 7,
  Object: 8,
  RegExp: 9,
  String: 10,
  Symbol: 11,
  TypeArray: 12,
  Undefined: 13
};
var A0 = 8997;
var A1 = 33826;
var A2 = 40164;
var A3 = 52210;
var F64 = new Float64Array(1);
var F64In = new DataView(F64.buffer);
var F64Out = new Uint8Array(F64.buffer);
function FNV1A64_OP(byte) {
  const L0 = A0 ^ byte;
  const T0 = L0 * 435;
  const T1 = A1 * 435 + (T0 >>> 16);
  const T2 = A2 * 435 + (T1 >>> 16) + (L0 << 8);
  const T3 = A3 * 435 + (T2 >>> 16) + (A1 << 8);
  A0 = T0 & 65535;
  A1 = T1 & 65535;
  A2 = T2 & 65535;
  A3 = T3 & 65535;
}
function FromArray(value) {
  FNV1A64_OP(ByteMarker.Array);
  for (const item of value) {
    FromValue(item);
  }
}
function FromBigInt(value) {
  FNV1A64_OP(ByteMarker.BigInt);
  F64In.setBigInt64(0, value);
  for (const byte of F64Out) {
    FNV1A64_OP(byte);
  }
}
function FromBoolean(value) {
  FNV1A64_OP(ByteMarker.Boolean);
  FNV1A64_OP(value ? 1 : 0);
}
function FromConstructor(value) {
  FNV1A64_OP(ByteMarker.Constructor);
  FromValue(value.toString());
}
function FromDate(value) {
  FNV1A64_OP(ByteMarker.Date);
  FromValue(value.getTime());
}
function FromFunction(value) {
  FNV1A64_OP(ByteMarker.Function);
  FromValue(value.toString());
}
function FromNull(_value) {
  FNV1A64_OP(ByteMarker.Null);
}
function FromNumber(value) {
  FNV1A64_OP(ByteMarker.Number);
  F64In.setFloat64(
    0,
    value,
    true
    /* little-endian */
  );
  for (const byte of F64Out) {
    FNV1A64_OP(byte);
  }
}
function FromObject(value) {
  FNV1A64_OP(ByteMarker.Object);
  for (const key of InstanceKeys(value).sort()) {
    FromValue(key);
    FromValue(value[key]);
  }
}
function FromRegExp(value) {
  FNV1A64_OP(ByteMarker.RegExp);
  FromString(value.toString());
}
var encoder = new TextEncoder();
function FromString(value) {
  FNV1A64_OP(ByteMarker.String);
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code > 127) {
      for (const byte of encoder.encode(value.slice(i))) {
        FNV1A64_OP(byte);
      }
      return;
    }
    FNV1A64_OP(code);
  }
}
function FromSymbol(value) {
  FNV1A64_OP(ByteMarker.Symbol);
  FromValue(value.toString());
}
function FromTypeArray(value) {
  FNV1A64_OP(ByteMarker.TypeArray);
  const buffer = new Uint8Array(value.buffer);
  for (let i = 0; i < buffer.length; i++) {
    FNV1A64_OP(buffer[i]);
  }
}
function FromUndefined(_value) {
  return FNV1A64_OP(ByteMarker.Undefined);
}
function FromValue(value) {
  return globals_exports.IsTypeArray(value) ? FromTypeArray(value) : globals_exports.IsDate(value) ? FromDate(value) : globals_exports.IsRegExp(value) ? FromRegExp(value) : globals_exports.IsBoolean(value) ? FromBoolean(value.valueOf()) : globals_exports.IsString(value) ? FromString(value.valueOf()) : globals_exports.IsNumber(value) ? FromNumber(value.valueOf()) : IsIEEE754(value) ? FromNumber(value) : guard_exports.IsArray(value) ? FromArray(value) : guard_exports.IsBoolean(value) ? FromBoolean(value) : guard_exports.IsBigInt(value) ? FromBigInt(value) : guard_exports.IsConstructor(value) ? FromConstructor(value) : guard_exports.IsNull(value) ? FromNull(value) : guard_exports.IsObject(value) ? FromObject(value) : guard_exports.IsString(value) ? FromString(value) : guard_exports.IsSymbol(value) ? FromSymbol(value) : guard_exports.IsUndefined(value) ? FromUndefined(value) : guard_exports.IsFunction(value) ? FromFunction(value) : Unreachable();
}
function Hex(limb) {
  return limb.toString(16).padStart(4, "0");
}
function HashCode(value) {
  return BigInt(`0x${Hash(value)}`);
}
function Hash(value) {
  A0 = 8997, A1 = 33826, A2 = 40164, A3 = 52210;
  FromValue(value);
  return `${Hex(A3)}${Hex(A2)}${Hex(A1)}${Hex(A0)}`;
}

// node_modules/typebox/build/system/locale/_locale.mjs
var locale_exports = {};
__export(locale_exports, {
  Get: () => Get2,
  Reset: () => Reset2,
  Set: () => Set3,
  ar_001: () => ar_001,
  bn_BD: () => bn_BD,
  cs_CZ: () => cs_CZ,
  de_DE: () => de_DE,
  el_GR: () => el_GR,
  en_US: () => en_US,
  es_419: () => es_419,
  es_AR: () => es_AR,
  es_ES: () => es_ES,
  es_MX: () => es_MX,
  fa_IR: () => fa_IR,
  fil_PH: () => fil_PH,
  fr_CA: () => fr_CA,
  fr_FR: () => fr_FR,
  ha_NG: () => ha_NG,
  hi_IN: () => hi_IN,
  hu_HU: () => hu_HU,
  id_ID: () => id_ID,
  it_IT: () => it_IT,
  ja_JP: () => ja_JP,
  ko_KR: () => ko_KR,
  ms_MY: () => ms_MY,
  nl_NL: () => nl_NL,
  pl_PL: () => pl_PL,
  pt_BR: () => pt_BR,
  pt_PT: () => pt_PT,
  ro_RO: () => ro_RO,
  ru_RU: () => ru_RU,
  sv_SE: () => sv_SE,
  sw_TZ: () => sw_TZ,
  th_TH: () => th_TH,
  tr_TR: () => tr_TR,
  uk_UA: () => uk_UA,
  ur_PK: () => ur_PK,
  vi_VN: () => vi_VN,
  yo_NG: () => yo_NG,
  zh_Hans: () => zh_Hans,
  zh_Hant: () => zh_Hant
});

// node_modules/typebox/build/system/locale/en_US.mjs
function en_US(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "must not have additional properties";
    case "anyOf":
      return "must match a schema in anyOf";
    case "boolean":
      return "schema is false";
    case "const":
      return "must be equal to constant";
    case "contains":
      return "must contain at least 1 valid item";
    case "dependencies":
      return `must have properties ${error.params.dependencies.join(", ")} when property ${error.params.property} is present`;
    case "dependentRequired":
      return `must have properties ${error.params.dependencies.join(", ")} when property ${error.params.property} is present`;
    case "enum":
      return "must be equal to one of the allowed values";
    case "exclusiveMaximum":
      return `must be ${error.params.comparison} ${error.params.limit}`;
    case "exclusiveMinimum":
      return `must be ${error.params.comparison} ${error.params.limit}`;
    case "format":
      return `must match format "${error.params.format}"`;
    case "if":
      return `must match "${error.params.failingKeyword}" schema`;
    case "maxItems":
      return `must not have more than ${error.params.limit} items`;
    case "maxLength":
      return `must not have more than ${error.params.limit} characters`;
    case "maxProperties":
      return `must not have more than ${error.params.limit} properties`;
    case "maximum":
      return `must be ${error.params.comparison} ${error.params.limit}`;
    case "minItems":
      return `must not have fewer than ${error.params.limit} items`;
    case "minLength":
      return `must not have fewer than ${error.params.limit} characters`;
    case "minProperties":
      return `must not have fewer than ${error.params.limit} properties`;
    case "minimum":
      return `must be ${error.params.comparison} ${error.params.limit}`;
    case "multipleOf":
      return `must be multiple of ${error.params.multipleOf}`;
    case "not":
      return "must not be valid";
    case "oneOf":
      return "must match exactly one schema in oneOf";
    case "pattern":
      return `must match pattern "${error.params.pattern}"`;
    case "propertyNames":
      return `property names ${error.params.propertyNames.join(", ")} are invalid`;
    case "required":
      return `must have required properties ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `must be ${error.params.type}` : `must be either ${error.params.type.join(" or ")}`;
    case "unevaluatedItems":
      return "must not have unevaluated items";
    case "unevaluatedProperties":
      return "must not have unevaluated properties";
    case "uniqueItems":
      return `must not have duplicate items`;
    case "~refine":
      return error.params.message;
    // deno-coverage-ignore-start - unreachable
    default:
      return "an unknown validation error occurred";
  }
}

// node_modules/typebox/build/system/locale/_config.mjs
var locale = en_US;
function Set3(callback) {
  locale = callback;
}
function Get2() {
  return locale;
}
function Reset2() {
  Set3(en_US);
}

// node_modules/typebox/build/system/locale/ar_001.mjs
function ar_001(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "\u064A\u062C\u0628 \u0623\u0644\u0627 \u064A\u062D\u062A\u0648\u064A \u0639\u0644\u0649 \u062E\u0635\u0627\u0626\u0635 \u0625\u0636\u0627\u0641\u064A\u0629";
    case "anyOf":
      return "\u064A\u062C\u0628 \u0623\u0646 \u064A\u062A\u0637\u0627\u0628\u0642 \u0645\u0639 \u0645\u062E\u0637\u0637 \u0641\u064A \u0623\u064A\u064D \u0645\u0645\u0627 \u064A\u0644\u064A";
    case "boolean":
      return "\u0627\u0644\u0645\u062E\u0637\u0637 \u062E\u0627\u0637\u0626";
    case "const":
      return "\u064A\u062C\u0628 \u0623\u0646 \u064A\u0643\u0648\u0646 \u0645\u0633\u0627\u0648\u064A\u064B\u0627 \u0644\u0644\u062B\u0627\u0628\u062A";
    case "contains":
      return "\u064A\u062C\u0628 \u0623\u0646 \u064A\u062D\u062A\u0648\u064A \u0639\u0644\u0649 \u0639\u0646\u0635\u0631 \u0648\u0627\u062D\u062F \u0635\u062D\u064A\u062D \u0639\u0644\u0649 \u0627\u0644\u0623\u0642\u0644";
    case "dependencies":
      return `\u064A\u062C\u0628 \u0623\u0646 \u064A\u062D\u062A\u0648\u064A \u0639\u0644\u0649 \u0627\u0644\u062E\u0635\u0627\u0626\u0635 ${error.params.dependencies.join(", ")} \u0639\u0646\u062F\u0645\u0627 \u062A\u0643\u0648\u0646 \u0627\u0644\u062E\u0627\u0635\u064A\u0629 ${error.params.property} \u0645\u0648\u062C\u0648\u062F\u0629`;
    case "dependentRequired":
      return `\u064A\u062C\u0628 \u0623\u0646 \u064A\u062D\u062A\u0648\u064A \u0639\u0644\u0649 \u0627\u0644\u062E\u0635\u0627\u0626\u0635 ${error.params.dependencies.join(", ")} \u0639\u0646\u062F\u0645\u0627 \u062A\u0643\u0648\u0646 \u0627\u0644\u062E\u0627\u0635\u064A\u0629 ${error.params.property} \u0645\u0648\u062C\u0648\u062F\u0629`;
    case "enum":
      return "\u064A\u062C\u0628 \u0623\u0646 \u064A\u0643\u0648\u0646 \u0645\u0633\u0627\u0648\u064A\u064B\u0627 \u0644\u0625\u062D\u062F\u0649 \u0627\u0644\u0642\u064A\u0645 \u0627\u0644\u0645\u0633\u0645\u0648\u062D \u0628\u0647\u0627";
    case "exclusiveMaximum":
      return `\u064A\u062C\u0628 \u0623\u0646 \u064A\u0643\u0648\u0646 ${error.params.comparison} ${error.params.limit}`;
    case "exclusiveMinimum":
      return `\u064A\u062C\u0628 \u0623\u0646 \u064A\u0643\u0648\u0646 ${error.params.comparison} ${error.params.limit}`;
    case "format":
      return `\u064A\u062C\u0628 \u0623\u0646 \u064A\u062A\u0637\u0627\u0628\u0642 \u0645\u0639 \u0627\u0644\u062A\u0646\u0633\u064A\u0642 "${error.params.format}"`;
    case "if":
      return `\u064A\u062C\u0628 \u0623\u0646 \u064A\u062A\u0637\u0627\u0628\u0642 \u0645\u0639 \u0645\u062E\u0637\u0637 "${error.params.failingKeyword}"`;
    case "maxItems":
      return `\u064A\u062C\u0628 \u0623\u0644\u0627 \u064A\u062D\u062A\u0648\u064A \u0639\u0644\u0649 \u0623\u0643\u062B\u0631 \u0645\u0646 ${error.params.limit} \u0639\u0646\u0627\u0635\u0631`;
    case "maxLength":
      return `\u064A\u062C\u0628 \u0623\u0644\u0627 \u064A\u062D\u062A\u0648\u064A \u0639\u0644\u0649 \u0623\u0643\u062B\u0631 \u0645\u0646 ${error.params.limit} \u0623\u062D\u0631\u0641`;
    case "maxProperties":
      return `\u064A\u062C\u0628 \u0623\u0644\u0627 \u064A\u062D\u062A\u0648\u064A \u0639\u0644\u0649 \u0623\u0643\u062B\u0631 \u0645\u0646 ${error.params.limit} \u062E\u0635\u0627\u0626\u0635`;
    case "maximum":
      return `\u064A\u062C\u0628 \u0623\u0646 \u064A\u0643\u0648\u0646 ${error.params.comparison} ${error.params.limit}`;
    case "minItems":
      return `\u064A\u062C\u0628 \u0623\u0644\u0627 \u064A\u062D\u062A\u0648\u064A \u0639\u0644\u0649 \u0623\u0642\u0644 \u0645\u0646 ${error.params.limit} \u0639\u0646\u0627\u0635\u0631`;
    case "minLength":
      return `\u064A\u062C\u0628 \u0623\u0644\u0627 \u064A\u062D\u062A\u0648\u064A \u0639\u0644\u0649 \u0623\u0642\u0644 \u0645\u0646 ${error.params.limit} \u0623\u062D\u0631\u0641`;
    case "minProperties":
      return `\u064A\u062C\u0628 \u0623\u0644\u0627 \u064A\u062D\u062A\u0648\u064A \u0639\u0644\u0649 \u0623\u0642\u0644 \u0645\u0646 ${error.params.limit} \u062E\u0635\u0627\u0626\u0635`;
    case "minimum":
      return `\u064A\u062C\u0628 \u0623\u0646 \u064A\u0643\u0648\u0646 ${error.params.comparison} ${error.params.limit}`;
    case "multipleOf":
      return `\u064A\u062C\u0628 \u0623\u0646 \u064A\u0643\u0648\u0646 \u0645\u0636\u0627\u0639\u0641\u064B\u0627 \u0644\u0640 ${error.params.multipleOf}`;
    case "not":
      return "\u064A\u062C\u0628 \u0623\u0644\u0627 \u064A\u0643\u0648\u0646 \u0635\u0627\u0644\u062D\u064B\u0627";
    case "oneOf":
      return "\u064A\u062C\u0628 \u0623\u0646 \u064A\u062A\u0637\u0627\u0628\u0642 \u0645\u0639 \u0645\u062E\u0637\u0637 \u0648\u0627\u062D\u062F \u0628\u0627\u0644\u0636\u0628\u0637 \u0641\u064A \u0648\u0627\u062D\u062F \u0645\u0645\u0627 \u064A\u0644\u064A";
    case "pattern":
      return `\u064A\u062C\u0628 \u0623\u0646 \u064A\u062A\u0637\u0627\u0628\u0642 \u0645\u0639 \u0627\u0644\u0646\u0645\u0637 "${error.params.pattern}"`;
    case "propertyNames":
      return `\u0623\u0633\u0645\u0627\u0621 \u0627\u0644\u062E\u0635\u0627\u0626\u0635 ${error.params.propertyNames.join(", ")} \u063A\u064A\u0631 \u0635\u0627\u0644\u062D\u0629`;
    case "required":
      return `\u064A\u062C\u0628 \u0623\u0646 \u064A\u062D\u062A\u0648\u064A \u0639\u0644\u0649 \u0627\u0644\u062E\u0635\u0627\u0626\u0635 \u0627\u0644\u0645\u0637\u0644\u0648\u0628\u0629 ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `\u064A\u062C\u0628 \u0623\u0646 \u064A\u0643\u0648\u0646 ${error.params.type}` : `\u064A\u062C\u0628 \u0623\u0646 \u064A\u0643\u0648\u0646 \u0625\u0645\u0627 ${error.params.type.join(" \u0623\u0648 ")}`;
    case "unevaluatedItems":
      return "\u064A\u062C\u0628 \u0623\u0644\u0627 \u064A\u062D\u062A\u0648\u064A \u0639\u0644\u0649 \u0639\u0646\u0627\u0635\u0631 \u063A\u064A\u0631 \u0645\u0642\u064A\u0645\u0629";
    case "unevaluatedProperties":
      return "\u064A\u062C\u0628 \u0623\u0644\u0627 \u064A\u062D\u062A\u0648\u064A \u0639\u0644\u0649 \u062E\u0635\u0627\u0626\u0635 \u063A\u064A\u0631 \u0645\u0642\u064A\u0645\u0629";
    case "uniqueItems":
      return `\u064A\u062C\u0628 \u0623\u0644\u0627 \u064A\u062D\u062A\u0648\u064A \u0639\u0644\u0649 \u0639\u0646\u0627\u0635\u0631 \u0645\u0643\u0631\u0631\u0629`;
    case "~refine":
      return error.params.message;
    default:
      return "\u062D\u062F\u062B \u062E\u0637\u0623 \u063A\u064A\u0631 \u0645\u0639\u0631\u0648\u0641 \u0641\u064A \u0627\u0644\u062A\u062D\u0642\u0642 \u0645\u0646 \u0627\u0644\u0635\u062D\u0629";
  }
}

// node_modules/typebox/build/system/locale/bn_BD.mjs
function bn_BD(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "\u0985\u09A4\u09BF\u09B0\u09BF\u0995\u09CD\u09A4 \u09AC\u09C8\u09B6\u09BF\u09B7\u09CD\u099F\u09CD\u09AF \u09A5\u09BE\u0995\u09A4\u09C7 \u09AA\u09BE\u09B0\u09AC\u09C7 \u09A8\u09BE";
    case "anyOf":
      return "anyOf-\u098F\u09B0 \u098F\u0995\u099F\u09BF \u09B8\u09CD\u0995\u09BF\u09AE\u09BE\u09B0 \u09B8\u09BE\u09A5\u09C7 \u09AE\u09BF\u09B2\u09A4\u09C7 \u09B9\u09AC\u09C7";
    case "boolean":
      return "\u09B8\u09CD\u0995\u09BF\u09AE\u09BE \u09AE\u09BF\u09A5\u09CD\u09AF\u09BE";
    case "const":
      return "\u09A7\u09CD\u09B0\u09C1\u09AC\u0995\u09C7\u09B0 \u09B8\u09AE\u09BE\u09A8 \u09B9\u09A4\u09C7 \u09B9\u09AC\u09C7";
    case "contains":
      return "\u0985\u09A8\u09CD\u09A4\u09A4 1\u099F\u09BF \u09AC\u09C8\u09A7 \u0986\u0987\u099F\u09C7\u09AE \u09A5\u09BE\u0995\u09A4\u09C7 \u09B9\u09AC\u09C7";
    case "dependencies":
      return `\u09AF\u0996\u09A8 ${error.params.property} \u09AC\u09C8\u09B6\u09BF\u09B7\u09CD\u099F\u09CD\u09AF \u09AC\u09BF\u09A6\u09CD\u09AF\u09AE\u09BE\u09A8 \u09A5\u09BE\u0995\u09C7, \u09A4\u0996\u09A8 ${error.params.dependencies.join(", ")} \u09AC\u09C8\u09B6\u09BF\u09B7\u09CD\u099F\u09CD\u09AF \u09A5\u09BE\u0995\u09A4\u09C7 \u09B9\u09AC\u09C7`;
    case "dependentRequired":
      return `\u09AF\u0996\u09A8 ${error.params.property} \u09AC\u09C8\u09B6\u09BF\u09B7\u09CD\u099F\u09CD\u09AF \u09AC\u09BF\u09A6\u09CD\u09AF\u09AE\u09BE\u09A8 \u09A5\u09BE\u0995\u09C7, \u09A4\u0996\u09A8 ${error.params.dependencies.join(", ")} \u09AC\u09C8\u09B6\u09BF\u09B7\u09CD\u099F\u09CD\u09AF \u09A5\u09BE\u0995\u09A4\u09C7 \u09B9\u09AC\u09C7`;
    case "enum":
      return "\u0985\u09A8\u09C1\u09AE\u09CB\u09A6\u09BF\u09A4 \u09AE\u09BE\u09A8\u0997\u09C1\u09B2\u09BF\u09B0 \u098F\u0995\u099F\u09BF\u09B0 \u09B8\u09AE\u09BE\u09A8 \u09B9\u09A4\u09C7 \u09B9\u09AC\u09C7";
    case "exclusiveMaximum":
      return `\u0985\u09AC\u09B6\u09CD\u09AF\u0987 ${error.params.comparison} ${error.params.limit} \u09B9\u09A4\u09C7 \u09B9\u09AC\u09C7`;
    case "exclusiveMinimum":
      return `\u0985\u09AC\u09B6\u09CD\u09AF\u0987 ${error.params.comparison} ${error.params.limit} \u09B9\u09A4\u09C7 \u09B9\u09AC\u09C7`;
    case "format":
      return `\u0985\u09AC\u09B6\u09CD\u09AF\u0987 "${error.params.format}" \u09AB\u09B0\u09AE\u09CD\u09AF\u09BE\u099F\u09C7\u09B0 \u09B8\u09BE\u09A5\u09C7 \u09AE\u09BF\u09B2\u09A4\u09C7 \u09B9\u09AC\u09C7`;
    case "if":
      return `\u0985\u09AC\u09B6\u09CD\u09AF\u0987 "${error.params.failingKeyword}" \u09B8\u09CD\u0995\u09BF\u09AE\u09BE\u09B0 \u09B8\u09BE\u09A5\u09C7 \u09AE\u09BF\u09B2\u09A4\u09C7 \u09B9\u09AC\u09C7`;
    case "maxItems":
      return `${error.params.limit}\u099F\u09BF\u09B0 \u09AC\u09C7\u09B6\u09BF \u0986\u0987\u099F\u09C7\u09AE \u09A5\u09BE\u0995\u09A4\u09C7 \u09AA\u09BE\u09B0\u09AC\u09C7 \u09A8\u09BE`;
    case "maxLength":
      return `${error.params.limit}\u099F\u09BF\u09B0 \u09AC\u09C7\u09B6\u09BF \u0985\u0995\u09CD\u09B7\u09B0 \u09A5\u09BE\u0995\u09A4\u09C7 \u09AA\u09BE\u09B0\u09AC\u09C7 \u09A8\u09BE`;
    case "maxProperties":
      return `${error.params.limit}\u099F\u09BF\u09B0 \u09AC\u09C7\u09B6\u09BF \u09AC\u09C8\u09B6\u09BF\u09B7\u09CD\u099F\u09CD\u09AF \u09A5\u09BE\u0995\u09A4\u09C7 \u09AA\u09BE\u09B0\u09AC\u09C7 \u09A8\u09BE`;
    case "maximum":
      return `\u0985\u09AC\u09B6\u09CD\u09AF\u0987 ${error.params.comparison} ${error.params.limit} \u09B9\u09A4\u09C7 \u09B9\u09AC\u09C7`;
    case "minItems":
      return `${error.params.limit}\u099F\u09BF\u09B0 \u0995\u09AE \u0986\u0987\u099F\u09C7\u09AE \u09A5\u09BE\u0995\u09A4\u09C7 \u09AA\u09BE\u09B0\u09AC\u09C7 \u09A8\u09BE`;
    case "minLength":
      return `${error.params.limit}\u099F\u09BF\u09B0 \u0995\u09AE \u0985\u0995\u09CD\u09B7\u09B0 \u09A5\u09BE\u0995\u09A4\u09C7 \u09AA\u09BE\u09B0\u09AC\u09C7 \u09A8\u09BE`;
    case "minProperties":
      return `${error.params.limit}\u099F\u09BF\u09B0 \u0995\u09AE \u09AC\u09C8\u09B6\u09BF\u09B7\u09CD\u099F\u09CD\u09AF \u09A5\u09BE\u0995\u09A4\u09C7 \u09AA\u09BE\u09B0\u09AC\u09C7 \u09A8\u09BE`;
    case "minimum":
      return `\u0985\u09AC\u09B6\u09CD\u09AF\u0987 ${error.params.comparison} ${error.params.limit} \u09B9\u09A4\u09C7 \u09B9\u09AC\u09C7`;
    case "multipleOf":
      return `${error.params.multipleOf}-\u098F\u09B0 \u0997\u09C1\u09A3\u09BF\u09A4\u0995 \u09B9\u09A4\u09C7 \u09B9\u09AC\u09C7`;
    case "not":
      return "\u09AC\u09C8\u09A7 \u09B9\u09A4\u09C7 \u09AA\u09BE\u09B0\u09AC\u09C7 \u09A8\u09BE";
    case "oneOf":
      return "oneOf-\u098F\u09B0 \u09B6\u09C1\u09A7\u09C1\u09AE\u09BE\u09A4\u09CD\u09B0 \u098F\u0995\u099F\u09BF \u09B8\u09CD\u0995\u09BF\u09AE\u09BE\u09B0 \u09B8\u09BE\u09A5\u09C7 \u09AE\u09BF\u09B2\u09A4\u09C7 \u09B9\u09AC\u09C7";
    case "pattern":
      return `\u0985\u09AC\u09B6\u09CD\u09AF\u0987 "${error.params.pattern}" \u09AA\u09CD\u09AF\u09BE\u099F\u09BE\u09B0\u09CD\u09A8\u09C7\u09B0 \u09B8\u09BE\u09A5\u09C7 \u09AE\u09BF\u09B2\u09A4\u09C7 \u09B9\u09AC\u09C7`;
    case "propertyNames":
      return `\u09AC\u09C8\u09B6\u09BF\u09B7\u09CD\u099F\u09CD\u09AF \u09A8\u09BE\u09AE ${error.params.propertyNames.join(", ")} \u0985\u09AC\u09C8\u09A7`;
    case "required":
      return `\u09AA\u09CD\u09B0\u09AF\u09BC\u09CB\u099C\u09A8\u09C0\u09AF\u09BC \u09AC\u09C8\u09B6\u09BF\u09B7\u09CD\u099F\u09CD\u09AF ${error.params.requiredProperties.join(", ")} \u09A5\u09BE\u0995\u09A4\u09C7 \u09B9\u09AC\u09C7`;
    case "type":
      return typeof error.params.type === "string" ? `\u0985\u09AC\u09B6\u09CD\u09AF\u0987 ${error.params.type} \u09B9\u09A4\u09C7 \u09B9\u09AC\u09C7` : `\u0985\u09AC\u09B6\u09CD\u09AF\u0987 ${error.params.type.join(" \u0985\u09A5\u09AC\u09BE ")} \u09B9\u09A4\u09C7 \u09B9\u09AC\u09C7`;
    case "unevaluatedItems":
      return "\u0985\u09AC\u09AE\u09C2\u09B2\u09CD\u09AF\u09BE\u09AF\u09BC\u09BF\u09A4 \u0986\u0987\u099F\u09C7\u09AE \u09A5\u09BE\u0995\u09A4\u09C7 \u09AA\u09BE\u09B0\u09AC\u09C7 \u09A8\u09BE";
    case "unevaluatedProperties":
      return "\u0985\u09AC\u09AE\u09C2\u09B2\u09CD\u09AF\u09BE\u09AF\u09BC\u09BF\u09A4 \u09AC\u09C8\u09B6\u09BF\u09B7\u09CD\u099F\u09CD\u09AF \u09A5\u09BE\u0995\u09A4\u09C7 \u09AA\u09BE\u09B0\u09AC\u09C7 \u09A8\u09BE";
    case "uniqueItems":
      return `\u0985\u09A8\u09C1\u09B2\u09BF\u09AA\u09BF \u0986\u0987\u099F\u09C7\u09AE \u09A5\u09BE\u0995\u09A4\u09C7 \u09AA\u09BE\u09B0\u09AC\u09C7 \u09A8\u09BE`;
    case "~refine":
      return error.params.message;
    default:
      return "\u098F\u0995\u099F\u09BF \u0985\u099C\u09BE\u09A8\u09BE \u09AC\u09C8\u09A7\u0995\u09B0\u09A3 \u09A4\u09CD\u09B0\u09C1\u099F\u09BF \u0998\u099F\u09C7\u099B\u09C7";
  }
}

// node_modules/typebox/build/system/locale/cs_CZ.mjs
function cs_CZ(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "nesm\xED m\xEDt dal\u0161\xED vlastnosti";
    case "anyOf":
      return "mus\xED odpov\xEDdat sch\xE9matu v anyOf";
    case "boolean":
      return "sch\xE9ma je nepravdiv\xE9";
    case "const":
      return "mus\xED b\xFDt rovno konstant\u011B";
    case "contains":
      return "mus\xED obsahovat alespo\u0148 1 platnou polo\u017Eku";
    case "dependencies":
      return `mus\xED m\xEDt vlastnosti ${error.params.dependencies.join(", ")}, pokud je vlastnost ${error.params.property} p\u0159\xEDtomna`;
    case "dependentRequired":
      return `mus\xED m\xEDt vlastnosti ${error.params.dependencies.join(", ")}, pokud je vlastnost ${error.params.property} p\u0159\xEDtomna`;
    case "enum":
      return "mus\xED b\xFDt rovno jedn\xE9 z povolen\xFDch hodnot";
    case "exclusiveMaximum":
      return `mus\xED b\xFDt ${error.params.comparison} ${error.params.limit}`;
    case "exclusiveMinimum":
      return `mus\xED b\xFDt ${error.params.comparison} ${error.params.limit}`;
    case "format":
      return `mus\xED odpov\xEDdat form\xE1tu "${error.params.format}"`;
    case "if":
      return `mus\xED odpov\xEDdat sch\xE9matu "${error.params.failingKeyword}"`;
    case "maxItems":
      return `nesm\xED m\xEDt v\xEDce ne\u017E ${error.params.limit} polo\u017Eek`;
    case "maxLength":
      return `nesm\xED m\xEDt v\xEDce ne\u017E ${error.params.limit} znak\u016F`;
    case "maxProperties":
      return `nesm\xED m\xEDt v\xEDce ne\u017E ${error.params.limit} vlastnost\xED`;
    case "maximum":
      return `mus\xED b\xFDt ${error.params.comparison} ${error.params.limit}`;
    case "minItems":
      return `nesm\xED m\xEDt m\xE9n\u011B ne\u017E ${error.params.limit} polo\u017Eek`;
    case "minLength":
      return `nesm\xED m\xEDt m\xE9n\u011B ne\u017E ${error.params.limit} znak\u016F`;
    case "minProperties":
      return `nesm\xED m\xEDt m\xE9n\u011B ne\u017E ${error.params.limit} vlastnost\xED`;
    case "minimum":
      return `mus\xED b\xFDt ${error.params.comparison} ${error.params.limit}`;
    case "multipleOf":
      return `mus\xED b\xFDt n\xE1sobkem ${error.params.multipleOf}`;
    case "not":
      return "nesm\xED b\xFDt platn\xE9";
    case "oneOf":
      return "mus\xED odpov\xEDdat p\u0159esn\u011B jednomu sch\xE9matu v oneOf";
    case "pattern":
      return `mus\xED odpov\xEDdat vzoru "${error.params.pattern}"`;
    case "propertyNames":
      return `n\xE1zvy vlastnost\xED ${error.params.propertyNames.join(", ")} jsou neplatn\xE9`;
    case "required":
      return `mus\xED m\xEDt povinn\xE9 vlastnosti ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `mus\xED b\xFDt ${error.params.type}` : `mus\xED b\xFDt ${error.params.type.join(" nebo ")}`;
    case "unevaluatedItems":
      return "nesm\xED m\xEDt nevyhodnocen\xE9 polo\u017Eky";
    case "unevaluatedProperties":
      return "nesm\xED m\xEDt nevyhodnocen\xE9 vlastnosti";
    case "uniqueItems":
      return `nesm\xED m\xEDt duplicitn\xED polo\u017Eky`;
    case "~refine":
      return error.params.message;
    default:
      return "do\u0161lo k nezn\xE1m\xE9 chyb\u011B ov\u011B\u0159en\xED";
  }
}

// node_modules/typebox/build/system/locale/de_DE.mjs
function de_DE(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "darf keine zus\xE4tzlichen Eigenschaften haben";
    case "anyOf":
      return "muss einem Schema in \u201EanyOf\u201C entsprechen";
    case "boolean":
      return "Schema ist falsch";
    case "const":
      return "muss gleich der Konstante sein";
    case "contains":
      return "muss mindestens 1 g\xFCltiges Element enthalten";
    case "dependencies":
      return `muss die Eigenschaften ${error.params.dependencies.join(", ")} haben, wenn Eigenschaft ${error.params.property} vorhanden ist`;
    case "dependentRequired":
      return `muss die Eigenschaften ${error.params.dependencies.join(", ")} haben, wenn Eigenschaft ${error.params.property} vorhanden ist`;
    case "enum":
      return "muss einem der erlaubten Werte entsprechen";
    case "exclusiveMaximum":
      return `muss ${error.params.comparison} ${error.params.limit} sein`;
    case "exclusiveMinimum":
      return `muss ${error.params.comparison} ${error.params.limit} sein`;
    case "format":
      return `muss dem Format "${error.params.format}" entsprechen`;
    case "if":
      return `muss dem Schema "${error.params.failingKeyword}" entsprechen`;
    case "maxItems":
      return `darf nicht mehr als ${error.params.limit} Elemente haben`;
    case "maxLength":
      return `darf nicht mehr als ${error.params.limit} Zeichen haben`;
    case "maxProperties":
      return `darf nicht mehr als ${error.params.limit} Eigenschaften haben`;
    case "maximum":
      return `muss ${error.params.comparison} ${error.params.limit} sein`;
    case "minItems":
      return `darf nicht weniger als ${error.params.limit} Elemente haben`;
    case "minLength":
      return `darf nicht weniger als ${error.params.limit} Zeichen haben`;
    case "minProperties":
      return `darf nicht weniger als ${error.params.limit} Eigenschaften haben`;
    case "minimum":
      return `muss ${error.params.comparison} ${error.params.limit} sein`;
    case "multipleOf":
      return `muss ein Vielfaches von ${error.params.multipleOf} sein`;
    case "not":
      return "darf nicht g\xFCltig sein";
    case "oneOf":
      return "muss genau einem Schema in \u201EoneOf\u201C entsprechen";
    case "pattern":
      return `muss dem Muster "${error.params.pattern}" entsprechen`;
    case "propertyNames":
      return `Eigenschaftsnamen ${error.params.propertyNames.join(", ")} sind ung\xFCltig`;
    case "required":
      return `muss die erforderlichen Eigenschaften ${error.params.requiredProperties.join(", ")} haben`;
    case "type":
      return typeof error.params.type === "string" ? `muss ${error.params.type} sein` : `muss entweder ${error.params.type.join(" oder ")} sein`;
    case "unevaluatedItems":
      return "darf keine unbewerteten Elemente haben";
    case "unevaluatedProperties":
      return "darf keine unbewerteten Eigenschaften haben";
    case "uniqueItems":
      return `darf keine doppelten Elemente haben`;
    case "~refine":
      return error.params.message;
    default:
      return "ein unbekannter Validierungsfehler ist aufgetreten";
  }
}

// node_modules/typebox/build/system/locale/el_GR.mjs
function el_GR(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "\u03B4\u03B5\u03BD \u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03AD\u03C7\u03B5\u03B9 \u03B5\u03C0\u03B9\u03C0\u03BB\u03AD\u03BF\u03BD \u03B9\u03B4\u03B9\u03CC\u03C4\u03B7\u03C4\u03B5\u03C2";
    case "anyOf":
      return "\u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03C4\u03B1\u03B9\u03C1\u03B9\u03AC\u03B6\u03B5\u03B9 \u03BC\u03B5 \u03AD\u03BD\u03B1 \u03C3\u03C7\u03AE\u03BC\u03B1 \u03C3\u03C4\u03BF anyOf";
    case "boolean":
      return "\u03C4\u03BF \u03C3\u03C7\u03AE\u03BC\u03B1 \u03B5\u03AF\u03BD\u03B1\u03B9 \u03C8\u03B5\u03C5\u03B4\u03AD\u03C2";
    case "const":
      return "\u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03B5\u03AF\u03BD\u03B1\u03B9 \u03AF\u03C3\u03BF \u03BC\u03B5 \u03C4\u03B7 \u03C3\u03C4\u03B1\u03B8\u03B5\u03C1\u03AC";
    case "contains":
      return "\u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03C0\u03B5\u03C1\u03B9\u03AD\u03C7\u03B5\u03B9 \u03C4\u03BF\u03C5\u03BB\u03AC\u03C7\u03B9\u03C3\u03C4\u03BF\u03BD 1 \u03AD\u03B3\u03BA\u03C5\u03C1\u03BF \u03C3\u03C4\u03BF\u03B9\u03C7\u03B5\u03AF\u03BF";
    case "dependencies":
      return `\u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03AD\u03C7\u03B5\u03B9 \u03B9\u03B4\u03B9\u03CC\u03C4\u03B7\u03C4\u03B5\u03C2 ${error.params.dependencies.join(", ")} \u03CC\u03C4\u03B1\u03BD \u03C5\u03C0\u03AC\u03C1\u03C7\u03B5\u03B9 \u03B7 \u03B9\u03B4\u03B9\u03CC\u03C4\u03B7\u03C4\u03B1 ${error.params.property}`;
    case "dependentRequired":
      return `\u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03AD\u03C7\u03B5\u03B9 \u03B9\u03B4\u03B9\u03CC\u03C4\u03B7\u03C4\u03B5\u03C2 ${error.params.dependencies.join(", ")} \u03CC\u03C4\u03B1\u03BD \u03C5\u03C0\u03AC\u03C1\u03C7\u03B5\u03B9 \u03B7 \u03B9\u03B4\u03B9\u03CC\u03C4\u03B7\u03C4\u03B1 ${error.params.property}`;
    case "enum":
      return "\u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03B5\u03AF\u03BD\u03B1\u03B9 \u03AF\u03C3\u03BF \u03BC\u03B5 \u03BC\u03AF\u03B1 \u03B1\u03C0\u03CC \u03C4\u03B9\u03C2 \u03B5\u03C0\u03B9\u03C4\u03C1\u03B5\u03C0\u03CC\u03BC\u03B5\u03BD\u03B5\u03C2 \u03C4\u03B9\u03BC\u03AD\u03C2";
    case "exclusiveMaximum":
      return `\u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03B5\u03AF\u03BD\u03B1\u03B9 ${error.params.comparison} ${error.params.limit}`;
    case "exclusiveMinimum":
      return `\u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03B5\u03AF\u03BD\u03B1\u03B9 ${error.params.comparison} ${error.params.limit}`;
    case "format":
      return `\u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03C4\u03B1\u03B9\u03C1\u03B9\u03AC\u03B6\u03B5\u03B9 \u03BC\u03B5 \u03C4\u03B7 \u03BC\u03BF\u03C1\u03C6\u03AE "${error.params.format}"`;
    case "if":
      return `\u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03C4\u03B1\u03B9\u03C1\u03B9\u03AC\u03B6\u03B5\u03B9 \u03BC\u03B5 \u03C4\u03BF \u03C3\u03C7\u03AE\u03BC\u03B1 "${error.params.failingKeyword}"`;
    case "maxItems":
      return `\u03B4\u03B5\u03BD \u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03AD\u03C7\u03B5\u03B9 \u03C0\u03B5\u03C1\u03B9\u03C3\u03C3\u03CC\u03C4\u03B5\u03C1\u03B1 \u03B1\u03C0\u03CC ${error.params.limit} \u03C3\u03C4\u03BF\u03B9\u03C7\u03B5\u03AF\u03B1`;
    case "maxLength":
      return `\u03B4\u03B5\u03BD \u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03AD\u03C7\u03B5\u03B9 \u03C0\u03B5\u03C1\u03B9\u03C3\u03C3\u03CC\u03C4\u03B5\u03C1\u03BF\u03C5\u03C2 \u03B1\u03C0\u03CC ${error.params.limit} \u03C7\u03B1\u03C1\u03B1\u03BA\u03C4\u03AE\u03C1\u03B5\u03C2`;
    case "maxProperties":
      return `\u03B4\u03B5\u03BD \u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03AD\u03C7\u03B5\u03B9 \u03C0\u03B5\u03C1\u03B9\u03C3\u03C3\u03CC\u03C4\u03B5\u03C1\u03B5\u03C2 \u03B1\u03C0\u03CC ${error.params.limit} \u03B9\u03B4\u03B9\u03CC\u03C4\u03B7\u03C4\u03B5\u03C2`;
    case "maximum":
      return `\u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03B5\u03AF\u03BD\u03B1\u03B9 ${error.params.comparison} ${error.params.limit}`;
    case "minItems":
      return `\u03B4\u03B5\u03BD \u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03AD\u03C7\u03B5\u03B9 \u03BB\u03B9\u03B3\u03CC\u03C4\u03B5\u03C1\u03B1 \u03B1\u03C0\u03CC ${error.params.limit} \u03C3\u03C4\u03BF\u03B9\u03C7\u03B5\u03AF\u03B1`;
    case "minLength":
      return `\u03B4\u03B5\u03BD \u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03AD\u03C7\u03B5\u03B9 \u03BB\u03B9\u03B3\u03CC\u03C4\u03B5\u03C1\u03BF\u03C5\u03C2 \u03B1\u03C0\u03CC ${error.params.limit} \u03C7\u03B1\u03C1\u03B1\u03BA\u03C4\u03AE\u03C1\u03B5\u03C2`;
    case "minProperties":
      return `\u03B4\u03B5\u03BD \u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03AD\u03C7\u03B5\u03B9 \u03BB\u03B9\u03B3\u03CC\u03C4\u03B5\u03C1\u03B5\u03C2 \u03B1\u03C0\u03CC ${error.params.limit} \u03B9\u03B4\u03B9\u03CC\u03C4\u03B7\u03C4\u03B5\u03C2`;
    case "minimum":
      return `\u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03B5\u03AF\u03BD\u03B1\u03B9 ${error.params.comparison} ${error.params.limit}`;
    case "multipleOf":
      return `\u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03B5\u03AF\u03BD\u03B1\u03B9 \u03C0\u03BF\u03BB\u03BB\u03B1\u03C0\u03BB\u03AC\u03C3\u03B9\u03BF \u03C4\u03BF\u03C5 ${error.params.multipleOf}`;
    case "not":
      return "\u03B4\u03B5\u03BD \u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03B5\u03AF\u03BD\u03B1\u03B9 \u03AD\u03B3\u03BA\u03C5\u03C1\u03BF";
    case "oneOf":
      return "\u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03C4\u03B1\u03B9\u03C1\u03B9\u03AC\u03B6\u03B5\u03B9 \u03BC\u03B5 \u03AD\u03BD\u03B1 \u03BC\u03CC\u03BD\u03BF \u03C3\u03C7\u03AE\u03BC\u03B1 \u03C3\u03C4\u03BF oneOf";
    case "pattern":
      return `\u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03C4\u03B1\u03B9\u03C1\u03B9\u03AC\u03B6\u03B5\u03B9 \u03BC\u03B5 \u03C4\u03BF \u03BC\u03BF\u03C4\u03AF\u03B2\u03BF "${error.params.pattern}"`;
    case "propertyNames":
      return `\u03C4\u03B1 \u03BF\u03BD\u03CC\u03BC\u03B1\u03C4\u03B1 \u03B9\u03B4\u03B9\u03BF\u03C4\u03AE\u03C4\u03C9\u03BD ${error.params.propertyNames.join(", ")} \u03B5\u03AF\u03BD\u03B1\u03B9 \u03BC\u03B7 \u03AD\u03B3\u03BA\u03C5\u03C1\u03B1`;
    case "required":
      return `\u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03AD\u03C7\u03B5\u03B9 \u03C4\u03B9\u03C2 \u03B1\u03C0\u03B1\u03B9\u03C4\u03BF\u03CD\u03BC\u03B5\u03BD\u03B5\u03C2 \u03B9\u03B4\u03B9\u03CC\u03C4\u03B7\u03C4\u03B5\u03C2 ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `\u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03B5\u03AF\u03BD\u03B1\u03B9 ${error.params.type}` : `\u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03B5\u03AF\u03BD\u03B1\u03B9 \u03B5\u03AF\u03C4\u03B5 ${error.params.type.join(" \u03AE ")}`;
    case "unevaluatedItems":
      return "\u03B4\u03B5\u03BD \u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03AD\u03C7\u03B5\u03B9 \u03BC\u03B7 \u03B1\u03BE\u03B9\u03BF\u03BB\u03BF\u03B3\u03B7\u03BC\u03AD\u03BD\u03B1 \u03C3\u03C4\u03BF\u03B9\u03C7\u03B5\u03AF\u03B1";
    case "unevaluatedProperties":
      return "\u03B4\u03B5\u03BD \u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03AD\u03C7\u03B5\u03B9 \u03BC\u03B7 \u03B1\u03BE\u03B9\u03BF\u03BB\u03BF\u03B3\u03B7\u03BC\u03AD\u03BD\u03B5\u03C2 \u03B9\u03B4\u03B9\u03CC\u03C4\u03B7\u03C4\u03B5\u03C2";
    case "uniqueItems":
      return `\u03B4\u03B5\u03BD \u03C0\u03C1\u03AD\u03C0\u03B5\u03B9 \u03BD\u03B1 \u03AD\u03C7\u03B5\u03B9 \u03B4\u03B9\u03C0\u03BB\u03AC \u03C3\u03C4\u03BF\u03B9\u03C7\u03B5\u03AF\u03B1`;
    case "~refine":
      return error.params.message;
    default:
      return "\u03C0\u03C1\u03BF\u03AD\u03BA\u03C5\u03C8\u03B5 \u03AD\u03BD\u03B1 \u03AC\u03B3\u03BD\u03C9\u03C3\u03C4\u03BF \u03C3\u03C6\u03AC\u03BB\u03BC\u03B1 \u03B5\u03C0\u03B9\u03BA\u03CD\u03C1\u03C9\u03C3\u03B7\u03C2";
  }
}

// node_modules/typebox/build/system/locale/es_419.mjs
function es_419(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "no debe tener propiedades adicionales";
    case "anyOf":
      return "debe coincidir con un esquema en cualquiera de";
    case "boolean":
      return "el esquema es falso";
    case "const":
      return "debe ser igual a la constante";
    case "contains":
      return "debe contener al menos 1 elemento v\xE1lido";
    case "dependencies":
      return `debe tener las propiedades ${error.params.dependencies.join(", ")} cuando la propiedad ${error.params.property} est\xE1 presente`;
    case "dependentRequired":
      return `debe tener las propiedades ${error.params.dependencies.join(", ")} cuando la propiedad ${error.params.property} est\xE1 presente`;
    case "enum":
      return "debe ser igual a uno de los valores permitidos";
    case "exclusiveMaximum":
      return `debe ser ${error.params.comparison} ${error.params.limit}`;
    case "exclusiveMinimum":
      return `debe ser ${error.params.comparison} ${error.params.limit}`;
    case "format":
      return `debe coincidir con el formato "${error.params.format}"`;
    case "if":
      return `debe coincidir con el esquema "${error.params.failingKeyword}"`;
    case "maxItems":
      return `no debe tener m\xE1s de ${error.params.limit} elementos`;
    case "maxLength":
      return `no debe tener m\xE1s de ${error.params.limit} caracteres`;
    case "maxProperties":
      return `no debe tener m\xE1s de ${error.params.limit} propiedades`;
    case "maximum":
      return `debe ser ${error.params.comparison} ${error.params.limit}`;
    case "minItems":
      return `no debe tener menos de ${error.params.limit} elementos`;
    case "minLength":
      return `no debe tener menos de ${error.params.limit} caracteres`;
    case "minProperties":
      return `no debe tener menos de ${error.params.limit} propiedades`;
    case "minimum":
      return `debe ser ${error.params.comparison} ${error.params.limit}`;
    case "multipleOf":
      return `debe ser m\xFAltiplo de ${error.params.multipleOf}`;
    case "not":
      return "no debe ser v\xE1lido";
    case "oneOf":
      return "debe coincidir exactamente con un esquema en uno de";
    case "pattern":
      return `debe coincidir con el patr\xF3n "${error.params.pattern}"`;
    case "propertyNames":
      return `los nombres de las propiedades ${error.params.propertyNames.join(", ")} no son v\xE1lidos`;
    case "required":
      return `debe tener las propiedades requeridas ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `debe ser ${error.params.type}` : `debe ser ${error.params.type.join(" o ")}`;
    case "unevaluatedItems":
      return "no debe tener elementos no evaluados";
    case "unevaluatedProperties":
      return "no debe tener propiedades no evaluadas";
    case "uniqueItems":
      return `no debe tener elementos duplicados`;
    case "~refine":
      return error.params.message;
    default:
      return "ocurri\xF3 un error de validaci\xF3n desconocido";
  }
}

// node_modules/typebox/build/system/locale/es_AR.mjs
function es_AR(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "no debe tener propiedades adicionales";
    case "anyOf":
      return "debe coincidir con un esquema en cualquiera de";
    case "boolean":
      return "el esquema es falso";
    case "const":
      return "debe ser igual a la constante";
    case "contains":
      return "debe contener al menos 1 elemento v\xE1lido";
    case "dependencies":
      return `debe tener las propiedades ${error.params.dependencies.join(", ")} cuando la propiedad ${error.params.property} est\xE1 presente`;
    case "dependentRequired":
      return `debe tener las propiedades ${error.params.dependencies.join(", ")} cuando la propiedad ${error.params.property} est\xE1 presente`;
    case "enum":
      return "debe ser igual a uno de los valores permitidos";
    case "exclusiveMaximum":
      return `debe ser ${error.params.comparison} ${error.params.limit}`;
    case "exclusiveMinimum":
      return `debe ser ${error.params.comparison} ${error.params.limit}`;
    case "format":
      return `debe coincidir con el formato "${error.params.format}"`;
    case "if":
      return `debe coincidir con el esquema "${error.params.failingKeyword}"`;
    case "maxItems":
      return `no debe tener m\xE1s de ${error.params.limit} elementos`;
    case "maxLength":
      return `no debe tener m\xE1s de ${error.params.limit} caracteres`;
    case "maxProperties":
      return `no debe tener m\xE1s de ${error.params.limit} propiedades`;
    case "maximum":
      return `debe ser ${error.params.comparison} ${error.params.limit}`;
    case "minItems":
      return `no debe tener menos de ${error.params.limit} elementos`;
    case "minLength":
      return `no debe tener menos de ${error.params.limit} caracteres`;
    case "minProperties":
      return `no debe tener menos de ${error.params.limit} propiedades`;
    case "minimum":
      return `debe ser ${error.params.comparison} ${error.params.limit}`;
    case "multipleOf":
      return `debe ser m\xFAltiplo de ${error.params.multipleOf}`;
    case "not":
      return "no debe ser v\xE1lido";
    case "oneOf":
      return "debe coincidir exactamente con un esquema en uno de";
    case "pattern":
      return `debe coincidir con el patr\xF3n "${error.params.pattern}"`;
    case "propertyNames":
      return `los nombres de las propiedades ${error.params.propertyNames.join(", ")} son inv\xE1lidos`;
    case "required":
      return `debe tener las propiedades requeridas ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `debe ser ${error.params.type}` : `debe ser ${error.params.type.join(" o ")}`;
    case "unevaluatedItems":
      return "no debe tener elementos no evaluados";
    case "unevaluatedProperties":
      return "no debe tener propiedades no evaluadas";
    case "uniqueItems":
      return `no debe tener elementos duplicados`;
    case "~refine":
      return error.params.message;
    default:
      return "ocurri\xF3 un error de validaci\xF3n desconocido";
  }
}

// node_modules/typebox/build/system/locale/es_ES.mjs
function es_ES(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "no debe tener propiedades adicionales";
    case "anyOf":
      return "debe coincidir con un esquema en cualquiera de";
    case "boolean":
      return "el esquema es falso";
    case "const":
      return "debe ser igual a la constante";
    case "contains":
      return "debe contener al menos 1 elemento v\xE1lido";
    case "dependencies":
      return `debe tener las propiedades ${error.params.dependencies.join(", ")} cuando la propiedad ${error.params.property} est\xE1 presente`;
    case "dependentRequired":
      return `debe tener las propiedades ${error.params.dependencies.join(", ")} cuando la propiedad ${error.params.property} est\xE1 presente`;
    case "enum":
      return "debe ser igual a uno de los valores permitidos";
    case "exclusiveMaximum":
      return `debe ser ${error.params.comparison} ${error.params.limit}`;
    case "exclusiveMinimum":
      return `debe ser ${error.params.comparison} ${error.params.limit}`;
    case "format":
      return `debe coincidir con el formato "${error.params.format}"`;
    case "if":
      return `debe coincidir con el esquema "${error.params.failingKeyword}"`;
    case "maxItems":
      return `no debe tener m\xE1s de ${error.params.limit} elementos`;
    case "maxLength":
      return `no debe tener m\xE1s de ${error.params.limit} caracteres`;
    case "maxProperties":
      return `no debe tener m\xE1s de ${error.params.limit} propiedades`;
    case "maximum":
      return `debe ser ${error.params.comparison} ${error.params.limit}`;
    case "minItems":
      return `no debe tener menos de ${error.params.limit} elementos`;
    case "minLength":
      return `no debe tener menos de ${error.params.limit} caracteres`;
    case "minProperties":
      return `no debe tener menos de ${error.params.limit} propiedades`;
    case "minimum":
      return `debe ser ${error.params.comparison} ${error.params.limit}`;
    case "multipleOf":
      return `debe ser m\xFAltiplo de ${error.params.multipleOf}`;
    case "not":
      return "no debe ser v\xE1lido";
    case "oneOf":
      return "debe coincidir exactamente con un esquema en uno de";
    case "pattern":
      return `debe coincidir con el patr\xF3n "${error.params.pattern}"`;
    case "propertyNames":
      return `los nombres de las propiedades ${error.params.propertyNames.join(", ")} no son v\xE1lidos`;
    case "required":
      return `debe tener las propiedades requeridas ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `debe ser ${error.params.type}` : `debe ser ${error.params.type.join(" o ")}`;
    case "unevaluatedItems":
      return "no debe tener elementos no evaluados";
    case "unevaluatedProperties":
      return "no debe tener propiedades no evaluadas";
    case "uniqueItems":
      return `no debe tener elementos duplicados`;
    case "~refine":
      return error.params.message;
    default:
      return "ha ocurrido un error de validaci\xF3n desconocido";
  }
}

// node_modules/typebox/build/system/locale/es_MX.mjs
function es_MX(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "no debe tener propiedades adicionales";
    case "anyOf":
      return "debe coincidir con un esquema en cualquiera de";
    case "boolean":
      return "el esquema es falso";
    case "const":
      return "debe ser igual a la constante";
    case "contains":
      return "debe contener al menos 1 elemento v\xE1lido";
    case "dependencies":
      return `debe tener las propiedades ${error.params.dependencies.join(", ")} cuando la propiedad ${error.params.property} est\xE1 presente`;
    case "dependentRequired":
      return `debe tener las propiedades ${error.params.dependencies.join(", ")} cuando la propiedad ${error.params.property} est\xE1 presente`;
    case "enum":
      return "debe ser igual a uno de los valores permitidos";
    case "exclusiveMaximum":
      return `debe ser ${error.params.comparison} ${error.params.limit}`;
    case "exclusiveMinimum":
      return `debe ser ${error.params.comparison} ${error.params.limit}`;
    case "format":
      return `debe coincidir con el formato "${error.params.format}"`;
    case "if":
      return `debe coincidir con el esquema "${error.params.failingKeyword}"`;
    case "maxItems":
      return `no debe tener m\xE1s de ${error.params.limit} elementos`;
    case "maxLength":
      return `no debe tener m\xE1s de ${error.params.limit} caracteres`;
    case "maxProperties":
      return `no debe tener m\xE1s de ${error.params.limit} propiedades`;
    case "maximum":
      return `debe ser ${error.params.comparison} ${error.params.limit}`;
    case "minItems":
      return `no debe tener menos de ${error.params.limit} elementos`;
    case "minLength":
      return `no debe tener menos de ${error.params.limit} caracteres`;
    case "minProperties":
      return `no debe tener menos de ${error.params.limit} propiedades`;
    case "minimum":
      return `debe ser ${error.params.comparison} ${error.params.limit}`;
    case "multipleOf":
      return `debe ser m\xFAltiplo de ${error.params.multipleOf}`;
    case "not":
      return "no debe ser v\xE1lido";
    case "oneOf":
      return "debe coincidir exactamente con un esquema en uno de";
    case "pattern":
      return `debe coincidir con el patr\xF3n "${error.params.pattern}"`;
    case "propertyNames":
      return `los nombres de las propiedades ${error.params.propertyNames.join(", ")} no son v\xE1lidos`;
    case "required":
      return `debe tener las propiedades requeridas ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `debe ser ${error.params.type}` : `debe ser ${error.params.type.join(" o ")}`;
    case "unevaluatedItems":
      return "no debe tener elementos no evaluados";
    case "unevaluatedProperties":
      return "no debe tener propiedades no evaluadas";
    case "uniqueItems":
      return `no debe tener elementos duplicados`;
    case "~refine":
      return error.params.message;
    default:
      return "ocurri\xF3 un error de validaci\xF3n desconocido";
  }
}

// node_modules/typebox/build/system/locale/fa_IR.mjs
function fa_IR(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "\u0646\u0628\u0627\u06CC\u062F \u0648\u06CC\u0698\u06AF\u06CC\u200C\u0647\u0627\u06CC \u0627\u0636\u0627\u0641\u06CC \u062F\u0627\u0634\u062A\u0647 \u0628\u0627\u0634\u062F";
    case "anyOf":
      return "\u0628\u0627\u06CC\u062F \u0628\u0627 \u06CC\u06A9\u06CC \u0627\u0632 \u0637\u0631\u062D\u200C\u0648\u0627\u0631\u0647\u200C\u0647\u0627\u06CC anyOf \u0645\u0637\u0627\u0628\u0642\u062A \u062F\u0627\u0634\u062A\u0647 \u0628\u0627\u0634\u062F";
    case "boolean":
      return "\u0637\u0631\u062D\u200C\u0648\u0627\u0631\u0647 \u0646\u0627\u062F\u0631\u0633\u062A \u0627\u0633\u062A";
    case "const":
      return "\u0628\u0627\u06CC\u062F \u0628\u0631\u0627\u0628\u0631 \u0628\u0627 \u062B\u0627\u0628\u062A \u0628\u0627\u0634\u062F";
    case "contains":
      return "\u0628\u0627\u06CC\u062F \u062D\u062F\u0627\u0642\u0644 1 \u0645\u0648\u0631\u062F \u0645\u0639\u062A\u0628\u0631 \u062F\u0627\u0634\u062A\u0647 \u0628\u0627\u0634\u062F";
    case "dependencies":
      return `\u0628\u0627\u06CC\u062F \u062F\u0627\u0631\u0627\u06CC \u0648\u06CC\u0698\u06AF\u06CC\u200C\u0647\u0627\u06CC ${error.params.dependencies.join(", ")} \u0628\u0627\u0634\u062F \u0632\u0645\u0627\u0646\u06CC \u06A9\u0647 \u0648\u06CC\u0698\u06AF\u06CC ${error.params.property} \u0648\u062C\u0648\u062F \u062F\u0627\u0631\u062F`;
    case "dependentRequired":
      return `\u0628\u0627\u06CC\u062F \u062F\u0627\u0631\u0627\u06CC \u0648\u06CC\u0698\u06AF\u06CC\u200C\u0647\u0627\u06CC ${error.params.dependencies.join(", ")} \u0628\u0627\u0634\u062F \u0632\u0645\u0627\u0646\u06CC \u06A9\u0647 \u0648\u06CC\u0698\u06AF\u06CC ${error.params.property} \u0648\u062C\u0648\u062F \u062F\u0627\u0631\u062F`;
    case "enum":
      return "\u0628\u0627\u06CC\u062F \u0628\u0631\u0627\u0628\u0631 \u0628\u0627 \u06CC\u06A9\u06CC \u0627\u0632 \u0645\u0642\u0627\u062F\u06CC\u0631 \u0645\u062C\u0627\u0632 \u0628\u0627\u0634\u062F";
    case "exclusiveMaximum":
      return `\u0628\u0627\u06CC\u062F ${error.params.comparison} ${error.params.limit} \u0628\u0627\u0634\u062F`;
    case "exclusiveMinimum":
      return `\u0628\u0627\u06CC\u062F ${error.params.comparison} ${error.params.limit} \u0628\u0627\u0634\u062F`;
    case "format":
      return `\u0628\u0627\u06CC\u062F \u0628\u0627 \u0641\u0631\u0645\u062A "${error.params.format}" \u0645\u0637\u0627\u0628\u0642\u062A \u062F\u0627\u0634\u062A\u0647 \u0628\u0627\u0634\u062F`;
    case "if":
      return `\u0628\u0627\u06CC\u062F \u0628\u0627 \u0637\u0631\u062D\u200C\u0648\u0627\u0631\u0647 "${error.params.failingKeyword}" \u0645\u0637\u0627\u0628\u0642\u062A \u062F\u0627\u0634\u062A\u0647 \u0628\u0627\u0634\u062F`;
    case "maxItems":
      return `\u0646\u0628\u0627\u06CC\u062F \u0628\u06CC\u0634\u062A\u0631 \u0627\u0632 ${error.params.limit} \u0622\u06CC\u062A\u0645 \u062F\u0627\u0634\u062A\u0647 \u0628\u0627\u0634\u062F`;
    case "maxLength":
      return `\u0646\u0628\u0627\u06CC\u062F \u0628\u06CC\u0634\u062A\u0631 \u0627\u0632 ${error.params.limit} \u06A9\u0627\u0631\u0627\u06A9\u062A\u0631 \u062F\u0627\u0634\u062A\u0647 \u0628\u0627\u0634\u062F`;
    case "maxProperties":
      return `\u0646\u0628\u0627\u06CC\u062F \u0628\u06CC\u0634\u062A\u0631 \u0627\u0632 ${error.params.limit} \u0648\u06CC\u0698\u06AF\u06CC \u062F\u0627\u0634\u062A\u0647 \u0628\u0627\u0634\u062F`;
    case "maximum":
      return `\u0628\u0627\u06CC\u062F ${error.params.comparison} ${error.params.limit} \u0628\u0627\u0634\u062F`;
    case "minItems":
      return `\u0646\u0628\u0627\u06CC\u062F \u06A9\u0645\u062A\u0631 \u0627\u0632 ${error.params.limit} \u0622\u06CC\u062A\u0645 \u062F\u0627\u0634\u062A\u0647 \u0628\u0627\u0634\u062F`;
    case "minLength":
      return `\u0646\u0628\u0627\u06CC\u062F \u06A9\u0645\u062A\u0631 \u0627\u0632 ${error.params.limit} \u06A9\u0627\u0631\u0627\u06A9\u062A\u0631 \u062F\u0627\u0634\u062A\u0647 \u0628\u0627\u0634\u062F`;
    case "minProperties":
      return `\u0646\u0628\u0627\u06CC\u062F \u06A9\u0645\u062A\u0631 \u0627\u0632 ${error.params.limit} \u0648\u06CC\u0698\u06AF\u06CC \u062F\u0627\u0634\u062A\u0647 \u0628\u0627\u0634\u062F`;
    case "minimum":
      return `\u0628\u0627\u06CC\u062F ${error.params.comparison} ${error.params.limit} \u0628\u0627\u0634\u062F`;
    case "multipleOf":
      return `\u0628\u0627\u06CC\u062F \u0645\u0636\u0631\u0628\u06CC \u0627\u0632 ${error.params.multipleOf} \u0628\u0627\u0634\u062F`;
    case "not":
      return "\u0646\u0628\u0627\u06CC\u062F \u0645\u0639\u062A\u0628\u0631 \u0628\u0627\u0634\u062F";
    case "oneOf":
      return "\u0628\u0627\u06CC\u062F \u062F\u0642\u06CC\u0642\u0627\u064B \u0628\u0627 \u06CC\u06A9 \u0637\u0631\u062D\u200C\u0648\u0627\u0631\u0647 \u062F\u0631 oneOf \u0645\u0637\u0627\u0628\u0642\u062A \u062F\u0627\u0634\u062A\u0647 \u0628\u0627\u0634\u062F";
    case "pattern":
      return `\u0628\u0627\u06CC\u062F \u0628\u0627 \u0627\u0644\u06AF\u0648\u06CC "${error.params.pattern}" \u0645\u0637\u0627\u0628\u0642\u062A \u062F\u0627\u0634\u062A\u0647 \u0628\u0627\u0634\u062F`;
    case "propertyNames":
      return `\u0646\u0627\u0645 \u0648\u06CC\u0698\u06AF\u06CC\u200C\u0647\u0627 ${error.params.propertyNames.join(", ")} \u0646\u0627\u0645\u0639\u062A\u0628\u0631 \u0627\u0633\u062A`;
    case "required":
      return `\u0628\u0627\u06CC\u062F \u0648\u06CC\u0698\u06AF\u06CC\u200C\u0647\u0627\u06CC \u0627\u0644\u0632\u0627\u0645\u06CC ${error.params.requiredProperties.join(", ")} \u0631\u0627 \u062F\u0627\u0634\u062A\u0647 \u0628\u0627\u0634\u062F`;
    case "type":
      return typeof error.params.type === "string" ? `\u0628\u0627\u06CC\u062F ${error.params.type} \u0628\u0627\u0634\u062F` : `\u0628\u0627\u06CC\u062F \u06CC\u06A9\u06CC \u0627\u0632 \u0627\u06CC\u0646 \u062F\u0648 \u0628\u0627\u0634\u062F: ${error.params.type.join(" \u06CC\u0627 ")}`;
    case "unevaluatedItems":
      return "\u0646\u0628\u0627\u06CC\u062F \u0622\u06CC\u062A\u0645\u200C\u0647\u0627\u06CC \u0627\u0631\u0632\u06CC\u0627\u0628\u06CC \u0646\u0634\u062F\u0647 \u062F\u0627\u0634\u062A\u0647 \u0628\u0627\u0634\u062F";
    case "unevaluatedProperties":
      return "\u0646\u0628\u0627\u06CC\u062F \u0648\u06CC\u0698\u06AF\u06CC\u200C\u0647\u0627\u06CC \u0627\u0631\u0632\u06CC\u0627\u0628\u06CC \u0646\u0634\u062F\u0647 \u062F\u0627\u0634\u062A\u0647 \u0628\u0627\u0634\u062F";
    case "uniqueItems":
      return `\u0646\u0628\u0627\u06CC\u062F \u0622\u06CC\u062A\u0645\u200C\u0647\u0627\u06CC \u062A\u06A9\u0631\u0627\u0631\u06CC \u062F\u0627\u0634\u062A\u0647 \u0628\u0627\u0634\u062F`;
    case "~refine":
      return error.params.message;
    default:
      return "\u06CC\u06A9 \u062E\u0637\u0627\u06CC \u0627\u0639\u062A\u0628\u0627\u0631\u0633\u0646\u062C\u06CC \u0646\u0627\u0634\u0646\u0627\u062E\u062A\u0647 \u0631\u062E \u062F\u0627\u062F\u0647 \u0627\u0633\u062A";
  }
}

// node_modules/typebox/build/system/locale/fil_PH.mjs
function fil_PH(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "hindi dapat magkaroon ng karagdagang mga katangian";
    case "anyOf":
      return "dapat tumugma sa isang schema sa anyOf";
    case "boolean":
      return "mali ang schema";
    case "const":
      return "dapat katumbas ng konstante";
    case "contains":
      return "dapat maglaman ng hindi bababa sa 1 wastong item";
    case "dependencies":
      return `dapat magkaroon ng mga katangian ${error.params.dependencies.join(", ")} kapag naroroon ang katangian ${error.params.property}`;
    case "dependentRequired":
      return `dapat magkaroon ng mga katangian ${error.params.dependencies.join(", ")} kapag naroroon ang katangian ${error.params.property}`;
    case "enum":
      return "dapat katumbas ng isa sa mga pinapayagang halaga";
    case "exclusiveMaximum":
      return `dapat ${error.params.comparison} ${error.params.limit}`;
    case "exclusiveMinimum":
      return `dapat ${error.params.comparison} ${error.params.limit}`;
    case "format":
      return `dapat tumugma sa format na "${error.params.format}"`;
    case "if":
      return `dapat tumugma sa "${error.params.failingKeyword}" schema`;
    case "maxItems":
      return `hindi dapat magkaroon ng higit sa ${error.params.limit} item`;
    case "maxLength":
      return `hindi dapat magkaroon ng higit sa ${error.params.limit} karakter`;
    case "maxProperties":
      return `hindi dapat magkaroon ng higit sa ${error.params.limit} katangian`;
    case "maximum":
      return `dapat ${error.params.comparison} ${error.params.limit}`;
    case "minItems":
      return `hindi dapat magkaroon ng mas kaunti sa ${error.params.limit} item`;
    case "minLength":
      return `hindi dapat magkaroon ng mas kaunti sa ${error.params.limit} karakter`;
    case "minProperties":
      return `hindi dapat magkaroon ng mas kaunti sa ${error.params.limit} katangian`;
    case "minimum":
      return `dapat ${error.params.comparison} ${error.params.limit}`;
    case "multipleOf":
      return `dapat maramihan ng ${error.params.multipleOf}`;
    case "not":
      return "hindi dapat wasto";
    case "oneOf":
      return "dapat tumugma nang eksakto sa isang schema sa oneOf";
    case "pattern":
      return `dapat tumugma sa pattern na "${error.params.pattern}"`;
    case "propertyNames":
      return `ang mga pangalan ng katangian na ${error.params.propertyNames.join(", ")} ay hindi wasto`;
    case "required":
      return `dapat magkaroon ng mga kinakailangang katangian ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `dapat ${error.params.type}` : `dapat ay ${error.params.type.join(" o ")}`;
    case "unevaluatedItems":
      return "hindi dapat magkaroon ng mga hindi pa nasusuring item";
    case "unevaluatedProperties":
      return "hindi dapat magkaroon ng mga hindi pa nasusuring katangian";
    case "uniqueItems":
      return `hindi dapat magkaroon ng mga duplicate na item`;
    case "~refine":
      return error.params.message;
    default:
      return "nagkaroon ng hindi kilalang error sa pagpapatunay";
  }
}

// node_modules/typebox/build/system/locale/fr_CA.mjs
function fr_CA(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "ne doit pas avoir de propri\xE9t\xE9s additionnelles";
    case "anyOf":
      return "doit correspondre \xE0 un sch\xE9ma dans anyOf";
    case "boolean":
      return "le sch\xE9ma est faux";
    case "const":
      return "doit \xEAtre \xE9gal \xE0 la constante";
    case "contains":
      return "doit contenir au moins 1 \xE9l\xE9ment valide";
    case "dependencies":
      return `doit avoir les propri\xE9t\xE9s ${error.params.dependencies.join(", ")} lorsque la propri\xE9t\xE9 ${error.params.property} est pr\xE9sente`;
    case "dependentRequired":
      return `doit avoir les propri\xE9t\xE9s ${error.params.dependencies.join(", ")} lorsque la propri\xE9t\xE9 ${error.params.property} est pr\xE9sente`;
    case "enum":
      return "doit \xEAtre \xE9gal \xE0 l'une des valeurs autoris\xE9es";
    case "exclusiveMaximum":
      return `doit \xEAtre ${error.params.comparison} ${error.params.limit}`;
    case "exclusiveMinimum":
      return `doit \xEAtre ${error.params.comparison} ${error.params.limit}`;
    case "format":
      return `doit correspondre au format "${error.params.format}"`;
    case "if":
      return `doit correspondre au sch\xE9ma "${error.params.failingKeyword}"`;
    case "maxItems":
      return `ne doit pas avoir plus de ${error.params.limit} \xE9l\xE9ments`;
    case "maxLength":
      return `ne doit pas avoir plus de ${error.params.limit} caract\xE8res`;
    case "maxProperties":
      return `ne doit pas avoir plus de ${error.params.limit} propri\xE9t\xE9s`;
    case "maximum":
      return `doit \xEAtre ${error.params.comparison} ${error.params.limit}`;
    case "minItems":
      return `ne doit pas avoir moins de ${error.params.limit} \xE9l\xE9ments`;
    case "minLength":
      return `ne doit pas avoir moins de ${error.params.limit} caract\xE8res`;
    case "minProperties":
      return `ne doit pas avoir moins de ${error.params.limit} propri\xE9t\xE9s`;
    case "minimum":
      return `doit \xEAtre ${error.params.comparison} ${error.params.limit}`;
    case "multipleOf":
      return `doit \xEAtre un multiple de ${error.params.multipleOf}`;
    case "not":
      return "ne doit pas \xEAtre valide";
    case "oneOf":
      return "doit correspondre exactement \xE0 un sch\xE9ma dans oneOf";
    case "pattern":
      return `doit correspondre au motif "${error.params.pattern}"`;
    case "propertyNames":
      return `les noms de propri\xE9t\xE9 ${error.params.propertyNames.join(", ")} sont invalides`;
    case "required":
      return `doit avoir les propri\xE9t\xE9s requises ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `doit \xEAtre ${error.params.type}` : `doit \xEAtre l'un des types suivants : ${error.params.type.join(" ou ")}`;
    case "unevaluatedItems":
      return "ne doit pas avoir d'\xE9l\xE9ments non \xE9valu\xE9s";
    case "unevaluatedProperties":
      return "ne doit pas avoir de propri\xE9t\xE9s non \xE9valu\xE9es";
    case "uniqueItems":
      return `ne doit pas avoir d'\xE9l\xE9ments en double`;
    case "~refine":
      return error.params.message;
    default:
      return "une erreur de validation inconnue est survenue";
  }
}

// node_modules/typebox/build/system/locale/fr_FR.mjs
function fr_FR(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "ne doit pas avoir de propri\xE9t\xE9s additionnelles";
    case "anyOf":
      return "doit correspondre \xE0 un sch\xE9ma dans anyOf";
    case "boolean":
      return "le sch\xE9ma est faux";
    case "const":
      return "doit \xEAtre \xE9gal \xE0 la constante";
    case "contains":
      return "doit contenir au moins 1 \xE9l\xE9ment valide";
    case "dependencies":
      return `doit avoir les propri\xE9t\xE9s ${error.params.dependencies.join(", ")} lorsque la propri\xE9t\xE9 ${error.params.property} est pr\xE9sente`;
    case "dependentRequired":
      return `doit avoir les propri\xE9t\xE9s ${error.params.dependencies.join(", ")} lorsque la propri\xE9t\xE9 ${error.params.property} est pr\xE9sente`;
    case "enum":
      return "doit \xEAtre \xE9gal \xE0 l'une des valeurs autoris\xE9es";
    case "exclusiveMaximum":
      return `doit \xEAtre ${error.params.comparison} ${error.params.limit}`;
    case "exclusiveMinimum":
      return `doit \xEAtre ${error.params.comparison} ${error.params.limit}`;
    case "format":
      return `doit correspondre au format "${error.params.format}"`;
    case "if":
      return `doit correspondre au sch\xE9ma "${error.params.failingKeyword}"`;
    case "maxItems":
      return `ne doit pas avoir plus de ${error.params.limit} \xE9l\xE9ments`;
    case "maxLength":
      return `ne doit pas avoir plus de ${error.params.limit} caract\xE8res`;
    case "maxProperties":
      return `ne doit pas avoir plus de ${error.params.limit} propri\xE9t\xE9s`;
    case "maximum":
      return `doit \xEAtre ${error.params.comparison} ${error.params.limit}`;
    case "minItems":
      return `ne doit pas avoir moins de ${error.params.limit} \xE9l\xE9ments`;
    case "minLength":
      return `ne doit pas avoir moins de ${error.params.limit} caract\xE8res`;
    case "minProperties":
      return `ne doit pas avoir moins de ${error.params.limit} propri\xE9t\xE9s`;
    case "minimum":
      return `doit \xEAtre ${error.params.comparison} ${error.params.limit}`;
    case "multipleOf":
      return `doit \xEAtre un multiple de ${error.params.multipleOf}`;
    case "not":
      return "ne doit pas \xEAtre valide";
    case "oneOf":
      return "doit correspondre exactement \xE0 un sch\xE9ma dans oneOf";
    case "pattern":
      return `doit correspondre au motif "${error.params.pattern}"`;
    case "propertyNames":
      return `les noms de propri\xE9t\xE9 ${error.params.propertyNames.join(", ")} sont invalides`;
    case "required":
      return `doit avoir les propri\xE9t\xE9s requises ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `doit \xEAtre ${error.params.type}` : `doit \xEAtre l'un des types suivants : ${error.params.type.join(" ou ")}`;
    case "unevaluatedItems":
      return "ne doit pas avoir d'\xE9l\xE9ments non \xE9valu\xE9s";
    case "unevaluatedProperties":
      return "ne doit pas avoir de propri\xE9t\xE9s non \xE9valu\xE9es";
    case "uniqueItems":
      return `ne doit pas avoir d'\xE9l\xE9ments en double`;
    case "~refine":
      return error.params.message;
    default:
      return "une erreur de validation inconnue est survenue";
  }
}

// node_modules/typebox/build/system/locale/ha_NG.mjs
function ha_NG(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "kada ya kasance yana da \u0199arin kaddarori";
    case "anyOf":
      return "dole ne ya dace da wani tsari a cikin anyOf";
    case "boolean":
      return "tsarin yana da karya";
    case "const":
      return "dole ne ya zama daidai da madaidaicin";
    case "contains":
      return "dole ne ya \u0199unshi a\u0199alla abu 1 mai inganci";
    case "dependencies":
      return `dole ne ya kasance yana da kaddarori ${error.params.dependencies.join(", ")} idan kadara ${error.params.property} tana nan`;
    case "dependentRequired":
      return `dole ne ya kasance yana da kaddarori ${error.params.dependencies.join(", ")} idan kadara ${error.params.property} tana nan`;
    case "enum":
      return "dole ne ya zama daidai da \u0257ayan \u0199imar da aka yarda";
    case "exclusiveMaximum":
      return `dole ne ya zama ${error.params.comparison} ${error.params.limit}`;
    case "exclusiveMinimum":
      return `dole ne ya zama ${error.params.comparison} ${error.params.limit}`;
    case "format":
      return `dole ne ya dace da tsarin "${error.params.format}"`;
    case "if":
      return `dole ne ya dace da tsarin "${error.params.failingKeyword}"`;
    case "maxItems":
      return `kada ya kasance yana da fiye da abubuwa ${error.params.limit}`;
    case "maxLength":
      return `kada ya kasance yana da fiye da haruffa ${error.params.limit}`;
    case "maxProperties":
      return `kada ya kasance yana da fiye da kaddarori ${error.params.limit}`;
    case "maximum":
      return `dole ne ya zama ${error.params.comparison} ${error.params.limit}`;
    case "minItems":
      return `kada ya kasance yana da \u0199asa da abubuwa ${error.params.limit}`;
    case "minLength":
      return `kada ya kasance yana da \u0199asa da haruffa ${error.params.limit}`;
    case "minProperties":
      return `kada ya kasance yana da \u0199asa da kaddarori ${error.params.limit}`;
    case "minimum":
      return `dole ne ya zama ${error.params.comparison} ${error.params.limit}`;
    case "multipleOf":
      return `dole ne ya zama ninki na ${error.params.multipleOf}`;
    case "not":
      return "kada ya zama mai inganci";
    case "oneOf":
      return "dole ne ya dace da tsari \u0257aya kawai a cikin oneOf";
    case "pattern":
      return `dole ne ya dace da tsari "${error.params.pattern}"`;
    case "propertyNames":
      return `sunayen kaddarori ${error.params.propertyNames.join(", ")} ba su da inganci`;
    case "required":
      return `dole ne ya kasance yana da kaddarori masu mahimmanci ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `dole ne ya zama ${error.params.type}` : `dole ne ya zama \u0257aya daga cikin ${error.params.type.join(" ko ")}`;
    case "unevaluatedItems":
      return "kada ya kasance yana da abubuwan da ba a kimanta su ba";
    case "unevaluatedProperties":
      return "kada ya kasance yana da kaddarorin da ba a kimanta su ba";
    case "uniqueItems":
      return `kada ya kasance yana da abubuwan da suka yi kama`;
    case "~refine":
      return error.params.message;
    default:
      return "an sami kuskuren tabbatarwa da ba a sani ba";
  }
}

// node_modules/typebox/build/system/locale/hi_IN.mjs
function hi_IN(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "\u092E\u0947\u0902 \u0905\u0924\u093F\u0930\u093F\u0915\u094D\u0924 \u0917\u0941\u0923 \u0928\u0939\u0940\u0902 \u0939\u094B\u0928\u0947 \u091A\u093E\u0939\u093F\u090F";
    case "anyOf":
      return "anyOf \u092E\u0947\u0902 \u090F\u0915 \u0938\u094D\u0915\u0940\u092E\u093E \u0938\u0947 \u092E\u0947\u0932 \u0916\u093E\u0928\u093E \u091A\u093E\u0939\u093F\u090F";
    case "boolean":
      return "\u0938\u094D\u0915\u0940\u092E\u093E \u0917\u0932\u0924 \u0939\u0948";
    case "const":
      return "\u0938\u094D\u0925\u093F\u0930\u093E\u0902\u0915 \u0915\u0947 \u092C\u0930\u093E\u092C\u0930 \u0939\u094B\u0928\u093E \u091A\u093E\u0939\u093F\u090F";
    case "contains":
      return "\u092E\u0947\u0902 \u0915\u092E \u0938\u0947 \u0915\u092E 1 \u0935\u0948\u0927 \u0906\u0907\u091F\u092E \u0939\u094B\u0928\u093E \u091A\u093E\u0939\u093F\u090F";
    case "dependencies":
      return `\u091C\u092C \u0917\u0941\u0923 ${error.params.property} \u092E\u094C\u091C\u0942\u0926 \u0939\u094B \u0924\u094B \u0909\u0938\u092E\u0947\u0902 ${error.params.dependencies.join(", ")} \u0917\u0941\u0923 \u0939\u094B\u0928\u0947 \u091A\u093E\u0939\u093F\u090F`;
    case "dependentRequired":
      return `\u091C\u092C \u0917\u0941\u0923 ${error.params.property} \u092E\u094C\u091C\u0942\u0926 \u0939\u094B \u0924\u094B \u0909\u0938\u092E\u0947\u0902 ${error.params.dependencies.join(", ")} \u0917\u0941\u0923 \u0939\u094B\u0928\u0947 \u091A\u093E\u0939\u093F\u090F`;
    case "enum":
      return "\u0905\u0928\u0941\u092E\u0924 \u092E\u093E\u0928\u094B\u0902 \u092E\u0947\u0902 \u0938\u0947 \u090F\u0915 \u0915\u0947 \u092C\u0930\u093E\u092C\u0930 \u0939\u094B\u0928\u093E \u091A\u093E\u0939\u093F\u090F";
    case "exclusiveMaximum":
      return `${error.params.comparison} ${error.params.limit} \u0939\u094B\u0928\u093E \u091A\u093E\u0939\u093F\u090F`;
    case "exclusiveMinimum":
      return `${error.params.comparison} ${error.params.limit} \u0939\u094B\u0928\u093E \u091A\u093E\u0939\u093F\u090F`;
    case "format":
      return `"${error.params.format}" \u092A\u094D\u0930\u093E\u0930\u0942\u092A \u0938\u0947 \u092E\u0947\u0932 \u0916\u093E\u0928\u093E \u091A\u093E\u0939\u093F\u090F`;
    case "if":
      return `"${error.params.failingKeyword}" \u0938\u094D\u0915\u0940\u092E\u093E \u0938\u0947 \u092E\u0947\u0932 \u0916\u093E\u0928\u093E \u091A\u093E\u0939\u093F\u090F`;
    case "maxItems":
      return `\u092E\u0947\u0902 ${error.params.limit} \u0938\u0947 \u0905\u0927\u093F\u0915 \u0906\u0907\u091F\u092E \u0928\u0939\u0940\u0902 \u0939\u094B\u0928\u0947 \u091A\u093E\u0939\u093F\u090F`;
    case "maxLength":
      return `\u092E\u0947\u0902 ${error.params.limit} \u0938\u0947 \u0905\u0927\u093F\u0915 \u0935\u0930\u094D\u0923 \u0928\u0939\u0940\u0902 \u0939\u094B\u0928\u0947 \u091A\u093E\u0939\u093F\u090F`;
    case "maxProperties":
      return `\u092E\u0947\u0902 ${error.params.limit} \u0938\u0947 \u0905\u0927\u093F\u0915 \u0917\u0941\u0923 \u0928\u0939\u0940\u0902 \u0939\u094B\u0928\u0947 \u091A\u093E\u0939\u093F\u090F`;
    case "maximum":
      return `${error.params.comparison} ${error.params.limit} \u0939\u094B\u0928\u093E \u091A\u093E\u0939\u093F\u090F`;
    case "minItems":
      return `\u092E\u0947\u0902 ${error.params.limit} \u0938\u0947 \u0915\u092E \u0906\u0907\u091F\u092E \u0928\u0939\u0940\u0902 \u0939\u094B\u0928\u0947 \u091A\u093E\u0939\u093F\u090F`;
    case "minLength":
      return `\u092E\u0947\u0902 ${error.params.limit} \u0938\u0947 \u0915\u092E \u0935\u0930\u094D\u0923 \u0928\u0939\u0940\u0902 \u0939\u094B\u0928\u0947 \u091A\u093E\u0939\u093F\u090F`;
    case "minProperties":
      return `\u092E\u0947\u0902 ${error.params.limit} \u0938\u0947 \u0915\u092E \u0917\u0941\u0923 \u0928\u0939\u0940\u0902 \u0939\u094B\u0928\u0947 \u091A\u093E\u0939\u093F\u090F`;
    case "minimum":
      return `${error.params.comparison} ${error.params.limit} \u0939\u094B\u0928\u093E \u091A\u093E\u0939\u093F\u090F`;
    case "multipleOf":
      return `${error.params.multipleOf} \u0915\u093E \u0917\u0941\u0923\u091C \u0939\u094B\u0928\u093E \u091A\u093E\u0939\u093F\u090F`;
    case "not":
      return "\u0935\u0948\u0927 \u0928\u0939\u0940\u0902 \u0939\u094B\u0928\u093E \u091A\u093E\u0939\u093F\u090F";
    case "oneOf":
      return "oneOf \u092E\u0947\u0902 \u0920\u0940\u0915 \u090F\u0915 \u0938\u094D\u0915\u0940\u092E\u093E \u0938\u0947 \u092E\u0947\u0932 \u0916\u093E\u0928\u093E \u091A\u093E\u0939\u093F\u090F";
    case "pattern":
      return `\u092A\u0948\u091F\u0930\u094D\u0928 "${error.params.pattern}" \u0938\u0947 \u092E\u0947\u0932 \u0916\u093E\u0928\u093E \u091A\u093E\u0939\u093F\u090F`;
    case "propertyNames":
      return `\u0917\u0941\u0923 \u0928\u093E\u092E ${error.params.propertyNames.join(", ")} \u0905\u092E\u093E\u0928\u094D\u092F \u0939\u0948\u0902`;
    case "required":
      return `\u092E\u0947\u0902 \u0906\u0935\u0936\u094D\u092F\u0915 \u0917\u0941\u0923 ${error.params.requiredProperties.join(", ")} \u0939\u094B\u0928\u0947 \u091A\u093E\u0939\u093F\u090F`;
    case "type":
      return typeof error.params.type === "string" ? `${error.params.type} \u0939\u094B\u0928\u093E \u091A\u093E\u0939\u093F\u090F` : `\u092F\u093E \u0924\u094B ${error.params.type.join(" \u092F\u093E ")} \u0939\u094B\u0928\u093E \u091A\u093E\u0939\u093F\u090F`;
    case "unevaluatedItems":
      return "\u092E\u0947\u0902 \u0905\u092A\u094D\u0930\u092F\u0941\u0915\u094D\u0924 \u0906\u0907\u091F\u092E \u0928\u0939\u0940\u0902 \u0939\u094B\u0928\u0947 \u091A\u093E\u0939\u093F\u090F";
    case "unevaluatedProperties":
      return "\u092E\u0947\u0902 \u0905\u092A\u094D\u0930\u092F\u0941\u0915\u094D\u0924 \u0917\u0941\u0923 \u0928\u0939\u0940\u0902 \u0939\u094B\u0928\u0947 \u091A\u093E\u0939\u093F\u090F";
    case "uniqueItems":
      return `\u092E\u0947\u0902 \u0921\u0941\u092A\u094D\u0932\u093F\u0915\u0947\u091F \u0906\u0907\u091F\u092E \u0928\u0939\u0940\u0902 \u0939\u094B\u0928\u0947 \u091A\u093E\u0939\u093F\u090F`;
    case "~refine":
      return error.params.message;
    default:
      return "\u090F\u0915 \u0905\u091C\u094D\u091E\u093E\u0924 \u0938\u0924\u094D\u092F\u093E\u092A\u0928 \u0924\u094D\u0930\u0941\u091F\u093F \u0939\u0941\u0908";
  }
}

// node_modules/typebox/build/system/locale/hu_HU.mjs
function hu_HU(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "nem lehetnek tov\xE1bbi tulajdons\xE1gai";
    case "anyOf":
      return "meg kell egyeznie az anyOf-ban tal\xE1lhat\xF3 s\xE9m\xE1k egyik\xE9vel";
    case "boolean":
      return "a s\xE9ma hamis";
    case "const":
      return "egyenl\u0151nek kell lennie az \xE1lland\xF3val";
    case "contains":
      return "legal\xE1bb 1 \xE9rv\xE9nyes elemet kell tartalmaznia";
    case "dependencies":
      return `rendelkeznie kell a(z) ${error.params.dependencies.join(", ")} tulajdons\xE1gokkal, ha a(z) ${error.params.property} tulajdons\xE1g jelen van`;
    case "dependentRequired":
      return `rendelkeznie kell a(z) ${error.params.dependencies.join(", ")} tulajdons\xE1gokkal, ha a(z) ${error.params.property} tulajdons\xE1g jelen van`;
    case "enum":
      return "egyenl\u0151nek kell lennie az enged\xE9lyezett \xE9rt\xE9kek egyik\xE9vel";
    case "exclusiveMaximum":
      return `${error.params.comparison} ${error.params.limit} kell lennie`;
    case "exclusiveMinimum":
      return `${error.params.comparison} ${error.params.limit} kell lennie`;
    case "format":
      return `meg kell egyeznie a(z) "${error.params.format}" form\xE1tummal`;
    case "if":
      return `meg kell egyeznie a(z) "${error.params.failingKeyword}" s\xE9m\xE1val`;
    case "maxItems":
      return `nem lehet t\xF6bb, mint ${error.params.limit} eleme`;
    case "maxLength":
      return `nem lehet t\xF6bb, mint ${error.params.limit} karaktere`;
    case "maxProperties":
      return `nem lehet t\xF6bb, mint ${error.params.limit} tulajdons\xE1ga`;
    case "maximum":
      return `${error.params.comparison} ${error.params.limit} kell lennie`;
    case "minItems":
      return `nem lehet kevesebb, mint ${error.params.limit} eleme`;
    case "minLength":
      return `nem lehet kevesebb, mint ${error.params.limit} karaktere`;
    case "minProperties":
      return `nem lehet kevesebb, mint ${error.params.limit} tulajdons\xE1ga`;
    case "minimum":
      return `${error.params.comparison} ${error.params.limit} kell lennie`;
    case "multipleOf":
      return `a(z) ${error.params.multipleOf} t\xF6bbsz\xF6r\xF6s\xE9nek kell lennie`;
    case "not":
      return "nem lehet \xE9rv\xE9nyes";
    case "oneOf":
      return "pontosan egy s\xE9m\xE1nak kell megfelelnie a oneOf-ban";
    case "pattern":
      return `meg kell egyeznie a(z) "${error.params.pattern}" mint\xE1val`;
    case "propertyNames":
      return `a tulajdons\xE1gnevek (${error.params.propertyNames.join(", ")}) \xE9rv\xE9nytelenek`;
    case "required":
      return `rendelkeznie kell a(z) ${error.params.requiredProperties.join(", ")} k\xF6telez\u0151 tulajdons\xE1gokkal`;
    case "type":
      return typeof error.params.type === "string" ? `t\xEDpus\xE1nak ${error.params.type} kell lennie` : `t\xEDpus\xE1nak ${error.params.type.join(" vagy ")} kell lennie`;
    case "unevaluatedItems":
      return "nem lehetnek nem \xE9rt\xE9kelt elemei";
    case "unevaluatedProperties":
      return "nem lehetnek nem \xE9rt\xE9kelt tulajdons\xE1gai";
    case "uniqueItems":
      return `nem lehetnek ism\xE9tl\u0151d\u0151 elemei`;
    case "~refine":
      return error.params.message;
    default:
      return "ismeretlen valid\xE1ci\xF3s hiba t\xF6rt\xE9nt";
  }
}

// node_modules/typebox/build/system/locale/id_ID.mjs
function id_ID(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "tidak boleh memiliki properti tambahan";
    case "anyOf":
      return "harus cocok dengan skema di anyOf";
    case "boolean":
      return "skema salah";
    case "const":
      return "harus sama dengan konstanta";
    case "contains":
      return "harus mengandung setidaknya 1 item yang valid";
    case "dependencies":
      return `harus memiliki properti ${error.params.dependencies.join(", ")} ketika properti ${error.params.property} ada`;
    case "dependentRequired":
      return `harus memiliki properti ${error.params.dependencies.join(", ")} ketika properti ${error.params.property} ada`;
    case "enum":
      return "harus sama dengan salah satu nilai yang diizinkan";
    case "exclusiveMaximum":
      return `harus ${error.params.comparison} ${error.params.limit}`;
    case "exclusiveMinimum":
      return `harus ${error.params.comparison} ${error.params.limit}`;
    case "format":
      return `harus cocok dengan format "${error.params.format}"`;
    case "if":
      return `harus cocok dengan skema "${error.params.failingKeyword}"`;
    case "maxItems":
      return `tidak boleh memiliki lebih dari ${error.params.limit} item`;
    case "maxLength":
      return `tidak boleh memiliki lebih dari ${error.params.limit} karakter`;
    case "maxProperties":
      return `tidak boleh memiliki lebih dari ${error.params.limit} properti`;
    case "maximum":
      return `harus ${error.params.comparison} ${error.params.limit}`;
    case "minItems":
      return `tidak boleh memiliki kurang dari ${error.params.limit} item`;
    case "minLength":
      return `tidak boleh memiliki kurang dari ${error.params.limit} karakter`;
    case "minProperties":
      return `tidak boleh memiliki kurang dari ${error.params.limit} properti`;
    case "minimum":
      return `harus ${error.params.comparison} ${error.params.limit}`;
    case "multipleOf":
      return `harus kelipatan dari ${error.params.multipleOf}`;
    case "not":
      return "tidak boleh valid";
    case "oneOf":
      return "harus cocok persis dengan satu skema di oneOf";
    case "pattern":
      return `harus cocok dengan pola "${error.params.pattern}"`;
    case "propertyNames":
      return `nama properti ${error.params.propertyNames.join(", ")} tidak valid`;
    case "required":
      return `harus memiliki properti yang wajib diisi ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `harus berupa ${error.params.type}` : `harus berupa ${error.params.type.join(" atau ")}`;
    case "unevaluatedItems":
      return "tidak boleh memiliki item yang belum dievaluasi";
    case "unevaluatedProperties":
      return "tidak boleh memiliki properti yang belum dievaluasi";
    case "uniqueItems":
      return `tidak boleh memiliki item duplikat`;
    case "~refine":
      return error.params.message;
    default:
      return "terjadi kesalahan validasi yang tidak diketahui";
  }
}

// node_modules/typebox/build/system/locale/it_IT.mjs
function it_IT(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "non deve avere propriet\xE0 aggiuntive";
    case "anyOf":
      return "deve corrispondere a uno schema in anyOf";
    case "boolean":
      return "lo schema \xE8 falso";
    case "const":
      return "deve essere uguale alla costante";
    case "contains":
      return "deve contenere almeno 1 elemento valido";
    case "dependencies":
      return `deve avere le propriet\xE0 ${error.params.dependencies.join(", ")} quando la propriet\xE0 ${error.params.property} \xE8 presente`;
    case "dependentRequired":
      return `deve avere le propriet\xE0 ${error.params.dependencies.join(", ")} quando la propriet\xE0 ${error.params.property} \xE8 presente`;
    case "enum":
      return "deve essere uguale a uno dei valori consentiti";
    case "exclusiveMaximum":
      return `deve essere ${error.params.comparison} ${error.params.limit}`;
    case "exclusiveMinimum":
      return `deve essere ${error.params.comparison} ${error.params.limit}`;
    case "format":
      return `deve corrispondere al formato "${error.params.format}"`;
    case "if":
      return `deve corrispondere allo schema "${error.params.failingKeyword}"`;
    case "maxItems":
      return `non deve avere pi\xF9 di ${error.params.limit} elementi`;
    case "maxLength":
      return `non deve avere pi\xF9 di ${error.params.limit} caratteri`;
    case "maxProperties":
      return `non deve avere pi\xF9 di ${error.params.limit} propriet\xE0`;
    case "maximum":
      return `deve essere ${error.params.comparison} ${error.params.limit}`;
    case "minItems":
      return `non deve avere meno di ${error.params.limit} elementi`;
    case "minLength":
      return `non deve avere meno di ${error.params.limit} caratteri`;
    case "minProperties":
      return `non deve avere meno di ${error.params.limit} propriet\xE0`;
    case "minimum":
      return `deve essere ${error.params.comparison} ${error.params.limit}`;
    case "multipleOf":
      return `deve essere un multiplo di ${error.params.multipleOf}`;
    case "not":
      return "non deve essere valido";
    case "oneOf":
      return "deve corrispondere esattamente a uno schema in oneOf";
    case "pattern":
      return `deve corrispondere al pattern "${error.params.pattern}"`;
    case "propertyNames":
      return `i nomi delle propriet\xE0 ${error.params.propertyNames.join(", ")} non sono validi`;
    case "required":
      return `deve avere le propriet\xE0 richieste ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `deve essere ${error.params.type}` : `deve essere ${error.params.type.join(" o ")}`;
    case "unevaluatedItems":
      return "non deve avere elementi non valutati";
    case "unevaluatedProperties":
      return "non deve avere propriet\xE0 non valutate";
    case "uniqueItems":
      return `non deve avere elementi duplicati`;
    case "~refine":
      return error.params.message;
    default:
      return "si \xE8 verificato un errore di validazione sconosciuto";
  }
}

// node_modules/typebox/build/system/locale/ja_JP.mjs
function ja_JP(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "\u8FFD\u52A0\u306E\u30D7\u30ED\u30D1\u30C6\u30A3\u3092\u6301\u3064\u3053\u3068\u306F\u3067\u304D\u307E\u305B\u3093";
    case "anyOf":
      return "anyOf \u306E\u30B9\u30AD\u30FC\u30DE\u3068\u4E00\u81F4\u3059\u308B\u5FC5\u8981\u304C\u3042\u308A\u307E\u3059";
    case "boolean":
      return "\u30B9\u30AD\u30FC\u30DE\u304C false \u3067\u3059";
    case "const":
      return "\u5B9A\u6570\u3068\u7B49\u3057\u3044\u5FC5\u8981\u304C\u3042\u308A\u307E\u3059";
    case "contains":
      return "\u5C11\u306A\u304F\u3068\u30821\u3064\u306E\u6709\u52B9\u306A\u30A2\u30A4\u30C6\u30E0\u3092\u542B\u3080\u5FC5\u8981\u304C\u3042\u308A\u307E\u3059";
    case "dependencies":
      return `\u30D7\u30ED\u30D1\u30C6\u30A3 ${error.params.property} \u304C\u5B58\u5728\u3059\u308B\u5834\u5408\u3001\u30D7\u30ED\u30D1\u30C6\u30A3 ${error.params.dependencies.join(", ")} \u3092\u6301\u3064\u5FC5\u8981\u304C\u3042\u308A\u307E\u3059`;
    case "dependentRequired":
      return `\u30D7\u30ED\u30D1\u30C6\u30A3 ${error.params.property} \u304C\u5B58\u5728\u3059\u308B\u5834\u5408\u3001\u30D7\u30ED\u30D1\u30C6\u30A3 ${error.params.dependencies.join(", ")} \u3092\u6301\u3064\u5FC5\u8981\u304C\u3042\u308A\u307E\u3059`;
    case "enum":
      return "\u8A31\u53EF\u3055\u308C\u305F\u5024\u306E\u3044\u305A\u308C\u304B\u3068\u7B49\u3057\u3044\u5FC5\u8981\u304C\u3042\u308A\u307E\u3059";
    case "exclusiveMaximum":
      return `${error.params.comparison} ${error.params.limit} \u3067\u3042\u308B\u5FC5\u8981\u304C\u3042\u308A\u307E\u3059`;
    case "exclusiveMinimum":
      return `${error.params.comparison} ${error.params.limit} \u3067\u3042\u308B\u5FC5\u8981\u304C\u3042\u308A\u307E\u3059`;
    case "format":
      return `\u30D5\u30A9\u30FC\u30DE\u30C3\u30C8 "${error.params.format}" \u3068\u4E00\u81F4\u3059\u308B\u5FC5\u8981\u304C\u3042\u308A\u307E\u3059`;
    case "if":
      return `"${error.params.failingKeyword}" \u30B9\u30AD\u30FC\u30DE\u3068\u4E00\u81F4\u3059\u308B\u5FC5\u8981\u304C\u3042\u308A\u307E\u3059`;
    case "maxItems":
      return `${error.params.limit} \u500B\u3092\u8D85\u3048\u308B\u30A2\u30A4\u30C6\u30E0\u3092\u6301\u3064\u3053\u3068\u306F\u3067\u304D\u307E\u305B\u3093`;
    case "maxLength":
      return `${error.params.limit} \u6587\u5B57\u3092\u8D85\u3048\u308B\u3053\u3068\u306F\u3067\u304D\u307E\u305B\u3093`;
    case "maxProperties":
      return `${error.params.limit} \u500B\u3092\u8D85\u3048\u308B\u30D7\u30ED\u30D1\u30C6\u30A3\u3092\u6301\u3064\u3053\u3068\u306F\u3067\u304D\u307E\u305B\u3093`;
    case "maximum":
      return `${error.params.comparison} ${error.params.limit} \u3067\u3042\u308B\u5FC5\u8981\u304C\u3042\u308A\u307E\u3059`;
    case "minItems":
      return `${error.params.limit} \u500B\u672A\u6E80\u306E\u30A2\u30A4\u30C6\u30E0\u3092\u6301\u3064\u3053\u3068\u306F\u3067\u304D\u307E\u305B\u3093`;
    case "minLength":
      return `${error.params.limit} \u6587\u5B57\u672A\u6E80\u3067\u3042\u308B\u3053\u3068\u306F\u3067\u304D\u307E\u305B\u3093`;
    case "minProperties":
      return `${error.params.limit} \u500B\u672A\u6E80\u306E\u30D7\u30ED\u30D1\u30C6\u30A3\u3092\u6301\u3064\u3053\u3068\u306F\u3067\u304D\u307E\u305B\u3093`;
    case "minimum":
      return `${error.params.comparison} ${error.params.limit} \u3067\u3042\u308B\u5FC5\u8981\u304C\u3042\u308A\u307E\u3059`;
    case "multipleOf":
      return `${error.params.multipleOf} \u306E\u500D\u6570\u3067\u3042\u308B\u5FC5\u8981\u304C\u3042\u308A\u307E\u3059`;
    case "not":
      return "\u6709\u52B9\u3067\u3042\u3063\u3066\u306F\u306A\u308A\u307E\u305B\u3093";
    case "oneOf":
      return "oneOf \u306E\u3044\u305A\u308C\u304B1\u3064\u306E\u30B9\u30AD\u30FC\u30DE\u3068\u6B63\u78BA\u306B\u4E00\u81F4\u3059\u308B\u5FC5\u8981\u304C\u3042\u308A\u307E\u3059";
    case "pattern":
      return `\u30D1\u30BF\u30FC\u30F3 "${error.params.pattern}" \u3068\u4E00\u81F4\u3059\u308B\u5FC5\u8981\u304C\u3042\u308A\u307E\u3059`;
    case "propertyNames":
      return `\u30D7\u30ED\u30D1\u30C6\u30A3\u540D ${error.params.propertyNames.join(", ")} \u306F\u7121\u52B9\u3067\u3059`;
    case "required":
      return `\u5FC5\u9808\u30D7\u30ED\u30D1\u30C6\u30A3 ${error.params.requiredProperties.join(", ")} \u3092\u6301\u3064\u5FC5\u8981\u304C\u3042\u308A\u307E\u3059`;
    case "type":
      return typeof error.params.type === "string" ? `${error.params.type} \u3067\u3042\u308B\u5FC5\u8981\u304C\u3042\u308A\u307E\u3059` : `${error.params.type.join(" \u307E\u305F\u306F ")} \u306E\u3044\u305A\u308C\u304B\u3067\u3042\u308B\u5FC5\u8981\u304C\u3042\u308A\u307E\u3059`;
    case "unevaluatedItems":
      return "\u672A\u8A55\u4FA1\u306E\u30A2\u30A4\u30C6\u30E0\u3092\u6301\u3064\u3053\u3068\u306F\u3067\u304D\u307E\u305B\u3093";
    case "unevaluatedProperties":
      return "\u672A\u8A55\u4FA1\u306E\u30D7\u30ED\u30D1\u30C6\u30A3\u3092\u6301\u3064\u3053\u3068\u306F\u3067\u304D\u307E\u305B\u3093";
    case "uniqueItems":
      return `\u91CD\u8907\u3059\u308B\u30A2\u30A4\u30C6\u30E0\u3092\u6301\u3064\u3053\u3068\u306F\u3067\u304D\u307E\u305B\u3093`;
    case "~refine":
      return error.params.message;
    default:
      return "\u4E0D\u660E\u306A\u30D0\u30EA\u30C7\u30FC\u30B7\u30E7\u30F3\u30A8\u30E9\u30FC\u304C\u767A\u751F\u3057\u307E\u3057\u305F";
  }
}

// node_modules/typebox/build/system/locale/ko_KR.mjs
function ko_KR(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "\uCD94\uAC00 \uC18D\uC131\uC744 \uAC00\uC9C8 \uC218 \uC5C6\uC2B5\uB2C8\uB2E4";
    case "anyOf":
      return "anyOf\uC758 \uC2A4\uD0A4\uB9C8\uC640 \uC77C\uCE58\uD574\uC57C \uD569\uB2C8\uB2E4";
    case "boolean":
      return "\uC2A4\uD0A4\uB9C8\uAC00 \uC798\uBABB\uB418\uC5C8\uC2B5\uB2C8\uB2E4";
    case "const":
      return "\uC0C1\uC218\uC640 \uAC19\uC544\uC57C \uD569\uB2C8\uB2E4";
    case "contains":
      return "\uCD5C\uC18C 1\uAC1C\uC758 \uC720\uD6A8\uD55C \uD56D\uBAA9\uC744 \uD3EC\uD568\uD574\uC57C \uD569\uB2C8\uB2E4";
    case "dependencies":
      return `\uC18D\uC131 ${error.params.property}\uC774(\uAC00) \uC874\uC7AC\uD560 \uB54C \uC18D\uC131 ${error.params.dependencies.join(", ")}\uC744(\uB97C) \uAC00\uC9C0\uACE0 \uC788\uC5B4\uC57C \uD569\uB2C8\uB2E4`;
    case "dependentRequired":
      return `\uC18D\uC131 ${error.params.property}\uC774(\uAC00) \uC874\uC7AC\uD560 \uB54C \uC18D\uC131 ${error.params.dependencies.join(", ")}\uC744(\uB97C) \uAC00\uC9C0\uACE0 \uC788\uC5B4\uC57C \uD569\uB2C8\uB2E4`;
    case "enum":
      return "\uD5C8\uC6A9\uB41C \uAC12 \uC911 \uD558\uB098\uC640 \uAC19\uC544\uC57C \uD569\uB2C8\uB2E4";
    case "exclusiveMaximum":
      return `${error.params.comparison} ${error.params.limit}\uC774\uC5B4\uC57C \uD569\uB2C8\uB2E4`;
    case "exclusiveMinimum":
      return `${error.params.comparison} ${error.params.limit}\uC774\uC5B4\uC57C \uD569\uB2C8\uB2E4`;
    case "format":
      return `"${error.params.format}" \uD615\uC2DD\uACFC \uC77C\uCE58\uD574\uC57C \uD569\uB2C8\uB2E4`;
    case "if":
      return `"${error.params.failingKeyword}" \uC2A4\uD0A4\uB9C8\uC640 \uC77C\uCE58\uD574\uC57C \uD569\uB2C8\uB2E4`;
    case "maxItems":
      return `\uD56D\uBAA9\uC774 ${error.params.limit}\uAC1C\uBCF4\uB2E4 \uB9CE\uC744 \uC218 \uC5C6\uC2B5\uB2C8\uB2E4`;
    case "maxLength":
      return `\uAE00\uC790 \uC218\uAC00 ${error.params.limit}\uAC1C\uBCF4\uB2E4 \uB9CE\uC744 \uC218 \uC5C6\uC2B5\uB2C8\uB2E4`;
    case "maxProperties":
      return `\uC18D\uC131\uC774 ${error.params.limit}\uAC1C\uBCF4\uB2E4 \uB9CE\uC744 \uC218 \uC5C6\uC2B5\uB2C8\uB2E4`;
    case "maximum":
      return `${error.params.comparison} ${error.params.limit}\uC774\uC5B4\uC57C \uD569\uB2C8\uB2E4`;
    case "minItems":
      return `\uD56D\uBAA9\uC774 ${error.params.limit}\uAC1C\uBCF4\uB2E4 \uC801\uC744 \uC218 \uC5C6\uC2B5\uB2C8\uB2E4`;
    case "minLength":
      return `\uAE00\uC790 \uC218\uAC00 ${error.params.limit}\uAC1C\uBCF4\uB2E4 \uC801\uC744 \uC218 \uC5C6\uC2B5\uB2C8\uB2E4`;
    case "minProperties":
      return `\uC18D\uC131\uC774 ${error.params.limit}\uAC1C\uBCF4\uB2E4 \uC801\uC744 \uC218 \uC5C6\uC2B5\uB2C8\uB2E4`;
    case "minimum":
      return `${error.params.comparison} ${error.params.limit}\uC774\uC5B4\uC57C \uD569\uB2C8\uB2E4`;
    case "multipleOf":
      return `${error.params.multipleOf}\uC758 \uBC30\uC218\uC5EC\uC57C \uD569\uB2C8\uB2E4`;
    case "not":
      return "\uC720\uD6A8\uD558\uC9C0 \uC54A\uC544\uC57C \uD569\uB2C8\uB2E4";
    case "oneOf":
      return "oneOf\uC758 \uC2A4\uD0A4\uB9C8 \uC911 \uC815\uD655\uD788 \uD558\uB098\uC640 \uC77C\uCE58\uD574\uC57C \uD569\uB2C8\uB2E4";
    case "pattern":
      return `\uD328\uD134 "${error.params.pattern}"\uACFC \uC77C\uCE58\uD574\uC57C \uD569\uB2C8\uB2E4`;
    case "propertyNames":
      return `\uC18D\uC131 \uC774\uB984 ${error.params.propertyNames.join(", ")}\uC774(\uAC00) \uC720\uD6A8\uD558\uC9C0 \uC54A\uC2B5\uB2C8\uB2E4`;
    case "required":
      return `\uD544\uC218 \uC18D\uC131 ${error.params.requiredProperties.join(", ")}\uC744(\uB97C) \uAC00\uC9C0\uACE0 \uC788\uC5B4\uC57C \uD569\uB2C8\uB2E4`;
    case "type":
      return typeof error.params.type === "string" ? `${error.params.type}\uC774\uC5B4\uC57C \uD569\uB2C8\uB2E4` : `${error.params.type.join(" \uB610\uB294 ")} \uC911 \uD558\uB098\uC5EC\uC57C \uD569\uB2C8\uB2E4`;
    case "unevaluatedItems":
      return "\uD3C9\uAC00\uB418\uC9C0 \uC54A\uC740 \uD56D\uBAA9\uC744 \uAC00\uC9C8 \uC218 \uC5C6\uC2B5\uB2C8\uB2E4";
    case "unevaluatedProperties":
      return "\uD3C9\uAC00\uB418\uC9C0 \uC54A\uC740 \uC18D\uC131\uC744 \uAC00\uC9C8 \uC218 \uC5C6\uC2B5\uB2C8\uB2E4";
    case "uniqueItems":
      return `\uC911\uBCF5 \uD56D\uBAA9\uC744 \uAC00\uC9C8 \uC218 \uC5C6\uC2B5\uB2C8\uB2E4`;
    case "~refine":
      return error.params.message;
    default:
      return "\uC54C \uC218 \uC5C6\uB294 \uC720\uD6A8\uC131 \uAC80\uC0AC \uC624\uB958\uAC00 \uBC1C\uC0DD\uD588\uC2B5\uB2C8\uB2E4";
  }
}

// node_modules/typebox/build/system/locale/ms_MY.mjs
function ms_MY(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "tidak boleh mempunyai sifat tambahan";
    case "anyOf":
      return "mesti sepadan dengan skema dalam anyOf";
    case "boolean":
      return "skema adalah palsu";
    case "const":
      return "mesti sama dengan pemalar";
    case "contains":
      return "mesti mengandungi sekurang-kurangnya 1 item yang sah";
    case "dependencies":
      return `mesti mempunyai sifat ${error.params.dependencies.join(", ")} apabila sifat ${error.params.property} hadir`;
    case "dependentRequired":
      return `mesti mempunyai sifat ${error.params.dependencies.join(", ")} apabila sifat ${error.params.property} hadir`;
    case "enum":
      return "mesti sama dengan salah satu nilai yang dibenarkan";
    case "exclusiveMaximum":
      return `mesti ${error.params.comparison} ${error.params.limit}`;
    case "exclusiveMinimum":
      return `mesti ${error.params.comparison} ${error.params.limit}`;
    case "format":
      return `mesti sepadan dengan format "${error.params.format}"`;
    case "if":
      return `mesti sepadan dengan skema "${error.params.failingKeyword}"`;
    case "maxItems":
      return `tidak boleh mempunyai lebih daripada ${error.params.limit} item`;
    case "maxLength":
      return `tidak boleh mempunyai lebih daripada ${error.params.limit} aksara`;
    case "maxProperties":
      return `tidak boleh mempunyai lebih daripada ${error.params.limit} sifat`;
    case "maximum":
      return `mesti ${error.params.comparison} ${error.params.limit}`;
    case "minItems":
      return `tidak boleh mempunyai kurang daripada ${error.params.limit} item`;
    case "minLength":
      return `tidak boleh mempunyai kurang daripada ${error.params.limit} aksara`;
    case "minProperties":
      return `tidak boleh mempunyai kurang daripada ${error.params.limit} sifat`;
    case "minimum":
      return `mesti ${error.params.comparison} ${error.params.limit}`;
    case "multipleOf":
      return `mesti gandaan ${error.params.multipleOf}`;
    case "not":
      return "tidak boleh sah";
    case "oneOf":
      return "mesti sepadan dengan tepat satu skema dalam oneOf";
    case "pattern":
      return `mesti sepadan dengan corak "${error.params.pattern}"`;
    case "propertyNames":
      return `nama sifat ${error.params.propertyNames.join(", ")} tidak sah`;
    case "required":
      return `mesti mempunyai sifat yang diperlukan ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `mesti ${error.params.type}` : `mesti sama ada ${error.params.type.join(" atau ")}`;
    case "unevaluatedItems":
      return "tidak boleh mempunyai item yang tidak dinilai";
    case "unevaluatedProperties":
      return "tidak boleh mempunyai sifat yang tidak dinilai";
    case "uniqueItems":
      return `tidak boleh mempunyai item pendua`;
    case "~refine":
      return error.params.message;
    default:
      return "ralat pengesahan yang tidak diketahui berlaku";
  }
}

// node_modules/typebox/build/system/locale/nl_NL.mjs
function nl_NL(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "mag geen aanvullende eigenschappen hebben";
    case "anyOf":
      return "moet overeenkomen met een schema in anyOf";
    case "boolean":
      return "schema is onwaar";
    case "const":
      return "moet gelijk zijn aan constante";
    case "contains":
      return "moet ten minste 1 geldig item bevatten";
    case "dependencies":
      return `moet eigenschappen ${error.params.dependencies.join(", ")} hebben wanneer eigenschap ${error.params.property} aanwezig is`;
    case "dependentRequired":
      return `moet eigenschappen ${error.params.dependencies.join(", ")} hebben wanneer eigenschap ${error.params.property} aanwezig is`;
    case "enum":
      return "moet gelijk zijn aan een van de toegestane waarden";
    case "exclusiveMaximum":
      return `moet ${error.params.comparison} ${error.params.limit} zijn`;
    case "exclusiveMinimum":
      return `moet ${error.params.comparison} ${error.params.limit} zijn`;
    case "format":
      return `moet overeenkomen met formaat "${error.params.format}"`;
    case "if":
      return `moet overeenkomen met "${error.params.failingKeyword}" schema`;
    case "maxItems":
      return `mag niet meer dan ${error.params.limit} items hebben`;
    case "maxLength":
      return `mag niet meer dan ${error.params.limit} tekens hebben`;
    case "maxProperties":
      return `mag niet meer dan ${error.params.limit} eigenschappen hebben`;
    case "maximum":
      return `moet ${error.params.comparison} ${error.params.limit} zijn`;
    case "minItems":
      return `mag niet minder dan ${error.params.limit} items hebben`;
    case "minLength":
      return `mag niet minder dan ${error.params.limit} tekens hebben`;
    case "minProperties":
      return `mag niet minder dan ${error.params.limit} eigenschappen hebben`;
    case "minimum":
      return `moet ${error.params.comparison} ${error.params.limit} zijn`;
    case "multipleOf":
      return `moet een veelvoud zijn van ${error.params.multipleOf}`;
    case "not":
      return "mag niet geldig zijn";
    case "oneOf":
      return "moet precies \xE9\xE9n schema in oneOf overeenkomen";
    case "pattern":
      return `moet overeenkomen met patroon "${error.params.pattern}"`;
    case "propertyNames":
      return `eigenschapsnamen ${error.params.propertyNames.join(", ")} zijn ongeldig`;
    case "required":
      return `moet de vereiste eigenschappen ${error.params.requiredProperties.join(", ")} hebben`;
    case "type":
      return typeof error.params.type === "string" ? `moet ${error.params.type} zijn` : `moet ${error.params.type.join(" of ")} zijn`;
    case "unevaluatedItems":
      return "mag geen onbeoordeelde items hebben";
    case "unevaluatedProperties":
      return "mag geen onbeoordeelde eigenschappen hebben";
    case "uniqueItems":
      return `mag geen dubbele items hebben`;
    case "~refine":
      return error.params.message;
    default:
      return "er is een onbekende validatiefout opgetreden";
  }
}

// node_modules/typebox/build/system/locale/pl_PL.mjs
function pl_PL(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "nie mo\u017Ce mie\u0107 dodatkowych w\u0142a\u015Bciwo\u015Bci";
    case "anyOf":
      return "musi pasowa\u0107 do schematu w anyOf";
    case "boolean":
      return "schemat jest fa\u0142szywy";
    case "const":
      return "musi by\u0107 r\xF3wny sta\u0142ej";
    case "contains":
      return "musi zawiera\u0107 co najmniej 1 prawid\u0142owy element";
    case "dependencies":
      return `musi mie\u0107 w\u0142a\u015Bciwo\u015Bci ${error.params.dependencies.join(", ")}, gdy w\u0142a\u015Bciwo\u015B\u0107 ${error.params.property} jest obecna`;
    case "dependentRequired":
      return `musi mie\u0107 w\u0142a\u015Bciwo\u015Bci ${error.params.dependencies.join(", ")}, gdy w\u0142a\u015Bciwo\u015B\u0107 ${error.params.property} jest obecna`;
    case "enum":
      return "musi by\u0107 r\xF3wny jednej z dozwolonych warto\u015Bci";
    case "exclusiveMaximum":
      return `musi by\u0107 ${error.params.comparison} ${error.params.limit}`;
    case "exclusiveMinimum":
      return `musi by\u0107 ${error.params.comparison} ${error.params.limit}`;
    case "format":
      return `musi pasowa\u0107 do formatu "${error.params.format}"`;
    case "if":
      return `musi pasowa\u0107 do schematu "${error.params.failingKeyword}"`;
    case "maxItems":
      return `nie mo\u017Ce mie\u0107 wi\u0119cej ni\u017C ${error.params.limit} element\xF3w`;
    case "maxLength":
      return `nie mo\u017Ce mie\u0107 wi\u0119cej ni\u017C ${error.params.limit} znak\xF3w`;
    case "maxProperties":
      return `nie mo\u017Ce mie\u0107 wi\u0119cej ni\u017C ${error.params.limit} w\u0142a\u015Bciwo\u015Bci`;
    case "maximum":
      return `musi by\u0107 ${error.params.comparison} ${error.params.limit}`;
    case "minItems":
      return `nie mo\u017Ce mie\u0107 mniej ni\u017C ${error.params.limit} element\xF3w`;
    case "minLength":
      return `nie mo\u017Ce mie\u0107 mniej ni\u017C ${error.params.limit} znak\xF3w`;
    case "minProperties":
      return `nie mo\u017Ce mie\u0107 mniej ni\u017C ${error.params.limit} w\u0142a\u015Bciwo\u015Bci`;
    case "minimum":
      return `musi by\u0107 ${error.params.comparison} ${error.params.limit}`;
    case "multipleOf":
      return `musi by\u0107 wielokrotno\u015Bci\u0105 ${error.params.multipleOf}`;
    case "not":
      return "nie mo\u017Ce by\u0107 wa\u017Cne";
    case "oneOf":
      return "musi pasowa\u0107 dok\u0142adnie do jednego schematu w oneOf";
    case "pattern":
      return `musi pasowa\u0107 do wzorca "${error.params.pattern}"`;
    case "propertyNames":
      return `nazwy w\u0142a\u015Bciwo\u015Bci ${error.params.propertyNames.join(", ")} s\u0105 nieprawid\u0142owe`;
    case "required":
      return `musi mie\u0107 wymagane w\u0142a\u015Bciwo\u015Bci ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `musi by\u0107 typu ${error.params.type}` : `musi by\u0107 typu ${error.params.type.join(" lub ")}`;
    case "unevaluatedItems":
      return "nie mo\u017Ce mie\u0107 nieewaluowanych element\xF3w";
    case "unevaluatedProperties":
      return "nie mo\u017Ce mie\u0107 nieewaluowanych w\u0142a\u015Bciwo\u015Bci";
    case "uniqueItems":
      return `nie mo\u017Ce zawiera\u0107 zduplikowanych element\xF3w`;
    case "~refine":
      return error.params.message;
    default:
      return "wyst\u0105pi\u0142 nieznany b\u0142\u0105d walidacji";
  }
}

// node_modules/typebox/build/system/locale/pt_BR.mjs
function pt_BR(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "n\xE3o deve ter propriedades adicionais";
    case "anyOf":
      return "deve corresponder a um esquema em anyOf";
    case "boolean":
      return "o esquema \xE9 falso";
    case "const":
      return "deve ser igual \xE0 constante";
    case "contains":
      return "deve conter pelo menos 1 item v\xE1lido";
    case "dependencies":
      return `deve ter as propriedades ${error.params.dependencies.join(", ")} quando a propriedade ${error.params.property} estiver presente`;
    case "dependentRequired":
      return `deve ter as propriedades ${error.params.dependencies.join(", ")} quando a propriedade ${error.params.property} estiver presente`;
    case "enum":
      return "deve ser igual a um dos valores permitidos";
    case "exclusiveMaximum":
      return `deve ser ${error.params.comparison} ${error.params.limit}`;
    case "exclusiveMinimum":
      return `deve ser ${error.params.comparison} ${error.params.limit}`;
    case "format":
      return `deve corresponder ao formato "${error.params.format}"`;
    case "if":
      return `deve corresponder ao esquema "${error.params.failingKeyword}"`;
    case "maxItems":
      return `n\xE3o deve ter mais de ${error.params.limit} itens`;
    case "maxLength":
      return `n\xE3o deve ter mais de ${error.params.limit} caracteres`;
    case "maxProperties":
      return `n\xE3o deve ter mais de ${error.params.limit} propriedades`;
    case "maximum":
      return `deve ser ${error.params.comparison} ${error.params.limit}`;
    case "minItems":
      return `n\xE3o deve ter menos de ${error.params.limit} itens`;
    case "minLength":
      return `n\xE3o deve ter menos de ${error.params.limit} caracteres`;
    case "minProperties":
      return `n\xE3o deve ter menos de ${error.params.limit} propriedades`;
    case "minimum":
      return `deve ser ${error.params.comparison} ${error.params.limit}`;
    case "multipleOf":
      return `deve ser m\xFAltiplo de ${error.params.multipleOf}`;
    case "not":
      return "n\xE3o deve ser v\xE1lido";
    case "oneOf":
      return "deve corresponder exatamente a um esquema em oneOf";
    case "pattern":
      return `deve corresponder ao padr\xE3o "${error.params.pattern}"`;
    case "propertyNames":
      return `os nomes das propriedades ${error.params.propertyNames.join(", ")} s\xE3o inv\xE1lidos`;
    case "required":
      return `deve ter as propriedades obrigat\xF3rias ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `deve ser ${error.params.type}` : `deve ser ${error.params.type.join(" ou ")}`;
    case "unevaluatedItems":
      return "n\xE3o deve ter itens n\xE3o avaliados";
    case "unevaluatedProperties":
      return "n\xE3o deve ter propriedades n\xE3o avaliadas";
    case "uniqueItems":
      return `n\xE3o deve ter itens duplicados`;
    case "~refine":
      return error.params.message;
    default:
      return "ocorreu um erro de valida\xE7\xE3o desconhecido";
  }
}

// node_modules/typebox/build/system/locale/pt_PT.mjs
function pt_PT(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "n\xE3o deve ter propriedades adicionais";
    case "anyOf":
      return "deve corresponder a um esquema em anyOf";
    case "boolean":
      return "o esquema \xE9 falso";
    case "const":
      return "deve ser igual \xE0 constante";
    case "contains":
      return "deve conter pelo menos 1 item v\xE1lido";
    case "dependencies":
      return `deve ter as propriedades ${error.params.dependencies.join(", ")} quando a propriedade ${error.params.property} estiver presente`;
    case "dependentRequired":
      return `deve ter as propriedades ${error.params.dependencies.join(", ")} quando a propriedade ${error.params.property} estiver presente`;
    case "enum":
      return "deve ser igual a um dos valores permitidos";
    case "exclusiveMaximum":
      return `deve ser ${error.params.comparison} ${error.params.limit}`;
    case "exclusiveMinimum":
      return `deve ser ${error.params.comparison} ${error.params.limit}`;
    case "format":
      return `deve corresponder ao formato "${error.params.format}"`;
    case "if":
      return `deve corresponder ao esquema "${error.params.failingKeyword}"`;
    case "maxItems":
      return `n\xE3o deve ter mais de ${error.params.limit} itens`;
    case "maxLength":
      return `n\xE3o deve ter mais de ${error.params.limit} carateres`;
    case "maxProperties":
      return `n\xE3o deve ter mais de ${error.params.limit} propriedades`;
    case "maximum":
      return `deve ser ${error.params.comparison} ${error.params.limit}`;
    case "minItems":
      return `n\xE3o deve ter menos de ${error.params.limit} itens`;
    case "minLength":
      return `n\xE3o deve ter menos de ${error.params.limit} carateres`;
    case "minProperties":
      return `n\xE3o deve ter menos de ${error.params.limit} propriedades`;
    case "minimum":
      return `deve ser ${error.params.comparison} ${error.params.limit}`;
    case "multipleOf":
      return `deve ser m\xFAltiplo de ${error.params.multipleOf}`;
    case "not":
      return "n\xE3o deve ser v\xE1lido";
    case "oneOf":
      return "deve corresponder exatamente a um esquema em oneOf";
    case "pattern":
      return `deve corresponder ao padr\xE3o "${error.params.pattern}"`;
    case "propertyNames":
      return `os nomes das propriedades ${error.params.propertyNames.join(", ")} s\xE3o inv\xE1lidos`;
    case "required":
      return `deve ter as propriedades obrigat\xF3rias ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `deve ser ${error.params.type}` : `deve ser ${error.params.type.join(" ou ")}`;
    case "unevaluatedItems":
      return "n\xE3o deve ter itens n\xE3o avaliados";
    case "unevaluatedProperties":
      return "n\xE3o deve ter propriedades n\xE3o avaliadas";
    case "uniqueItems":
      return `n\xE3o deve ter itens duplicados`;
    case "~refine":
      return error.params.message;
    default:
      return "ocorreu um erro de valida\xE7\xE3o desconhecido";
  }
}

// node_modules/typebox/build/system/locale/ro_RO.mjs
function ro_RO(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "nu trebuie s\u0103 aib\u0103 propriet\u0103\u021Bi suplimentare";
    case "anyOf":
      return "trebuie s\u0103 se potriveasc\u0103 cu o schem\u0103 din anyOf";
    case "boolean":
      return "schema este fals\u0103";
    case "const":
      return "trebuie s\u0103 fie egal cu constanta";
    case "contains":
      return "trebuie s\u0103 con\u021Bin\u0103 cel pu\u021Bin 1 element valid";
    case "dependencies":
      return `trebuie s\u0103 aib\u0103 propriet\u0103\u021Bile ${error.params.dependencies.join(", ")} c\xE2nd proprietatea ${error.params.property} este prezent\u0103`;
    case "dependentRequired":
      return `trebuie s\u0103 aib\u0103 propriet\u0103\u021Bile ${error.params.dependencies.join(", ")} c\xE2nd proprietatea ${error.params.property} este prezent\u0103`;
    case "enum":
      return "trebuie s\u0103 fie egal cu una dintre valorile permise";
    case "exclusiveMaximum":
      return `trebuie s\u0103 fie ${error.params.comparison} ${error.params.limit}`;
    case "exclusiveMinimum":
      return `trebuie s\u0103 fie ${error.params.comparison} ${error.params.limit}`;
    case "format":
      return `trebuie s\u0103 se potriveasc\u0103 formatului "${error.params.format}"`;
    case "if":
      return `trebuie s\u0103 se potriveasc\u0103 cu schema "${error.params.failingKeyword}"`;
    case "maxItems":
      return `nu trebuie s\u0103 aib\u0103 mai mult de ${error.params.limit} elemente`;
    case "maxLength":
      return `nu trebuie s\u0103 aib\u0103 mai mult de ${error.params.limit} caractere`;
    case "maxProperties":
      return `nu trebuie s\u0103 aib\u0103 mai mult de ${error.params.limit} propriet\u0103\u021Bi`;
    case "maximum":
      return `trebuie s\u0103 fie ${error.params.comparison} ${error.params.limit}`;
    case "minItems":
      return `nu trebuie s\u0103 aib\u0103 mai pu\u021Bin de ${error.params.limit} elemente`;
    case "minLength":
      return `nu trebuie s\u0103 aib\u0103 mai pu\u021Bin de ${error.params.limit} caractere`;
    case "minProperties":
      return `nu trebuie s\u0103 aib\u0103 mai pu\u021Bin de ${error.params.limit} propriet\u0103\u021Bi`;
    case "minimum":
      return `trebuie s\u0103 fie ${error.params.comparison} ${error.params.limit}`;
    case "multipleOf":
      return `trebuie s\u0103 fie multiplu de ${error.params.multipleOf}`;
    case "not":
      return "nu trebuie s\u0103 fie valid";
    case "oneOf":
      return "trebuie s\u0103 se potriveasc\u0103 exact unei scheme din oneOf";
    case "pattern":
      return `trebuie s\u0103 se potriveasc\u0103 cu modelul "${error.params.pattern}"`;
    case "propertyNames":
      return `numele propriet\u0103\u021Bilor ${error.params.propertyNames.join(", ")} sunt invalide`;
    case "required":
      return `trebuie s\u0103 aib\u0103 propriet\u0103\u021Bile obligatorii ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `trebuie s\u0103 fie ${error.params.type}` : `trebuie s\u0103 fie ${error.params.type.join(" sau ")}`;
    case "unevaluatedItems":
      return "nu trebuie s\u0103 aib\u0103 elemente neevaluate";
    case "unevaluatedProperties":
      return "nu trebuie s\u0103 aib\u0103 propriet\u0103\u021Bi neevaluate";
    case "uniqueItems":
      return `nu trebuie s\u0103 aib\u0103 elemente duplicate`;
    case "~refine":
      return error.params.message;
    default:
      return "a ap\u0103rut o eroare de validare necunoscut\u0103";
  }
}

// node_modules/typebox/build/system/locale/ru_RU.mjs
function ru_RU(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "\u043D\u0435 \u0434\u043E\u043B\u0436\u043D\u043E \u0431\u044B\u0442\u044C \u0434\u043E\u043F\u043E\u043B\u043D\u0438\u0442\u0435\u043B\u044C\u043D\u044B\u0445 \u0441\u0432\u043E\u0439\u0441\u0442\u0432";
    case "anyOf":
      return "\u0434\u043E\u043B\u0436\u0435\u043D \u0441\u043E\u043E\u0442\u0432\u0435\u0442\u0441\u0442\u0432\u043E\u0432\u0430\u0442\u044C \u043E\u0434\u043D\u043E\u0439 \u0438\u0437 \u0441\u0445\u0435\u043C \u0432 anyOf";
    case "boolean":
      return "\u0441\u0445\u0435\u043C\u0430 \u044F\u0432\u043B\u044F\u0435\u0442\u0441\u044F \u043B\u043E\u0436\u043D\u043E\u0439";
    case "const":
      return "\u0434\u043E\u043B\u0436\u043D\u043E \u0431\u044B\u0442\u044C \u0440\u0430\u0432\u043D\u043E \u043A\u043E\u043D\u0441\u0442\u0430\u043D\u0442\u0435";
    case "contains":
      return "\u0434\u043E\u043B\u0436\u0435\u043D \u0441\u043E\u0434\u0435\u0440\u0436\u0430\u0442\u044C \u0445\u043E\u0442\u044F \u0431\u044B 1 \u0434\u043E\u043F\u0443\u0441\u0442\u0438\u043C\u044B\u0439 \u044D\u043B\u0435\u043C\u0435\u043D\u0442";
    case "dependencies":
      return `\u0434\u043E\u043B\u0436\u0435\u043D \u0438\u043C\u0435\u0442\u044C \u0441\u0432\u043E\u0439\u0441\u0442\u0432\u0430 ${error.params.dependencies.join(", ")}, \u043A\u043E\u0433\u0434\u0430 \u0441\u0432\u043E\u0439\u0441\u0442\u0432\u043E ${error.params.property} \u043F\u0440\u0438\u0441\u0443\u0442\u0441\u0442\u0432\u0443\u0435\u0442`;
    case "dependentRequired":
      return `\u0434\u043E\u043B\u0436\u0435\u043D \u0438\u043C\u0435\u0442\u044C \u0441\u0432\u043E\u0439\u0441\u0442\u0432\u0430 ${error.params.dependencies.join(", ")}, \u043A\u043E\u0433\u0434\u0430 \u0441\u0432\u043E\u0439\u0441\u0442\u0432\u043E ${error.params.property} \u043F\u0440\u0438\u0441\u0443\u0442\u0441\u0442\u0432\u0443\u0435\u0442`;
    case "enum":
      return "\u0434\u043E\u043B\u0436\u043D\u043E \u0431\u044B\u0442\u044C \u0440\u0430\u0432\u043D\u043E \u043E\u0434\u043D\u043E\u043C\u0443 \u0438\u0437 \u0440\u0430\u0437\u0440\u0435\u0448\u0435\u043D\u043D\u044B\u0445 \u0437\u043D\u0430\u0447\u0435\u043D\u0438\u0439";
    case "exclusiveMaximum":
      return `\u0434\u043E\u043B\u0436\u043D\u043E \u0431\u044B\u0442\u044C ${error.params.comparison} ${error.params.limit}`;
    case "exclusiveMinimum":
      return `\u0434\u043E\u043B\u0436\u043D\u043E \u0431\u044B\u0442\u044C ${error.params.comparison} ${error.params.limit}`;
    case "format":
      return `\u0434\u043E\u043B\u0436\u0435\u043D \u0441\u043E\u043E\u0442\u0432\u0435\u0442\u0441\u0442\u0432\u043E\u0432\u0430\u0442\u044C \u0444\u043E\u0440\u043C\u0430\u0442\u0443 "${error.params.format}"`;
    case "if":
      return `\u0434\u043E\u043B\u0436\u0435\u043D \u0441\u043E\u043E\u0442\u0432\u0435\u0442\u0441\u0442\u0432\u043E\u0432\u0430\u0442\u044C \u0441\u0445\u0435\u043C\u0435 "${error.params.failingKeyword}"`;
    case "maxItems":
      return `\u043D\u0435 \u0434\u043E\u043B\u0436\u043D\u043E \u0431\u044B\u0442\u044C \u0431\u043E\u043B\u0435\u0435 ${error.params.limit} \u044D\u043B\u0435\u043C\u0435\u043D\u0442\u043E\u0432`;
    case "maxLength":
      return `\u043D\u0435 \u0434\u043E\u043B\u0436\u043D\u043E \u0431\u044B\u0442\u044C \u0431\u043E\u043B\u0435\u0435 ${error.params.limit} \u0441\u0438\u043C\u0432\u043E\u043B\u043E\u0432`;
    case "maxProperties":
      return `\u043D\u0435 \u0434\u043E\u043B\u0436\u043D\u043E \u0431\u044B\u0442\u044C \u0431\u043E\u043B\u0435\u0435 ${error.params.limit} \u0441\u0432\u043E\u0439\u0441\u0442\u0432`;
    case "maximum":
      return `\u0434\u043E\u043B\u0436\u043D\u043E \u0431\u044B\u0442\u044C ${error.params.comparison} ${error.params.limit}`;
    case "minItems":
      return `\u043D\u0435 \u0434\u043E\u043B\u0436\u043D\u043E \u0431\u044B\u0442\u044C \u043C\u0435\u043D\u0435\u0435 ${error.params.limit} \u044D\u043B\u0435\u043C\u0435\u043D\u0442\u043E\u0432`;
    case "minLength":
      return `\u043D\u0435 \u0434\u043E\u043B\u0436\u043D\u043E \u0431\u044B\u0442\u044C \u043C\u0435\u043D\u0435\u0435 ${error.params.limit} \u0441\u0438\u043C\u0432\u043E\u043B\u043E\u0432`;
    case "minProperties":
      return `\u043D\u0435 \u0434\u043E\u043B\u0436\u043D\u043E \u0431\u044B\u0442\u044C \u043C\u0435\u043D\u0435\u0435 ${error.params.limit} \u0441\u0432\u043E\u0439\u0441\u0442\u0432`;
    case "minimum":
      return `\u0434\u043E\u043B\u0436\u043D\u043E \u0431\u044B\u0442\u044C ${error.params.comparison} ${error.params.limit}`;
    case "multipleOf":
      return `\u0434\u043E\u043B\u0436\u043D\u043E \u0431\u044B\u0442\u044C \u043A\u0440\u0430\u0442\u043D\u043E ${error.params.multipleOf}`;
    case "not":
      return "\u043D\u0435 \u0434\u043E\u043B\u0436\u043D\u043E \u0431\u044B\u0442\u044C \u0434\u0435\u0439\u0441\u0442\u0432\u0438\u0442\u0435\u043B\u044C\u043D\u044B\u043C";
    case "oneOf":
      return "\u0434\u043E\u043B\u0436\u0435\u043D \u0441\u043E\u043E\u0442\u0432\u0435\u0442\u0441\u0442\u0432\u043E\u0432\u0430\u0442\u044C \u0440\u043E\u0432\u043D\u043E \u043E\u0434\u043D\u043E\u0439 \u0441\u0445\u0435\u043C\u0435 \u0432 oneOf";
    case "pattern":
      return `\u0434\u043E\u043B\u0436\u0435\u043D \u0441\u043E\u043E\u0442\u0432\u0435\u0442\u0441\u0442\u0432\u043E\u0432\u0430\u0442\u044C \u0448\u0430\u0431\u043B\u043E\u043D\u0443 "${error.params.pattern}"`;
    case "propertyNames":
      return `\u0438\u043C\u0435\u043D\u0430 \u0441\u0432\u043E\u0439\u0441\u0442\u0432 ${error.params.propertyNames.join(", ")} \u043D\u0435\u0434\u043E\u043F\u0443\u0441\u0442\u0438\u043C\u044B`;
    case "required":
      return `\u0434\u043E\u043B\u0436\u0435\u043D \u0438\u043C\u0435\u0442\u044C \u043E\u0431\u044F\u0437\u0430\u0442\u0435\u043B\u044C\u043D\u044B\u0435 \u0441\u0432\u043E\u0439\u0441\u0442\u0432\u0430 ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `\u0434\u043E\u043B\u0436\u0435\u043D \u0431\u044B\u0442\u044C ${error.params.type}` : `\u0434\u043E\u043B\u0436\u0435\u043D \u0431\u044B\u0442\u044C \u043B\u0438\u0431\u043E ${error.params.type.join(" \u0438\u043B\u0438 ")}`;
    case "unevaluatedItems":
      return "\u043D\u0435 \u0434\u043E\u043B\u0436\u043D\u043E \u0431\u044B\u0442\u044C \u043D\u0435\u0440\u0430\u0441\u0441\u043C\u043E\u0442\u0440\u0435\u043D\u043D\u044B\u0445 \u044D\u043B\u0435\u043C\u0435\u043D\u0442\u043E\u0432";
    case "unevaluatedProperties":
      return "\u043D\u0435 \u0434\u043E\u043B\u0436\u043D\u043E \u0431\u044B\u0442\u044C \u043D\u0435\u0440\u0430\u0441\u0441\u043C\u043E\u0442\u0440\u0435\u043D\u043D\u044B\u0445 \u0441\u0432\u043E\u0439\u0441\u0442\u0432";
    case "uniqueItems":
      return `\u043D\u0435 \u0434\u043E\u043B\u0436\u043D\u043E \u0431\u044B\u0442\u044C \u043F\u043E\u0432\u0442\u043E\u0440\u044F\u044E\u0449\u0438\u0445\u0441\u044F \u044D\u043B\u0435\u043C\u0435\u043D\u0442\u043E\u0432`;
    case "~refine":
      return error.params.message;
    default:
      return "\u043F\u0440\u043E\u0438\u0437\u043E\u0448\u043B\u0430 \u043D\u0435\u0438\u0437\u0432\u0435\u0441\u0442\u043D\u0430\u044F \u043E\u0448\u0438\u0431\u043A\u0430 \u0432\u0430\u043B\u0438\u0434\u0430\u0446\u0438\u0438";
  }
}

// node_modules/typebox/build/system/locale/sv_SE.mjs
function sv_SE(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "f\xE5r inte ha ytterligare egenskaper";
    case "anyOf":
      return "m\xE5ste matcha ett schema i anyOf";
    case "boolean":
      return "schemat \xE4r falskt";
    case "const":
      return "m\xE5ste vara lika med konstanten";
    case "contains":
      return "m\xE5ste inneh\xE5lla minst 1 giltigt objekt";
    case "dependencies":
      return `m\xE5ste ha egenskaperna ${error.params.dependencies.join(", ")} n\xE4r egenskapen ${error.params.property} finns`;
    case "dependentRequired":
      return `m\xE5ste ha egenskaperna ${error.params.dependencies.join(", ")} n\xE4r egenskapen ${error.params.property} finns`;
    case "enum":
      return "m\xE5ste vara lika med ett av de till\xE5tna v\xE4rdena";
    case "exclusiveMaximum":
      return `m\xE5ste vara ${error.params.comparison} ${error.params.limit}`;
    case "exclusiveMinimum":
      return `m\xE5ste vara ${error.params.comparison} ${error.params.limit}`;
    case "format":
      return `m\xE5ste matcha formatet "${error.params.format}"`;
    case "if":
      return `m\xE5ste matcha "${error.params.failingKeyword}" schema`;
    case "maxItems":
      return `f\xE5r inte ha fler \xE4n ${error.params.limit} objekt`;
    case "maxLength":
      return `f\xE5r inte ha fler \xE4n ${error.params.limit} tecken`;
    case "maxProperties":
      return `f\xE5r inte ha fler \xE4n ${error.params.limit} egenskaper`;
    case "maximum":
      return `m\xE5ste vara ${error.params.comparison} ${error.params.limit}`;
    case "minItems":
      return `f\xE5r inte ha f\xE4rre \xE4n ${error.params.limit} objekt`;
    case "minLength":
      return `f\xE5r inte ha f\xE4rre \xE4n ${error.params.limit} tecken`;
    case "minProperties":
      return `f\xE5r inte ha f\xE4rre \xE4n ${error.params.limit} egenskaper`;
    case "minimum":
      return `m\xE5ste vara ${error.params.comparison} ${error.params.limit}`;
    case "multipleOf":
      return `m\xE5ste vara en multipel av ${error.params.multipleOf}`;
    case "not":
      return "f\xE5r inte vara giltigt";
    case "oneOf":
      return "m\xE5ste matcha exakt ett schema i oneOf";
    case "pattern":
      return `m\xE5ste matcha m\xF6nstret "${error.params.pattern}"`;
    case "propertyNames":
      return `egenskapernas namn ${error.params.propertyNames.join(", ")} \xE4r ogiltiga`;
    case "required":
      return `m\xE5ste ha obligatoriska egenskaper ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `m\xE5ste vara ${error.params.type}` : `m\xE5ste vara antingen ${error.params.type.join(" eller ")}`;
    case "unevaluatedItems":
      return "f\xE5r inte ha oidentifierade objekt";
    case "unevaluatedProperties":
      return "f\xE5r inte ha oidentifierade egenskaper";
    case "uniqueItems":
      return `f\xE5r inte ha dubbletter`;
    case "~refine":
      return error.params.message;
    default:
      return "ett ok\xE4nt valideringsfel uppstod";
  }
}

// node_modules/typebox/build/system/locale/sw_TZ.mjs
function sw_TZ(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "haipaswi kuwa na sifa za ziada";
    case "anyOf":
      return "lazima ilingane na schema katika anyOf";
    case "boolean":
      return "schema si sahihi";
    case "const":
      return "lazima iwe sawa na nambari isiyobadilika";
    case "contains":
      return "lazima iwe na angalau kipengee 1 halali";
    case "dependencies":
      return `lazima iwe na sifa ${error.params.dependencies.join(", ")} wakati sifa ${error.params.property} ipo`;
    case "dependentRequired":
      return `lazima iwe na sifa ${error.params.dependencies.join(", ")} wakati sifa ${error.params.property} ipo`;
    case "enum":
      return "lazima iwe sawa na mojawapo ya thamani zinazoruhusiwa";
    case "exclusiveMaximum":
      return `lazima iwe ${error.params.comparison} ${error.params.limit}`;
    case "exclusiveMinimum":
      return `lazima iwe ${error.params.comparison} ${error.params.limit}`;
    case "format":
      return `lazima ilingane na muundo "${error.params.format}"`;
    case "if":
      return `lazima ilingane na schema ya "${error.params.failingKeyword}"`;
    case "maxItems":
      return `haipaswi kuwa na vitu zaidi ya ${error.params.limit}`;
    case "maxLength":
      return `haipaswi kuwa na herufi zaidi ya ${error.params.limit}`;
    case "maxProperties":
      return `haipaswi kuwa na sifa zaidi ya ${error.params.limit}`;
    case "maximum":
      return `lazima iwe ${error.params.comparison} ${error.params.limit}`;
    case "minItems":
      return `haipaswi kuwa na vitu pungufu ya ${error.params.limit}`;
    case "minLength":
      return `haipaswi kuwa na herufi pungufu ya ${error.params.limit}`;
    case "minProperties":
      return `haipaswi kuwa na sifa pungufu ya ${error.params.limit}`;
    case "minimum":
      return `lazima iwe ${error.params.comparison} ${error.params.limit}`;
    case "multipleOf":
      return `lazima iwe zao la ${error.params.multipleOf}`;
    case "not":
      return "haipaswi kuwa halali";
    case "oneOf":
      return "lazima ilingane na schema moja tu katika oneOf";
    case "pattern":
      return `lazima ilingane na muundo "${error.params.pattern}"`;
    case "propertyNames":
      return `majina ya sifa ${error.params.propertyNames.join(", ")} si halali`;
    case "required":
      return `lazima iwe na sifa zinazohitajika ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `lazima iwe ${error.params.type}` : `lazima iwe ${error.params.type.join(" au ")}`;
    case "unevaluatedItems":
      return "haipaswi kuwa na vitu visivyotathminiwa";
    case "unevaluatedProperties":
      return "haipaswi kuwa na sifa zisizotathminiwa";
    case "uniqueItems":
      return `haipaswi kuwa na vitu vilivyofanana`;
    case "~refine":
      return error.params.message;
    default:
      return "hitilafu isiyojulikana ya uthibitishaji imetokea";
  }
}

// node_modules/typebox/build/system/locale/th_TH.mjs
function th_TH(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "\u0E15\u0E49\u0E2D\u0E07\u0E44\u0E21\u0E48\u0E21\u0E35\u0E04\u0E38\u0E13\u0E2A\u0E21\u0E1A\u0E31\u0E15\u0E34\u0E40\u0E1E\u0E34\u0E48\u0E21\u0E40\u0E15\u0E34\u0E21";
    case "anyOf":
      return "\u0E15\u0E49\u0E2D\u0E07\u0E15\u0E23\u0E07\u0E01\u0E31\u0E1A Schema \u0E43\u0E19 anyOf";
    case "boolean":
      return "Schema \u0E40\u0E1B\u0E47\u0E19\u0E40\u0E17\u0E47\u0E08";
    case "const":
      return "\u0E15\u0E49\u0E2D\u0E07\u0E40\u0E17\u0E48\u0E32\u0E01\u0E31\u0E1A\u0E04\u0E48\u0E32\u0E04\u0E07\u0E17\u0E35\u0E48";
    case "contains":
      return "\u0E15\u0E49\u0E2D\u0E07\u0E21\u0E35\u0E2D\u0E22\u0E48\u0E32\u0E07\u0E19\u0E49\u0E2D\u0E22 1 \u0E23\u0E32\u0E22\u0E01\u0E32\u0E23\u0E17\u0E35\u0E48\u0E16\u0E39\u0E01\u0E15\u0E49\u0E2D\u0E07";
    case "dependencies":
      return `\u0E15\u0E49\u0E2D\u0E07\u0E21\u0E35\u0E04\u0E38\u0E13\u0E2A\u0E21\u0E1A\u0E31\u0E15\u0E34 ${error.params.dependencies.join(", ")} \u0E40\u0E21\u0E37\u0E48\u0E2D\u0E21\u0E35\u0E04\u0E38\u0E13\u0E2A\u0E21\u0E1A\u0E31\u0E15\u0E34 ${error.params.property} \u0E2D\u0E22\u0E39\u0E48`;
    case "dependentRequired":
      return `\u0E15\u0E49\u0E2D\u0E07\u0E21\u0E35\u0E04\u0E38\u0E13\u0E2A\u0E21\u0E1A\u0E31\u0E15\u0E34 ${error.params.dependencies.join(", ")} \u0E40\u0E21\u0E37\u0E48\u0E2D\u0E21\u0E35\u0E04\u0E38\u0E13\u0E2A\u0E21\u0E1A\u0E31\u0E15\u0E34 ${error.params.property} \u0E2D\u0E22\u0E39\u0E48`;
    case "enum":
      return "\u0E15\u0E49\u0E2D\u0E07\u0E40\u0E17\u0E48\u0E32\u0E01\u0E31\u0E1A\u0E2B\u0E19\u0E36\u0E48\u0E07\u0E43\u0E19\u0E04\u0E48\u0E32\u0E17\u0E35\u0E48\u0E2D\u0E19\u0E38\u0E0D\u0E32\u0E15";
    case "exclusiveMaximum":
      return `\u0E15\u0E49\u0E2D\u0E07\u0E40\u0E1B\u0E47\u0E19 ${error.params.comparison} ${error.params.limit}`;
    case "exclusiveMinimum":
      return `\u0E15\u0E49\u0E2D\u0E07\u0E40\u0E1B\u0E47\u0E19 ${error.params.comparison} ${error.params.limit}`;
    case "format":
      return `\u0E15\u0E49\u0E2D\u0E07\u0E15\u0E23\u0E07\u0E01\u0E31\u0E1A\u0E23\u0E39\u0E1B\u0E41\u0E1A\u0E1A "${error.params.format}"`;
    case "if":
      return `\u0E15\u0E49\u0E2D\u0E07\u0E15\u0E23\u0E07\u0E01\u0E31\u0E1A Schema "${error.params.failingKeyword}"`;
    case "maxItems":
      return `\u0E15\u0E49\u0E2D\u0E07\u0E44\u0E21\u0E48\u0E21\u0E35\u0E21\u0E32\u0E01\u0E01\u0E27\u0E48\u0E32 ${error.params.limit} \u0E23\u0E32\u0E22\u0E01\u0E32\u0E23`;
    case "maxLength":
      return `\u0E15\u0E49\u0E2D\u0E07\u0E44\u0E21\u0E48\u0E21\u0E35\u0E21\u0E32\u0E01\u0E01\u0E27\u0E48\u0E32 ${error.params.limit} \u0E15\u0E31\u0E27\u0E2D\u0E31\u0E01\u0E29\u0E23`;
    case "maxProperties":
      return `\u0E15\u0E49\u0E2D\u0E07\u0E44\u0E21\u0E48\u0E21\u0E35\u0E21\u0E32\u0E01\u0E01\u0E27\u0E48\u0E32 ${error.params.limit} \u0E04\u0E38\u0E13\u0E2A\u0E21\u0E1A\u0E31\u0E15\u0E34`;
    case "maximum":
      return `\u0E15\u0E49\u0E2D\u0E07\u0E40\u0E1B\u0E47\u0E19 ${error.params.comparison} ${error.params.limit}`;
    case "minItems":
      return `\u0E15\u0E49\u0E2D\u0E07\u0E44\u0E21\u0E48\u0E21\u0E35\u0E19\u0E49\u0E2D\u0E22\u0E01\u0E27\u0E48\u0E32 ${error.params.limit} \u0E23\u0E32\u0E22\u0E01\u0E32\u0E23`;
    case "minLength":
      return `\u0E15\u0E49\u0E2D\u0E07\u0E44\u0E21\u0E48\u0E21\u0E35\u0E19\u0E49\u0E2D\u0E22\u0E01\u0E27\u0E48\u0E32 ${error.params.limit} \u0E15\u0E31\u0E27\u0E2D\u0E31\u0E01\u0E29\u0E23`;
    case "minProperties":
      return `\u0E15\u0E49\u0E2D\u0E07\u0E44\u0E21\u0E48\u0E21\u0E35\u0E19\u0E49\u0E2D\u0E22\u0E01\u0E27\u0E48\u0E32 ${error.params.limit} \u0E04\u0E38\u0E13\u0E2A\u0E21\u0E1A\u0E31\u0E15\u0E34`;
    case "minimum":
      return `\u0E15\u0E49\u0E2D\u0E07\u0E40\u0E1B\u0E47\u0E19 ${error.params.comparison} ${error.params.limit}`;
    case "multipleOf":
      return `\u0E15\u0E49\u0E2D\u0E07\u0E40\u0E1B\u0E47\u0E19\u0E1E\u0E2B\u0E38\u0E04\u0E39\u0E13\u0E02\u0E2D\u0E07 ${error.params.multipleOf}`;
    case "not":
      return "\u0E15\u0E49\u0E2D\u0E07\u0E44\u0E21\u0E48\u0E16\u0E39\u0E01\u0E15\u0E49\u0E2D\u0E07";
    case "oneOf":
      return "\u0E15\u0E49\u0E2D\u0E07\u0E15\u0E23\u0E07\u0E01\u0E31\u0E1A Schema \u0E40\u0E1E\u0E35\u0E22\u0E07\u0E2B\u0E19\u0E36\u0E48\u0E07\u0E40\u0E14\u0E35\u0E22\u0E27\u0E43\u0E19 oneOf";
    case "pattern":
      return `\u0E15\u0E49\u0E2D\u0E07\u0E15\u0E23\u0E07\u0E01\u0E31\u0E1A\u0E23\u0E39\u0E1B\u0E41\u0E1A\u0E1A "${error.params.pattern}"`;
    case "propertyNames":
      return `\u0E0A\u0E37\u0E48\u0E2D\u0E04\u0E38\u0E13\u0E2A\u0E21\u0E1A\u0E31\u0E15\u0E34 ${error.params.propertyNames.join(", ")} \u0E44\u0E21\u0E48\u0E16\u0E39\u0E01\u0E15\u0E49\u0E2D\u0E07`;
    case "required":
      return `\u0E15\u0E49\u0E2D\u0E07\u0E21\u0E35\u0E04\u0E38\u0E13\u0E2A\u0E21\u0E1A\u0E31\u0E15\u0E34\u0E17\u0E35\u0E48\u0E08\u0E33\u0E40\u0E1B\u0E47\u0E19 ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `\u0E15\u0E49\u0E2D\u0E07\u0E40\u0E1B\u0E47\u0E19 ${error.params.type}` : `\u0E15\u0E49\u0E2D\u0E07\u0E40\u0E1B\u0E47\u0E19\u0E2D\u0E22\u0E48\u0E32\u0E07\u0E43\u0E14\u0E2D\u0E22\u0E48\u0E32\u0E07\u0E2B\u0E19\u0E36\u0E48\u0E07 ${error.params.type.join(" \u0E2B\u0E23\u0E37\u0E2D ")}`;
    case "unevaluatedItems":
      return "\u0E15\u0E49\u0E2D\u0E07\u0E44\u0E21\u0E48\u0E21\u0E35\u0E23\u0E32\u0E22\u0E01\u0E32\u0E23\u0E17\u0E35\u0E48\u0E22\u0E31\u0E07\u0E44\u0E21\u0E48\u0E44\u0E14\u0E49\u0E1B\u0E23\u0E30\u0E40\u0E21\u0E34\u0E19";
    case "unevaluatedProperties":
      return "\u0E15\u0E49\u0E2D\u0E07\u0E44\u0E21\u0E48\u0E21\u0E35\u0E04\u0E38\u0E13\u0E2A\u0E21\u0E1A\u0E31\u0E15\u0E34\u0E17\u0E35\u0E48\u0E22\u0E31\u0E07\u0E44\u0E21\u0E48\u0E44\u0E14\u0E49\u0E1B\u0E23\u0E30\u0E40\u0E21\u0E34\u0E19";
    case "uniqueItems":
      return `\u0E15\u0E49\u0E2D\u0E07\u0E44\u0E21\u0E48\u0E21\u0E35\u0E23\u0E32\u0E22\u0E01\u0E32\u0E23\u0E17\u0E35\u0E48\u0E0B\u0E49\u0E33\u0E01\u0E31\u0E19`;
    case "~refine":
      return error.params.message;
    default:
      return "\u0E40\u0E01\u0E34\u0E14\u0E02\u0E49\u0E2D\u0E1C\u0E34\u0E14\u0E1E\u0E25\u0E32\u0E14\u0E43\u0E19\u0E01\u0E32\u0E23\u0E15\u0E23\u0E27\u0E08\u0E2A\u0E2D\u0E1A\u0E17\u0E35\u0E48\u0E44\u0E21\u0E48\u0E23\u0E39\u0E49\u0E08\u0E31\u0E01";
  }
}

// node_modules/typebox/build/system/locale/tr_TR.mjs
function tr_TR(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "ek \xF6zelliklere sahip olmamal\u0131d\u0131r";
    case "anyOf":
      return "anyOf i\xE7indeki bir \u015Femayla e\u015Fle\u015Fmelidir";
    case "boolean":
      return "\u015Fema yanl\u0131\u015F";
    case "const":
      return "sabit de\u011Fere e\u015Fit olmal\u0131d\u0131r";
    case "contains":
      return "en az 1 ge\xE7erli \xF6\u011Fe i\xE7ermelidir";
    case "dependencies":
      return `${error.params.property} \xF6zelli\u011Fi mevcutken ${error.params.dependencies.join(", ")} \xF6zelliklerine sahip olmal\u0131d\u0131r`;
    case "dependentRequired":
      return `${error.params.property} \xF6zelli\u011Fi mevcutken ${error.params.dependencies.join(", ")} \xF6zelliklerine sahip olmal\u0131d\u0131r`;
    case "enum":
      return "izin verilen de\u011Ferlerden birine e\u015Fit olmal\u0131d\u0131r";
    case "exclusiveMaximum":
      return `${error.params.comparison} ${error.params.limit} olmal\u0131d\u0131r`;
    case "exclusiveMinimum":
      return `${error.params.comparison} ${error.params.limit} olmal\u0131d\u0131r`;
    case "format":
      return `"${error.params.format}" format\u0131yla e\u015Fle\u015Fmelidir`;
    case "if":
      return `"${error.params.failingKeyword}" \u015Femas\u0131yla e\u015Fle\u015Fmelidir`;
    case "maxItems":
      return `${error.params.limit} \xF6\u011Feden fazla olmamal\u0131d\u0131r`;
    case "maxLength":
      return `${error.params.limit} karakterden fazla olmamal\u0131d\u0131r`;
    case "maxProperties":
      return `${error.params.limit} \xF6zellikten fazla olmamal\u0131d\u0131r`;
    case "maximum":
      return `${error.params.comparison} ${error.params.limit} olmal\u0131d\u0131r`;
    case "minItems":
      return `${error.params.limit} \xF6\u011Feden az olmamal\u0131d\u0131r`;
    case "minLength":
      return `${error.params.limit} karakterden az olmamal\u0131d\u0131r`;
    case "minProperties":
      return `${error.params.limit} \xF6zellikten az olmamal\u0131d\u0131r`;
    case "minimum":
      return `${error.params.comparison} ${error.params.limit} olmal\u0131d\u0131r`;
    case "multipleOf":
      return `${error.params.multipleOf} say\u0131s\u0131n\u0131n kat\u0131 olmal\u0131d\u0131r`;
    case "not":
      return "ge\xE7erli olmamal\u0131d\u0131r";
    case "oneOf":
      return "oneOf i\xE7indeki tam olarak bir \u015Femayla e\u015Fle\u015Fmelidir";
    case "pattern":
      return `"${error.params.pattern}" deseniyle e\u015Fle\u015Fmelidir`;
    case "propertyNames":
      return `\xF6zellik adlar\u0131 ${error.params.propertyNames.join(", ")} ge\xE7ersiz`;
    case "required":
      return `gerekli \xF6zelliklere sahip olmal\u0131d\u0131r: ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `${error.params.type} t\xFCr\xFCnde olmal\u0131d\u0131r` : `${error.params.type.join(" veya ")} t\xFCrlerinden biri olmal\u0131d\u0131r`;
    case "unevaluatedItems":
      return "de\u011Ferlendirilmemi\u015F \xF6\u011Felere sahip olmamal\u0131d\u0131r";
    case "unevaluatedProperties":
      return "de\u011Ferlendirilmemi\u015F \xF6zelliklere sahip olmamal\u0131d\u0131r";
    case "uniqueItems":
      return `yinelenen \xF6\u011Felere sahip olmamal\u0131d\u0131r`;
    case "~refine":
      return error.params.message;
    default:
      return "bilinmeyen bir do\u011Frulama hatas\u0131 olu\u015Ftu";
  }
}

// node_modules/typebox/build/system/locale/uk_UA.mjs
function uk_UA(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "\u043D\u0435 \u043F\u043E\u0432\u0438\u043D\u043D\u043E \u043C\u0430\u0442\u0438 \u0434\u043E\u0434\u0430\u0442\u043A\u043E\u0432\u0438\u0445 \u0432\u043B\u0430\u0441\u0442\u0438\u0432\u043E\u0441\u0442\u0435\u0439";
    case "anyOf":
      return "\u043C\u0430\u0454 \u0432\u0456\u0434\u043F\u043E\u0432\u0456\u0434\u0430\u0442\u0438 \u043E\u0434\u043D\u0456\u0439 \u0437\u0456 \u0441\u0445\u0435\u043C \u0443 anyOf";
    case "boolean":
      return "\u0441\u0445\u0435\u043C\u0430 \u0445\u0438\u0431\u043D\u0430";
    case "const":
      return "\u043C\u0430\u0454 \u0434\u043E\u0440\u0456\u0432\u043D\u044E\u0432\u0430\u0442\u0438 \u043A\u043E\u043D\u0441\u0442\u0430\u043D\u0442\u0456";
    case "contains":
      return "\u043C\u0430\u0454 \u043C\u0456\u0441\u0442\u0438\u0442\u0438 \u0449\u043E\u043D\u0430\u0439\u043C\u0435\u043D\u0448\u0435 1 \u0434\u0456\u0439\u0441\u043D\u0438\u0439 \u0435\u043B\u0435\u043C\u0435\u043D\u0442";
    case "dependencies":
      return `\u043F\u043E\u0432\u0438\u043D\u043D\u043E \u043C\u0430\u0442\u0438 \u0432\u043B\u0430\u0441\u0442\u0438\u0432\u043E\u0441\u0442\u0456 ${error.params.dependencies.join(", ")}, \u044F\u043A\u0449\u043E \u0432\u043B\u0430\u0441\u0442\u0438\u0432\u0456\u0441\u0442\u044C ${error.params.property} \u043F\u0440\u0438\u0441\u0443\u0442\u043D\u044F`;
    case "dependentRequired":
      return `\u043F\u043E\u0432\u0438\u043D\u043D\u043E \u043C\u0430\u0442\u0438 \u0432\u043B\u0430\u0441\u0442\u0438\u0432\u043E\u0441\u0442\u0456 ${error.params.dependencies.join(", ")}, \u044F\u043A\u0449\u043E \u0432\u043B\u0430\u0441\u0442\u0438\u0432\u0456\u0441\u0442\u044C ${error.params.property} \u043F\u0440\u0438\u0441\u0443\u0442\u043D\u044F`;
    case "enum":
      return "\u043C\u0430\u0454 \u0434\u043E\u0440\u0456\u0432\u043D\u044E\u0432\u0430\u0442\u0438 \u043E\u0434\u043D\u043E\u043C\u0443 \u0437 \u0434\u043E\u0437\u0432\u043E\u043B\u0435\u043D\u0438\u0445 \u0437\u043D\u0430\u0447\u0435\u043D\u044C";
    case "exclusiveMaximum":
      return `\u043C\u0430\u0454 \u0431\u0443\u0442\u0438 ${error.params.comparison} ${error.params.limit}`;
    case "exclusiveMinimum":
      return `\u043C\u0430\u0454 \u0431\u0443\u0442\u0438 ${error.params.comparison} ${error.params.limit}`;
    case "format":
      return `\u043C\u0430\u0454 \u0432\u0456\u0434\u043F\u043E\u0432\u0456\u0434\u0430\u0442\u0438 \u0444\u043E\u0440\u043C\u0430\u0442\u0443 "${error.params.format}"`;
    case "if":
      return `\u043C\u0430\u0454 \u0432\u0456\u0434\u043F\u043E\u0432\u0456\u0434\u0430\u0442\u0438 \u0441\u0445\u0435\u043C\u0456 "${error.params.failingKeyword}"`;
    case "maxItems":
      return `\u043D\u0435 \u043F\u043E\u0432\u0438\u043D\u043D\u043E \u043C\u0430\u0442\u0438 \u0431\u0456\u043B\u044C\u0448\u0435 \u043D\u0456\u0436 ${error.params.limit} \u0435\u043B\u0435\u043C\u0435\u043D\u0442\u0456\u0432`;
    case "maxLength":
      return `\u043D\u0435 \u043F\u043E\u0432\u0438\u043D\u043D\u043E \u043C\u0430\u0442\u0438 \u0431\u0456\u043B\u044C\u0448\u0435 \u043D\u0456\u0436 ${error.params.limit} \u0441\u0438\u043C\u0432\u043E\u043B\u0456\u0432`;
    case "maxProperties":
      return `\u043D\u0435 \u043F\u043E\u0432\u0438\u043D\u043D\u043E \u043C\u0430\u0442\u0438 \u0431\u0456\u043B\u044C\u0448\u0435 \u043D\u0456\u0436 ${error.params.limit} \u0432\u043B\u0430\u0441\u0442\u0438\u0432\u043E\u0441\u0442\u0435\u0439`;
    case "maximum":
      return `\u043C\u0430\u0454 \u0431\u0443\u0442\u0438 ${error.params.comparison} ${error.params.limit}`;
    case "minItems":
      return `\u043D\u0435 \u043F\u043E\u0432\u0438\u043D\u043D\u043E \u043C\u0430\u0442\u0438 \u043C\u0435\u043D\u0448\u0435 \u043D\u0456\u0436 ${error.params.limit} \u0435\u043B\u0435\u043C\u0435\u043D\u0442\u0456\u0432`;
    case "minLength":
      return `\u043D\u0435 \u043F\u043E\u0432\u0438\u043D\u043D\u043E \u043C\u0430\u0442\u0438 \u043C\u0435\u043D\u0448\u0435 \u043D\u0456\u0436 ${error.params.limit} \u0441\u0438\u043C\u0432\u043E\u043B\u0456\u0432`;
    case "minProperties":
      return `\u043D\u0435 \u043F\u043E\u0432\u0438\u043D\u043D\u043E \u043C\u0430\u0442\u0438 \u043C\u0435\u043D\u0448\u0435 \u043D\u0456\u0436 ${error.params.limit} \u0432\u043B\u0430\u0441\u0442\u0438\u0432\u043E\u0441\u0442\u0435\u0439`;
    case "minimum":
      return `\u043C\u0430\u0454 \u0431\u0443\u0442\u0438 ${error.params.comparison} ${error.params.limit}`;
    case "multipleOf":
      return `\u043C\u0430\u0454 \u0431\u0443\u0442\u0438 \u043A\u0440\u0430\u0442\u043D\u0438\u043C ${error.params.multipleOf}`;
    case "not":
      return "\u043D\u0435 \u043F\u043E\u0432\u0438\u043D\u043D\u043E \u0431\u0443\u0442\u0438 \u0434\u0456\u0439\u0441\u043D\u0438\u043C";
    case "oneOf":
      return "\u043C\u0430\u0454 \u0432\u0456\u0434\u043F\u043E\u0432\u0456\u0434\u0430\u0442\u0438 \u0440\u0456\u0432\u043D\u043E \u043E\u0434\u043D\u0456\u0439 \u0441\u0445\u0435\u043C\u0456 \u0432 oneOf";
    case "pattern":
      return `\u043C\u0430\u0454 \u0432\u0456\u0434\u043F\u043E\u0432\u0456\u0434\u0430\u0442\u0438 \u0448\u0430\u0431\u043B\u043E\u043D\u0443 "${error.params.pattern}"`;
    case "propertyNames":
      return `\u0456\u043C\u0435\u043D\u0430 \u0432\u043B\u0430\u0441\u0442\u0438\u0432\u043E\u0441\u0442\u0435\u0439 ${error.params.propertyNames.join(", ")} \u0454 \u043D\u0435\u0434\u0456\u0439\u0441\u043D\u0438\u043C\u0438`;
    case "required":
      return `\u043C\u0430\u0454 \u043C\u0456\u0441\u0442\u0438\u0442\u0438 \u043E\u0431\u043E\u0432'\u044F\u0437\u043A\u043E\u0432\u0456 \u0432\u043B\u0430\u0441\u0442\u0438\u0432\u043E\u0441\u0442\u0456 ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `\u043C\u0430\u0454 \u0431\u0443\u0442\u0438 ${error.params.type}` : `\u043C\u0430\u0454 \u0431\u0443\u0442\u0438 ${error.params.type.join(" \u0430\u0431\u043E ")}`;
    case "unevaluatedItems":
      return "\u043D\u0435 \u043F\u043E\u0432\u0438\u043D\u043D\u043E \u043C\u0430\u0442\u0438 \u043D\u0435\u043F\u0435\u0440\u0435\u0432\u0456\u0440\u0435\u043D\u0438\u0445 \u0435\u043B\u0435\u043C\u0435\u043D\u0442\u0456\u0432";
    case "unevaluatedProperties":
      return "\u043D\u0435 \u043F\u043E\u0432\u0438\u043D\u043D\u043E \u043C\u0430\u0442\u0438 \u043D\u0435\u043F\u0435\u0440\u0435\u0432\u0456\u0440\u0435\u043D\u0438\u0445 \u0432\u043B\u0430\u0441\u0442\u0438\u0432\u043E\u0441\u0442\u0435\u0439";
    case "uniqueItems":
      return `\u043D\u0435 \u043F\u043E\u0432\u0438\u043D\u043D\u043E \u043C\u0430\u0442\u0438 \u043F\u043E\u0432\u0442\u043E\u0440\u044E\u0432\u0430\u043D\u0438\u0445 \u0435\u043B\u0435\u043C\u0435\u043D\u0442\u0456\u0432`;
    case "~refine":
      return error.params.message;
    default:
      return "\u0432\u0438\u043D\u0438\u043A\u043B\u0430 \u043D\u0435\u0432\u0456\u0434\u043E\u043C\u0430 \u043F\u043E\u043C\u0438\u043B\u043A\u0430 \u0432\u0430\u043B\u0456\u0434\u0430\u0446\u0456\u0457";
  }
}

// node_modules/typebox/build/system/locale/ur_PK.mjs
function ur_PK(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "\u0627\u0636\u0627\u0641\u06CC \u062E\u0635\u0648\u0635\u06CC\u0627\u062A \u0646\u06C1\u06CC\u06BA \u06C1\u0648\u0646\u06CC \u0686\u0627\u06C1\u06CC\u06D2";
    case "anyOf":
      return "anyOf \u0645\u06CC\u06BA \u06A9\u0633\u06CC \u0627\u0633\u06A9\u06CC\u0645 \u0633\u06D2 \u0645\u0645\u0627\u062B\u0644 \u06C1\u0648\u0646\u0627 \u0686\u0627\u06C1\u06CC\u06D2";
    case "boolean":
      return "\u0627\u0633\u06A9\u06CC\u0645\u0627 \u063A\u0644\u0637 \u06C1\u06D2";
    case "const":
      return "\u0645\u0633\u062A\u0642\u0644 \u06A9\u06D2 \u0628\u0631\u0627\u0628\u0631 \u06C1\u0648\u0646\u0627 \u0686\u0627\u06C1\u06CC\u06D2";
    case "contains":
      return "\u06A9\u0645 \u0627\u0632 \u06A9\u0645 1 \u062F\u0631\u0633\u062A \u0622\u0626\u0679\u0645 \u06C1\u0648\u0646\u0627 \u0686\u0627\u06C1\u06CC\u06D2";
    case "dependencies":
      return `\u0627\u06AF\u0631 \u062E\u0635\u0648\u0635\u06CC\u062A ${error.params.property} \u0645\u0648\u062C\u0648\u062F \u06C1\u0648 \u062A\u0648 \u062E\u0635\u0648\u0635\u06CC\u0627\u062A ${error.params.dependencies.join(", ")} \u06C1\u0648\u0646\u06CC \u0686\u0627\u06C1\u06CC\u06D2`;
    case "dependentRequired":
      return `\u0627\u06AF\u0631 \u062E\u0635\u0648\u0635\u06CC\u062A ${error.params.property} \u0645\u0648\u062C\u0648\u062F \u06C1\u0648 \u062A\u0648 \u062E\u0635\u0648\u0635\u06CC\u0627\u062A ${error.params.dependencies.join(", ")} \u06C1\u0648\u0646\u06CC \u0686\u0627\u06C1\u06CC\u06D2`;
    case "enum":
      return "\u0627\u062C\u0627\u0632\u062A \u06CC\u0627\u0641\u062A\u06C1 \u0627\u0642\u062F\u0627\u0631 \u0645\u06CC\u06BA \u0633\u06D2 \u06A9\u0633\u06CC \u0627\u06CC\u06A9 \u06A9\u06D2 \u0628\u0631\u0627\u0628\u0631 \u06C1\u0648\u0646\u0627 \u0686\u0627\u06C1\u06CC\u06D2";
    case "exclusiveMaximum":
      return `\u0636\u0631\u0648\u0631\u06CC \u06C1\u06D2 \u06A9\u06C1 ${error.params.comparison} ${error.params.limit} \u06C1\u0648`;
    case "exclusiveMinimum":
      return `\u0636\u0631\u0648\u0631\u06CC \u06C1\u06D2 \u06A9\u06C1 ${error.params.comparison} ${error.params.limit} \u06C1\u0648`;
    case "format":
      return `\u0641\u0627\u0631\u0645\u06CC\u0679 "${error.params.format}" \u0633\u06D2 \u0645\u0645\u0627\u062B\u0644 \u06C1\u0648\u0646\u0627 \u0686\u0627\u06C1\u06CC\u06D2`;
    case "if":
      return `"${error.params.failingKeyword}" \u0627\u0633\u06A9\u06CC\u0645\u0627 \u0633\u06D2 \u0645\u0645\u0627\u062B\u0644 \u06C1\u0648\u0646\u0627 \u0686\u0627\u06C1\u06CC\u06D2`;
    case "maxItems":
      return `${error.params.limit} \u0633\u06D2 \u0632\u06CC\u0627\u062F\u06C1 \u0622\u0626\u0679\u0645\u0632 \u0646\u06C1\u06CC\u06BA \u06C1\u0648\u0646\u06D2 \u0686\u0627\u06C1\u0626\u06CC\u06BA`;
    case "maxLength":
      return `${error.params.limit} \u0633\u06D2 \u0632\u06CC\u0627\u062F\u06C1 \u062D\u0631\u0648\u0641 \u0646\u06C1\u06CC\u06BA \u06C1\u0648\u0646\u06D2 \u0686\u0627\u06C1\u0626\u06CC\u06BA`;
    case "maxProperties":
      return `${error.params.limit} \u0633\u06D2 \u0632\u06CC\u0627\u062F\u06C1 \u062E\u0635\u0648\u0635\u06CC\u0627\u062A \u0646\u06C1\u06CC\u06BA \u06C1\u0648\u0646\u06CC \u0686\u0627\u06C1\u0626\u06CC\u06BA`;
    case "maximum":
      return `\u0636\u0631\u0648\u0631\u06CC \u06C1\u06D2 \u06A9\u06C1 ${error.params.comparison} ${error.params.limit} \u06C1\u0648`;
    case "minItems":
      return `${error.params.limit} \u0633\u06D2 \u06A9\u0645 \u0622\u0626\u0679\u0645\u0632 \u0646\u06C1\u06CC\u06BA \u06C1\u0648\u0646\u06D2 \u0686\u0627\u06C1\u0626\u06CC\u06BA`;
    case "minLength":
      return `${error.params.limit} \u0633\u06D2 \u06A9\u0645 \u062D\u0631\u0648\u0641 \u0646\u06C1\u06CC\u06BA \u06C1\u0648\u0646\u06D2 \u0686\u0627\u06C1\u0626\u06CC\u06BA`;
    case "minProperties":
      return `${error.params.limit} \u0633\u06D2 \u06A9\u0645 \u062E\u0635\u0648\u0635\u06CC\u0627\u062A \u0646\u06C1\u06CC\u06BA \u06C1\u0648\u0646\u06CC \u0686\u0627\u06C1\u0626\u06CC\u06BA`;
    case "minimum":
      return `\u0636\u0631\u0648\u0631\u06CC \u06C1\u06D2 \u06A9\u06C1 ${error.params.comparison} ${error.params.limit} \u06C1\u0648`;
    case "multipleOf":
      return `${error.params.multipleOf} \u06A9\u0627 \u06AF\u0646\u0627 \u06C1\u0648\u0646\u0627 \u0686\u0627\u06C1\u06CC\u06D2`;
    case "not":
      return "\u062F\u0631\u0633\u062A \u0646\u06C1\u06CC\u06BA \u06C1\u0648\u0646\u0627 \u0686\u0627\u06C1\u06CC\u06D2";
    case "oneOf":
      return "oneOf \u0645\u06CC\u06BA \u0628\u0627\u0644\u06A9\u0644 \u0627\u06CC\u06A9 \u0627\u0633\u06A9\u06CC\u0645 \u0633\u06D2 \u0645\u0645\u0627\u062B\u0644 \u06C1\u0648\u0646\u0627 \u0686\u0627\u06C1\u06CC\u06D2";
    case "pattern":
      return `\u067E\u06CC\u0679\u0631\u0646 "${error.params.pattern}" \u0633\u06D2 \u0645\u0645\u0627\u062B\u0644 \u06C1\u0648\u0646\u0627 \u0686\u0627\u06C1\u06CC\u06D2`;
    case "propertyNames":
      return `\u062E\u0635\u0648\u0635\u06CC\u0627\u062A \u06A9\u06D2 \u0646\u0627\u0645 ${error.params.propertyNames.join(", ")} \u063A\u0644\u0637 \u06C1\u06CC\u06BA`;
    case "required":
      return `\u0645\u0637\u0644\u0648\u0628\u06C1 \u062E\u0635\u0648\u0635\u06CC\u0627\u062A ${error.params.requiredProperties.join(", ")} \u06C1\u0648\u0646\u06CC \u0686\u0627\u06C1\u0626\u06CC\u06BA`;
    case "type":
      return typeof error.params.type === "string" ? `\u0636\u0631\u0648\u0631\u06CC \u06C1\u06D2 \u06A9\u06C1 ${error.params.type} \u06C1\u0648` : `\u0636\u0631\u0648\u0631\u06CC \u06C1\u06D2 \u06A9\u06C1 ${error.params.type.join(" \u06CC\u0627 ")} \u06C1\u0648`;
    case "unevaluatedItems":
      return "\u063A\u06CC\u0631 \u062A\u0634\u062E\u06CC\u0635 \u0634\u062F\u06C1 \u0622\u0626\u0679\u0645\u0632 \u0646\u06C1\u06CC\u06BA \u06C1\u0648\u0646\u06D2 \u0686\u0627\u06C1\u0626\u06CC\u06BA";
    case "unevaluatedProperties":
      return "\u063A\u06CC\u0631 \u062A\u0634\u062E\u06CC\u0635 \u0634\u062F\u06C1 \u062E\u0635\u0648\u0635\u06CC\u0627\u062A \u0646\u06C1\u06CC\u06BA \u06C1\u0648\u0646\u06CC \u0686\u0627\u06C1\u0626\u06CC\u06BA";
    case "uniqueItems":
      return `\u0688\u067E\u0644\u06CC\u06A9\u06CC\u0679 \u0622\u0626\u0679\u0645\u0632 \u0646\u06C1\u06CC\u06BA \u06C1\u0648\u0646\u06D2 \u0686\u0627\u06C1\u0626\u06CC\u06BA`;
    case "~refine":
      return error.params.message;
    default:
      return "\u062A\u0635\u062F\u06CC\u0642 \u0645\u06CC\u06BA \u0627\u06CC\u06A9 \u0646\u0627\u0645\u0639\u0644\u0648\u0645 \u062E\u0631\u0627\u0628\u06CC \u067E\u06CC\u0634 \u0622\u0626\u06CC";
  }
}

// node_modules/typebox/build/system/locale/vi_VN.mjs
function vi_VN(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "kh\xF4ng \u0111\u01B0\u1EE3c c\xF3 c\xE1c thu\u1ED9c t\xEDnh b\u1ED5 sung";
    case "anyOf":
      return "ph\u1EA3i kh\u1EDBp v\u1EDBi m\u1ED9t schema trong b\u1EA5t k\u1EF3 tr\u01B0\u1EDDng h\u1EE3p n\xE0o";
    case "boolean":
      return "schema l\xE0 sai";
    case "const":
      return "ph\u1EA3i b\u1EB1ng h\u1EB1ng s\u1ED1";
    case "contains":
      return "ph\u1EA3i ch\u1EE9a \xEDt nh\u1EA5t 1 m\u1EE5c h\u1EE3p l\u1EC7";
    case "dependencies":
      return `ph\u1EA3i c\xF3 c\xE1c thu\u1ED9c t\xEDnh ${error.params.dependencies.join(", ")} khi thu\u1ED9c t\xEDnh ${error.params.property} hi\u1EC7n di\u1EC7n`;
    case "dependentRequired":
      return `ph\u1EA3i c\xF3 c\xE1c thu\u1ED9c t\xEDnh ${error.params.dependencies.join(", ")} khi thu\u1ED9c t\xEDnh ${error.params.property} hi\u1EC7n di\u1EC7n`;
    case "enum":
      return "ph\u1EA3i b\u1EB1ng m\u1ED9t trong c\xE1c gi\xE1 tr\u1ECB \u0111\u01B0\u1EE3c ph\xE9p";
    case "exclusiveMaximum":
      return `ph\u1EA3i l\xE0 ${error.params.comparison} ${error.params.limit}`;
    case "exclusiveMinimum":
      return `ph\u1EA3i l\xE0 ${error.params.comparison} ${error.params.limit}`;
    case "format":
      return `ph\u1EA3i kh\u1EDBp v\u1EDBi \u0111\u1ECBnh d\u1EA1ng "${error.params.format}"`;
    case "if":
      return `ph\u1EA3i kh\u1EDBp v\u1EDBi schema "${error.params.failingKeyword}"`;
    case "maxItems":
      return `kh\xF4ng \u0111\u01B0\u1EE3c c\xF3 nhi\u1EC1u h\u01A1n ${error.params.limit} m\u1EE5c`;
    case "maxLength":
      return `kh\xF4ng \u0111\u01B0\u1EE3c c\xF3 nhi\u1EC1u h\u01A1n ${error.params.limit} k\xFD t\u1EF1`;
    case "maxProperties":
      return `kh\xF4ng \u0111\u01B0\u1EE3c c\xF3 nhi\u1EC1u h\u01A1n ${error.params.limit} thu\u1ED9c t\xEDnh`;
    case "maximum":
      return `ph\u1EA3i l\xE0 ${error.params.comparison} ${error.params.limit}`;
    case "minItems":
      return `kh\xF4ng \u0111\u01B0\u1EE3c c\xF3 \xEDt h\u01A1n ${error.params.limit} m\u1EE5c`;
    case "minLength":
      return `kh\xF4ng \u0111\u01B0\u1EE3c c\xF3 \xEDt h\u01A1n ${error.params.limit} k\xFD t\u1EF1`;
    case "minProperties":
      return `kh\xF4ng \u0111\u01B0\u1EE3c c\xF3 \xEDt h\u01A1n ${error.params.limit} thu\u1ED9c t\xEDnh`;
    case "minimum":
      return `ph\u1EA3i l\xE0 ${error.params.comparison} ${error.params.limit}`;
    case "multipleOf":
      return `ph\u1EA3i l\xE0 b\u1ED9i s\u1ED1 c\u1EE7a ${error.params.multipleOf}`;
    case "not":
      return "kh\xF4ng \u0111\u01B0\u1EE3c h\u1EE3p l\u1EC7";
    case "oneOf":
      return "ph\u1EA3i kh\u1EDBp ch\xEDnh x\xE1c m\u1ED9t schema trong oneOf";
    case "pattern":
      return `ph\u1EA3i kh\u1EDBp v\u1EDBi m\u1EABu "${error.params.pattern}"`;
    case "propertyNames":
      return `t\xEAn thu\u1ED9c t\xEDnh ${error.params.propertyNames.join(", ")} kh\xF4ng h\u1EE3p l\u1EC7`;
    case "required":
      return `ph\u1EA3i c\xF3 c\xE1c thu\u1ED9c t\xEDnh b\u1EAFt bu\u1ED9c ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `ph\u1EA3i l\xE0 ${error.params.type}` : `ph\u1EA3i l\xE0 m\u1ED9t trong ${error.params.type.join(" ho\u1EB7c ")}`;
    case "unevaluatedItems":
      return "kh\xF4ng \u0111\u01B0\u1EE3c c\xF3 c\xE1c m\u1EE5c ch\u01B0a \u0111\u01B0\u1EE3c \u0111\xE1nh gi\xE1";
    case "unevaluatedProperties":
      return "kh\xF4ng \u0111\u01B0\u1EE3c c\xF3 c\xE1c thu\u1ED9c t\xEDnh ch\u01B0a \u0111\u01B0\u1EE3c \u0111\xE1nh gi\xE1";
    case "uniqueItems":
      return `kh\xF4ng \u0111\u01B0\u1EE3c c\xF3 c\xE1c m\u1EE5c tr\xF9ng l\u1EB7p`;
    case "~refine":
      return error.params.message;
    default:
      return "\u0111\xE3 x\u1EA3y ra l\u1ED7i x\xE1c th\u1EF1c kh\xF4ng x\xE1c \u0111\u1ECBnh";
  }
}

// node_modules/typebox/build/system/locale/yo_NG.mjs
function yo_NG(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "ko gb\u1ECDd\u1ECD ni aw\u1ECDn ohun-ini afikun";
    case "anyOf":
      return "gb\u1ECDd\u1ECD baramu \xE0l\xE0y\xE9 kan ninu anyOf";
    case "boolean":
      return "\xE0l\xE0y\xE9 j\u1EB9 eke";
    case "const":
      return "gb\u1ECDd\u1ECD d\u1ECDgba p\u1EB9lu ifura";
    case "contains":
      return "gb\u1ECDd\u1ECD ni o kere ju nkan 1 ti o wulo";
    case "dependencies":
      return `gb\u1ECDd\u1ECD ni aw\u1ECDn ohun-ini ${error.params.dependencies.join(", ")} nigbati ohun-ini ${error.params.property} ba wa`;
    case "dependentRequired":
      return `gb\u1ECDd\u1ECD ni aw\u1ECDn ohun-ini ${error.params.dependencies.join(", ")} nigbati ohun-ini ${error.params.property} ba wa`;
    case "enum":
      return "gb\u1ECDd\u1ECD d\u1ECDgba p\u1EB9lu \u1ECDkan ninu aw\u1ECDn iye ti a gba laaye";
    case "exclusiveMaximum":
      return `gb\u1ECDd\u1ECD j\u1EB9 ${error.params.comparison} ${error.params.limit}`;
    case "exclusiveMinimum":
      return `gb\u1ECDd\u1ECD j\u1EB9 ${error.params.comparison} ${error.params.limit}`;
    case "format":
      return `gb\u1ECDd\u1ECD baramu kika "${error.params.format}"`;
    case "if":
      return `gb\u1ECDd\u1ECD baramu \xE0l\xE0y\xE9 "${error.params.failingKeyword}"`;
    case "maxItems":
      return `ko gb\u1ECDd\u1ECD ni ju ${error.params.limit} nkan l\u1ECD`;
    case "maxLength":
      return `ko gb\u1ECDd\u1ECD ni ju ${error.params.limit} ohun kik\u1ECD l\u1ECD`;
    case "maxProperties":
      return `ko gb\u1ECDd\u1ECD ni ju ${error.params.limit} ohun-ini l\u1ECD`;
    case "maximum":
      return `gb\u1ECDd\u1ECD j\u1EB9 ${error.params.comparison} ${error.params.limit}`;
    case "minItems":
      return `ko gb\u1ECDd\u1ECD ni o kere ju ${error.params.limit} nkan l\u1ECD`;
    case "minLength":
      return `ko gb\u1ECDd\u1ECD ni o kere ju ${error.params.limit} ohun kik\u1ECD l\u1ECD`;
    case "minProperties":
      return `ko gb\u1ECDd\u1ECD ni o kere ju ${error.params.limit} ohun-ini l\u1ECD`;
    case "minimum":
      return `gb\u1ECDd\u1ECD j\u1EB9 ${error.params.comparison} ${error.params.limit}`;
    case "multipleOf":
      return `gb\u1ECDd\u1ECD j\u1EB9 isodipupo ti ${error.params.multipleOf}`;
    case "not":
      return "ko gb\u1ECDd\u1ECD wulo";
    case "oneOf":
      return "gb\u1ECDd\u1ECD baramu \xE0l\xE0y\xE9 kan \u1E63o\u1E63o ninu oneOf";
    case "pattern":
      return `gb\u1ECDd\u1ECD baramu ap\u1EB9r\u1EB9 "${error.params.pattern}"`;
    case "propertyNames":
      return `aw\u1ECDn oruk\u1ECD ohun-ini ${error.params.propertyNames.join(", ")} ko wulo`;
    case "required":
      return `gb\u1ECDd\u1ECD ni aw\u1ECDn ohun-ini ti a beere ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `gb\u1ECDd\u1ECD j\u1EB9 ${error.params.type}` : `gb\u1ECDd\u1ECD j\u1EB9 boya ${error.params.type.join(" tabi ")}`;
    case "unevaluatedItems":
      return "ko gb\u1ECDd\u1ECD ni aw\u1ECDn ohun ti ko \u1E63e i\u1E63iro";
    case "unevaluatedProperties":
      return "ko gb\u1ECDd\u1ECD ni aw\u1ECDn ohun-ini ti ko \u1E63e i\u1E63iro";
    case "uniqueItems":
      return `ko gb\u1ECDd\u1ECD ni aw\u1ECDn ohun elo \u1EB9da`;
    case "~refine":
      return error.params.message;
    default:
      return "a\u1E63i\u1E63e ij\u1EB9risi aim\u1ECD waye";
  }
}

// node_modules/typebox/build/system/locale/zh_Hans.mjs
function zh_Hans(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "\u4E0D\u5F97\u6709\u989D\u5916\u5C5E\u6027";
    case "anyOf":
      return "\u5FC5\u987B\u5339\u914D anyOf \u4E2D\u7684\u4E00\u4E2A\u6A21\u5F0F";
    case "boolean":
      return "\u6A21\u5F0F\u4E3A\u5047";
    case "const":
      return "\u5FC5\u987B\u7B49\u4E8E\u5E38\u91CF";
    case "contains":
      return "\u5FC5\u987B\u81F3\u5C11\u5305\u542B\u4E00\u4E2A\u6709\u6548\u9879";
    case "dependencies":
      return `\u5F53\u5C5E\u6027 ${error.params.property} \u5B58\u5728\u65F6\uFF0C\u5FC5\u987B\u5177\u6709\u5C5E\u6027 ${error.params.dependencies.join(", ")}`;
    case "dependentRequired":
      return `\u5F53\u5C5E\u6027 ${error.params.property} \u5B58\u5728\u65F6\uFF0C\u5FC5\u987B\u5177\u6709\u5C5E\u6027 ${error.params.dependencies.join(", ")}`;
    case "enum":
      return "\u5FC5\u987B\u7B49\u4E8E\u5141\u8BB8\u503C\u4E2D\u7684\u4E00\u4E2A";
    case "exclusiveMaximum":
      return `\u5FC5\u987B ${error.params.comparison} ${error.params.limit}`;
    case "exclusiveMinimum":
      return `\u5FC5\u987B ${error.params.comparison} ${error.params.limit}`;
    case "format":
      return `\u5FC5\u987B\u5339\u914D\u683C\u5F0F "${error.params.format}"`;
    case "if":
      return `\u5FC5\u987B\u5339\u914D "${error.params.failingKeyword}" \u6A21\u5F0F`;
    case "maxItems":
      return `\u4E0D\u5F97\u591A\u4E8E ${error.params.limit} \u9879`;
    case "maxLength":
      return `\u4E0D\u5F97\u591A\u4E8E ${error.params.limit} \u4E2A\u5B57\u7B26`;
    case "maxProperties":
      return `\u4E0D\u5F97\u591A\u4E8E ${error.params.limit} \u4E2A\u5C5E\u6027`;
    case "maximum":
      return `\u5FC5\u987B ${error.params.comparison} ${error.params.limit}`;
    case "minItems":
      return `\u4E0D\u5F97\u5C11\u4E8E ${error.params.limit} \u9879`;
    case "minLength":
      return `\u4E0D\u5F97\u5C11\u4E8E ${error.params.limit} \u4E2A\u5B57\u7B26`;
    case "minProperties":
      return `\u4E0D\u5F97\u5C11\u4E8E ${error.params.limit} \u4E2A\u5C5E\u6027`;
    case "minimum":
      return `\u5FC5\u987B ${error.params.comparison} ${error.params.limit}`;
    case "multipleOf":
      return `\u5FC5\u987B\u662F ${error.params.multipleOf} \u7684\u500D\u6570`;
    case "not":
      return "\u4E0D\u5F97\u6709\u6548";
    case "oneOf":
      return "\u5FC5\u987B\u7CBE\u786E\u5339\u914D oneOf \u4E2D\u7684\u4E00\u4E2A\u6A21\u5F0F";
    case "pattern":
      return `\u5FC5\u987B\u5339\u914D\u6A21\u5F0F "${error.params.pattern}"`;
    case "propertyNames":
      return `\u5C5E\u6027\u540D ${error.params.propertyNames.join(", ")} \u65E0\u6548`;
    case "required":
      return `\u5FC5\u987B\u5177\u6709\u5FC5\u9700\u5C5E\u6027 ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `\u5FC5\u987B\u662F ${error.params.type}` : `\u5FC5\u987B\u662F ${error.params.type.join(" \u6216 ")} \u4E4B\u4E00`;
    case "unevaluatedItems":
      return "\u4E0D\u5F97\u6709\u672A\u8BC4\u4F30\u7684\u9879";
    case "unevaluatedProperties":
      return "\u4E0D\u5F97\u6709\u672A\u8BC4\u4F30\u7684\u5C5E\u6027";
    case "uniqueItems":
      return `\u4E0D\u5F97\u6709\u91CD\u590D\u9879`;
    case "~refine":
      return error.params.message;
    default:
      return "\u53D1\u751F\u672A\u77E5\u9A8C\u8BC1\u9519\u8BEF";
  }
}

// node_modules/typebox/build/system/locale/zh_Hant.mjs
function zh_Hant(error) {
  switch (error.keyword) {
    case "additionalProperties":
      return "\u4E0D\u5F97\u6709\u984D\u5916\u5C6C\u6027";
    case "anyOf":
      return "\u5FC5\u9808\u5339\u914D anyOf \u4E2D\u7684\u4E00\u500B\u6A21\u5F0F";
    case "boolean":
      return "\u6A21\u5F0F\u70BA\u5047";
    case "const":
      return "\u5FC5\u9808\u7B49\u65BC\u5E38\u6578";
    case "contains":
      return "\u5FC5\u9808\u81F3\u5C11\u5305\u542B 1 \u500B\u6709\u6548\u9805\u76EE";
    case "dependencies":
      return `\u7576\u5C6C\u6027 ${error.params.property} \u5B58\u5728\u6642\uFF0C\u5FC5\u9808\u5177\u6709\u5C6C\u6027 ${error.params.dependencies.join(", ")}`;
    case "dependentRequired":
      return `\u7576\u5C6C\u6027 ${error.params.property} \u5B58\u5728\u6642\uFF0C\u5FC5\u9808\u5177\u6709\u5C6C\u6027 ${error.params.dependencies.join(", ")}`;
    case "enum":
      return "\u5FC5\u9808\u7B49\u65BC\u5141\u8A31\u503C\u4E2D\u7684\u4E00\u500B";
    case "exclusiveMaximum":
      return `\u5FC5\u9808 ${error.params.comparison} ${error.params.limit}`;
    case "exclusiveMinimum":
      return `\u5FC5\u9808 ${error.params.comparison} ${error.params.limit}`;
    case "format":
      return `\u5FC5\u9808\u5339\u914D\u683C\u5F0F "${error.params.format}"`;
    case "if":
      return `\u5FC5\u9808\u5339\u914D "${error.params.failingKeyword}" \u6A21\u5F0F`;
    case "maxItems":
      return `\u4E0D\u5F97\u591A\u65BC ${error.params.limit} \u500B\u9805\u76EE`;
    case "maxLength":
      return `\u4E0D\u5F97\u591A\u65BC ${error.params.limit} \u500B\u5B57\u5143`;
    case "maxProperties":
      return `\u4E0D\u5F97\u591A\u65BC ${error.params.limit} \u500B\u5C6C\u6027`;
    case "maximum":
      return `\u5FC5\u9808 ${error.params.comparison} ${error.params.limit}`;
    case "minItems":
      return `\u4E0D\u5F97\u5C11\u65BC ${error.params.limit} \u500B\u9805\u76EE`;
    case "minLength":
      return `\u4E0D\u5F97\u5C11\u65BC ${error.params.limit} \u500B\u5B57\u5143`;
    case "minProperties":
      return `\u4E0D\u5F97\u5C11\u65BC ${error.params.limit} \u500B\u5C6C\u6027`;
    case "minimum":
      return `\u5FC5\u9808 ${error.params.comparison} ${error.params.limit}`;
    case "multipleOf":
      return `\u5FC5\u9808\u662F ${error.params.multipleOf} \u7684\u500D\u6578`;
    case "not":
      return "\u4E0D\u5F97\u6709\u6548";
    case "oneOf":
      return "\u5FC5\u9808\u7CBE\u78BA\u5339\u914D oneOf \u4E2D\u7684\u4E00\u500B\u6A21\u5F0F";
    case "pattern":
      return `\u5FC5\u9808\u5339\u914D\u6A21\u5F0F "${error.params.pattern}"`;
    case "propertyNames":
      return `\u5C6C\u6027\u540D\u7A31 ${error.params.propertyNames.join(", ")} \u7121\u6548`;
    case "required":
      return `\u5FC5\u9808\u5177\u6709\u5FC5\u9700\u5C6C\u6027 ${error.params.requiredProperties.join(", ")}`;
    case "type":
      return typeof error.params.type === "string" ? `\u5FC5\u9808\u662F ${error.params.type}` : `\u5FC5\u9808\u662F ${error.params.type.join(" \u6216 ")} \u4E4B\u4E00`;
    case "unevaluatedItems":
      return "\u4E0D\u5F97\u6709\u672A\u8A55\u4F30\u7684\u9805\u76EE";
    case "unevaluatedProperties":
      return "\u4E0D\u5F97\u6709\u672A\u8A55\u4F30\u7684\u5C6C\u6027";
    case "uniqueItems":
      return `\u4E0D\u5F97\u6709\u91CD\u8907\u9805\u76EE`;
    case "~refine":
      return error.params.message;
    default:
      return "\u767C\u751F\u672A\u77E5\u9A57\u8B49\u932F\u8AA4";
  }
}

// node_modules/typebox/build/system/index.mjs
var system_default = system_exports;

// node_modules/typebox/build/type/types/_codec.mjs
var EncodeBuilder = class {
  constructor(type, decode) {
    this.type = type;
    this.decode = decode;
  }
  Encode(callback) {
    const type = this.type;
    const decode = IsCodec(type) ? (value) => this.decode(type["~codec"].decode(value)) : this.decode;
    const encode = IsCodec(type) ? (value) => type["~codec"].encode(callback(value)) : callback;
    const codec = { decode, encode };
    return memory_exports.Update(this.type, { "~codec": codec }, {});
  }
};
var DecodeBuilder = class {
  constructor(type) {
    this.type = type;
  }
  Decode(callback) {
    return new EncodeBuilder(this.type, callback);
  }
};
function Codec(type) {
  return new DecodeBuilder(type);
}
function Decode(type, callback) {
  return Codec(type).Decode(callback).Encode(() => {
    throw Error("Encode not implemented");
  });
}
function Encode(type, callback) {
  return Codec(type).Decode(() => {
    throw Error("Decode not implemented");
  }).Encode(callback);
}
function IsCodec(value) {
  return IsSchema(value) && guard_exports.HasPropertyKey(value, "~codec") && guard_exports.IsObject(value["~codec"]) && guard_exports.HasPropertyKey(value["~codec"], "encode") && guard_exports.HasPropertyKey(value["~codec"], "decode");
}

// node_modules/typebox/build/type/types/_immutable.mjs
function Immutable(type) {
  return AddImmutable(type);
}
function IsImmutable(value) {
  return IsSchema(value) && guard_exports.HasPropertyKey(value, "~immutable");
}

// node_modules/typebox/build/type/action/_add_readonly.mjs
function AddReadonlyDeferred(type, options = {}) {
  return Deferred("AddReadonly", [type], options);
}
function AddReadonly(type, options = {}) {
  return AddReadonlyAction(type, options);
}

// node_modules/typebox/build/type/types/_readonly.mjs
function Readonly(type) {
  return AddReadonly(type);
}
function IsReadonly(value) {
  return IsSchema(value) && guard_exports.HasPropertyKey(value, "~readonly");
}

// node_modules/typebox/build/type/types/_refine.mjs
function RefineAdd(type, refinement) {
  const refinements = IsRefine(type) ? [...type["~refine"], refinement] : [refinement];
  return memory_exports.Update(type, { "~refine": refinements }, {});
}
function Refine(...args) {
  const [type, check, error] = arguments_exports.Match(args, {
    3: (type2, check2, error2) => [type2, check2, error2],
    2: (type2, check2) => [type2, check2, () => "Refine Error"]
  });
  return RefineAdd(type, { check, error });
}
function IsRefinement(value) {
  return guard_exports.IsObjectNotArray(value) && guard_exports.HasPropertyKey(value, "check") && guard_exports.HasPropertyKey(value, "error") && guard_exports.IsFunction(value.check) && guard_exports.IsFunction(value.error);
}
function IsRefine(value) {
  return IsSchema(value) && guard_exports.HasPropertyKey(value, "~refine") && guard_exports.IsArray(value["~refine"]) && guard_exports.Every(value["~refine"], 0, (value2) => IsRefinement(value2));
}

// node_modules/typebox/build/type/types/bigint.mjs
var BigIntPattern = "-?(?:0|[1-9][0-9]*)n";
function BigInt2(options) {
  return memory_exports.Create({ "~kind": "BigInt" }, { type: "bigint" }, options);
}
function IsBigInt3(value) {
  return IsKind(value, "BigInt");
}

// node_modules/typebox/build/type/types/boolean.mjs
function Boolean2(options) {
  return memory_exports.Create({ "~kind": "Boolean" }, { type: "boolean" }, options);
}
function IsBoolean4(value) {
  return IsKind(value, "Boolean");
}

// node_modules/typebox/build/type/types/identifier.mjs
function Identifier(name) {
  return memory_exports.Create({ "~kind": "Identifier" }, { name });
}
function IsIdentifier2(value) {
  return IsKind(value, "Identifier");
}

// node_modules/typebox/build/type/types/integer.mjs
var IntegerPattern = "-?(?:0|[1-9][0-9]*)";
function Integer(options) {
  return memory_exports.Create({ "~kind": "Integer" }, { type: "integer" }, options);
}
function IsInteger3(value) {
  return IsKind(value, "Integer");
}

// node_modules/typebox/build/type/types/literal.mjs
var InvalidLiteralValue = class extends Error {
  constructor(value) {
    super(`Invalid Literal value`);
    Object.defineProperty(this, "cause", {
      value: { value },
      writable: false,
      configurable: false,
      enumerable: false
    });
  }
};
function LiteralTypeName(value) {
  return guard_exports.IsBigInt(value) ? "bigint" : guard_exports.IsBoolean(value) ? "boolean" : guard_exports.IsNumber(value) ? "number" : guard_exports.IsString(value) ? "string" : (() => {
    throw new InvalidLiteralValue(value);
  })();
}
function Literal(value, options) {
  return memory_exports.Create({ "~kind": "Literal" }, { type: LiteralTypeName(value), const: value }, options);
}
function IsLiteralValue(value) {
  return guard_exports.IsBigInt(value) || guard_exports.IsBoolean(value) || guard_exports.IsNumber(value) || guard_exports.IsString(value);
}
function IsLiteralBigInt(value) {
  return IsLiteral(value) && guard_exports.IsBigInt(value.const);
}
function IsLiteralBoolean(value) {
  return IsLiteral(value) && guard_exports.IsBoolean(value.const);
}
function IsLiteralNumber(value) {
  return IsLiteral(value) && guard_exports.IsNumber(value.const);
}
function IsLiteralString(value) {
  return IsLiteral(value) && guard_exports.IsString(value.const);
}
function IsLiteral(value) {
  return IsKind(value, "Literal");
}

// node_modules/typebox/build/type/types/null.mjs
function Null(options) {
  return memory_exports.Create({ "~kind": "Null" }, { type: "null" }, options);
}
function IsNull3(value) {
  return IsKind(value, "Null");
}

// node_modules/typebox/build/type/types/number.mjs
var NumberPattern = "-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?";
function Number2(options) {
  return memory_exports.Create({ "~kind": "Number" }, { type: "number" }, options);
}
function IsNumber4(value) {
  return IsKind(value, "Number");
}

// node_modules/typebox/build/type/types/symbol.mjs
function Symbol2(options) {
  return memory_exports.Create({ "~kind": "Symbol" }, { type: "symbol" }, options);
}
function IsSymbol3(value) {
  return IsKind(value, "Symbol");
}

// node_modules/typebox/build/type/types/parameter.mjs
function Parameter(...args) {
  const [name, extends_, equals] = arguments_exports.Match(args, {
    3: (name2, extends_2, equals2) => [name2, extends_2, equals2],
    2: (name2, extends_2) => [name2, extends_2, extends_2],
    1: (name2) => [name2, Unknown(), Unknown()]
  });
  return memory_exports.Create({ "~kind": "Parameter" }, { name, extends: extends_, equals }, {});
}
function IsParameter(value) {
  return IsKind(value, "Parameter");
}

// node_modules/typebox/build/type/types/string.mjs
var StringPattern = ".*";
function String2(options) {
  return memory_exports.Create({ "~kind": "String" }, { type: "string" }, options);
}
function IsString4(value) {
  return IsKind(value, "String");
}

// node_modules/typebox/build/type/types/union.mjs
function Union(anyOf, options = {}) {
  return memory_exports.Create({ "~kind": "Union" }, { anyOf }, options);
}
function IsUnion(value) {
  return IsKind(value, "Union");
}
function UnionOptions(type) {
  return memory_exports.Discard(type, ["~kind", "anyOf"]);
}

// node_modules/typebox/build/type/engine/patterns/pattern.mjs
function ParsePatternIntoTypes(pattern) {
  const parsed = Pattern(pattern);
  const result = guard_exports.IsEqual(parsed.length, 2) ? parsed[0] : [];
  return result;
}

// node_modules/typebox/build/type/engine/template_literal/is_finite.mjs
function FromLiteral(_value) {
  return true;
}
function FromTypesReduce(types) {
  return guard_exports.ShiftLeft(types, (left, right) => FromType(left) ? FromTypesReduce(right) : false, () => true);
}
function FromTypes(types) {
  const result = guard_exports.IsEqual(types.length, 0) ? false : FromTypesReduce(types);
  return result;
}
function FromType(type) {
  return IsUnion(type) ? FromTypes(type.anyOf) : IsLiteral(type) ? FromLiteral(type.const) : false;
}
function IsTemplateLiteralFinite(types) {
  const result = FromTypes(types);
  return result;
}

// node_modules/typebox/build/type/engine/template_literal/create.mjs
function TemplateLiteralCreate(pattern) {
  return memory_exports.Create({ ["~kind"]: "TemplateLiteral" }, { type: "string", pattern }, {});
}

// node_modules/typebox/build/type/engine/template_literal/decode.mjs
function FromLiteralPush(variants, value, result = []) {
  return guard_exports.ShiftLeft(variants, (left, right) => FromLiteralPush(right, value, [...result, `${left}${value}`]), () => result);
}
function FromLiteral2(variants, value) {
  return guard_exports.IsEqual(variants.length, 0) ? [`${value}`] : FromLiteralPush(variants, value);
}
function FromUnion(variants, types, result = []) {
  return guard_exports.ShiftLeft(types, (left, right) => FromUnion(variants, right, [...result, ...FromType2(variants, left)]), () => result);
}
function FromType2(variants, type) {
  const result = IsUnion(type) ? FromUnion(variants, type.anyOf) : IsLiteral(type) ? FromLiteral2(variants, type.const) : Unreachable();
  return result;
}
function DecodeFromSpan(variants, types) {
  return guard_exports.ShiftLeft(types, (left, right) => DecodeFromSpan(FromType2(variants, left), right), () => variants);
}
function VariantsToLiterals(variants) {
  return variants.map((variant) => Literal(variant));
}
function DecodeTypesAsUnion(types) {
  const variants = DecodeFromSpan([], types);
  const literals = VariantsToLiterals(variants);
  const result = Union(literals);
  return result;
}
function DecodeTypes(types) {
  return guard_exports.IsEqual(types.length, 0) ? Unreachable() : (
    // Literal('') :
    guard_exports.IsEqual(types.length, 1) && IsLiteral(types[0]) ? types[0] : DecodeTypesAsUnion(types)
  );
}
function TemplateLiteralDecodeUnsafe(pattern) {
  const types = ParsePatternIntoTypes(pattern);
  const result = guard_exports.IsEqual(types.length, 0) ? String2() : IsTemplateLiteralFinite(types) ? DecodeTypes(types) : TemplateLiteralCreate(pattern);
  return result;
}
function TemplateLiteralDecode(pattern) {
  const decoded = TemplateLiteralDecodeUnsafe(pattern);
  const result = IsTemplateLiteral(decoded) ? String2() : decoded;
  return result;
}

// node_modules/typebox/build/type/engine/record/record_create.mjs
function CreateRecord(key, value) {
  const type = "object";
  const patternProperties = { [key]: value };
  return memory_exports.Create({ ["~kind"]: "Record" }, { type, patternProperties });
}

// node_modules/typebox/build/type/engine/record/from_key_any.mjs
function FromAnyKey(value) {
  return CreateRecord(StringKey, value);
}

// node_modules/typebox/build/type/engine/record/from_key_boolean.mjs
function FromBooleanKey(value) {
  return _Object_({ true: value, false: value });
}

// node_modules/typebox/build/type/types/tuple.mjs
function Tuple(types, options = {}) {
  const [items, minItems, additionalItems] = [types, types.length, false];
  return memory_exports.Create({ ["~kind"]: "Tuple" }, { type: "array", additionalItems, items, minItems }, options);
}
function IsTuple(value) {
  return IsKind(value, "Tuple");
}
function TupleOptions(type) {
  return memory_exports.Discard(type, ["~kind", "type", "items", "minItems", "additionalItems"]);
}

// node_modules/typebox/build/type/engine/tuple/to_object.mjs
function TupleElementsToProperties(types) {
  const result = types.reduceRight((result2, right, index3) => {
    return { [index3]: right, ...result2 };
  }, {});
  return result;
}
function TupleToObject(type) {
  const properties = TupleElementsToProperties(type.items);
  const result = _Object_(properties);
  return result;
}

// node_modules/typebox/build/type/engine/optional/instantiate_remove.mjs
function RemoveOptionalOperation(type) {
  return memory_exports.Discard(type, ["~optional"]);
}
function RemoveOptionalAction(type, options) {
  const result = memory_exports.Update(RemoveOptionalOperation(type), {}, options);
  return result;
}
function RemoveOptionalInstantiate(context, state2, type, options) {
  const instantiatedType = InstantiateType(context, state2, type);
  return RemoveOptionalAction(instantiatedType, options);
}

// node_modules/typebox/build/type/engine/readonly/instantiate_remove.mjs
function RemoveReadonlyOperation(type) {
  return memory_exports.Discard(type, ["~readonly"]);
}
function RemoveReadonlyAction(type, options) {
  const result = memory_exports.Update(RemoveReadonlyOperation(type), {}, options);
  return result;
}
function RemoveReadonlyInstantiate(context, state2, type, options) {
  const instantiatedType = InstantiateType(context, state2, type);
  return RemoveReadonlyAction(instantiatedType, options);
}

// node_modules/typebox/build/type/engine/evaluate/property.mjs
function EvaluatePropertyIntersect(left, right) {
  const isReadonly = IsReadonly(left) && IsReadonly(right);
  const isOptional = IsOptional(left) && IsOptional(right);
  const evaluated = EvaluateIntersect([left, right]);
  const property = RemoveReadonlyAction(RemoveOptionalAction(evaluated, {}), {});
  return isReadonly && isOptional ? AddReadonlyAction(AddOptionalAction(property, {}), {}) : isReadonly ? AddReadonlyAction(property, {}) : isOptional ? AddOptionalAction(property, {}) : property;
}
function EvaluatePropertyUnion(left, right) {
  const isReadonly = IsReadonly(left) || IsReadonly(right);
  const isOptional = IsOptional(left) || IsOptional(right);
  const leftProperty = RemoveReadonlyAction(RemoveOptionalAction(left, {}), {});
  const rightProperty = RemoveReadonlyAction(RemoveOptionalAction(right, {}), {});
  const property = EvaluateUnion([leftProperty, rightProperty]);
  return isReadonly && isOptional ? AddReadonlyAction(AddOptionalAction(property, {}), {}) : isReadonly ? AddReadonlyAction(property, {}) : isOptional ? AddOptionalAction(property, {}) : property;
}

// node_modules/typebox/build/type/engine/evaluate/composite.mjs
function CompositePropertyKey(left, right, key) {
  return key in left ? key in right ? EvaluatePropertyIntersect(left[key], right[key]) : left[key] : key in right ? right[key] : Never();
}
function CompositeProperties(left, right) {
  const keys = /* @__PURE__ */ new Set([...guard_exports.Keys(left), ...guard_exports.Keys(right)]);
  const result = [...keys].reduce((result2, key) => {
    return { ...result2, [key]: CompositePropertyKey(left, right, key) };
  }, {});
  return result;
}
function GetProperties(type) {
  const result = IsObject3(type) ? type.properties : IsTuple(type) ? TupleElementsToProperties(type.items) : {};
  return result;
}
function Composite(left, right) {
  const leftProperties = GetProperties(left);
  const rightProperties = GetProperties(right);
  const properties = CompositeProperties(leftProperties, rightProperties);
  const result = _Object_(properties);
  return result;
}

// node_modules/typebox/build/type/engine/evaluate/narrow.mjs
function NarrowCompareRule(left, right) {
  const result = Compare(left, right);
  return guard_exports.IsEqual(result, CompareResultLeftInside) ? left : guard_exports.IsEqual(result, CompareResultRightInside) ? right : guard_exports.IsEqual(result, CompareResultEqual) ? right : Never();
}
function CanComposite(type) {
  return IsObject3(type) || IsTuple(type);
}
function NarrowCompositeRule(left, right) {
  const canCompositeLeft = CanComposite(left);
  const canCompositeRight = CanComposite(right);
  return canCompositeLeft && canCompositeRight ? Composite(left, right) : canCompositeLeft && !canCompositeRight ? left : !canCompositeLeft && canCompositeRight ? right : NarrowCompareRule(left, right);
}
function Narrow(left, right) {
  return IsNever(left) ? left : IsAny(left) ? left : IsUnknown(left) ? right : IsNever(right) ? right : IsAny(right) ? right : IsUnknown(right) ? left : NarrowCompositeRule(left, right);
}

// node_modules/typebox/build/type/engine/evaluate/distribute.mjs
function ShouldEvaluate(left, right) {
  const result = IsUnion(left) || IsUnion(right);
  return result;
}
function DistributeOperation(left, right) {
  const evaluatedLeft = EvaluateType(left);
  const evaluatedRight = EvaluateType(right);
  const shouldEvaluate = ShouldEvaluate(evaluatedLeft, evaluatedRight);
  const result = shouldEvaluate ? EvaluateIntersect([evaluatedLeft, evaluatedRight]) : Narrow(evaluatedLeft, evaluatedRight);
  return result;
}
function DistributeType(type, types, result = []) {
  return guard_exports.ShiftLeft(types, (left, right) => DistributeType(type, right, [...result, DistributeOperation(left, type)]), () => guard_exports.IsEqual(result.length, 0) ? [type] : result);
}
function DistributeUnion(types, distribution, result = []) {
  return guard_exports.ShiftLeft(types, (left, right) => DistributeUnion(right, distribution, [...result, ...Distribute([left], distribution)]), () => result);
}
function Distribute(types, result = []) {
  return guard_exports.ShiftLeft(types, (left, right) => IsUnion(left) ? Distribute(right, DistributeUnion(left.anyOf, result)) : Distribute(right, DistributeType(left, result)), () => result);
}

// node_modules/typebox/build/type/engine/exclude/operation.mjs
function ExcludeType(left, right) {
  const check = Extends({}, left, right);
  const result = result_exports.IsExtendsTrueLike(check) ? [] : [left];
  return result;
}
function ExcludeUnion(left, right, result = []) {
  return guard_exports.ShiftLeft(left, (head, tail) => ExcludeUnion(tail, right, [...result, ...ExcludeType(head, right)]), () => result);
}
function ExcludeOperation(left, right) {
  const evaluated = EvaluateType(left);
  const canonical = IsUnion(evaluated) ? evaluated.anyOf : [evaluated];
  const remaining = ExcludeUnion(canonical, right);
  const result = EvaluateUnion(remaining);
  return result;
}

// node_modules/typebox/build/type/engine/evaluate/evaluate.mjs
function EvaluateDependent(if_, then_, else_) {
  const intersected = EvaluateIntersect([if_, then_]);
  const excluded = ExcludeOperation(else_, if_);
  const result = EvaluateUnion([intersected, excluded]);
  return result;
}
function EvaluateEnum(values, result = []) {
  return guard_exports.ShiftLeft(values, (left, right) => EvaluateEnum(right, [...result, Literal(left)]), () => EvaluateUnion(result));
}
function EvaluateIntersect(types) {
  const distribution = Distribute(types);
  const broadend = Broaden(distribution);
  const result = EvaluateUnion(broadend);
  return result;
}
function EvaluateTemplateLiteral(pattern) {
  const evaluated = TemplateLiteralDecode(pattern);
  const result = EvaluateType(evaluated);
  return result;
}
function EvaluateUnion(types) {
  const broadend = Broaden(types);
  const result = EvaluateUnionFast(broadend);
  return result;
}
function EvaluateType(type) {
  const result = IsDependent(type) ? EvaluateDependent(type.if, type.then, type.else) : IsEnum(type) ? EvaluateEnum(type.enum) : IsIntersect(type) ? EvaluateIntersect(type.allOf) : IsTemplateLiteral(type) ? EvaluateTemplateLiteral(type.pattern) : IsUnion(type) ? EvaluateUnion(type.anyOf) : type;
  return result;
}
function EvaluateUnionFast(types) {
  const result = guard_exports.IsEqual(types.length, 1) ? types[0] : guard_exports.IsEqual(types.length, 0) ? Never() : Union(types);
  return result;
}

// node_modules/typebox/build/type/engine/record/from_key_enum.mjs
function FromEnumKey(values, value) {
  const unionKey = EvaluateEnum(values);
  const result = FromKey(unionKey, value);
  return result;
}

// node_modules/typebox/build/type/engine/record/from_key_integer.mjs
function FromIntegerKey(_key, value) {
  const result = CreateRecord(IntegerKey, value);
  return result;
}

// node_modules/typebox/build/type/engine/record/from_key_intersect.mjs
function FromIntersectKey(types, value) {
  const evaluatedKey = EvaluateIntersect(types);
  const result = FromKey(evaluatedKey, value);
  return result;
}

// node_modules/typebox/build/type/engine/record/from_key_literal.mjs
function FromLiteralKey(key, value) {
  return guard_exports.IsString(key) || guard_exports.IsNumber(key) ? _Object_({ [key]: value }) : guard_exports.IsEqual(key, false) ? _Object_({ false: value }) : guard_exports.IsEqual(key, true) ? _Object_({ true: value }) : _Object_({});
}

// node_modules/typebox/build/type/engine/record/from_key_number.mjs
function FromNumberKey(_key, value) {
  const result = CreateRecord(NumberKey, value);
  return result;
}

// node_modules/typebox/build/type/engine/record/from_key_string.mjs
function FromStringKey(key, value) {
  return guard_exports.HasPropertyKey(key, "pattern") && (guard_exports.IsString(key.pattern) || key.pattern instanceof RegExp) ? CreateRecord(key.pattern.toString(), value) : CreateRecord(StringKey, value);
}

// node_modules/typebox/build/type/engine/record/from_key_template_literal.mjs
function FromTemplateKey(pattern, value) {
  const types = ParsePatternIntoTypes(pattern);
  const finite = IsTemplateLiteralFinite(types);
  const result = finite ? FromKey(EvaluateTemplateLiteral(pattern), value) : CreateRecord(pattern, value);
  return result;
}

// node_modules/typebox/build/type/engine/evaluate/flatten.mjs
function FlattenType(type) {
  const result = IsUnion(type) ? Flatten(type.anyOf) : [type];
  return result;
}
function Flatten(types, result = []) {
  return guard_exports.ShiftLeft(types, (left, right) => Flatten(right, [...result, ...FlattenType(left)]), () => result);
}

// node_modules/typebox/build/type/engine/record/from_key_union.mjs
function StringOrNumberCheck(types) {
  return types.some((type) => IsString4(type) || IsNumber4(type) || IsInteger3(type));
}
function TryBuildRecord(types, value) {
  return guard_exports.IsEqual(StringOrNumberCheck(types), true) ? CreateRecord(StringKey, value) : void 0;
}
function CreateProperties(types, value) {
  return types.reduce((result, left) => {
    return IsLiteral(left) && (guard_exports.IsString(left.const) || guard_exports.IsNumber(left.const)) ? { ...result, [left.const]: value } : result;
  }, {});
}
function CreateObject(types, value) {
  const properties = CreateProperties(types, value);
  const result = _Object_(properties);
  return result;
}
function FromUnionKey(types, value) {
  const flattened = Flatten(types);
  const record = TryBuildRecord(flattened, value);
  return IsSchema(record) ? record : CreateObject(flattened, value);
}

// node_modules/typebox/build/type/engine/record/from_key.mjs
function FromKey(key, value) {
  const result = IsAny(key) ? FromAnyKey(value) : IsBoolean4(key) ? FromBooleanKey(value) : IsEnum(key) ? FromEnumKey(key.enum, value) : IsInteger3(key) ? FromIntegerKey(key, value) : IsIntersect(key) ? FromIntersectKey(key.allOf, value) : IsLiteral(key) ? FromLiteralKey(key.const, value) : IsNumber4(key) ? FromNumberKey(key, value) : IsUnion(key) ? FromUnionKey(key.anyOf, value) : IsString4(key) ? FromStringKey(key, value) : IsTemplateLiteral(key) ? FromTemplateKey(key.pattern, value) : _Object_({});
  return result;
}

// node_modules/typebox/build/type/engine/record/instantiate.mjs
function RecordAction(key, value, options) {
  const result = CanInstantiate([key]) ? memory_exports.Update(FromKey(key, value), {}, options) : RecordDeferred(key, value, options);
  return result;
}
function RecordInstantiate(context, state2, key, value, options) {
  const instantiatedKey = InstantiateType(context, state2, key);
  const instantiatedValue = InstantiateType(context, state2, value);
  return RecordAction(instantiatedKey, instantiatedValue, options);
}

// node_modules/typebox/build/type/types/record.mjs
var IntegerKey = `^${IntegerPattern}$`;
var NumberKey = `^${NumberPattern}$`;
var StringKey = `^${StringPattern}$`;
function RecordDeferred(key, value, options = {}) {
  return Deferred("Record", [key, value], options);
}
function Record(key, value, options = {}) {
  return RecordAction(key, value, options);
}
function RecordFromPattern(pattern, value) {
  return CreateRecord(pattern, value);
}
function RecordPatternToType(pattern) {
  const result = guard_exports.IsEqual(pattern, StringKey) ? String2() : guard_exports.IsEqual(pattern, IntegerKey) ? Integer() : guard_exports.IsEqual(pattern, NumberKey) ? Number2() : TemplateLiteralDecodeUnsafe(pattern);
  return result;
}
function RecordPattern(type) {
  return guard_exports.Keys(type.patternProperties)[0];
}
function RecordKey(type) {
  const pattern = RecordPattern(type);
  const result = RecordPatternToType(pattern);
  return result;
}
function RecordValue(type) {
  return type.patternProperties[RecordPattern(type)];
}
function IsRecord(value) {
  return IsKind(value, "Record");
}
function RecordOptions(type) {
  return memory_exports.Discard(type, ["~kind", "type", "patternProperties"]);
}

// node_modules/typebox/build/type/types/rest.mjs
function Rest(type) {
  return memory_exports.Create({ "~kind": "Rest" }, { type: "rest", items: type }, {});
}
function IsRest(value) {
  return IsKind(value, "Rest");
}

// node_modules/typebox/build/type/types/this.mjs
function This(options) {
  return memory_exports.Create({ ["~kind"]: "This" }, { $ref: "#" }, options);
}
function IsThis(value) {
  return IsKind(value, "This");
}

// node_modules/typebox/build/type/types/undefined.mjs
function Undefined(options) {
  return memory_exports.Create({ "~kind": "Undefined" }, { type: "undefined" }, options);
}
function IsUndefined3(value) {
  return IsKind(value, "Undefined");
}

// node_modules/typebox/build/type/types/void.mjs
function Void(options) {
  return memory_exports.Create({ "~kind": "Void" }, { type: "void" }, options);
}
function IsVoid(value) {
  return IsKind(value, "Void");
}

// node_modules/typebox/build/type/script/mapping.mjs
function IntrinsicOrCall(ref, parameters) {
  return guard_exports.IsEqual(ref, "Array") ? _Array_(parameters[0]) : guard_exports.IsEqual(ref, "Capitalize") ? CapitalizeDeferred(parameters[0]) : guard_exports.IsEqual(ref, "ConstructorParameters") ? ConstructorParametersDeferred(parameters[0]) : guard_exports.IsEqual(ref, "Evaluate") ? EvaluateDeferred(parameters[0]) : guard_exports.IsEqual(ref, "Exclude") ? ExcludeDeferred(parameters[0], parameters[1]) : guard_exports.IsEqual(ref, "Extract") ? ExtractDeferred(parameters[0], parameters[1]) : guard_exports.IsEqual(ref, "Index") ? IndexDeferred(parameters[0], parameters[1]) : guard_exports.IsEqual(ref, "InstanceType") ? InstanceTypeDeferred(parameters[0]) : guard_exports.IsEqual(ref, "Lowercase") ? LowercaseDeferred(parameters[0]) : guard_exports.IsEqual(ref, "NonNullable") ? NonNullableDeferred(parameters[0]) : guard_exports.IsEqual(ref, "Omit") ? OmitDeferred(parameters[0], parameters[1]) : guard_exports.IsEqual(ref, "Parameters") ? ParametersDeferred(parameters[0]) : guard_exports.IsEqual(ref, "Partial") ? PartialDeferred(parameters[0]) : guard_exports.IsEqual(ref, "Pick") ? PickDeferred(parameters[0], parameters[1]) : guard_exports.IsEqual(ref, "Readonly") ? ReadonlyObjectDeferred(parameters[0]) : guard_exports.IsEqual(ref, "KeyOf") ? KeyOfDeferred(parameters[0]) : guard_exports.IsEqual(ref, "Record") ? RecordDeferred(parameters[0], parameters[1]) : guard_exports.IsEqual(ref, "Required") ? RequiredDeferred(parameters[0]) : guard_exports.IsEqual(ref, "ReturnType") ? ReturnTypeDeferred(parameters[0]) : guard_exports.IsEqual(ref, "Uncapitalize") ? UncapitalizeDeferred(parameters[0]) : guard_exports.IsEqual(ref, "Uppercase") ? UppercaseDeferred(parameters[0]) : CallConstruct(Ref(ref), parameters);
}
function Unreachable2() {
  throw Error("Unreachable");
}
function DelimitedDecode(input, result = []) {
  return guard_exports.ShiftLeft(input, (left, right) => DelimitedDecode(right, [...result, left[1]]), () => result);
}
function Delimited(input) {
  return guard_exports.IsEqual(input.length, 3) ? [input[0], ...DelimitedDecode(input[1])] : [];
}
function GenericParameterExtendsEqualsMapping(input) {
  return Parameter(input[0], input[2], input[4]);
}
function GenericParameterExtendsMapping(input) {
  return Parameter(input[0], input[2], input[2]);
}
function GenericParameterEqualsMapping(input) {
  return Parameter(input[0], Unknown(), input[2]);
}
function GenericParameterIdentifierMapping(input) {
  return Parameter(input, Unknown(), Unknown());
}
function GenericParameterMapping(input) {
  return input;
}
function GenericParameterListMapping(input) {
  return Delimited(input);
}
function GenericParametersMapping(input) {
  return input[1];
}
function GenericCallArgumentListMapping(input) {
  return Delimited(input);
}
function GenericCallArgumentsMapping(input) {
  return input[1];
}
function GenericCallMapping(input) {
  return IntrinsicOrCall(input[0], input[1]);
}
function OptionalSemiColonMapping(input) {
  return null;
}
function KeywordStringMapping(input) {
  return String2();
}
function KeywordNumberMapping(input) {
  return Number2();
}
function KeywordBooleanMapping(input) {
  return Boolean2();
}
function KeywordUndefinedMapping(input) {
  return Undefined();
}
function KeywordNullMapping(input) {
  return Null();
}
function KeywordIntegerMapping(input) {
  return Integer();
}
function KeywordBigIntMapping(input) {
  return BigInt2();
}
function KeywordUnknownMapping(input) {
  return Unknown();
}
function KeywordAnyMapping(input) {
  return Any();
}
function KeywordObjectMapping(input) {
  return _Object_({});
}
function KeywordNeverMapping(input) {
  return Never();
}
function KeywordSymbolMapping(input) {
  return Symbol2();
}
function KeywordVoidMapping(input) {
  return Void();
}
function KeywordThisMapping(input) {
  return This();
}
function LiteralBigIntMapping(input) {
  return Literal(BigInt(input));
}
function LiteralBooleanMapping(input) {
  return Literal(guard_exports.IsEqual(input, "true"));
}
function LiteralNumberMapping(input) {
  return Literal(parseFloat(input));
}
function LiteralStringMapping(input) {
  return Literal(input);
}
function TemplateInterpolateMapping(input) {
  return input[1];
}
function TemplateSpanMapping(input) {
  return Literal(input);
}
function TemplateBodyMapping(input) {
  return guard_exports.IsEqual(input.length, 3) ? [input[0], input[1], ...input[2]] : [input[0]];
}
function TemplateLiteralTypesMapping(input) {
  return input[1];
}
function TemplateLiteralMapping(input) {
  return TemplateLiteralDeferred(input);
}
function DependentMapping(input) {
  return guard_exports.IsEqual(input.length, 6) ? Dependent(input[1], input[3], input[5]) : Dependent(input[1], input[3], Unknown());
}
function KeyOfMapping(input) {
  return input.length > 0;
}
function IndexArrayMapping(input) {
  return input.reduce((result, current) => {
    return guard_exports.IsEqual(current.length, 3) ? [...result, [current[1]]] : [...result, []];
  }, []);
}
function ExtendsMapping(input) {
  return guard_exports.IsEqual(input.length, 6) ? [input[1], input[3], input[5]] : [];
}
function BaseMapping(input) {
  return guard_exports.IsArray(input) && guard_exports.IsEqual(input.length, 3) ? input[1] : input;
}
function WithMapping(input) {
  return guard_exports.IsEqual(input.length, 2) ? input[1] : [];
}
function FactorIndexArray(Type2, indexArray) {
  return indexArray.reduce((result, left) => {
    const _left = left;
    return guard_exports.IsEqual(_left.length, 1) ? IndexDeferred(result, _left[0]) : guard_exports.IsEqual(_left.length, 0) ? _Array_(result) : Unreachable2();
  }, Type2);
}
function FactorExtends(type, extend) {
  return guard_exports.IsEqual(extend.length, 3) ? ConditionalDeferred(type, extend[0], extend[1], extend[2]) : type;
}
function FactorWith(type, withClause) {
  return guard_exports.IsArray(withClause) && guard_exports.IsEqual(withClause.length, 0) ? type : WithDeferred(type, withClause);
}
function FactorMapping(input) {
  const [keyOf, type, indexArray, extend, withClause] = input;
  return FactorWith(keyOf ? FactorExtends(KeyOfDeferred(FactorIndexArray(type, indexArray)), extend) : FactorExtends(FactorIndexArray(type, indexArray), extend), withClause);
}
function ExprBinaryMapping(left, rest) {
  return guard_exports.IsEqual(rest.length, 3) ? (() => {
    const [operator, right, next] = rest;
    const Schema = ExprBinaryMapping(right, next);
    if (guard_exports.IsEqual(operator, "&")) {
      return IsIntersect(Schema) ? Intersect([left, ...Schema.allOf]) : Intersect([left, Schema]);
    }
    if (guard_exports.IsEqual(operator, "|")) {
      return IsUnion(Schema) ? Union([left, ...Schema.anyOf]) : Union([left, Schema]);
    }
    Unreachable2();
  })() : left;
}
function ExprTermTailMapping(input) {
  return input;
}
function ExprTermMapping(input) {
  const [left, rest] = input;
  return ExprBinaryMapping(left, rest);
}
function ExprTailMapping(input) {
  return input;
}
function ExprMapping(input) {
  const [left, rest] = input;
  return ExprBinaryMapping(left, rest);
}
function ExprReadonlyMapping(input) {
  return AddImmutableDeferred(input[1]);
}
function ExprPipeMapping(input) {
  return input[1];
}
function GenericTypeMapping(input) {
  return Generic(input[0], input[2]);
}
function InferTypeMapping(input) {
  return guard_exports.IsEqual(input.length, 4) ? Infer(input[1], input[3]) : guard_exports.IsEqual(input.length, 2) ? Infer(input[1], Unknown()) : Unreachable2();
}
function TypeMapping(input) {
  return input;
}
function PropertyKeyNumberMapping(input) {
  return `${input}`;
}
function PropertyKeyIdentMapping(input) {
  return input;
}
function PropertyKeyQuotedMapping(input) {
  return input;
}
function PropertyKeyIndexMapping(input) {
  return IsInteger3(input[3]) ? IntegerKey : IsNumber4(input[3]) ? NumberKey : IsSymbol3(input[3]) ? StringKey : IsString4(input[3]) ? StringKey : Unreachable2();
}
function PropertyKeyMapping(input) {
  return input;
}
function ReadonlyMapping(input) {
  return input.length > 0;
}
function OptionalMapping(input) {
  return input.length > 0;
}
function PropertyMapping(input) {
  const [isReadonly, key, isOptional, _colon, type] = input;
  return {
    [key]: isReadonly && isOptional ? AddReadonlyDeferred(AddOptionalDeferred(type)) : isReadonly && !isOptional ? AddReadonlyDeferred(type) : !isReadonly && isOptional ? AddOptionalDeferred(type) : type
  };
}
function PropertyDelimiterMapping(input) {
  return input;
}
function PropertyListMapping(input) {
  return Delimited(input);
}
function PropertiesReduce(propertyList) {
  return propertyList.reduce((result, left) => {
    const isPatternProperties = guard_exports.HasPropertyKey(left, IntegerKey) || guard_exports.HasPropertyKey(left, NumberKey) || guard_exports.HasPropertyKey(left, StringKey);
    return isPatternProperties ? [result[0], memory_exports.Assign(result[1], left)] : [memory_exports.Assign(result[0], left), result[1]];
  }, [{}, {}]);
}
function PropertiesMapping(input) {
  return PropertiesReduce(input[1]);
}
function _Object_Mapping(input) {
  const [properties, patternProperties] = input;
  const options = guard_exports.IsEqual(guard_exports.Keys(patternProperties).length, 0) ? {} : { patternProperties };
  return _Object_(properties, options);
}
function ElementNamedMapping(input) {
  return guard_exports.IsEqual(input.length, 5) ? AddReadonlyDeferred(AddOptionalDeferred(input[4])) : guard_exports.IsEqual(input.length, 3) ? input[2] : guard_exports.IsEqual(input.length, 4) ? guard_exports.IsEqual(input[2], "readonly") ? AddReadonlyDeferred(input[3]) : AddOptionalDeferred(input[3]) : Unreachable2();
}
function ElementBaseMapping(input) {
  if (!guard_exports.IsArray(input) || !guard_exports.IsEqual(input.length, 3))
    return input;
  const [isReadonly, type, isOptional] = input;
  return isReadonly && isOptional ? AddReadonlyDeferred(AddOptionalDeferred(type)) : isReadonly && !isOptional ? AddReadonlyDeferred(type) : !isReadonly && isOptional ? AddOptionalDeferred(type) : type;
}
function ElementMapping(input) {
  return guard_exports.IsEqual(input.length, 2) ? Rest(input[1]) : guard_exports.IsEqual(input.length, 1) ? input[0] : Unreachable2();
}
function ElementListMapping(input) {
  return Delimited(input);
}
function _Tuple_Mapping(input) {
  return Tuple(input[1]);
}
function ParameterReadonlyOptionalMapping(input) {
  return AddReadonlyDeferred(AddOptionalDeferred(input[4]));
}
function ParameterReadonlyMapping(input) {
  return AddReadonlyDeferred(input[3]);
}
function ParameterOptionalMapping(input) {
  return AddOptionalDeferred(input[3]);
}
function ParameterTypeMapping(input) {
  return input[2];
}
function ParameterBaseMapping(input) {
  return input;
}
function ParameterMapping(input) {
  return guard_exports.IsEqual(input.length, 2) ? Rest(input[1]) : guard_exports.IsEqual(input.length, 1) ? input[0] : Unreachable2();
}
function ParameterListMapping(input) {
  return Delimited(input);
}
function _Function_Mapping(input) {
  return _Function_(input[1], input[4]);
}
function _Constructor_Mapping(input) {
  return Constructor(input[2], input[5]);
}
function ApplyReadonly(state2, type) {
  return guard_exports.IsEqual(state2, "remove") ? RemoveReadonlyDeferred(type) : guard_exports.IsEqual(state2, "add") ? AddReadonlyDeferred(type) : type;
}
function MappedReadonlyMapping(input) {
  return guard_exports.IsEqual(input.length, 2) && guard_exports.IsEqual(input[0], "-") ? "remove" : guard_exports.IsEqual(input.length, 2) && guard_exports.IsEqual(input[0], "+") ? "add" : guard_exports.IsEqual(input.length, 1) ? "add" : "none";
}
function ApplyOptional(state2, type) {
  return guard_exports.IsEqual(state2, "remove") ? RemoveOptionalDeferred(type) : guard_exports.IsEqual(state2, "add") ? AddOptionalDeferred(type) : type;
}
function MappedOptionalMapping(input) {
  return guard_exports.IsEqual(input.length, 2) && guard_exports.IsEqual(input[0], "-") ? "remove" : guard_exports.IsEqual(input.length, 2) && guard_exports.IsEqual(input[0], "+") ? "add" : guard_exports.IsEqual(input.length, 1) ? "add" : "none";
}
function MappedAsMapping(input) {
  return guard_exports.IsEqual(input.length, 2) ? [input[1]] : [];
}
function _Mapped_Mapping(input) {
  return guard_exports.IsArray(input[6]) && guard_exports.IsEqual(input[6].length, 1) ? MappedDeferred(Identifier(input[3]), input[5], input[6][0], ApplyReadonly(input[1], ApplyOptional(input[8], input[10]))) : MappedDeferred(Identifier(input[3]), input[5], Ref(input[3]), ApplyReadonly(input[1], ApplyOptional(input[8], input[10])));
}
function ReferenceMapping(input) {
  return Ref(input);
}
function WithBigIntMapping(input) {
  return BigInt(input);
}
function WithNumberMapping(input) {
  return parseFloat(input);
}
function WithBooleanMapping(input) {
  return guard_exports.IsEqual(input, "true");
}
function WithStringMapping(input) {
  return input;
}
function WithNullMapping(input) {
  return null;
}
function WithUndefinedMapping(input) {
  return void 0;
}
function WithPropertyMapping(input) {
  return { [input[0]]: input[2] };
}
function WithPropertyListMapping(input) {
  return Delimited(input);
}
function WithObjectMappingReduce(propertyList) {
  return propertyList.reduce((result, left) => {
    return memory_exports.Assign(result, left);
  }, {});
}
function WithObjectMapping(input) {
  return WithObjectMappingReduce(input[1]);
}
function WithElementListMapping(input) {
  return Delimited(input);
}
function WithArrayMapping(input) {
  return input[1];
}
function WithValueMapping(input) {
  return input;
}
function PatternBigIntMapping(input) {
  return BigInt2();
}
function PatternStringMapping(input) {
  return String2();
}
function PatternNumberMapping(input) {
  return Number2();
}
function PatternIntegerMapping(input) {
  return Integer();
}
function PatternNeverMapping(input) {
  return Never();
}
function PatternTextMapping(input) {
  return Literal(input);
}
function PatternBaseMapping(input) {
  return input;
}
function PatternGroupMapping(input) {
  return Union(input[1]);
}
function PatternUnionMapping(input) {
  return input.length === 3 ? [...input[0], ...input[2]] : input.length === 1 ? [...input[0]] : [];
}
function PatternTermMapping(input) {
  return [input[0], ...input[1]];
}
function PatternBodyMapping(input) {
  return input;
}
function PatternMapping(input) {
  return input[1];
}
function InterfaceDeclarationHeritageListMapping(input) {
  return Delimited(input);
}
function InterfaceDeclarationHeritageMapping(input) {
  return guard_exports.IsEqual(input.length, 2) ? input[1] : [];
}
function InterfaceDeclarationGenericMapping(input) {
  const parameters = input[2];
  const heritage = input[3];
  const [properties, patternProperties] = input[4];
  const options = guard_exports.IsEqual(guard_exports.Keys(patternProperties).length, 0) ? {} : { patternProperties };
  return { [input[1]]: Generic(parameters, InterfaceDeferred(heritage, properties, options)) };
}
function InterfaceDeclarationMapping(input) {
  const heritage = input[2];
  const [properties, patternProperties] = input[3];
  const options = guard_exports.IsEqual(guard_exports.Keys(patternProperties).length, 0) ? {} : { patternProperties };
  return { [input[1]]: InterfaceDeferred(heritage, properties, options) };
}
function TypeAliasDeclarationGenericMapping(input) {
  return { [input[1]]: Generic(input[2], input[4]) };
}
function TypeAliasDeclarationMapping(input) {
  return { [input[1]]: input[3] };
}
function ExportKeywordMapping(input) {
  return null;
}
function ModuleDeclarationDelimiterMapping(input) {
  return input;
}
function ModuleDeclarationListMapping(input) {
  return Delimited(input);
}
function ModuleDeclarationMapping(input) {
  return input[1];
}
function ModuleMapping(input) {
  const [moduleDeclaration, moduleDeclarationList] = [input[0], input[1]];
  return ModuleDeferred(memory_exports.Assign(moduleDeclaration, PropertiesReduce(moduleDeclarationList)[0]));
}
function ScriptMapping(input) {
  return input;
}

// node_modules/typebox/build/type/script/token/internal/match.mjs
function IsMatch(value) {
  return IsEqual(value.length, 2);
}
function Match2(input, ok, fail) {
  return IsMatch(input) ? ok(input[0], input[1]) : fail();
}

// node_modules/typebox/build/type/script/token/internal/take.mjs
function TakeVariant(variant, input) {
  return IsEqual(input.indexOf(variant), 0) ? [variant, input.slice(variant.length)] : [];
}
function Take(variants, input) {
  for (let i = 0; i < variants.length; i++) {
    const result = TakeVariant(variants[i], input);
    if (IsMatch(result))
      return result;
  }
  return [];
}

// node_modules/typebox/build/type/script/token/internal/char.mjs
function Range(start, end) {
  return Array.from({ length: end - start + 1 }, (_, i) => String.fromCharCode(start + i));
}
var Alpha = [
  ...Range(97, 122),
  // Lowercase
  ...Range(65, 90)
  // Uppercase
];
var Zero = "0";
var NonZero = Range(49, 57);
var Digit = [Zero, ...NonZero];
var WhiteSpace = " ";
var NewLine = "\n";
var UnderScore = "_";
var Dot = ".";
var DollarSign = "$";
var Hyphen = "-";

// node_modules/typebox/build/type/script/token/internal/trim.mjs
var LineComment = "//";
var OpenComment = "/*";
var CloseComment = "*/";
function DiscardMultilineComment(input) {
  const index3 = input.indexOf(CloseComment);
  const result = IsEqual(index3, -1) ? "" : input.slice(index3 + 2);
  return result;
}
function DiscardLineComment(input) {
  const index3 = input.indexOf(NewLine);
  const result = IsEqual(index3, -1) ? "" : input.slice(index3);
  return result;
}
function TrimStartUntilNewline(input) {
  return input.replace(/^[ \t\r\f\v]+/, "");
}
function TrimWhitespace(input) {
  const trimmed = TrimStartUntilNewline(input);
  return trimmed.startsWith(OpenComment) ? TrimWhitespace(DiscardMultilineComment(trimmed.slice(2))) : trimmed.startsWith(LineComment) ? TrimWhitespace(DiscardLineComment(trimmed.slice(2))) : trimmed;
}
function Trim(input) {
  const trimmed = input.trimStart();
  return trimmed.startsWith(OpenComment) ? Trim(DiscardMultilineComment(trimmed.slice(2))) : trimmed.startsWith(LineComment) ? Trim(DiscardLineComment(trimmed.slice(2))) : trimmed;
}

// node_modules/typebox/build/type/script/token/internal/optional.mjs
function Optional2(value, input) {
  return Match2(Take([value], input), (Optional4, Rest2) => [Optional4, Rest2], () => ["", input]);
}

// node_modules/typebox/build/type/script/token/internal/many.mjs
function IsDiscard(discard, input) {
  return discard.includes(input);
}
function Many(allowed, discard, input, result = "") {
  return Match2(Take(allowed, input), (Char, Rest2) => IsDiscard(discard, Char) ? Many(allowed, discard, Rest2, result) : Many(allowed, discard, Rest2, `${result}${Char}`), () => [result, input]);
}

// node_modules/typebox/build/type/script/token/unsigned_integer.mjs
function TakeNonZero(input) {
  return Take(NonZero, input);
}
var AllowedDigits = [...Digit, UnderScore];
function TakeDigits(input) {
  return Many(AllowedDigits, [UnderScore], input);
}
function TakeUnsignedInteger(input) {
  return Match2(Take([Zero], input), (Zero2, ZeroRest) => [Zero2, ZeroRest], () => Match2(
    TakeNonZero(input),
    (NonZero2, NonZeroRest) => Match2(TakeDigits(NonZeroRest), (Digits, DigitsRest) => [`${NonZero2}${Digits}`, DigitsRest], () => []),
    // fail: did not match Digits
    () => []
  ));
}
function UnsignedInteger(input) {
  return TakeUnsignedInteger(Trim(input));
}

// node_modules/typebox/build/type/script/token/integer.mjs
function TakeSign(input) {
  return Optional2(Hyphen, input);
}
function TakeSignedInteger(input) {
  return Match2(
    TakeSign(input),
    (Sign, SignRest) => Match2(UnsignedInteger(SignRest), (UnsignedInteger2, UnsignedIntegerRest) => [`${Sign}${UnsignedInteger2}`, UnsignedIntegerRest], () => []),
    // fail: did not match unsigned integer
    () => []
  );
}
function Integer2(input) {
  return TakeSignedInteger(Trim(input));
}

// node_modules/typebox/build/type/script/token/bigint.mjs
function TakeBigInt(input) {
  return Match2(
    Integer2(input),
    (Integer3, IntegerRest) => Match2(Take(["n"], IntegerRest), (_N, NRest) => [`${Integer3}`, NRest], () => []),
    // fail: did not match 'n'
    () => []
  );
}
function BigInt3(input) {
  return TakeBigInt(input);
}

// node_modules/typebox/build/type/script/token/const.mjs
function TakeConst(const_, input) {
  return Take([const_], input);
}
function Const(const_, input) {
  return IsEqual(const_, "") ? ["", input] : const_.startsWith(NewLine) ? TakeConst(const_, TrimWhitespace(input)) : const_.startsWith(WhiteSpace) ? TakeConst(const_, input) : TakeConst(const_, Trim(input));
}

// node_modules/typebox/build/type/script/token/ident.mjs
var Initial = [...Alpha, UnderScore, DollarSign];
function TakeInitial(input) {
  return Take(Initial, input);
}
var Remaining = [...Initial, ...Digit];
function TakeRemaining(input, result = "") {
  return Match2(Take(Remaining, input), (Remaining2, RemainingRest) => TakeRemaining(RemainingRest, `${result}${Remaining2}`), () => [result, input]);
}
function TakeIdent(input) {
  return Match2(
    TakeInitial(input),
    (Initial2, InitialRest) => Match2(TakeRemaining(InitialRest), (Remaining2, RemainingRest) => [`${Initial2}${Remaining2}`, RemainingRest], () => []),
    // fail: did not match Remaining
    () => []
  );
}
function Ident(input) {
  return TakeIdent(Trim(input));
}

// node_modules/typebox/build/type/script/token/unsigned_number.mjs
var AllowedDigits2 = [...Digit, UnderScore];
function IsLeadingDot(input) {
  return IsMatch(Take([Dot], input));
}
function TakeFractional(input) {
  return Match2(Many(AllowedDigits2, [UnderScore], input), (Digits, DigitsRest) => IsEqual(Digits, "") ? [] : [Digits, DigitsRest], () => []);
}
function LeadingDot(input) {
  return Match2(
    Take([Dot], input),
    (Dot2, DotRest) => Match2(TakeFractional(DotRest), (Fractional, FractionalRest) => [`0${Dot2}${Fractional}`, FractionalRest], () => []),
    // fail: did not match Fractional
    () => []
  );
}
function LeadingInteger(input) {
  return Match2(
    UnsignedInteger(input),
    (Integer3, IntegerRest) => Match2(
      Take([Dot], IntegerRest),
      (Dot2, DotRest) => Match2(TakeFractional(DotRest), (Fractional, FractionalRest) => [`${Integer3}${Dot2}${Fractional}`, FractionalRest], () => [`${Integer3}`, DotRest]),
      // fail: did not match Fractional, use Integer
      () => [`${Integer3}`, IntegerRest]
    ),
    // fail: did not match Dot, use Integer
    () => []
  );
}
function TakeUnsignedNumber(input) {
  return IsLeadingDot(input) ? LeadingDot(input) : LeadingInteger(input);
}
function UnsignedNumber(input) {
  return TakeUnsignedNumber(Trim(input));
}

// node_modules/typebox/build/type/script/token/number.mjs
function TakeSign2(input) {
  return Optional2(Hyphen, input);
}
function TakeSignedNumber(input) {
  return Match2(
    TakeSign2(input),
    (Sign, SignRest) => Match2(UnsignedNumber(SignRest), (UnsignedInteger2, UnsignedIntegerRest) => [`${Sign}${UnsignedInteger2}`, UnsignedIntegerRest], () => []),
    // fail: did not match unsigned integer
    () => []
  );
}
function Number3(input) {
  return TakeSignedNumber(Trim(input));
}

// node_modules/typebox/build/type/script/token/until.mjs
function TakeOne(input) {
  const result = IsEqual(input, "") ? [] : [input.slice(0, 1), input.slice(1)];
  return result;
}
function IsInputMatchSentinal(end, input) {
  return ShiftLeft(end, (left, right) => input.startsWith(left) ? true : IsInputMatchSentinal(right, input), () => false);
}
function Until(end, input, result = "") {
  return Match2(
    TakeOne(input),
    (One, Rest2) => IsInputMatchSentinal(end, input) ? [result, input] : Until(end, Rest2, `${result}${One}`),
    () => []
  );
}

// node_modules/typebox/build/type/script/token/span.mjs
function MultiLine(start, end, input) {
  return Match2(
    Take([start], input),
    (_, Rest2) => Match2(
      Until([end], Rest2),
      (Until2, UntilRest) => Match2(Take([end], UntilRest), (_2, Rest3) => [`${Until2}`, Rest3], () => []),
      // fail: did not match End
      () => []
    ),
    // fail: did not match Until
    () => []
  );
}
function SingleLine(start, end, input) {
  return Match2(
    Take([start], input),
    (_, Rest2) => Match2(
      Until([NewLine, end], Rest2),
      (Until2, UntilRest) => Match2(Take([end], UntilRest), (_2, EndRest) => [`${Until2}`, EndRest], () => []),
      // fail: did not match End
      () => []
    ),
    // fail: did not match Until
    () => []
  );
}
function Span(start, end, multiLine, input) {
  return multiLine ? MultiLine(start, end, Trim(input)) : SingleLine(start, end, Trim(input));
}

// node_modules/typebox/build/type/script/token/string.mjs
function TakeInitial2(quotes, input) {
  return Take(quotes, input);
}
function TakeSpan(quote, input) {
  return Span(quote, quote, false, input);
}
function TakeString(quotes, input) {
  return Match2(TakeInitial2(quotes, input), (Initial2, InitialRest) => TakeSpan(Initial2, `${Initial2}${InitialRest}`), () => []);
}
function String3(quotes, input) {
  return TakeString(quotes, Trim(input));
}

// node_modules/typebox/build/type/script/token/until_1.mjs
function Until_1(end, input) {
  return Match2(Until(end, input), (Until2, UntilRest) => IsEqual(Until2, "") ? [] : [Until2, UntilRest], () => []);
}

// node_modules/typebox/build/type/script/parser.mjs
var If2 = (result, left, right = () => []) => result.length === 2 ? left(result) : right();
var GenericParameterExtendsEquals = (input) => If2(If2(Ident(input), ([_0, input2]) => If2(Const("extends", input2), ([_1, input3]) => If2(Type(input3), ([_2, input4]) => If2(Const("=", input4), ([_3, input5]) => If2(Type(input5), ([_4, input6]) => [[_0, _1, _2, _3, _4], input6]))))), ([_0, input2]) => [GenericParameterExtendsEqualsMapping(_0), input2]);
var GenericParameterExtends = (input) => If2(If2(Ident(input), ([_0, input2]) => If2(Const("extends", input2), ([_1, input3]) => If2(Type(input3), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [GenericParameterExtendsMapping(_0), input2]);
var GenericParameterEquals = (input) => If2(If2(Ident(input), ([_0, input2]) => If2(Const("=", input2), ([_1, input3]) => If2(Type(input3), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [GenericParameterEqualsMapping(_0), input2]);
var GenericParameterIdentifier = (input) => If2(Ident(input), ([_0, input2]) => [GenericParameterIdentifierMapping(_0), input2]);
var GenericParameter = (input) => If2(If2(GenericParameterExtendsEquals(input), ([_0, input2]) => [_0, input2], () => If2(GenericParameterExtends(input), ([_0, input2]) => [_0, input2], () => If2(GenericParameterEquals(input), ([_0, input2]) => [_0, input2], () => If2(GenericParameterIdentifier(input), ([_0, input2]) => [_0, input2], () => [])))), ([_0, input2]) => [GenericParameterMapping(_0), input2]);
var GenericParameterList_0 = (input, result = []) => If2(If2(Const(",", input), ([_0, input2]) => If2(GenericParameter(input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => GenericParameterList_0(input2, [...result, _0]), () => [result, input]);
var GenericParameterList = (input) => If2(If2(If2(GenericParameter(input), ([_0, input2]) => If2(GenericParameterList_0(input2), ([_1, input3]) => If2(If2(Const(",", input3), ([_02, input4]) => [[_02], input4], () => [[], input3]), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [_0, input2], () => If2([[], input], ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => [GenericParameterListMapping(_0), input2]);
var GenericParameters = (input) => If2(If2(Const("<", input), ([_0, input2]) => If2(GenericParameterList(input2), ([_1, input3]) => If2(Const(">", input3), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [GenericParametersMapping(_0), input2]);
var GenericCallArgumentList_0 = (input, result = []) => If2(If2(Const(",", input), ([_0, input2]) => If2(Type(input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => GenericCallArgumentList_0(input2, [...result, _0]), () => [result, input]);
var GenericCallArgumentList = (input) => If2(If2(If2(Type(input), ([_0, input2]) => If2(GenericCallArgumentList_0(input2), ([_1, input3]) => If2(If2(Const(",", input3), ([_02, input4]) => [[_02], input4], () => [[], input3]), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [_0, input2], () => If2([[], input], ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => [GenericCallArgumentListMapping(_0), input2]);
var GenericCallArguments = (input) => If2(If2(Const("<", input), ([_0, input2]) => If2(GenericCallArgumentList(input2), ([_1, input3]) => If2(Const(">", input3), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [GenericCallArgumentsMapping(_0), input2]);
var GenericCall = (input) => If2(If2(Ident(input), ([_0, input2]) => If2(GenericCallArguments(input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => [GenericCallMapping(_0), input2]);
var OptionalSemiColon = (input) => If2(If2(If2(Const(";", input), ([_0, input2]) => [[_0], input2]), ([_0, input2]) => [_0, input2], () => If2([[], input], ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => [OptionalSemiColonMapping(_0), input2]);
var KeywordString = (input) => If2(Const("string", input), ([_0, input2]) => [KeywordStringMapping(_0), input2]);
var KeywordNumber = (input) => If2(Const("number", input), ([_0, input2]) => [KeywordNumberMapping(_0), input2]);
var KeywordBoolean = (input) => If2(Const("boolean", input), ([_0, input2]) => [KeywordBooleanMapping(_0), input2]);
var KeywordUndefined = (input) => If2(Const("undefined", input), ([_0, input2]) => [KeywordUndefinedMapping(_0), input2]);
var KeywordNull = (input) => If2(Const("null", input), ([_0, input2]) => [KeywordNullMapping(_0), input2]);
var KeywordInteger = (input) => If2(Const("integer", input), ([_0, input2]) => [KeywordIntegerMapping(_0), input2]);
var KeywordBigInt = (input) => If2(Const("bigint", input), ([_0, input2]) => [KeywordBigIntMapping(_0), input2]);
var KeywordUnknown = (input) => If2(Const("unknown", input), ([_0, input2]) => [KeywordUnknownMapping(_0), input2]);
var KeywordAny = (input) => If2(Const("any", input), ([_0, input2]) => [KeywordAnyMapping(_0), input2]);
var KeywordObject = (input) => If2(Const("object", input), ([_0, input2]) => [KeywordObjectMapping(_0), input2]);
var KeywordNever = (input) => If2(Const("never", input), ([_0, input2]) => [KeywordNeverMapping(_0), input2]);
var KeywordSymbol = (input) => If2(Const("symbol", input), ([_0, input2]) => [KeywordSymbolMapping(_0), input2]);
var KeywordVoid = (input) => If2(Const("void", input), ([_0, input2]) => [KeywordVoidMapping(_0), input2]);
var KeywordThis = (input) => If2(Const("this", input), ([_0, input2]) => [KeywordThisMapping(_0), input2]);
var TemplateInterpolate = (input) => If2(If2(Const("${", input), ([_0, input2]) => If2(Type(input2), ([_1, input3]) => If2(Const("}", input3), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [TemplateInterpolateMapping(_0), input2]);
var TemplateSpan = (input) => If2(Until(["${", "`"], input), ([_0, input2]) => [TemplateSpanMapping(_0), input2]);
var TemplateBody = (input) => If2(If2(If2(TemplateSpan(input), ([_0, input2]) => If2(TemplateInterpolate(input2), ([_1, input3]) => If2(TemplateBody(input3), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [_0, input2], () => If2(If2(TemplateSpan(input), ([_0, input2]) => [[_0], input2]), ([_0, input2]) => [_0, input2], () => If2(If2(TemplateSpan(input), ([_0, input2]) => [[_0], input2]), ([_0, input2]) => [_0, input2], () => []))), ([_0, input2]) => [TemplateBodyMapping(_0), input2]);
var TemplateLiteralTypes = (input) => If2(If2(Const("`", input), ([_0, input2]) => If2(TemplateBody(input2), ([_1, input3]) => If2(Const("`", input3), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [TemplateLiteralTypesMapping(_0), input2]);
var TemplateLiteral = (input) => If2(TemplateLiteralTypes(input), ([_0, input2]) => [TemplateLiteralMapping(_0), input2]);
var Dependent2 = (input) => If2(If2(If2(Const("if", input), ([_0, input2]) => If2(Type(input2), ([_1, input3]) => If2(Const("then", input3), ([_2, input4]) => If2(Type(input4), ([_3, input5]) => If2(Const("else", input5), ([_4, input6]) => If2(Type(input6), ([_5, input7]) => [[_0, _1, _2, _3, _4, _5], input7])))))), ([_0, input2]) => [_0, input2], () => If2(If2(Const("if", input), ([_0, input2]) => If2(Type(input2), ([_1, input3]) => If2(Const("then", input3), ([_2, input4]) => If2(Type(input4), ([_3, input5]) => [[_0, _1, _2, _3], input5])))), ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => [DependentMapping(_0), input2]);
var LiteralBigInt = (input) => If2(BigInt3(input), ([_0, input2]) => [LiteralBigIntMapping(_0), input2]);
var LiteralBoolean = (input) => If2(If2(Const("true", input), ([_0, input2]) => [_0, input2], () => If2(Const("false", input), ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => [LiteralBooleanMapping(_0), input2]);
var LiteralNumber = (input) => If2(Number3(input), ([_0, input2]) => [LiteralNumberMapping(_0), input2]);
var LiteralString = (input) => If2(String3(["'", '"'], input), ([_0, input2]) => [LiteralStringMapping(_0), input2]);
var KeyOf = (input) => If2(If2(If2(Const("keyof", input), ([_0, input2]) => [[_0], input2]), ([_0, input2]) => [_0, input2], () => If2([[], input], ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => [KeyOfMapping(_0), input2]);
var IndexArray_0 = (input, result = []) => If2(If2(If2(Const("[", input), ([_0, input2]) => If2(Type(input2), ([_1, input3]) => If2(Const("]", input3), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [_0, input2], () => If2(If2(Const("[", input), ([_0, input2]) => If2(Const("]", input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => IndexArray_0(input2, [...result, _0]), () => [result, input]);
var IndexArray = (input) => If2(IndexArray_0(input), ([_0, input2]) => [IndexArrayMapping(_0), input2]);
var Extends2 = (input) => If2(If2(If2(Const("extends", input), ([_0, input2]) => If2(Type(input2), ([_1, input3]) => If2(Const("?", input3), ([_2, input4]) => If2(Type(input4), ([_3, input5]) => If2(Const(":", input5), ([_4, input6]) => If2(Type(input6), ([_5, input7]) => [[_0, _1, _2, _3, _4, _5], input7])))))), ([_0, input2]) => [_0, input2], () => If2([[], input], ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => [ExtendsMapping(_0), input2]);
var Base = (input) => If2(If2(If2(Const("(", input), ([_0, input2]) => If2(Type(input2), ([_1, input3]) => If2(Const(")", input3), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [_0, input2], () => If2(KeywordString(input), ([_0, input2]) => [_0, input2], () => If2(KeywordNumber(input), ([_0, input2]) => [_0, input2], () => If2(KeywordBoolean(input), ([_0, input2]) => [_0, input2], () => If2(KeywordUndefined(input), ([_0, input2]) => [_0, input2], () => If2(KeywordNull(input), ([_0, input2]) => [_0, input2], () => If2(KeywordInteger(input), ([_0, input2]) => [_0, input2], () => If2(KeywordBigInt(input), ([_0, input2]) => [_0, input2], () => If2(KeywordUnknown(input), ([_0, input2]) => [_0, input2], () => If2(KeywordAny(input), ([_0, input2]) => [_0, input2], () => If2(KeywordObject(input), ([_0, input2]) => [_0, input2], () => If2(KeywordNever(input), ([_0, input2]) => [_0, input2], () => If2(KeywordSymbol(input), ([_0, input2]) => [_0, input2], () => If2(KeywordVoid(input), ([_0, input2]) => [_0, input2], () => If2(KeywordThis(input), ([_0, input2]) => [_0, input2], () => If2(LiteralBigInt(input), ([_0, input2]) => [_0, input2], () => If2(LiteralBoolean(input), ([_0, input2]) => [_0, input2], () => If2(LiteralNumber(input), ([_0, input2]) => [_0, input2], () => If2(LiteralString(input), ([_0, input2]) => [_0, input2], () => If2(TemplateLiteral(input), ([_0, input2]) => [_0, input2], () => If2(Dependent2(input), ([_0, input2]) => [_0, input2], () => If2(_Object_2(input), ([_0, input2]) => [_0, input2], () => If2(_Tuple_(input), ([_0, input2]) => [_0, input2], () => If2(_Constructor_(input), ([_0, input2]) => [_0, input2], () => If2(_Function_2(input), ([_0, input2]) => [_0, input2], () => If2(_Mapped_(input), ([_0, input2]) => [_0, input2], () => If2(GenericCall(input), ([_0, input2]) => [_0, input2], () => If2(Reference(input), ([_0, input2]) => [_0, input2], () => [])))))))))))))))))))))))))))), ([_0, input2]) => [BaseMapping(_0), input2]);
var With = (input) => If2(If2(If2(Const("with", input), ([_0, input2]) => If2(WithObject(input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => [_0, input2], () => If2([[], input], ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => [WithMapping(_0), input2]);
var Factor = (input) => If2(If2(KeyOf(input), ([_0, input2]) => If2(Base(input2), ([_1, input3]) => If2(IndexArray(input3), ([_2, input4]) => If2(Extends2(input4), ([_3, input5]) => If2(With(input5), ([_4, input6]) => [[_0, _1, _2, _3, _4], input6]))))), ([_0, input2]) => [FactorMapping(_0), input2]);
var ExprTermTail = (input) => If2(If2(If2(Const("&", input), ([_0, input2]) => If2(Factor(input2), ([_1, input3]) => If2(ExprTermTail(input3), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [_0, input2], () => If2([[], input], ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => [ExprTermTailMapping(_0), input2]);
var ExprTerm = (input) => If2(If2(Factor(input), ([_0, input2]) => If2(ExprTermTail(input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => [ExprTermMapping(_0), input2]);
var ExprTail = (input) => If2(If2(If2(Const("|", input), ([_0, input2]) => If2(ExprTerm(input2), ([_1, input3]) => If2(ExprTail(input3), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [_0, input2], () => If2([[], input], ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => [ExprTailMapping(_0), input2]);
var Expr = (input) => If2(If2(ExprTerm(input), ([_0, input2]) => If2(ExprTail(input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => [ExprMapping(_0), input2]);
var ExprReadonly = (input) => If2(If2(Const("readonly", input), ([_0, input2]) => If2(Expr(input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => [ExprReadonlyMapping(_0), input2]);
var ExprPipe = (input) => If2(If2(Const("|", input), ([_0, input2]) => If2(Expr(input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => [ExprPipeMapping(_0), input2]);
var GenericType = (input) => If2(If2(GenericParameters(input), ([_0, input2]) => If2(Const("=", input2), ([_1, input3]) => If2(Type(input3), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [GenericTypeMapping(_0), input2]);
var InferType = (input) => If2(If2(If2(Const("infer", input), ([_0, input2]) => If2(Ident(input2), ([_1, input3]) => If2(Const("extends", input3), ([_2, input4]) => If2(Expr(input4), ([_3, input5]) => [[_0, _1, _2, _3], input5])))), ([_0, input2]) => [_0, input2], () => If2(If2(Const("infer", input), ([_0, input2]) => If2(Ident(input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => [InferTypeMapping(_0), input2]);
var Type = (input) => If2(If2(InferType(input), ([_0, input2]) => [_0, input2], () => If2(ExprPipe(input), ([_0, input2]) => [_0, input2], () => If2(ExprReadonly(input), ([_0, input2]) => [_0, input2], () => If2(Expr(input), ([_0, input2]) => [_0, input2], () => [])))), ([_0, input2]) => [TypeMapping(_0), input2]);
var PropertyKeyNumber = (input) => If2(Number3(input), ([_0, input2]) => [PropertyKeyNumberMapping(_0), input2]);
var PropertyKeyIdent = (input) => If2(Ident(input), ([_0, input2]) => [PropertyKeyIdentMapping(_0), input2]);
var PropertyKeyQuoted = (input) => If2(String3(["'", '"'], input), ([_0, input2]) => [PropertyKeyQuotedMapping(_0), input2]);
var PropertyKeyIndex = (input) => If2(If2(Const("[", input), ([_0, input2]) => If2(Ident(input2), ([_1, input3]) => If2(Const(":", input3), ([_2, input4]) => If2(If2(KeywordInteger(input4), ([_02, input5]) => [_02, input5], () => If2(KeywordNumber(input4), ([_02, input5]) => [_02, input5], () => If2(KeywordString(input4), ([_02, input5]) => [_02, input5], () => If2(KeywordSymbol(input4), ([_02, input5]) => [_02, input5], () => [])))), ([_3, input5]) => If2(Const("]", input5), ([_4, input6]) => [[_0, _1, _2, _3, _4], input6]))))), ([_0, input2]) => [PropertyKeyIndexMapping(_0), input2]);
var PropertyKey = (input) => If2(If2(PropertyKeyNumber(input), ([_0, input2]) => [_0, input2], () => If2(PropertyKeyIdent(input), ([_0, input2]) => [_0, input2], () => If2(PropertyKeyQuoted(input), ([_0, input2]) => [_0, input2], () => If2(PropertyKeyIndex(input), ([_0, input2]) => [_0, input2], () => [])))), ([_0, input2]) => [PropertyKeyMapping(_0), input2]);
var Readonly2 = (input) => If2(If2(If2(Const("readonly", input), ([_0, input2]) => [[_0], input2]), ([_0, input2]) => [_0, input2], () => If2([[], input], ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => [ReadonlyMapping(_0), input2]);
var Optional3 = (input) => If2(If2(If2(Const("?", input), ([_0, input2]) => [[_0], input2]), ([_0, input2]) => [_0, input2], () => If2([[], input], ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => [OptionalMapping(_0), input2]);
var Property = (input) => If2(If2(Readonly2(input), ([_0, input2]) => If2(PropertyKey(input2), ([_1, input3]) => If2(Optional3(input3), ([_2, input4]) => If2(Const(":", input4), ([_3, input5]) => If2(Type(input5), ([_4, input6]) => [[_0, _1, _2, _3, _4], input6]))))), ([_0, input2]) => [PropertyMapping(_0), input2]);
var PropertyDelimiter = (input) => If2(If2(If2(Const(",", input), ([_0, input2]) => If2(Const("\n", input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => [_0, input2], () => If2(If2(Const(";", input), ([_0, input2]) => If2(Const("\n", input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => [_0, input2], () => If2(If2(Const(",", input), ([_0, input2]) => [[_0], input2]), ([_0, input2]) => [_0, input2], () => If2(If2(Const(";", input), ([_0, input2]) => [[_0], input2]), ([_0, input2]) => [_0, input2], () => If2(If2(Const("\n", input), ([_0, input2]) => [[_0], input2]), ([_0, input2]) => [_0, input2], () => []))))), ([_0, input2]) => [PropertyDelimiterMapping(_0), input2]);
var PropertyList_0 = (input, result = []) => If2(If2(PropertyDelimiter(input), ([_0, input2]) => If2(Property(input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => PropertyList_0(input2, [...result, _0]), () => [result, input]);
var PropertyList = (input) => If2(If2(If2(Property(input), ([_0, input2]) => If2(PropertyList_0(input2), ([_1, input3]) => If2(If2(PropertyDelimiter(input3), ([_02, input4]) => [[_02], input4], () => [[], input3]), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [_0, input2], () => If2([[], input], ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => [PropertyListMapping(_0), input2]);
var Properties = (input) => If2(If2(Const("{", input), ([_0, input2]) => If2(PropertyList(input2), ([_1, input3]) => If2(Const("}", input3), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [PropertiesMapping(_0), input2]);
var _Object_2 = (input) => If2(Properties(input), ([_0, input2]) => [_Object_Mapping(_0), input2]);
var ElementNamed = (input) => If2(If2(If2(Ident(input), ([_0, input2]) => If2(Const("?", input2), ([_1, input3]) => If2(Const(":", input3), ([_2, input4]) => If2(Const("readonly", input4), ([_3, input5]) => If2(Type(input5), ([_4, input6]) => [[_0, _1, _2, _3, _4], input6]))))), ([_0, input2]) => [_0, input2], () => If2(If2(Ident(input), ([_0, input2]) => If2(Const(":", input2), ([_1, input3]) => If2(Const("readonly", input3), ([_2, input4]) => If2(Type(input4), ([_3, input5]) => [[_0, _1, _2, _3], input5])))), ([_0, input2]) => [_0, input2], () => If2(If2(Ident(input), ([_0, input2]) => If2(Const("?", input2), ([_1, input3]) => If2(Const(":", input3), ([_2, input4]) => If2(Type(input4), ([_3, input5]) => [[_0, _1, _2, _3], input5])))), ([_0, input2]) => [_0, input2], () => If2(If2(Ident(input), ([_0, input2]) => If2(Const(":", input2), ([_1, input3]) => If2(Type(input3), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [_0, input2], () => [])))), ([_0, input2]) => [ElementNamedMapping(_0), input2]);
var ElementBase = (input) => If2(If2(ElementNamed(input), ([_0, input2]) => [_0, input2], () => If2(If2(Readonly2(input), ([_0, input2]) => If2(Type(input2), ([_1, input3]) => If2(Optional3(input3), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => [ElementBaseMapping(_0), input2]);
var Element = (input) => If2(If2(If2(Const("...", input), ([_0, input2]) => If2(ElementBase(input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => [_0, input2], () => If2(If2(ElementBase(input), ([_0, input2]) => [[_0], input2]), ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => [ElementMapping(_0), input2]);
var ElementList_0 = (input, result = []) => If2(If2(Const(",", input), ([_0, input2]) => If2(Element(input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => ElementList_0(input2, [...result, _0]), () => [result, input]);
var ElementList = (input) => If2(If2(If2(Element(input), ([_0, input2]) => If2(ElementList_0(input2), ([_1, input3]) => If2(If2(Const(",", input3), ([_02, input4]) => [[_02], input4], () => [[], input3]), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [_0, input2], () => If2([[], input], ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => [ElementListMapping(_0), input2]);
var _Tuple_ = (input) => If2(If2(Const("[", input), ([_0, input2]) => If2(ElementList(input2), ([_1, input3]) => If2(Const("]", input3), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [_Tuple_Mapping(_0), input2]);
var ParameterReadonlyOptional = (input) => If2(If2(Ident(input), ([_0, input2]) => If2(Const("?", input2), ([_1, input3]) => If2(Const(":", input3), ([_2, input4]) => If2(Const("readonly", input4), ([_3, input5]) => If2(Type(input5), ([_4, input6]) => [[_0, _1, _2, _3, _4], input6]))))), ([_0, input2]) => [ParameterReadonlyOptionalMapping(_0), input2]);
var ParameterReadonly = (input) => If2(If2(Ident(input), ([_0, input2]) => If2(Const(":", input2), ([_1, input3]) => If2(Const("readonly", input3), ([_2, input4]) => If2(Type(input4), ([_3, input5]) => [[_0, _1, _2, _3], input5])))), ([_0, input2]) => [ParameterReadonlyMapping(_0), input2]);
var ParameterOptional = (input) => If2(If2(Ident(input), ([_0, input2]) => If2(Const("?", input2), ([_1, input3]) => If2(Const(":", input3), ([_2, input4]) => If2(Type(input4), ([_3, input5]) => [[_0, _1, _2, _3], input5])))), ([_0, input2]) => [ParameterOptionalMapping(_0), input2]);
var ParameterType = (input) => If2(If2(Ident(input), ([_0, input2]) => If2(Const(":", input2), ([_1, input3]) => If2(Type(input3), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [ParameterTypeMapping(_0), input2]);
var ParameterBase = (input) => If2(If2(ParameterReadonlyOptional(input), ([_0, input2]) => [_0, input2], () => If2(ParameterReadonly(input), ([_0, input2]) => [_0, input2], () => If2(ParameterOptional(input), ([_0, input2]) => [_0, input2], () => If2(ParameterType(input), ([_0, input2]) => [_0, input2], () => [])))), ([_0, input2]) => [ParameterBaseMapping(_0), input2]);
var Parameter2 = (input) => If2(If2(If2(Const("...", input), ([_0, input2]) => If2(ParameterBase(input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => [_0, input2], () => If2(If2(ParameterBase(input), ([_0, input2]) => [[_0], input2]), ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => [ParameterMapping(_0), input2]);
var ParameterList_0 = (input, result = []) => If2(If2(Const(",", input), ([_0, input2]) => If2(Parameter2(input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => ParameterList_0(input2, [...result, _0]), () => [result, input]);
var ParameterList = (input) => If2(If2(If2(Parameter2(input), ([_0, input2]) => If2(ParameterList_0(input2), ([_1, input3]) => If2(If2(Const(",", input3), ([_02, input4]) => [[_02], input4], () => [[], input3]), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [_0, input2], () => If2([[], input], ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => [ParameterListMapping(_0), input2]);
var _Function_2 = (input) => If2(If2(Const("(", input), ([_0, input2]) => If2(ParameterList(input2), ([_1, input3]) => If2(Const(")", input3), ([_2, input4]) => If2(Const("=>", input4), ([_3, input5]) => If2(Type(input5), ([_4, input6]) => [[_0, _1, _2, _3, _4], input6]))))), ([_0, input2]) => [_Function_Mapping(_0), input2]);
var _Constructor_ = (input) => If2(If2(Const("new", input), ([_0, input2]) => If2(Const("(", input2), ([_1, input3]) => If2(ParameterList(input3), ([_2, input4]) => If2(Const(")", input4), ([_3, input5]) => If2(Const("=>", input5), ([_4, input6]) => If2(Type(input6), ([_5, input7]) => [[_0, _1, _2, _3, _4, _5], input7])))))), ([_0, input2]) => [_Constructor_Mapping(_0), input2]);
var MappedReadonly = (input) => If2(If2(If2(Const("+", input), ([_0, input2]) => If2(Const("readonly", input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => [_0, input2], () => If2(If2(Const("-", input), ([_0, input2]) => If2(Const("readonly", input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => [_0, input2], () => If2(If2(Const("readonly", input), ([_0, input2]) => [[_0], input2]), ([_0, input2]) => [_0, input2], () => If2([[], input], ([_0, input2]) => [_0, input2], () => [])))), ([_0, input2]) => [MappedReadonlyMapping(_0), input2]);
var MappedOptional = (input) => If2(If2(If2(Const("+", input), ([_0, input2]) => If2(Const("?", input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => [_0, input2], () => If2(If2(Const("-", input), ([_0, input2]) => If2(Const("?", input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => [_0, input2], () => If2(If2(Const("?", input), ([_0, input2]) => [[_0], input2]), ([_0, input2]) => [_0, input2], () => If2([[], input], ([_0, input2]) => [_0, input2], () => [])))), ([_0, input2]) => [MappedOptionalMapping(_0), input2]);
var MappedAs = (input) => If2(If2(If2(Const("as", input), ([_0, input2]) => If2(Type(input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => [_0, input2], () => If2([[], input], ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => [MappedAsMapping(_0), input2]);
var _Mapped_ = (input) => If2(If2(Const("{", input), ([_0, input2]) => If2(MappedReadonly(input2), ([_1, input3]) => If2(Const("[", input3), ([_2, input4]) => If2(Ident(input4), ([_3, input5]) => If2(Const("in", input5), ([_4, input6]) => If2(Type(input6), ([_5, input7]) => If2(MappedAs(input7), ([_6, input8]) => If2(Const("]", input8), ([_7, input9]) => If2(MappedOptional(input9), ([_8, input10]) => If2(Const(":", input10), ([_9, input11]) => If2(Type(input11), ([_10, input12]) => If2(OptionalSemiColon(input12), ([_11, input13]) => If2(Const("}", input13), ([_12, input14]) => [[_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12], input14]))))))))))))), ([_0, input2]) => [_Mapped_Mapping(_0), input2]);
var Reference = (input) => If2(Ident(input), ([_0, input2]) => [ReferenceMapping(_0), input2]);
var WithBigInt = (input) => If2(BigInt3(input), ([_0, input2]) => [WithBigIntMapping(_0), input2]);
var WithNumber = (input) => If2(Number3(input), ([_0, input2]) => [WithNumberMapping(_0), input2]);
var WithBoolean = (input) => If2(If2(Const("true", input), ([_0, input2]) => [_0, input2], () => If2(Const("false", input), ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => [WithBooleanMapping(_0), input2]);
var WithString = (input) => If2(String3(['"', "'"], input), ([_0, input2]) => [WithStringMapping(_0), input2]);
var WithNull = (input) => If2(Const("null", input), ([_0, input2]) => [WithNullMapping(_0), input2]);
var WithUndefined = (input) => If2(Const("undefined", input), ([_0, input2]) => [WithUndefinedMapping(_0), input2]);
var WithProperty = (input) => If2(If2(PropertyKey(input), ([_0, input2]) => If2(Const(":", input2), ([_1, input3]) => If2(WithValue(input3), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [WithPropertyMapping(_0), input2]);
var WithPropertyList_0 = (input, result = []) => If2(If2(PropertyDelimiter(input), ([_0, input2]) => If2(WithProperty(input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => WithPropertyList_0(input2, [...result, _0]), () => [result, input]);
var WithPropertyList = (input) => If2(If2(If2(WithProperty(input), ([_0, input2]) => If2(WithPropertyList_0(input2), ([_1, input3]) => If2(If2(PropertyDelimiter(input3), ([_02, input4]) => [[_02], input4], () => [[], input3]), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [_0, input2], () => If2([[], input], ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => [WithPropertyListMapping(_0), input2]);
var WithObject = (input) => If2(If2(Const("{", input), ([_0, input2]) => If2(WithPropertyList(input2), ([_1, input3]) => If2(Const("}", input3), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [WithObjectMapping(_0), input2]);
var WithElementList_0 = (input, result = []) => If2(If2(Const(",", input), ([_0, input2]) => If2(WithValue(input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => WithElementList_0(input2, [...result, _0]), () => [result, input]);
var WithElementList = (input) => If2(If2(If2(WithValue(input), ([_0, input2]) => If2(WithElementList_0(input2), ([_1, input3]) => If2(If2(Const(",", input3), ([_02, input4]) => [[_02], input4], () => [[], input3]), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [_0, input2], () => If2([[], input], ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => [WithElementListMapping(_0), input2]);
var WithArray = (input) => If2(If2(Const("[", input), ([_0, input2]) => If2(WithElementList(input2), ([_1, input3]) => If2(Const("]", input3), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [WithArrayMapping(_0), input2]);
var WithValue = (input) => If2(If2(WithBigInt(input), ([_0, input2]) => [_0, input2], () => If2(WithNumber(input), ([_0, input2]) => [_0, input2], () => If2(WithBoolean(input), ([_0, input2]) => [_0, input2], () => If2(WithString(input), ([_0, input2]) => [_0, input2], () => If2(WithNull(input), ([_0, input2]) => [_0, input2], () => If2(WithUndefined(input), ([_0, input2]) => [_0, input2], () => If2(WithObject(input), ([_0, input2]) => [_0, input2], () => If2(WithArray(input), ([_0, input2]) => [_0, input2], () => [])))))))), ([_0, input2]) => [WithValueMapping(_0), input2]);
var PatternBigInt = (input) => If2(Const("-?(?:0|[1-9][0-9]*)n", input), ([_0, input2]) => [PatternBigIntMapping(_0), input2]);
var PatternString = (input) => If2(Const(".*", input), ([_0, input2]) => [PatternStringMapping(_0), input2]);
var PatternNumber = (input) => If2(Const("-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?", input), ([_0, input2]) => [PatternNumberMapping(_0), input2]);
var PatternInteger = (input) => If2(Const("-?(?:0|[1-9][0-9]*)", input), ([_0, input2]) => [PatternIntegerMapping(_0), input2]);
var PatternNever = (input) => If2(Const("(?!)", input), ([_0, input2]) => [PatternNeverMapping(_0), input2]);
var PatternText = (input) => If2(Until_1(["-?(?:0|[1-9][0-9]*)n", ".*", "-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?", "-?(?:0|[1-9][0-9]*)", "(?!)", "(", ")", "$", "|"], input), ([_0, input2]) => [PatternTextMapping(_0), input2]);
var PatternBase = (input) => If2(If2(PatternBigInt(input), ([_0, input2]) => [_0, input2], () => If2(PatternString(input), ([_0, input2]) => [_0, input2], () => If2(PatternNumber(input), ([_0, input2]) => [_0, input2], () => If2(PatternInteger(input), ([_0, input2]) => [_0, input2], () => If2(PatternNever(input), ([_0, input2]) => [_0, input2], () => If2(PatternGroup(input), ([_0, input2]) => [_0, input2], () => If2(PatternText(input), ([_0, input2]) => [_0, input2], () => []))))))), ([_0, input2]) => [PatternBaseMapping(_0), input2]);
var PatternGroup = (input) => If2(If2(Const("(", input), ([_0, input2]) => If2(PatternBody(input2), ([_1, input3]) => If2(Const(")", input3), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [PatternGroupMapping(_0), input2]);
var PatternUnion = (input) => If2(If2(If2(PatternTerm(input), ([_0, input2]) => If2(Const("|", input2), ([_1, input3]) => If2(PatternUnion(input3), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [_0, input2], () => If2(If2(PatternTerm(input), ([_0, input2]) => [[_0], input2]), ([_0, input2]) => [_0, input2], () => If2([[], input], ([_0, input2]) => [_0, input2], () => []))), ([_0, input2]) => [PatternUnionMapping(_0), input2]);
var PatternTerm = (input) => If2(If2(PatternBase(input), ([_0, input2]) => If2(PatternBody(input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => [PatternTermMapping(_0), input2]);
var PatternBody = (input) => If2(If2(PatternUnion(input), ([_0, input2]) => [_0, input2], () => If2(PatternTerm(input), ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => [PatternBodyMapping(_0), input2]);
var Pattern = (input) => If2(If2(Const("^", input), ([_0, input2]) => If2(PatternBody(input2), ([_1, input3]) => If2(Const("$", input3), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [PatternMapping(_0), input2]);
var InterfaceDeclarationHeritageList_0 = (input, result = []) => If2(If2(Const(",", input), ([_0, input2]) => If2(Type(input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => InterfaceDeclarationHeritageList_0(input2, [...result, _0]), () => [result, input]);
var InterfaceDeclarationHeritageList = (input) => If2(If2(If2(Type(input), ([_0, input2]) => If2(InterfaceDeclarationHeritageList_0(input2), ([_1, input3]) => If2(If2(Const(",", input3), ([_02, input4]) => [[_02], input4], () => [[], input3]), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [_0, input2], () => If2([[], input], ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => [InterfaceDeclarationHeritageListMapping(_0), input2]);
var InterfaceDeclarationHeritage = (input) => If2(If2(If2(Const("extends", input), ([_0, input2]) => If2(InterfaceDeclarationHeritageList(input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => [_0, input2], () => If2([[], input], ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => [InterfaceDeclarationHeritageMapping(_0), input2]);
var InterfaceDeclarationGeneric = (input) => If2(If2(Const("interface", input), ([_0, input2]) => If2(Ident(input2), ([_1, input3]) => If2(GenericParameters(input3), ([_2, input4]) => If2(InterfaceDeclarationHeritage(input4), ([_3, input5]) => If2(Properties(input5), ([_4, input6]) => [[_0, _1, _2, _3, _4], input6]))))), ([_0, input2]) => [InterfaceDeclarationGenericMapping(_0), input2]);
var InterfaceDeclaration = (input) => If2(If2(Const("interface", input), ([_0, input2]) => If2(Ident(input2), ([_1, input3]) => If2(InterfaceDeclarationHeritage(input3), ([_2, input4]) => If2(Properties(input4), ([_3, input5]) => [[_0, _1, _2, _3], input5])))), ([_0, input2]) => [InterfaceDeclarationMapping(_0), input2]);
var TypeAliasDeclarationGeneric = (input) => If2(If2(Const("type", input), ([_0, input2]) => If2(Ident(input2), ([_1, input3]) => If2(GenericParameters(input3), ([_2, input4]) => If2(Const("=", input4), ([_3, input5]) => If2(Type(input5), ([_4, input6]) => [[_0, _1, _2, _3, _4], input6]))))), ([_0, input2]) => [TypeAliasDeclarationGenericMapping(_0), input2]);
var TypeAliasDeclaration = (input) => If2(If2(Const("type", input), ([_0, input2]) => If2(Ident(input2), ([_1, input3]) => If2(Const("=", input3), ([_2, input4]) => If2(Type(input4), ([_3, input5]) => [[_0, _1, _2, _3], input5])))), ([_0, input2]) => [TypeAliasDeclarationMapping(_0), input2]);
var ExportKeyword = (input) => If2(If2(If2(Const("export", input), ([_0, input2]) => [[_0], input2]), ([_0, input2]) => [_0, input2], () => If2([[], input], ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => [ExportKeywordMapping(_0), input2]);
var ModuleDeclarationDelimiter = (input) => If2(If2(If2(Const(";", input), ([_0, input2]) => If2(Const("\n", input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => [_0, input2], () => If2(If2(Const(";", input), ([_0, input2]) => [[_0], input2]), ([_0, input2]) => [_0, input2], () => If2(If2(Const("\n", input), ([_0, input2]) => [[_0], input2]), ([_0, input2]) => [_0, input2], () => []))), ([_0, input2]) => [ModuleDeclarationDelimiterMapping(_0), input2]);
var ModuleDeclarationList_0 = (input, result = []) => If2(If2(ModuleDeclarationDelimiter(input), ([_0, input2]) => If2(ModuleDeclaration(input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => ModuleDeclarationList_0(input2, [...result, _0]), () => [result, input]);
var ModuleDeclarationList = (input) => If2(If2(If2(ModuleDeclaration(input), ([_0, input2]) => If2(ModuleDeclarationList_0(input2), ([_1, input3]) => If2(If2(ModuleDeclarationDelimiter(input3), ([_02, input4]) => [[_02], input4], () => [[], input3]), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [_0, input2], () => If2([[], input], ([_0, input2]) => [_0, input2], () => [])), ([_0, input2]) => [ModuleDeclarationListMapping(_0), input2]);
var ModuleDeclaration = (input) => If2(If2(ExportKeyword(input), ([_0, input2]) => If2(If2(InterfaceDeclarationGeneric(input2), ([_02, input3]) => [_02, input3], () => If2(InterfaceDeclaration(input2), ([_02, input3]) => [_02, input3], () => If2(TypeAliasDeclarationGeneric(input2), ([_02, input3]) => [_02, input3], () => If2(TypeAliasDeclaration(input2), ([_02, input3]) => [_02, input3], () => [])))), ([_1, input3]) => If2(OptionalSemiColon(input3), ([_2, input4]) => [[_0, _1, _2], input4]))), ([_0, input2]) => [ModuleDeclarationMapping(_0), input2]);
var Module = (input) => If2(If2(ModuleDeclaration(input), ([_0, input2]) => If2(ModuleDeclarationList(input2), ([_1, input3]) => [[_0, _1], input3])), ([_0, input2]) => [ModuleMapping(_0), input2]);
var Script = (input) => If2(If2(Module(input), ([_0, input2]) => [_0, input2], () => If2(GenericType(input), ([_0, input2]) => [_0, input2], () => If2(Type(input), ([_0, input2]) => [_0, input2], () => []))), ([_0, input2]) => [ScriptMapping(_0), input2]);

// node_modules/typebox/build/type/engine/patterns/template.mjs
function ParseTemplateIntoTypes(template) {
  const parsed = TemplateLiteralTypes(`\`${template}\``);
  const result = guard_exports.IsEqual(parsed.length, 2) ? parsed[0] : Unreachable();
  return result;
}

// node_modules/typebox/build/type/engine/template_literal/encode.mjs
function JoinString(input) {
  return input.join("|");
}
function UnwrapTemplateLiteralPattern(pattern) {
  return pattern.slice(1, pattern.length - 1);
}
function EncodeLiteral(value, right, pattern) {
  return EncodeTypes(right, `${pattern}${value}`);
}
function EncodeBigInt(right, pattern) {
  return EncodeTypes(right, `${pattern}${BigIntPattern}`);
}
function EncodeInteger(right, pattern) {
  return EncodeTypes(right, `${pattern}${IntegerPattern}`);
}
function EncodeNumber(right, pattern) {
  return EncodeTypes(right, `${pattern}${NumberPattern}`);
}
function EncodeBoolean(right, pattern) {
  return EncodeType(Union([Literal("false"), Literal("true")]), right, pattern);
}
function EncodeString(right, pattern) {
  return EncodeTypes(right, `${pattern}${StringPattern}`);
}
function EncodeTemplateLiteral(templatePattern, right, pattern) {
  return EncodeTypes(right, `${pattern}${UnwrapTemplateLiteralPattern(templatePattern)}`);
}
function EncodeTemplateLiteralDeferred(types, right, pattern) {
  const templateLiteral = TemplateLiteralAction(types, {});
  const result = EncodeType(templateLiteral, right, pattern);
  return result;
}
function EncodeEnum(values, right, pattern) {
  const evaluated = EvaluateEnum(values);
  return EncodeType(evaluated, right, pattern);
}
function EncodeUnion(types, right, pattern, result = []) {
  return guard_exports.ShiftLeft(types, (head, tail) => EncodeUnion(tail, right, pattern, [...result, EncodeType(head, [], "")]), () => EncodeTypes(right, `${pattern}(${JoinString(result)})`));
}
function EncodeType(type, right, pattern) {
  return IsEnum(type) ? EncodeEnum(type.enum, right, pattern) : IsInteger3(type) ? EncodeInteger(right, pattern) : IsLiteral(type) ? EncodeLiteral(type.const, right, pattern) : IsBigInt3(type) ? EncodeBigInt(right, pattern) : IsBoolean4(type) ? EncodeBoolean(right, pattern) : IsNumber4(type) ? EncodeNumber(right, pattern) : IsString4(type) ? EncodeString(right, pattern) : IsTemplateLiteral(type) ? EncodeTemplateLiteral(type.pattern, right, pattern) : IsTemplateLiteralDeferred(type) ? EncodeTemplateLiteralDeferred(type.parameters[0], right, pattern) : IsUnion(type) ? EncodeUnion(type.anyOf, right, pattern) : NeverPattern;
}
function EncodeTypes(types, pattern) {
  return guard_exports.ShiftLeft(types, (left, right) => EncodeType(left, right, pattern), () => pattern);
}
function EncodePattern(types) {
  const encoded = EncodeTypes(types, "");
  const result = `^${encoded}$`;
  return result;
}
function TemplateLiteralEncode(types) {
  const pattern = EncodePattern(types);
  const result = TemplateLiteralCreate(pattern);
  return result;
}

// node_modules/typebox/build/type/engine/template_literal/instantiate.mjs
function TemplateLiteralAction(types, options) {
  const result = CanInstantiate(types) ? memory_exports.Update(TemplateLiteralEncode(types), {}, options) : TemplateLiteralDeferred(types, options);
  return result;
}
function TemplateLiteralInstantiate(context, state2, types, options) {
  const instantiatedTypes = InstantiateTypes(context, state2, types);
  return TemplateLiteralAction(instantiatedTypes, options);
}

// node_modules/typebox/build/type/types/template_literal.mjs
function TemplateLiteralDeferred(types, options = {}) {
  return Deferred("TemplateLiteral", [types], options);
}
function IsTemplateLiteralDeferred(value) {
  return IsSchema(value) && guard_exports.HasPropertyKey(value, "action") && guard_exports.IsEqual(value.action, "TemplateLiteral");
}
function TemplateLiteralFromTypes(types) {
  return TemplateLiteralAction(types, {});
}
function TemplateLiteralFromString(template) {
  const types = ParseTemplateIntoTypes(template);
  return TemplateLiteralFromTypes(types);
}
function TemplateLiteral2(input, options = {}) {
  const type = guard_exports.IsString(input) ? TemplateLiteralFromString(input) : TemplateLiteralFromTypes(input);
  return memory_exports.Update(type, {}, options);
}
function IsTemplateLiteral(value) {
  return IsKind(value, "TemplateLiteral");
}

// node_modules/typebox/build/type/extends/result.mjs
var result_exports = {};
__export(result_exports, {
  ExtendsFalse: () => ExtendsFalse,
  ExtendsTrue: () => ExtendsTrue,
  ExtendsUnion: () => ExtendsUnion,
  IsExtendsFalse: () => IsExtendsFalse,
  IsExtendsTrue: () => IsExtendsTrue,
  IsExtendsTrueLike: () => IsExtendsTrueLike,
  IsExtendsUnion: () => IsExtendsUnion,
  Match: () => Match3
});
function ExtendsUnion(inferred) {
  return memory_exports.Create({ ["~kind"]: "ExtendsUnion" }, { inferred });
}
function IsExtendsUnion(value) {
  return guard_exports.IsObject(value) && guard_exports.HasPropertyKey(value, "~kind") && guard_exports.HasPropertyKey(value, "inferred") && guard_exports.IsEqual(value["~kind"], "ExtendsUnion") && guard_exports.IsObject(value.inferred);
}
function ExtendsTrue(inferred) {
  return memory_exports.Create({ ["~kind"]: "ExtendsTrue" }, { inferred });
}
function IsExtendsTrue(value) {
  return guard_exports.IsObject(value) && guard_exports.HasPropertyKey(value, "~kind") && guard_exports.HasPropertyKey(value, "inferred") && guard_exports.IsEqual(value["~kind"], "ExtendsTrue") && guard_exports.IsObject(value.inferred);
}
function ExtendsFalse() {
  return memory_exports.Create({ ["~kind"]: "ExtendsFalse" }, {});
}
function IsExtendsFalse(value) {
  return guard_exports.IsObject(value) && guard_exports.HasPropertyKey(value, "~kind") && guard_exports.IsEqual(value["~kind"], "ExtendsFalse");
}
function IsExtendsTrueLike(value) {
  return IsExtendsUnion(value) || IsExtendsTrue(value);
}
function Match3(result, true_, false_) {
  return IsExtendsTrueLike(result) ? true_(result.inferred) : false_();
}

// node_modules/typebox/build/type/extends/extends_right.mjs
function ExtendsRightInfer(inferred, name, left, right) {
  return Match3(ExtendsLeft(inferred, left, right), (checkInferred) => ExtendsTrue(memory_exports.Assign(memory_exports.Assign(inferred, checkInferred), { [name]: left })), () => ExtendsFalse());
}
function ExtendsRightAny(inferred, _left) {
  return ExtendsTrue(inferred);
}
function ExtendsRightDependent(inferred, left, if_, then_, else_) {
  return Match3(ExtendsLeft(inferred, left, if_), (inferred2) => Match3(ExtendsLeft(inferred2, left, then_), (inferred3) => ExtendsTrue(inferred3), () => ExtendsFalse()), () => Match3(ExtendsLeft(inferred, left, else_), (inferred2) => ExtendsTrue(inferred2), () => ExtendsFalse()));
}
function ExtendsRightEnum(inferred, left, right) {
  const evaluated = EvaluateEnum(right);
  return ExtendsLeft(inferred, left, evaluated);
}
function ExtendsRightIntersect(inferred, left, right) {
  return guard_exports.ShiftLeft(right, (head, tail) => Match3(ExtendsLeft(inferred, left, head), (inferred2) => ExtendsRightIntersect(inferred2, left, tail), () => ExtendsFalse()), () => ExtendsTrue(inferred));
}
function ExtendsRightTemplateLiteral(inferred, left, right) {
  const evaluated = EvaluateTemplateLiteral(right);
  return ExtendsLeft(inferred, left, evaluated);
}
function ExtendsRightUnion(inferred, left, right) {
  return guard_exports.ShiftLeft(right, (head, tail) => Match3(ExtendsLeft(inferred, left, head), (inferred2) => ExtendsTrue(inferred2), () => ExtendsRightUnion(inferred, left, tail)), () => ExtendsFalse());
}
function ExtendsRight(inferred, left, right) {
  return IsAny(right) ? ExtendsRightAny(inferred, left) : IsDependent(right) ? ExtendsRightDependent(inferred, left, right.if, right.then, right.else) : IsEnum(right) ? ExtendsRightEnum(inferred, left, right.enum) : IsInfer(right) ? ExtendsRightInfer(inferred, right.name, left, right.extends) : IsIntersect(right) ? ExtendsRightIntersect(inferred, left, right.allOf) : IsTemplateLiteral(right) ? ExtendsRightTemplateLiteral(inferred, left, right.pattern) : IsUnion(right) ? ExtendsRightUnion(inferred, left, right.anyOf) : IsUnknown(right) ? ExtendsTrue(inferred) : ExtendsFalse();
}

// node_modules/typebox/build/type/extends/any.mjs
function ExtendsAny(inferred, left, right) {
  return IsInfer(right) ? ExtendsRight(inferred, left, right) : IsAny(right) ? ExtendsTrue(inferred) : IsUnknown(right) ? ExtendsTrue(inferred) : ExtendsUnion(inferred);
}

// node_modules/typebox/build/type/extends/array.mjs
function ExtendsImmutable(left, right) {
  const isImmutableLeft = IsImmutable(left);
  const isImmutableRight = IsImmutable(right);
  return isImmutableLeft && isImmutableRight ? true : !isImmutableLeft && isImmutableRight ? true : isImmutableLeft && !isImmutableRight ? false : true;
}
function ExtendsArray(inferred, arrayLeft, left, right) {
  return IsArray3(right) ? ExtendsImmutable(arrayLeft, right) ? ExtendsLeft(inferred, left, right.items) : ExtendsFalse() : ExtendsRight(inferred, arrayLeft, right);
}

// node_modules/typebox/build/type/extends/bigint.mjs
function ExtendsBigInt(inferred, left, right) {
  return IsBigInt3(right) ? ExtendsTrue(inferred) : ExtendsRight(inferred, left, right);
}

// node_modules/typebox/build/type/extends/boolean.mjs
function ExtendsBoolean(inferred, left, right) {
  return IsBoolean4(right) ? ExtendsTrue(inferred) : ExtendsRight(inferred, left, right);
}

// node_modules/typebox/build/type/extends/parameters.mjs
function ParameterCompare(inferred, left, leftRest, right, rightRest) {
  const checkLeft = IsInfer(right) ? left : right;
  const checkRight = IsInfer(right) ? right : left;
  const isLeftOptional = IsOptional(left);
  const isRightOptional = IsOptional(right);
  return !isLeftOptional && isRightOptional ? ExtendsFalse() : Match3(ExtendsLeft(inferred, checkLeft, checkRight), (inferred2) => ExtendsParameters(inferred2, leftRest, rightRest), () => ExtendsFalse());
}
function ParameterRight(inferred, left, leftRest, rightRest) {
  return guard_exports.ShiftLeft(rightRest, (head, tail) => ParameterCompare(inferred, left, leftRest, head, tail), () => IsOptional(left) ? ExtendsTrue(inferred) : ExtendsFalse());
}
function ParametersLeft(inferred, left, rightRest) {
  return guard_exports.ShiftLeft(left, (head, tail) => ParameterRight(inferred, head, tail, rightRest), () => ExtendsTrue(inferred));
}
function ExtendsParameters(inferred, left, right) {
  return ParametersLeft(inferred, left, right);
}

// node_modules/typebox/build/type/extends/return_type.mjs
function ExtendsReturnType(inferred, left, right) {
  return IsVoid(right) ? ExtendsTrue(inferred) : ExtendsLeft(inferred, left, right);
}

// node_modules/typebox/build/type/extends/constructor.mjs
function ExtendsConstructor(inferred, parameters, returnType, right) {
  return IsAny(right) ? ExtendsTrue(inferred) : IsUnknown(right) ? ExtendsTrue(inferred) : IsConstructor3(right) ? Match3(ExtendsParameters(inferred, parameters, right["parameters"]), (inferred2) => ExtendsReturnType(inferred2, returnType, right["instanceType"]), () => ExtendsFalse()) : ExtendsFalse();
}

// node_modules/typebox/build/type/extends/dependent.mjs
function ExtendsDependent(inferred, if_, then_, else_, right) {
  return Match3(ExtendsLeft(inferred, if_, right), () => ExtendsLeft(inferred, then_, right), () => ExtendsLeft(inferred, else_, right));
}

// node_modules/typebox/build/type/extends/enum.mjs
function ExtendsEnum(inferred, left, right) {
  const evaluated = EvaluateEnum(left);
  return ExtendsLeft(inferred, evaluated, right);
}

// node_modules/typebox/build/type/extends/function.mjs
function ExtendsFunction(inferred, parameters, returnType, right) {
  return IsAny(right) ? ExtendsTrue(inferred) : IsUnknown(right) ? ExtendsTrue(inferred) : IsFunction3(right) ? Match3(ExtendsParameters(inferred, parameters, right["parameters"]), (inferred2) => ExtendsReturnType(inferred2, returnType, right["returnType"]), () => ExtendsFalse()) : ExtendsFalse();
}

// node_modules/typebox/build/type/extends/integer.mjs
function ExtendsInteger(inferred, left, right) {
  return IsInteger3(right) ? ExtendsTrue(inferred) : IsNumber4(right) ? ExtendsTrue(inferred) : ExtendsRight(inferred, left, right);
}

// node_modules/typebox/build/type/extends/intersect.mjs
function ExtendsIntersect(inferred, left, right) {
  const evaluated = EvaluateIntersect(left);
  return ExtendsLeft(inferred, evaluated, right);
}

// node_modules/typebox/build/type/extends/literal.mjs
function ExtendsLiteralValue(inferred, left, right) {
  return left === right ? ExtendsTrue(inferred) : ExtendsFalse();
}
function ExtendsLiteralBigInt(inferred, left, right) {
  return IsLiteral(right) ? ExtendsLiteralValue(inferred, left, right.const) : IsBigInt3(right) ? ExtendsTrue(inferred) : ExtendsRight(inferred, Literal(left), right);
}
function ExtendsLiteralBoolean(inferred, left, right) {
  return IsLiteral(right) ? ExtendsLiteralValue(inferred, left, right.const) : IsBoolean4(right) ? ExtendsTrue(inferred) : ExtendsRight(inferred, Literal(left), right);
}
function ExtendsLiteralNumber(inferred, left, right) {
  return IsLiteral(right) ? ExtendsLiteralValue(inferred, left, right.const) : IsNumber4(right) ? ExtendsTrue(inferred) : ExtendsRight(inferred, Literal(left), right);
}
function ExtendsLiteralString(inferred, left, right) {
  return IsLiteral(right) ? ExtendsLiteralValue(inferred, left, right.const) : IsString4(right) ? ExtendsTrue(inferred) : ExtendsRight(inferred, Literal(left), right);
}
function ExtendsLiteral(inferred, left, right) {
  return guard_exports.IsBigInt(left.const) ? ExtendsLiteralBigInt(inferred, left.const, right) : guard_exports.IsBoolean(left.const) ? ExtendsLiteralBoolean(inferred, left.const, right) : guard_exports.IsNumber(left.const) ? ExtendsLiteralNumber(inferred, left.const, right) : guard_exports.IsString(left.const) ? ExtendsLiteralString(inferred, left.const, right) : Unreachable();
}

// node_modules/typebox/build/type/extends/never.mjs
function ExtendsNever(inferred, left, right) {
  return IsInfer(right) ? ExtendsRight(inferred, left, right) : ExtendsTrue(inferred);
}

// node_modules/typebox/build/type/extends/null.mjs
function ExtendsNull(inferred, left, right) {
  return IsNull3(right) ? ExtendsTrue(inferred) : ExtendsRight(inferred, left, right);
}

// node_modules/typebox/build/type/extends/number.mjs
function ExtendsNumber(inferred, left, right) {
  return IsNumber4(right) ? ExtendsTrue(inferred) : ExtendsRight(inferred, left, right);
}

// node_modules/typebox/build/type/extends/object.mjs
function ExtendsPropertyOptional(inferred, left, right) {
  return IsOptional(left) ? IsOptional(right) ? ExtendsTrue(inferred) : ExtendsFalse() : ExtendsTrue(inferred);
}
function ExtendsProperty(inferred, left, right) {
  return (
    // Right TInfer<TNever> is TExtendsFalse
    IsInfer(right) && IsNever(right.extends) ? ExtendsFalse() : Match3(ExtendsLeft(inferred, left, right), (inferred2) => ExtendsPropertyOptional(inferred2, left, right), () => ExtendsFalse())
  );
}
function ExtractInferredProperties(keys, properties) {
  return keys.reduce((result, key) => {
    return key in properties ? IsExtendsTrueLike(properties[key]) ? { ...result, ...properties[key].inferred } : Unreachable() : Unreachable();
  }, {});
}
function ExtendsPropertiesComparer(inferred, left, right) {
  const properties = {};
  for (const rightKey of guard_exports.Keys(right)) {
    properties[rightKey] = rightKey in left ? ExtendsProperty({}, left[rightKey], right[rightKey]) : IsOptional(right[rightKey]) ? IsInfer(right[rightKey]) ? ExtendsTrue(memory_exports.Assign(inferred, { [right[rightKey].name]: right[rightKey].extends })) : ExtendsTrue(inferred) : ExtendsFalse();
  }
  const checked = guard_exports.Values(properties).every((result) => IsExtendsTrueLike(result));
  const extracted = checked ? ExtractInferredProperties(guard_exports.Keys(properties), properties) : {};
  return checked ? ExtendsTrue(extracted) : ExtendsFalse();
}
function ExtendsProperties(inferred, left, right) {
  const compared = ExtendsPropertiesComparer(inferred, left, right);
  return IsExtendsTrueLike(compared) ? ExtendsTrue(memory_exports.Assign(inferred, compared.inferred)) : ExtendsFalse();
}
function ExtendsObjectToObject(inferred, left, right) {
  return ExtendsProperties(inferred, left, right);
}
function RecordMergeInferred(left, right) {
  return guard_exports.Keys(right).reduce((result, key) => {
    return {
      ...result,
      [key]: guard_exports.HasPropertyKey(left, key) ? IsUnion(result[key]) ? Union([...result[key].anyOf, right[key]]) : Union([left[key], right[key]]) : right[key]
    };
  }, left);
}
function ExtendsRecordComparer(properties, keys, type, result) {
  return guard_exports.ShiftLeft(keys, (left, right) => Match3(ExtendsLeft({}, properties[left], type), (inferred) => ExtendsRecordComparer(properties, right, type, RecordMergeInferred(result, inferred)), () => ExtendsFalse()), () => ExtendsTrue(result));
}
function ExtendsObjectToRecord(inferred, properties, _pattern, value) {
  const keys = guard_exports.Keys(properties);
  const result = ExtendsRecordComparer(properties, keys, value, inferred);
  return result;
}
function ExtendsObject(inferred, left, right) {
  return IsRecord(right) ? ExtendsObjectToRecord(inferred, left, RecordPattern(right), RecordValue(right)) : IsObject3(right) ? ExtendsObjectToObject(inferred, left, right.properties) : ExtendsRight(inferred, _Object_(left), right);
}

// node_modules/typebox/build/type/extends/record.mjs
function FromObject2(inferred, properties) {
  return guard_exports.IsEqual(guard_exports.Keys(properties).length, 0) ? ExtendsTrue(inferred) : ExtendsFalse();
}
function FromRecord(inferred, _leftKey, leftValue, _rightKey, rightValue) {
  return ExtendsLeft(inferred, leftValue, rightValue);
}
function ExtendsRecord(inferred, leftPattern, leftValue, right) {
  return IsRecord(right) ? FromRecord(inferred, RecordPatternToType(leftPattern), leftValue, RecordPatternToType(RecordPattern(right)), RecordValue(right)) : IsObject3(right) ? FromObject2(inferred, right.properties) : IsAny(right) ? ExtendsTrue(inferred) : IsUnknown(right) ? ExtendsTrue(inferred) : ExtendsFalse();
}

// node_modules/typebox/build/type/extends/string.mjs
function ExtendsString(inferred, left, right) {
  return IsString4(right) ? ExtendsTrue(inferred) : ExtendsRight(inferred, left, right);
}

// node_modules/typebox/build/type/extends/symbol.mjs
function ExtendsSymbol(inferred, left, right) {
  return IsSymbol3(right) ? ExtendsTrue(inferred) : ExtendsRight(inferred, left, right);
}

// node_modules/typebox/build/type/extends/template_literal.mjs
function ExtendsTemplateLiteral(inferred, left, right) {
  const evaluated = EvaluateTemplateLiteral(left);
  return ExtendsLeft(inferred, evaluated, right);
}

// node_modules/typebox/build/type/extends/inference.mjs
function Inferrable(name, type) {
  return memory_exports.Create({ "~kind": "Inferrable" }, { name, type }, {});
}
function IsInferable(value) {
  return guard_exports.IsObject(value) && guard_exports.HasPropertyKey(value, "~kind") && guard_exports.HasPropertyKey(value, "name") && guard_exports.HasPropertyKey(value, "type") && guard_exports.IsEqual(value["~kind"], "Inferrable") && guard_exports.IsString(value.name) && guard_exports.IsObject(value.type);
}
function TryRestInferable(type) {
  return IsRest(type) ? IsInfer(type.items) ? IsArray3(type.items.extends) ? Inferrable(type.items.name, type.items.extends.items) : IsUnknown(type.items.extends) ? Inferrable(type.items.name, type.items.extends) : void 0 : Unreachable() : void 0;
}
function TryInferable(type) {
  return IsInfer(type) ? Inferrable(type.name, type.extends) : void 0;
}
function TryInferResults(rest, right) {
  const result = [];
  for (const head of rest) {
    if (!IsExtendsTrueLike(ExtendsLeft({}, head, right)))
      return void 0;
    result.push(head);
  }
  return result;
}
function InferTupleResult(inferred, name, left, right) {
  const results = TryInferResults(left, right);
  return guard_exports.IsArray(results) ? ExtendsTrue(memory_exports.Assign(inferred, { [name]: Tuple(results) })) : ExtendsFalse();
}
function InferUnionResult(inferred, name, left, right) {
  const results = TryInferResults(left, right);
  return guard_exports.IsArray(results) ? ExtendsTrue(memory_exports.Assign(inferred, { [name]: Union(results) })) : ExtendsFalse();
}

// node_modules/typebox/build/type/extends/tuple.mjs
function Reverse(types) {
  return [...types].reverse();
}
function ApplyReverse(types, reversed) {
  return reversed ? Reverse(types) : types;
}
function Reversed(types) {
  const first = types.length > 0 ? types[0] : void 0;
  const inferrable = IsSchema(first) ? TryRestInferable(first) : void 0;
  return IsSchema(inferrable);
}
function ElementsCompare(inferred, reversed, left, leftRest, right, rightRest) {
  return Match3(ExtendsLeft(inferred, left, right), (checkInferred) => Elements(checkInferred, reversed, leftRest, rightRest), () => ExtendsFalse());
}
function ElementsLeft(inferred, reversed, leftRest, right, rightRest) {
  const inferable = TryRestInferable(right);
  return (
    // Rest Inferrable Right Means we delegate to TInferTupleResult to Generate a Result
    IsInferable(inferable) ? InferTupleResult(inferred, inferable["name"], ApplyReverse(leftRest, reversed), inferable["type"]) : guard_exports.ShiftLeft(leftRest, (head, tail) => ElementsCompare(inferred, reversed, head, tail, right, rightRest), () => ExtendsFalse())
  );
}
function ElementsRight(inferred, reversed, leftRest, rightRest) {
  return guard_exports.ShiftLeft(rightRest, (head, tail) => ElementsLeft(inferred, reversed, leftRest, head, tail), () => guard_exports.IsEqual(leftRest.length, 0) ? ExtendsTrue(inferred) : ExtendsFalse());
}
function Elements(inferred, reversed, leftRest, rightRest) {
  return ElementsRight(inferred, reversed, leftRest, rightRest);
}
function ExtendsTupleToTuple(inferred, left, right) {
  const instantiatedRight = InstantiateElements(inferred, State([], []), right);
  const reversed = Reversed(instantiatedRight);
  return Elements(inferred, reversed, ApplyReverse(left, reversed), ApplyReverse(instantiatedRight, reversed));
}
function ExtendsTupleToArrayReduce(inferred, left, right) {
  for (const head of left) {
    const result = ExtendsLeft(inferred, head, right);
    if (!IsExtendsTrueLike(result))
      return result;
    inferred = result.inferred;
  }
  return ExtendsTrue(inferred);
}
function ExtendsTupleToArray(inferred, left, right) {
  const inferrable = TryInferable(right);
  return IsInferable(inferrable) ? InferUnionResult(inferred, inferrable["name"], left, inferrable["type"]) : ExtendsTupleToArrayReduce(inferred, left, right);
}
function ExtendsTuple(inferred, left, right) {
  const instantiatedLeft = InstantiateElements(inferred, State([], []), left);
  return IsTuple(right) ? ExtendsTupleToTuple(inferred, instantiatedLeft, right.items) : IsArray3(right) ? ExtendsTupleToArray(inferred, instantiatedLeft, right.items) : ExtendsRight(inferred, Tuple(instantiatedLeft), right);
}

// node_modules/typebox/build/type/extends/undefined.mjs
function ExtendsUndefined(inferred, left, right) {
  return IsVoid(right) ? ExtendsTrue(inferred) : IsUndefined3(right) ? ExtendsTrue(inferred) : ExtendsRight(inferred, left, right);
}

// node_modules/typebox/build/type/extends/union.mjs
function ExtendsUnionSome(inferred, type, unionTypes) {
  return guard_exports.ShiftLeft(unionTypes, (head, tail) => Match3(ExtendsLeft(inferred, type, head), (inferred2) => ExtendsTrue(inferred2), () => ExtendsUnionSome(inferred, type, tail)), () => ExtendsFalse());
}
function ExtendsUnionLeft(inferred, left, right) {
  return guard_exports.ShiftLeft(left, (head, tail) => Match3(ExtendsUnionSome(inferred, head, right), (inferred2) => ExtendsUnionLeft(inferred2, tail, right), () => ExtendsFalse()), () => ExtendsTrue(inferred));
}
function ExtendsUnion2(inferred, left, right) {
  const inferrable = TryInferable(right);
  return IsInferable(inferrable) ? InferUnionResult(inferred, inferrable.name, left, inferrable.type) : IsUnion(right) ? ExtendsUnionLeft(inferred, left, right.anyOf) : ExtendsUnionLeft(inferred, left, [right]);
}

// node_modules/typebox/build/type/extends/unknown.mjs
function ExtendsUnknown(inferred, left, right) {
  return IsInfer(right) ? ExtendsRight(inferred, left, right) : IsAny(right) ? ExtendsTrue(inferred) : IsUnknown(right) ? ExtendsTrue(inferred) : ExtendsFalse();
}

// node_modules/typebox/build/type/extends/void.mjs
function ExtendsVoid(inferred, left, right) {
  return IsVoid(right) ? ExtendsTrue(inferred) : ExtendsRight(inferred, left, right);
}

// node_modules/typebox/build/type/extends/extends_left.mjs
function ExtendsLeft(inferred, left, right) {
  return IsAny(left) ? ExtendsAny(inferred, left, right) : IsArray3(left) ? ExtendsArray(inferred, left, left.items, right) : IsBigInt3(left) ? ExtendsBigInt(inferred, left, right) : IsBoolean4(left) ? ExtendsBoolean(inferred, left, right) : IsConstructor3(left) ? ExtendsConstructor(inferred, left.parameters, left.instanceType, right) : IsDependent(left) ? ExtendsDependent(inferred, left.if, left.then, left.else, right) : IsEnum(left) ? ExtendsEnum(inferred, left.enum, right) : IsFunction3(left) ? ExtendsFunction(inferred, left.parameters, left.returnType, right) : IsInteger3(left) ? ExtendsInteger(inferred, left, right) : IsIntersect(left) ? ExtendsIntersect(inferred, left.allOf, right) : IsLiteral(left) ? ExtendsLiteral(inferred, left, right) : IsNever(left) ? ExtendsNever(inferred, left, right) : IsNull3(left) ? ExtendsNull(inferred, left, right) : IsNumber4(left) ? ExtendsNumber(inferred, left, right) : IsObject3(left) ? ExtendsObject(inferred, left.properties, right) : IsRecord(left) ? ExtendsRecord(inferred, RecordPattern(left), RecordValue(left), right) : IsString4(left) ? ExtendsString(inferred, left, right) : IsSymbol3(left) ? ExtendsSymbol(inferred, left, right) : IsTemplateLiteral(left) ? ExtendsTemplateLiteral(inferred, left.pattern, right) : IsTuple(left) ? ExtendsTuple(inferred, left.items, right) : IsUndefined3(left) ? ExtendsUndefined(inferred, left, right) : IsUnion(left) ? ExtendsUnion2(inferred, left.anyOf, right) : IsUnknown(left) ? ExtendsUnknown(inferred, left, right) : IsVoid(left) ? ExtendsVoid(inferred, left, right) : ExtendsFalse();
}

// node_modules/typebox/build/type/engine/interface/instantiate.mjs
function InterfaceOperation(heritage, properties) {
  const result = EvaluateIntersect([...heritage, _Object_(properties)]);
  return result;
}
function InterfaceAction(heritage, properties, options) {
  const result = CanInstantiate(heritage) ? memory_exports.Update(InterfaceOperation(heritage, properties), {}, options) : InterfaceDeferred(heritage, properties, options);
  return result;
}
function InterfaceInstantiate(context, state2, heritage, properties, options) {
  const instantiatedHeritage = InstantiateTypes(context, state2, heritage);
  const instantiatedProperties = InstantiateProperties(context, state2, properties);
  return InterfaceAction(instantiatedHeritage, instantiatedProperties, options);
}

// node_modules/typebox/build/type/action/interface.mjs
function InterfaceDeferred(heritage, properties, options = {}) {
  return Deferred("Interface", [heritage, properties], options);
}
function IsInterfaceDeferred(value) {
  return IsSchema(value) && guard_exports.HasPropertyKey(value, "action") && guard_exports.IsEqual(value.action, "Interface");
}
function Interface(heritage, properties, options = {}) {
  return InterfaceAction(heritage, properties, options);
}

// node_modules/typebox/build/type/engine/cyclic/check.mjs
function FromRef(stack, context, ref) {
  return stack.includes(ref) ? true : FromType3([...stack, ref], context, context[ref]);
}
function FromProperties(stack, context, properties) {
  const types = PropertyValues(properties);
  return FromTypes2(stack, context, types);
}
function FromTypes2(stack, context, types) {
  return guard_exports.ShiftLeft(types, (left, right) => FromType3(stack, context, left) ? true : FromTypes2(stack, context, right), () => false);
}
function FromType3(stack, context, type) {
  return IsRef(type) ? FromRef(stack, context, type.$ref) : IsArray3(type) ? FromType3(stack, context, type.items) : IsConstructor3(type) ? FromTypes2(stack, context, [...type.parameters, type.instanceType]) : IsFunction3(type) ? FromTypes2(stack, context, [...type.parameters, type.returnType]) : IsInterfaceDeferred(type) ? FromProperties(stack, context, type.parameters[1]) : IsIntersect(type) ? FromTypes2(stack, context, type.allOf) : IsObject3(type) ? FromProperties(stack, context, type.properties) : IsUnion(type) ? FromTypes2(stack, context, type.anyOf) : IsTuple(type) ? FromTypes2(stack, context, type.items) : IsRecord(type) ? FromType3(stack, context, RecordValue(type)) : false;
}
function CyclicCheck(stack, context, type) {
  const result = FromType3(stack, context, type);
  return result;
}

// node_modules/typebox/build/type/engine/cyclic/candidates.mjs
function ResolveCandidateKeys(context, keys) {
  return keys.reduce((result, left) => {
    return CyclicCheck([left], context, context[left]) ? [...result, left] : result;
  }, []);
}
function CyclicCandidates(context) {
  const keys = PropertyKeys(context);
  const result = ResolveCandidateKeys(context, keys);
  return result;
}

// node_modules/typebox/build/type/engine/cyclic/dependencies.mjs
function FromRef2(context, ref, result) {
  return result.includes(ref) ? result : ref in context ? FromType4(context, context[ref], [...result, ref]) : Unreachable();
}
function FromProperties2(context, properties, result) {
  const types = PropertyValues(properties);
  return FromTypes3(context, types, result);
}
function FromTypes3(context, types, result) {
  return types.reduce((result2, left) => {
    return FromType4(context, left, result2);
  }, result);
}
function FromType4(context, type, result) {
  return IsRef(type) ? FromRef2(context, type.$ref, result) : IsArray3(type) ? FromType4(context, type.items, result) : IsConstructor3(type) ? FromTypes3(context, [...type.parameters, type.instanceType], result) : IsFunction3(type) ? FromTypes3(context, [...type.parameters, type.returnType], result) : IsInterfaceDeferred(type) ? FromProperties2(context, type.parameters[1], result) : IsIntersect(type) ? FromTypes3(context, type.allOf, result) : IsObject3(type) ? FromProperties2(context, type.properties, result) : IsUnion(type) ? FromTypes3(context, type.anyOf, result) : IsTuple(type) ? FromTypes3(context, type.items, result) : IsRecord(type) ? FromType4(context, RecordValue(type), result) : result;
}
function CyclicDependencies(context, key, type) {
  const result = FromType4(context, type, [key]);
  return result;
}

// node_modules/typebox/build/type/engine/cyclic/extends.mjs
function FromRef3(_ref) {
  return Any();
}
function FromProperties3(properties) {
  return guard_exports.Keys(properties).reduce((result, key) => {
    return { ...result, [key]: FromType5(properties[key]) };
  }, {});
}
function FromTypes4(types) {
  return types.reduce((result, left) => {
    return [...result, FromType5(left)];
  }, []);
}
function FromType5(type) {
  return IsRef(type) ? FromRef3(type.$ref) : IsArray3(type) ? _Array_(FromType5(type.items), ArrayOptions(type)) : IsConstructor3(type) ? Constructor(FromTypes4(type.parameters), FromType5(type.instanceType)) : IsFunction3(type) ? _Function_(FromTypes4(type.parameters), FromType5(type.returnType)) : IsIntersect(type) ? Intersect(FromTypes4(type.allOf)) : IsObject3(type) ? _Object_(FromProperties3(type.properties)) : IsRecord(type) ? Record(RecordKey(type), FromType5(RecordValue(type))) : IsUnion(type) ? Union(FromTypes4(type.anyOf)) : IsTuple(type) ? Tuple(FromTypes4(type.items)) : type;
}
function CyclicAnyFromParameters(defs, ref) {
  return ref in defs ? FromType5(defs[ref]) : Unknown();
}
function CyclicExtends(type) {
  return CyclicAnyFromParameters(type.$defs, type.$ref);
}

// node_modules/typebox/build/type/engine/cyclic/instantiate.mjs
function CyclicInterface(context, heritage, properties) {
  const instantiatedHeritage = InstantiateTypes(context, State([], []), heritage);
  const instantiatedProperties = InstantiateProperties({}, State([], []), properties);
  const evaluatedInterface = EvaluateIntersect([...instantiatedHeritage, _Object_(instantiatedProperties)]);
  return evaluatedInterface;
}
function CyclicDefinitions(context, dependencies) {
  const keys = guard_exports.Keys(context).filter((key) => dependencies.includes(key));
  return keys.reduce((result, key) => {
    const type = context[key];
    const instantiatedType = IsInterfaceDeferred(type) ? CyclicInterface(context, type.parameters[0], type.parameters[1]) : type;
    return { ...result, [key]: instantiatedType };
  }, {});
}
function InstantiateCyclic(context, ref, type) {
  const dependencies = CyclicDependencies(context, ref, type);
  const definitions = CyclicDefinitions(context, dependencies);
  const result = Cyclic(definitions, ref);
  return result;
}

// node_modules/typebox/build/type/engine/cyclic/target.mjs
function Resolve(defs, ref) {
  return ref in defs ? IsRef(defs[ref]) ? Resolve(defs, defs[ref].$ref) : defs[ref] : Never();
}
function CyclicTarget(defs, ref) {
  const result = Resolve(defs, ref);
  return result;
}

// node_modules/typebox/build/type/extends/extends.mjs
function Canonical(type) {
  return IsCyclic(type) ? CyclicExtends(type) : IsUnsafe(type) ? Unknown() : type;
}
function Extends(inferred, left, right) {
  const canonicalLeft = Canonical(left);
  const canonicalRight = Canonical(right);
  return ExtendsLeft(inferred, canonicalLeft, canonicalRight);
}

// node_modules/typebox/build/type/engine/evaluate/compare.mjs
var CompareResultEqual = 0;
var CompareResultDisjoint = 1;
var CompareResultLeftInside = 2;
var CompareResultRightInside = 3;
function Compare(left, right) {
  const extendsCheck = [Extends({}, left, right), Extends({}, right, left)];
  return result_exports.IsExtendsTrueLike(extendsCheck[0]) && result_exports.IsExtendsTrueLike(extendsCheck[1]) ? CompareResultEqual : result_exports.IsExtendsTrueLike(extendsCheck[0]) && result_exports.IsExtendsFalse(extendsCheck[1]) ? CompareResultLeftInside : result_exports.IsExtendsFalse(extendsCheck[0]) && result_exports.IsExtendsTrueLike(extendsCheck[1]) ? CompareResultRightInside : CompareResultDisjoint;
}

// node_modules/typebox/build/type/engine/evaluate/broaden.mjs
function BroadenFilter(type, types, result = [], all = types) {
  return guard_exports.ShiftLeft(types, (left, right) => {
    const compare = Compare(type, left);
    return guard_exports.IsEqual(compare, CompareResultLeftInside) || guard_exports.IsEqual(compare, CompareResultEqual) ? all : guard_exports.IsEqual(compare, CompareResultDisjoint) ? BroadenFilter(type, right, [...result, left], all) : BroadenFilter(type, right, result, all);
  }, () => [...result, type]);
}
function BroadenType(type, types, result) {
  const evaluated = EvaluateType(type);
  return IsAny(evaluated) ? [evaluated] : (
    // terminate (always the most broad)
    IsUnknown(evaluated) ? [evaluated] : (
      // terminate (always the most broad)
      IsNever(evaluated) ? BroadenTypes(types, result) : (
        // ignored: never is dropped
        IsObject3(evaluated) ? BroadenTypes(types, [...result, evaluated]) : (
          // objects are always considered (too expensive to compare)
          BroadenTypes(types, BroadenFilter(evaluated, result))
        )
      )
    )
  );
}
function BroadenTypes(types, result = []) {
  return guard_exports.ShiftLeft(types, (left, right) => BroadenType(left, right, result), () => result);
}
function Broaden(types) {
  const broadened = BroadenTypes(types);
  const flattened = Flatten(broadened);
  return flattened;
}

// node_modules/typebox/build/type/engine/evaluate/instantiate.mjs
function EvaluateAction(type, options) {
  const result = memory_exports.Update(EvaluateType(type), {}, options);
  return result;
}
function EvaluateInstantiate(context, state2, type, options) {
  const instantiatedType = InstantiateType(context, state2, type);
  return EvaluateAction(instantiatedType, options);
}

// node_modules/typebox/build/type/engine/call/distribute_arguments.mjs
function CollectDistributionNames(expression, result = []) {
  return (
    // Conditional
    IsDeferred(expression) && guard_exports.IsEqual(expression.action, "Conditional") ? IsRef(expression.parameters[0]) ? CollectDistributionNames(expression.parameters[2], CollectDistributionNames(expression.parameters[3], [...result, expression.parameters[0]["$ref"]])) : CollectDistributionNames(expression.parameters[2], CollectDistributionNames(expression.parameters[3], result)) : IsDeferred(expression) && guard_exports.IsEqual(expression.action, "Mapped") ? IsDeferred(expression.parameters[1]) && guard_exports.IsEqual(expression.parameters[1].action, "KeyOf") && IsRef(expression.parameters[1].parameters[0]) ? [...result, expression.parameters[1].parameters[0]["$ref"]] : result : result
  );
}
function BuildDistributionArray(parameters, names2) {
  return parameters.reduce((result, left) => [...result, names2.includes(left.name)], []);
}
function ZipDistributionArray(arguments_, distributionArray, result = []) {
  return guard_exports.ShiftLeft(arguments_, (argumentLeft, argumentRight) => guard_exports.ShiftLeft(distributionArray, (booleanLeft, booleanRight) => ZipDistributionArray(argumentRight, booleanRight, [...result, [booleanLeft, argumentLeft]]), () => result), () => result);
}
function CanonicalArgument(type) {
  return IsTemplateLiteral(type) ? EvaluateTemplateLiteral(type.pattern) : IsEnum(type) ? EvaluateEnum(type.enum) : type;
}
function Expand(type) {
  const canonicalArgument = CanonicalArgument(type);
  return IsUnion(canonicalArgument) ? [...canonicalArgument.anyOf] : [canonicalArgument];
}
function Append(current, type) {
  return current.reduce((result, left) => [...result, [...left, type]], []);
}
function Cross(current, variants) {
  return variants.reduce((result, left) => {
    return [...result, ...Append(current, left)];
  }, []);
}
function Distribute2(zipped) {
  return zipped.reduce((result, left) => {
    return guard_exports.IsEqual(left[0], true) ? Cross(result, Expand(left[1])) : Cross(result, [left[1]]);
  }, [[]]);
}
function DistributeArguments(parameters, arguments_, expression) {
  const distributionNames = CollectDistributionNames(expression);
  const distributionArray = BuildDistributionArray(parameters, distributionNames);
  const zippedArguments = ZipDistributionArray(arguments_, distributionArray);
  return IsDeferred(expression) && guard_exports.IsEqual(expression.action, "Conditional") ? Distribute2(zippedArguments) : IsDeferred(expression) && guard_exports.IsEqual(expression.action, "Mapped") ? Distribute2(zippedArguments) : [arguments_];
}

// node_modules/typebox/build/type/engine/call/resolve_target.mjs
function FromNotResolvable() {
  return ["(not-resolvable)", Never()];
}
function FromNotGeneric() {
  return ["(not-generic)", Never()];
}
function FromGeneric(name, parameters, expression) {
  return [name, Generic(parameters, expression)];
}
function FromRef4(context, ref, arguments_) {
  return ref in context ? FromType6(context, ref, context[ref], arguments_) : FromNotResolvable();
}
function FromType6(context, name, target, arguments_) {
  return IsGeneric(target) ? FromGeneric(name, target.parameters, target.expression) : IsRef(target) ? FromRef4(context, target.$ref, arguments_) : FromNotGeneric();
}
function ResolveTarget(context, target, arguments_) {
  return FromType6(context, "(anonymous)", target, arguments_);
}

// node_modules/typebox/build/type/engine/call/resolve_arguments.mjs
function AssertArgumentExtends(name, type, extends_) {
  if (IsInfer(type) || IsCall(type) || result_exports.IsExtendsTrueLike(Extends({}, type, extends_)))
    return;
  const cause = { parameter: name, expect: extends_, actual: type };
  throw new Error(`Argument for parameter ${name} does not satisfy constraint`, { cause });
}
function BindArgument(context, state2, name, extends_, type) {
  const instantiatedArgument = InstantiateType(context, state2, type);
  AssertArgumentExtends(name, instantiatedArgument, extends_);
  return memory_exports.Assign(context, { [name]: instantiatedArgument });
}
function BindArguments(context, state2, parameterLeft, parameterRight, arguments_) {
  const instantiatedExtends = InstantiateType(context, state2, parameterLeft.extends);
  const instantiatedEquals = InstantiateType(context, state2, parameterLeft.equals);
  return guard_exports.ShiftLeft(arguments_, (left, right) => BindParameters(BindArgument(context, state2, parameterLeft["name"], instantiatedExtends, left), state2, parameterRight, right), () => BindParameters(BindArgument(context, state2, parameterLeft["name"], instantiatedExtends, instantiatedEquals), state2, parameterRight, []));
}
function BindParameters(context, state2, parameters, arguments_) {
  return guard_exports.ShiftLeft(parameters, (left, right) => BindArguments(context, state2, left, right, arguments_), () => context);
}
function ResolveArgumentsContext(context, state2, parameters, arguments_) {
  return BindParameters(context, state2, parameters, arguments_);
}

// node_modules/typebox/build/type/engine/call/instantiate.mjs
var instantiationDepth = 0;
var instantiationCount = 0;
function InstantiationAssert() {
  if (guard_exports.IsLessThan(instantiationCount, settings_exports.Get().maxInstantiationCount))
    return;
  throw Error("Type instantiation is excessively deep and possibly infinite");
}
function InstantiationIncrement() {
  InstantiationAssert();
  instantiationCount++;
  instantiationDepth++;
}
function InstantiationDecrement() {
  instantiationDepth--;
  if (guard_exports.IsEqual(instantiationDepth, 0))
    instantiationCount = 0;
}
function Peek(state2) {
  const result = guard_exports.IsGreaterThan(state2.callstack.length, 0) ? state2.callstack[state2.callstack.length - 1] : "";
  return result;
}
function IsTailCall(state2, name) {
  const result = guard_exports.IsEqual(Peek(state2), name);
  return result;
}
function CallDispatch(context, state2, target, parameters, expression, arguments_) {
  InstantiationIncrement();
  try {
    const argumentsContext = ResolveArgumentsContext(context, state2, parameters, arguments_);
    const returnType = InstantiateType(argumentsContext, State([...state2["callstack"], target["$ref"]], state2["visited"]), expression);
    return InstantiateType(argumentsContext, State([], []), returnType);
  } finally {
    InstantiationDecrement();
  }
}
function CallDistributed(context, state2, target, parameters, expression, distributedArguments) {
  return distributedArguments.reduce((result, arguments_) => {
    const returnType = CallDispatch(context, state2, target, parameters, expression, arguments_);
    return [...result, returnType];
  }, []);
}
function CallImmediate(context, state2, target, parameters, expression, arguments_) {
  const distributedArguments = DistributeArguments(parameters, arguments_, expression);
  const returnTypes = CallDistributed(context, state2, target, parameters, expression, distributedArguments);
  const result = guard_exports.IsEqual(returnTypes.length, 1) ? returnTypes[0] : EvaluateUnion(returnTypes);
  return result;
}
function CallInstantiate(context, state2, target, arguments_) {
  const instantiatedArguments = InstantiateTypes(context, state2, arguments_);
  const resolved2 = ResolveTarget(context, target, arguments_);
  const name = resolved2[0];
  const type = resolved2[1];
  const result = IsGeneric(type) ? IsTailCall(state2, name) ? CallConstruct(Ref(name), instantiatedArguments) : CallImmediate(context, state2, Ref(name), type.parameters, type.expression, instantiatedArguments) : CallConstruct(target, instantiatedArguments);
  return result;
}

// node_modules/typebox/build/type/types/call.mjs
function CallConstruct(target, arguments_) {
  return memory_exports.Create({ ["~kind"]: "Call" }, { type: "call", target, arguments: arguments_ }, {});
}
function Call2(target, arguments_) {
  return CallInstantiate({}, State([], []), target, arguments_);
}
function IsCall(value) {
  return IsKind(value, "Call");
}

// node_modules/typebox/build/type/engine/immutable/instantiate_remove.mjs
function RemoveImmutableOperation(type) {
  return memory_exports.Discard(type, ["~immutable"]);
}
function RemoveImmutableAction(type, options) {
  const result = memory_exports.Update(RemoveImmutableOperation(type), {}, options);
  return result;
}
function RemoveImmutableInstantiate(context, state2, type, options) {
  const instantiatedType = InstantiateType(context, state2, type);
  return RemoveImmutableAction(instantiatedType, options);
}

// node_modules/typebox/build/type/engine/intrinsics/mapping.mjs
function ApplyMapping(mapping, value) {
  return mapping(value);
}

// node_modules/typebox/build/type/engine/intrinsics/from_literal.mjs
function FromLiteral3(mapping, value) {
  return guard_exports.IsString(value) ? Literal(ApplyMapping(mapping, value)) : Literal(value);
}

// node_modules/typebox/build/type/engine/intrinsics/from_template_literal.mjs
function FromTemplateLiteral(mapping, pattern) {
  const evaluated = EvaluateTemplateLiteral(pattern);
  const result = FromType7(mapping, evaluated);
  return result;
}

// node_modules/typebox/build/type/engine/intrinsics/from_union.mjs
function FromUnion2(mapping, types) {
  const result = types.map((type) => FromType7(mapping, type));
  return Union(result);
}

// node_modules/typebox/build/type/engine/intrinsics/from_type.mjs
function FromType7(mapping, type) {
  return IsLiteral(type) ? FromLiteral3(mapping, type.const) : IsTemplateLiteral(type) ? FromTemplateLiteral(mapping, type.pattern) : IsUnion(type) ? FromUnion2(mapping, type.anyOf) : type;
}

// node_modules/typebox/build/type/action/capitalize.mjs
function CapitalizeDeferred(type, options = {}) {
  return Deferred("Capitalize", [type], options);
}
function Capitalize(type, options = {}) {
  return CapitalizeAction(type, options);
}

// node_modules/typebox/build/type/action/lowercase.mjs
function LowercaseDeferred(type, options = {}) {
  return Deferred("Lowercase", [type], options);
}
function Lowercase(type, options = {}) {
  return LowercaseAction(type, options);
}

// node_modules/typebox/build/type/action/uncapitalize.mjs
function UncapitalizeDeferred(type, options = {}) {
  return Deferred("Uncapitalize", [type], options);
}
function Uncapitalize(type, options = {}) {
  return UncapitalizeAction(type, options);
}

// node_modules/typebox/build/type/action/uppercase.mjs
function UppercaseDeferred(type, options = {}) {
  return Deferred("Uppercase", [type], options);
}
function Uppercase(type, options = {}) {
  return UppercaseAction(type, options);
}

// node_modules/typebox/build/type/engine/intrinsics/instantiate.mjs
var CapitalizeMapping = (input) => input[0].toUpperCase() + input.slice(1);
var LowercaseMapping = (input) => input.toLowerCase();
var UncapitalizeMapping = (input) => input[0].toLowerCase() + input.slice(1);
var UppercaseMapping = (input) => input.toUpperCase();
function CapitalizeAction(type, options) {
  const result = CanInstantiate([type]) ? memory_exports.Update(FromType7(CapitalizeMapping, type), {}, options) : CapitalizeDeferred(type, options);
  return result;
}
function LowercaseAction(type, options) {
  const result = CanInstantiate([type]) ? memory_exports.Update(FromType7(LowercaseMapping, type), {}, options) : LowercaseDeferred(type, options);
  return result;
}
function UncapitalizeAction(type, options) {
  const result = CanInstantiate([type]) ? memory_exports.Update(FromType7(UncapitalizeMapping, type), {}, options) : UncapitalizeDeferred(type, options);
  return result;
}
function UppercaseAction(type, options) {
  const result = CanInstantiate([type]) ? memory_exports.Update(FromType7(UppercaseMapping, type), {}, options) : UppercaseDeferred(type, options);
  return result;
}
function CapitalizeInstantiate(context, state2, type, options) {
  const instantiatedType = InstantiateType(context, state2, type);
  return CapitalizeAction(instantiatedType, options);
}
function LowercaseInstantiate(context, state2, type, options) {
  const instantiatedType = InstantiateType(context, state2, type);
  return LowercaseAction(instantiatedType, options);
}
function UncapitalizeInstantiate(context, state2, type, options) {
  const instantiatedType = InstantiateType(context, state2, type);
  return UncapitalizeAction(instantiatedType, options);
}
function UppercaseInstantiate(context, state2, type, options) {
  const instantiatedType = InstantiateType(context, state2, type);
  return UppercaseAction(instantiatedType, options);
}

// node_modules/typebox/build/type/action/conditional.mjs
function ConditionalDeferred(left, right, true_, false_, options = {}) {
  return Deferred("Conditional", [left, right, true_, false_], options);
}
function Conditional(left, right, true_, false_, options = {}) {
  return ConditionalAction({}, State([], []), left, right, true_, false_, options);
}

// node_modules/typebox/build/type/engine/conditional/instantiate.mjs
function ConditionalOperation(context, state2, left, right, true_, false_) {
  const extendsResult = Extends(context, left, right);
  return result_exports.IsExtendsUnion(extendsResult) ? Union([InstantiateType(extendsResult.inferred, state2, true_), InstantiateType(context, state2, false_)]) : result_exports.IsExtendsTrue(extendsResult) ? InstantiateType(extendsResult.inferred, state2, true_) : InstantiateType(context, state2, false_);
}
function ConditionalAction(context, state2, left, right, true_, false_, options) {
  const result = CanInstantiate([left, right]) ? memory_exports.Update(ConditionalOperation(context, state2, left, right, true_, false_), {}, options) : ConditionalDeferred(left, right, true_, false_, options);
  return result;
}
function ConditionalInstantiate(context, state2, left, right, true_, false_, options) {
  const instantiatedLeft = InstantiateType(context, state2, left);
  const instantiatedRight = InstantiateType(context, state2, right);
  return ConditionalAction(context, state2, instantiatedLeft, instantiatedRight, true_, false_, options);
}

// node_modules/typebox/build/type/action/constructor_parameters.mjs
function ConstructorParametersDeferred(type, options = {}) {
  return Deferred("ConstructorParameters", [type], options);
}
function ConstructorParameters(type, options = {}) {
  return ConstructorParametersAction(type, options);
}

// node_modules/typebox/build/type/engine/constructor_parameters/instantiate.mjs
function ConstructorParametersOperation(type) {
  const parameters = IsConstructor3(type) ? type["parameters"] : [];
  const instantiatedParameters = InstantiateElements({}, State([], []), parameters);
  const result = Tuple(instantiatedParameters);
  return result;
}
function ConstructorParametersAction(type, options) {
  const result = CanInstantiate([type]) ? memory_exports.Update(ConstructorParametersOperation(type), {}, options) : ConstructorParametersDeferred(type, options);
  return result;
}
function ConstructorParametersInstantiate(context, state2, type, options) {
  const instantiatedType = InstantiateType(context, state2, type);
  return ConstructorParametersAction(instantiatedType, options);
}

// node_modules/typebox/build/type/action/exclude.mjs
function ExcludeDeferred(left, right, options = {}) {
  return Deferred("Exclude", [left, right], options);
}
function Exclude(left, right, options = {}) {
  return ExcludeAction(left, right, options);
}

// node_modules/typebox/build/type/engine/exclude/instantiate.mjs
function ExcludeAction(left, right, options) {
  const result = CanInstantiate([left, right]) ? memory_exports.Update(ExcludeOperation(left, right), {}, options) : ExcludeDeferred(left, right, options);
  return result;
}
function ExcludeInstantiate(context, state2, left, right, options) {
  const instantiatedLeft = InstantiateType(context, state2, left);
  const instantiatedRight = InstantiateType(context, state2, right);
  return ExcludeAction(instantiatedLeft, instantiatedRight, options);
}

// node_modules/typebox/build/type/action/extract.mjs
function ExtractDeferred(left, right, options = {}) {
  return Deferred("Extract", [left, right], options);
}
function Extract(left, right, options = {}) {
  return ExtractAction(left, right, options);
}

// node_modules/typebox/build/type/engine/extract/operation.mjs
function ExtractType(left, right) {
  const check = Extends({}, left, right);
  const result = result_exports.IsExtendsTrueLike(check) ? [left] : [];
  return result;
}
function ExtractUnion(left, right, result = []) {
  return guard_exports.ShiftLeft(left, (head, tail) => ExtractUnion(tail, right, [...result, ...ExtractType(head, right)]), () => result);
}
function ExtractOperation(left, right) {
  const evaluated = EvaluateType(left);
  const canonical = IsUnion(evaluated) ? evaluated.anyOf : [evaluated];
  const remaining = ExtractUnion(canonical, right);
  const result = EvaluateUnion(remaining);
  return result;
}

// node_modules/typebox/build/type/engine/extract/instantiate.mjs
function ExtractAction(left, right, options) {
  const result = CanInstantiate([left, right]) ? memory_exports.Update(ExtractOperation(left, right), {}, options) : ExtractDeferred(left, right, options);
  return result;
}
function ExtractInstantiate(context, state2, left, right, options) {
  const instantiatedLeft = InstantiateType(context, state2, left);
  const instantiatedRight = InstantiateType(context, state2, right);
  return ExtractAction(instantiatedLeft, instantiatedRight, options);
}

// node_modules/typebox/build/type/engine/helpers/keys_to_indexer.mjs
function KeysToLiterals(keys) {
  return keys.reduce((result, left) => {
    return IsLiteralValue(left) ? [...result, Literal(left)] : result;
  }, []);
}
function KeysToIndexer(keys) {
  const literals = KeysToLiterals(keys);
  const result = Union(literals);
  return result;
}

// node_modules/typebox/build/type/action/indexed.mjs
function IndexDeferred(type, indexer, options = {}) {
  return Deferred("Index", [type, indexer], options);
}
function Index(type, indexer_or_keys, options = {}) {
  const indexer = guard_exports.IsArray(indexer_or_keys) ? KeysToIndexer(indexer_or_keys) : indexer_or_keys;
  return IndexAction(type, indexer, options);
}

// node_modules/typebox/build/type/engine/object/from_cyclic.mjs
function FromCyclic(defs, ref) {
  const target = CyclicTarget(defs, ref);
  const result = FromType8(target);
  return result;
}

// node_modules/typebox/build/type/engine/object/from_dependent.mjs
function FromDependent(if_, then_, else_) {
  const evaluated = EvaluateDependent(if_, then_, else_);
  const result = FromType8(evaluated);
  return result;
}

// node_modules/typebox/build/type/engine/object/from_intersect.mjs
function CollapseIntersectProperties(left, right) {
  const leftKeys = guard_exports.Keys(left).filter((key) => !guard_exports.HasPropertyKey(right, key));
  const rightKeys = guard_exports.Keys(right).filter((key) => !guard_exports.HasPropertyKey(left, key));
  const sharedKeys = guard_exports.Keys(left).filter((key) => guard_exports.HasPropertyKey(right, key));
  const leftProperties = leftKeys.reduce((result, key) => ({ ...result, [key]: left[key] }), {});
  const rightProperties = rightKeys.reduce((result, key) => ({ ...result, [key]: right[key] }), {});
  const sharedProperties = sharedKeys.reduce((result, key) => ({ ...result, [key]: EvaluatePropertyIntersect(left[key], right[key]) }), {});
  const unique = memory_exports.Assign(leftProperties, rightProperties);
  const shared = memory_exports.Assign(unique, sharedProperties);
  return shared;
}
function FromIntersect(types) {
  return types.reduce((result, left) => {
    return CollapseIntersectProperties(result, FromType8(left));
  }, {});
}

// node_modules/typebox/build/type/engine/object/from_object.mjs
function FromObject3(properties) {
  return properties;
}

// node_modules/typebox/build/type/engine/object/from_tuple.mjs
function FromTuple(types) {
  const object = TupleToObject(Tuple(types));
  const result = FromType8(object);
  return result;
}

// node_modules/typebox/build/type/engine/object/from_union.mjs
function CollapseUnionProperties(left, right) {
  const sharedKeys = guard_exports.Keys(left).filter((key) => key in right);
  const result = sharedKeys.reduce((result2, key) => {
    return { ...result2, [key]: EvaluatePropertyUnion(left[key], right[key]) };
  }, {});
  return result;
}
function ReduceVariants(types, result) {
  return guard_exports.ShiftLeft(types, (left, right) => ReduceVariants(right, CollapseUnionProperties(result, FromType8(left))), () => result);
}
function FromUnion3(types) {
  return guard_exports.ShiftLeft(types, (left, right) => ReduceVariants(right, FromType8(left)), () => Unreachable());
}

// node_modules/typebox/build/type/engine/object/from_type.mjs
function FromType8(type) {
  return IsCyclic(type) ? FromCyclic(type.$defs, type.$ref) : IsDependent(type) ? FromDependent(type.if, type.then, type.else) : IsIntersect(type) ? FromIntersect(type.allOf) : IsUnion(type) ? FromUnion3(type.anyOf) : IsTuple(type) ? FromTuple(type.items) : IsObject3(type) ? FromObject3(type.properties) : {};
}

// node_modules/typebox/build/type/engine/object/collapse.mjs
function CollapseToObject(type) {
  const properties = FromType8(type);
  const result = _Object_(properties);
  return result;
}

// node_modules/typebox/build/type/engine/helpers/keys.mjs
var integerKeyPattern = new RegExp("^(?:0|[1-9][0-9]*)$");
function ConvertToIntegerKey(value) {
  const normal = `${value}`;
  return integerKeyPattern.test(normal) ? parseInt(normal) : value;
}

// node_modules/typebox/build/type/engine/indexed/from_array.mjs
function NormalizeLiteral(value) {
  return Literal(ConvertToIntegerKey(value));
}
function NormalizeIndexerTypes(types) {
  return types.map((type) => NormalizeIndexer(type));
}
function NormalizeIndexer(type) {
  return IsIntersect(type) ? Intersect(NormalizeIndexerTypes(type.allOf)) : IsUnion(type) ? Union(NormalizeIndexerTypes(type.anyOf)) : IsLiteral(type) ? NormalizeLiteral(type.const) : type;
}
function FromArray2(type, indexer) {
  const normalizedIndexer = NormalizeIndexer(indexer);
  const check = Extends({}, normalizedIndexer, Number2());
  const result = (
    // indexer
    result_exports.IsExtendsTrueLike(check) ? type : IsLiteral(indexer) && guard_exports.IsEqual(indexer.const, "length") ? Number2() : Never()
  );
  return result;
}

// node_modules/typebox/build/type/engine/indexable/from_cyclic.mjs
function FromCyclic2(defs, ref) {
  const target = CyclicTarget(defs, ref);
  const result = FromType9(target);
  return result;
}

// node_modules/typebox/build/type/engine/indexable/from_dependent.mjs
function FromDependent2(if_, then_, else_) {
  const evaluated = EvaluateDependent(if_, then_, else_);
  const result = FromType9(evaluated);
  return result;
}

// node_modules/typebox/build/type/engine/indexable/from_enum.mjs
function FromEnum(values) {
  const evaluated = EvaluateEnum(values);
  const result = FromType9(evaluated);
  return result;
}

// node_modules/typebox/build/type/engine/indexable/from_intersect.mjs
function FromIntersect2(types) {
  const evaluated = EvaluateIntersect(types);
  const result = FromType9(evaluated);
  return result;
}

// node_modules/typebox/build/type/engine/indexable/from_literal.mjs
function FromLiteral4(value) {
  const result = [`${value}`];
  return result;
}

// node_modules/typebox/build/type/engine/indexable/from_template_literal.mjs
function FromTemplateLiteral2(pattern) {
  const evaluated = EvaluateTemplateLiteral(pattern);
  const result = FromType9(evaluated);
  return result;
}

// node_modules/typebox/build/type/engine/indexable/from_union.mjs
function FromUnion4(types) {
  return types.reduce((result, left) => {
    return [...result, ...FromType9(left)];
  }, []);
}

// node_modules/typebox/build/type/engine/indexable/from_type.mjs
function FromType9(type) {
  return IsCyclic(type) ? FromCyclic2(type.$defs, type.$ref) : IsDependent(type) ? FromDependent2(type.if, type.then, type.else) : IsEnum(type) ? FromEnum(type.enum) : IsIntersect(type) ? FromIntersect2(type.allOf) : IsLiteral(type) ? FromLiteral4(type.const) : IsTemplateLiteral(type) ? FromTemplateLiteral2(type.pattern) : IsUnion(type) ? FromUnion4(type.anyOf) : [];
}

// node_modules/typebox/build/type/engine/indexable/to_indexable_keys.mjs
function ToIndexableKeys(type) {
  const result = FromType9(type);
  return result;
}

// node_modules/typebox/build/type/engine/this/expand_this.mjs
function FromTypes5(properties, types) {
  return types.map((type) => FromType10(properties, type));
}
function FromType10(properties, type) {
  return IsArray3(type) ? _Array_(FromType10(properties, type.items)) : IsConstructor3(type) ? Constructor(FromTypes5(properties, type.parameters), FromType10(properties, type.instanceType)) : IsFunction3(type) ? _Function_(FromTypes5(properties, type.parameters), FromType10(properties, type.returnType)) : IsTuple(type) ? Tuple(FromTypes5(properties, type.items)) : IsUnion(type) ? Union(FromTypes5(properties, type.anyOf)) : IsIntersect(type) ? Intersect(FromTypes5(properties, type.allOf)) : IsThis(type) ? _Object_(properties) : type;
}
function ExpandThis(properties, type) {
  const result = FromType10(properties, type);
  return result;
}

// node_modules/typebox/build/type/engine/indexed/from_object.mjs
function IndexProperty(properties, key) {
  const selectedType = key in properties ? properties[key] : Never();
  const result = ExpandThis(properties, selectedType);
  return result;
}
function IndexProperties(properties, keys) {
  return keys.reduce((result, left) => {
    return [...result, IndexProperty(properties, left)];
  }, []);
}
function FromIndexer(properties, indexer) {
  const keys = ToIndexableKeys(indexer);
  const variants = IndexProperties(properties, keys);
  const result = EvaluateUnion(variants);
  return result;
}
var NumericKeyPattern = new RegExp(IntegerKey);
function NumericKeys(keys) {
  const result = keys.filter((key) => NumericKeyPattern.test(key));
  return result;
}
function FromIndexerNumber(properties) {
  const keys = PropertyKeys(properties);
  const numericKeys = NumericKeys(keys);
  const variants = IndexProperties(properties, numericKeys);
  const result = EvaluateUnion(variants);
  return result;
}
function FromObject4(properties, indexer) {
  const result = IsNumber4(indexer) ? FromIndexerNumber(properties) : FromIndexer(properties, indexer);
  return result;
}

// node_modules/typebox/build/type/engine/indexed/array_indexer.mjs
function ConvertLiteral(value) {
  return Literal(ConvertToIntegerKey(value));
}
function ArrayIndexerTypes(types) {
  return types.map((type) => FormatArrayIndexer(type));
}
function FormatArrayIndexer(type) {
  return IsIntersect(type) ? Intersect(ArrayIndexerTypes(type.allOf)) : IsUnion(type) ? Union(ArrayIndexerTypes(type.anyOf)) : IsLiteral(type) ? ConvertLiteral(type.const) : type;
}

// node_modules/typebox/build/type/engine/indexed/from_tuple.mjs
function IndexElementsWithIndexer(types, indexer) {
  return types.reduceRight((result, right, index3) => {
    const check = Extends({}, Literal(index3), indexer);
    return result_exports.IsExtendsTrueLike(check) ? [right, ...result] : result;
  }, []);
}
function FromTupleWithIndexer(types, indexer) {
  const formattedArrayIndexer = FormatArrayIndexer(indexer);
  const elements = IndexElementsWithIndexer(types, formattedArrayIndexer);
  return EvaluateUnionFast(elements);
}
function FromTupleWithoutIndexer(types) {
  return EvaluateUnionFast(types);
}
function FromTuple2(types, indexer) {
  return (
    // length (intrinsic)
    IsLiteral(indexer) && guard_exports.IsEqual(indexer.const, "length") ? Literal(types.length) : IsNumber4(indexer) || IsInteger3(indexer) ? FromTupleWithoutIndexer(types) : FromTupleWithIndexer(types, indexer)
  );
}

// node_modules/typebox/build/type/engine/indexed/from_type.mjs
function FromType11(type, indexer) {
  return IsArray3(type) ? FromArray2(type.items, indexer) : IsObject3(type) ? FromObject4(type.properties, indexer) : IsTuple(type) ? FromTuple2(type.items, indexer) : Never();
}

// node_modules/typebox/build/type/engine/indexed/instantiate.mjs
function NormalizeType(type) {
  const result = IsCyclic(type) || IsDependent(type) || IsIntersect(type) || IsUnion(type) ? CollapseToObject(type) : type;
  return result;
}
function IndexAction(type, indexer, options) {
  const result = CanInstantiate([type, indexer]) ? memory_exports.Update(FromType11(NormalizeType(type), indexer), {}, options) : IndexDeferred(type, indexer, options);
  return result;
}
function IndexInstantiate(context, state2, type, indexer, options) {
  const instantiatedType = InstantiateType(context, state2, type);
  const instantiatedIndexer = InstantiateType(context, state2, indexer);
  return IndexAction(instantiatedType, instantiatedIndexer, options);
}

// node_modules/typebox/build/type/action/instance_type.mjs
function InstanceTypeDeferred(type, options = {}) {
  return Deferred("InstanceType", [type], options);
}
function InstanceType(type, options = {}) {
  return InstanceTypeAction(type, options);
}

// node_modules/typebox/build/type/engine/instance_type/instantiate.mjs
function InstanceTypeOperation(type) {
  return IsConstructor3(type) ? type["instanceType"] : Never();
}
function InstanceTypeAction(type, options) {
  const result = CanInstantiate([type]) ? memory_exports.Update(InstanceTypeOperation(type), {}, options) : InstanceTypeDeferred(type, options);
  return result;
}
function InstanceTypeInstantiate(context, state2, type, options = {}) {
  const instantiatedType = InstantiateType(context, state2, type);
  return InstanceTypeAction(instantiatedType, options);
}

// node_modules/typebox/build/type/action/keyof.mjs
function KeyOfDeferred(type, options = {}) {
  return Deferred("KeyOf", [type], options);
}
function KeyOf2(type, options = {}) {
  return KeyOfAction(type, options);
}

// node_modules/typebox/build/type/engine/keyof/from_any.mjs
function FromAny() {
  return Union([Number2(), String2(), Symbol2()]);
}

// node_modules/typebox/build/type/engine/keyof/from_array.mjs
function FromArray3(_type) {
  return Number2();
}

// node_modules/typebox/build/type/engine/keyof/from_object.mjs
function FromPropertyKeys(keys) {
  const result = keys.reduce((result2, left) => {
    return IsLiteralValue(left) ? [...result2, Literal(ConvertToIntegerKey(left))] : Unreachable();
  }, []);
  return result;
}
function FromObject5(properties) {
  const propertyKeys = guard_exports.Keys(properties);
  const variants = FromPropertyKeys(propertyKeys);
  const result = EvaluateUnionFast(variants);
  return result;
}

// node_modules/typebox/build/type/engine/keyof/from_record.mjs
function FromRecord2(type) {
  return RecordKey(type);
}

// node_modules/typebox/build/type/engine/keyof/from_tuple.mjs
function FromTuple3(types) {
  const result = types.map((_, index3) => Literal(index3));
  return EvaluateUnionFast(result);
}

// node_modules/typebox/build/type/engine/keyof/from_type.mjs
function FromType12(type) {
  return IsAny(type) ? FromAny() : IsArray3(type) ? FromArray3(type.items) : IsObject3(type) ? FromObject5(type.properties) : IsRecord(type) ? FromRecord2(type) : IsTuple(type) ? FromTuple3(type.items) : Never();
}

// node_modules/typebox/build/type/engine/keyof/instantiate.mjs
function NormalizeType2(type) {
  const result = IsCyclic(type) || IsDependent(type) || IsIntersect(type) || IsUnion(type) ? CollapseToObject(type) : type;
  return result;
}
function KeyOfAction(type, options) {
  return CanInstantiate([type]) ? memory_exports.Update(FromType12(NormalizeType2(type)), {}, options) : KeyOfDeferred(type, options);
}
function KeyOfInstantiate(context, state2, type, options) {
  const instantiatedType = InstantiateType(context, state2, type);
  return KeyOfAction(instantiatedType, options);
}

// node_modules/typebox/build/type/action/mapped.mjs
function MappedDeferred(identifier, type, as, property, options = {}) {
  return Deferred("Mapped", [identifier, type, as, property], options);
}
function Mapped(identifier, type, as, property, options = {}) {
  return MappedAction({}, State([], []), identifier, type, as, property, options);
}

// node_modules/typebox/build/type/engine/mapped/mapped_variants.mjs
function FromTemplateLiteral3(pattern) {
  const evaluated = EvaluateTemplateLiteral(pattern);
  const result = FromType13(evaluated);
  return result;
}
function FromUnion5(types) {
  return types.reduce((result, left) => {
    return [...result, ...FromType13(left)];
  }, []);
}
function FromEnum2(values) {
  const evaluated = EvaluateEnum(values);
  const result = FromType13(evaluated);
  return result;
}
function FromLiteral5(value) {
  const result = guard_exports.IsNumber(value) ? [Literal(`${value}`)] : [Literal(value)];
  return result;
}
function FromType13(type) {
  const result = IsEnum(type) ? FromEnum2(type.enum) : IsLiteral(type) ? FromLiteral5(type.const) : IsTemplateLiteral(type) ? FromTemplateLiteral3(type.pattern) : IsUnion(type) ? FromUnion5(type.anyOf) : [type];
  return result;
}
function MappedVariants(type) {
  const result = FromType13(type);
  return result;
}

// node_modules/typebox/build/type/engine/mapped/mapped_operation.mjs
function CanonicalAs(instantiatedAs) {
  const result = IsTemplateLiteral(instantiatedAs) ? EvaluateTemplateLiteral(instantiatedAs.pattern) : instantiatedAs;
  return result;
}
function MappedVariant(context, state2, identifier, variant, as, property) {
  const variantContext = memory_exports.Assign(context, { [identifier["name"]]: variant });
  const instantiatedAs = InstantiateType(variantContext, state2, as);
  const canonicalAs = CanonicalAs(instantiatedAs);
  const instantiatedProperty = InstantiateType(variantContext, state2, property);
  return IsLiteralNumber(canonicalAs) || IsLiteralString(canonicalAs) ? { [canonicalAs.const]: instantiatedProperty } : {};
}
function MappedProperties(context, state2, identifier, variants, as, property) {
  return variants.reduce((result, left) => {
    return [...result, MappedVariant(context, state2, identifier, left, as, property)];
  }, []);
}
function MappedObjects(properties) {
  return properties.reduce((result, left) => {
    return [...result, _Object_(left)];
  }, []);
}
function MappedOperation(context, state2, identifier, type, as, property) {
  const variants = MappedVariants(type);
  const mappedProperties = MappedProperties(context, state2, identifier, variants, as, property);
  const mappedObjects = MappedObjects(mappedProperties);
  const result = EvaluateIntersect(mappedObjects);
  return result;
}

// node_modules/typebox/build/type/engine/mapped/instantiate.mjs
function MappedAction(context, state2, identifier, type, as, property, options) {
  const result = CanInstantiate([type]) ? memory_exports.Update(MappedOperation(context, state2, identifier, type, as, property), {}, options) : MappedDeferred(identifier, type, as, property, options);
  return result;
}
function MappedInstantiate(context, state2, identifier, type, as, property, options) {
  const instantiatedType = InstantiateType(context, state2, type);
  return MappedAction(context, state2, identifier, instantiatedType, as, property, options);
}

// node_modules/typebox/build/type/engine/module/instantiate.mjs
function InstantiateCyclics(context, declarations, cyclicKeys) {
  const declarationContext = memory_exports.Assign(context, declarations);
  const declarationKeys = guard_exports.Keys(declarations).filter((key) => cyclicKeys.includes(key));
  return declarationKeys.reduce((result, key) => {
    return { ...result, [key]: InstantiateCyclic(declarationContext, key, declarations[key]) };
  }, {});
}
function InstantiateNonCyclics(context, declarations, cyclicKeys) {
  const declarationContext = memory_exports.Assign(context, declarations);
  const declarationKeys = guard_exports.Keys(declarations).filter((key) => !cyclicKeys.includes(key));
  return declarationKeys.reduce((result, key) => {
    return { ...result, [key]: InstantiateType(declarationContext, State([], []), declarations[key]) };
  }, {});
}
function InstantiateModule(context, declarations, options) {
  const cyclicCandidates = CyclicCandidates(declarations);
  const instantiatedCyclics = InstantiateCyclics(context, declarations, cyclicCandidates);
  const instantiatedNonCyclics = InstantiateNonCyclics(context, declarations, cyclicCandidates);
  const instantiatedModule = { ...instantiatedCyclics, ...instantiatedNonCyclics };
  return memory_exports.Update(instantiatedModule, {}, options);
}
function ModuleInstantiate(context, _state, declarations, options) {
  const instantiatedModule = InstantiateModule(context, declarations, options);
  return instantiatedModule;
}

// node_modules/typebox/build/type/action/non_nullable.mjs
function NonNullableDeferred(type, options = {}) {
  return Deferred("NonNullable", [type], options);
}
function NonNullable(type, options = {}) {
  return NonNullableAction(type, options);
}

// node_modules/typebox/build/type/engine/non_nullable/instantiate.mjs
function NonNullableOperation(type) {
  const excluded = Union([Null(), Undefined()]);
  return ExcludeAction(type, excluded, {});
}
function NonNullableAction(type, options) {
  const result = CanInstantiate([type]) ? memory_exports.Update(NonNullableOperation(type), {}, options) : NonNullableDeferred(type, options);
  return result;
}
function NonNullableInstantiate(context, state2, type, options) {
  const instantiatedType = InstantiateType(context, state2, type);
  return NonNullableAction(instantiatedType, options);
}

// node_modules/typebox/build/type/action/omit.mjs
function OmitDeferred(type, indexer, options = {}) {
  return Deferred("Omit", [type, indexer], options);
}
function Omit(type, indexer_or_keys, options = {}) {
  const indexer = guard_exports.IsArray(indexer_or_keys) ? KeysToIndexer(indexer_or_keys) : indexer_or_keys;
  return OmitAction(type, indexer, options);
}

// node_modules/typebox/build/type/engine/indexable/to_indexable.mjs
function ToIndexable(type) {
  const collapsed = CollapseToObject(type);
  const result = IsObject3(collapsed) ? collapsed.properties : Unreachable();
  return result;
}

// node_modules/typebox/build/type/engine/omit/from_type.mjs
function FromKeys(properties, keys) {
  const result = guard_exports.Keys(properties).reduce((result2, key) => {
    return keys.includes(key) ? result2 : { ...result2, [key]: properties[key] };
  }, {});
  return result;
}
function FromType14(type, indexer) {
  const indexable = ToIndexable(type);
  const indexableKeys = ToIndexableKeys(indexer);
  const omitted = FromKeys(indexable, indexableKeys);
  const result = _Object_(omitted);
  return result;
}

// node_modules/typebox/build/type/engine/omit/instantiate.mjs
function OmitAction(type, indexer, options) {
  const result = CanInstantiate([type, indexer]) ? memory_exports.Update(FromType14(type, indexer), {}, options) : OmitDeferred(type, indexer, options);
  return result;
}
function OmitInstantiate(context, state2, type, indexer, options) {
  const instantiatedType = InstantiateType(context, state2, type);
  const instantiatedIndexer = InstantiateType(context, state2, indexer);
  return OmitAction(instantiatedType, instantiatedIndexer, options);
}

// node_modules/typebox/build/type/action/parameters.mjs
function ParametersDeferred(type, options = {}) {
  return Deferred("Parameters", [type], options);
}
function Parameters(type, options = {}) {
  return ParametersAction(type, options);
}

// node_modules/typebox/build/type/engine/parameters/instantiate.mjs
function ParametersOperation(type) {
  const parameters = IsFunction3(type) ? type["parameters"] : [];
  const instantiatedParameters = InstantiateElements({}, State([], []), parameters);
  const result = Tuple(instantiatedParameters);
  return result;
}
function ParametersAction(type, options) {
  const result = CanInstantiate([type]) ? memory_exports.Update(ParametersOperation(type), {}, options) : ParametersDeferred(type, options);
  return result;
}
function ParametersInstantiate(context, state2, type, options) {
  const instantiatedType = InstantiateType(context, state2, type);
  return ParametersAction(instantiatedType, options);
}

// node_modules/typebox/build/type/action/partial.mjs
function PartialDeferred(type, options = {}) {
  return Deferred("Partial", [type], options);
}
function Partial(type, options = {}) {
  return PartialAction(type, options);
}

// node_modules/typebox/build/type/engine/partial/from_cyclic.mjs
function FromCyclic3(defs, ref) {
  const target = CyclicTarget(defs, ref);
  const partial = FromType15(target);
  const result = Cyclic(memory_exports.Assign(defs, { [ref]: partial }), ref);
  return result;
}

// node_modules/typebox/build/type/engine/partial/from_dependent.mjs
function FromDependent3(if_, then_, else_) {
  const evaluated = EvaluateDependent(if_, then_, else_);
  const result = FromType15(evaluated);
  return result;
}

// node_modules/typebox/build/type/engine/partial/from_intersect.mjs
function FromIntersect3(types) {
  const evaluated = EvaluateIntersect(types);
  const result = FromType15(evaluated);
  return result;
}

// node_modules/typebox/build/type/engine/partial/from_union.mjs
function FromUnion6(types) {
  const result = types.map((type) => FromType15(type));
  return Union(result);
}

// node_modules/typebox/build/type/engine/partial/from_object.mjs
function FromObject6(properties) {
  const mapped = guard_exports.Keys(properties).reduce((result2, left) => {
    return { ...result2, [left]: AddOptional(properties[left]) };
  }, {});
  const result = _Object_(mapped);
  return result;
}

// node_modules/typebox/build/type/engine/partial/from_type.mjs
function FromType15(type) {
  return IsCyclic(type) ? FromCyclic3(type.$defs, type.$ref) : IsDependent(type) ? FromDependent3(type.if, type.then, type.else) : IsIntersect(type) ? FromIntersect3(type.allOf) : IsUnion(type) ? FromUnion6(type.anyOf) : IsObject3(type) ? FromObject6(type.properties) : _Object_({});
}

// node_modules/typebox/build/type/engine/partial/instantiate.mjs
function PartialAction(type, options) {
  const result = CanInstantiate([type]) ? memory_exports.Update(FromType15(type), {}, options) : PartialDeferred(type, options);
  return result;
}
function PartialInstantiate(context, state2, type, options) {
  const instantiatedType = InstantiateType(context, state2, type);
  return PartialAction(instantiatedType, options);
}

// node_modules/typebox/build/type/action/pick.mjs
function PickDeferred(type, indexer, options = {}) {
  return Deferred("Pick", [type, indexer], options);
}
function Pick(type, indexer_or_keys, options = {}) {
  const indexer = guard_exports.IsArray(indexer_or_keys) ? KeysToIndexer(indexer_or_keys) : indexer_or_keys;
  return PickAction(type, indexer, options);
}

// node_modules/typebox/build/type/engine/pick/from_type.mjs
function FromKeys2(properties, keys) {
  const result = guard_exports.Keys(properties).reduce((result2, key) => {
    return keys.includes(key) ? memory_exports.Assign(result2, { [key]: properties[key] }) : result2;
  }, {});
  return result;
}
function FromType16(type, indexer) {
  const indexable = ToIndexable(type);
  const keys = ToIndexableKeys(indexer);
  const applied = FromKeys2(indexable, keys);
  const result = _Object_(applied);
  return result;
}

// node_modules/typebox/build/type/engine/pick/instantiate.mjs
function PickAction(type, indexer, options) {
  const result = CanInstantiate([type, indexer]) ? memory_exports.Update(FromType16(type, indexer), {}, options) : PickDeferred(type, indexer, options);
  return result;
}
function PickInstantiate(context, state2, type, indexer, options) {
  const instantiatedType = InstantiateType(context, state2, type);
  const instantiatedIndexer = InstantiateType(context, state2, indexer);
  return PickAction(instantiatedType, instantiatedIndexer, options);
}

// node_modules/typebox/build/type/action/readonly_object.mjs
function ReadonlyObjectDeferred(type, options = {}) {
  return Deferred("ReadonlyObject", [type], options);
}
function ReadonlyObject(type, options = {}) {
  return ReadonlyObjectAction(type, options);
}
var ReadonlyType = ReadonlyObject;

// node_modules/typebox/build/type/engine/readonly_object/from_array.mjs
function FromArray4(type) {
  const result = AddImmutable(_Array_(type));
  return result;
}

// node_modules/typebox/build/type/engine/readonly_object/from_cyclic.mjs
function FromCyclic4(defs, ref) {
  const target = CyclicTarget(defs, ref);
  const partial = FromType17(target);
  const result = Cyclic(memory_exports.Assign(defs, { [ref]: partial }), ref);
  return result;
}

// node_modules/typebox/build/type/engine/readonly_object/from_dependent.mjs
function FromDependent4(if_, then_, else_) {
  const evaluated = EvaluateDependent(if_, then_, else_);
  const result = FromType17(evaluated);
  return result;
}

// node_modules/typebox/build/type/engine/readonly_object/from_intersect.mjs
function FromIntersect4(types) {
  const evaluated = EvaluateIntersect(types);
  const result = FromType17(evaluated);
  return result;
}

// node_modules/typebox/build/type/engine/readonly_object/from_object.mjs
function FromObject7(properties) {
  const mapped = guard_exports.Keys(properties).reduce((result2, left) => {
    return { ...result2, [left]: AddReadonly(properties[left]) };
  }, {});
  const result = _Object_(mapped);
  return result;
}

// node_modules/typebox/build/type/engine/readonly_object/from_tuple.mjs
function FromTuple4(types) {
  const result = AddImmutable(Tuple(types));
  return result;
}

// node_modules/typebox/build/type/engine/readonly_object/from_union.mjs
function FromUnion7(types) {
  const result = types.map((type) => FromType17(type));
  return Union(result);
}

// node_modules/typebox/build/type/engine/readonly_object/from_type.mjs
function FromType17(type) {
  return IsArray3(type) ? FromArray4(type.items) : IsCyclic(type) ? FromCyclic4(type.$defs, type.$ref) : IsDependent(type) ? FromDependent4(type.if, type.then, type.else) : IsIntersect(type) ? FromIntersect4(type.allOf) : IsObject3(type) ? FromObject7(type.properties) : IsTuple(type) ? FromTuple4(type.items) : IsUnion(type) ? FromUnion7(type.anyOf) : type;
}

// node_modules/typebox/build/type/engine/readonly_object/instantiate.mjs
function ReadonlyObjectAction(type, options) {
  const result = CanInstantiate([type]) ? memory_exports.Update(FromType17(type), {}, options) : ReadonlyObjectDeferred(type);
  return result;
}
function ReadonlyObjectInstantiate(context, state2, type, options) {
  const instantiatedType = InstantiateType(context, state2, type);
  return ReadonlyObjectAction(instantiatedType, options);
}

// node_modules/typebox/build/type/engine/ref/instantiate.mjs
function RefInstantiate(context, state2, type, ref) {
  return state2.visited.includes(ref) ? type : ref in context ? InstantiateType(context, State(state2["callstack"], [...state2["visited"], ref]), context[ref]) : type;
}

// node_modules/typebox/build/type/engine/required/from_cyclic.mjs
function FromCyclic5(defs, ref) {
  const target = CyclicTarget(defs, ref);
  const partial = FromType18(target);
  const result = Cyclic(memory_exports.Assign(defs, { [ref]: partial }), ref);
  return result;
}

// node_modules/typebox/build/type/engine/required/from_dependent.mjs
function FromDependent5(if_, then_, else_) {
  const evaluated = EvaluateDependent(if_, then_, else_);
  const result = FromType18(evaluated);
  return result;
}

// node_modules/typebox/build/type/engine/required/from_intersect.mjs
function FromIntersect5(types) {
  const evaluated = EvaluateIntersect(types);
  const result = FromType18(evaluated);
  return result;
}

// node_modules/typebox/build/type/engine/required/from_union.mjs
function FromUnion8(types) {
  const result = types.map((type) => FromType18(type));
  return Union(result);
}

// node_modules/typebox/build/type/action/_remove_optional.mjs
function RemoveOptionalDeferred(type, options = {}) {
  return Deferred("RemoveOptional", [type], options);
}
function RemoveOptional(type, options = {}) {
  return RemoveOptionalAction(type, options);
}

// node_modules/typebox/build/type/engine/required/from_object.mjs
function FromObject8(properties) {
  const mapped = guard_exports.Keys(properties).reduce((result2, left) => {
    return { ...result2, [left]: RemoveOptional(properties[left]) };
  }, {});
  const result = _Object_(mapped);
  return result;
}

// node_modules/typebox/build/type/engine/required/from_type.mjs
function FromType18(type) {
  return IsCyclic(type) ? FromCyclic5(type.$defs, type.$ref) : IsDependent(type) ? FromDependent5(type.if, type.then, type.else) : IsIntersect(type) ? FromIntersect5(type.allOf) : IsUnion(type) ? FromUnion8(type.anyOf) : IsObject3(type) ? FromObject8(type.properties) : _Object_({});
}

// node_modules/typebox/build/type/action/required.mjs
function RequiredDeferred(type, options = {}) {
  return Deferred("Required", [type], options);
}
function Required(type, options = {}) {
  return RequiredAction(type, options);
}

// node_modules/typebox/build/type/engine/required/instantiate.mjs
function RequiredAction(type, options) {
  const result = CanInstantiate([type]) ? memory_exports.Update(FromType18(type), {}, options) : RequiredDeferred(type, options);
  return result;
}
function RequiredInstantiate(context, state2, type, options) {
  const instaniatedType = InstantiateType(context, state2, type);
  return RequiredAction(instaniatedType, options);
}

// node_modules/typebox/build/type/action/return_type.mjs
function ReturnTypeDeferred(type, options = {}) {
  return Deferred("ReturnType", [type], options);
}
function ReturnType(type, options = {}) {
  return ReturnTypeAction(type, options);
}

// node_modules/typebox/build/type/engine/return_type/instantiate.mjs
function ReturnTypeOperation(type) {
  return IsFunction3(type) ? type["returnType"] : Never();
}
function ReturnTypeAction(type, options) {
  const result = CanInstantiate([type]) ? memory_exports.Update(ReturnTypeOperation(type), {}, options) : ReturnTypeDeferred(type, options);
  return result;
}
function ReturnTypeInstantiate(context, state2, type, options = {}) {
  const instantiatedType = InstantiateType(context, state2, type);
  return ReturnTypeAction(instantiatedType, options);
}

// node_modules/typebox/build/type/action/with.mjs
function WithDeferred(type, options) {
  return Deferred("With", [type, options], {});
}
function With2(type, options) {
  return WithAction(type, options);
}

// node_modules/typebox/build/type/engine/with/instantiate.mjs
function WithAction(type, options) {
  const result = CanInstantiate([type]) ? memory_exports.Update(type, {}, options) : WithDeferred(type, options);
  return result;
}
function WithInstantiate(context, state2, type, options) {
  const instaniatedType = InstantiateType(context, state2, type);
  return WithAction(instaniatedType, options);
}

// node_modules/typebox/build/type/engine/rest/spread.mjs
function SpreadElement(type) {
  const result = IsRest(type) ? IsTuple(type.items) ? RestSpread(type.items.items) : IsInfer(type.items) ? [type] : IsRef(type.items) ? [type] : [Never()] : [type];
  return result;
}
function RestSpread(types) {
  const result = types.reduce((result2, left) => {
    return [...result2, ...SpreadElement(left)];
  }, []);
  return result;
}

// node_modules/typebox/build/type/engine/instantiate.mjs
function State(callstack, visited2) {
  return { callstack, visited: visited2 };
}
function CanInstantiate(types) {
  return guard_exports.ShiftLeft(types, (left, right) => IsRef(left) ? false : CanInstantiate(right), () => true);
}
function InstantiateProperties(context, state2, properties) {
  return guard_exports.Keys(properties).reduce((result, key) => {
    return { ...result, [key]: InstantiateType(context, state2, properties[key]) };
  }, {});
}
function InstantiateElements(context, state2, types) {
  const elements = InstantiateTypes(context, state2, types);
  const result = RestSpread(elements);
  return result;
}
function InstantiateTypes(context, state2, types) {
  return types.map((type) => InstantiateType(context, state2, type));
}
function WithModifiers(type, instantiatedType) {
  const withOptional = IsOptional(type) ? AddOptionalAction(instantiatedType, {}) : instantiatedType;
  const withReadonly = IsReadonly(type) ? AddReadonlyAction(withOptional, {}) : withOptional;
  const withImmutable = IsImmutable(type) ? AddImmutableAction(withReadonly, {}) : withReadonly;
  return withImmutable;
}
function InstantiateDeferred(context, state2, action, parameters, options) {
  return (
    // Modifiers
    guard_exports.IsEqual(action, "AddImmutable") ? AddImmutableInstantiate(context, state2, parameters[0], options) : guard_exports.IsEqual(action, "RemoveImmutable") ? RemoveImmutableInstantiate(context, state2, parameters[0], options) : guard_exports.IsEqual(action, "AddReadonly") ? AddReadonlyInstantiate(context, state2, parameters[0], options) : guard_exports.IsEqual(action, "RemoveReadonly") ? RemoveReadonlyInstantiate(context, state2, parameters[0], options) : guard_exports.IsEqual(action, "AddOptional") ? AddOptionalInstantiate(context, state2, parameters[0], options) : guard_exports.IsEqual(action, "RemoveOptional") ? RemoveOptionalInstantiate(context, state2, parameters[0], options) : (
      // Actions
      guard_exports.IsEqual(action, "Capitalize") ? CapitalizeInstantiate(context, state2, parameters[0], options) : guard_exports.IsEqual(action, "Conditional") ? ConditionalInstantiate(context, state2, parameters[0], parameters[1], parameters[2], parameters[3], options) : guard_exports.IsEqual(action, "ConstructorParameters") ? ConstructorParametersInstantiate(context, state2, parameters[0], options) : guard_exports.IsEqual(action, "Evaluate") ? EvaluateInstantiate(context, state2, parameters[0], options) : guard_exports.IsEqual(action, "Exclude") ? ExcludeInstantiate(context, state2, parameters[0], parameters[1], options) : guard_exports.IsEqual(action, "Extract") ? ExtractInstantiate(context, state2, parameters[0], parameters[1], options) : guard_exports.IsEqual(action, "Index") ? IndexInstantiate(context, state2, parameters[0], parameters[1], options) : guard_exports.IsEqual(action, "InstanceType") ? InstanceTypeInstantiate(context, state2, parameters[0], options) : guard_exports.IsEqual(action, "Interface") ? InterfaceInstantiate(context, state2, parameters[0], parameters[1], options) : guard_exports.IsEqual(action, "KeyOf") ? KeyOfInstantiate(context, state2, parameters[0], options) : guard_exports.IsEqual(action, "Lowercase") ? LowercaseInstantiate(context, state2, parameters[0], options) : guard_exports.IsEqual(action, "Mapped") ? MappedInstantiate(context, state2, parameters[0], parameters[1], parameters[2], parameters[3], options) : guard_exports.IsEqual(action, "Module") ? ModuleInstantiate(context, state2, parameters[0], options) : guard_exports.IsEqual(action, "NonNullable") ? NonNullableInstantiate(context, state2, parameters[0], options) : guard_exports.IsEqual(action, "Pick") ? PickInstantiate(context, state2, parameters[0], parameters[1], options) : guard_exports.IsEqual(action, "Parameters") ? ParametersInstantiate(context, state2, parameters[0], options) : guard_exports.IsEqual(action, "Partial") ? PartialInstantiate(context, state2, parameters[0], options) : guard_exports.IsEqual(action, "Omit") ? OmitInstantiate(context, state2, parameters[0], parameters[1], options) : guard_exports.IsEqual(action, "ReadonlyObject") ? ReadonlyObjectInstantiate(context, state2, parameters[0], options) : guard_exports.IsEqual(action, "Record") ? RecordInstantiate(context, state2, parameters[0], parameters[1], options) : guard_exports.IsEqual(action, "Required") ? RequiredInstantiate(context, state2, parameters[0], options) : guard_exports.IsEqual(action, "ReturnType") ? ReturnTypeInstantiate(context, state2, parameters[0], options) : guard_exports.IsEqual(action, "TemplateLiteral") ? TemplateLiteralInstantiate(context, state2, parameters[0], options) : guard_exports.IsEqual(action, "Uncapitalize") ? UncapitalizeInstantiate(context, state2, parameters[0], options) : guard_exports.IsEqual(action, "Uppercase") ? UppercaseInstantiate(context, state2, parameters[0], options) : guard_exports.IsEqual(action, "With") ? WithInstantiate(context, state2, parameters[0], parameters[1]) : Deferred(action, parameters, options)
    )
  );
}
function InstantiateImmediate(context, state2, type) {
  const instantiatedType = IsRef(type) ? RefInstantiate(context, state2, type, type.$ref) : IsArray3(type) ? _Array_(InstantiateType(context, state2, type.items), ArrayOptions(type)) : IsCall(type) ? CallInstantiate(context, state2, type.target, type.arguments) : IsConstructor3(type) ? Constructor(InstantiateTypes(context, state2, type.parameters), InstantiateType(context, state2, type.instanceType), ConstructorOptions(type)) : IsFunction3(type) ? _Function_(InstantiateTypes(context, state2, type.parameters), InstantiateType(context, state2, type.returnType), FunctionOptions(type)) : IsDependent(type) ? Dependent(InstantiateType(context, state2, type.if), InstantiateType(context, state2, type.then), InstantiateType(context, state2, type.else), DependentOptions(type)) : IsIntersect(type) ? Intersect(InstantiateTypes(context, state2, type.allOf), IntersectOptions(type)) : IsObject3(type) ? _Object_(InstantiateProperties(context, state2, type.properties), ObjectOptions(type)) : IsRecord(type) ? RecordFromPattern(RecordPattern(type), InstantiateType(context, state2, RecordValue(type))) : IsRest(type) ? Rest(InstantiateType(context, state2, type.items)) : IsTuple(type) ? Tuple(InstantiateElements(context, state2, type.items), TupleOptions(type)) : IsUnion(type) ? Union(InstantiateTypes(context, state2, type.anyOf), UnionOptions(type)) : type;
  const withModifiers = WithModifiers(type, instantiatedType);
  return withModifiers;
}
function InstantiateType(context, state2, type) {
  const result = IsDeferred(type) ? InstantiateDeferred(context, state2, type.action, type.parameters, type.options) : InstantiateImmediate(context, state2, type);
  return result;
}
function Instantiate(context, type) {
  return InstantiateType(context, State([], []), type);
}

// node_modules/typebox/build/type/engine/immutable/instantiate_add.mjs
function AddImmutableAction(type, options) {
  const result = memory_exports.Update(type, { "~immutable": true }, options);
  return result;
}
function AddImmutableInstantiate(context, state2, type, options) {
  const instantiatedType = InstantiateType(context, state2, type);
  return AddImmutableAction(instantiatedType, options);
}

// node_modules/typebox/build/type/action/_add_immutable.mjs
function AddImmutableDeferred(type, options = {}) {
  return Deferred("AddImmutable", [type], options);
}
function AddImmutable(type, options = {}) {
  return AddImmutableAction(type, options);
}

// node_modules/typebox/build/type/action/_remove_immutable.mjs
function RemoveImmutableDeferred(type, options = {}) {
  return Deferred("RemoveImmutable", [type], options);
}
function RemoveImmutable(type, options = {}) {
  return RemoveImmutableAction(type, options);
}

// node_modules/typebox/build/type/action/_remove_readonly.mjs
function RemoveReadonlyDeferred(type, options = {}) {
  return Deferred("RemoveReadonly", [type], options);
}
function RemoveReadonly(type, options = {}) {
  return RemoveReadonlyAction(type, options);
}

// node_modules/typebox/build/type/action/evaluate.mjs
function EvaluateDeferred(type, options = {}) {
  return Deferred("Evaluate", [type], options);
}
function Evaluate2(type, options = {}) {
  return EvaluateAction(type, options);
}

// node_modules/typebox/build/type/action/module.mjs
function ModuleDeferred(declarations, options = {}) {
  return Deferred("Module", [declarations], options);
}
function Module2(declarations, options = {}) {
  return ModuleInstantiate({}, State([], []), declarations, options);
}

// node_modules/typebox/build/type/engine/priority/priority.mjs
function Comparer(left, right) {
  const compareResult = Compare(left, right);
  return guard_exports.IsEqual(compareResult, CompareResultRightInside) ? 1 : guard_exports.IsEqual(compareResult, CompareResultDisjoint) ? 1 : 0;
}
function Insert(type, types, result = []) {
  return guard_exports.ShiftLeft(types, (left, right) => guard_exports.IsEqual(Comparer(type, left), 1) ? Insert(type, right, [...result, left]) : [...result, type, ...types], () => [...result, type]);
}
function Sort(types, result = []) {
  return guard_exports.ShiftLeft(types, (left, right) => Sort(right, Insert(left, result)), () => result);
}
function Priority(types) {
  const result = Sort(types);
  return result;
}

// node_modules/typebox/build/type/engine/template_literal/is_pattern.mjs
function IsTemplateLiteralPattern(pattern) {
  const types = ParsePatternIntoTypes(pattern);
  const result = guard_exports.IsEqual(types.length, 0) ? false : true;
  return result;
}

// node_modules/typebox/build/type/script/script.mjs
function Script2(...args) {
  const [context, input, options] = arguments_exports.Match(args, {
    2: (script, options2) => guard_exports.IsString(script) ? [{}, script, options2] : [script, options2, {}],
    3: (context2, script, options2) => [context2, script, options2],
    1: (script) => [{}, script, {}]
  });
  const result = Script(input);
  const parsed = guard_exports.IsArray(result) && guard_exports.IsEqual(result.length, 2) ? InstantiateType(context, State([], []), result[0]) : Never();
  return memory_exports.Update(parsed, {}, options);
}

// node_modules/typebox/build/typebox.mjs
var typebox_exports = {};
__export(typebox_exports, {
  Any: () => Any,
  Array: () => _Array_,
  BigInt: () => BigInt2,
  Boolean: () => Boolean2,
  Call: () => Call2,
  Capitalize: () => Capitalize,
  Codec: () => Codec,
  Conditional: () => Conditional,
  Constructor: () => Constructor,
  ConstructorParameters: () => ConstructorParameters,
  Cyclic: () => Cyclic,
  Decode: () => Decode,
  DecodeBuilder: () => DecodeBuilder,
  Dependent: () => Dependent,
  Encode: () => Encode,
  EncodeBuilder: () => EncodeBuilder,
  Enum: () => Enum,
  Evaluate: () => Evaluate2,
  Exclude: () => Exclude,
  Extends: () => Extends,
  ExtendsResult: () => result_exports,
  Extract: () => Extract,
  Function: () => _Function_,
  Generic: () => Generic,
  Identifier: () => Identifier,
  Immutable: () => Immutable,
  Index: () => Index,
  Infer: () => Infer,
  InstanceType: () => InstanceType,
  Instantiate: () => Instantiate,
  Integer: () => Integer,
  Interface: () => Interface,
  Intersect: () => Intersect,
  IsAny: () => IsAny,
  IsArray: () => IsArray3,
  IsBigInt: () => IsBigInt3,
  IsBoolean: () => IsBoolean4,
  IsCall: () => IsCall,
  IsCodec: () => IsCodec,
  IsConstructor: () => IsConstructor3,
  IsCyclic: () => IsCyclic,
  IsDependent: () => IsDependent,
  IsEnum: () => IsEnum,
  IsEnumValue: () => IsEnumValue,
  IsFunction: () => IsFunction3,
  IsGeneric: () => IsGeneric,
  IsIdentifier: () => IsIdentifier2,
  IsImmutable: () => IsImmutable,
  IsInfer: () => IsInfer,
  IsInteger: () => IsInteger3,
  IsIntersect: () => IsIntersect,
  IsKind: () => IsKind,
  IsLiteral: () => IsLiteral,
  IsNever: () => IsNever,
  IsNull: () => IsNull3,
  IsNumber: () => IsNumber4,
  IsObject: () => IsObject3,
  IsOptional: () => IsOptional,
  IsParameter: () => IsParameter,
  IsReadonly: () => IsReadonly,
  IsRecord: () => IsRecord,
  IsRef: () => IsRef,
  IsRefine: () => IsRefine,
  IsRest: () => IsRest,
  IsSchema: () => IsSchema,
  IsString: () => IsString4,
  IsSymbol: () => IsSymbol3,
  IsTemplateLiteral: () => IsTemplateLiteral,
  IsThis: () => IsThis,
  IsTuple: () => IsTuple,
  IsUndefined: () => IsUndefined3,
  IsUnion: () => IsUnion,
  IsUnknown: () => IsUnknown,
  IsUnsafe: () => IsUnsafe,
  IsVoid: () => IsVoid,
  KeyOf: () => KeyOf2,
  Literal: () => Literal,
  Lowercase: () => Lowercase,
  Mapped: () => Mapped,
  Module: () => Module2,
  Never: () => Never,
  NonNullable: () => NonNullable,
  Null: () => Null,
  Number: () => Number2,
  Object: () => _Object_,
  Omit: () => Omit,
  Optional: () => Optional,
  Parameter: () => Parameter,
  Parameters: () => Parameters,
  Partial: () => Partial,
  Pick: () => Pick,
  Readonly: () => Readonly,
  ReadonlyObject: () => ReadonlyObject,
  ReadonlyType: () => ReadonlyType,
  Record: () => Record,
  RecordKey: () => RecordKey,
  RecordPattern: () => RecordPattern,
  RecordValue: () => RecordValue,
  Ref: () => Ref,
  Refine: () => Refine,
  Required: () => Required,
  Rest: () => Rest,
  ReturnType: () => ReturnType,
  Script: () => Script2,
  String: () => String2,
  Symbol: () => Symbol2,
  TemplateLiteral: () => TemplateLiteral2,
  This: () => This,
  Tuple: () => Tuple,
  Uncapitalize: () => Uncapitalize,
  Undefined: () => Undefined,
  Union: () => Union,
  Unknown: () => Unknown,
  Unsafe: () => Unsafe,
  Uppercase: () => Uppercase,
  Void: () => Void,
  With: () => With2
});

// node_modules/typebox/build/index.mjs
var build_default = typebox_exports;

// node_modules/typebox/build/schema/schema.mjs
var schema_exports = {};
__export(schema_exports, {
  Build: () => Build,
  BuildAdditionalItems: () => BuildAdditionalItems,
  BuildAdditionalProperties: () => BuildAdditionalProperties,
  BuildAllOf: () => BuildAllOf,
  BuildAnyOf: () => BuildAnyOf,
  BuildConst: () => BuildConst,
  BuildContains: () => BuildContains,
  BuildContext: () => BuildContext,
  BuildDependencies: () => BuildDependencies,
  BuildDependentRequired: () => BuildDependentRequired,
  BuildDependentSchemas: () => BuildDependentSchemas,
  BuildEnum: () => BuildEnum,
  BuildExclusiveMaximum: () => BuildExclusiveMaximum,
  BuildExclusiveMinimum: () => BuildExclusiveMinimum,
  BuildFormat: () => BuildFormat,
  BuildIf: () => BuildIf,
  BuildItems: () => BuildItems,
  BuildMaxContains: () => BuildMaxContains,
  BuildMaxItems: () => BuildMaxItems,
  BuildMaxLength: () => BuildMaxLength,
  BuildMaxProperties: () => BuildMaxProperties,
  BuildMaximum: () => BuildMaximum,
  BuildMinContains: () => BuildMinContains,
  BuildMinItems: () => BuildMinItems,
  BuildMinLength: () => BuildMinLength,
  BuildMinProperties: () => BuildMinProperties,
  BuildMinimum: () => BuildMinimum,
  BuildMultipleOf: () => BuildMultipleOf,
  BuildNot: () => BuildNot,
  BuildOneOf: () => BuildOneOf,
  BuildPattern: () => BuildPattern,
  BuildPatternProperties: () => BuildPatternProperties,
  BuildPrefixItems: () => BuildPrefixItems,
  BuildProperties: () => BuildProperties,
  BuildPropertyNames: () => BuildPropertyNames,
  BuildRecursiveRef: () => BuildRecursiveRef,
  BuildRef: () => BuildRef,
  BuildRefine: () => BuildRefine,
  BuildRequired: () => BuildRequired,
  BuildResult: () => BuildResult,
  BuildSchema: () => BuildSchema,
  BuildSchemaBoolean: () => BuildSchemaBoolean,
  BuildSchemaPushStack: () => BuildSchemaPushStack,
  BuildType: () => BuildType,
  BuildUnevaluatedItems: () => BuildUnevaluatedItems,
  BuildUnevaluatedProperties: () => BuildUnevaluatedProperties,
  BuildUniqueItems: () => BuildUniqueItems,
  Check: () => Check,
  CheckAdditionalItems: () => CheckAdditionalItems,
  CheckAdditionalProperties: () => CheckAdditionalProperties,
  CheckAllOf: () => CheckAllOf,
  CheckAnyOf: () => CheckAnyOf,
  CheckConst: () => CheckConst,
  CheckContains: () => CheckContains,
  CheckContext: () => CheckContext,
  CheckDependencies: () => CheckDependencies,
  CheckDependentRequired: () => CheckDependentRequired,
  CheckDependentSchemas: () => CheckDependentSchemas,
  CheckEnum: () => CheckEnum,
  CheckExclusiveMaximum: () => CheckExclusiveMaximum,
  CheckExclusiveMinimum: () => CheckExclusiveMinimum,
  CheckFormat: () => CheckFormat,
  CheckIf: () => CheckIf,
  CheckItems: () => CheckItems,
  CheckMaxContains: () => CheckMaxContains,
  CheckMaxItems: () => CheckMaxItems,
  CheckMaxLength: () => CheckMaxLength,
  CheckMaxProperties: () => CheckMaxProperties,
  CheckMaximum: () => CheckMaximum,
  CheckMinContains: () => CheckMinContains,
  CheckMinItems: () => CheckMinItems,
  CheckMinLength: () => CheckMinLength,
  CheckMinProperties: () => CheckMinProperties,
  CheckMinimum: () => CheckMinimum,
  CheckMultipleOf: () => CheckMultipleOf,
  CheckNot: () => CheckNot,
  CheckOneOf: () => CheckOneOf,
  CheckPattern: () => CheckPattern,
  CheckPatternProperties: () => CheckPatternProperties,
  CheckPrefixItems: () => CheckPrefixItems,
  CheckProperties: () => CheckProperties,
  CheckPropertyNames: () => CheckPropertyNames,
  CheckRecursiveRef: () => CheckRecursiveRef,
  CheckRef: () => CheckRef,
  CheckRefine: () => CheckRefine,
  CheckRequired: () => CheckRequired,
  CheckSchema: () => CheckSchema,
  CheckSchemaBoolean: () => CheckSchemaBoolean,
  CheckSchemaPushStack: () => CheckSchemaPushStack,
  CheckType: () => CheckType,
  CheckUnevaluatedItems: () => CheckUnevaluatedItems,
  CheckUnevaluatedProperties: () => CheckUnevaluatedProperties,
  CheckUniqueItems: () => CheckUniqueItems,
  Compile: () => Compile,
  CreateFunction: () => CreateFunction,
  CreateUnique: () => CreateUnique,
  CreateVariable: () => CreateVariable,
  DefaultUri: () => DefaultUri,
  ErrorAdditionalItems: () => ErrorAdditionalItems,
  ErrorAdditionalProperties: () => ErrorAdditionalProperties,
  ErrorAllOf: () => ErrorAllOf,
  ErrorAnyOf: () => ErrorAnyOf,
  ErrorConst: () => ErrorConst,
  ErrorContains: () => ErrorContains,
  ErrorContext: () => ErrorContext,
  ErrorDependencies: () => ErrorDependencies,
  ErrorDependentRequired: () => ErrorDependentRequired,
  ErrorDependentSchemas: () => ErrorDependentSchemas,
  ErrorEnum: () => ErrorEnum,
  ErrorExclusiveMaximum: () => ErrorExclusiveMaximum,
  ErrorExclusiveMinimum: () => ErrorExclusiveMinimum,
  ErrorFormat: () => ErrorFormat,
  ErrorIf: () => ErrorIf,
  ErrorItems: () => ErrorItems,
  ErrorMaxContains: () => ErrorMaxContains,
  ErrorMaxItems: () => ErrorMaxItems,
  ErrorMaxLength: () => ErrorMaxLength,
  ErrorMaxProperties: () => ErrorMaxProperties,
  ErrorMaximum: () => ErrorMaximum,
  ErrorMinContains: () => ErrorMinContains,
  ErrorMinItems: () => ErrorMinItems,
  ErrorMinLength: () => ErrorMinLength,
  ErrorMinProperties: () => ErrorMinProperties,
  ErrorMinimum: () => ErrorMinimum,
  ErrorMultipleOf: () => ErrorMultipleOf,
  ErrorNot: () => ErrorNot,
  ErrorOneOf: () => ErrorOneOf,
  ErrorPattern: () => ErrorPattern,
  ErrorPatternProperties: () => ErrorPatternProperties,
  ErrorPrefixItems: () => ErrorPrefixItems,
  ErrorProperties: () => ErrorProperties,
  ErrorPropertyNames: () => ErrorPropertyNames,
  ErrorRecursiveRef: () => ErrorRecursiveRef,
  ErrorRef: () => ErrorRef,
  ErrorRefine: () => ErrorRefine,
  ErrorRequired: () => ErrorRequired,
  ErrorSchema: () => ErrorSchema,
  ErrorSchemaBoolean: () => ErrorSchemaBoolean,
  ErrorSchemaPushStack: () => ErrorSchemaPushStack,
  ErrorType: () => ErrorType,
  ErrorUnevaluatedItems: () => ErrorUnevaluatedItems,
  ErrorUnevaluatedProperties: () => ErrorUnevaluatedProperties,
  ErrorUniqueItems: () => ErrorUniqueItems,
  Errors: () => Errors,
  EvaluateResult: () => EvaluateResult,
  GetExternal: () => GetExternal,
  GetFunctions: () => GetFunctions,
  HasUnevaluated: () => HasUnevaluated,
  Intern: () => Intern,
  IsAdditionalItems: () => IsAdditionalItems,
  IsAdditionalProperties: () => IsAdditionalProperties,
  IsAllOf: () => IsAllOf,
  IsAnchor: () => IsAnchor,
  IsAnyOf: () => IsAnyOf,
  IsConst: () => IsConst,
  IsContains: () => IsContains,
  IsDefault: () => IsDefault,
  IsDefs: () => IsDefs,
  IsDependencies: () => IsDependencies,
  IsDependentRequired: () => IsDependentRequired,
  IsDependentSchemas: () => IsDependentSchemas,
  IsDynamicAnchor: () => IsDynamicAnchor,
  IsDynamicRef: () => IsDynamicRef,
  IsElse: () => IsElse,
  IsEnum: () => IsEnum2,
  IsExclusiveMaximum: () => IsExclusiveMaximum,
  IsExclusiveMinimum: () => IsExclusiveMinimum,
  IsFormat: () => IsFormat,
  IsId: () => IsId,
  IsIf: () => IsIf,
  IsItems: () => IsItems,
  IsItemsSized: () => IsItemsSized,
  IsItemsUnsized: () => IsItemsUnsized,
  IsMaxContains: () => IsMaxContains,
  IsMaxItems: () => IsMaxItems,
  IsMaxLength: () => IsMaxLength4,
  IsMaxProperties: () => IsMaxProperties,
  IsMaximum: () => IsMaximum,
  IsMinContains: () => IsMinContains,
  IsMinItems: () => IsMinItems,
  IsMinLength: () => IsMinLength4,
  IsMinProperties: () => IsMinProperties,
  IsMinimum: () => IsMinimum,
  IsMultipleOf: () => IsMultipleOf2,
  IsNot: () => IsNot,
  IsOneOf: () => IsOneOf,
  IsPattern: () => IsPattern,
  IsPatternProperties: () => IsPatternProperties,
  IsPrefixItems: () => IsPrefixItems,
  IsProperties: () => IsProperties,
  IsPropertyNames: () => IsPropertyNames,
  IsRecursiveAnchor: () => IsRecursiveAnchor,
  IsRecursiveAnchorTrue: () => IsRecursiveAnchorTrue,
  IsRecursiveRef: () => IsRecursiveRef,
  IsRef: () => IsRef2,
  IsRefine: () => IsRefine2,
  IsRequired: () => IsRequired,
  IsSchema: () => IsSchema2,
  IsSchemaBoolean: () => IsSchemaBoolean,
  IsSchemaObject: () => IsSchemaObject,
  IsThen: () => IsThen,
  IsType: () => IsType,
  IsUnevaluatedItems: () => IsUnevaluatedItems,
  IsUnevaluatedProperties: () => IsUnevaluatedProperties,
  IsUniqueItems: () => IsUniqueItems,
  Meta: () => Meta,
  NextStack: () => NextStack,
  NextUri: () => NextUri,
  Parse: () => Parse,
  ParseError: () => ParseError,
  Pointer: () => pointer_exports,
  Reducer: () => Reducer,
  ResetExternal: () => ResetExternal,
  ResetFunctions: () => ResetFunctions,
  ResetUnique: () => ResetUnique,
  Resolve: () => resolve_exports,
  Stack: () => Stack,
  ThrowParseError: () => ThrowParseError,
  Validator: () => Validator
});

// node_modules/typebox/build/schema/types/_refine.mjs
function IsRefine2(value) {
  return guard_exports.HasPropertyKey(value, "~refine") && guard_exports.IsArray(value["~refine"]) && guard_exports.Every(value["~refine"], 0, (value2) => guard_exports.IsObject(value2) && guard_exports.HasPropertyKey(value2, "check") && guard_exports.HasPropertyKey(value2, "error") && guard_exports.IsFunction(value2.check) && guard_exports.IsFunction(value2.error));
}

// node_modules/typebox/build/schema/types/schema.mjs
function IsSchemaObject(value) {
  return guard_exports.IsObject(value) && !guard_exports.IsArray(value);
}
function IsSchemaBoolean(value) {
  return guard_exports.IsBoolean(value);
}
function IsSchema2(value) {
  return IsSchemaObject(value) || IsSchemaBoolean(value);
}

// node_modules/typebox/build/schema/types/additionalItems.mjs
function IsAdditionalItems(schema) {
  return guard_exports.HasPropertyKey(schema, "additionalItems") && IsSchema2(schema.additionalItems);
}

// node_modules/typebox/build/schema/types/additionalProperties.mjs
function IsAdditionalProperties(schema) {
  return guard_exports.HasPropertyKey(schema, "additionalProperties") && IsSchema2(schema.additionalProperties);
}

// node_modules/typebox/build/schema/types/allOf.mjs
function IsAllOf(schema) {
  return guard_exports.HasPropertyKey(schema, "allOf") && guard_exports.IsArray(schema.allOf) && schema.allOf.every((value) => IsSchema2(value));
}

// node_modules/typebox/build/schema/types/anchor.mjs
function IsAnchor(schema) {
  return guard_exports.HasPropertyKey(schema, "$anchor") && guard_exports.IsString(schema.$anchor);
}

// node_modules/typebox/build/schema/types/anyOf.mjs
function IsAnyOf(schema) {
  return guard_exports.HasPropertyKey(schema, "anyOf") && guard_exports.IsArray(schema.anyOf) && schema.anyOf.every((value) => IsSchema2(value));
}

// node_modules/typebox/build/schema/types/const.mjs
function IsConst(value) {
  return guard_exports.HasPropertyKey(value, "const");
}

// node_modules/typebox/build/schema/types/contains.mjs
function IsContains(schema) {
  return guard_exports.HasPropertyKey(schema, "contains") && IsSchema2(schema.contains);
}

// node_modules/typebox/build/schema/types/default.mjs
function IsDefault(schema) {
  return guard_exports.HasPropertyKey(schema, "default");
}

// node_modules/typebox/build/schema/types/defs.mjs
function IsDefs(schema) {
  return guard_exports.HasPropertyKey(schema, "$defs") && guard_exports.IsObject(schema.$defs) && Object.values(schema.$defs).every((value) => IsSchema2(value));
}

// node_modules/typebox/build/schema/types/dependencies.mjs
function IsDependencies(schema) {
  return guard_exports.HasPropertyKey(schema, "dependencies") && guard_exports.IsObject(schema.dependencies) && Object.values(schema.dependencies).every((value) => IsSchema2(value) || guard_exports.IsArray(value) && value.every((value2) => guard_exports.IsString(value2)));
}

// node_modules/typebox/build/schema/types/dependentRequired.mjs
function IsDependentRequired(schema) {
  return guard_exports.HasPropertyKey(schema, "dependentRequired") && guard_exports.IsObject(schema.dependentRequired) && Object.values(schema.dependentRequired).every((value) => guard_exports.IsArray(value) && value.every((value2) => guard_exports.IsString(value2)));
}

// node_modules/typebox/build/schema/types/dependentSchemas.mjs
function IsDependentSchemas(schema) {
  return guard_exports.HasPropertyKey(schema, "dependentSchemas") && guard_exports.IsObject(schema.dependentSchemas) && Object.values(schema.dependentSchemas).every((value) => IsSchema2(value));
}

// node_modules/typebox/build/schema/types/dynamicAnchor.mjs
function IsDynamicAnchor(schema) {
  return guard_exports.HasPropertyKey(schema, "$dynamicAnchor") && guard_exports.IsString(schema.$dynamicAnchor);
}

// node_modules/typebox/build/schema/types/dynamicRef.mjs
function IsDynamicRef(schema) {
  return guard_exports.HasPropertyKey(schema, "$dynamicRef") && guard_exports.IsString(schema.$dynamicRef);
}

// node_modules/typebox/build/schema/types/else.mjs
function IsElse(schema) {
  return guard_exports.HasPropertyKey(schema, "else") && IsSchema2(schema.else);
}

// node_modules/typebox/build/schema/types/enum.mjs
function IsEnum2(schema) {
  return guard_exports.HasPropertyKey(schema, "enum") && guard_exports.IsArray(schema.enum);
}

// node_modules/typebox/build/schema/types/exclusiveMaximum.mjs
function IsExclusiveMaximum(schema) {
  return guard_exports.HasPropertyKey(schema, "exclusiveMaximum") && (guard_exports.IsNumber(schema.exclusiveMaximum) || guard_exports.IsBigInt(schema.exclusiveMaximum));
}

// node_modules/typebox/build/schema/types/exclusiveMinimum.mjs
function IsExclusiveMinimum(schema) {
  return guard_exports.HasPropertyKey(schema, "exclusiveMinimum") && (guard_exports.IsNumber(schema.exclusiveMinimum) || guard_exports.IsBigInt(schema.exclusiveMinimum));
}

// node_modules/typebox/build/schema/types/format.mjs
function IsFormat(schema) {
  return guard_exports.HasPropertyKey(schema, "format") && guard_exports.IsString(schema.format);
}

// node_modules/typebox/build/schema/types/id.mjs
function IsId(schema) {
  return guard_exports.HasPropertyKey(schema, "$id") && guard_exports.IsString(schema.$id);
}

// node_modules/typebox/build/schema/types/if.mjs
function IsIf(schema) {
  return guard_exports.HasPropertyKey(schema, "if") && IsSchema2(schema.if);
}

// node_modules/typebox/build/schema/types/items.mjs
function IsItems(schema) {
  return guard_exports.HasPropertyKey(schema, "items") && (IsSchema2(schema.items) || guard_exports.IsArray(schema.items) && schema.items.every((value) => {
    return IsSchema2(value);
  }));
}
function IsItemsSized(schema) {
  return IsItems(schema) && guard_exports.IsArray(schema.items);
}
function IsItemsUnsized(schema) {
  return IsItems(schema) && !guard_exports.IsArray(schema.items);
}

// node_modules/typebox/build/schema/types/maximum.mjs
function IsMaximum(schema) {
  return guard_exports.HasPropertyKey(schema, "maximum") && (guard_exports.IsNumber(schema.maximum) || guard_exports.IsBigInt(schema.maximum));
}

// node_modules/typebox/build/schema/types/maxContains.mjs
function IsMaxContains(schema) {
  return guard_exports.HasPropertyKey(schema, "maxContains") && guard_exports.IsNumber(schema.maxContains);
}

// node_modules/typebox/build/schema/types/maxItems.mjs
function IsMaxItems(schema) {
  return guard_exports.HasPropertyKey(schema, "maxItems") && guard_exports.IsNumber(schema.maxItems);
}

// node_modules/typebox/build/schema/types/maxLength.mjs
function IsMaxLength4(schema) {
  return guard_exports.HasPropertyKey(schema, "maxLength") && guard_exports.IsNumber(schema.maxLength);
}

// node_modules/typebox/build/schema/types/maxProperties.mjs
function IsMaxProperties(schema) {
  return guard_exports.HasPropertyKey(schema, "maxProperties") && guard_exports.IsNumber(schema.maxProperties);
}

// node_modules/typebox/build/schema/types/minimum.mjs
function IsMinimum(schema) {
  return guard_exports.HasPropertyKey(schema, "minimum") && (guard_exports.IsNumber(schema.minimum) || guard_exports.IsBigInt(schema.minimum));
}

// node_modules/typebox/build/schema/types/minContains.mjs
function IsMinContains(schema) {
  return guard_exports.HasPropertyKey(schema, "minContains") && guard_exports.IsNumber(schema.minContains);
}

// node_modules/typebox/build/schema/types/minItems.mjs
function IsMinItems(schema) {
  return guard_exports.HasPropertyKey(schema, "minItems") && guard_exports.IsNumber(schema.minItems);
}

// node_modules/typebox/build/schema/types/minLength.mjs
function IsMinLength4(schema) {
  return guard_exports.HasPropertyKey(schema, "minLength") && guard_exports.IsNumber(schema.minLength);
}

// node_modules/typebox/build/schema/types/minProperties.mjs
function IsMinProperties(schema) {
  return guard_exports.HasPropertyKey(schema, "minProperties") && guard_exports.IsNumber(schema.minProperties);
}

// node_modules/typebox/build/schema/types/multipleOf.mjs
function IsMultipleOf2(schema) {
  return guard_exports.HasPropertyKey(schema, "multipleOf") && (guard_exports.IsNumber(schema.multipleOf) || guard_exports.IsBigInt(schema.multipleOf));
}

// node_modules/typebox/build/schema/types/not.mjs
function IsNot(schema) {
  return guard_exports.HasPropertyKey(schema, "not") && IsSchema2(schema.not);
}

// node_modules/typebox/build/schema/types/oneOf.mjs
function IsOneOf(schema) {
  return guard_exports.HasPropertyKey(schema, "oneOf") && guard_exports.IsArray(schema.oneOf) && schema.oneOf.every((value) => IsSchema2(value));
}

// node_modules/typebox/build/schema/types/pattern.mjs
function IsPattern(schema) {
  return guard_exports.HasPropertyKey(schema, "pattern") && (guard_exports.IsString(schema.pattern) || schema.pattern instanceof RegExp);
}

// node_modules/typebox/build/schema/types/patternProperties.mjs
function IsPatternProperties(schema) {
  return guard_exports.HasPropertyKey(schema, "patternProperties") && guard_exports.IsObject(schema.patternProperties) && Object.values(schema.patternProperties).every((value) => IsSchema2(value));
}

// node_modules/typebox/build/schema/types/prefixItems.mjs
function IsPrefixItems(schema) {
  return guard_exports.HasPropertyKey(schema, "prefixItems") && guard_exports.IsArray(schema.prefixItems) && schema.prefixItems.every((schema2) => IsSchema2(schema2));
}

// node_modules/typebox/build/schema/types/properties.mjs
function IsProperties(schema) {
  return guard_exports.HasPropertyKey(schema, "properties") && guard_exports.IsObject(schema.properties) && Object.values(schema.properties).every((value) => IsSchema2(value));
}

// node_modules/typebox/build/schema/types/propertyNames.mjs
function IsPropertyNames(schema) {
  return guard_exports.HasPropertyKey(schema, "propertyNames") && (guard_exports.IsObject(schema.propertyNames) || IsSchema2(schema.propertyNames));
}

// node_modules/typebox/build/schema/types/recursiveAnchor.mjs
function IsRecursiveAnchor(schema) {
  return guard_exports.HasPropertyKey(schema, "$recursiveAnchor") && guard_exports.IsBoolean(schema.$recursiveAnchor);
}
function IsRecursiveAnchorTrue(schema) {
  return IsRecursiveAnchor(schema) && guard_exports.IsEqual(schema.$recursiveAnchor, true);
}

// node_modules/typebox/build/schema/types/recursiveRef.mjs
function IsRecursiveRef(schema) {
  return guard_exports.HasPropertyKey(schema, "$recursiveRef") && guard_exports.IsString(schema.$recursiveRef);
}

// node_modules/typebox/build/schema/types/ref.mjs
function IsRef2(schema) {
  return guard_exports.HasPropertyKey(schema, "$ref") && guard_exports.IsString(schema.$ref);
}

// node_modules/typebox/build/schema/types/required.mjs
function IsRequired(schema) {
  return guard_exports.HasPropertyKey(schema, "required") && guard_exports.IsArray(schema.required) && schema.required.every((value) => guard_exports.IsString(value));
}

// node_modules/typebox/build/schema/types/then.mjs
function IsThen(schema) {
  return guard_exports.HasPropertyKey(schema, "then") && IsSchema2(schema.then);
}

// node_modules/typebox/build/schema/types/type.mjs
function IsType(schema) {
  return guard_exports.HasPropertyKey(schema, "type") && (guard_exports.IsString(schema.type) || guard_exports.IsArray(schema.type) && schema.type.every((value) => guard_exports.IsString(value)));
}

// node_modules/typebox/build/schema/types/uniqueItems.mjs
function IsUniqueItems(schema) {
  return guard_exports.HasPropertyKey(schema, "uniqueItems") && guard_exports.IsBoolean(schema.uniqueItems);
}

// node_modules/typebox/build/schema/types/unevaluatedItems.mjs
function IsUnevaluatedItems(schema) {
  return guard_exports.HasPropertyKey(schema, "unevaluatedItems") && IsSchema2(schema.unevaluatedItems);
}

// node_modules/typebox/build/schema/types/unevaluatedProperties.mjs
function IsUnevaluatedProperties(schema) {
  return guard_exports.HasPropertyKey(schema, "unevaluatedProperties") && IsSchema2(schema.unevaluatedProperties);
}

// node_modules/typebox/build/schema/engine/_context.mjs
function HasUnevaluatedFromObject(value) {
  return IsUnevaluatedItems(value) || IsUnevaluatedProperties(value) || guard_exports.Some(guard_exports.Keys(value), (key) => HasUnevaluatedFromUnknown(value[key]));
}
function HasUnevaluatedFromArray(value) {
  return guard_exports.Some(value, (value2) => HasUnevaluatedFromUnknown(value2));
}
function HasUnevaluatedFromUnknown(value) {
  return guard_exports.IsArray(value) ? HasUnevaluatedFromArray(value) : guard_exports.IsObject(value) ? HasUnevaluatedFromObject(value) : false;
}
function HasUnevaluated(context, schema) {
  return HasUnevaluatedFromUnknown(schema) || guard_exports.Some(guard_exports.Keys(context), (key) => HasUnevaluatedFromUnknown(context[key]));
}
var BuildContext = class {
  constructor(hasUnevaluated) {
    this.hasUnevaluated = hasUnevaluated;
  }
  UseUnevaluated() {
    return this.hasUnevaluated;
  }
  // ----------------------------------------------------------------
  // Stack
  // ----------------------------------------------------------------
  Push() {
    return emit_exports.Call(emit_exports.Member("context", "Push"), []);
  }
  Pop() {
    return emit_exports.Call(emit_exports.Member("context", "Pop"), []);
  }
  // ----------------------------------------------------------------
  // Top
  // ----------------------------------------------------------------
  AddIndex(index3) {
    return emit_exports.Call(emit_exports.Member("context", "AddIndex"), [index3]);
  }
  AddKey(key) {
    return emit_exports.Call(emit_exports.Member("context", "AddKey"), [key]);
  }
  Merge(results) {
    return emit_exports.Call(emit_exports.Member("context", "Merge"), [results]);
  }
};
var CheckContext = class {
  constructor() {
    const indices = /* @__PURE__ */ new Set();
    const keys = /* @__PURE__ */ new Set();
    this.stack = [{ indices, keys }];
  }
  // ----------------------------------------------------------------
  // Stack
  // ----------------------------------------------------------------
  Push() {
    const indices = /* @__PURE__ */ new Set();
    const keys = /* @__PURE__ */ new Set();
    this.stack.push({ indices, keys });
    return true;
  }
  Pop() {
    this.stack.pop();
    return true;
  }
  // ----------------------------------------------------------------
  // Top
  // ----------------------------------------------------------------
  AddIndex(index3) {
    this.GetIndices().add(index3);
    return true;
  }
  AddKey(key) {
    this.GetKeys().add(key);
    return true;
  }
  GetIndices() {
    const top = this.stack[this.stack.length - 1];
    return top.indices;
  }
  GetKeys() {
    const top = this.stack[this.stack.length - 1];
    return top.keys;
  }
  Merge(results) {
    for (const context of results) {
      context.GetIndices().forEach((value) => this.GetIndices().add(value));
      context.GetKeys().forEach((value) => this.GetKeys().add(value));
    }
    return true;
  }
};
var ErrorContext = class extends CheckContext {
  constructor() {
    super();
    this.errors = [];
  }
  // ----------------------------------------------------------------
  // Public
  // ----------------------------------------------------------------
  AtCapacity() {
    return this.errors.length >= settings_exports.Get().maxErrors;
  }
  AddError(keyword, schemaPath, instancePath, params) {
    return this.AddErrorObject({ keyword, schemaPath, instancePath, params });
  }
  AddErrors(error) {
    error.forEach((error2) => this.AddErrorObject(error2));
    return false;
  }
  GetErrors() {
    return this.errors;
  }
  // ----------------------------------------------------------------
  // Private
  // ----------------------------------------------------------------
  AddErrorObject(error) {
    if (!this.AtCapacity())
      this.errors.push(error);
    return false;
  }
};

// node_modules/typebox/build/schema/engine/_externals.mjs
var state = {
  identifier: "External",
  variables: []
};
function CreateVariable(value) {
  const call = `External[${state.variables.length}]`;
  state.variables.push(value);
  return call;
}
function ResetExternal() {
  state.variables = [];
}
function GetExternal() {
  return { ...state };
}

// node_modules/typebox/build/schema/engine/_refine.mjs
function BuildRefineMultiple(_stack, _context, schema, value) {
  const external = CreateVariable(schema["~refine"]);
  return emit_exports.Every(external, emit_exports.Constant(0), ["refinement", "_"], emit_exports.Call(emit_exports.Member("refinement", "check"), [value]));
}
function BuildRefineSingle(_stack, _context, schema, value) {
  const external = CreateVariable(schema["~refine"][0]);
  return emit_exports.Call(emit_exports.Member(external, "check"), [value]);
}
function BuildRefine(_stack, _context, schema, value) {
  return guard_exports.IsEqual(schema["~refine"].length, 1) ? BuildRefineSingle(_stack, _context, schema, value) : BuildRefineMultiple(_stack, _context, schema, value);
}
function CheckRefine(_stack, _context, schema, value) {
  return guard_exports.Every(schema["~refine"], 0, (refinement, _) => refinement.check(value));
}
function ErrorRefine(_stack, context, schemaPath, instancePath, schema, value) {
  return guard_exports.EveryAll(schema["~refine"], 0, (refinement, index3) => {
    return refinement.check(value) || context.AddError("~refine", schemaPath, instancePath, { index: index3, message: refinement.error(value) });
  });
}

// node_modules/typebox/build/schema/engine/_stack.mjs
var DefaultUri = "urn:typebox:root";
function NextUri(ref, base) {
  return URL.canParse(ref, base) ? new URL(ref, base) : guard_exports.IsEqual(base, DefaultUri) ? new URL(`${base}:${ref}`) : new URL(`${base.slice(0, base.lastIndexOf(":"))}:${ref}`);
}
function Stack(context, schema) {
  const base = IsSchemaObject(schema) && IsId(schema) ? NextUri(schema.$id, DefaultUri).href : DefaultUri;
  return {
    context,
    schema,
    lexicalSchema: schema,
    lexicalBase: base,
    resourceBase: base,
    referenceBase: base,
    ids: [],
    useResourceBaseForReference: true,
    recursiveAnchor: void 0,
    dynamicAnchors: [],
    resourceEntries: /* @__PURE__ */ new Map(),
    pendingResource: true,
    enteredResource: false
  };
}
function RegisterResourceAnchors(anchors, schema, isRoot = true) {
  if (IsSchemaBoolean(schema))
    return anchors;
  if (Array.isArray(schema))
    return schema.reduce((result, item) => RegisterResourceAnchors(result, item, false), anchors);
  if (!IsSchemaObject(schema))
    return anchors;
  if (!isRoot && IsId(schema))
    return anchors;
  const next = !isRoot && IsDynamicAnchor(schema) ? [...anchors, schema] : anchors;
  return Object.keys(schema).reduce((result, key) => RegisterResourceAnchors(result, schema[key], false), next);
}
function ResourceEntry(stack, schema) {
  return stack.resourceEntries.get(schema);
}
function NextEnteredResource(stack, schema) {
  return stack.enteredResource || ResourceEntry(stack, schema) !== void 0;
}
function IsRelativeId(schema) {
  return !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(schema.$id);
}
function NextIds(stack, schema) {
  return IsId(schema) ? [...stack.ids, schema] : stack.ids;
}
function NextRecursiveAnchor(stack, schema) {
  return stack.recursiveAnchor ?? (IsRecursiveAnchorTrue(schema) ? schema : void 0);
}
function NextDynamicAnchors(stack, schema) {
  const registered = IsId(schema) ? RegisterResourceAnchors(stack.dynamicAnchors, schema) : stack.dynamicAnchors;
  return IsDynamicAnchor(schema) ? [...registered, schema] : registered;
}
function NextPendingResource(stack, schema) {
  return IsId(schema) ? false : stack.pendingResource;
}
function NextLexicalBase(stack, schema) {
  const entry = ResourceEntry(stack, schema);
  if (entry)
    return entry.base;
  return IsId(schema) ? NextUri(schema.$id, stack.lexicalBase).href : stack.lexicalBase;
}
function NextResourceBase(stack, schema) {
  const entry = ResourceEntry(stack, schema);
  if (entry)
    return entry.base;
  return IsId(schema) && stack.pendingResource ? NextUri(schema.$id, stack.resourceBase).href : stack.resourceBase;
}
function NextUseResourceBaseForReference(stack, schema) {
  return IsId(schema) ? !IsRelativeId(schema) : stack.useResourceBaseForReference;
}
function NextReferenceBase(stack, schema) {
  const isRetrieved = NextEnteredResource(stack, schema);
  const useResourceBaseForReference = NextUseResourceBaseForReference(stack, schema);
  return isRetrieved || useResourceBaseForReference ? NextResourceBase(stack, schema) : NextLexicalBase(stack, schema);
}
function NextLexicalSchema(stack, schema) {
  const entry = ResourceEntry(stack, schema);
  if (entry)
    return entry.root;
  return IsId(schema) ? schema : stack.lexicalSchema;
}
function HasStackKeywords(stack, schema) {
  return IsSchemaObject(schema) && (IsId(schema) || IsDynamicAnchor(schema) || guard_exports.IsUndefined(stack.recursiveAnchor) && IsRecursiveAnchorTrue(schema) || !guard_exports.IsUndefined(ResourceEntry(stack, schema)));
}
function NextStack(stack, schema) {
  return HasStackKeywords(stack, schema) ? {
    ...stack,
    ids: NextIds(stack, schema),
    dynamicAnchors: NextDynamicAnchors(stack, schema),
    recursiveAnchor: NextRecursiveAnchor(stack, schema),
    pendingResource: NextPendingResource(stack, schema),
    lexicalBase: NextLexicalBase(stack, schema),
    resourceBase: NextResourceBase(stack, schema),
    useResourceBaseForReference: NextUseResourceBaseForReference(stack, schema),
    referenceBase: NextReferenceBase(stack, schema),
    lexicalSchema: NextLexicalSchema(stack, schema),
    enteredResource: NextEnteredResource(stack, schema)
  } : stack;
}

// node_modules/typebox/build/schema/engine/_unique.mjs
var index = 0;
function CreateUnique() {
  return `unique_${index++}`;
}
function ResetUnique() {
  index = 0;
}

// node_modules/typebox/build/schema/engine/additionalItems.mjs
function IsValid(schema) {
  return IsItems(schema) && guard_exports.IsArray(schema.items);
}
function BuildAdditionalItemsStandard(stack, context, schema, value) {
  const [item, index3] = [CreateUnique(), CreateUnique()];
  const isSchema = BuildSchemaPushStack(stack, context, schema.additionalItems, item);
  const isLength = emit_exports.IsLessThan(index3, emit_exports.Constant(schema.items.length));
  const addIndex = context.AddIndex(index3);
  return emit_exports.Every(value, emit_exports.Constant(0), [item, index3], emit_exports.Or(isLength, emit_exports.And(isSchema, addIndex)));
}
function BuildAdditionalItemsFast(stack, context, schema, value) {
  const [item, index3] = [CreateUnique(), CreateUnique()];
  const isSchema = BuildSchemaPushStack(stack, context, schema.additionalItems, item);
  const isLength = emit_exports.IsLessThan(index3, emit_exports.Constant(schema.items.length));
  return emit_exports.Every(value, emit_exports.Constant(0), [item, index3], emit_exports.Or(isLength, isSchema));
}
function BuildAdditionalItems(stack, context, schema, value) {
  if (!IsValid(schema))
    return emit_exports.Constant(true);
  return context.UseUnevaluated() ? BuildAdditionalItemsStandard(stack, context, schema, value) : BuildAdditionalItemsFast(stack, context, schema, value);
}
function CheckAdditionalItems(stack, context, schema, value) {
  if (!IsValid(schema))
    return true;
  const isAdditionalItems = guard_exports.Every(value, 0, (item, index3) => {
    return guard_exports.IsLessThan(index3, schema.items.length) || CheckSchemaPushStack(stack, context, schema.additionalItems, item) && context.AddIndex(index3);
  });
  return isAdditionalItems;
}
function ErrorAdditionalItems(stack, context, schemaPath, instancePath, schema, value) {
  if (!IsValid(schema))
    return true;
  const isAdditionalItems = guard_exports.Every(value, 0, (item, index3) => {
    const nextSchemaPath = `${schemaPath}/additionalItems`;
    const nextInstancePath = `${instancePath}/${index3}`;
    return guard_exports.IsLessThan(index3, schema.items.length) || ErrorSchemaPushStack(stack, context, nextSchemaPath, nextInstancePath, schema.additionalItems, item) && context.AddIndex(index3);
  });
  return isAdditionalItems;
}

// node_modules/typebox/build/schema/engine/_pathing.mjs
function EncodeFragment(fragment) {
  return fragment.replace(/~/g, "~0").replace(/\//g, "~1");
}

// node_modules/typebox/build/schema/engine/_regexp.mjs
function UnicodeRegExp(pattern) {
  return new RegExp(pattern, "u");
}

// node_modules/typebox/build/schema/engine/additionalProperties.mjs
function IsAdditionalPropertiesIgnored(context, additionalProperties) {
  return !context.UseUnevaluated() && (guard_exports.IsEqual(additionalProperties, true) || guard_exports.IsObject(additionalProperties) && guard_exports.IsEqual(guard_exports.Keys(additionalProperties).length, 0));
}
function GetPropertyKeyAsPattern(key) {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return `^${escaped}$`;
}
function GetPropertiesPattern(schema) {
  const patterns = [];
  if (IsPatternProperties(schema))
    patterns.push(...guard_exports.Keys(schema.patternProperties));
  if (IsProperties(schema))
    patterns.push(...guard_exports.Keys(schema.properties).map(GetPropertyKeyAsPattern));
  return guard_exports.IsEqual(patterns.length, 0) ? "(?!)" : `(${patterns.join("|")})`;
}
function HasExactRequiredProperties(schema) {
  const keys = guard_exports.Keys(schema.properties);
  return guard_exports.IsEqual(keys.length, schema.required.length) && guard_exports.Every(keys, 0, (key) => schema.required.includes(key));
}
function CanAdditionalPropertiesFast(_context, schema, _value) {
  return IsRequired(schema) && IsProperties(schema) && !IsPatternProperties(schema) && guard_exports.IsEqual(schema.additionalProperties, false) && HasExactRequiredProperties(schema);
}
function BuildAdditionalPropertiesFast(_context, schema, value) {
  return emit_exports.IsEqual(emit_exports.Member(emit_exports.Call(emit_exports.Member("Object", "getOwnPropertyNames"), [value]), "length"), emit_exports.Constant(schema.required.length));
}
function BuildAdditionalPropertiesStandard(stack, context, schema, value) {
  const [key, _index] = [CreateUnique(), CreateUnique()];
  const regexp = CreateVariable(UnicodeRegExp(GetPropertiesPattern(schema)));
  const isSchema = BuildSchemaPushStack(stack, context, schema.additionalProperties, `${value}[${key}]`);
  const isKey = emit_exports.Call(emit_exports.Member(regexp, "test"), [key]);
  const addKey = context.AddKey(key);
  const guarded = context.UseUnevaluated() ? emit_exports.Or(isKey, emit_exports.And(isSchema, addKey)) : emit_exports.Or(isKey, isSchema);
  const result = emit_exports.Every(emit_exports.Keys(value), emit_exports.Constant(0), [key, _index], guarded);
  return result;
}
function BuildAdditionalProperties(stack, context, schema, value) {
  if (IsAdditionalPropertiesIgnored(context, schema.additionalProperties))
    return emit_exports.Constant(true);
  return CanAdditionalPropertiesFast(context, schema, value) ? BuildAdditionalPropertiesFast(context, schema, value) : BuildAdditionalPropertiesStandard(stack, context, schema, value);
}
function CheckAdditionalProperties(stack, context, schema, value) {
  const regexp = UnicodeRegExp(GetPropertiesPattern(schema));
  const isAdditionalProperties = guard_exports.Every(guard_exports.Keys(value), 0, (key, _index) => {
    return regexp.test(key) || CheckSchemaPushStack(stack, context, schema.additionalProperties, value[key]) && context.AddKey(key);
  });
  return isAdditionalProperties;
}
function ErrorAdditionalProperties(stack, context, schemaPath, instancePath, schema, value) {
  const regexp = UnicodeRegExp(GetPropertiesPattern(schema));
  const additionalProperties = [];
  const isAdditionalProperties = guard_exports.EveryAll(guard_exports.Keys(value), 0, (key, _index) => {
    const nextSchemaPath = `${schemaPath}/additionalProperties`;
    const nextInstancePath = `${instancePath}/${EncodeFragment(key)}`;
    const isAdditionalProperty = regexp.test(key) || ErrorSchemaPushStack(stack, context, nextSchemaPath, nextInstancePath, schema.additionalProperties, value[key]) && context.AddKey(key);
    if (!isAdditionalProperty)
      additionalProperties.push(key);
    return isAdditionalProperty;
  });
  return isAdditionalProperties || context.AddError("additionalProperties", schemaPath, instancePath, { additionalProperties });
}

// node_modules/typebox/build/schema/engine/_reducer.mjs
function Reducer(stack, context, schemas, value, check) {
  const results = emit_exports.ConstDeclaration("results", "[]");
  const context_n = schemas.map((_schema, index3) => emit_exports.ConstDeclaration(`context_${index3}`, emit_exports.New("CheckContext", [])));
  const condition_n = schemas.map((schema, index3) => emit_exports.ConstDeclaration(`condition_${index3}`, emit_exports.Call(emit_exports.ArrowFunction(["context"], BuildSchema(stack, context, schema, value)), [`context_${index3}`])));
  const checks = schemas.map((_schema, index3) => emit_exports.If(`condition_${index3}`, emit_exports.Call(emit_exports.Member("results", "push"), [`context_${index3}`])));
  const returns = emit_exports.Return(emit_exports.And(check, context.Merge("results")));
  return emit_exports.Call(emit_exports.ArrowFunction([], emit_exports.Statements([results, ...context_n, ...condition_n, ...checks, returns])), []);
}

// node_modules/typebox/build/schema/engine/allOf.mjs
function BuildAllOfStandard(stack, context, schema, value) {
  return Reducer(stack, context, schema.allOf, value, emit_exports.IsEqual(emit_exports.Member("results", "length"), emit_exports.Constant(schema.allOf.length)));
}
function BuildAllOfFast(stack, context, schema, value) {
  return emit_exports.ReduceAnd(schema.allOf.map((schema2) => BuildSchema(stack, context, schema2, value)));
}
function BuildAllOf(stack, context, schema, value) {
  return context.UseUnevaluated() ? BuildAllOfStandard(stack, context, schema, value) : BuildAllOfFast(stack, context, schema, value);
}
function CheckAllOf(stack, context, schema, value) {
  const results = schema.allOf.reduce((result, schema2) => {
    const nextContext = new CheckContext();
    return CheckSchema(stack, nextContext, schema2, value) ? [...result, nextContext] : result;
  }, []);
  return guard_exports.IsEqual(results.length, schema.allOf.length) && context.Merge(results);
}
function ErrorAllOf(stack, context, schemaPath, instancePath, schema, value) {
  const failedContexts = [];
  const results = schema.allOf.reduce((result, schema2, index3) => {
    const nextSchemaPath = `${schemaPath}/allOf/${index3}`;
    const nextContext = new ErrorContext();
    const isSchema = ErrorSchema(stack, nextContext, nextSchemaPath, instancePath, schema2, value);
    if (!isSchema)
      failedContexts.push(nextContext);
    return isSchema ? [...result, nextContext] : result;
  }, []);
  const isAllOf = guard_exports.IsEqual(results.length, schema.allOf.length) && context.Merge(results);
  if (!isAllOf)
    failedContexts.forEach((failed) => context.AddErrors(failed.GetErrors()));
  return isAllOf;
}

// node_modules/typebox/build/schema/engine/anyOf.mjs
function BuildAnyOfStandard(stack, context, schema, value) {
  return Reducer(stack, context, schema.anyOf, value, emit_exports.IsGreaterThan(emit_exports.Member("results", "length"), emit_exports.Constant(0)));
}
function BuildAnyOfFast(stack, context, schema, value) {
  return emit_exports.ReduceOr(schema.anyOf.map((schema2) => BuildSchema(stack, context, schema2, value)));
}
function BuildAnyOf(stack, context, schema, value) {
  return context.UseUnevaluated() ? BuildAnyOfStandard(stack, context, schema, value) : BuildAnyOfFast(stack, context, schema, value);
}
function CheckAnyOf(stack, context, schema, value) {
  const results = schema.anyOf.reduce((result, schema2) => {
    const nextContext = new CheckContext();
    return CheckSchema(stack, nextContext, schema2, value) ? [...result, nextContext] : result;
  }, []);
  return guard_exports.IsGreaterThan(results.length, 0) && context.Merge(results);
}
function ErrorAnyOf(stack, context, schemaPath, instancePath, schema, value) {
  const failedContexts = [];
  const results = schema.anyOf.reduce((result, schema2, index3) => {
    const nextContext = new ErrorContext();
    const nextSchemaPath = `${schemaPath}/anyOf/${index3}`;
    const isSchema = ErrorSchema(stack, nextContext, nextSchemaPath, instancePath, schema2, value);
    if (!isSchema)
      failedContexts.push(nextContext);
    return isSchema ? [...result, nextContext] : result;
  }, []);
  const isAnyOf = guard_exports.IsGreaterThan(results.length, 0) && context.Merge(results);
  if (!isAnyOf)
    failedContexts.forEach((failed) => context.AddErrors(failed.GetErrors()));
  return isAnyOf || context.AddError("anyOf", schemaPath, instancePath, {});
}

// node_modules/typebox/build/schema/engine/boolean.mjs
function BuildSchemaBoolean(_stack, _context, schema, _value) {
  return schema ? emit_exports.Constant(true) : emit_exports.Constant(false);
}
function CheckSchemaBoolean(_stack, _context, schema, _value) {
  return schema;
}
function ErrorSchemaBoolean(stack, context, schemaPath, instancePath, schema, value) {
  return CheckSchemaBoolean(stack, context, schema, value) || context.AddError("boolean", schemaPath, instancePath, {});
}

// node_modules/typebox/build/schema/engine/const.mjs
function BuildConst(_stack, _context, schema, value) {
  return guard_exports.IsValueLike(schema.const) ? emit_exports.IsEqual(value, emit_exports.Constant(schema.const)) : emit_exports.IsDeepEqual(value, CreateVariable(schema.const));
}
function CheckConst(_stack, _context, schema, value) {
  return guard_exports.IsValueLike(schema.const) ? guard_exports.IsEqual(value, schema.const) : guard_exports.IsDeepEqual(value, schema.const);
}
function ErrorConst(stack, context, schemaPath, instancePath, schema, value) {
  return CheckConst(stack, context, schema, value) || context.AddError("const", schemaPath, instancePath, { allowedValue: schema.const });
}

// node_modules/typebox/build/schema/engine/contains.mjs
function IsValid2(schema) {
  return !(IsMinContains(schema) && guard_exports.IsEqual(schema.minContains, 0));
}
function BuildContainsStandard(stack, context, schema, value) {
  const [item, index3] = [CreateUnique(), CreateUnique()];
  const isLength = emit_exports.Not(emit_exports.IsEqual(emit_exports.Member(value, "length"), emit_exports.Constant(0)));
  const isSome = emit_exports.SomeAll(value, [item, index3], emit_exports.And(BuildSchema(stack, context, schema.contains, item), context.AddIndex(index3)));
  return emit_exports.And(isLength, isSome);
}
function BuildContainsFast(stack, context, schema, value) {
  const [item] = [CreateUnique()];
  const isLength = emit_exports.Not(emit_exports.IsEqual(emit_exports.Member(value, "length"), emit_exports.Constant(0)));
  const isSome = emit_exports.Some(value, [item, "_"], BuildSchema(stack, context, schema.contains, item));
  return emit_exports.And(isLength, isSome);
}
function BuildContains(stack, context, schema, value) {
  if (!IsValid2(schema))
    return emit_exports.Constant(true);
  return context.UseUnevaluated() ? BuildContainsStandard(stack, context, schema, value) : BuildContainsFast(stack, context, schema, value);
}
function CheckContains(stack, context, schema, value) {
  if (!IsValid2(schema))
    return true;
  return !guard_exports.IsEqual(value.length, 0) && guard_exports.SomeAll(value, (item, index3) => {
    return CheckSchema(stack, context, schema.contains, item) && context.AddIndex(index3);
  });
}
function ErrorContains(stack, context, schemaPath, instancePath, schema, value) {
  return CheckContains(stack, context, schema, value) || context.AddError("contains", schemaPath, instancePath, { minContains: 1 });
}

// node_modules/typebox/build/schema/engine/dependencies.mjs
function BuildDependencies(stack, context, schema, value) {
  const isLength = emit_exports.IsEqual(emit_exports.Member(emit_exports.Keys(value), "length"), emit_exports.Constant(0));
  const isEveryDependency = emit_exports.ReduceAnd(guard_exports.Entries(schema.dependencies).map(([key, schema2]) => {
    const notKey = emit_exports.Not(emit_exports.HasPropertyKey(value, emit_exports.Constant(key)));
    const isSchema = BuildSchema(stack, context, schema2, value);
    const isEveryKey = (schema3) => emit_exports.ReduceAnd(schema3.map((key2) => emit_exports.HasPropertyKey(value, emit_exports.Constant(key2))));
    return emit_exports.Or(notKey, guard_exports.IsArray(schema2) ? isEveryKey(schema2) : isSchema);
  }));
  return emit_exports.Or(isLength, isEveryDependency);
}
function CheckDependencies(stack, context, schema, value) {
  const isLength = guard_exports.IsEqual(guard_exports.Keys(value).length, 0);
  const isEvery = guard_exports.Every(guard_exports.Entries(schema.dependencies), 0, ([key, schema2]) => {
    return !guard_exports.HasPropertyKey(value, key) || (guard_exports.IsArray(schema2) ? schema2.every((key2) => guard_exports.HasPropertyKey(value, key2)) : CheckSchema(stack, context, schema2, value));
  });
  return isLength || isEvery;
}
function ErrorDependencies(stack, context, schemaPath, instancePath, schema, value) {
  const isLength = guard_exports.IsEqual(guard_exports.Keys(value).length, 0);
  const isEvery = guard_exports.EveryAll(guard_exports.Entries(schema.dependencies), 0, ([key, schema2]) => {
    const nextSchemaPath = `${schemaPath}/dependencies/${EncodeFragment(key)}`;
    return !guard_exports.HasPropertyKey(value, key) || (guard_exports.IsArray(schema2) ? schema2.every((dependency) => guard_exports.HasPropertyKey(value, dependency) || context.AddError("dependencies", schemaPath, instancePath, { property: key, dependencies: schema2 })) : ErrorSchema(stack, context, nextSchemaPath, instancePath, schema2, value));
  });
  return isLength || isEvery;
}

// node_modules/typebox/build/schema/engine/dependentRequired.mjs
function BuildDependentRequired(_stack, _context, schema, value) {
  const isLength = emit_exports.IsEqual(emit_exports.Member(emit_exports.Keys(value), "length"), emit_exports.Constant(0));
  const isEvery = emit_exports.ReduceAnd(guard_exports.Entries(schema.dependentRequired).map(([key, keys]) => {
    const notKey = emit_exports.Not(emit_exports.HasPropertyKey(value, emit_exports.Constant(key)));
    const everyKey = emit_exports.ReduceAnd(keys.map((key2) => emit_exports.HasPropertyKey(value, emit_exports.Constant(key2))));
    return emit_exports.Or(notKey, everyKey);
  }));
  return emit_exports.Or(isLength, isEvery);
}
function CheckDependentRequired(_stack, _context, schema, value) {
  const isLength = guard_exports.IsEqual(guard_exports.Keys(value).length, 0);
  const isEvery = guard_exports.Every(guard_exports.Entries(schema.dependentRequired), 0, ([key, keys]) => {
    return !guard_exports.HasPropertyKey(value, key) || keys.every((key2) => guard_exports.HasPropertyKey(value, key2));
  });
  return isLength || isEvery;
}
function ErrorDependentRequired(_stack, context, schemaPath, instancePath, schema, value) {
  const isLength = guard_exports.IsEqual(guard_exports.Keys(value).length, 0);
  const isEveryEntry = guard_exports.EveryAll(guard_exports.Entries(schema.dependentRequired), 0, ([key, keys]) => {
    return !guard_exports.HasPropertyKey(value, key) || guard_exports.EveryAll(keys, 0, (dependency) => guard_exports.HasPropertyKey(value, dependency) || context.AddError("dependentRequired", schemaPath, instancePath, { property: key, dependencies: keys }));
  });
  return isLength || isEveryEntry;
}

// node_modules/typebox/build/schema/engine/dependentSchemas.mjs
function BuildDependentSchemas(stack, context, schema, value) {
  const isLength = emit_exports.IsEqual(emit_exports.Member(emit_exports.Keys(value), "length"), emit_exports.Constant(0));
  const isEvery = emit_exports.ReduceAnd(guard_exports.Entries(schema.dependentSchemas).map(([key, schema2]) => {
    const notKey = emit_exports.Not(emit_exports.HasPropertyKey(value, emit_exports.Constant(key)));
    const isSchema = BuildSchema(stack, context, schema2, value);
    return emit_exports.Or(notKey, isSchema);
  }));
  return emit_exports.Or(isLength, isEvery);
}
function CheckDependentSchemas(stack, context, schema, value) {
  const isLength = guard_exports.IsEqual(guard_exports.Keys(value).length, 0);
  const isEvery = guard_exports.Every(guard_exports.Entries(schema.dependentSchemas), 0, ([key, schema2]) => {
    return !guard_exports.HasPropertyKey(value, key) || CheckSchema(stack, context, schema2, value);
  });
  return isLength || isEvery;
}
function ErrorDependentSchemas(stack, context, schemaPath, instancePath, schema, value) {
  const isLength = guard_exports.IsEqual(guard_exports.Keys(value).length, 0);
  const isEvery = guard_exports.EveryAll(guard_exports.Entries(schema.dependentSchemas), 0, ([key, schema2]) => {
    const nextSchemaPath = `${schemaPath}/dependentSchemas/${EncodeFragment(key)}`;
    return !guard_exports.HasPropertyKey(value, key) || ErrorSchema(stack, context, nextSchemaPath, instancePath, schema2, value);
  });
  return isLength || isEvery;
}

// node_modules/typebox/build/schema/resolve/resolve.mjs
var resolve_exports = {};
__export(resolve_exports, {
  DynamicRef: () => DynamicRef,
  RecursiveRef: () => RecursiveRef,
  Ref: () => Ref2
});

// node_modules/typebox/build/schema/pointer/pointer.mjs
var pointer_exports = {};
__export(pointer_exports, {
  Delete: () => Delete,
  Get: () => Get3,
  Has: () => Has,
  Indices: () => Indices,
  Set: () => Set4
});
function Throw(message) {
  throw Error(message);
}
function ThrowUnsafePropertyKey() {
  Throw("Pointer contains unsafe property key");
}
function ThrowCannotSetRoot() {
  Throw("Cannot set value");
}
function Indices(pointer) {
  const indices = pointer.split("/").map((index3) => index3.replace(/~1/g, "/").replace(/~0/g, "~"));
  return indices[0] === "" ? indices.slice(1) : indices;
}
function Has(value, pointer) {
  let current = value;
  for (const index3 of Indices(pointer)) {
    if (!guard_exports.IsObject(current) || !guard_exports.HasPropertyKey(current, index3))
      return false;
    current = current[index3];
  }
  return true;
}
function Get3(value, pointer) {
  let current = value;
  for (const index3 of Indices(pointer)) {
    if (!guard_exports.IsObject(current) || guard_exports.IsUnsafePropertyKey(index3))
      return void 0;
    current = current[index3];
  }
  return current;
}
function Parent(value, indices, last) {
  let current = value;
  for (const index3 of indices) {
    if (guard_exports.IsUnsafePropertyKey(index3))
      ThrowUnsafePropertyKey();
    current = guard_exports.IsObject(current) ? current[index3] : void 0;
  }
  if (guard_exports.IsUnsafePropertyKey(last))
    ThrowUnsafePropertyKey();
  if (!guard_exports.IsObject(current))
    ThrowCannotSetRoot();
  return current;
}
function Set4(value, pointer, next) {
  const indices = Indices(pointer);
  const last = indices.pop();
  if (guard_exports.IsUndefined(last))
    ThrowCannotSetRoot();
  Parent(value, indices, last)[last] = next;
  return value;
}
function Delete(value, pointer) {
  const indices = Indices(pointer);
  const last = indices.pop();
  if (guard_exports.IsUndefined(last))
    ThrowCannotSetRoot();
  const parent = Parent(value, indices, last);
  if (guard_exports.IsArray(parent) && /^(0|[1-9]\d*)$/.test(last)) {
    parent.splice(Number(last), 1);
  } else {
    delete parent[last];
  }
  return value;
}

// node_modules/typebox/build/schema/resolve/resolve.mjs
function RelativeBase(schema, base) {
  return IsSchemaObject(schema) && IsId(schema) ? NextUri(schema.$id, base.href) : base;
}
function AbsoluteBase(base) {
  return NextUri(base, DefaultUri);
}
function CanonicalHref(url) {
  return url.href.split("#")[0];
}
function Base2(schema, base, target) {
  return SearchBase(schema, AbsoluteBase(base), target);
}
function RefRoot(stack, ref) {
  return ref.$ref.startsWith("#") || stack.enteredResource ? stack.lexicalSchema : stack.schema;
}
function IsPointerFragment(fragment) {
  return fragment.startsWith("#/");
}
function SearchDynamicAnchor(schema, name) {
  if (guard_exports.IsObject(schema) && IsDynamicAnchor(schema) && guard_exports.IsEqual(schema.$dynamicAnchor, name)) {
    return schema;
  }
  if (guard_exports.IsObject(schema)) {
    for (const key of guard_exports.Keys(schema)) {
      const result = SearchDynamicAnchor(schema[key], name);
      if (result)
        return result;
    }
  }
  return void 0;
}
function SearchBase(schema, base, target) {
  if (guard_exports.IsEqual(schema, target))
    return base.href;
  const nextBase = RelativeBase(schema, base);
  if (guard_exports.IsArray(schema)) {
    for (const item of schema) {
      const result = SearchBase(item, nextBase, target);
      if (!guard_exports.IsUndefined(result))
        return result;
    }
  } else if (guard_exports.IsObject(schema)) {
    for (const key of guard_exports.Keys(schema)) {
      const result = SearchBase(schema[key], nextBase, target);
      if (!guard_exports.IsUndefined(result))
        return result;
    }
  }
  return void 0;
}
function MatchWithHash(schema, ref) {
  if (ref.href.endsWith("#"))
    return schema;
  if (!ref.hash.startsWith("#"))
    return void 0;
  const fragment = decodeURIComponent(ref.hash.slice(1));
  if (!fragment.startsWith("/"))
    return void 0;
  return pointer_exports.Get(schema, fragment);
}
function MatchWithId(schema, base, ref) {
  if (!IsId(schema))
    return void 0;
  if (guard_exports.IsEqual(schema.$id, ref.hash))
    return schema;
  const absoluteRef = new URL(ref.href, base.href);
  if (guard_exports.IsEqual(base.pathname, absoluteRef.pathname))
    return ref.hash.startsWith("#") ? MatchWithHash(schema, ref) : schema;
  return void 0;
}
function MatchWithAnchor(schema, base, ref) {
  if (!IsAnchor(schema))
    return void 0;
  const absoluteAnchor = new URL(`#${schema.$anchor}`, base.href);
  const absoluteRef = new URL(ref.href, base.href);
  return guard_exports.IsEqual(absoluteAnchor.href, absoluteRef.href) ? schema : void 0;
}
function MatchWithDynamicAnchor(schema, base, ref) {
  if (!IsDynamicAnchor(schema))
    return void 0;
  const absoluteAnchor = new URL(`#${schema.$dynamicAnchor}`, base.href);
  const absoluteRef = new URL(ref.href, base.href);
  const isMatch = guard_exports.IsEqual(absoluteAnchor.href, absoluteRef.href);
  return isMatch ? schema : void 0;
}
function MatchSchemaObject(schema, base, ref) {
  if (!IsSchemaObject(schema))
    return void 0;
  return MatchWithId(schema, base, ref) ?? MatchWithAnchor(schema, base, ref) ?? MatchWithDynamicAnchor(schema, base, ref) ?? MatchWithHash(schema, ref);
}
function MatchFromArray(schema, base, ref) {
  if (!guard_exports.IsArray(schema))
    return void 0;
  return schema.reduce((result, item) => {
    const match = Match4(item, base, ref);
    return !guard_exports.IsUndefined(match) ? match : result;
  }, void 0);
}
function MatchFromObject(schema, base, ref) {
  if (!guard_exports.IsObject(schema))
    return void 0;
  return guard_exports.Keys(schema).reduce((result, key) => {
    if (guard_exports.IsEqual(key, "const") || guard_exports.IsEqual(key, "enum"))
      return result;
    const match = Match4(schema[key], base, ref);
    return !guard_exports.IsUndefined(match) ? match : result;
  }, void 0);
}
function Match4(schema, base, ref) {
  const relativeBase = RelativeBase(schema, base);
  return MatchSchemaObject(schema, relativeBase, ref) ?? MatchFromArray(schema, relativeBase, ref) ?? MatchFromObject(schema, relativeBase, ref);
}
function Resource(context, schema, base, ref) {
  const result = RefInternal(context, schema, base, ref);
  return IsSchemaObject(result) && IsId(result) ? result : void 0;
}
function FindDeferredResourceLegacy(stack, ref, schema) {
  if (!ref.$ref.startsWith("#"))
    return void 0;
  if (!IsSchemaObject(stack.schema) || guard_exports.HasPropertyKey(stack.schema, "$schema"))
    return void 0;
  const targetBase = Base2(stack.lexicalSchema, stack.referenceBase, schema);
  if (guard_exports.IsUndefined(targetBase) || guard_exports.IsEqual(targetBase, stack.referenceBase))
    return void 0;
  return { target: schema, base: targetBase, root: (
    /* safe-object-root */
    stack.lexicalSchema
  ) };
}
function FindDeferredResourceModern(stack, canonical, schema) {
  const remoteRoot = stack.context[canonical];
  if (!IsSchemaObject(remoteRoot))
    return void 0;
  return { target: schema, base: canonical, root: remoteRoot };
}
function FindDeferredResource(stack, ref, schema, canonical, isRemote) {
  const remote = isRemote ? FindDeferredResourceModern(stack, canonical, schema) : void 0;
  return guard_exports.IsUndefined(remote) ? FindDeferredResourceLegacy(stack, ref, schema) : remote;
}
function FindResolvedResource(stack, canonical, schema) {
  if (IsId(schema))
    return void 0;
  const resource = Resource(
    stack.context,
    /* safe-object-root */
    stack.schema,
    stack.referenceBase,
    canonical
  );
  if (!resource || stack.ids.includes(resource))
    return void 0;
  return { resource };
}
function RefInternalWithContext(context, ref) {
  return guard_exports.HasPropertyKey(context, ref) ? context[ref] : void 0;
}
function RefInternalWithLocal(schema, base, ref) {
  return Match4(schema, base, ref);
}
function RefInternalWithRemote(context, base, ref) {
  const canonicalHref = CanonicalHref(ref);
  if (!guard_exports.HasPropertyKey(context, canonicalHref) || guard_exports.IsEqual(canonicalHref, CanonicalHref(base)))
    return void 0;
  const remoteSchema = context[canonicalHref];
  const remoteBase = RelativeBase(remoteSchema, new URL(canonicalHref));
  return guard_exports.IsEqual(ref.hash, "") ? remoteSchema : Match4(remoteSchema, remoteBase, ref);
}
function RefInternal(context, schema, base, ref) {
  const absoluteBase = AbsoluteBase(base);
  const target = NextUri(ref, absoluteBase.href);
  return RefInternalWithContext(context, ref) ?? RefInternalWithLocal(schema, absoluteBase, target) ?? RefInternalWithRemote(context, absoluteBase, target);
}
function RefNextStackDeferred(stack, deferredResource) {
  if (!deferredResource)
    return stack;
  const resourceEntries = new Map(stack.resourceEntries);
  resourceEntries.set(deferredResource.target, { base: deferredResource.base, root: deferredResource.root });
  return { ...stack, resourceEntries };
}
function RefNextStackResolved(stack, resolvedResource) {
  return resolvedResource ? NextStack(stack, resolvedResource.resource) : stack;
}
function RefNextStack(stack, pendingResource, deferredResource, resolvedResource) {
  const withDeferred = RefNextStackDeferred({ ...stack, pendingResource }, deferredResource);
  const withResolved = RefNextStackResolved(withDeferred, resolvedResource);
  return withResolved;
}
function RefResultFound(stack, ref, schema) {
  const canonical = CanonicalHref(NextUri(ref.$ref, stack.referenceBase));
  const isRemote = !guard_exports.IsEqual(canonical, stack.resourceBase);
  const deferredResource = FindDeferredResource(stack, ref, schema, canonical, isRemote);
  const resolvedResource = isRemote ? FindResolvedResource(stack, canonical, schema) : void 0;
  return { schema, stack: RefNextStack(stack, true, deferredResource, resolvedResource) };
}
function RefResultNotFound(stack, schema) {
  return { schema, stack: RefNextStack(stack, !guard_exports.IsUndefined(schema)) };
}
function Ref2(stack, ref) {
  const schema = RefInternal(stack.context, RefRoot(stack, ref), stack.referenceBase, ref.$ref);
  return IsSchemaObject(schema) ? RefResultFound(stack, ref, schema) : RefResultNotFound(stack, schema);
}
function IsRecursiveAnchorInScope(stack) {
  return IsSchemaObject(stack.lexicalSchema) && IsRecursiveAnchorTrue(stack.lexicalSchema);
}
function RecursiveRef(stack, recursiveRef) {
  const schema = IsRecursiveAnchorInScope(stack) ? stack.recursiveAnchor : stack.lexicalSchema;
  return RefInternal(stack.context, schema, stack.lexicalBase, recursiveRef.$recursiveRef);
}
function DynamicRefFragment(stack, dynamicRef) {
  return NextUri(dynamicRef.$dynamicRef, AbsoluteBase(stack.lexicalBase).href).hash;
}
function FindScopedDynamicAnchor(stack, name) {
  return stack.dynamicAnchors.find((anchor) => guard_exports.IsEqual(anchor.$dynamicAnchor, name)) ?? SearchDynamicAnchor(stack.schema, name);
}
function DynamicRefWhenFound(stack, dynamicRef, fragmentTarget) {
  if (!IsSchemaObject(fragmentTarget) || !IsDynamicAnchor(fragmentTarget))
    return fragmentTarget;
  const fragment = DynamicRefFragment(stack, dynamicRef);
  return IsPointerFragment(fragment) ? fragmentTarget : FindScopedDynamicAnchor(stack, fragmentTarget.$dynamicAnchor);
}
function DynamicRefWhenNotFound(stack, dynamicRef) {
  const fragment = DynamicRefFragment(stack, dynamicRef);
  return FindScopedDynamicAnchor(stack, decodeURIComponent(fragment.slice(1)));
}
function DynamicRef(stack, dynamicRef) {
  const fragmentRoot = dynamicRef.$dynamicRef.startsWith("#") ? stack.lexicalSchema : stack.schema;
  const fragmentTarget = RefInternal(stack.context, fragmentRoot, stack.lexicalBase, dynamicRef.$dynamicRef);
  return guard_exports.IsUndefined(fragmentTarget) ? DynamicRefWhenNotFound(stack, dynamicRef) : DynamicRefWhenFound(stack, dynamicRef, fragmentTarget);
}

// node_modules/typebox/build/schema/engine/dynamicRef.mjs
function BuildDynamicRef(stack, context, schema, value) {
  const target = resolve_exports.DynamicRef(stack, schema) ?? false;
  const nextStack = target ? { ...stack, pendingResource: true } : stack;
  return CreateFunction(nextStack, context, target, value);
}
function CheckDynamicRef(stack, context, schema, value) {
  const target = resolve_exports.DynamicRef(stack, schema) ?? false;
  const nextStack = target ? { ...stack, pendingResource: true } : stack;
  return IsSchema2(target) && CheckSchema(nextStack, context, target, value);
}
function ErrorDynamicRef(stack, context, schemaPath, instancePath, schema, value) {
  const target = resolve_exports.DynamicRef(stack, schema) ?? false;
  const nextStack = target ? { ...stack, pendingResource: true } : stack;
  return IsSchema2(target) && ErrorSchema(nextStack, context, schemaPath, instancePath, target, value);
}

// node_modules/typebox/build/schema/engine/enum.mjs
function BuildEnum(_stack, _context, schema, value) {
  return emit_exports.ReduceOr(schema.enum.map((option) => {
    if (guard_exports.IsValueLike(option))
      return emit_exports.IsEqual(value, emit_exports.Constant(option));
    const variable = CreateVariable(option);
    return emit_exports.IsDeepEqual(value, variable);
  }));
}
function CheckEnum(_stack, _context, schema, value) {
  return guard_exports.Some(schema.enum, (option) => guard_exports.IsValueLike(option) ? guard_exports.IsEqual(value, option) : guard_exports.IsDeepEqual(value, option));
}
function ErrorEnum(stack, context, schemaPath, instancePath, schema, value) {
  return CheckEnum(stack, context, schema, value) || context.AddError("enum", schemaPath, instancePath, { allowedValues: schema.enum });
}

// node_modules/typebox/build/schema/engine/exclusiveMaximum.mjs
function BuildExclusiveMaximum(_stack, _context, schema, value) {
  return emit_exports.IsLessThan(value, emit_exports.Constant(schema.exclusiveMaximum));
}
function CheckExclusiveMaximum(_stack, _context, schema, value) {
  return guard_exports.IsLessThan(value, schema.exclusiveMaximum);
}
function ErrorExclusiveMaximum(stack, context, schemaPath, instancePath, schema, value) {
  return CheckExclusiveMaximum(stack, context, schema, value) || context.AddError("exclusiveMaximum", schemaPath, instancePath, { comparison: "<", limit: schema.exclusiveMaximum });
}

// node_modules/typebox/build/schema/engine/exclusiveMinimum.mjs
function BuildExclusiveMinimum(_stack, _context, schema, value) {
  return emit_exports.IsGreaterThan(value, emit_exports.Constant(schema.exclusiveMinimum));
}
function CheckExclusiveMinimum(_stack, _context, schema, value) {
  return guard_exports.IsGreaterThan(value, schema.exclusiveMinimum);
}
function ErrorExclusiveMinimum(stack, context, schemaPath, instancePath, schema, value) {
  return CheckExclusiveMinimum(stack, context, schema, value) || context.AddError("exclusiveMinimum", schemaPath, instancePath, { comparison: ">", limit: schema.exclusiveMinimum });
}

// node_modules/typebox/build/format/format.mjs
var format_exports = {};
__export(format_exports, {
  Clear: () => Clear,
  Entries: () => Entries3,
  Get: () => Get4,
  Has: () => Has2,
  IsDate: () => IsDate2,
  IsDateTime: () => IsDateTime,
  IsDuration: () => IsDuration,
  IsEmail: () => IsEmail,
  IsHostname: () => IsHostname2,
  IsIPv4: () => IsIPv4,
  IsIPv6: () => IsIPv6,
  IsIdnEmail: () => IsIdnEmail,
  IsIdnHostname: () => IsIdnHostname2,
  IsIri: () => IsIri,
  IsIriReference: () => IsIriReference,
  IsJsonPointer: () => IsJsonPointer,
  IsJsonPointerUriFragment: () => IsJsonPointerUriFragment,
  IsRegex: () => IsRegex,
  IsRelativeJsonPointer: () => IsRelativeJsonPointer,
  IsTime: () => IsTime,
  IsUri: () => IsUri,
  IsUriReference: () => IsUriReference,
  IsUriTemplate: () => IsUriTemplate,
  IsUrl: () => IsUrl,
  IsUuid: () => IsUuid,
  Reset: () => Reset3,
  Set: () => Set5,
  Test: () => Test
});

// node_modules/typebox/build/format/date.mjs
var DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
var DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
function IsLeapYear(year) {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}
function IsDate2(value) {
  const matches = DATE.exec(value);
  if (!matches)
    return false;
  const year = +matches[1];
  const month = +matches[2];
  const day = +matches[3];
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && IsLeapYear(year) ? 29 : DAYS[month]);
}

// node_modules/typebox/build/format/time.mjs
var TIME = /^(\d\d):(\d\d):(\d\d)(?:\.\d+)?(?:([Zz])|([+-])(\d\d):(\d\d))?$/;
function IsTime(value, strictTimeZone = true) {
  const matches = TIME.exec(value);
  if (!matches)
    return false;
  if (strictTimeZone && !matches[4] && !matches[5])
    return false;
  const hr = +matches[1];
  const min = +matches[2];
  const sec = +matches[3];
  if (hr > 23 || min > 59 || sec > 60)
    return false;
  if (matches[5]) {
    const tzH2 = +matches[6];
    const tzM2 = +matches[7];
    if (tzH2 > 23 || tzM2 > 59)
      return false;
  }
  if (sec < 60)
    return true;
  const tzSign = matches[5] === "-" ? -1 : 1;
  const tzH = +(matches[6] || 0);
  const tzM = +(matches[7] || 0);
  const totalUtcMin = hr * 60 + min - tzSign * (tzH * 60 + tzM);
  return (totalUtcMin % 1440 + 1440) % 1440 === 1439;
}

// node_modules/typebox/build/format/date_time.mjs
var DATE_TIME_SUFFIX = /^(?:\[!?(?:(?!\.{1,2}[/\]])[A-Za-z._][A-Za-z._0-9+-]{0,13}(?:\/(?!\.{1,2}[/\]])[A-Za-z._][A-Za-z._0-9+-]{0,13})*|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])\](?:\[!?[a-z_][a-z_0-9-]*=[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*\])*|(?:\[!?[a-z_][a-z_0-9-]*=[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*\])*)$/;
function IsDateTime(value) {
  const index3 = value.indexOf("[");
  const datetime = index3 === -1 ? value : value.slice(0, index3);
  if (index3 !== -1 && !DATE_TIME_SUFFIX.test(value.slice(index3)))
    return false;
  const split = datetime.split(/T/i);
  return split.length === 2 && IsDate2(split[0]) && IsTime(split[1]);
}

// node_modules/typebox/build/format/duration.mjs
var Duration = /^P((\d+Y(\d+M(\d+D)?)?|\d+M(\d+D)?|\d+D)(T(\d+H(\d+M(\d+S)?)?|\d+M(\d+S)?|\d+S))?|T(\d+H(\d+M(\d+S)?)?|\d+M(\d+S)?|\d+S)|\d+W)$/;
function IsDuration(value) {
  return Duration.test(value);
}

// node_modules/typebox/build/format/email.mjs
var Email = /^(?:[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*|"(?:[^"\\]|\\[\x20-\x7e])*")@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[(?:IPv6:[a-f0-9:]+|(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])(?:\.(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3})\])$/i;
function IsEmail(value) {
  return Email.test(value);
}

// node_modules/typebox/build/format/idna/pattern/pattern.mjs
var RE_RULE_HYPHEN_PLACEMENT = /^(?!-).*(?<!-)$/;
var RE_RULE_NOT_RESERVED_ACE = /^(?!..--)/;
var RE_ASCII_LDH = /^[a-zA-Z0-9-]*$/;
var RE_NON_ASCII = /[^\p{ASCII}]/u;
var RE_ASCII_DIGIT = /[0-9]/;
var RE_ARABIC_INDIC_DIGIT = /[\u{0660}-\u{0669}]/u;
var RE_EXT_ARABIC_INDIC_DIGIT = /[\u{06f0}-\u{06f9}]/u;
var RE_COMMON_SEPARATOR = /[\u{002e}\u{002c}\u{003a}\u{002f}]/u;
var RE_EUROPEAN_SEPARATOR = /[\u{002d}\u{002b}]/u;
var RE_MARK_NONSPACING = /\p{Mn}/u;
var RE_MARK_SPACING_COMBINING = /\p{Mc}/u;
var RE_COMBINING_MARK = /[\p{Mn}\p{Mc}\p{Me}]/u;
var RE_LETTER = /\p{L}/u;
var RE_NUMBER_DECIMAL = /\p{Nd}/u;
var RE_SCRIPT_GREEK = /\p{Script=Greek}/u;
var RE_SCRIPT_HEBREW = /\p{Script=Hebrew}/u;
var RE_SCRIPT_JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;
var RE_SCRIPT_ARABIC_LETTER = /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Mandaic}]/u;
var RE_VIRAMA = /[\u{094d}\u{09cd}\u{0a4d}\u{0acd}\u{0b4d}\u{0bcd}\u{0c4d}\u{0ccd}\u{0d3b}\u{0d3c}\u{0d4d}\u{0dca}\u{1b44}\u{1baa}\u{1bab}\u{a9c0}\u{11046}\u{1107f}\u{110b9}\u{11133}\u{11134}\u{111c0}\u{11235}\u{1134d}\u{11442}\u{114c2}\u{115bf}\u{1163f}\u{116b6}\u{11c3f}\u{11d44}\u{11d45}]/u;
var RE_RFC5892_DISALLOWED = /[\u{0640}\u{07fa}\u{302e}\u{302f}\u{3031}\u{3032}\u{3033}\u{3034}\u{3035}\u{303b}]/u;
var RE_CONTEXTO_EXCEPTIONS = /[\u{00b7}\u{0375}\u{05f3}\u{05f4}\u{200c}\u{200d}\u{30fb}]/u;
var RE_PVALID_EXCEPTIONS = /[\u{00df}\u{03c2}\u{06fd}\u{06fe}\u{0f0b}\u{3007}]/u;
var RE_EUROPEAN_NUMBER = new RegExp([
  RE_ASCII_DIGIT,
  RE_EXT_ARABIC_INDIC_DIGIT
].map((regexp) => regexp.source).join("|"), "u");
var RE_PERMITTED_CATEGORY = new RegExp([
  RE_LETTER,
  RE_EUROPEAN_SEPARATOR,
  RE_COMMON_SEPARATOR,
  RE_NUMBER_DECIMAL,
  RE_MARK_NONSPACING,
  RE_MARK_SPACING_COMBINING,
  RE_CONTEXTO_EXCEPTIONS,
  RE_PVALID_EXCEPTIONS
].map((regexp) => regexp.source).join("|"), "u");

// node_modules/typebox/build/format/idna/label/ascii.mjs
function IsAsciiLabel(value) {
  return RE_RULE_HYPHEN_PLACEMENT.test(value) && RE_RULE_NOT_RESERVED_ACE.test(value) && RE_ASCII_LDH.test(value);
}

// node_modules/typebox/build/format/idna/format/puny.mjs
var PUNYCODE_BASE = 36;
var PUNYCODE_TMIN = 1;
var PUNYCODE_TMAX = 26;
var PUNYCODE_SKEW = 38;
var PUNYCODE_DAMP = 700;
var PUNYCODE_INITIAL_BIAS = 72;
var PUNYCODE_INITIAL_N = 128;
function ThrowDontCare() {
  throw null;
}
function IsAcePrefixed(value) {
  return value.toLowerCase().startsWith("xn--");
}
function Adapt(delta, numPoints, firstTime) {
  delta = firstTime ? Math.floor(delta / PUNYCODE_DAMP) : delta >> 1;
  delta += Math.floor(delta / numPoints);
  let k = 0;
  while (delta > (PUNYCODE_BASE - PUNYCODE_TMIN) * PUNYCODE_TMAX >> 1) {
    delta = Math.floor(delta / (PUNYCODE_BASE - PUNYCODE_TMIN));
    k += PUNYCODE_BASE;
  }
  return k + Math.floor((PUNYCODE_BASE - PUNYCODE_TMIN + 1) * delta / (delta + PUNYCODE_SKEW));
}
function Decode2(value) {
  const output = [];
  let n = PUNYCODE_INITIAL_N;
  let i = 0;
  let bias = PUNYCODE_INITIAL_BIAS;
  const delimIdx = value.lastIndexOf("-");
  if (delimIdx > 0) {
    for (let j = 0; j < delimIdx; j++) {
      const cp = value.charCodeAt(j);
      if (cp >= 128)
        ThrowDontCare();
      output.push(cp);
    }
  }
  let inIdx = delimIdx < 0 ? 0 : delimIdx + 1;
  while (inIdx < value.length) {
    const oldi = i;
    let w = 1;
    let k = PUNYCODE_BASE;
    while (true) {
      if (inIdx >= value.length)
        ThrowDontCare();
      const ch = value.charCodeAt(inIdx++);
      let digit;
      if (ch >= 97 && ch <= 122)
        digit = ch - 97;
      else if (ch >= 48 && ch <= 57)
        digit = ch - 48 + 26;
      else
        ThrowDontCare();
      i += digit * w;
      const t = k <= bias ? PUNYCODE_TMIN : k >= bias + PUNYCODE_TMAX ? PUNYCODE_TMAX : k - bias;
      if (digit < t)
        break;
      w *= PUNYCODE_BASE - t;
      k += PUNYCODE_BASE;
    }
    const outLen = output.length + 1;
    bias = Adapt(i - oldi, outLen, oldi === 0);
    n += Math.floor(i / outLen);
    i %= outLen;
    output.splice(i, 0, n);
    i++;
  }
  return String.fromCodePoint(...output);
}
function DigitToChar(digit) {
  return digit < 26 ? String.fromCharCode(digit + 97) : String.fromCharCode(digit - 26 + 48);
}
var RE_REPLACE_NON_ASCII = new RegExp(RE_NON_ASCII.source, "gu");
function Encode2(input) {
  const basic = input.replace(RE_REPLACE_NON_ASCII, "");
  const basicLength = basic.length;
  const result = basicLength > 0 ? [basic, "-"] : [];
  const codePoints = Array.from(input, (char) => char.codePointAt(0));
  let n = PUNYCODE_INITIAL_N;
  let delta = 0;
  let bias = PUNYCODE_INITIAL_BIAS;
  let handledCPCount = basicLength;
  while (handledCPCount < codePoints.length) {
    let m = Infinity;
    for (const cp of codePoints) {
      if (cp >= n && cp < m)
        m = cp;
    }
    delta += (m - n) * (handledCPCount + 1);
    n = m;
    for (const cp of codePoints) {
      if (cp < n)
        delta++;
      if (cp === n) {
        let q = delta;
        for (let k = PUNYCODE_BASE; ; k += PUNYCODE_BASE) {
          const t = k <= bias ? PUNYCODE_TMIN : k >= bias + PUNYCODE_TMAX ? PUNYCODE_TMAX : k - bias;
          if (q < t)
            break;
          const digit = t + (q - t) % (PUNYCODE_BASE - t);
          result.push(DigitToChar(digit));
          q = Math.floor((q - t) / (PUNYCODE_BASE - t));
        }
        result.push(DigitToChar(q));
        bias = Adapt(delta, handledCPCount + 1, handledCPCount === basicLength);
        delta = 0;
        handledCPCount++;
      }
    }
    delta++;
    n++;
  }
  return result.join("");
}

// node_modules/typebox/build/format/idna/format/bidi.mjs
var RE_RTL_ALLOWED = /^(?:R|AL|AN|EN|ES|CS|ET|ON|BN|NSM)$/;
var RE_LTR_ALLOWED = /^(?:L|EN|ES|CS|ET|ON|BN|NSM)$/;
var RE_RTL_CLASSES = /^(?:R|AL|AN)$/;
function HasBidiChars(value) {
  if (IsAcePrefixed(value)) {
    try {
      return HasRightToLeftCharacters(Decode2(value.slice(4).toLowerCase()));
    } catch {
      return false;
    }
  }
  return HasRightToLeftCharacters(value);
}
function GetBidiClass(codePoint) {
  const char = String.fromCodePoint(codePoint);
  return RE_EUROPEAN_NUMBER.test(char) ? "EN" : RE_ARABIC_INDIC_DIGIT.test(char) ? "AN" : (
    // Pattern.RE_EUROPEAN_SEPARATOR.test(char) ? 'ES' : // (no-spec-coverage)
    // Pattern.RE_COMMON_SEPARATOR.test(char) ? 'CS' : // (no-spec-coverage)
    RE_MARK_NONSPACING.test(char) ? "NSM" : RE_SCRIPT_HEBREW.test(char) ? "R" : RE_SCRIPT_ARABIC_LETTER.test(char) ? "AL" : RE_LETTER.test(char) ? "L" : "ON"
  );
}
function HasRightToLeftCharacters(value) {
  for (const ch of value)
    if (RE_RTL_CLASSES.test(GetBidiClass(ch.codePointAt(0))))
      return true;
  return false;
}
function SatisfiesBidiRule(value) {
  let isRtl = false;
  let allowed = RE_LTR_ALLOWED;
  let sawEN = false;
  let sawAN = false;
  let isFirst = true;
  for (const ch of value) {
    const bidiClass = GetBidiClass(ch.codePointAt(0));
    if (isFirst) {
      if (bidiClass !== "L" && bidiClass !== "R" && bidiClass !== "AL")
        return false;
      isRtl = bidiClass === "R" || bidiClass === "AL";
      allowed = isRtl ? RE_RTL_ALLOWED : RE_LTR_ALLOWED;
      isFirst = false;
    }
    if (!allowed.test(bidiClass))
      return false;
    if (bidiClass === "EN")
      sawEN = true;
    else if (bidiClass === "AN")
      sawAN = true;
  }
  if (isRtl && sawEN && sawAN)
    return false;
  return true;
}

// node_modules/typebox/build/format/idna/label/unicode.mjs
function ExceedsMaxALabelLength(value) {
  return RE_NON_ASCII.test(value) && Encode2(value).length + 4 > 63;
}
function HasInvalidHyphens(chars) {
  if (chars[0] === "-" || chars[chars.length - 1] === "-")
    return true;
  return chars.slice(2).join("").startsWith("--");
}
function IsUnicodeLabel(value) {
  if (ExceedsMaxALabelLength(value))
    return false;
  if (HasRightToLeftCharacters(value) && !SatisfiesBidiRule(value))
    return false;
  const chars = [...value];
  const codePoints = chars.map((c) => c.codePointAt(0));
  const length = codePoints.length;
  if (HasInvalidHyphens(chars))
    return false;
  if (RE_COMBINING_MARK.test(chars[0]))
    return false;
  let hasJapanese = false;
  for (let i = 0; i < length; i++) {
    const codePoint = codePoints[i];
    const char = chars[i];
    if (RE_RFC5892_DISALLOWED.test(char))
      return false;
    if (!RE_PERMITTED_CATEGORY.test(char))
      return false;
    if (RE_SCRIPT_JAPANESE.test(char))
      hasJapanese = true;
    const prev = codePoints[i - 1], next = codePoints[i + 1];
    switch (codePoint) {
      case 183:
        if (prev !== 108 || next !== 108)
          return false;
        break;
      // MIDDLE DOT (Catalan)
      case 885:
        if (!next || !RE_SCRIPT_GREEK.test(chars[i + 1]))
          return false;
        break;
      // Greek KERAIA
      case 1523:
      case 1524:
        if (!prev || !RE_SCRIPT_HEBREW.test(chars[i - 1]))
          return false;
        break;
      // Hebrew GERESH
      case 8204:
        if (!prev || prev < 128 && !RE_VIRAMA.test(chars[i - 1]))
          return false;
        break;
      case 8205:
        if (!prev || !RE_VIRAMA.test(chars[i - 1]))
          return false;
        break;
      case 12539:
        break;
    }
  }
  if (value.includes("\u30FB") && !hasJapanese)
    return false;
  return true;
}

// node_modules/typebox/build/format/idna/label/puny.mjs
function IsPunyLabel(value) {
  if (!IsAcePrefixed(value))
    return false;
  try {
    const body = value.slice(4).toLowerCase();
    if (body.lastIndexOf("-") === 0)
      return false;
    const decoded = Decode2(body);
    if (!RE_NON_ASCII.test(decoded))
      return false;
    return IsUnicodeLabel(decoded);
  } catch {
    return false;
  }
}

// node_modules/typebox/build/format/idna/hostname.mjs
function IsValidLabelLength(value) {
  return value.length > 0 && value.length <= 63;
}
function IsLabel(value) {
  return IsValidLabelLength(value) && (IsPunyLabel(value) || IsAsciiLabel(value));
}
function IsHostname(value) {
  if (value.length === 0 || value.length > 253)
    return false;
  if (value.charCodeAt(value.length - 1) === 46)
    return false;
  return value.split(".").every((label) => IsLabel(label));
}

// node_modules/typebox/build/format/idna/idn-hostname.mjs
function IsValidLabelLength2(value) {
  return value.length > 0 && value.length <= 63;
}
function IsLabel2(value) {
  return IsValidLabelLength2(value) && (IsPunyLabel(value) || IsUnicodeLabel(value));
}
function NormalizeHostname(value) {
  return value.replace(/[\uff01-\uff5e]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 65248)).normalize("NFC").replace(/[\u00ad\u034f\u180b-\u180d\u200b\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/gu, "").replace(/[\u002E\u3002\uFF0E\uFF61]/g, ".");
}
function IsIdnHostname(value) {
  if (value.length === 0 || value.includes(" "))
    return false;
  const normalized = NormalizeHostname(value);
  if (normalized.length > 253)
    return false;
  const labels = normalized.split(".");
  const hasBidiChars = labels.some((label) => HasBidiChars(label));
  return labels.every((label) => IsLabel2(label) && (!hasBidiChars || SatisfiesBidiRule(label)));
}

// node_modules/typebox/build/format/hostname.mjs
function IsHostname2(value) {
  return IsHostname(value);
}

// node_modules/typebox/build/format/idn_email.mjs
var IdnEmail = /^(?:[A-Za-z0-9!#$%&'*+\/=?^_`{|}~\u{0080}-\u{10FFFF}-]+(?:\.[A-Za-z0-9!#$%&'*+\/=?^_`{|}~\u{0080}-\u{10FFFF}-]+)*|"(?:[^"\\]|\\.)*")@[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,62})(?<!-)(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,62})(?<!-))*$/iu;
function IsIdnEmail(value) {
  return IdnEmail.test(value.normalize("NFC"));
}

// node_modules/typebox/build/format/idn_hostname.mjs
function IsIdnHostname2(value) {
  return IsIdnHostname(value);
}

// node_modules/typebox/build/format/ipv4.mjs
var IPv4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
function IsIPv4(value) {
  return IPv4.test(value);
}

// node_modules/typebox/build/format/ipv6.mjs
var IPv6 = /^(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:)?[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)$/i;
function IsIPv6(value) {
  return IPv6.test(value);
}

// node_modules/typebox/build/format/iri_reference.mjs
var InvalidIriChars = /[\x00-\x20\x7F\\]|%(?![0-9a-fA-F]{2})/;
var MalformedScheme = /^[a-zA-Z][a-zA-Z0-9+\-.]*\/\//;
function IsIriReference(value) {
  return !InvalidIriChars.test(value) && !MalformedScheme.test(value) && URL.canParse(value, "http://example.com");
}

// node_modules/typebox/build/format/iri.mjs
var InvalidIriChars2 = /[\x00-\x20<>\^`{|}\\]/;
var InvalidPercentEncoding = /%(?![0-9a-fA-F]{2})/;
function IsIri(value) {
  if (InvalidIriChars2.test(value))
    return false;
  if (InvalidPercentEncoding.test(value))
    return false;
  return URL.canParse(value);
}

// node_modules/typebox/build/format/json_pointer_uri_fragment.mjs
var JsonPointerUriFragment = /^#(?:\/(?:[a-z0-9_\-.!$&'()*+,;:=@]|%[0-9a-f]{2}|~0|~1)*)*$/i;
function IsJsonPointerUriFragment(value) {
  return JsonPointerUriFragment.test(value);
}

// node_modules/typebox/build/format/json_pointer.mjs
var JsonPointer = /^(?:\/(?:[^~/]|~0|~1)*)*$/;
function IsJsonPointer(value) {
  return JsonPointer.test(value);
}

// node_modules/typebox/build/format/regex.mjs
function IsRegex(value) {
  try {
    new RegExp(value, "u");
    return true;
  } catch {
    return false;
  }
}

// node_modules/typebox/build/format/relative_json_pointer.mjs
var RelativeJsonPointer = /^(?:0|[1-9][0-9]*)(?:#|(?:\/(?:[^~/]|~0|~1)*)*)$/;
function IsRelativeJsonPointer(value) {
  return RelativeJsonPointer.test(value);
}

// node_modules/typebox/build/format/uri_reference.mjs
var UriReference = /^(?:[a-z][a-z0-9+\-.]*:(?:\/\/(?:(?:[-a-z0-9._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:[\da-f]{1,4}:){6}(?:[\da-f]{1,4}:[\da-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d))|::(?:[\da-f]{1,4}:){5}(?:[\da-f]{1,4}:[\da-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d))|(?:[\da-f]{1,4})?::(?:[\da-f]{1,4}:){4}(?:[\da-f]{1,4}:[\da-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d))|(?:(?:[\da-f]{1,4}:){0,1}[\da-f]{1,4})?::(?:[\da-f]{1,4}:){3}(?:[\da-f]{1,4}:[\da-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d))|(?:(?:[\da-f]{1,4}:){0,2}[\da-f]{1,4})?::(?:[\da-f]{1,4}:){2}(?:[\da-f]{1,4}:[\da-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d))|(?:(?:[\da-f]{1,4}:){0,3}[\da-f]{1,4})?::[\da-f]{1,4}:(?:[\da-f]{1,4}:[\da-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d))|(?:(?:[\da-f]{1,4}:){0,4}[\da-f]{1,4})?::(?:[\da-f]{1,4}:[\da-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d))|(?:(?:[\da-f]{1,4}:){0,5}[\da-f]{1,4})?::[\da-f]{1,4}|(?:(?:[\da-f]{1,4}:){0,6}[\da-f]{1,4})?::)|v[0-9a-f]+\.[-a-z0-9._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)|(?:[-a-z0-9._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[-a-z0-9._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[-a-z0-9._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[-a-z0-9._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[-a-z0-9._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[-a-z0-9._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:\/\/(?:(?:[-a-z0-9._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:[\da-f]{1,4}:){6}(?:[\da-f]{1,4}:[\da-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d))|::(?:[\da-f]{1,4}:){5}(?:[\da-f]{1,4}:[\da-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d))|(?:[\da-f]{1,4})?::(?:[\da-f]{1,4}:){4}(?:[\da-f]{1,4}:[\da-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d))|(?:(?:[\da-f]{1,4}:){0,1}[\da-f]{1,4})?::(?:[\da-f]{1,4}:){3}(?:[\da-f]{1,4}:[\da-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d))|(?:(?:[\da-f]{1,4}:){0,2}[\da-f]{1,4})?::(?:[\da-f]{1,4}:){2}(?:[\da-f]{1,4}:[\da-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d))|(?:(?:[\da-f]{1,4}:){0,3}[\da-f]{1,4})?::[\da-f]{1,4}:(?:[\da-f]{1,4}:[\da-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d))|(?:(?:[\da-f]{1,4}:){0,4}[\da-f]{1,4})?::(?:[\da-f]{1,4}:[\da-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d))|(?:(?:[\da-f]{1,4}:){0,5}[\da-f]{1,4})?::[\da-f]{1,4}|(?:(?:[\da-f]{1,4}:){0,6}[\da-f]{1,4})?::)|v[0-9a-f]+\.[-a-z0-9._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)|(?:[-a-z0-9._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[-a-z0-9._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[-a-z0-9._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[-a-z0-9._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[-a-z0-9._~!$&'()*+,;=@]|%[0-9a-f]{2})+(?:\/(?:[-a-z0-9._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?)(?:\?(?:[-a-z0-9._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[-a-z0-9._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i;
function IsUriReference(value) {
  return UriReference.test(value);
}

// node_modules/typebox/build/format/uri_template.mjs
var UriTemplate = /^(?:(?:[^\x00-\x20"<>%\\^`{|}\x7f]|%[0-9a-f]{2})|\{[+#./;?&=,!@|]?(?:[a-z0-9_]|%[0-9a-f]{2})+(?:\.(?:[a-z0-9_]|%[0-9a-f]{2})+)*(?::[1-9]\d{0,3}|\*)?(?:,(?:[a-z0-9_]|%[0-9a-f]{2})+(?:\.(?:[a-z0-9_]|%[0-9a-f]{2})+)*(?::[1-9]\d{0,3}|\*)?)*\})*$/i;
function IsUriTemplate(value) {
  return UriTemplate.test(value);
}

// node_modules/typebox/build/format/uri.mjs
var Uri = /^[a-z][a-z0-9+\-.]*:(?:\/\/(?:(?:[-a-z0-9._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:[\da-f]{1,4}:){6}(?:[\da-f]{1,4}:[\da-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d))|::(?:[\da-f]{1,4}:){5}(?:[\da-f]{1,4}:[\da-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d))|(?:[\da-f]{1,4})?::(?:[\da-f]{1,4}:){4}(?:[\da-f]{1,4}:[\da-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d))|(?:(?:[\da-f]{1,4}:){0,1}[\da-f]{1,4})?::(?:[\da-f]{1,4}:){3}(?:[\da-f]{1,4}:[\da-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d))|(?:(?:[\da-f]{1,4}:){0,2}[\da-f]{1,4})?::(?:[\da-f]{1,4}:){2}(?:[\da-f]{1,4}:[\da-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d))|(?:(?:[\da-f]{1,4}:){0,3}[\da-f]{1,4})?::[\da-f]{1,4}:(?:[\da-f]{1,4}:[\da-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d))|(?:(?:[\da-f]{1,4}:){0,4}[\da-f]{1,4})?::(?:[\da-f]{1,4}:[\da-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d))|(?:(?:[\da-f]{1,4}:){0,5}[\da-f]{1,4})?::[\da-f]{1,4}|(?:(?:[\da-f]{1,4}:){0,6}[\da-f]{1,4})?::)|v[0-9a-f]+\.[-a-z0-9._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)|(?:[-a-z0-9._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[-a-z0-9._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[-a-z0-9._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[-a-z0-9._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[-a-z0-9._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[-a-z0-9._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?(?:\?(?:[-a-z0-9._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[-a-z0-9._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i;
function IsUri(value) {
  return Uri.test(value);
}

// node_modules/typebox/build/format/url.mjs
function IsUrl(value) {
  return URL.canParse(value);
}

// node_modules/typebox/build/format/uuid.mjs
var Uuid = /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;
function IsUuid(value) {
  return Uuid.test(value);
}

// node_modules/typebox/build/format/_registry.mjs
var formats = /* @__PURE__ */ new Map();
function Clear() {
  formats.clear();
}
function Entries3() {
  return [...formats.entries()];
}
function Set5(format, check) {
  formats.set(format, check);
}
function Has2(format) {
  return formats.has(format);
}
function Get4(format) {
  return formats.get(format);
}
function Test(format, value) {
  return formats.get(format)?.(value) ?? true;
}
function Reset3() {
  Clear();
  formats.set("date-time", IsDateTime);
  formats.set("date", IsDate2);
  formats.set("duration", IsDuration);
  formats.set("email", IsEmail);
  formats.set("hostname", IsHostname2);
  formats.set("idn-email", IsIdnEmail);
  formats.set("idn-hostname", IsIdnHostname2);
  formats.set("ipv4", IsIPv4);
  formats.set("ipv6", IsIPv6);
  formats.set("iri-reference", IsIriReference);
  formats.set("iri", IsIri);
  formats.set("json-pointer-uri-fragment", IsJsonPointerUriFragment);
  formats.set("json-pointer", IsJsonPointer);
  formats.set("regex", IsRegex);
  formats.set("relative-json-pointer", IsRelativeJsonPointer);
  formats.set("time", IsTime);
  formats.set("uri-reference", IsUriReference);
  formats.set("uri-template", IsUriTemplate);
  formats.set("uri", IsUri);
  formats.set("url", IsUrl);
  formats.set("uuid", IsUuid);
}
Reset3();

// node_modules/typebox/build/format/index.mjs
var format_default = format_exports;

// node_modules/typebox/build/schema/engine/format.mjs
function BuildFormat(_stack, _context, schema, value) {
  return format_exports.Has(schema.format) ? emit_exports.Call(CreateVariable(format_exports.Get(schema.format)), [value]) : emit_exports.Constant(true);
}
function CheckFormat(_stack, _context, schema, value) {
  return format_exports.Test(schema.format, value);
}
function ErrorFormat(stack, context, schemaPath, instancePath, schema, value) {
  return CheckFormat(stack, context, schema, value) || context.AddError("format", schemaPath, instancePath, { format: schema.format });
}

// node_modules/typebox/build/schema/engine/if.mjs
function BuildIf(stack, context, schema, value) {
  const thenSchema = IsThen(schema) ? schema.then : true;
  const elseSchema = IsElse(schema) ? schema.else : true;
  return emit_exports.Ternary(BuildSchema(stack, context, schema.if, value), BuildSchema(stack, context, thenSchema, value), BuildSchema(stack, context, elseSchema, value));
}
function CheckIf(stack, context, schema, value) {
  const thenSchema = IsThen(schema) ? schema.then : true;
  const elseSchema = IsElse(schema) ? schema.else : true;
  return CheckSchema(stack, context, schema.if, value) ? CheckSchema(stack, context, thenSchema, value) : CheckSchema(stack, context, elseSchema, value);
}
function ErrorIf(stack, context, schemaPath, instancePath, schema, value) {
  const thenSchema = IsThen(schema) ? schema.then : true;
  const elseSchema = IsElse(schema) ? schema.else : true;
  const trueContext = new ErrorContext();
  const isIf = ErrorSchema(stack, trueContext, `${schemaPath}/if`, instancePath, schema.if, value) ? ErrorSchema(stack, trueContext, `${schemaPath}/then`, instancePath, thenSchema, value) || context.AddError("if", schemaPath, instancePath, { failingKeyword: "then" }) : ErrorSchema(stack, context, `${schemaPath}/else`, instancePath, elseSchema, value) || context.AddError("if", schemaPath, instancePath, { failingKeyword: "else" });
  if (isIf)
    context.Merge([trueContext]);
  return isIf;
}

// node_modules/typebox/build/schema/engine/items.mjs
function BuildItemsSizedStandard(stack, context, schema, value) {
  return emit_exports.ReduceAnd(schema.items.map((schema2, index3) => {
    const isLength = emit_exports.IsLessEqualThan(emit_exports.Member(value, "length"), emit_exports.Constant(index3));
    const isSchema = BuildSchemaPushStack(stack, context, schema2, `${value}[${index3}]`);
    const addIndex = context.AddIndex(emit_exports.Constant(index3));
    return emit_exports.Or(isLength, emit_exports.And(isSchema, addIndex));
  }));
}
function BuildItemsSizedFast(stack, context, schema, value) {
  return emit_exports.ReduceAnd(schema.items.map((schema2, index3) => {
    const isLength = emit_exports.IsLessEqualThan(emit_exports.Member(value, "length"), emit_exports.Constant(index3));
    const isSchema = BuildSchemaPushStack(stack, context, schema2, `${value}[${index3}]`);
    return emit_exports.Or(isLength, isSchema);
  }));
}
function BuildItemsSized(stack, context, schema, value) {
  return context.UseUnevaluated() ? BuildItemsSizedStandard(stack, context, schema, value) : BuildItemsSizedFast(stack, context, schema, value);
}
function CheckItemsSized(stack, context, schema, value) {
  return guard_exports.Every(schema.items, 0, (schema2, index3) => {
    return guard_exports.IsLessEqualThan(value.length, index3) || CheckSchemaPushStack(stack, context, schema2, value[index3]) && context.AddIndex(index3);
  });
}
function ErrorItemsSized(stack, context, schemaPath, instancePath, schema, value) {
  return guard_exports.EveryAll(schema.items, 0, (schema2, index3) => {
    const nextSchemaPath = `${schemaPath}/items/${index3}`;
    const nextInstancePath = `${instancePath}/${index3}`;
    return guard_exports.IsLessEqualThan(value.length, index3) || ErrorSchemaPushStack(stack, context, nextSchemaPath, nextInstancePath, schema2, value[index3]) && context.AddIndex(index3);
  });
}
function BuildItemsUnsizedStandard(stack, context, schema, value) {
  const offset = IsPrefixItems(schema) ? schema.prefixItems.length : 0;
  const [item] = [CreateUnique()];
  const isSchema = BuildSchemaPushStack(stack, context, schema.items, item);
  const addIndex = context.AddIndex("index");
  return emit_exports.Every(value, emit_exports.Constant(offset), [item, "index"], emit_exports.And(isSchema, addIndex));
}
function BuildItemsUnsizedFast(stack, context, schema, value) {
  const offset = IsPrefixItems(schema) ? schema.prefixItems.length : 0;
  const [item] = [CreateUnique()];
  const isSchema = BuildSchemaPushStack(stack, context, schema.items, item);
  return emit_exports.Every(value, emit_exports.Constant(offset), [item, "index"], isSchema);
}
function BuildItemsUnsized(stack, context, schema, value) {
  return context.UseUnevaluated() ? BuildItemsUnsizedStandard(stack, context, schema, value) : BuildItemsUnsizedFast(stack, context, schema, value);
}
function CheckItemsUnsized(stack, context, schema, value) {
  const offset = IsPrefixItems(schema) ? schema.prefixItems.length : 0;
  return guard_exports.Every(value, offset, (element, index3) => {
    return CheckSchemaPushStack(stack, context, schema.items, element) && context.AddIndex(index3);
  });
}
function ErrorItemsUnsized(stack, context, schemaPath, instancePath, schema, value) {
  const offset = IsPrefixItems(schema) ? schema.prefixItems.length : 0;
  return guard_exports.EveryAll(value, offset, (element, index3) => {
    const nextSchemaPath = `${schemaPath}/items`;
    const nextInstancePath = `${instancePath}/${index3}`;
    return ErrorSchemaPushStack(stack, context, nextSchemaPath, nextInstancePath, schema.items, element) && context.AddIndex(index3);
  });
}
function BuildItems(stack, context, schema, value) {
  return IsItemsSized(schema) ? BuildItemsSized(stack, context, schema, value) : BuildItemsUnsized(stack, context, schema, value);
}
function CheckItems(stack, context, schema, value) {
  return IsItemsSized(schema) ? CheckItemsSized(stack, context, schema, value) : CheckItemsUnsized(stack, context, schema, value);
}
function ErrorItems(stack, context, schemaPath, instancePath, schema, value) {
  return IsItemsSized(schema) ? ErrorItemsSized(stack, context, schemaPath, instancePath, schema, value) : ErrorItemsUnsized(stack, context, schemaPath, instancePath, schema, value);
}

// node_modules/typebox/build/schema/engine/maxContains.mjs
function IsValid3(schema) {
  return IsContains(schema);
}
function BuildMaxContains(stack, context, schema, value) {
  if (!IsValid3(schema))
    return emit_exports.Constant(true);
  const [item] = [CreateUnique()];
  const count = emit_exports.Counted(value, [item, "_"], BuildSchema(stack, context, schema.contains, item));
  return emit_exports.IsLessEqualThan(count, emit_exports.Constant(schema.maxContains));
}
function CheckMaxContains(stack, context, schema, value) {
  if (!IsValid3(schema))
    return true;
  const count = guard_exports.Counted(value, (item) => CheckSchema(stack, context, schema.contains, item));
  return guard_exports.IsLessEqualThan(count, schema.maxContains);
}
function ErrorMaxContains(stack, context, schemaPath, instancePath, schema, value) {
  const minContains = IsMinContains(schema) ? schema.minContains : 1;
  return CheckMaxContains(stack, context, schema, value) || context.AddError("contains", schemaPath, instancePath, { minContains, maxContains: schema.maxContains });
}

// node_modules/typebox/build/schema/engine/maximum.mjs
function BuildMaximum(_stack, _context, schema, value) {
  return emit_exports.IsLessEqualThan(value, emit_exports.Constant(schema.maximum));
}
function CheckMaximum(_stack, _context, schema, value) {
  return guard_exports.IsLessEqualThan(value, schema.maximum);
}
function ErrorMaximum(stack, context, schemaPath, instancePath, schema, value) {
  return CheckMaximum(stack, context, schema, value) || context.AddError("maximum", schemaPath, instancePath, { comparison: "<=", limit: schema.maximum });
}

// node_modules/typebox/build/schema/engine/maxItems.mjs
function BuildMaxItems(_stack, _context, schema, value) {
  return emit_exports.IsLessEqualThan(emit_exports.Member(value, "length"), emit_exports.Constant(schema.maxItems));
}
function CheckMaxItems(_stack, _context, schema, value) {
  return guard_exports.IsLessEqualThan(value.length, schema.maxItems);
}
function ErrorMaxItems(stack, context, schemaPath, instancePath, schema, value) {
  return CheckMaxItems(stack, context, schema, value) || context.AddError("maxItems", schemaPath, instancePath, { limit: schema.maxItems });
}

// node_modules/typebox/build/schema/engine/maxLength.mjs
function BuildMaxLength(_stack, _context, schema, value) {
  return emit_exports.IsMaxLength(value, emit_exports.Constant(schema.maxLength));
}
function CheckMaxLength(_stack, _context, schema, value) {
  return guard_exports.IsMaxLength(value, schema.maxLength);
}
function ErrorMaxLength(stack, context, schemaPath, instancePath, schema, value) {
  return CheckMaxLength(stack, context, schema, value) || context.AddError("maxLength", schemaPath, instancePath, { limit: schema.maxLength });
}

// node_modules/typebox/build/schema/engine/maxProperties.mjs
function BuildMaxProperties(_stack, _context, schema, value) {
  return emit_exports.IsLessEqualThan(emit_exports.Member(emit_exports.Keys(value), "length"), emit_exports.Constant(schema.maxProperties));
}
function CheckMaxProperties(_stack, _context, schema, value) {
  return guard_exports.IsLessEqualThan(guard_exports.Keys(value).length, schema.maxProperties);
}
function ErrorMaxProperties(stack, context, schemaPath, instancePath, schema, value) {
  return CheckMaxProperties(stack, context, schema, value) || context.AddError("maxProperties", schemaPath, instancePath, { limit: schema.maxProperties });
}

// node_modules/typebox/build/schema/engine/minContains.mjs
function IsValid4(schema) {
  return IsContains(schema);
}
function BuildMinContainsStandard(stack, context, schema, value) {
  const [item, index3] = [CreateUnique(), CreateUnique()];
  const count = emit_exports.Counted(value, [item, index3], emit_exports.And(BuildSchema(stack, context, schema.contains, item), context.AddIndex(index3)));
  return emit_exports.IsGreaterEqualThan(count, emit_exports.Constant(schema.minContains));
}
function BuildMinContainsFast(stack, context, schema, value) {
  const [item] = [CreateUnique()];
  const count = emit_exports.Counted(value, [item, "_"], BuildSchema(stack, context, schema.contains, item));
  return emit_exports.IsGreaterEqualThan(count, emit_exports.Constant(schema.minContains));
}
function BuildMinContains(stack, context, schema, value) {
  if (!IsValid4(schema))
    return emit_exports.Constant(true);
  return context.UseUnevaluated() ? BuildMinContainsStandard(stack, context, schema, value) : BuildMinContainsFast(stack, context, schema, value);
}
function CheckMinContains(stack, context, schema, value) {
  if (!IsValid4(schema))
    return true;
  const count = guard_exports.Counted(value, (item, index3) => CheckSchema(stack, context, schema.contains, item) && context.AddIndex(index3));
  return guard_exports.IsGreaterEqualThan(count, schema.minContains);
}
function ErrorMinContains(stack, context, schemaPath, instancePath, schema, value) {
  return CheckMinContains(stack, context, schema, value) || context.AddError("contains", schemaPath, instancePath, { minContains: schema.minContains });
}

// node_modules/typebox/build/schema/engine/minimum.mjs
function BuildMinimum(_stack, _context, schema, value) {
  return emit_exports.IsGreaterEqualThan(value, emit_exports.Constant(schema.minimum));
}
function CheckMinimum(_stack, _context, schema, value) {
  return guard_exports.IsGreaterEqualThan(value, schema.minimum);
}
function ErrorMinimum(stack, context, schemaPath, instancePath, schema, value) {
  return CheckMinimum(stack, context, schema, value) || context.AddError("minimum", schemaPath, instancePath, { comparison: ">=", limit: schema.minimum });
}

// node_modules/typebox/build/schema/engine/minItems.mjs
function BuildMinItems(_stack, _context, schema, value) {
  return emit_exports.IsGreaterEqualThan(emit_exports.Member(value, "length"), emit_exports.Constant(schema.minItems));
}
function CheckMinItems(_stack, _context, schema, value) {
  return guard_exports.IsGreaterEqualThan(value.length, schema.minItems);
}
function ErrorMinItems(stack, context, schemaPath, instancePath, schema, value) {
  return CheckMinItems(stack, context, schema, value) || context.AddError("minItems", schemaPath, instancePath, { limit: schema.minItems });
}

// node_modules/typebox/build/schema/engine/minLength.mjs
function BuildMinLength(_stack, _context, schema, value) {
  return emit_exports.IsMinLength(value, emit_exports.Constant(schema.minLength));
}
function CheckMinLength(_stack, _context, schema, value) {
  return guard_exports.IsMinLength(value, schema.minLength);
}
function ErrorMinLength(stack, context, schemaPath, instancePath, schema, value) {
  return CheckMinLength(stack, context, schema, value) || context.AddError("minLength", schemaPath, instancePath, { limit: schema.minLength });
}

// node_modules/typebox/build/schema/engine/minProperties.mjs
function BuildMinProperties(_stack, _context, schema, value) {
  return emit_exports.IsGreaterEqualThan(emit_exports.Member(emit_exports.Keys(value), "length"), emit_exports.Constant(schema.minProperties));
}
function CheckMinProperties(_stack, _context, schema, value) {
  return guard_exports.IsGreaterEqualThan(guard_exports.Keys(value).length, schema.minProperties);
}
function ErrorMinProperties(stack, context, schemaPath, instancePath, schema, value) {
  return CheckMinProperties(stack, context, schema, value) || context.AddError("minProperties", schemaPath, instancePath, { limit: schema.minProperties });
}

// node_modules/typebox/build/schema/engine/multipleOf.mjs
function BuildMultipleOf(_stack, _context, schema, value) {
  return emit_exports.MultipleOf(value, emit_exports.Constant(schema.multipleOf));
}
function CheckMultipleOf(_stack, _context, schema, value) {
  return guard_exports.IsMultipleOf(value, schema.multipleOf);
}
function ErrorMultipleOf(stack, context, schemaPath, instancePath, schema, value) {
  return CheckMultipleOf(stack, context, schema, value) || context.AddError("multipleOf", schemaPath, instancePath, { multipleOf: schema.multipleOf });
}

// node_modules/typebox/build/schema/engine/not.mjs
function BuildNotStandard(stack, context, schema, value) {
  return Reducer(stack, context, [schema.not], value, emit_exports.Not(emit_exports.IsEqual(emit_exports.Member("results", "length"), emit_exports.Constant(1))));
}
function BuildNotFast(stack, context, schema, value) {
  return emit_exports.Not(BuildSchema(stack, context, schema.not, value));
}
function BuildNot(stack, context, schema, value) {
  return context.UseUnevaluated() ? BuildNotStandard(stack, context, schema, value) : BuildNotFast(stack, context, schema, value);
}
function CheckNot(stack, context, schema, value) {
  const nextContext = new CheckContext();
  const isSchema = !CheckSchema(stack, nextContext, schema.not, value);
  const isNot = isSchema && context.Merge([nextContext]);
  return isNot;
}
function ErrorNot(stack, context, schemaPath, instancePath, schema, value) {
  return CheckNot(stack, context, schema, value) || context.AddError("not", schemaPath, instancePath, {});
}

// node_modules/typebox/build/schema/engine/oneOf.mjs
function BuildOneOfStandard(stack, context, schema, value) {
  return Reducer(stack, context, schema.oneOf, value, emit_exports.IsEqual(emit_exports.Member("results", "length"), emit_exports.Constant(1)));
}
function BuildOneOfFast(stack, context, schema, value) {
  const [result] = [CreateUnique()];
  const results = emit_exports.ArrayLiteral(schema.oneOf.map((schema2) => BuildSchema(stack, context, schema2, value)));
  const count = emit_exports.Counted(results, [result, "_"], emit_exports.IsEqual(result, emit_exports.Constant(true)));
  return emit_exports.IsEqual(count, emit_exports.Constant(1));
}
function BuildOneOf(stack, context, schema, value) {
  return context.UseUnevaluated() ? BuildOneOfStandard(stack, context, schema, value) : BuildOneOfFast(stack, context, schema, value);
}
function CheckOneOf(stack, context, schema, value) {
  const passedContexts = schema.oneOf.reduce((result, schema2) => {
    const nextContext = new CheckContext();
    return CheckSchema(stack, nextContext, schema2, value) ? [...result, nextContext] : result;
  }, []);
  return guard_exports.IsEqual(passedContexts.length, 1) && context.Merge(passedContexts);
}
function ErrorOneOf(stack, context, schemaPath, instancePath, schema, value) {
  const failedContexts = [];
  const passingSchemas = [];
  const passedContexts = schema.oneOf.reduce((result, schema2, index3) => {
    const nextContext = new ErrorContext();
    const nextSchemaPath = `${schemaPath}/oneOf/${index3}`;
    const isSchema = ErrorSchema(stack, nextContext, nextSchemaPath, instancePath, schema2, value);
    if (isSchema)
      passingSchemas.push(index3);
    if (!isSchema)
      failedContexts.push(nextContext);
    return isSchema ? [...result, nextContext] : result;
  }, []);
  const isOneOf = guard_exports.IsEqual(passedContexts.length, 1) && context.Merge(passedContexts);
  if (!isOneOf && guard_exports.IsEqual(passingSchemas.length, 0))
    failedContexts.forEach((failed) => context.AddErrors(failed.GetErrors()));
  return isOneOf || context.AddError("oneOf", schemaPath, instancePath, { passingSchemas });
}

// node_modules/typebox/build/schema/engine/pattern.mjs
function BuildPattern(_stack, _context, schema, value) {
  const regexp = CreateVariable(guard_exports.IsString(schema.pattern) ? UnicodeRegExp(schema.pattern) : schema.pattern);
  return emit_exports.Call(emit_exports.Member(regexp, "test"), [value]);
}
function CheckPattern(_stack, _context, schema, value) {
  const regexp = guard_exports.IsString(schema.pattern) ? UnicodeRegExp(schema.pattern) : schema.pattern;
  return regexp.test(value);
}
function ErrorPattern(stack, context, schemaPath, instancePath, schema, value) {
  return CheckPattern(stack, context, schema, value) || context.AddError("pattern", schemaPath, instancePath, { pattern: schema.pattern });
}

// node_modules/typebox/build/schema/engine/patternProperties.mjs
function BuildPatternProperties(stack, context, schema, value) {
  return emit_exports.ReduceAnd(guard_exports.Entries(schema.patternProperties).map(([pattern, schema2]) => {
    const [key, prop] = [CreateUnique(), CreateUnique()];
    const regexp = CreateVariable(UnicodeRegExp(pattern));
    const notKey = emit_exports.Not(emit_exports.Call(emit_exports.Member(regexp, "test"), [key]));
    const isSchema = BuildSchemaPushStack(stack, context, schema2, prop);
    const addKey = context.AddKey(key);
    const guarded = context.UseUnevaluated() ? emit_exports.Or(notKey, emit_exports.And(isSchema, addKey)) : emit_exports.Or(notKey, isSchema);
    return emit_exports.Every(emit_exports.Entries(value), emit_exports.Constant(0), [`[${key}, ${prop}]`, "_"], guarded);
  }));
}
function CheckPatternProperties(stack, context, schema, value) {
  return guard_exports.Every(guard_exports.Entries(schema.patternProperties), 0, ([pattern, schema2]) => {
    const regexp = UnicodeRegExp(pattern);
    return guard_exports.Every(guard_exports.Entries(value), 0, ([key, prop]) => {
      return !regexp.test(key) || CheckSchemaPushStack(stack, context, schema2, prop) && context.AddKey(key);
    });
  });
}
function ErrorPatternProperties(stack, context, schemaPath, instancePath, schema, value) {
  return guard_exports.EveryAll(guard_exports.Entries(schema.patternProperties), 0, ([pattern, schema2]) => {
    const nextSchemaPath = `${schemaPath}/patternProperties/${EncodeFragment(pattern)}`;
    const regexp = UnicodeRegExp(pattern);
    return guard_exports.EveryAll(guard_exports.Entries(value), 0, ([key, value2]) => {
      const nextInstancePath = `${instancePath}/${EncodeFragment(key)}`;
      const notKey = !regexp.test(key);
      return notKey || ErrorSchemaPushStack(stack, context, nextSchemaPath, nextInstancePath, schema2, value2) && context.AddKey(key);
    });
  });
}

// node_modules/typebox/build/schema/engine/prefixItems.mjs
function BuildPrefixItems(stack, context, schema, value) {
  return emit_exports.ReduceAnd(schema.prefixItems.map((schema2, index3) => {
    const isLength = emit_exports.IsLessEqualThan(emit_exports.Member(value, "length"), emit_exports.Constant(index3));
    const isSchema = BuildSchemaPushStack(stack, context, schema2, `${value}[${index3}]`);
    const addIndex = context.AddIndex(emit_exports.Constant(index3));
    const guarded = context.UseUnevaluated() ? emit_exports.And(isSchema, addIndex) : isSchema;
    return emit_exports.Or(isLength, guarded);
  }));
}
function CheckPrefixItems(stack, context, schema, value) {
  return guard_exports.IsEqual(value.length, 0) || guard_exports.Every(schema.prefixItems, 0, (schema2, index3) => {
    return guard_exports.IsLessEqualThan(value.length, index3) || CheckSchemaPushStack(stack, context, schema2, value[index3]) && context.AddIndex(index3);
  });
}
function ErrorPrefixItems(stack, context, schemaPath, instancePath, schema, value) {
  return guard_exports.IsEqual(value.length, 0) || guard_exports.EveryAll(schema.prefixItems, 0, (schema2, index3) => {
    const nextSchemaPath = `${schemaPath}/prefixItems/${index3}`;
    const nextInstancePath = `${instancePath}/${index3}`;
    return guard_exports.IsLessEqualThan(value.length, index3) || ErrorSchemaPushStack(stack, context, nextSchemaPath, nextInstancePath, schema2, value[index3]) && context.AddIndex(index3);
  });
}

// node_modules/typebox/build/schema/engine/_exact_optional.mjs
function IsExactOptional(required, key) {
  return required.includes(key) || settings_exports.Get().exactOptionalPropertyTypes;
}
function InexactOptionalBuild(value, key) {
  return emit_exports.IsUndefined(emit_exports.Member(value, key));
}
function InexactOptionalCheck(value, key) {
  return guard_exports.IsUndefined(value[key]);
}

// node_modules/typebox/build/schema/engine/properties.mjs
function BuildProperties(stack, context, schema, value) {
  const required = IsRequired(schema) ? schema.required : [];
  const everyKey = guard_exports.Entries(schema.properties).map(([key, schema2]) => {
    const notKey = emit_exports.Not(emit_exports.HasPropertyKey(value, emit_exports.Constant(key)));
    const isSchema = BuildSchemaPushStack(stack, context, schema2, emit_exports.Member(value, key));
    const addKey = context.AddKey(emit_exports.Constant(key));
    const guarded = context.UseUnevaluated() ? emit_exports.And(isSchema, addKey) : isSchema;
    const isProperty = required.includes(key) ? guarded : emit_exports.Or(notKey, guarded);
    return IsExactOptional(required, key) ? isProperty : emit_exports.Or(InexactOptionalBuild(value, key), isProperty);
  });
  return emit_exports.ReduceAnd(everyKey);
}
function CheckProperties(stack, context, schema, value) {
  const required = IsRequired(schema) ? schema.required : [];
  const isProperties = guard_exports.Every(guard_exports.Entries(schema.properties), 0, ([key, schema2]) => {
    const isProperty = !guard_exports.HasPropertyKey(value, key) || CheckSchemaPushStack(stack, context, schema2, value[key]) && context.AddKey(key);
    return IsExactOptional(required, key) ? isProperty : InexactOptionalCheck(value, key) || isProperty;
  });
  return isProperties;
}
function ErrorProperties(stack, context, schemaPath, instancePath, schema, value) {
  const required = IsRequired(schema) ? schema.required : [];
  const isProperties = guard_exports.EveryAll(guard_exports.Entries(schema.properties), 0, ([key, schema2]) => {
    const nextSchemaPath = `${schemaPath}/properties/${EncodeFragment(key)}`;
    const nextInstancePath = `${instancePath}/${EncodeFragment(key)}`;
    const isProperty = () => !guard_exports.HasPropertyKey(value, key) || ErrorSchemaPushStack(stack, context, nextSchemaPath, nextInstancePath, schema2, value[key]) && context.AddKey(key);
    return IsExactOptional(required, key) ? isProperty() : InexactOptionalCheck(value, key) || isProperty();
  });
  return isProperties;
}

// node_modules/typebox/build/schema/engine/propertyNames.mjs
function BuildPropertyNames(stack, context, schema, value) {
  const [key, _index] = [CreateUnique(), CreateUnique()];
  return emit_exports.Every(emit_exports.Keys(value), emit_exports.Constant(0), [key, _index], BuildSchema(stack, context, schema.propertyNames, key));
}
function CheckPropertyNames(stack, context, schema, value) {
  return guard_exports.Every(guard_exports.Keys(value), 0, (key, _index) => CheckSchema(stack, context, schema.propertyNames, key));
}
function ErrorPropertyNames(stack, context, schemaPath, instancePath, schema, value) {
  const propertyNames = [];
  const isPropertyNames = guard_exports.EveryAll(guard_exports.Keys(value), 0, (key, _index) => {
    const nextInstancePath = `${instancePath}/${EncodeFragment(key)}`;
    const nextSchemaPath = `${schemaPath}/propertyNames`;
    const isPropertyName = ErrorSchema(stack, context, nextSchemaPath, nextInstancePath, schema.propertyNames, key);
    if (!isPropertyName)
      propertyNames.push(key);
    return isPropertyName;
  });
  return isPropertyNames || context.AddError("propertyNames", schemaPath, instancePath, { propertyNames });
}

// node_modules/typebox/build/schema/engine/recursiveRef.mjs
function BuildRecursiveRef(stack, context, schema, value) {
  const target = resolve_exports.RecursiveRef(stack, schema) ?? false;
  const nextStack = target ? { ...stack, pendingResource: true } : stack;
  return CreateFunction(nextStack, context, target, value);
}
function CheckRecursiveRef(stack, context, schema, value) {
  const target = resolve_exports.RecursiveRef(stack, schema) ?? false;
  const nextStack = target ? { ...stack, pendingResource: true } : stack;
  return IsSchema2(target) && CheckSchema(nextStack, context, target, value);
}
function ErrorRecursiveRef(stack, context, schemaPath, instancePath, schema, value) {
  const target = resolve_exports.RecursiveRef(stack, schema) ?? false;
  const nextStack = target ? { ...stack, pendingResource: true } : stack;
  return IsSchema2(target) && ErrorSchema(nextStack, context, schemaPath, instancePath, target, value);
}

// node_modules/typebox/build/schema/engine/ref.mjs
function BuildRefStandard(stack, context, target, value) {
  const interior = emit_exports.ArrowFunction(["context", "value"], CreateFunction(stack, context, target, "value"));
  const exterior = emit_exports.ArrowFunction(["context", "value"], emit_exports.Statements([
    emit_exports.ConstDeclaration("nextContext", emit_exports.New("CheckContext", [])),
    emit_exports.ConstDeclaration("result", emit_exports.Call(interior, ["nextContext", "value"])),
    emit_exports.If("result", context.Merge("[nextContext]")),
    emit_exports.Return("result")
  ]));
  return emit_exports.Call(exterior, ["context", value]);
}
function BuildRefFast(stack, context, target, value) {
  return CreateFunction(stack, context, target, value);
}
function BuildRef(stack, context, schema, value) {
  const result = resolve_exports.Ref(stack, schema);
  const target = result.schema ?? false;
  return context.UseUnevaluated() ? BuildRefStandard(result.stack, context, target, value) : BuildRefFast(result.stack, context, target, value);
}
function CheckRef(stack, context, schema, value) {
  const result = resolve_exports.Ref(stack, schema);
  const target = result.schema ?? false;
  const nextContext = new CheckContext();
  const valid = IsSchema2(target) && CheckSchema(result.stack, nextContext, target, value);
  if (valid)
    context.Merge([nextContext]);
  return valid;
}
function ErrorRef(stack, context, schemaPath, instancePath, schema, value) {
  const result = resolve_exports.Ref(stack, schema);
  const target = result.schema ?? false;
  const nextContext = new ErrorContext();
  const valid = IsSchema2(target) && ErrorSchema(result.stack, nextContext, schemaPath, instancePath, target, value);
  if (valid)
    context.Merge([nextContext]);
  if (!valid)
    context.AddErrors(nextContext.GetErrors());
  return valid;
}

// node_modules/typebox/build/schema/engine/required.mjs
function BuildRequired(_stack, _context, schema, value) {
  return emit_exports.ReduceAnd(schema.required.map((key) => emit_exports.HasPropertyKey(value, emit_exports.Constant(key))));
}
function CheckRequired(_stack, _context, schema, value) {
  return guard_exports.Every(schema.required, 0, (key) => guard_exports.HasPropertyKey(value, key));
}
function ErrorRequired(_stack, context, schemaPath, instancePath, schema, value) {
  const requiredProperties = [];
  const isRequired = guard_exports.EveryAll(schema.required, 0, (key) => {
    const hasKey = guard_exports.HasPropertyKey(value, key);
    if (!hasKey)
      requiredProperties.push(key);
    return hasKey;
  });
  return isRequired || context.AddError("required", schemaPath, instancePath, { requiredProperties });
}

// node_modules/typebox/build/schema/engine/type.mjs
function BuildTypeName(_stack, _context, type, value) {
  return (
    // jsonschema
    guard_exports.IsEqual(type, "object") ? emit_exports.IsObjectNotArray(value) : guard_exports.IsEqual(type, "array") ? emit_exports.IsArray(value) : guard_exports.IsEqual(type, "boolean") ? emit_exports.IsBoolean(value) : guard_exports.IsEqual(type, "integer") ? emit_exports.IsInteger(value) : guard_exports.IsEqual(type, "number") ? emit_exports.IsNumber(value) : guard_exports.IsEqual(type, "null") ? emit_exports.IsNull(value) : guard_exports.IsEqual(type, "string") ? emit_exports.IsString(value) : (
      // xschema
      guard_exports.IsEqual(type, "bigint") ? emit_exports.IsBigInt(value) : guard_exports.IsEqual(type, "constructor") ? emit_exports.IsConstructor(value) : guard_exports.IsEqual(type, "function") ? emit_exports.IsFunction(value) : guard_exports.IsEqual(type, "symbol") ? emit_exports.IsSymbol(value) : guard_exports.IsEqual(type, "undefined") ? emit_exports.IsUndefined(value) : guard_exports.IsEqual(type, "void") ? emit_exports.IsUndefined(value) : emit_exports.Constant(true)
    )
  );
}
function CheckTypeName(_stack, _context, type, _schema, value) {
  return (
    // jsonschema
    guard_exports.IsEqual(type, "object") ? guard_exports.IsObjectNotArray(value) : guard_exports.IsEqual(type, "array") ? guard_exports.IsArray(value) : guard_exports.IsEqual(type, "boolean") ? guard_exports.IsBoolean(value) : guard_exports.IsEqual(type, "integer") ? guard_exports.IsInteger(value) : guard_exports.IsEqual(type, "number") ? guard_exports.IsNumber(value) : guard_exports.IsEqual(type, "null") ? guard_exports.IsNull(value) : guard_exports.IsEqual(type, "string") ? guard_exports.IsString(value) : (
      // xschema
      guard_exports.IsEqual(type, "bigint") ? guard_exports.IsBigInt(value) : guard_exports.IsEqual(type, "constructor") ? guard_exports.IsConstructor(value) : guard_exports.IsEqual(type, "function") ? guard_exports.IsFunction(value) : guard_exports.IsEqual(type, "symbol") ? guard_exports.IsSymbol(value) : guard_exports.IsEqual(type, "undefined") ? guard_exports.IsUndefined(value) : guard_exports.IsEqual(type, "void") ? guard_exports.IsUndefined(value) : true
    )
  );
}
function BuildTypeNames(stack, context, typenames, value) {
  return emit_exports.ReduceOr(typenames.map((type) => BuildTypeName(stack, context, type, value)));
}
function CheckTypeNames(stack, context, types, schema, value) {
  return guard_exports.Some(types, (type) => CheckTypeName(stack, context, type, schema, value));
}
function BuildType(stack, context, schema, value) {
  return guard_exports.IsArray(schema.type) ? BuildTypeNames(stack, context, schema.type, value) : BuildTypeName(stack, context, schema.type, value);
}
function CheckType(stack, context, schema, value) {
  return guard_exports.IsArray(schema.type) ? CheckTypeNames(stack, context, schema.type, schema, value) : CheckTypeName(stack, context, schema.type, schema, value);
}
function ErrorType(stack, context, schemaPath, instancePath, schema, value) {
  const isType = guard_exports.IsArray(schema.type) ? CheckTypeNames(stack, context, schema.type, schema, value) : CheckTypeName(stack, context, schema.type, schema, value);
  return isType || context.AddError("type", schemaPath, instancePath, { type: schema.type });
}

// node_modules/typebox/build/schema/engine/unevaluatedItems.mjs
function BuildUnevaluatedItems(stack, context, schema, value) {
  const [index3, item] = [CreateUnique(), CreateUnique()];
  const indices = emit_exports.Call(emit_exports.Member("context", "GetIndices"), []);
  const hasIndex = emit_exports.Call(emit_exports.Member("indices", "has"), [index3]);
  const isSchema = BuildSchema(stack, context, schema.unevaluatedItems, item);
  const addIndex = emit_exports.Call(emit_exports.Member("context", "AddIndex"), [index3]);
  const isEvery = emit_exports.Every(value, emit_exports.Constant(0), [item, index3], emit_exports.And(emit_exports.Or(hasIndex, isSchema), addIndex));
  return emit_exports.Call(emit_exports.ArrowFunction(["context"], emit_exports.Statements([
    emit_exports.ConstDeclaration("indices", indices),
    emit_exports.Return(isEvery)
  ])), ["context"]);
}
function CheckUnevaluatedItems(stack, context, schema, value) {
  const indices = context.GetIndices();
  return guard_exports.Every(value, 0, (item, index3) => {
    return (indices.has(index3) || CheckSchema(stack, context, schema.unevaluatedItems, item)) && context.AddIndex(index3);
  });
}
function ErrorUnevaluatedItems(stack, context, schemaPath, instancePath, schema, value) {
  const indices = context.GetIndices();
  const unevaluatedItems = [];
  const isUnevaluatedItems = guard_exports.EveryAll(value, 0, (item, index3) => {
    const nextContext = new ErrorContext();
    const isEvaluatedItem = (indices.has(index3) || ErrorSchema(stack, nextContext, schemaPath, instancePath, schema.unevaluatedItems, item)) && context.AddIndex(index3);
    if (!isEvaluatedItem)
      unevaluatedItems.push(index3);
    return isEvaluatedItem;
  });
  return isUnevaluatedItems || context.AddError("unevaluatedItems", schemaPath, instancePath, { unevaluatedItems });
}

// node_modules/typebox/build/schema/engine/unevaluatedProperties.mjs
function BuildUnevaluatedProperties(stack, context, schema, value) {
  const [key, prop] = [CreateUnique(), CreateUnique()];
  const keys = emit_exports.Call(emit_exports.Member("context", "GetKeys"), []);
  const hasKey = emit_exports.Call(emit_exports.Member("keys", "has"), [key]);
  const addKey = emit_exports.Call(emit_exports.Member("context", "AddKey"), [key]);
  const isSchema = BuildSchema(stack, context, schema.unevaluatedProperties, prop);
  const isEvery = emit_exports.Every(emit_exports.Entries(value), emit_exports.Constant(0), [`[${key}, ${prop}]`, "_"], emit_exports.Or(hasKey, emit_exports.And(isSchema, addKey)));
  return emit_exports.Call(emit_exports.ArrowFunction(["context"], emit_exports.Statements([
    emit_exports.ConstDeclaration("keys", keys),
    emit_exports.Return(isEvery)
  ])), ["context"]);
}
function CheckUnevaluatedProperties(stack, context, schema, value) {
  const keys = context.GetKeys();
  return guard_exports.Every(guard_exports.Entries(value), 0, ([key, prop]) => {
    return keys.has(key) || CheckSchema(stack, context, schema.unevaluatedProperties, prop) && context.AddKey(key);
  });
}
function ErrorUnevaluatedProperties(stack, context, schemaPath, instancePath, schema, value) {
  const keys = context.GetKeys();
  const unevaluatedProperties = [];
  const isUnevaluatedProperties = guard_exports.EveryAll(guard_exports.Entries(value), 0, ([key, prop]) => {
    const nextContext = new ErrorContext();
    const isEvaluatedProperty = keys.has(key) || ErrorSchema(stack, nextContext, schemaPath, instancePath, schema.unevaluatedProperties, prop) && context.AddKey(key);
    if (!isEvaluatedProperty)
      unevaluatedProperties.push(key);
    return isEvaluatedProperty;
  });
  return isUnevaluatedProperties || context.AddError("unevaluatedProperties", schemaPath, instancePath, { unevaluatedProperties });
}

// node_modules/typebox/build/schema/engine/uniqueItems.mjs
function IsValid5(schema) {
  return !guard_exports.IsEqual(schema.uniqueItems, false);
}
function BuildUniqueItems(_stack, _context, schema, value) {
  if (!IsValid5(schema))
    return emit_exports.Constant(true);
  const set = emit_exports.Member(emit_exports.New("Set", [emit_exports.Call(emit_exports.Member(value, "map"), [emit_exports.Member("Hashing", "Hash")])]), "size");
  const isLength = emit_exports.Member(value, "length");
  return emit_exports.IsEqual(set, isLength);
}
function CheckUniqueItems(_stack, _context, schema, value) {
  if (!IsValid5(schema))
    return true;
  const set = new Set(value.map(hash_exports.Hash)).size;
  const isLength = value.length;
  return guard_exports.IsEqual(set, isLength);
}
function ErrorUniqueItems(_stack, context, schemaPath, instancePath, schema, value) {
  if (!IsValid5(schema))
    return true;
  const set = /* @__PURE__ */ new Set();
  const duplicateItems = value.reduce((result, value2, index3) => {
    const hash = hash_exports.Hash(value2);
    if (set.has(hash))
      return [...result, index3];
    set.add(hash);
    return result;
  }, []);
  const isUniqueItems = guard_exports.IsEqual(duplicateItems.length, 0);
  return isUniqueItems || context.AddError("uniqueItems", schemaPath, instancePath, { duplicateItems });
}

// node_modules/typebox/build/schema/engine/schema.mjs
function HasTypeName(schema, typename) {
  return IsType(schema) && (guard_exports.IsArray(schema.type) && guard_exports.IsGreaterThan(schema.type.length, 0) && guard_exports.Every(schema.type, 0, (type) => guard_exports.IsEqual(type, typename)) || guard_exports.IsEqual(schema.type, typename));
}
function HasObjectType(schema) {
  return HasTypeName(schema, "object");
}
function HasObjectKeywords(schema) {
  return IsSchemaObject(schema) && (IsAdditionalProperties(schema) || IsDependencies(schema) || IsDependentRequired(schema) || IsDependentSchemas(schema) || IsProperties(schema) || IsPatternProperties(schema) || IsPropertyNames(schema) || IsMinProperties(schema) || IsMaxProperties(schema) || IsRequired(schema) || IsUnevaluatedProperties(schema));
}
function HasArrayType(schema) {
  return HasTypeName(schema, "array");
}
function HasArrayKeywords(schema) {
  return IsSchemaObject(schema) && (IsAdditionalItems(schema) || IsItems(schema) || IsContains(schema) || IsMaxContains(schema) || IsMaxItems(schema) || IsMinContains(schema) || IsMinItems(schema) || IsPrefixItems(schema) || IsUnevaluatedItems(schema) || IsUniqueItems(schema));
}
function HasStringType(schema) {
  return HasTypeName(schema, "string");
}
function HasStringKeywords(schema) {
  return IsSchemaObject(schema) && (IsMinLength4(schema) || IsMaxLength4(schema) || IsFormat(schema) || IsPattern(schema));
}
function HasNumberType(schema) {
  return HasTypeName(schema, "number") || HasTypeName(schema, "bigint");
}
function HasNumberKeywords(schema) {
  return IsSchemaObject(schema) && (IsMinimum(schema) || IsMaximum(schema) || IsExclusiveMaximum(schema) || IsExclusiveMinimum(schema) || IsMultipleOf2(schema));
}
function BuildSchemaPushStack(stack, context, schema, value) {
  return context.UseUnevaluated() ? emit_exports.And(emit_exports.And(context.Push(), BuildSchema(stack, context, schema, value)), context.Pop()) : BuildSchema(stack, context, schema, value);
}
function BuildSchema(stack, context, schema, value) {
  const current = NextStack(stack, schema);
  const conditions = [];
  if (IsSchemaBoolean(schema))
    return BuildSchemaBoolean(current, context, schema, value);
  if (IsType(schema))
    conditions.push(BuildType(current, context, schema, value));
  if (HasObjectKeywords(schema)) {
    const constraints = [];
    if (IsRequired(schema))
      constraints.push(BuildRequired(current, context, schema, value));
    if (IsAdditionalProperties(schema))
      constraints.push(BuildAdditionalProperties(current, context, schema, value));
    if (IsDependencies(schema))
      constraints.push(BuildDependencies(current, context, schema, value));
    if (IsDependentRequired(schema))
      constraints.push(BuildDependentRequired(current, context, schema, value));
    if (IsDependentSchemas(schema))
      constraints.push(BuildDependentSchemas(current, context, schema, value));
    if (IsPatternProperties(schema))
      constraints.push(BuildPatternProperties(current, context, schema, value));
    if (IsProperties(schema))
      constraints.push(BuildProperties(current, context, schema, value));
    if (IsPropertyNames(schema))
      constraints.push(BuildPropertyNames(current, context, schema, value));
    if (IsMinProperties(schema))
      constraints.push(BuildMinProperties(current, context, schema, value));
    if (IsMaxProperties(schema))
      constraints.push(BuildMaxProperties(current, context, schema, value));
    const reduced = emit_exports.ReduceAnd(constraints);
    const guarded = emit_exports.Or(emit_exports.Not(emit_exports.IsObjectNotArray(value)), reduced);
    conditions.push(HasObjectType(schema) ? reduced : guarded);
  }
  if (HasArrayKeywords(schema)) {
    const constraints = [];
    if (IsAdditionalItems(schema))
      constraints.push(BuildAdditionalItems(current, context, schema, value));
    if (IsContains(schema))
      constraints.push(BuildContains(current, context, schema, value));
    if (IsItems(schema))
      constraints.push(BuildItems(current, context, schema, value));
    if (IsMinContains(schema))
      constraints.push(BuildMinContains(current, context, schema, value));
    if (IsMaxContains(schema))
      constraints.push(BuildMaxContains(current, context, schema, value));
    if (IsMinItems(schema))
      constraints.push(BuildMinItems(current, context, schema, value));
    if (IsMaxItems(schema))
      constraints.push(BuildMaxItems(current, context, schema, value));
    if (IsPrefixItems(schema))
      constraints.push(BuildPrefixItems(current, context, schema, value));
    if (IsUniqueItems(schema))
      constraints.push(BuildUniqueItems(current, context, schema, value));
    const reduced = emit_exports.ReduceAnd(constraints);
    const guarded = emit_exports.Or(emit_exports.Not(emit_exports.IsArray(value)), reduced);
    conditions.push(HasArrayType(schema) ? reduced : guarded);
  }
  if (HasStringKeywords(schema)) {
    const constraints = [];
    if (IsMinLength4(schema))
      constraints.push(BuildMinLength(current, context, schema, value));
    if (IsMaxLength4(schema))
      constraints.push(BuildMaxLength(current, context, schema, value));
    if (IsFormat(schema))
      constraints.push(BuildFormat(current, context, schema, value));
    if (IsPattern(schema))
      constraints.push(BuildPattern(current, context, schema, value));
    const reduced = emit_exports.ReduceAnd(constraints);
    const guarded = emit_exports.Or(emit_exports.Not(emit_exports.IsString(value)), reduced);
    conditions.push(HasStringType(schema) ? reduced : guarded);
  }
  if (HasNumberKeywords(schema)) {
    const constraints = [];
    if (IsExclusiveMinimum(schema))
      constraints.push(BuildExclusiveMinimum(current, context, schema, value));
    if (IsExclusiveMaximum(schema))
      constraints.push(BuildExclusiveMaximum(current, context, schema, value));
    if (IsMinimum(schema))
      constraints.push(BuildMinimum(current, context, schema, value));
    if (IsMaximum(schema))
      constraints.push(BuildMaximum(current, context, schema, value));
    if (IsMultipleOf2(schema))
      constraints.push(BuildMultipleOf(current, context, schema, value));
    const reduced = emit_exports.ReduceAnd(constraints);
    const guarded = emit_exports.Or(emit_exports.Not(emit_exports.Or(emit_exports.IsNumber(value), emit_exports.IsBigInt(value))), reduced);
    conditions.push(HasNumberType(schema) ? reduced : guarded);
  }
  if (IsRef2(schema))
    conditions.push(BuildRef(current, context, schema, value));
  if (IsRecursiveRef(schema))
    conditions.push(BuildRecursiveRef(current, context, schema, value));
  if (IsDynamicRef(schema))
    conditions.push(BuildDynamicRef(current, context, schema, value));
  if (IsConst(schema))
    conditions.push(BuildConst(current, context, schema, value));
  if (IsEnum2(schema))
    conditions.push(BuildEnum(current, context, schema, value));
  if (IsIf(schema))
    conditions.push(BuildIf(current, context, schema, value));
  if (IsNot(schema))
    conditions.push(BuildNot(current, context, schema, value));
  if (IsAllOf(schema))
    conditions.push(BuildAllOf(current, context, schema, value));
  if (IsAnyOf(schema))
    conditions.push(BuildAnyOf(current, context, schema, value));
  if (IsOneOf(schema))
    conditions.push(BuildOneOf(current, context, schema, value));
  if (IsUnevaluatedItems(schema))
    conditions.push(emit_exports.Or(emit_exports.Not(emit_exports.IsArray(value)), BuildUnevaluatedItems(current, context, schema, value)));
  if (IsUnevaluatedProperties(schema))
    conditions.push(emit_exports.Or(emit_exports.Not(emit_exports.IsObject(value)), BuildUnevaluatedProperties(current, context, schema, value)));
  if (IsRefine2(schema))
    conditions.push(BuildRefine(current, context, schema, value));
  const result = emit_exports.ReduceAnd(conditions);
  return result;
}
function CheckSchemaPushStack(stack, context, schema, value) {
  return context.Push() && CheckSchema(stack, context, schema, value) && context.Pop();
}
function CheckSchema(stack, context, schema, value) {
  const current = NextStack(stack, schema);
  const result = IsSchemaBoolean(schema) ? CheckSchemaBoolean(current, context, schema, value) : (!IsType(schema) || CheckType(current, context, schema, value)) && (!(guard_exports.IsObject(value) && !guard_exports.IsArray(value)) || (!IsRequired(schema) || CheckRequired(current, context, schema, value)) && (!IsAdditionalProperties(schema) || CheckAdditionalProperties(current, context, schema, value)) && (!IsDependencies(schema) || CheckDependencies(current, context, schema, value)) && (!IsDependentRequired(schema) || CheckDependentRequired(current, context, schema, value)) && (!IsDependentSchemas(schema) || CheckDependentSchemas(current, context, schema, value)) && (!IsPatternProperties(schema) || CheckPatternProperties(current, context, schema, value)) && (!IsProperties(schema) || CheckProperties(current, context, schema, value)) && (!IsPropertyNames(schema) || CheckPropertyNames(current, context, schema, value)) && (!IsMinProperties(schema) || CheckMinProperties(current, context, schema, value)) && (!IsMaxProperties(schema) || CheckMaxProperties(current, context, schema, value))) && (!guard_exports.IsArray(value) || (!IsAdditionalItems(schema) || CheckAdditionalItems(current, context, schema, value)) && (!IsContains(schema) || CheckContains(current, context, schema, value)) && (!IsItems(schema) || CheckItems(current, context, schema, value)) && (!IsMinContains(schema) || CheckMinContains(current, context, schema, value)) && (!IsMaxContains(schema) || CheckMaxContains(current, context, schema, value)) && (!IsMinItems(schema) || CheckMinItems(current, context, schema, value)) && (!IsMaxItems(schema) || CheckMaxItems(current, context, schema, value)) && (!IsPrefixItems(schema) || CheckPrefixItems(current, context, schema, value)) && (!IsUniqueItems(schema) || CheckUniqueItems(current, context, schema, value))) && (!guard_exports.IsString(value) || (!IsMinLength4(schema) || CheckMinLength(current, context, schema, value)) && (!IsMaxLength4(schema) || CheckMaxLength(current, context, schema, value)) && (!IsFormat(schema) || CheckFormat(current, context, schema, value)) && (!IsPattern(schema) || CheckPattern(current, context, schema, value))) && (!(guard_exports.IsNumber(value) || guard_exports.IsBigInt(value)) || (!IsExclusiveMinimum(schema) || CheckExclusiveMinimum(current, context, schema, value)) && (!IsExclusiveMaximum(schema) || CheckExclusiveMaximum(current, context, schema, value)) && (!IsMinimum(schema) || CheckMinimum(current, context, schema, value)) && (!IsMaximum(schema) || CheckMaximum(current, context, schema, value)) && (!IsMultipleOf2(schema) || CheckMultipleOf(current, context, schema, value))) && (!IsRef2(schema) || CheckRef(current, context, schema, value)) && (!IsRecursiveRef(schema) || CheckRecursiveRef(current, context, schema, value)) && (!IsDynamicRef(schema) || CheckDynamicRef(current, context, schema, value)) && (!IsConst(schema) || CheckConst(current, context, schema, value)) && (!IsEnum2(schema) || CheckEnum(current, context, schema, value)) && (!IsIf(schema) || CheckIf(current, context, schema, value)) && (!IsNot(schema) || CheckNot(current, context, schema, value)) && (!IsAllOf(schema) || CheckAllOf(current, context, schema, value)) && (!IsAnyOf(schema) || CheckAnyOf(current, context, schema, value)) && (!IsOneOf(schema) || CheckOneOf(current, context, schema, value)) && (!IsUnevaluatedItems(schema) || (!guard_exports.IsArray(value) || CheckUnevaluatedItems(current, context, schema, value))) && (!IsUnevaluatedProperties(schema) || (!guard_exports.IsObject(value) || CheckUnevaluatedProperties(current, context, schema, value))) && (!IsRefine2(schema) || CheckRefine(current, context, schema, value));
  return result;
}
function ErrorSchemaPushStack(stack, context, schemaPath, instancePath, schema, value) {
  return context.Push() && ErrorSchema(stack, context, schemaPath, instancePath, schema, value) && context.Pop();
}
function ErrorSchema(stack, context, schemaPath, instancePath, schema, value) {
  if (context.AtCapacity())
    return false;
  const current = NextStack(stack, schema);
  const result = IsSchemaBoolean(schema) ? ErrorSchemaBoolean(current, context, schemaPath, instancePath, schema, value) : !!(+(!IsType(schema) || ErrorType(current, context, schemaPath, instancePath, schema, value)) & +(!(guard_exports.IsObject(value) && !guard_exports.IsArray(value)) || !!(+(!IsRequired(schema) || ErrorRequired(current, context, schemaPath, instancePath, schema, value)) & +(!IsAdditionalProperties(schema) || ErrorAdditionalProperties(current, context, schemaPath, instancePath, schema, value)) & +(!IsDependencies(schema) || ErrorDependencies(current, context, schemaPath, instancePath, schema, value)) & +(!IsDependentRequired(schema) || ErrorDependentRequired(current, context, schemaPath, instancePath, schema, value)) & +(!IsDependentSchemas(schema) || ErrorDependentSchemas(current, context, schemaPath, instancePath, schema, value)) & +(!IsPatternProperties(schema) || ErrorPatternProperties(current, context, schemaPath, instancePath, schema, value)) & +(!IsProperties(schema) || ErrorProperties(current, context, schemaPath, instancePath, schema, value)) & +(!IsPropertyNames(schema) || ErrorPropertyNames(current, context, schemaPath, instancePath, schema, value)) & +(!IsMinProperties(schema) || ErrorMinProperties(current, context, schemaPath, instancePath, schema, value)) & +(!IsMaxProperties(schema) || ErrorMaxProperties(current, context, schemaPath, instancePath, schema, value)))) & +(!guard_exports.IsArray(value) || !!(+(!IsAdditionalItems(schema) || ErrorAdditionalItems(current, context, schemaPath, instancePath, schema, value)) & +(!IsContains(schema) || ErrorContains(current, context, schemaPath, instancePath, schema, value)) & +(!IsItems(schema) || ErrorItems(current, context, schemaPath, instancePath, schema, value)) & +(!IsMinContains(schema) || ErrorMinContains(current, context, schemaPath, instancePath, schema, value)) & +(!IsMaxContains(schema) || ErrorMaxContains(current, context, schemaPath, instancePath, schema, value)) & +(!IsMinItems(schema) || ErrorMinItems(current, context, schemaPath, instancePath, schema, value)) & +(!IsMaxItems(schema) || ErrorMaxItems(current, context, schemaPath, instancePath, schema, value)) & +(!IsPrefixItems(schema) || ErrorPrefixItems(current, context, schemaPath, instancePath, schema, value)) & +(!IsUniqueItems(schema) || ErrorUniqueItems(current, context, schemaPath, instancePath, schema, value)))) & +(!guard_exports.IsString(value) || !!(+(!IsMinLength4(schema) || ErrorMinLength(current, context, schemaPath, instancePath, schema, value)) & +(!IsMaxLength4(schema) || ErrorMaxLength(current, context, schemaPath, instancePath, schema, value)) & +(!IsFormat(schema) || ErrorFormat(current, context, schemaPath, instancePath, schema, value)) & +(!IsPattern(schema) || ErrorPattern(current, context, schemaPath, instancePath, schema, value)))) & +(!(guard_exports.IsNumber(value) || guard_exports.IsBigInt(value)) || !!(+(!IsExclusiveMinimum(schema) || ErrorExclusiveMinimum(current, context, schemaPath, instancePath, schema, value)) & +(!IsExclusiveMaximum(schema) || ErrorExclusiveMaximum(current, context, schemaPath, instancePath, schema, value)) & +(!IsMinimum(schema) || ErrorMinimum(current, context, schemaPath, instancePath, schema, value)) & +(!IsMaximum(schema) || ErrorMaximum(current, context, schemaPath, instancePath, schema, value)) & +(!IsMultipleOf2(schema) || ErrorMultipleOf(current, context, schemaPath, instancePath, schema, value)))) & +(!IsRef2(schema) || ErrorRef(current, context, schemaPath, instancePath, schema, value)) & +(!IsRecursiveRef(schema) || ErrorRecursiveRef(current, context, schemaPath, instancePath, schema, value)) & +(!IsDynamicRef(schema) || ErrorDynamicRef(current, context, schemaPath, instancePath, schema, value)) & +(!IsConst(schema) || ErrorConst(current, context, schemaPath, instancePath, schema, value)) & +(!IsEnum2(schema) || ErrorEnum(current, context, schemaPath, instancePath, schema, value)) & +(!IsIf(schema) || ErrorIf(current, context, schemaPath, instancePath, schema, value)) & +(!IsNot(schema) || ErrorNot(current, context, schemaPath, instancePath, schema, value)) & +(!IsAllOf(schema) || ErrorAllOf(current, context, schemaPath, instancePath, schema, value)) & +(!IsAnyOf(schema) || ErrorAnyOf(current, context, schemaPath, instancePath, schema, value)) & +(!IsOneOf(schema) || ErrorOneOf(current, context, schemaPath, instancePath, schema, value)) & +(!IsUnevaluatedItems(schema) || (!guard_exports.IsArray(value) || ErrorUnevaluatedItems(current, context, schemaPath, instancePath, schema, value))) & +(!IsUnevaluatedProperties(schema) || (!guard_exports.IsObject(value) || ErrorUnevaluatedProperties(current, context, schemaPath, instancePath, schema, value)))) && (!IsRefine2(schema) || ErrorRefine(current, context, schemaPath, instancePath, schema, value));
  return result;
}

// node_modules/typebox/build/schema/engine/_functions.mjs
var index2 = [0];
var names = /* @__PURE__ */ new Map();
var funcs = /* @__PURE__ */ new Map();
function NextName() {
  return `${index2[0]++}`;
}
function CreateName(schema, href) {
  if (!names.has(schema))
    names.set(schema, /* @__PURE__ */ new Map());
  const hrefs = names.get(schema);
  if (hrefs.has(href))
    return hrefs.get(href);
  const name = NextName();
  hrefs.set(href, name);
  return name;
}
function CreateCallExpression(context, _schema, name, value) {
  return context.UseUnevaluated() ? emit_exports.Call(`check_${name}`, ["context", value]) : emit_exports.Call(`check_${name}`, [value]);
}
function CreateFunctionExpression(stack, context, schema, name) {
  const expression = BuildSchema(stack, context, schema, "value");
  return context.UseUnevaluated() ? emit_exports.ConstDeclaration(`check_${name}`, emit_exports.ArrowFunction(["context", "value"], expression)) : emit_exports.ConstDeclaration(`check_${name}`, emit_exports.ArrowFunction(["value"], expression));
}
function ResetFunctions() {
  index2[0] = 0;
  names.clear();
  funcs.clear();
}
function GetFunctions() {
  return [...funcs.values()];
}
function CreateFunction(stack, context, schema, value) {
  const name = CreateName(schema, stack.lexicalBase);
  const call = CreateCallExpression(context, schema, name, value);
  if (funcs.has(name))
    return call;
  funcs.set(name, "");
  funcs.set(name, CreateFunctionExpression(stack, context, schema, name));
  return call;
}

// node_modules/typebox/build/schema/intern/intern.mjs
function UnresolvableRef(ref) {
  throw Error(`UnresolvableRef '${ref}'`);
}
function HashKey(schema) {
  return `x-${hash_exports.Hash(schema)}`;
}
function FromAdditionalItems(context, schema) {
  return FromSchema(context, schema.additionalItems);
}
function FromAdditionalProperties(context, schema) {
  return FromSchema(context, schema.additionalProperties);
}
function FromAllOf(context, schema) {
  return schema.allOf.map((inner) => FromSchema(context, inner));
}
function FromAnyOf(context, schema) {
  return schema.anyOf.map((inner) => FromSchema(context, inner));
}
function FromContains(context, schema) {
  return FromSchema(context, schema.contains);
}
function FromDependentSchemas(context, schema) {
  return guard_exports.Keys(schema.dependentSchemas).reduce((result, key) => ({ ...result, [key]: FromSchema(context, schema.dependentSchemas[key]) }), {});
}
function FromElse(context, schema) {
  return FromSchema(context, schema.else);
}
function FromIf(context, schema) {
  return FromSchema(context, schema.if);
}
function FromItems(context, schema) {
  return IsItemsSized(schema) ? FromItemsSized(context, schema) : FromItemsUnsized(context, schema);
}
function FromItemsSized(context, schema) {
  return schema.items.map((inner) => FromSchema(context, inner));
}
function FromItemsUnsized(context, schema) {
  return FromSchema(context, schema.items);
}
function FromNot(context, schema) {
  return FromSchema(context, schema.not);
}
function FromOneOf(context, schema) {
  return schema.oneOf.map((inner) => FromSchema(context, inner));
}
function FromPatternProperties(context, schema) {
  return guard_exports.Keys(schema.patternProperties).reduce((result, key) => ({ ...result, [key]: FromSchema(context, schema.patternProperties[key]) }), {});
}
function FromPrefixItems(context, schema) {
  return schema.prefixItems.map((inner) => FromSchema(context, inner));
}
function FromProperties4(context, schema) {
  return guard_exports.Keys(schema.properties).reduce((result, key) => ({ ...result, [key]: FromSchema(context, schema.properties[key]) }), {});
}
function FromPropertyNames(context, schema) {
  return FromSchema(context, schema.propertyNames);
}
function ResolveRef(stack, ref) {
  const result = resolve_exports.Ref(stack, { $ref: ref });
  return { schema: result.schema ?? UnresolvableRef(ref), stack: result.stack };
}
function ResolveDynamicRef(stack, schema) {
  return resolve_exports.DynamicRef(stack, schema) ?? UnresolvableRef(schema.$dynamicRef);
}
function ResolveRecursiveRef(stack, schema) {
  return resolve_exports.RecursiveRef(stack, schema) ?? UnresolvableRef(schema.$recursiveRef);
}
function FromResolvedRef(context, target, nextStack) {
  const nextContext = { ...context, stack: nextStack };
  const resolving = context.resolving.get(target);
  if (guard_exports.IsUndefined(resolving))
    return FromSchema(nextContext, target);
  resolving.used = true;
  return { $ref: `#/$defs/${resolving.key}` };
}
function FromRef5(context, schema) {
  const { schema: target, stack } = ResolveRef(context.stack, schema.$ref);
  return FromResolvedRef(context, target, stack);
}
function FromDynamicRef(context, schema) {
  const target = ResolveDynamicRef(context.stack, schema);
  return FromResolvedRef(context, target, { ...context.stack, pendingResource: true });
}
function FromRecursiveRef(context, schema) {
  const target = ResolveRecursiveRef(context.stack, schema);
  return FromResolvedRef(context, target, { ...context.stack, pendingResource: true });
}
function FromThen(context, schema) {
  return FromSchema(context, schema.then);
}
function FromUnevaluatedItems(context, schema) {
  return FromSchema(context, schema.unevaluatedItems);
}
function FromUnevaluatedProperties(context, schema) {
  return FromSchema(context, schema.unevaluatedProperties);
}
function FromSchemaObject(context, schema) {
  if (IsRef2(schema))
    return FromRef5(context, schema);
  if (IsDynamicRef(schema))
    return FromDynamicRef(context, schema);
  if (IsRecursiveRef(schema))
    return FromRecursiveRef(context, schema);
  const existing = resolved.get(schema);
  if (!guard_exports.IsUndefined(existing))
    return existing;
  const reservation = { key: `x-ref-${context.resolving.size}`, used: false };
  context.resolving.set(schema, reservation);
  const remapped = {
    ...IsRefine2(schema) ? { ["~refine"]: schema["~refine"] } : {},
    ...IsAdditionalItems(schema) ? { additionalItems: FromAdditionalItems(context, schema) } : {},
    ...IsAdditionalProperties(schema) ? { additionalProperties: FromAdditionalProperties(context, schema) } : {},
    ...IsAllOf(schema) ? { allOf: FromAllOf(context, schema) } : {},
    ...IsAnyOf(schema) ? { anyOf: FromAnyOf(context, schema) } : {},
    ...IsContains(schema) ? { contains: FromContains(context, schema) } : {},
    ...IsDependentSchemas(schema) ? { dependentSchemas: FromDependentSchemas(context, schema) } : {},
    ...IsElse(schema) ? { else: FromElse(context, schema) } : {},
    ...IsIf(schema) ? { if: FromIf(context, schema) } : {},
    ...IsItems(schema) ? { items: FromItems(context, schema) } : {},
    ...IsNot(schema) ? { not: FromNot(context, schema) } : {},
    ...IsOneOf(schema) ? { oneOf: FromOneOf(context, schema) } : {},
    ...IsPatternProperties(schema) ? { patternProperties: FromPatternProperties(context, schema) } : {},
    ...IsPrefixItems(schema) ? { prefixItems: FromPrefixItems(context, schema) } : {},
    ...IsProperties(schema) ? { properties: FromProperties4(context, schema) } : {},
    ...IsPropertyNames(schema) ? { propertyNames: FromPropertyNames(context, schema) } : {},
    ...IsThen(schema) ? { then: FromThen(context, schema) } : {},
    ...IsUnevaluatedItems(schema) ? { unevaluatedItems: FromUnevaluatedItems(context, schema) } : {},
    ...IsUnevaluatedProperties(schema) ? { unevaluatedProperties: FromUnevaluatedProperties(context, schema) } : {}
  };
  context.resolving.delete(schema);
  const interned = memory_exports.Discard(memory_exports.Assign(schema, remapped), ["$id", "$defs", "$anchor", "$dynamicAnchor", "$recursionAnchor"]);
  const key = reservation.used ? reservation.key : HashKey(interned);
  registry.set(key, interned);
  const result = { $ref: `#/$defs/${key}` };
  resolved.set(schema, result);
  return result;
}
function FromSchemaBoolean(_context, schema) {
  const key = HashKey(schema);
  registry.set(key, schema);
  const result = { $ref: `#/$defs/${key}` };
  resolved.set(schema, result);
  return result;
}
function FromSchema(context, schema) {
  const next = { ...context, stack: NextStack(context.stack, schema) };
  return IsSchemaBoolean(schema) ? FromSchemaBoolean(next, schema) : FromSchemaObject(next, schema);
}
function BooleanEntry(schema) {
  const key = HashKey(schema);
  return { $ref: `#/$defs/${key}`, $defs: { [key]: schema } };
}
var registry = /* @__PURE__ */ new Map();
var resolved = /* @__PURE__ */ new Map();
function Intern(...args) {
  const [context, schema] = arguments_exports.Match(args, {
    2: (context2, schema2) => [context2, schema2],
    1: (schema2) => [{}, schema2]
  });
  registry.clear();
  resolved.clear();
  if (IsSchemaBoolean(schema))
    return BooleanEntry(schema);
  const defs = IsDefs(schema) ? schema.$defs : {};
  const rootStack = Stack({ ...context, ...defs }, schema);
  const { schema: entry, stack } = IsRef2(schema) ? ResolveRef(NextStack(rootStack, schema), schema.$ref) : { schema, stack: rootStack };
  if (IsSchemaBoolean(entry))
    return BooleanEntry(entry);
  const ref_context = { stack, resolving: /* @__PURE__ */ new Map() };
  const result = FromSchema(ref_context, entry);
  return { $ref: result.$ref, $defs: Object.fromEntries(registry) };
}

// node_modules/typebox/build/schema/meta/draft_2020_12.mjs
var Draft_2020_12 = {
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://json-schema.org/draft/2020-12/schema",
  "$vocabulary": {
    "https://json-schema.org/draft/2020-12/vocab/core": true,
    "https://json-schema.org/draft/2020-12/vocab/applicator": true,
    "https://json-schema.org/draft/2020-12/vocab/unevaluated": true,
    "https://json-schema.org/draft/2020-12/vocab/validation": true,
    "https://json-schema.org/draft/2020-12/vocab/meta-data": true,
    "https://json-schema.org/draft/2020-12/vocab/format-annotation": true,
    "https://json-schema.org/draft/2020-12/vocab/content": true
  },
  "$dynamicAnchor": "meta",
  "title": "Core and Validation specifications meta-schema",
  "allOf": [
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "https://json-schema.org/draft/2020-12/meta/core",
      "$dynamicAnchor": "meta",
      "title": "Core vocabulary meta-schema",
      "type": ["object", "boolean"],
      "properties": {
        "$id": {
          "$ref": "#/$defs/uriReferenceString",
          "$comment": "Non-empty fragments not allowed.",
          "pattern": "^[^#]*#?$"
        },
        "$schema": { "$ref": "#/$defs/uriString" },
        "$ref": { "$ref": "#/$defs/uriReferenceString" },
        "$anchor": { "$ref": "#/$defs/anchorString" },
        "$dynamicRef": { "$ref": "#/$defs/uriReferenceString" },
        "$dynamicAnchor": { "$ref": "#/$defs/anchorString" },
        "$vocabulary": {
          "type": "object",
          "propertyNames": { "$ref": "#/$defs/uriString" },
          "additionalProperties": {
            "type": "boolean"
          }
        },
        "$comment": {
          "type": "string"
        },
        "$defs": {
          "type": "object",
          "additionalProperties": { "$dynamicRef": "#meta" }
        }
      },
      "$defs": {
        "anchorString": {
          "type": "string",
          "pattern": "^[A-Za-z_][-A-Za-z0-9._]*$"
        },
        "uriString": {
          "type": "string",
          "format": "uri"
        },
        "uriReferenceString": {
          "type": "string",
          "format": "uri-reference"
        }
      }
    },
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "https://json-schema.org/draft/2020-12/meta/applicator",
      "$dynamicAnchor": "meta",
      "title": "Applicator vocabulary meta-schema",
      "type": ["object", "boolean"],
      "properties": {
        "prefixItems": { "$ref": "#/$defs/schemaArray" },
        "items": { "$dynamicRef": "#meta" },
        "contains": { "$dynamicRef": "#meta" },
        "additionalProperties": { "$dynamicRef": "#meta" },
        "properties": {
          "type": "object",
          "additionalProperties": { "$dynamicRef": "#meta" },
          "default": {}
        },
        "patternProperties": {
          "type": "object",
          "additionalProperties": { "$dynamicRef": "#meta" },
          "propertyNames": { "format": "regex" },
          "default": {}
        },
        "dependentSchemas": {
          "type": "object",
          "additionalProperties": { "$dynamicRef": "#meta" },
          "default": {}
        },
        "propertyNames": { "$dynamicRef": "#meta" },
        "if": { "$dynamicRef": "#meta" },
        "then": { "$dynamicRef": "#meta" },
        "else": { "$dynamicRef": "#meta" },
        "allOf": { "$ref": "#/$defs/schemaArray" },
        "anyOf": { "$ref": "#/$defs/schemaArray" },
        "oneOf": { "$ref": "#/$defs/schemaArray" },
        "not": { "$dynamicRef": "#meta" }
      },
      "$defs": {
        "schemaArray": {
          "type": "array",
          "minItems": 1,
          "items": { "$dynamicRef": "#meta" }
        }
      }
    },
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "https://json-schema.org/draft/2020-12/meta/unevaluated",
      "$dynamicAnchor": "meta",
      "title": "Unevaluated applicator vocabulary meta-schema",
      "type": ["object", "boolean"],
      "properties": {
        "unevaluatedItems": { "$dynamicRef": "#meta" },
        "unevaluatedProperties": { "$dynamicRef": "#meta" }
      }
    },
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "https://json-schema.org/draft/2020-12/meta/validation",
      "$dynamicAnchor": "meta",
      "title": "Validation vocabulary meta-schema",
      "type": ["object", "boolean"],
      "properties": {
        "type": {
          "anyOf": [
            { "$ref": "#/$defs/simpleTypes" },
            {
              "type": "array",
              "items": { "$ref": "#/$defs/simpleTypes" },
              "minItems": 1,
              "uniqueItems": true
            }
          ]
        },
        "const": true,
        "enum": {
          "type": "array",
          "items": true
        },
        "multipleOf": {
          "type": "number",
          "exclusiveMinimum": 0
        },
        "maximum": {
          "type": "number"
        },
        "exclusiveMaximum": {
          "type": "number"
        },
        "minimum": {
          "type": "number"
        },
        "exclusiveMinimum": {
          "type": "number"
        },
        "maxLength": { "$ref": "#/$defs/nonNegativeInteger" },
        "minLength": { "$ref": "#/$defs/nonNegativeIntegerDefault0" },
        "pattern": {
          "type": "string",
          "format": "regex"
        },
        "maxItems": { "$ref": "#/$defs/nonNegativeInteger" },
        "minItems": { "$ref": "#/$defs/nonNegativeIntegerDefault0" },
        "uniqueItems": {
          "type": "boolean",
          "default": false
        },
        "maxContains": { "$ref": "#/$defs/nonNegativeInteger" },
        "minContains": {
          "$ref": "#/$defs/nonNegativeInteger",
          "default": 1
        },
        "maxProperties": { "$ref": "#/$defs/nonNegativeInteger" },
        "minProperties": { "$ref": "#/$defs/nonNegativeIntegerDefault0" },
        "required": { "$ref": "#/$defs/stringArray" },
        "dependentRequired": {
          "type": "object",
          "additionalProperties": {
            "$ref": "#/$defs/stringArray"
          }
        }
      },
      "$defs": {
        "nonNegativeInteger": {
          "type": "integer",
          "minimum": 0
        },
        "nonNegativeIntegerDefault0": {
          "$ref": "#/$defs/nonNegativeInteger",
          "default": 0
        },
        "simpleTypes": {
          "enum": [
            "array",
            "boolean",
            "integer",
            "null",
            "number",
            "object",
            "string"
          ]
        },
        "stringArray": {
          "type": "array",
          "items": { "type": "string" },
          "uniqueItems": true,
          "default": []
        }
      }
    },
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "https://json-schema.org/draft/2020-12/meta/meta-data",
      "$dynamicAnchor": "meta",
      "title": "Meta-data vocabulary meta-schema",
      "type": ["object", "boolean"],
      "properties": {
        "title": {
          "type": "string"
        },
        "description": {
          "type": "string"
        },
        "default": true,
        "deprecated": {
          "type": "boolean",
          "default": false
        },
        "readOnly": {
          "type": "boolean",
          "default": false
        },
        "writeOnly": {
          "type": "boolean",
          "default": false
        },
        "examples": {
          "type": "array",
          "items": true
        }
      }
    },
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "https://json-schema.org/draft/2020-12/meta/format-annotation",
      "$dynamicAnchor": "meta",
      "title": "Format vocabulary meta-schema for annotation results",
      "type": ["object", "boolean"],
      "properties": {
        "format": { "type": "string" }
      }
    },
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "https://json-schema.org/draft/2020-12/meta/content",
      "$dynamicAnchor": "meta",
      "title": "Content vocabulary meta-schema",
      "type": ["object", "boolean"],
      "properties": {
        "contentEncoding": { "type": "string" },
        "contentMediaType": { "type": "string" },
        "contentSchema": { "$dynamicRef": "#meta" }
      }
    }
  ],
  "type": ["object", "boolean"],
  "$comment": "This meta-schema also defines keywords that have appeared in previous drafts in order to prevent incompatible extensions as they remain in common use.",
  "properties": {
    "definitions": {
      "$comment": '"definitions" has been replaced by "$defs".',
      "type": "object",
      "additionalProperties": { "$dynamicRef": "#meta" },
      "deprecated": true,
      "default": {}
    },
    "dependencies": {
      "$comment": '"dependencies" has been split and replaced by "dependentSchemas" and "dependentRequired" in order to serve their differing semantics.',
      "type": "object",
      "additionalProperties": {
        "anyOf": [
          { "$dynamicRef": "#meta" },
          { "$ref": "meta/validation#/$defs/stringArray" }
        ]
      },
      "deprecated": true,
      "default": {}
    },
    "$recursiveAnchor": {
      "$comment": '"$recursiveAnchor" has been replaced by "$dynamicAnchor".',
      "$ref": "meta/core#/$defs/anchorString",
      "deprecated": true
    },
    "$recursiveRef": {
      "$comment": '"$recursiveRef" has been replaced by "$dynamicRef".',
      "$ref": "meta/core#/$defs/uriReferenceString",
      "deprecated": true
    }
  }
};

// node_modules/typebox/build/schema/meta/draft_2019_09.mjs
var Draft_2019_09 = {
  "$schema": "https://json-schema.org/draft/2019-09/schema",
  "$id": "https://json-schema.org/draft/2019-09/schema",
  "$vocabulary": {
    "https://json-schema.org/draft/2019-09/vocab/core": true,
    "https://json-schema.org/draft/2019-09/vocab/applicator": true,
    "https://json-schema.org/draft/2019-09/vocab/validation": true,
    "https://json-schema.org/draft/2019-09/vocab/meta-data": true,
    "https://json-schema.org/draft/2019-09/vocab/format": false,
    "https://json-schema.org/draft/2019-09/vocab/content": true
  },
  "$recursiveAnchor": true,
  "title": "Core and Validation specifications meta-schema",
  "allOf": [
    {
      "$schema": "https://json-schema.org/draft/2019-09/schema",
      "$id": "https://json-schema.org/draft/2019-09/meta/core",
      "$recursiveAnchor": true,
      "title": "Core vocabulary meta-schema",
      "type": ["object", "boolean"],
      "properties": {
        "$id": {
          "type": "string",
          "format": "uri-reference",
          "$comment": "Non-empty fragments not allowed.",
          "pattern": "^[^#]*#?$"
        },
        "$schema": {
          "type": "string",
          "format": "uri"
        },
        "$anchor": {
          "type": "string",
          "pattern": "^[A-Za-z][-A-Za-z0-9.:_]*$"
        },
        "$ref": {
          "type": "string",
          "format": "uri-reference"
        },
        "$recursiveRef": {
          "type": "string",
          "format": "uri-reference"
        },
        "$recursiveAnchor": {
          "type": "boolean",
          "default": false
        },
        "$vocabulary": {
          "type": "object",
          "propertyNames": {
            "type": "string",
            "format": "uri"
          },
          "additionalProperties": {
            "type": "boolean"
          }
        },
        "$comment": {
          "type": "string"
        },
        "$defs": {
          "type": "object",
          "additionalProperties": { "$recursiveRef": "#" },
          "default": {}
        }
      }
    },
    {
      "$schema": "https://json-schema.org/draft/2019-09/schema",
      "$id": "https://json-schema.org/draft/2019-09/meta/applicator",
      "$recursiveAnchor": true,
      "title": "Applicator vocabulary meta-schema",
      "type": ["object", "boolean"],
      "properties": {
        "additionalItems": { "$recursiveRef": "#" },
        "unevaluatedItems": { "$recursiveRef": "#" },
        "items": {
          "anyOf": [
            { "$recursiveRef": "#" },
            { "$ref": "#/$defs/schemaArray" }
          ]
        },
        "contains": { "$recursiveRef": "#" },
        "additionalProperties": { "$recursiveRef": "#" },
        "unevaluatedProperties": { "$recursiveRef": "#" },
        "properties": {
          "type": "object",
          "additionalProperties": { "$recursiveRef": "#" },
          "default": {}
        },
        "patternProperties": {
          "type": "object",
          "additionalProperties": { "$recursiveRef": "#" },
          "propertyNames": { "format": "regex" },
          "default": {}
        },
        "dependentSchemas": {
          "type": "object",
          "additionalProperties": {
            "$recursiveRef": "#"
          }
        },
        "propertyNames": { "$recursiveRef": "#" },
        "if": { "$recursiveRef": "#" },
        "then": { "$recursiveRef": "#" },
        "else": { "$recursiveRef": "#" },
        "allOf": { "$ref": "#/$defs/schemaArray" },
        "anyOf": { "$ref": "#/$defs/schemaArray" },
        "oneOf": { "$ref": "#/$defs/schemaArray" },
        "not": { "$recursiveRef": "#" }
      },
      "$defs": {
        "schemaArray": {
          "type": "array",
          "minItems": 1,
          "items": { "$recursiveRef": "#" }
        }
      }
    },
    {
      "$schema": "https://json-schema.org/draft/2019-09/schema",
      "$id": "https://json-schema.org/draft/2019-09/meta/validation",
      "$recursiveAnchor": true,
      "title": "Validation vocabulary meta-schema",
      "type": ["object", "boolean"],
      "properties": {
        "multipleOf": {
          "type": "number",
          "exclusiveMinimum": 0
        },
        "maximum": {
          "type": "number"
        },
        "exclusiveMaximum": {
          "type": "number"
        },
        "minimum": {
          "type": "number"
        },
        "exclusiveMinimum": {
          "type": "number"
        },
        "maxLength": { "$ref": "#/$defs/nonNegativeInteger" },
        "minLength": { "$ref": "#/$defs/nonNegativeIntegerDefault0" },
        "pattern": {
          "type": "string",
          "format": "regex"
        },
        "maxItems": { "$ref": "#/$defs/nonNegativeInteger" },
        "minItems": { "$ref": "#/$defs/nonNegativeIntegerDefault0" },
        "uniqueItems": {
          "type": "boolean",
          "default": false
        },
        "maxContains": { "$ref": "#/$defs/nonNegativeInteger" },
        "minContains": {
          "$ref": "#/$defs/nonNegativeInteger",
          "default": 1
        },
        "maxProperties": { "$ref": "#/$defs/nonNegativeInteger" },
        "minProperties": { "$ref": "#/$defs/nonNegativeIntegerDefault0" },
        "required": { "$ref": "#/$defs/stringArray" },
        "dependentRequired": {
          "type": "object",
          "additionalProperties": {
            "$ref": "#/$defs/stringArray"
          }
        },
        "const": true,
        "enum": {
          "type": "array",
          "items": true
        },
        "type": {
          "anyOf": [
            { "$ref": "#/$defs/simpleTypes" },
            {
              "type": "array",
              "items": { "$ref": "#/$defs/simpleTypes" },
              "minItems": 1,
              "uniqueItems": true
            }
          ]
        }
      },
      "$defs": {
        "nonNegativeInteger": {
          "type": "integer",
          "minimum": 0
        },
        "nonNegativeIntegerDefault0": {
          "$ref": "#/$defs/nonNegativeInteger",
          "default": 0
        },
        "simpleTypes": {
          "enum": [
            "array",
            "boolean",
            "integer",
            "null",
            "number",
            "object",
            "string"
          ]
        },
        "stringArray": {
          "type": "array",
          "items": { "type": "string" },
          "uniqueItems": true,
          "default": []
        }
      }
    },
    {
      "$schema": "https://json-schema.org/draft/2019-09/schema",
      "$id": "https://json-schema.org/draft/2019-09/meta/meta-data",
      "$recursiveAnchor": true,
      "title": "Meta-data vocabulary meta-schema",
      "type": ["object", "boolean"],
      "properties": {
        "title": {
          "type": "string"
        },
        "description": {
          "type": "string"
        },
        "default": true,
        "deprecated": {
          "type": "boolean",
          "default": false
        },
        "readOnly": {
          "type": "boolean",
          "default": false
        },
        "writeOnly": {
          "type": "boolean",
          "default": false
        },
        "examples": {
          "type": "array",
          "items": true
        }
      }
    },
    {
      "$schema": "https://json-schema.org/draft/2019-09/schema",
      "$id": "https://json-schema.org/draft/2019-09/meta/format",
      "$recursiveAnchor": true,
      "title": "Format vocabulary meta-schema",
      "type": ["object", "boolean"],
      "properties": {
        "format": { "type": "string" }
      }
    },
    {
      "$schema": "https://json-schema.org/draft/2019-09/schema",
      "$id": "https://json-schema.org/draft/2019-09/meta/content",
      "$recursiveAnchor": true,
      "title": "Content vocabulary meta-schema",
      "type": ["object", "boolean"],
      "properties": {
        "contentMediaType": { "type": "string" },
        "contentEncoding": { "type": "string" },
        "contentSchema": { "$recursiveRef": "#" }
      }
    }
  ],
  "type": ["object", "boolean"],
  "properties": {
    "definitions": {
      "$comment": "While no longer an official keyword as it is replaced by $defs, this keyword is retained in the meta-schema to prevent incompatible extensions as it remains in common use.",
      "type": "object",
      "additionalProperties": { "$recursiveRef": "#" },
      "default": {}
    },
    "dependencies": {
      "$comment": '"dependencies" is no longer a keyword, but schema authors should avoid redefining it to facilitate a smooth transition to "dependentSchemas" and "dependentRequired"',
      "type": "object",
      "additionalProperties": {
        "anyOf": [
          { "$recursiveRef": "#" },
          { "$ref": "meta/validation#/$defs/stringArray" }
        ]
      }
    }
  }
};

// node_modules/typebox/build/schema/meta/draft_7.mjs
var Draft_7 = {
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "http://json-schema.org/draft-07/schema#",
  "title": "Core schema meta-schema",
  "definitions": {
    "schemaArray": {
      "type": "array",
      "minItems": 1,
      "items": { "$ref": "#" }
    },
    "nonNegativeInteger": {
      "type": "integer",
      "minimum": 0
    },
    "nonNegativeIntegerDefault0": {
      "allOf": [
        { "$ref": "#/definitions/nonNegativeInteger" },
        { "default": 0 }
      ]
    },
    "simpleTypes": {
      "enum": [
        "array",
        "boolean",
        "integer",
        "null",
        "number",
        "object",
        "string"
      ]
    },
    "stringArray": {
      "type": "array",
      "items": { "type": "string" },
      "uniqueItems": true,
      "default": []
    }
  },
  "type": ["object", "boolean"],
  "properties": {
    "$id": {
      "type": "string",
      "format": "uri-reference"
    },
    "$schema": {
      "type": "string",
      "format": "uri"
    },
    "$ref": {
      "type": "string",
      "format": "uri-reference"
    },
    "$comment": {
      "type": "string"
    },
    "title": {
      "type": "string"
    },
    "description": {
      "type": "string"
    },
    "default": true,
    "readOnly": {
      "type": "boolean",
      "default": false
    },
    "writeOnly": {
      "type": "boolean",
      "default": false
    },
    "examples": {
      "type": "array",
      "items": true
    },
    "multipleOf": {
      "type": "number",
      "exclusiveMinimum": 0
    },
    "maximum": {
      "type": "number"
    },
    "exclusiveMaximum": {
      "type": "number"
    },
    "minimum": {
      "type": "number"
    },
    "exclusiveMinimum": {
      "type": "number"
    },
    "maxLength": { "$ref": "#/definitions/nonNegativeInteger" },
    "minLength": { "$ref": "#/definitions/nonNegativeIntegerDefault0" },
    "pattern": {
      "type": "string",
      "format": "regex"
    },
    "additionalItems": { "$ref": "#" },
    "items": {
      "anyOf": [
        { "$ref": "#" },
        { "$ref": "#/definitions/schemaArray" }
      ],
      "default": true
    },
    "maxItems": { "$ref": "#/definitions/nonNegativeInteger" },
    "minItems": { "$ref": "#/definitions/nonNegativeIntegerDefault0" },
    "uniqueItems": {
      "type": "boolean",
      "default": false
    },
    "contains": { "$ref": "#" },
    "maxProperties": { "$ref": "#/definitions/nonNegativeInteger" },
    "minProperties": { "$ref": "#/definitions/nonNegativeIntegerDefault0" },
    "required": { "$ref": "#/definitions/stringArray" },
    "additionalProperties": { "$ref": "#" },
    "definitions": {
      "type": "object",
      "additionalProperties": { "$ref": "#" },
      "default": {}
    },
    "properties": {
      "type": "object",
      "additionalProperties": { "$ref": "#" },
      "default": {}
    },
    "patternProperties": {
      "type": "object",
      "additionalProperties": { "$ref": "#" },
      "propertyNames": { "format": "regex" },
      "default": {}
    },
    "dependencies": {
      "type": "object",
      "additionalProperties": {
        "anyOf": [
          { "$ref": "#" },
          { "$ref": "#/definitions/stringArray" }
        ]
      }
    },
    "propertyNames": { "$ref": "#" },
    "const": true,
    "enum": {
      "type": "array",
      "items": true,
      "minItems": 1,
      "uniqueItems": true
    },
    "type": {
      "anyOf": [
        { "$ref": "#/definitions/simpleTypes" },
        {
          "type": "array",
          "items": { "$ref": "#/definitions/simpleTypes" },
          "minItems": 1,
          "uniqueItems": true
        }
      ]
    },
    "format": { "type": "string" },
    "contentMediaType": { "type": "string" },
    "contentEncoding": { "type": "string" },
    "if": { "$ref": "#" },
    "then": { "$ref": "#" },
    "else": { "$ref": "#" },
    "allOf": { "$ref": "#/definitions/schemaArray" },
    "anyOf": { "$ref": "#/definitions/schemaArray" },
    "oneOf": { "$ref": "#/definitions/schemaArray" },
    "not": { "$ref": "#" }
  },
  "default": true
};

// node_modules/typebox/build/schema/meta/draft_6.mjs
var Draft_6 = {
  "$schema": "http://json-schema.org/draft-06/schema#",
  "$id": "http://json-schema.org/draft-06/schema#",
  "title": "Core schema meta-schema",
  "definitions": {
    "schemaArray": {
      "type": "array",
      "minItems": 1,
      "items": { "$ref": "#" }
    },
    "nonNegativeInteger": {
      "type": "integer",
      "minimum": 0
    },
    "nonNegativeIntegerDefault0": {
      "allOf": [
        { "$ref": "#/definitions/nonNegativeInteger" },
        { "default": 0 }
      ]
    },
    "simpleTypes": {
      "enum": [
        "array",
        "boolean",
        "integer",
        "null",
        "number",
        "object",
        "string"
      ]
    },
    "stringArray": {
      "type": "array",
      "items": { "type": "string" },
      "uniqueItems": true,
      "default": []
    }
  },
  "type": ["object", "boolean"],
  "properties": {
    "$id": {
      "type": "string",
      "format": "uri-reference"
    },
    "$schema": {
      "type": "string",
      "format": "uri"
    },
    "$ref": {
      "type": "string",
      "format": "uri-reference"
    },
    "title": {
      "type": "string"
    },
    "description": {
      "type": "string"
    },
    "default": {},
    "examples": {
      "type": "array",
      "items": {}
    },
    "multipleOf": {
      "type": "number",
      "exclusiveMinimum": 0
    },
    "maximum": {
      "type": "number"
    },
    "exclusiveMaximum": {
      "type": "number"
    },
    "minimum": {
      "type": "number"
    },
    "exclusiveMinimum": {
      "type": "number"
    },
    "maxLength": { "$ref": "#/definitions/nonNegativeInteger" },
    "minLength": { "$ref": "#/definitions/nonNegativeIntegerDefault0" },
    "pattern": {
      "type": "string",
      "format": "regex"
    },
    "additionalItems": { "$ref": "#" },
    "items": {
      "anyOf": [
        { "$ref": "#" },
        { "$ref": "#/definitions/schemaArray" }
      ],
      "default": {}
    },
    "maxItems": { "$ref": "#/definitions/nonNegativeInteger" },
    "minItems": { "$ref": "#/definitions/nonNegativeIntegerDefault0" },
    "uniqueItems": {
      "type": "boolean",
      "default": false
    },
    "contains": { "$ref": "#" },
    "maxProperties": { "$ref": "#/definitions/nonNegativeInteger" },
    "minProperties": { "$ref": "#/definitions/nonNegativeIntegerDefault0" },
    "required": { "$ref": "#/definitions/stringArray" },
    "additionalProperties": { "$ref": "#" },
    "definitions": {
      "type": "object",
      "additionalProperties": { "$ref": "#" },
      "default": {}
    },
    "properties": {
      "type": "object",
      "additionalProperties": { "$ref": "#" },
      "default": {}
    },
    "patternProperties": {
      "type": "object",
      "additionalProperties": { "$ref": "#" },
      "propertyNames": { "format": "regex" },
      "default": {}
    },
    "dependencies": {
      "type": "object",
      "additionalProperties": {
        "anyOf": [
          { "$ref": "#" },
          { "$ref": "#/definitions/stringArray" }
        ]
      }
    },
    "propertyNames": { "$ref": "#" },
    "const": {},
    "enum": {
      "type": "array",
      "minItems": 1,
      "uniqueItems": true
    },
    "type": {
      "anyOf": [
        { "$ref": "#/definitions/simpleTypes" },
        {
          "type": "array",
          "items": { "$ref": "#/definitions/simpleTypes" },
          "minItems": 1,
          "uniqueItems": true
        }
      ]
    },
    "format": { "type": "string" },
    "allOf": { "$ref": "#/definitions/schemaArray" },
    "anyOf": { "$ref": "#/definitions/schemaArray" },
    "oneOf": { "$ref": "#/definitions/schemaArray" },
    "not": { "$ref": "#" }
  },
  "default": {}
};

// node_modules/typebox/build/schema/meta/draft_4.mjs
var Draft_4 = {
  "id": "http://json-schema.org/draft-04/schema#",
  "$schema": "http://json-schema.org/draft-04/schema#",
  "description": "Core schema meta-schema",
  "definitions": {
    "schemaArray": {
      "type": "array",
      "minItems": 1,
      "items": { "$ref": "#" }
    },
    "positiveInteger": {
      "type": "integer",
      "minimum": 0
    },
    "positiveIntegerDefault0": {
      "allOf": [{ "$ref": "#/definitions/positiveInteger" }, { "default": 0 }]
    },
    "simpleTypes": {
      "enum": ["array", "boolean", "integer", "null", "number", "object", "string"]
    },
    "stringArray": {
      "type": "array",
      "items": { "type": "string" },
      "minItems": 1,
      "uniqueItems": true
    }
  },
  "type": "object",
  "properties": {
    "id": {
      "type": "string"
    },
    "$schema": {
      "type": "string"
    },
    "title": {
      "type": "string"
    },
    "description": {
      "type": "string"
    },
    "default": {},
    "multipleOf": {
      "type": "number",
      "minimum": 0,
      "exclusiveMinimum": true
    },
    "maximum": {
      "type": "number"
    },
    "exclusiveMaximum": {
      "type": "boolean",
      "default": false
    },
    "minimum": {
      "type": "number"
    },
    "exclusiveMinimum": {
      "type": "boolean",
      "default": false
    },
    "maxLength": { "$ref": "#/definitions/positiveInteger" },
    "minLength": { "$ref": "#/definitions/positiveIntegerDefault0" },
    "pattern": {
      "type": "string",
      "format": "regex"
    },
    "additionalItems": {
      "anyOf": [
        { "type": "boolean" },
        { "$ref": "#" }
      ],
      "default": {}
    },
    "items": {
      "anyOf": [
        { "$ref": "#" },
        { "$ref": "#/definitions/schemaArray" }
      ],
      "default": {}
    },
    "maxItems": { "$ref": "#/definitions/positiveInteger" },
    "minItems": { "$ref": "#/definitions/positiveIntegerDefault0" },
    "uniqueItems": {
      "type": "boolean",
      "default": false
    },
    "maxProperties": { "$ref": "#/definitions/positiveInteger" },
    "minProperties": { "$ref": "#/definitions/positiveIntegerDefault0" },
    "required": { "$ref": "#/definitions/stringArray" },
    "additionalProperties": {
      "anyOf": [
        { "type": "boolean" },
        { "$ref": "#" }
      ],
      "default": {}
    },
    "definitions": {
      "type": "object",
      "additionalProperties": { "$ref": "#" },
      "default": {}
    },
    "properties": {
      "type": "object",
      "additionalProperties": { "$ref": "#" },
      "default": {}
    },
    "patternProperties": {
      "type": "object",
      "additionalProperties": { "$ref": "#" },
      "default": {}
    },
    "dependencies": {
      "type": "object",
      "additionalProperties": {
        "anyOf": [
          { "$ref": "#" },
          { "$ref": "#/definitions/stringArray" }
        ]
      }
    },
    "enum": {
      "type": "array",
      "minItems": 1,
      "uniqueItems": true
    },
    "type": {
      "anyOf": [
        { "$ref": "#/definitions/simpleTypes" },
        {
          "type": "array",
          "items": { "$ref": "#/definitions/simpleTypes" },
          "minItems": 1,
          "uniqueItems": true
        }
      ]
    },
    "format": { "type": "string" },
    "allOf": { "$ref": "#/definitions/schemaArray" },
    "anyOf": { "$ref": "#/definitions/schemaArray" },
    "oneOf": { "$ref": "#/definitions/schemaArray" },
    "not": { "$ref": "#" }
  },
  "dependencies": {
    "exclusiveMaximum": ["maximum"],
    "exclusiveMinimum": ["minimum"]
  },
  "default": {}
};

// node_modules/typebox/build/schema/meta/draft_3.mjs
var Draft_3 = {
  "$schema": "http://json-schema.org/draft-03/schema#",
  "id": "http://json-schema.org/draft-03/schema#",
  "type": "object",
  "properties": {
    "type": {
      "type": ["string", "array"],
      "items": {
        "type": ["string", { "$ref": "#" }]
      },
      "uniqueItems": true,
      "default": "any"
    },
    "properties": {
      "type": "object",
      "additionalProperties": { "$ref": "#" },
      "default": {}
    },
    "patternProperties": {
      "type": "object",
      "additionalProperties": { "$ref": "#" },
      "default": {}
    },
    "additionalProperties": {
      "type": [{ "$ref": "#" }, "boolean"],
      "default": {}
    },
    "items": {
      "type": [{ "$ref": "#" }, "array"],
      "items": { "$ref": "#" },
      "default": {}
    },
    "additionalItems": {
      "type": [{ "$ref": "#" }, "boolean"],
      "default": {}
    },
    "required": {
      "type": "boolean",
      "default": false
    },
    "dependencies": {
      "type": "object",
      "additionalProperties": {
        "type": ["string", "array", { "$ref": "#" }],
        "items": {
          "type": "string"
        }
      },
      "default": {}
    },
    "minimum": {
      "type": "number"
    },
    "maximum": {
      "type": "number"
    },
    "exclusiveMinimum": {
      "type": "boolean",
      "default": false
    },
    "exclusiveMaximum": {
      "type": "boolean",
      "default": false
    },
    "minItems": {
      "type": "integer",
      "minimum": 0,
      "default": 0
    },
    "maxItems": {
      "type": "integer",
      "minimum": 0
    },
    "uniqueItems": {
      "type": "boolean",
      "default": false
    },
    "pattern": {
      "type": "string",
      "format": "regex"
    },
    "minLength": {
      "type": "integer",
      "minimum": 0,
      "default": 0
    },
    "maxLength": {
      "type": "integer"
    },
    "enum": {
      "type": "array",
      "minItems": 1,
      "uniqueItems": true
    },
    "default": {
      "type": "any"
    },
    "title": {
      "type": "string"
    },
    "description": {
      "type": "string"
    },
    "format": {
      "type": "string"
    },
    "divisibleBy": {
      "type": "number",
      "minimum": 0,
      "exclusiveMinimum": true,
      "default": 1
    },
    "disallow": {
      "type": ["string", "array"],
      "items": {
        "type": ["string", { "$ref": "#" }]
      },
      "uniqueItems": true
    },
    "extends": {
      "type": [{ "$ref": "#" }, "array"],
      "items": { "$ref": "#" },
      "default": {}
    },
    "id": {
      "type": "string",
      "format": "uri"
    },
    "$ref": {
      "type": "string",
      "format": "uri"
    },
    "$schema": {
      "type": "string",
      "format": "uri"
    }
  },
  "dependencies": {
    "exclusiveMinimum": "minimum",
    "exclusiveMaximum": "maximum"
  },
  "default": {}
};

// node_modules/typebox/build/schema/meta/meta.mjs
var Meta = {
  "http://json-schema.org/draft-03/schema#": Draft_3,
  "http://json-schema.org/draft-04/schema#": Draft_4,
  "http://json-schema.org/draft-06/schema#": Draft_6,
  "http://json-schema.org/draft-07/schema#": Draft_7,
  "https://json-schema.org/draft/2019-09/schema": Draft_2019_09,
  "https://json-schema.org/draft/2020-12/schema": Draft_2020_12
};

// node_modules/typebox/build/schema/build.mjs
function CreateCode(build) {
  const functions = build.Functions().join(";\n");
  const statements = build.UseUnevaluated() ? ["const context = new CheckContext({}, {})", `return ${build.Entry()}`] : [`return ${build.Entry()}`];
  return `${functions}; return (value) => { ${statements.join("; ")} }`;
}
function CreateEvaluatedCheck(build, code) {
  const factory = environment_exports.Evaluate("CheckContext", "Guard", "Hashing", build.External().identifier, code);
  return factory(CheckContext, guard_exports, hash_exports, build.External().variables);
}
function CreateDynamicCheck(build) {
  const stack = Stack(build.Context(), build.Schema());
  const context = new CheckContext();
  return (value) => CheckSchema(stack, context, build.Schema(), value);
}
function CreateCheck(build, code) {
  return environment_exports.CanEvaluate() ? CreateEvaluatedCheck(build, code) : CreateDynamicCheck(build);
}
var EvaluateResult = class {
  constructor(isAccelerated, code, check) {
    this.isAccelerated = isAccelerated;
    this.code = code;
    this.check = check;
  }
  IsAccelerated() {
    return this.isAccelerated;
  }
  Code() {
    return this.code;
  }
  Check(value) {
    return this.check(value);
  }
};
var BuildResult = class {
  constructor(context, schema, external, functions, entry, useUnevaluated) {
    this.context = context;
    this.schema = schema;
    this.external = external;
    this.functions = functions;
    this.entry = entry;
    this.useUnevaluated = useUnevaluated;
  }
  /** Returns the Context used for this build */
  Context() {
    return this.context;
  }
  /** Returns the Schema used for this build */
  Schema() {
    return this.schema;
  }
  /** Returns true if this build requires a Unevaluated context */
  UseUnevaluated() {
    return this.useUnevaluated;
  }
  /** Returns external variables */
  External() {
    return this.external;
  }
  /** Returns check functions */
  Functions() {
    return this.functions;
  }
  /** Return entry function call. */
  Entry() {
    return this.entry;
  }
  /** Evaluates the build into a validation function */
  Evaluate() {
    const code = CreateCode(this);
    const check = CreateCheck(this, code);
    return new EvaluateResult(environment_exports.CanEvaluate(), code, check);
  }
};
function Build(...args) {
  const [context, schema] = arguments_exports.Match(args, {
    2: (context2, schema2) => [context2, schema2],
    1: (schema2) => [{}, schema2]
  });
  ResetUnique();
  ResetExternal();
  ResetFunctions();
  const stack = Stack(context, schema);
  const build = new BuildContext(HasUnevaluated(context, schema));
  const call = CreateFunction(stack, build, schema, "value");
  const functions = GetFunctions();
  const externals = GetExternal();
  return new BuildResult(context, schema, externals, functions, call, build.UseUnevaluated());
}

// node_modules/typebox/build/schema/errors.mjs
function Errors(...args) {
  const [context, schema, value] = arguments_exports.Match(args, {
    3: (context2, schema2, value2) => [context2, schema2, value2],
    2: (schema2, value2) => [{}, schema2, value2]
  });
  const stack = Stack(context, schema);
  const errorContext = new ErrorContext();
  const result = ErrorSchema(stack, errorContext, "#", "", schema, value);
  const errors = errorContext.GetErrors();
  const locale2 = Get2();
  const localized = errors.map((error) => ({ ...error, message: locale2(error) }));
  return [result, localized];
}

// node_modules/typebox/build/system/settings/internal.mjs
var TempMaxErrors = 0;
function EnableParseErrors() {
  const settings2 = Get();
  TempMaxErrors = settings2.maxErrors;
  settings2.maxErrors = settings2.maxParseErrors;
}
function DisableParseErrors() {
  const settings2 = Get();
  settings2.maxErrors = TempMaxErrors;
}

// node_modules/typebox/build/schema/check.mjs
function Check(...args) {
  const [context, schema, value] = arguments_exports.Match(args, {
    3: (context2, schema2, value2) => [context2, schema2, value2],
    2: (schema2, value2) => [{}, schema2, value2]
  });
  const stack = Stack(context, schema);
  const checkContext = new CheckContext();
  return CheckSchema(stack, checkContext, schema, value);
}

// node_modules/typebox/build/schema/parse.mjs
var ParseError = class {
  constructor(schema, value, errors) {
    this.schema = schema;
    this.value = value;
    this.errors = errors;
  }
};
function ThrowParseError(context, schema, value) {
  EnableParseErrors();
  const result = Errors(context, schema, value);
  DisableParseErrors();
  throw new ParseError(schema, value, result[1]);
}
function Parse(...args) {
  const [context, schema, value] = arguments_exports.Match(args, {
    3: (context2, schema2, value2) => [context2, schema2, value2],
    2: (schema2, value2) => [{}, schema2, value2]
  });
  if (Check(context, schema, value))
    return value;
  ThrowParseError(context, schema, value);
}

// node_modules/typebox/build/schema/compile.mjs
var Validator = class {
  constructor(context, schema) {
    this.evaluateResult = Build(context, schema).Evaluate();
    this.context = context;
    this.schema = schema;
  }
  /** Returns true if this Validator is using JIT acceleration. */
  IsAccelerated() {
    return this.evaluateResult.IsAccelerated();
  }
  /** Returns the underlying Schema used to construct this Validator. */
  Schema() {
    return this.schema;
  }
  /** Performs a type-guard check on the provided value. */
  Check(value) {
    return this.evaluateResult.Check(value);
  }
  /** Validates a value and returns it. Will throw if invalid. */
  Parse(value) {
    if (this.evaluateResult.Check(value))
      return value;
    ThrowParseError(this.context, this.schema, value);
  }
  /** Returns an array of validation errors for the given value. */
  Errors(value) {
    return Errors(this.context, this.schema, value);
  }
};
function Compile(...args) {
  const [context, schema] = arguments_exports.Match(args, {
    2: (context2, schema2) => [context2, schema2],
    1: (schema2) => [{}, schema2]
  });
  return new Validator(context, schema);
}

// node_modules/typebox/build/schema/index.mjs
var schema_default = schema_exports;

// node_modules/typebox/build/compile/code.mjs
function TsIgnore() {
  return `// @ts-ignore`;
}
function Separator() {
  return ``;
}
function ImportSection(build) {
  const context = build.UseUnevaluated() ? [`import { CheckContext } from "typebox/schema"`] : [];
  const hashing = `import { Hashing } from "typebox/system"`;
  const guard = `import { Guard } from "typebox/guard"`;
  return [...context, hashing, guard];
}
function ExternalSection(build) {
  const { identifier } = build.External();
  return [
    Separator(),
    TsIgnore(),
    `let ${identifier} = []`,
    Separator(),
    TsIgnore(),
    `export function SetExternal(external) { ${identifier} = external.variables }`
  ];
}
function FunctionSection(build) {
  return build.Functions().map((func) => [Separator(), TsIgnore(), `${func};`].join("\n"));
}
function ExportSection(build) {
  const body = build.UseUnevaluated() ? `const context = new CheckContext({}, {}); return ${build.Entry()}` : `return ${build.Entry()}`;
  return [
    Separator(),
    TsIgnore(),
    `export function Check(value) { ${body} }`
  ];
}
function Code(...args) {
  const [context, type] = arguments_exports.Match(args, {
    2: (context2, type2) => [context2, type2],
    1: (type2) => [{}, type2]
  });
  const build = Build(context, type);
  const code = [...ImportSection(build), ...ExternalSection(build), ...FunctionSection(build), ...ExportSection(build)].join("\n");
  return { External: build.External(), Code: code };
}

// node_modules/typebox/build/value/check/check.mjs
function Check2(...args) {
  const [context, type, value] = arguments_exports.Match(args, {
    3: (context2, type2, value2) => [context2, type2, value2],
    2: (type2, value2) => [{}, type2, value2]
  });
  return Check(context, type, value);
}

// node_modules/typebox/build/value/errors/errors.mjs
function Errors2(...args) {
  const [context, type, value] = arguments_exports.Match(args, {
    3: (context2, type2, value2) => [context2, type2, value2],
    2: (type2, value2) => [{}, type2, value2]
  });
  const [_, errors] = Errors(context, type, value);
  return errors;
}

// node_modules/typebox/build/value/assert/assert.mjs
var AssertError = class extends Error {
  constructor(source, value, errors) {
    super(source);
    Object.defineProperty(this, "cause", {
      value: { source, errors, value },
      writable: false,
      configurable: false,
      enumerable: false
    });
  }
};
function Assert(...args) {
  const [context, type, value] = arguments_exports.Match(args, {
    3: (context2, type2, value2) => [context2, type2, value2],
    2: (type2, value2) => [{}, type2, value2]
  });
  const check = Check2(context, type, value);
  if (!check)
    throw new AssertError("Assert", value, Errors2(context, type, value));
}

// node_modules/typebox/build/value/clean/from_array.mjs
function FromArray5(context, type, value) {
  if (!guard_exports.IsArray(value))
    return value;
  return value.map((value2) => FromType19(context, type.items, value2));
}

// node_modules/typebox/build/value/clean/from_cyclic.mjs
function FromCyclic6(context, type, value) {
  return FromType19({ ...context, ...type.$defs }, Ref(type.$ref), value);
}

// node_modules/typebox/build/value/clean/from_intersect.mjs
function EvaluateIntersection(context, type) {
  const additionalProperties = guard_exports.HasPropertyKey(type, "unevaluatedProperties") ? { additionalProperties: type.unevaluatedProperties } : {};
  const instantiated = Instantiate(context, type);
  const evaluated = Evaluate2(instantiated);
  return IsObject3(evaluated) ? With2(evaluated, additionalProperties) : evaluated;
}
function FromIntersect6(context, type, value) {
  const evaluated = EvaluateIntersection(context, type);
  return FromType19(context, evaluated, value);
}

// node_modules/typebox/build/value/clean/additional.mjs
function GetAdditionalProperties(type) {
  const additionalProperties = guard_exports.HasPropertyKey(type, "additionalProperties") ? type.additionalProperties : void 0;
  return additionalProperties;
}

// node_modules/typebox/build/value/clean/from_object.mjs
function FromObject9(context, type, value) {
  if (!guard_exports.IsObject(value) || guard_exports.IsArray(value))
    return value;
  const additionalProperties = GetAdditionalProperties(type);
  for (const key of guard_exports.Keys(value)) {
    if (guard_exports.HasPropertyKey(type.properties, key) && IsSchema(type.properties[key])) {
      value[key] = FromType19(context, type.properties[key], value[key]);
      continue;
    }
    const unknownCheck = (
      // 1. additionalProperties: true
      guard_exports.IsBoolean(additionalProperties) && guard_exports.IsEqual(additionalProperties, true) || IsSchema(additionalProperties) && Check2(context, additionalProperties, value[key])
    );
    if (unknownCheck) {
      value[key] = FromType19(context, additionalProperties, value[key]);
      continue;
    }
    delete value[key];
  }
  return value;
}

// node_modules/typebox/build/value/clean/from_record.mjs
function FromRecord3(context, type, value) {
  if (!guard_exports.IsObject(value))
    return value;
  const additionalProperties = GetAdditionalProperties(type);
  const [recordPattern, recordValue] = [new RegExp(RecordPattern(type)), RecordValue(type)];
  for (const key of guard_exports.Keys(value)) {
    if (recordPattern.test(key)) {
      value[key] = FromType19(context, recordValue, value[key]);
      continue;
    }
    const unknownCheck = (
      // 1. additionalProperties: true
      guard_exports.IsBoolean(additionalProperties) && guard_exports.IsEqual(additionalProperties, true) || IsSchema(additionalProperties) && Check2(context, additionalProperties, value[key])
    );
    if (unknownCheck) {
      value[key] = FromType19(context, additionalProperties, value[key]);
      continue;
    }
    delete value[key];
  }
  return value;
}

// node_modules/typebox/build/value/clean/from_ref.mjs
function FromRef6(context, type, value) {
  return guard_exports.HasPropertyKey(context, type.$ref) ? FromType19(context, context[type.$ref], value) : value;
}

// node_modules/typebox/build/value/clean/from_tuple.mjs
function FromTuple5(context, schema, value) {
  if (!guard_exports.IsArray(value))
    return value;
  const length = Math.min(value.length, schema.items.length);
  for (let index3 = 0; index3 < length; index3++) {
    value[index3] = FromType19(context, schema.items[index3], value[index3]);
  }
  return guard_exports.IsGreaterThan(value.length, length) ? value.slice(0, length) : value;
}

// node_modules/typebox/build/system/memory/deep.mjs
function FromClassInstance(value) {
  return value;
}
function IsSchemaObject2(value) {
  return guard_exports.HasPropertyKey(value, "~kind") || guard_exports.HasPropertyKey(value, "~unsafe");
}
function FromSchemaObject2(value) {
  const result = {};
  for (const key of guard_exports.Keys(value)) {
    if (guard_exports.IsUnsafePropertyKey(key))
      continue;
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    descriptor.value = FromValue2(descriptor.value);
    if (guard_exports.IsEqual(descriptor.enumerable, true)) {
      result[key] = descriptor.value;
    } else {
      Object.defineProperty(result, key, descriptor);
    }
  }
  return result;
}
function FromPlainObject(value) {
  const result = {};
  for (const key of guard_exports.Keys(value)) {
    if (guard_exports.IsUnsafePropertyKey(key))
      continue;
    result[key] = FromValue2(value[key]);
  }
  for (const key of guard_exports.Symbols(value)) {
    result[key] = FromValue2(value[key]);
  }
  return result;
}
function FromObject10(value) {
  return guard_exports.IsClassInstance(value) ? FromClassInstance(value) : IsSchemaObject2(value) ? FromSchemaObject2(value) : FromPlainObject(value);
}
function FromArray6(value) {
  return value.map((element) => FromValue2(element));
}
function FromTypedArray(value) {
  return value.slice();
}
function FromRegExp2(value) {
  return new RegExp(value.source, value.flags);
}
function FromMap(value) {
  return new Map(FromValue2([...value.entries()]));
}
function FromSet(value) {
  return new Set(FromValue2([...value.values()]));
}
function FromValue2(value) {
  return globals_exports.IsTypeArray(value) ? FromTypedArray(value) : globals_exports.IsRegExp(value) ? FromRegExp2(value) : globals_exports.IsMap(value) ? FromMap(value) : globals_exports.IsSet(value) ? FromSet(value) : guard_exports.IsArray(value) ? FromArray6(value) : guard_exports.IsObject(value) ? FromObject10(value) : value;
}
function Deep(value) {
  return FromValue2(value);
}

// node_modules/typebox/build/value/clone/clone.mjs
function Clone2(value) {
  return Deep(value);
}

// node_modules/typebox/build/value/clean/from_union.mjs
function FromUnion9(context, type, value) {
  for (const schema of type.anyOf) {
    const clean = FromType19(context, schema, Clone2(value));
    if (Check2(context, schema, clean))
      return clean;
  }
  return value;
}

// node_modules/typebox/build/value/clean/from_type.mjs
function FromType19(context, type, value) {
  return IsArray3(type) ? FromArray5(context, type, value) : IsCyclic(type) ? FromCyclic6(context, type, value) : IsIntersect(type) ? FromIntersect6(context, type, value) : IsObject3(type) ? FromObject9(context, type, value) : IsRecord(type) ? FromRecord3(context, type, value) : IsRef(type) ? FromRef6(context, type, value) : IsTuple(type) ? FromTuple5(context, type, value) : IsUnion(type) ? FromUnion9(context, type, value) : value;
}

// node_modules/typebox/build/value/shared/union_priority_sort.mjs
function Modifiers(type, next) {
  return memory_exports.Assign(type, next);
}
function FromProperties5(properties) {
  const result = {};
  for (const key of guard_default.Keys(properties))
    result[key] = FromType20(properties[key]);
  return result;
}
function FromRecordKey(type) {
  return String2({ pattern: RecordPattern(type) });
}
function FromPriorityTypes(types) {
  return FromTypes6(Priority(types));
}
function FromTypes6(types) {
  return types.map((type) => FromType20(type));
}
function FromType20(type) {
  const next = IsArray3(type) ? _Array_(FromType20(type.items), ArrayOptions(type)) : IsIntersect(type) ? Intersect(FromTypes6(type.allOf)) : IsUnion(type) ? Union(FromPriorityTypes(type.anyOf)) : IsObject3(type) ? _Object_(FromProperties5(type.properties)) : IsRecord(type) ? Record(FromRecordKey(type), FromType20(RecordValue(type))) : IsTuple(type) ? Tuple(FromTypes6(type.items)) : type;
  return Modifiers(type, next);
}
function UnionPrioritySort(type) {
  const result = FromType20(type);
  return result;
}

// node_modules/typebox/build/value/clean/clean.mjs
function Clean(...args) {
  const [context, type, value] = arguments_exports.Match(args, {
    3: (context2, type2, value2) => [context2, type2, value2],
    2: (type2, value2) => [{}, type2, value2]
  });
  const sorted = settings_exports.Get().unionPrioritySort ? UnionPrioritySort(type) : type;
  return FromType19(context, sorted, value);
}

// node_modules/typebox/build/value/convert/try/try.mjs
var try_exports = {};
__export(try_exports, {
  Fail: () => Fail,
  IsOk: () => IsOk,
  Ok: () => Ok,
  TryArray: () => TryArray,
  TryBigInt: () => TryBigInt,
  TryBoolean: () => TryBoolean,
  TryNull: () => TryNull,
  TryNumber: () => TryNumber,
  TryString: () => TryString,
  TryUndefined: () => TryUndefined
});

// node_modules/typebox/build/value/convert/try/try_result.mjs
function IsOk(value) {
  return guard_exports.IsObject(value) && guard_exports.HasPropertyKey(value, "value");
}
function Ok(value) {
  return { value };
}
function Fail() {
  return void 0;
}

// node_modules/typebox/build/value/convert/try/try_array.mjs
function TryArray(value) {
  return guard_exports.IsArray(value) ? Ok(value) : Ok([value]);
}

// node_modules/typebox/build/value/convert/try/try_bigint.mjs
function FromBoolean2(value) {
  return guard_exports.IsEqual(value, true) ? Ok(BigInt(1)) : Ok(BigInt(0));
}
var bigintPattern = /^-?(0|[1-9]\d*)n$/;
var decimalPattern = /^-?(0|[1-9]\d*)\.\d+$/;
var integerPattern = /^-?(0|[1-9]\d*)$/;
function IsStringBigIntLike(value) {
  return bigintPattern.test(value);
}
function IsStringDecimalLike(value) {
  return decimalPattern.test(value);
}
function IsStringIntegerLike(value) {
  return integerPattern.test(value);
}
function FromString2(value) {
  const lowercase = value.toLowerCase();
  return IsStringBigIntLike(value) ? Ok(BigInt(value.slice(0, value.length - 1))) : IsStringDecimalLike(value) ? Ok(BigInt(value.split(".")[0])) : IsStringIntegerLike(value) ? Ok(BigInt(value)) : guard_exports.IsEqual(lowercase, "false") ? Ok(BigInt(0)) : guard_exports.IsEqual(lowercase, "true") ? Ok(BigInt(1)) : Fail();
}
function TryBigInt(value) {
  return guard_exports.IsBigInt(value) ? Ok(value) : guard_exports.IsBoolean(value) ? FromBoolean2(value) : guard_exports.IsNumber(value) ? Ok(BigInt(Math.trunc(value))) : guard_exports.IsNull(value) ? Ok(BigInt(0)) : guard_exports.IsString(value) ? FromString2(value) : guard_exports.IsUndefined(value) ? Ok(BigInt(0)) : Fail();
}

// node_modules/typebox/build/value/convert/try/try_boolean.mjs
function FromBigInt2(value) {
  return guard_exports.IsEqual(value, BigInt(0)) ? Ok(false) : guard_exports.IsEqual(value, BigInt(1)) ? Ok(true) : Fail();
}
function FromNumber2(value) {
  return guard_exports.IsEqual(value, 0) ? Ok(false) : guard_exports.IsEqual(value, 1) ? Ok(true) : Fail();
}
function FromString3(value) {
  return guard_exports.IsEqual(value.toLowerCase(), "false") ? Ok(false) : guard_exports.IsEqual(value.toLowerCase(), "true") ? Ok(true) : guard_exports.IsEqual(value, "0") ? Ok(false) : guard_exports.IsEqual(value, "1") ? Ok(true) : Fail();
}
function TryBoolean(value) {
  return guard_exports.IsBigInt(value) ? FromBigInt2(value) : guard_exports.IsBoolean(value) ? Ok(value) : guard_exports.IsNumber(value) ? FromNumber2(value) : guard_exports.IsNull(value) ? Ok(false) : guard_exports.IsString(value) ? FromString3(value) : guard_exports.IsUndefined(value) ? Ok(false) : Fail();
}

// node_modules/typebox/build/value/convert/try/try_null.mjs
function FromBigInt3(value) {
  return guard_exports.IsEqual(value, BigInt(0)) ? Ok(null) : Fail();
}
function FromBoolean3(value) {
  return guard_exports.IsEqual(value, false) ? Ok(null) : Fail();
}
function FromNumber3(value) {
  return guard_exports.IsEqual(value, 0) ? Ok(null) : Fail();
}
function FromString4(value) {
  const lowercase = value.toLowerCase();
  const predicate = guard_exports.IsEqual(lowercase, "undefined") || guard_exports.IsEqual(lowercase, "null") || guard_exports.IsEqual(value, "") || guard_exports.IsEqual(value, "0");
  return predicate ? Ok(null) : Fail();
}
function TryNull(value) {
  return guard_exports.IsBigInt(value) ? FromBigInt3(value) : guard_exports.IsBoolean(value) ? FromBoolean3(value) : guard_exports.IsNumber(value) ? FromNumber3(value) : guard_exports.IsNull(value) ? Ok(null) : guard_exports.IsString(value) ? FromString4(value) : guard_exports.IsUndefined(value) ? Ok(null) : Fail();
}

// node_modules/typebox/build/value/convert/try/try_number.mjs
var maxBigInt = BigInt(Number.MAX_SAFE_INTEGER);
var minBigInt = BigInt(Number.MIN_SAFE_INTEGER);
function FromBigInt4(value) {
  return value <= maxBigInt && value >= minBigInt ? Ok(Number(value)) : Fail();
}
function FromBoolean4(value) {
  return Ok(value ? 1 : 0);
}
function FromString5(value) {
  const coerced = +value;
  if (guard_exports.IsNumber(coerced))
    return Ok(coerced);
  const lowercase = value.toLowerCase();
  if (guard_exports.IsEqual(lowercase, "false"))
    return Ok(0);
  if (guard_exports.IsEqual(lowercase, "true"))
    return Ok(1);
  const result = TryBigInt(value);
  if (IsOk(result))
    return result.value <= maxBigInt && result.value >= minBigInt ? Ok(Number(result.value)) : Fail();
  return Fail();
}
function TryNumber(value) {
  return guard_exports.IsBigInt(value) ? FromBigInt4(value) : guard_exports.IsBoolean(value) ? FromBoolean4(value) : guard_exports.IsNumber(value) ? Ok(value) : guard_exports.IsNull(value) ? Ok(0) : guard_exports.IsString(value) ? FromString5(value) : guard_exports.IsUndefined(value) ? Ok(0) : Fail();
}

// node_modules/typebox/build/value/convert/try/try_string.mjs
function TryString(value) {
  return guard_exports.IsBigInt(value) ? Ok(value.toString()) : guard_exports.IsBoolean(value) ? Ok(value.toString()) : guard_exports.IsNumber(value) ? Ok(value.toString()) : guard_exports.IsNull(value) ? Ok("null") : guard_exports.IsString(value) ? Ok(value) : guard_exports.IsUndefined(value) ? Ok("") : Fail();
}

// node_modules/typebox/build/value/convert/try/try_undefined.mjs
function FromBigInt5(value) {
  return guard_exports.IsEqual(value, BigInt(0)) ? Ok(void 0) : Fail();
}
function FromBoolean5(value) {
  return guard_exports.IsEqual(value, false) ? Ok(void 0) : Fail();
}
function FromNumber4(value) {
  return guard_exports.IsEqual(value, 0) ? Ok(void 0) : Fail();
}
function FromString6(value) {
  const lowercase = value.toLowerCase();
  const predicate = guard_exports.IsEqual(lowercase, "undefined") || guard_exports.IsEqual(lowercase, "null") || guard_exports.IsEqual(value, "") || guard_exports.IsEqual(value, "0");
  return predicate ? Ok(void 0) : Fail();
}
function TryUndefined(value) {
  return guard_exports.IsBigInt(value) ? FromBigInt5(value) : guard_exports.IsBoolean(value) ? FromBoolean5(value) : guard_exports.IsNumber(value) ? FromNumber4(value) : guard_exports.IsNull(value) ? Ok(void 0) : guard_exports.IsString(value) ? FromString6(value) : guard_exports.IsUndefined(value) ? Ok(value) : Fail();
}

// node_modules/typebox/build/value/convert/from_array.mjs
function FromArray7(context, type, value) {
  const result = try_exports.TryArray(value);
  return result.value.map((value2) => FromType21(context, type.items, value2));
}

// node_modules/typebox/build/value/convert/from_bigint.mjs
function FromBigInt6(_context, _type, value) {
  const result = try_exports.TryBigInt(value);
  return try_exports.IsOk(result) ? result.value : value;
}

// node_modules/typebox/build/value/convert/from_boolean.mjs
function FromBoolean6(_context, _type, value) {
  const result = try_exports.TryBoolean(value);
  return try_exports.IsOk(result) ? result.value : value;
}

// node_modules/typebox/build/value/convert/from_cyclic.mjs
function FromCyclic7(context, type, value) {
  return FromType21({ ...context, ...type.$defs }, Ref(type.$ref), value);
}

// node_modules/typebox/build/value/convert/from_enum.mjs
function FromEnum3(context, type, value) {
  return FromType21(context, Evaluate2(type), value);
}

// node_modules/typebox/build/value/convert/from_integer.mjs
function FromInteger(_context, _type, value) {
  const result = try_exports.TryNumber(value);
  return try_exports.IsOk(result) ? Math.trunc(result.value) : value;
}

// node_modules/typebox/build/value/convert/from_intersect.mjs
function FromIntersect7(context, type, value) {
  const instantiated = Instantiate(context, type);
  const evaluated = Evaluate2(instantiated);
  return FromType21(context, evaluated, value);
}

// node_modules/typebox/build/value/convert/from_literal.mjs
function FromLiteralBigInt(_context, type, value) {
  const result = try_exports.TryBigInt(value);
  return try_exports.IsOk(result) && guard_exports.IsEqual(type.const, result.value) ? result.value : value;
}
function FromLiteralBoolean(_context, type, value) {
  const result = try_exports.TryBoolean(value);
  return try_exports.IsOk(result) && guard_exports.IsEqual(type.const, result.value) ? result.value : value;
}
function FromLiteralNumber(_context, type, value) {
  const result = try_exports.TryNumber(value);
  return try_exports.IsOk(result) && guard_exports.IsEqual(type.const, result.value) ? result.value : value;
}
function FromLiteralString(_context, type, value) {
  const result = try_exports.TryString(value);
  return try_exports.IsOk(result) && guard_exports.IsEqual(type.const, result.value) ? result.value : value;
}
function FromLiteral6(context, type, value) {
  if (guard_exports.IsEqual(type.const, value))
    return value;
  return IsLiteralBigInt(type) ? FromLiteralBigInt(context, type, value) : IsLiteralBoolean(type) ? FromLiteralBoolean(context, type, value) : IsLiteralNumber(type) ? FromLiteralNumber(context, type, value) : IsLiteralString(type) ? FromLiteralString(context, type, value) : Unreachable();
}

// node_modules/typebox/build/value/convert/from_null.mjs
function FromNull2(_context, _type, value) {
  const result = try_exports.TryNull(value);
  return try_exports.IsOk(result) ? result.value : value;
}

// node_modules/typebox/build/value/convert/from_number.mjs
function FromNumber5(_context, _type, value) {
  const result = try_exports.TryNumber(value);
  return try_exports.IsOk(result) ? result.value : value;
}

// node_modules/typebox/build/value/convert/from_additional.mjs
function FromAdditionalProperties2(context, entries, additionalProperties, value) {
  const keys = guard_exports.Keys(value);
  for (const [regexp, _] of entries) {
    for (const key of keys) {
      if (!regexp.test(key)) {
        value[key] = FromType21(context, additionalProperties, value[key]);
      }
    }
  }
  return value;
}

// node_modules/typebox/build/value/shared/optional_undefined.mjs
function IsOptionalUndefined(property, key, value) {
  return IsOptional(property) && guard_exports.IsUndefined(value[key]);
}

// node_modules/typebox/build/value/convert/from_object.mjs
function FromProperties6(context, type, value) {
  const entries = guard_exports.EntriesRegExp(type.properties);
  const keys = guard_exports.Keys(value);
  for (const [regexp, property] of entries) {
    for (const key of keys) {
      if (!regexp.test(key) || IsOptionalUndefined(property, key, value))
        continue;
      value[key] = FromType21(context, property, value[key]);
    }
  }
  return guard_exports.HasPropertyKey(type, "additionalProperties") && guard_exports.IsObject(type.additionalProperties) ? FromAdditionalProperties2(context, entries, type.additionalProperties, value) : value;
}
function FromObject11(context, type, value) {
  return guard_exports.IsObjectNotArray(value) ? FromProperties6(context, type, value) : value;
}

// node_modules/typebox/build/value/convert/from_record.mjs
function FromPatternProperties2(context, type, value) {
  const entries = guard_exports.EntriesRegExp(type.patternProperties);
  const keys = guard_exports.Keys(value);
  for (const [regexp, schema] of entries) {
    for (const key of keys) {
      if (regexp.test(key)) {
        value[key] = FromType21(context, schema, value[key]);
      }
    }
  }
  return guard_exports.HasPropertyKey(type, "additionalProperties") && guard_exports.IsObject(type.additionalProperties) ? FromAdditionalProperties2(context, entries, type.additionalProperties, value) : value;
}
function FromRecord4(context, type, value) {
  return guard_exports.IsObjectNotArray(value) ? FromPatternProperties2(context, type, value) : value;
}

// node_modules/typebox/build/value/convert/from_ref.mjs
function FromRef7(context, type, value) {
  return guard_exports.HasPropertyKey(context, type.$ref) ? FromType21(context, context[type.$ref], value) : value;
}

// node_modules/typebox/build/value/convert/from_string.mjs
function FromString7(_context, _type, value) {
  const result = try_exports.TryString(value);
  return try_exports.IsOk(result) ? result.value : value;
}

// node_modules/typebox/build/value/convert/from_template_literal.mjs
function FromTemplateLiteral4(context, type, value) {
  return FromType21(context, Evaluate2(type), value);
}

// node_modules/typebox/build/value/convert/from_tuple.mjs
function FromTuple6(context, type, value) {
  if (!guard_exports.IsArray(value))
    return value;
  for (let index3 = 0; index3 < Math.min(type.items.length, value.length); index3++) {
    value[index3] = FromType21(context, type.items[index3], value[index3]);
  }
  return value;
}

// node_modules/typebox/build/value/convert/from_undefined.mjs
function FromUndefined2(_context, _type, value) {
  const result = try_exports.TryUndefined(value);
  return try_exports.IsOk(result) ? result.value : value;
}

// node_modules/typebox/build/value/convert/from_union.mjs
function FromUnion10(context, type, value) {
  const matched = type.anyOf.some((type2) => Check2(context, type2, value));
  if (matched)
    return value;
  const candidates = type.anyOf.map((type2) => FromType21(context, type2, Clone2(value)));
  const selected = candidates.find((value2) => Check2(context, type, value2));
  return guard_exports.IsUndefined(selected) ? value : selected;
}

// node_modules/typebox/build/value/convert/from_void.mjs
function FromVoid(_context, _type, value) {
  const result = try_exports.TryUndefined(value);
  return try_exports.IsOk(result) ? void 0 : value;
}

// node_modules/typebox/build/value/convert/from_type.mjs
function FromType21(context, type, value) {
  return IsArray3(type) ? FromArray7(context, type, value) : IsBigInt3(type) ? FromBigInt6(context, type, value) : IsBoolean4(type) ? FromBoolean6(context, type, value) : IsCyclic(type) ? FromCyclic7(context, type, value) : IsEnum(type) ? FromEnum3(context, type, value) : IsInteger3(type) ? FromInteger(context, type, value) : IsIntersect(type) ? FromIntersect7(context, type, value) : IsLiteral(type) ? FromLiteral6(context, type, value) : IsNull3(type) ? FromNull2(context, type, value) : IsNumber4(type) ? FromNumber5(context, type, value) : IsObject3(type) ? FromObject11(context, type, value) : IsRecord(type) ? FromRecord4(context, type, value) : IsRef(type) ? FromRef7(context, type, value) : IsString4(type) ? FromString7(context, type, value) : IsTemplateLiteral(type) ? FromTemplateLiteral4(context, type, value) : IsTuple(type) ? FromTuple6(context, type, value) : IsUndefined3(type) ? FromUndefined2(context, type, value) : IsUnion(type) ? FromUnion10(context, type, value) : IsVoid(type) ? FromVoid(context, type, value) : value;
}

// node_modules/typebox/build/value/convert/convert.mjs
function Convert(...args) {
  const [context, type, value] = arguments_exports.Match(args, {
    3: (context2, type2, value2) => [context2, type2, value2],
    2: (type2, value2) => [{}, type2, value2]
  });
  return FromType21(context, type, value);
}

// node_modules/typebox/build/value/default/from_array.mjs
function FromArray8(context, type, value) {
  if (!guard_exports.IsArray(value))
    return value;
  for (let i = 0; i < value.length; i++) {
    value[i] = FromType22(context, type.items, value[i]);
  }
  return value;
}

// node_modules/typebox/build/value/default/from_cyclic.mjs
function FromCyclic8(context, type, value) {
  return FromType22({ ...context, ...type.$defs }, Ref(type.$ref), value);
}

// node_modules/typebox/build/value/default/from_default.mjs
function FromDefault(type, value) {
  if (!guard_exports.IsUndefined(value))
    return value;
  return guard_exports.IsFunction(type.default) ? type.default() : Clone2(type.default);
}

// node_modules/typebox/build/value/default/from_intersect.mjs
function FromIntersect8(context, type, value) {
  const instantiated = Instantiate(context, type);
  const evaluated = Evaluate2(instantiated);
  return FromType22(context, evaluated, value);
}

// node_modules/typebox/build/value/default/from_object.mjs
function FromObject12(context, type, value) {
  if (!guard_exports.IsObject(value))
    return value;
  const knownPropertyKeys = guard_exports.Keys(type.properties);
  for (const key of knownPropertyKeys) {
    const propertyValue = FromType22(context, type.properties[key], value[key]);
    const isUnassignableUndefined = guard_exports.IsUndefined(propertyValue) && (IsOptional(type.properties[key]) || !guard_exports.HasPropertyKey(type.properties[key], "default"));
    if (isUnassignableUndefined)
      continue;
    value[key] = propertyValue;
  }
  if (!IsAdditionalProperties(type) || guard_exports.IsBoolean(type.additionalProperties))
    return value;
  for (const key of guard_exports.Keys(value)) {
    if (knownPropertyKeys.includes(key))
      continue;
    value[key] = FromType22(context, type.additionalProperties, value[key]);
  }
  return value;
}

// node_modules/typebox/build/value/default/from_record.mjs
function FromRecord5(context, type, value) {
  if (!guard_exports.IsObject(value))
    return value;
  const [recordKey, recordValue] = [new RegExp(RecordPattern(type)), RecordValue(type)];
  for (const key of guard_exports.Keys(value)) {
    if (!(recordKey.test(key) && IsDefault(recordValue)))
      continue;
    value[key] = FromType22(context, recordValue, value[key]);
  }
  if (!IsAdditionalProperties(type))
    return value;
  for (const key of guard_exports.Keys(value)) {
    if (recordKey.test(key))
      continue;
    value[key] = FromType22(context, type.additionalProperties, value[key]);
  }
  return value;
}

// node_modules/typebox/build/value/default/from_ref.mjs
function FromRef8(context, type, value) {
  return guard_exports.HasPropertyKey(context, type.$ref) ? FromType22(context, context[type.$ref], value) : value;
}

// node_modules/typebox/build/value/default/from_tuple.mjs
function FromTuple7(context, schema, value) {
  if (!guard_exports.IsArray(value))
    return value;
  const [items, max] = [schema.items, Math.max(schema.items.length, value.length)];
  for (let i = 0; i < max; i++) {
    if (i < items.length)
      value[i] = FromType22(context, items[i], value[i]);
  }
  return value;
}

// node_modules/typebox/build/value/default/from_union.mjs
function FromUnion11(context, schema, value) {
  for (const inner of schema.anyOf) {
    const result = FromType22(context, inner, Clone2(value));
    if (Check2(context, inner, result)) {
      return result;
    }
  }
  return value;
}

// node_modules/typebox/build/value/default/from_type.mjs
function FromType22(context, type, value) {
  const defaulted = IsDefault(type) ? FromDefault(type, value) : value;
  return IsArray3(type) ? FromArray8(context, type, defaulted) : IsCyclic(type) ? FromCyclic8(context, type, defaulted) : IsIntersect(type) ? FromIntersect8(context, type, defaulted) : IsObject3(type) ? FromObject12(context, type, defaulted) : IsRecord(type) ? FromRecord5(context, type, defaulted) : IsRef(type) ? FromRef8(context, type, defaulted) : IsTuple(type) ? FromTuple7(context, type, defaulted) : IsUnion(type) ? FromUnion11(context, type, defaulted) : defaulted;
}

// node_modules/typebox/build/value/default/default.mjs
function Default(...args) {
  const [context, type, value] = arguments_exports.Match(args, {
    3: (context2, type2, value2) => [context2, type2, value2],
    2: (type2, value2) => [{}, type2, value2]
  });
  return FromType22(context, type, value);
}

// node_modules/typebox/build/value/pipeline/pipeline.mjs
function Pipeline(pipeline) {
  return (...args) => {
    const [context, type, value] = arguments_exports.Match(args, {
      3: (context2, type2, value2) => [context2, type2, value2],
      2: (type2, value2) => [{}, type2, value2]
    });
    return pipeline.reduce((result, func) => func(context, type, result), value);
  };
}

// node_modules/typebox/build/value/codec/callback.mjs
function Decode3(_context, type, value) {
  return type["~codec"].decode(value);
}
function Encode3(_context, type, value) {
  return type["~codec"].encode(value);
}
function Callback(direction, context, type, value) {
  if (!IsCodec(type))
    return value;
  return guard_exports.IsEqual(direction, "Decode") ? Decode3(context, type, value) : Encode3(context, type, value);
}

// node_modules/typebox/build/value/codec/from_array.mjs
function Decode4(direction, context, type, value) {
  if (!guard_exports.IsArray(value))
    return value;
  for (let i = 0; i < value.length; i++) {
    value[i] = FromType23(direction, context, type.items, value[i]);
  }
  return Callback(direction, context, type, value);
}
function Encode4(direction, context, type, value) {
  const exterior = Callback(direction, context, type, value);
  if (!guard_exports.IsArray(exterior))
    return exterior;
  for (let i = 0; i < exterior.length; i++) {
    exterior[i] = FromType23(direction, context, type.items, exterior[i]);
  }
  return exterior;
}
function FromArray9(direction, context, type, value) {
  return guard_exports.IsEqual(direction, "Decode") ? Decode4(direction, context, type, value) : Encode4(direction, context, type, value);
}

// node_modules/typebox/build/value/codec/from_cyclic.mjs
function FromCyclic9(direction, context, type, value) {
  value = FromType23(direction, { ...context, ...type.$defs }, Ref(type.$ref), value);
  return Callback(direction, context, type, value);
}

// node_modules/typebox/build/value/codec/from_intersect.mjs
function MergeInteriors(interiors) {
  return interiors.reduce((results, interior) => ({ ...results, ...interior }), {});
}
function NonMatchingInterior(value, interiors) {
  for (const interior of interiors)
    if (!guard_exports.IsDeepEqual(value, interior))
      return interior;
  return value;
}
function Decode5(direction, context, type, value) {
  if (guard_exports.IsEqual(type.allOf.length, 0))
    return Callback(direction, context, type, value);
  const interiors = type.allOf.map((schema) => FromType23(direction, context, schema, Clean(schema, Clone2(value))));
  const structural = interiors.every((result) => guard_exports.IsObject(result));
  const exterior = structural ? MergeInteriors(interiors) : NonMatchingInterior(value, interiors);
  return Callback(direction, context, type, exterior);
}
function Encode5(direction, context, type, value) {
  if (guard_exports.IsEqual(type.allOf.length, 0))
    return Callback(direction, context, type, value);
  const exterior = Callback(direction, context, type, value);
  const interiors = type.allOf.map((schema) => FromType23(direction, context, schema, Clean(schema, Clone2(exterior))));
  const structural = interiors.every((result) => guard_exports.IsObject(result));
  if (structural)
    return MergeInteriors(interiors);
  return NonMatchingInterior(exterior, interiors);
}
function FromIntersect9(direction, context, type, value) {
  return guard_exports.IsEqual(direction, "Decode") ? Decode5(direction, context, type, value) : Encode5(direction, context, type, value);
}

// node_modules/typebox/build/value/codec/from_object.mjs
function Decode6(direction, context, type, value) {
  if (!guard_exports.IsObjectNotArray(value))
    return value;
  for (const key of guard_exports.Keys(type.properties)) {
    if (!guard_exports.HasPropertyKey(value, key) || IsOptionalUndefined(type.properties[key], key, value))
      continue;
    value[key] = FromType23(direction, context, type.properties[key], value[key]);
  }
  return Callback(direction, context, type, value);
}
function Encode6(direction, context, type, value) {
  const exterior = Callback(direction, context, type, value);
  if (!guard_exports.IsObjectNotArray(exterior))
    return exterior;
  for (const key of guard_exports.Keys(type.properties)) {
    if (!guard_exports.HasPropertyKey(exterior, key) || IsOptionalUndefined(type.properties[key], key, exterior))
      continue;
    exterior[key] = FromType23(direction, context, type.properties[key], exterior[key]);
  }
  return exterior;
}
function FromObject13(direction, context, type, value) {
  return guard_exports.IsEqual(direction, "Decode") ? Decode6(direction, context, type, value) : Encode6(direction, context, type, value);
}

// node_modules/typebox/build/value/codec/from_record.mjs
function Decode7(direction, context, type, value) {
  if (!guard_exports.IsObjectNotArray(value))
    return value;
  const regexp = new RegExp(RecordPattern(type));
  for (const key of guard_exports.Keys(value)) {
    if (!regexp.test(key))
      continue;
    value[key] = FromType23(direction, context, RecordValue(type), value[key]);
  }
  return Callback(direction, context, type, value);
}
function Encode7(direction, context, type, value) {
  const exterior = Callback(direction, context, type, value);
  if (!guard_exports.IsObjectNotArray(exterior))
    return exterior;
  const regexp = new RegExp(RecordPattern(type));
  for (const key of guard_exports.Keys(exterior)) {
    if (!regexp.test(key))
      continue;
    exterior[key] = FromType23(direction, context, RecordValue(type), exterior[key]);
  }
  return exterior;
}
function FromRecord6(direction, context, type, value) {
  return guard_exports.IsEqual(direction, "Decode") ? Decode7(direction, context, type, value) : Encode7(direction, context, type, value);
}

// node_modules/typebox/build/value/codec/from_ref.mjs
function ResolveRef2(direction, context, type, value) {
  return guard_exports.HasPropertyKey(context, type.$ref) ? FromType23(direction, context, context[type.$ref], value) : value;
}
function FromRef9(direction, context, type, value) {
  return guard_exports.IsEqual(direction, "Decode") ? Callback(direction, context, type, ResolveRef2(direction, context, type, value)) : ResolveRef2(direction, context, type, Callback(direction, context, type, value));
}

// node_modules/typebox/build/value/codec/from_tuple.mjs
function Decode8(direction, context, type, value) {
  if (!guard_exports.IsArray(value))
    return value;
  for (let i = 0; i < Math.min(type.items.length, value.length); i++) {
    value[i] = FromType23(direction, context, type.items[i], value[i]);
  }
  return Callback(direction, context, type, value);
}
function Encode8(direction, context, type, value) {
  const exterior = Callback(direction, context, type, value);
  if (!guard_exports.IsArray(exterior))
    return value;
  for (let i = 0; i < Math.min(type.items.length, exterior.length); i++) {
    exterior[i] = FromType23(direction, context, type.items[i], exterior[i]);
  }
  return exterior;
}
function FromTuple8(direction, context, type, value) {
  return guard_exports.IsEqual(direction, "Decode") ? Decode8(direction, context, type, value) : Encode8(direction, context, type, value);
}

// node_modules/typebox/build/value/codec/from_union.mjs
function Decode9(direction, context, type, value) {
  for (const schema of type.anyOf) {
    if (!Check2(context, schema, value))
      continue;
    const variant = FromType23(direction, context, schema, value);
    return Callback(direction, context, type, variant);
  }
  return value;
}
function Encode9(direction, context, type, value) {
  const exterior = Callback(direction, context, type, value);
  for (const schema of type.anyOf) {
    const variant = FromType23(direction, context, schema, Clone2(exterior));
    if (!Check2(context, schema, variant))
      continue;
    return variant;
  }
  return exterior;
}
function FromUnion12(direction, context, type, value) {
  return guard_exports.IsEqual(direction, "Decode") ? Decode9(direction, context, type, value) : Encode9(direction, context, type, value);
}

// node_modules/typebox/build/value/codec/from_type.mjs
function FromType23(direction, context, type, value) {
  return IsArray3(type) ? FromArray9(direction, context, type, value) : IsCyclic(type) ? FromCyclic9(direction, context, type, value) : IsIntersect(type) ? FromIntersect9(direction, context, type, value) : IsObject3(type) ? FromObject13(direction, context, type, value) : IsRecord(type) ? FromRecord6(direction, context, type, value) : IsRef(type) ? FromRef9(direction, context, type, value) : IsTuple(type) ? FromTuple8(direction, context, type, value) : IsUnion(type) ? FromUnion12(direction, context, type, value) : Callback(direction, context, type, value);
}

// node_modules/typebox/build/value/codec/decode.mjs
var DecodeError = class extends AssertError {
  constructor(value, errors) {
    super("Decode", value, errors);
  }
};
function Assert2(context, type, value) {
  if (!Check2(context, type, value))
    throw new DecodeError(value, Errors2(context, type, value));
  return value;
}
function DecodeUnsafe(context, type, value) {
  const sorted = settings_exports.Get().unionPrioritySort ? UnionPrioritySort(type) : type;
  return FromType23("Decode", context, sorted, value);
}
var Decoder = Pipeline([
  (_context, _type, value) => Clone2(value),
  (context, type, value) => Default(context, type, value),
  (context, type, value) => Convert(context, type, value),
  (context, type, value) => Clean(context, type, value),
  (context, type, value) => Assert2(context, type, value),
  (context, type, value) => DecodeUnsafe(context, type, value)
]);
function Decode10(...args) {
  const [context, type, value] = arguments_exports.Match(args, {
    3: (context2, type2, value2) => [context2, type2, value2],
    2: (type2, value2) => [{}, type2, value2]
  });
  return Decoder(context, type, value);
}

// node_modules/typebox/build/value/codec/encode.mjs
var EncodeError = class extends AssertError {
  constructor(value, errors) {
    super("Encode", value, errors);
  }
};
function Assert3(context, type, value) {
  if (!Check2(context, type, value))
    throw new EncodeError(value, Errors2(context, type, value));
  return value;
}
function EncodeUnsafe(context, type, value) {
  const sorted = settings_exports.Get().unionPrioritySort ? UnionPrioritySort(type) : type;
  return FromType23("Encode", context, sorted, value);
}
var Encoder = Pipeline([
  (_context, _type, value) => Clone2(value),
  (context, type, value) => EncodeUnsafe(context, type, value),
  (context, type, value) => Default(context, type, value),
  (context, type, value) => Convert(context, type, value),
  (context, type, value) => Clean(context, type, value),
  (context, type, value) => Assert3(context, type, value)
]);
function Encode10(...args) {
  const [context, type, value] = arguments_exports.Match(args, {
    3: (context2, type2, value2) => [context2, type2, value2],
    2: (type2, value2) => [{}, type2, value2]
  });
  return Encoder(context, type, value);
}

// node_modules/typebox/build/value/codec/has.mjs
function FromArray10(context, type) {
  return IsCodec(type) || FromType24(context, type.items);
}
function FromCyclic10(context, type) {
  return IsCodec(type) || FromRef10({ ...context, ...type.$defs }, Ref(type.$ref));
}
function FromIntersect10(context, type) {
  return IsCodec(type) || type.allOf.some((type2) => FromType24(context, type2));
}
function FromObject14(context, type) {
  return IsCodec(type) || guard_exports.Keys(type.properties).some((key) => {
    return FromType24(context, type.properties[key]);
  });
}
function FromRecord7(context, type) {
  return IsCodec(type) || FromType24(context, RecordValue(type));
}
function FromRef10(context, type) {
  if (visited.has(type.$ref))
    return false;
  visited.add(type.$ref);
  return IsCodec(type) || guard_exports.HasPropertyKey(context, type.$ref) && FromType24(context, context[type.$ref]);
}
function FromTuple9(context, type) {
  return IsCodec(type) || type.items.some((type2) => FromType24(context, type2));
}
function FromUnion13(context, type) {
  return IsCodec(type) || type.anyOf.some((type2) => FromType24(context, type2));
}
function FromType24(context, type) {
  return IsArray3(type) ? FromArray10(context, type) : IsCyclic(type) ? FromCyclic10(context, type) : IsIntersect(type) ? FromIntersect10(context, type) : IsObject3(type) ? FromObject14(context, type) : IsRecord(type) ? FromRecord7(context, type) : IsRef(type) ? FromRef10(context, type) : IsTuple(type) ? FromTuple9(context, type) : IsUnion(type) ? FromUnion13(context, type) : IsCodec(type);
}
var visited = /* @__PURE__ */ new Set();
function HasCodec(...args) {
  const [context, type] = arguments_exports.Match(args, {
    2: (context2, type2) => [context2, type2],
    1: (type2) => [{}, type2]
  });
  visited.clear();
  return FromType24(context, type);
}

// node_modules/typebox/build/value/create/error.mjs
var CreateError = class extends Error {
  constructor(type, message) {
    super(message);
    this.type = type;
  }
};

// node_modules/typebox/build/value/create/from_default.mjs
function FromDefault2(_context, schema) {
  return guard_exports.IsFunction(schema.default) ? schema.default(schema) : guard_exports.IsObject(schema.default) ? Clone2(schema.default) : schema.default;
}

// node_modules/typebox/build/value/create/from_array.mjs
function FromArray11(context, type) {
  if (IsUniqueItems(type) && !IsDefault(type))
    throw new CreateError(type, "Arrays with uniqueItems constraints must specify a default annotation");
  const length = IsMinItems(type) ? type.minItems : 0;
  return Array.from({ length }, () => FromType25(context, type.items));
}

// node_modules/typebox/build/value/create/from_bigint.mjs
function FromBigInt7(_context, type) {
  return IsExclusiveMinimum(type) ? BigInt(type.exclusiveMinimum) + BigInt(1) : IsMinimum(type) ? BigInt(type.minimum) : BigInt(0);
}

// node_modules/typebox/build/value/create/from_boolean.mjs
function FromBoolean7(_context, _type) {
  return false;
}

// node_modules/typebox/build/value/create/from_constructor.mjs
function FromConstructor2(context, type) {
  const instanceType = FromType25(context, type.instanceType);
  return class {
    constructor() {
      Object.assign(this, instanceType);
    }
  };
}

// node_modules/typebox/build/value/create/from_cyclic.mjs
function FromCyclic11(context, type) {
  return FromType25({ ...context, ...type.$defs }, Ref(type.$ref));
}

// node_modules/typebox/build/value/create/from_enum.mjs
function FromEnum4(context, type) {
  return FromType25(context, Evaluate2(type));
}

// node_modules/typebox/build/value/create/from_function.mjs
function FromFunction2(context, type) {
  const returnType = FromType25(context, type.returnType);
  return () => returnType;
}

// node_modules/typebox/build/value/create/from_integer.mjs
function FromInteger2(_context, type) {
  return IsExclusiveMinimum(type) && guard_exports.IsNumber(type.exclusiveMinimum) ? type.exclusiveMinimum + 1 : IsMinimum(type) ? type.minimum : 0;
}

// node_modules/typebox/build/value/create/from_intersect.mjs
function FromIntersect11(context, type) {
  const instantiated = Instantiate(context, type);
  const evaluated = Evaluate2(instantiated);
  return FromType25(context, evaluated);
}

// node_modules/typebox/build/value/create/from_literal.mjs
function FromLiteral7(_context, type) {
  return type.const;
}

// node_modules/typebox/build/value/create/from_never.mjs
function FromNever(_context, type) {
  throw new CreateError(type, "Cannot create TNever types");
}

// node_modules/typebox/build/value/create/from_null.mjs
function FromNull3(_context, _type) {
  return null;
}

// node_modules/typebox/build/value/create/from_number.mjs
function FromNumber6(_context, type) {
  return IsExclusiveMinimum(type) && guard_exports.IsNumber(type.exclusiveMinimum) ? type.exclusiveMinimum + 1 : IsMinimum(type) ? type.minimum : 0;
}

// node_modules/typebox/build/value/create/from_object.mjs
function FromObject15(context, type) {
  const required = guard_exports.IsUndefined(type.required) ? [] : type.required;
  return required.reduce((result, key) => {
    return { ...result, [key]: FromType25(context, type.properties[key]) };
  }, {});
}

// node_modules/typebox/build/value/create/from_record.mjs
function FromRecord8(_context, type) {
  if (IsMinProperties(type) && !IsDefault(type))
    throw new CreateError(type, "Record with the minProperties constraint must have a default annotation");
  return {};
}

// node_modules/typebox/build/value/create/from_ref.mjs
function FromRef11(context, type) {
  return guard_exports.HasPropertyKey(context, type.$ref) ? FromType25(context, context[type.$ref]) : (() => {
    throw new CreateError(type, "Unable to deref Ref");
  })();
}

// node_modules/typebox/build/value/create/from_string.mjs
function FromString8(_context, type) {
  const needsDefault = (IsPattern(type) || IsFormat(type)) && !IsDefault(type);
  if (needsDefault)
    throw Error("Strings with format or pattern constraints must specify default");
  const minLength = IsMinLength4(type) ? type.minLength : 0;
  return "".padEnd(minLength);
}

// node_modules/typebox/build/value/create/from_symbol.mjs
function FromSymbol2(_context, _type) {
  return Symbol();
}

// node_modules/typebox/build/value/create/from_template_literal.mjs
function FromTemplateLiteral5(context, type) {
  const decoded = TemplateLiteralDecode(type.pattern);
  if (IsString4(decoded))
    throw new CreateError(type, "Unable to create TemplateLiteral due to infinite type expansion");
  return FromType25(context, decoded);
}

// node_modules/typebox/build/value/create/from_tuple.mjs
function FromTuple10(context, type) {
  return Array.from({ length: type.minItems }, (_, i) => FromType25(context, type.items[i]));
}

// node_modules/typebox/build/value/create/from_undefined.mjs
function FromUndefined3(_context, _type) {
  return void 0;
}

// node_modules/typebox/build/value/create/from_union.mjs
function FromUnion14(context, type) {
  if (guard_exports.IsEqual(type.anyOf.length, 0)) {
    throw Error("Unable to create Union with no variants");
  }
  return FromType25(context, type.anyOf[0]);
}

// node_modules/typebox/build/value/create/from_void.mjs
function FromVoid2(_context, _type) {
  return void 0;
}

// node_modules/typebox/build/value/create/from_type.mjs
function FromType25(context, type) {
  return (
    // -----------------------------------------------------
    // Default
    // -----------------------------------------------------
    IsDefault(type) ? FromDefault2(context, type) : (
      // -----------------------------------------------------
      // Types
      // -----------------------------------------------------
      IsArray3(type) ? FromArray11(context, type) : IsBigInt3(type) ? FromBigInt7(context, type) : IsBoolean4(type) ? FromBoolean7(context, type) : IsConstructor3(type) ? FromConstructor2(context, type) : IsCyclic(type) ? FromCyclic11(context, type) : IsEnum(type) ? FromEnum4(context, type) : IsFunction3(type) ? FromFunction2(context, type) : IsInteger3(type) ? FromInteger2(context, type) : IsIntersect(type) ? FromIntersect11(context, type) : IsLiteral(type) ? FromLiteral7(context, type) : IsNever(type) ? FromNever(context, type) : IsNull3(type) ? FromNull3(context, type) : IsNumber4(type) ? FromNumber6(context, type) : IsObject3(type) ? FromObject15(context, type) : IsRecord(type) ? FromRecord8(context, type) : IsRef(type) ? FromRef11(context, type) : IsString4(type) ? FromString8(context, type) : IsSymbol3(type) ? FromSymbol2(context, type) : IsTemplateLiteral(type) ? FromTemplateLiteral5(context, type) : IsTuple(type) ? FromTuple10(context, type) : IsUndefined3(type) ? FromUndefined3(context, type) : IsUnion(type) ? FromUnion14(context, type) : IsVoid(type) ? FromVoid2(context, type) : void 0
    )
  );
}

// node_modules/typebox/build/value/create/create.mjs
function Create2(...args) {
  const [context, type] = arguments_exports.Match(args, {
    2: (context2, type2) => [context2, type2],
    1: (type2) => [{}, type2]
  });
  return FromType25(context, type);
}

// node_modules/typebox/build/value/equal/equal.mjs
function Equal(left, right) {
  return guard_exports.IsDeepEqual(left, right);
}

// node_modules/typebox/build/value/hash/hash.mjs
function Hash2(value) {
  return hash_exports.Hash(value);
}

// node_modules/typebox/build/value/parse/parse.mjs
var ParseError2 = class extends AssertError {
  constructor(value, errors) {
    super("Parse", value, errors);
  }
};
function Assert4(context, type, value) {
  EnableParseErrors();
  const errors = Errors2(context, type, value);
  DisableParseErrors();
  if (!Check2(context, type, value))
    throw new ParseError2(value, errors);
  return value;
}
var Parser = Pipeline([
  (_context, _type, value) => Clone2(value),
  (context, type, value) => Default(context, type, value),
  (context, type, value) => Convert(context, type, value),
  (context, type, value) => Clean(context, type, value),
  (context, type, value) => Assert4(context, type, value)
]);
function Parse2(...args) {
  const [context, type, value] = arguments_exports.Match(args, {
    3: (context2, type2, value2) => [context2, type2, value2],
    2: (type2, value2) => [{}, type2, value2]
  });
  const checked = Check2(context, type, value);
  if (checked)
    return value;
  if (settings_exports.Get().correctiveParse)
    return Parser(context, type, value);
  EnableParseErrors();
  const errors = Errors2(context, type, value);
  DisableParseErrors();
  throw new ParseError2(value, errors);
}

// node_modules/typebox/build/value/delta/diff.mjs
function CreateUpdate(path, value) {
  return { type: "update", path, value };
}
function CreateInsert(path, value) {
  return { type: "insert", path, value };
}
function CreateDelete(path) {
  return { type: "delete", path };
}
function AssertCanDiffObject(value) {
  if (guard_exports.IsObject(value) && guard_exports.IsEqual(guard_exports.Symbols(value).length, 0))
    return;
  throw new Error("Cannot create diffs for objects with symbols keys");
}
function* FromObject16(path, left, right) {
  if (!guard_exports.IsObject(right) || guard_exports.IsArray(right))
    return yield CreateUpdate(path, right);
  AssertCanDiffObject(left);
  AssertCanDiffObject(right);
  const leftKeys = guard_exports.Keys(left);
  const rightKeys = guard_exports.Keys(right);
  for (const key of rightKeys) {
    if (guard_exports.HasPropertyKey(left, key))
      continue;
    if (guard_exports.IsUnsafePropertyKey(key))
      continue;
    yield CreateInsert(`${path}/${key}`, right[key]);
  }
  for (const key of leftKeys) {
    if (!guard_exports.HasPropertyKey(right, key))
      continue;
    if (guard_exports.IsUnsafePropertyKey(key))
      continue;
    if (Equal(left, right))
      continue;
    yield* FromValue3(`${path}/${key}`, left[key], right[key]);
  }
  for (const key of leftKeys) {
    if (guard_exports.HasPropertyKey(right, key))
      continue;
    if (guard_exports.IsUnsafePropertyKey(key))
      continue;
    yield CreateDelete(`${path}/${key}`);
  }
}
function* FromArray12(path, left, right) {
  if (!guard_exports.IsArray(right))
    return yield CreateUpdate(path, right);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    yield* FromValue3(`${path}/${i}`, left[i], right[i]);
  }
  for (let i = 0; i < right.length; i++) {
    if (i < left.length)
      continue;
    yield CreateInsert(`${path}/${i}`, right[i]);
  }
  for (let i = left.length - 1; i >= 0; i--) {
    if (i < right.length)
      continue;
    yield CreateDelete(`${path}/${i}`);
  }
}
function* FromTypedArray2(path, left, right) {
  const typeLeft = globalThis.Object.getPrototypeOf(left).constructor.name;
  const typeRight = globalThis.Object.getPrototypeOf(right).constructor.name;
  const predicate = globals_exports.IsTypeArray(right) && guard_exports.IsEqual(left.length, right.length) && guard_exports.IsEqual(typeLeft, typeRight);
  if (predicate) {
    for (let index3 = 0; index3 < Math.min(left.length, right.length); index3++) {
      yield* FromValue3(`${path}/${index3}`, left[index3], right[index3]);
    }
  } else {
    return yield CreateUpdate(path, right);
  }
}
function* FromUnknown(path, left, right) {
  if (left === right)
    return;
  yield CreateUpdate(path, right);
}
function* FromValue3(path, left, right) {
  return globals_exports.IsTypeArray(left) ? yield* FromTypedArray2(path, left, right) : guard_exports.IsArray(left) ? yield* FromArray12(path, left, right) : guard_exports.IsObject(left) ? yield* FromObject16(path, left, right) : yield* FromUnknown(path, left, right);
}
function Diff(current, next) {
  return [...FromValue3("", current, next)];
}

// node_modules/typebox/build/value/delta/edit.mjs
var Insert2 = _Object_({
  type: Literal("insert"),
  path: String2(),
  value: Unknown()
});
var Update2 = Object({
  type: Literal("update"),
  path: String2(),
  value: Unknown()
});
var Delete2 = _Object_({
  type: Literal("delete"),
  path: String2()
});
var Edit = Union([Insert2, Update2, Delete2]);

// node_modules/typebox/build/value/delta/patch.mjs
function IsRoot(edits) {
  return edits.length > 0 && edits[0].path === "" && edits[0].type === "update";
}
function IsEmpty(edits) {
  return edits.length === 0;
}
function Patch(current, edits) {
  if (IsRoot(edits))
    return Clone2(edits[0].value);
  if (IsEmpty(edits))
    return Clone2(current);
  const clone = Clone2(current);
  for (const edit of edits) {
    switch (edit.type) {
      case "insert": {
        pointer_exports.Set(clone, edit.path, edit.value);
        break;
      }
      case "update": {
        pointer_exports.Set(clone, edit.path, edit.value);
        break;
      }
      case "delete": {
        pointer_exports.Delete(clone, edit.path);
        break;
      }
    }
  }
  return clone;
}

// node_modules/typebox/build/value/repair/error.mjs
var RepairError = class extends Error {
  constructor(context, type, value, message) {
    super(message);
    this.context = context;
    this.type = type;
    this.value = value;
  }
};

// node_modules/typebox/build/value/repair/from_array.mjs
function MakeUnique(values) {
  const [hashes, result] = [/* @__PURE__ */ new Set(), []];
  for (const value of values) {
    const hash = Hash2(value);
    if (hashes.has(hash))
      continue;
    hashes.add(hash);
    result.push(value);
  }
  return result;
}
function FromArray13(context, type, value) {
  if (Check2(context, type, value))
    return value;
  const created = guard_exports.IsArray(value) ? value : Create2(context, type);
  const minimum = IsMinItems(type) && created.length < type.minItems ? [...created, ...Array.from({ length: type.minItems - created.length }, () => Create2(context, type))] : created;
  const maximum = IsMaxItems(type) && minimum.length > type.maxItems ? minimum.slice(0, type.maxItems) : minimum;
  const repaired = maximum.map((value2) => FromType26(context, type.items, value2));
  if (!IsUniqueItems(type) || IsUniqueItems(type) && !guard_exports.IsEqual(type.uniqueItems, true))
    return repaired;
  const unique = MakeUnique(repaired);
  if (!Check2(context, type, unique))
    throw new RepairError(context, type, value, "Failed to repair Array due to uniqueItems constraint");
  return unique;
}

// node_modules/typebox/build/value/repair/from_enum.mjs
function FromEnum5(context, type, value) {
  return FromType26(context, Evaluate2(type), value);
}

// node_modules/typebox/build/value/repair/from_intersect.mjs
function FromIntersect12(context, type, value) {
  const instantiated = Instantiate(context, type);
  const evaluated = Evaluate2(instantiated);
  return FromType26(context, evaluated, value);
}

// node_modules/typebox/build/value/repair/from_object.mjs
function FromObject17(context, type, value) {
  if (Check2(context, type, value))
    return value;
  if (!guard_exports.IsObjectNotArray(value))
    return Create2(context, type);
  const required = new Set(guard_exports.IsUndefined(type.required) ? [] : type.required);
  const result = {};
  for (const [key, schema] of guard_exports.Entries(type.properties)) {
    if (!required.has(key) && guard_exports.IsUndefined(value[key]))
      continue;
    result[key] = key in value ? FromType26(context, schema, value[key]) : Create2(context, schema);
  }
  const evaluatedKeys = guard_exports.Keys(type.properties);
  if (IsAdditionalProperties(type) && guard_exports.IsObject(type.additionalProperties)) {
    for (const key of guard_exports.Keys(value)) {
      if (evaluatedKeys.includes(key))
        continue;
      result[key] = FromType26(context, type.additionalProperties, value[key]);
    }
  }
  return result;
}

// node_modules/typebox/build/value/repair/from_record.mjs
function FromRecord9(context, type, value) {
  if (Check2(context, type, value))
    return value;
  if (guard_exports.IsNull(value) || !guard_exports.IsObject(value) || guard_exports.IsArray(value))
    return Create2(context, type);
  const recordKey = new RegExp(RecordPattern(type));
  const recordValue = RecordValue(type);
  const evaluatedKeys = /* @__PURE__ */ new Set();
  const result = {};
  for (const [key, value_] of guard_exports.Entries(value)) {
    if (!recordKey.test(key))
      continue;
    result[key] = FromType26(context, recordValue, value_);
    evaluatedKeys.add(key);
  }
  if (IsAdditionalProperties(type)) {
    for (const key of guard_exports.Keys(value)) {
      if (evaluatedKeys.has(key))
        continue;
      result[key] = FromType26(context, type.additionalProperties, value[key]);
    }
  }
  return result;
}

// node_modules/typebox/build/value/repair/from_ref.mjs
function FromRef12(context, type, value) {
  return guard_exports.HasPropertyKey(context, type.$ref) ? FromType26(context, context[type.$ref], value) : (() => {
    throw new RepairError(context, type, value, "Unable to de-reference target type");
  })();
}

// node_modules/typebox/build/value/repair/from_template_literal.mjs
function FromTemplateLiteral6(context, type, value) {
  const decoded = TemplateLiteralDecode(type.pattern);
  return FromType26(context, decoded, value);
}

// node_modules/typebox/build/value/repair/from_tuple.mjs
function FromTuple11(context, schema, value) {
  if (Check2(context, schema, value))
    return value;
  if (!guard_exports.IsArray(value))
    return Create2(context, schema);
  return schema.items.map((schema2, index3) => FromType26(context, schema2, value[index3]));
}

// node_modules/typebox/build/value/shared/union_score_select.mjs
function Deref(context, type, value) {
  return IsRef(type) ? guard_exports.HasPropertyKey(context, type.$ref) ? Deref(context, context[type.$ref], value) : (() => {
    throw new Error("Unable to Deref target");
  })() : type;
}
function ScoreVariant(context, type, value) {
  if (!(IsObject3(type) && guard_exports.IsObject(value)))
    return 0;
  const keys = guard_exports.Keys(value);
  const entries = guard_exports.Entries(type.properties);
  return entries.reduce((result, [key, schema]) => {
    const literal = IsLiteral(schema) && guard_exports.IsEqual(schema.const, value[key]) ? 100 : 0;
    const checks = Check2(context, schema, value[key]) ? 10 : 0;
    const exists = keys.includes(key) ? 1 : 0;
    return result + (literal + checks + exists);
  }, 0);
}
function UnionScoreSelect(context, type, value) {
  const schemas = type.anyOf.map((schema) => Deref(context, schema, value));
  let [select, best] = [schemas[0], 0];
  for (const schema of schemas) {
    const score = ScoreVariant(context, schema, value);
    if (score > best) {
      select = schema;
      best = score;
    }
  }
  return select;
}

// node_modules/typebox/build/value/repair/from_union.mjs
function RepairUnion(context, type, value) {
  const union = Union(Flatten(type.anyOf));
  const schema = UnionScoreSelect(context, union, value);
  return FromType26(context, schema, value);
}
function FromUnion15(context, type, value) {
  if (Check2(context, type, value))
    return Clone2(value);
  if (IsDefault(type))
    return Create2(context, type);
  return RepairUnion(context, type, value);
}

// node_modules/typebox/build/value/repair/from_unknown.mjs
function FromUnknown2(context, type, value) {
  if (Check2(context, type, value))
    return value;
  const converted = Convert(context, type, value);
  if (Check2(context, type, converted))
    return converted;
  return Create2(context, type);
}

// node_modules/typebox/build/value/repair/from_type.mjs
function AssertRepairableValue(context, type, value) {
  const unsupported = globals_exports.IsDate(value) || globals_exports.IsMap(value) || globals_exports.IsSet(value) || globals_exports.IsTypeArray(value) || guard_exports.IsConstructor(value) || guard_exports.IsFunction(value);
  if (unsupported) {
    throw new RepairError(context, type, value, "Value is not repairable");
  }
}
function AssertRepairableType(context, type, value) {
  const unsupported = IsConstructor3(type) || IsFunction3(type) || IsNever(type);
  if (unsupported) {
    throw new RepairError(context, type, value, "Type is not repairable");
  }
}
function CreateWhenUndefined(context, type, value) {
  return guard_exports.IsUndefined(value) && !IsUndefined3(type) ? Create2(context, type) : value;
}
function FinalizeRepair(context, type, repaired) {
  return IsRefine(type) ? Check2(context, type, repaired) ? repaired : Create2(context, type) : repaired;
}
function FromType26(context, type, value) {
  AssertRepairableValue(context, type, value);
  AssertRepairableType(context, type, value);
  const candidate = CreateWhenUndefined(context, type, value);
  const repaired = IsArray3(type) ? FromArray13(context, type, candidate) : IsEnum(type) ? FromEnum5(context, type, candidate) : IsIntersect(type) ? FromIntersect12(context, type, candidate) : IsObject3(type) ? FromObject17(context, type, candidate) : IsRecord(type) ? FromRecord9(context, type, candidate) : IsRef(type) ? FromRef12(context, type, candidate) : IsTemplateLiteral(type) ? FromTemplateLiteral6(context, type, candidate) : IsTuple(type) ? FromTuple11(context, type, candidate) : IsUnion(type) ? FromUnion15(context, type, candidate) : FromUnknown2(context, type, candidate);
  return FinalizeRepair(context, type, repaired);
}

// node_modules/typebox/build/value/repair/repair.mjs
function Repair(...args) {
  const [context, type, value] = arguments_exports.Match(args, {
    3: (context2, type2, value2) => [context2, type2, value2],
    2: (type2, value2) => [{}, type2, value2]
  });
  const repaired = FromType26(context, type, value);
  Assert(context, type, repaired);
  return repaired;
}

// node_modules/typebox/build/value/value.mjs
var value_exports = {};
__export(value_exports, {
  Assert: () => Assert,
  Check: () => Check2,
  Clean: () => Clean,
  Clone: () => Clone2,
  Convert: () => Convert,
  Create: () => Create2,
  Decode: () => Decode10,
  Default: () => Default,
  Diff: () => Diff,
  Encode: () => Encode10,
  Equal: () => Equal,
  Errors: () => Errors2,
  HasCodec: () => HasCodec,
  Hash: () => Hash2,
  Parse: () => Parse2,
  Patch: () => Patch,
  Pointer: () => pointer_exports,
  Repair: () => Repair
});

// node_modules/typebox/build/value/index.mjs
var value_default = value_exports;

// node_modules/typebox/build/compile/validator.mjs
var Validator2 = class {
  /** Constructs a Validator. */
  constructor(context, type) {
    this.hasCodec = HasCodec(context, type);
    this.buildResult = Build(context, type);
    this.evaluateResult = this.buildResult.Evaluate();
  }
  // ----------------------------------------------------------------
  // IsAccelerated
  // ----------------------------------------------------------------
  /** Returns true if this Validator is using JIT acceleration. */
  IsAccelerated() {
    return this.evaluateResult.IsAccelerated();
  }
  // ----------------------------------------------------------------
  // Context & Type
  // ----------------------------------------------------------------
  /** Returns the Context for this validator. */
  Context() {
    return this.buildResult.Context();
  }
  /** Returns the underlying Type used to construct this Validator. */
  Type() {
    return this.buildResult.Schema();
  }
  // ----------------------------------------------------------------
  // Code
  // ----------------------------------------------------------------
  /** Returns the generated code for this validator. */
  Code() {
    return this.evaluateResult.Code();
  }
  // ----------------------------------------------------------------
  // Standard Validator
  // ----------------------------------------------------------------
  /** Performs a type-guard check on the provided value. */
  Check(value) {
    return this.evaluateResult.Check(value);
  }
  /** Validates a value and returns it. Will throw if invalid. */
  Parse(value) {
    const checked = this.Check(value);
    if (checked)
      return value;
    if (settings_exports.Get().correctiveParse)
      return Parser(this.Context(), this.Type(), value);
    EnableParseErrors();
    const errors = this.Errors(value);
    DisableParseErrors();
    throw new ParseError2(value, errors);
  }
  /** Returns an array of validation errors for the given value. */
  Errors(value) {
    if (this.IsAccelerated() && this.Check(value))
      return [];
    return Errors2(this.Context(), this.Type(), value);
  }
  // ----------------------------------------------------------------
  // Value.* Operations
  // ----------------------------------------------------------------
  /** Cleans a value using the Validator type. */
  Clean(value) {
    return Clean(this.Context(), this.Type(), value);
  }
  /** Converts a value using the Validator type. */
  Convert(value) {
    return Convert(this.Context(), this.Type(), value);
  }
  /** Creates a value using the Validator type. */
  Create() {
    return Create2(this.Context(), this.Type());
  }
  /** Creates defaults using the Validator type. */
  Default(value) {
    return Default(this.Context(), this.Type(), value);
  }
  /** Decodes a value */
  Decode(value) {
    const result = this.hasCodec ? Decode10(this.Context(), this.Type(), value) : this.Parse(value);
    return result;
  }
  /** Encodes a value */
  Encode(value) {
    const result = this.hasCodec ? Encode10(this.Context(), this.Type(), value) : this.Parse(value);
    return result;
  }
};

// node_modules/typebox/build/compile/compile.mjs
function Compile2(...args) {
  const [context, type] = arguments_exports.Match(args, {
    2: (context2, type2) => [context2, type2],
    1: (type2) => [{}, type2]
  });
  return new Validator2(context, type);
}

// node_modules/typebox/build/compile/index.mjs
var compile_default = Compile2;

// node_modules/typebox/build/error/errors.mjs
function IsValidationError(value) {
  return guard_exports.IsObject(value) && guard_exports.HasPropertyKey(value, "keyword") && guard_exports.HasPropertyKey(value, "schemaPath") && guard_exports.HasPropertyKey(value, "instancePath") && guard_exports.HasPropertyKey(value, "params") && guard_exports.IsString(value.keyword) && guard_exports.IsString(value.schemaPath) && guard_exports.IsString(value.instancePath) && guard_exports.IsObject(value.params);
}
function IsLocalizedValidationError(value) {
  return IsValidationError(value) && guard_exports.HasPropertyKey(value, "message") && guard_exports.IsString(value.message);
}
export {
  Code as compile$Code,
  Compile2 as compile$Compile,
  Validator2 as compile$Validator,
  compile_default as compile$default,
  IsLocalizedValidationError as error$IsLocalizedValidationError,
  IsValidationError as error$IsValidationError,
  Clear as format$Clear,
  Entries3 as format$Entries,
  format_exports as format$Format,
  Get4 as format$Get,
  Has2 as format$Has,
  IsDate2 as format$IsDate,
  IsDateTime as format$IsDateTime,
  IsDuration as format$IsDuration,
  IsEmail as format$IsEmail,
  IsHostname2 as format$IsHostname,
  IsIPv4 as format$IsIPv4,
  IsIPv6 as format$IsIPv6,
  IsIdnEmail as format$IsIdnEmail,
  IsIdnHostname2 as format$IsIdnHostname,
  IsIri as format$IsIri,
  IsIriReference as format$IsIriReference,
  IsJsonPointer as format$IsJsonPointer,
  IsJsonPointerUriFragment as format$IsJsonPointerUriFragment,
  IsRegex as format$IsRegex,
  IsRelativeJsonPointer as format$IsRelativeJsonPointer,
  IsTime as format$IsTime,
  IsUri as format$IsUri,
  IsUriReference as format$IsUriReference,
  IsUriTemplate as format$IsUriTemplate,
  IsUrl as format$IsUrl,
  IsUuid as format$IsUuid,
  Reset3 as format$Reset,
  Set5 as format$Set,
  Test as format$Test,
  format_default as format$default,
  emit_exports as guard$EmitGuard,
  globals_exports as guard$GlobalsGuard,
  guard_exports as guard$Guard,
  native_exports as guard$NativeGuard,
  guard_default as guard$default,
  AddImmutable as root$AddImmutable,
  AddImmutableDeferred as root$AddImmutableDeferred,
  AddOptional as root$AddOptional,
  AddOptionalDeferred as root$AddOptionalDeferred,
  AddReadonly as root$AddReadonly,
  AddReadonlyDeferred as root$AddReadonlyDeferred,
  Any as root$Any,
  _Array_ as root$Array,
  ArrayOptions as root$ArrayOptions,
  BigInt2 as root$BigInt,
  BigIntPattern as root$BigIntPattern,
  Boolean2 as root$Boolean,
  Broaden as root$Broaden,
  Call2 as root$Call,
  CallConstruct as root$CallConstruct,
  Capitalize as root$Capitalize,
  CapitalizeAction as root$CapitalizeAction,
  CapitalizeDeferred as root$CapitalizeDeferred,
  CapitalizeInstantiate as root$CapitalizeInstantiate,
  Codec as root$Codec,
  CollapseToObject as root$CollapseToObject,
  Compare as root$Compare,
  CompareResultDisjoint as root$CompareResultDisjoint,
  CompareResultEqual as root$CompareResultEqual,
  CompareResultLeftInside as root$CompareResultLeftInside,
  CompareResultRightInside as root$CompareResultRightInside,
  Composite as root$Composite,
  Conditional as root$Conditional,
  ConditionalAction as root$ConditionalAction,
  ConditionalDeferred as root$ConditionalDeferred,
  ConditionalInstantiate as root$ConditionalInstantiate,
  Constructor as root$Constructor,
  ConstructorOptions as root$ConstructorOptions,
  ConstructorParameters as root$ConstructorParameters,
  ConstructorParametersAction as root$ConstructorParametersAction,
  ConstructorParametersDeferred as root$ConstructorParametersDeferred,
  ConstructorParametersInstantiate as root$ConstructorParametersInstantiate,
  ConvertToIntegerKey as root$ConvertToIntegerKey,
  Cyclic as root$Cyclic,
  CyclicCandidates as root$CyclicCandidates,
  CyclicCheck as root$CyclicCheck,
  CyclicDependencies as root$CyclicDependencies,
  CyclicExtends as root$CyclicExtends,
  CyclicOptions as root$CyclicOptions,
  CyclicTarget as root$CyclicTarget,
  Decode as root$Decode,
  DecodeBuilder as root$DecodeBuilder,
  Deferred as root$Deferred,
  Dependent as root$Dependent,
  DependentOptions as root$DependentOptions,
  Distribute as root$Distribute,
  Encode as root$Encode,
  EncodeBuilder as root$EncodeBuilder,
  Enum as root$Enum,
  Evaluate2 as root$Evaluate,
  EvaluateAction as root$EvaluateAction,
  EvaluateDeferred as root$EvaluateDeferred,
  EvaluateDependent as root$EvaluateDependent,
  EvaluateEnum as root$EvaluateEnum,
  EvaluateInstantiate as root$EvaluateInstantiate,
  EvaluateIntersect as root$EvaluateIntersect,
  EvaluatePropertyIntersect as root$EvaluatePropertyIntersect,
  EvaluatePropertyUnion as root$EvaluatePropertyUnion,
  EvaluateTemplateLiteral as root$EvaluateTemplateLiteral,
  EvaluateType as root$EvaluateType,
  EvaluateUnion as root$EvaluateUnion,
  EvaluateUnionFast as root$EvaluateUnionFast,
  Exclude as root$Exclude,
  ExcludeAction as root$ExcludeAction,
  ExcludeDeferred as root$ExcludeDeferred,
  ExcludeInstantiate as root$ExcludeInstantiate,
  Extends as root$Extends,
  result_exports as root$ExtendsResult,
  Extract as root$Extract,
  ExtractAction as root$ExtractAction,
  ExtractDeferred as root$ExtractDeferred,
  ExtractInstantiate as root$ExtractInstantiate,
  Flatten as root$Flatten,
  _Function_ as root$Function,
  FunctionOptions as root$FunctionOptions,
  Generic as root$Generic,
  Identifier as root$Identifier,
  Immutable as root$Immutable,
  Index as root$Index,
  IndexAction as root$IndexAction,
  IndexDeferred as root$IndexDeferred,
  IndexInstantiate as root$IndexInstantiate,
  Infer as root$Infer,
  InstanceType as root$InstanceType,
  InstanceTypeAction as root$InstanceTypeAction,
  InstanceTypeDeferred as root$InstanceTypeDeferred,
  InstanceTypeInstantiate as root$InstanceTypeInstantiate,
  Instantiate as root$Instantiate,
  InstantiateCyclic as root$InstantiateCyclic,
  Integer as root$Integer,
  IntegerKey as root$IntegerKey,
  IntegerPattern as root$IntegerPattern,
  Interface as root$Interface,
  InterfaceAction as root$InterfaceAction,
  InterfaceDeferred as root$InterfaceDeferred,
  InterfaceInstantiate as root$InterfaceInstantiate,
  Intersect as root$Intersect,
  IntersectOptions as root$IntersectOptions,
  InvalidLiteralValue as root$InvalidLiteralValue,
  IsAny as root$IsAny,
  IsArray3 as root$IsArray,
  IsBigInt3 as root$IsBigInt,
  IsBoolean4 as root$IsBoolean,
  IsCall as root$IsCall,
  IsCodec as root$IsCodec,
  IsConstructor3 as root$IsConstructor,
  IsCyclic as root$IsCyclic,
  IsDeferred as root$IsDeferred,
  IsDependent as root$IsDependent,
  IsEnum as root$IsEnum,
  IsEnumValue as root$IsEnumValue,
  IsFunction3 as root$IsFunction,
  IsGeneric as root$IsGeneric,
  IsIdentifier2 as root$IsIdentifier,
  IsImmutable as root$IsImmutable,
  IsInfer as root$IsInfer,
  IsInteger3 as root$IsInteger,
  IsInterfaceDeferred as root$IsInterfaceDeferred,
  IsIntersect as root$IsIntersect,
  IsKind as root$IsKind,
  IsLiteral as root$IsLiteral,
  IsLiteralBigInt as root$IsLiteralBigInt,
  IsLiteralBoolean as root$IsLiteralBoolean,
  IsLiteralNumber as root$IsLiteralNumber,
  IsLiteralString as root$IsLiteralString,
  IsLiteralValue as root$IsLiteralValue,
  IsNever as root$IsNever,
  IsNull3 as root$IsNull,
  IsNumber4 as root$IsNumber,
  IsObject3 as root$IsObject,
  IsOptional as root$IsOptional,
  IsParameter as root$IsParameter,
  IsReadonly as root$IsReadonly,
  IsRecord as root$IsRecord,
  IsRef as root$IsRef,
  IsRefine as root$IsRefine,
  IsRefinement as root$IsRefinement,
  IsRest as root$IsRest,
  IsSchema as root$IsSchema,
  IsString4 as root$IsString,
  IsSymbol3 as root$IsSymbol,
  IsTemplateLiteral as root$IsTemplateLiteral,
  IsTemplateLiteralDeferred as root$IsTemplateLiteralDeferred,
  IsTemplateLiteralFinite as root$IsTemplateLiteralFinite,
  IsTemplateLiteralPattern as root$IsTemplateLiteralPattern,
  IsThis as root$IsThis,
  IsTuple as root$IsTuple,
  IsTypeScriptEnumLike as root$IsTypeScriptEnumLike,
  IsUndefined3 as root$IsUndefined,
  IsUnion as root$IsUnion,
  IsUnknown as root$IsUnknown,
  IsUnsafe as root$IsUnsafe,
  IsVoid as root$IsVoid,
  KeyOf2 as root$KeyOf,
  KeyOfAction as root$KeyOfAction,
  KeyOfDeferred as root$KeyOfDeferred,
  KeyOfInstantiate as root$KeyOfInstantiate,
  KeysToIndexer as root$KeysToIndexer,
  Literal as root$Literal,
  LiteralTypeName as root$LiteralTypeName,
  Lowercase as root$Lowercase,
  LowercaseAction as root$LowercaseAction,
  LowercaseDeferred as root$LowercaseDeferred,
  LowercaseInstantiate as root$LowercaseInstantiate,
  Mapped as root$Mapped,
  MappedAction as root$MappedAction,
  MappedDeferred as root$MappedDeferred,
  MappedInstantiate as root$MappedInstantiate,
  Module2 as root$Module,
  ModuleDeferred as root$ModuleDeferred,
  ModuleInstantiate as root$ModuleInstantiate,
  Narrow as root$Narrow,
  Never as root$Never,
  NeverPattern as root$NeverPattern,
  NonNullable as root$NonNullable,
  NonNullableAction as root$NonNullableAction,
  NonNullableDeferred as root$NonNullableDeferred,
  NonNullableInstantiate as root$NonNullableInstantiate,
  Null as root$Null,
  Number2 as root$Number,
  NumberKey as root$NumberKey,
  NumberPattern as root$NumberPattern,
  _Object_ as root$Object,
  ObjectOptions as root$ObjectOptions,
  Omit as root$Omit,
  OmitAction as root$OmitAction,
  OmitDeferred as root$OmitDeferred,
  OmitInstantiate as root$OmitInstantiate,
  Optional as root$Optional,
  Parameter as root$Parameter,
  Parameters as root$Parameters,
  ParametersAction as root$ParametersAction,
  ParametersDeferred as root$ParametersDeferred,
  ParametersInstantiate as root$ParametersInstantiate,
  ParsePatternIntoTypes as root$ParsePatternIntoTypes,
  ParseTemplateIntoTypes as root$ParseTemplateIntoTypes,
  Partial as root$Partial,
  PartialAction as root$PartialAction,
  PartialDeferred as root$PartialDeferred,
  PartialInstantiate as root$PartialInstantiate,
  Pick as root$Pick,
  PickAction as root$PickAction,
  PickDeferred as root$PickDeferred,
  PickInstantiate as root$PickInstantiate,
  Priority as root$Priority,
  PropertyKeys as root$PropertyKeys,
  PropertyValues as root$PropertyValues,
  Readonly as root$Readonly,
  ReadonlyObject as root$ReadonlyObject,
  ReadonlyObjectAction as root$ReadonlyObjectAction,
  ReadonlyObjectDeferred as root$ReadonlyObjectDeferred,
  ReadonlyObjectInstantiate as root$ReadonlyObjectInstantiate,
  ReadonlyType as root$ReadonlyType,
  Record as root$Record,
  RecordAction as root$RecordAction,
  RecordDeferred as root$RecordDeferred,
  RecordFromPattern as root$RecordFromPattern,
  RecordInstantiate as root$RecordInstantiate,
  RecordKey as root$RecordKey,
  RecordOptions as root$RecordOptions,
  RecordPattern as root$RecordPattern,
  RecordPatternToType as root$RecordPatternToType,
  RecordValue as root$RecordValue,
  Ref as root$Ref,
  RefInstantiate as root$RefInstantiate,
  Refine as root$Refine,
  RefineAdd as root$RefineAdd,
  RemoveImmutable as root$RemoveImmutable,
  RemoveImmutableDeferred as root$RemoveImmutableDeferred,
  RemoveOptional as root$RemoveOptional,
  RemoveOptionalDeferred as root$RemoveOptionalDeferred,
  RemoveReadonly as root$RemoveReadonly,
  RemoveReadonlyDeferred as root$RemoveReadonlyDeferred,
  Required as root$Required,
  RequiredAction as root$RequiredAction,
  RequiredArray as root$RequiredArray,
  RequiredDeferred as root$RequiredDeferred,
  RequiredInstantiate as root$RequiredInstantiate,
  Rest as root$Rest,
  ReturnType as root$ReturnType,
  ReturnTypeAction as root$ReturnTypeAction,
  ReturnTypeDeferred as root$ReturnTypeDeferred,
  ReturnTypeInstantiate as root$ReturnTypeInstantiate,
  Script2 as root$Script,
  String2 as root$String,
  StringKey as root$StringKey,
  StringPattern as root$StringPattern,
  Symbol2 as root$Symbol,
  TemplateLiteral2 as root$TemplateLiteral,
  TemplateLiteralCreate as root$TemplateLiteralCreate,
  TemplateLiteralDecode as root$TemplateLiteralDecode,
  TemplateLiteralDecodeUnsafe as root$TemplateLiteralDecodeUnsafe,
  TemplateLiteralDeferred as root$TemplateLiteralDeferred,
  TemplateLiteralEncode as root$TemplateLiteralEncode,
  TemplateLiteralFromString as root$TemplateLiteralFromString,
  TemplateLiteralFromTypes as root$TemplateLiteralFromTypes,
  This as root$This,
  Tuple as root$Tuple,
  TupleOptions as root$TupleOptions,
  typebox_exports as root$Type,
  TypeScriptEnumToEnumValues as root$TypeScriptEnumToEnumValues,
  Uncapitalize as root$Uncapitalize,
  UncapitalizeAction as root$UncapitalizeAction,
  UncapitalizeDeferred as root$UncapitalizeDeferred,
  UncapitalizeInstantiate as root$UncapitalizeInstantiate,
  Undefined as root$Undefined,
  Union as root$Union,
  UnionOptions as root$UnionOptions,
  Unknown as root$Unknown,
  Unsafe as root$Unsafe,
  Uppercase as root$Uppercase,
  UppercaseAction as root$UppercaseAction,
  UppercaseDeferred as root$UppercaseDeferred,
  UppercaseInstantiate as root$UppercaseInstantiate,
  Void as root$Void,
  With2 as root$With,
  WithAction as root$WithAction,
  WithDeferred as root$WithDeferred,
  WithInstantiate as root$WithInstantiate,
  _Array_ as root$_Array_,
  _Function_ as root$_Function_,
  _Object_ as root$_Object_,
  build_default as root$default,
  Build as schema$Build,
  BuildAdditionalItems as schema$BuildAdditionalItems,
  BuildAdditionalProperties as schema$BuildAdditionalProperties,
  BuildAllOf as schema$BuildAllOf,
  BuildAnyOf as schema$BuildAnyOf,
  BuildConst as schema$BuildConst,
  BuildContains as schema$BuildContains,
  BuildContext as schema$BuildContext,
  BuildDependencies as schema$BuildDependencies,
  BuildDependentRequired as schema$BuildDependentRequired,
  BuildDependentSchemas as schema$BuildDependentSchemas,
  BuildEnum as schema$BuildEnum,
  BuildExclusiveMaximum as schema$BuildExclusiveMaximum,
  BuildExclusiveMinimum as schema$BuildExclusiveMinimum,
  BuildFormat as schema$BuildFormat,
  BuildIf as schema$BuildIf,
  BuildItems as schema$BuildItems,
  BuildMaxContains as schema$BuildMaxContains,
  BuildMaxItems as schema$BuildMaxItems,
  BuildMaxLength as schema$BuildMaxLength,
  BuildMaxProperties as schema$BuildMaxProperties,
  BuildMaximum as schema$BuildMaximum,
  BuildMinContains as schema$BuildMinContains,
  BuildMinItems as schema$BuildMinItems,
  BuildMinLength as schema$BuildMinLength,
  BuildMinProperties as schema$BuildMinProperties,
  BuildMinimum as schema$BuildMinimum,
  BuildMultipleOf as schema$BuildMultipleOf,
  BuildNot as schema$BuildNot,
  BuildOneOf as schema$BuildOneOf,
  BuildPattern as schema$BuildPattern,
  BuildPatternProperties as schema$BuildPatternProperties,
  BuildPrefixItems as schema$BuildPrefixItems,
  BuildProperties as schema$BuildProperties,
  BuildPropertyNames as schema$BuildPropertyNames,
  BuildRecursiveRef as schema$BuildRecursiveRef,
  BuildRef as schema$BuildRef,
  BuildRefine as schema$BuildRefine,
  BuildRequired as schema$BuildRequired,
  BuildResult as schema$BuildResult,
  BuildSchema as schema$BuildSchema,
  BuildSchemaBoolean as schema$BuildSchemaBoolean,
  BuildSchemaPushStack as schema$BuildSchemaPushStack,
  BuildType as schema$BuildType,
  BuildUnevaluatedItems as schema$BuildUnevaluatedItems,
  BuildUnevaluatedProperties as schema$BuildUnevaluatedProperties,
  BuildUniqueItems as schema$BuildUniqueItems,
  Check as schema$Check,
  CheckAdditionalItems as schema$CheckAdditionalItems,
  CheckAdditionalProperties as schema$CheckAdditionalProperties,
  CheckAllOf as schema$CheckAllOf,
  CheckAnyOf as schema$CheckAnyOf,
  CheckConst as schema$CheckConst,
  CheckContains as schema$CheckContains,
  CheckContext as schema$CheckContext,
  CheckDependencies as schema$CheckDependencies,
  CheckDependentRequired as schema$CheckDependentRequired,
  CheckDependentSchemas as schema$CheckDependentSchemas,
  CheckEnum as schema$CheckEnum,
  CheckExclusiveMaximum as schema$CheckExclusiveMaximum,
  CheckExclusiveMinimum as schema$CheckExclusiveMinimum,
  CheckFormat as schema$CheckFormat,
  CheckIf as schema$CheckIf,
  CheckItems as schema$CheckItems,
  CheckMaxContains as schema$CheckMaxContains,
  CheckMaxItems as schema$CheckMaxItems,
  CheckMaxLength as schema$CheckMaxLength,
  CheckMaxProperties as schema$CheckMaxProperties,
  CheckMaximum as schema$CheckMaximum,
  CheckMinContains as schema$CheckMinContains,
  CheckMinItems as schema$CheckMinItems,
  CheckMinLength as schema$CheckMinLength,
  CheckMinProperties as schema$CheckMinProperties,
  CheckMinimum as schema$CheckMinimum,
  CheckMultipleOf as schema$CheckMultipleOf,
  CheckNot as schema$CheckNot,
  CheckOneOf as schema$CheckOneOf,
  CheckPattern as schema$CheckPattern,
  CheckPatternProperties as schema$CheckPatternProperties,
  CheckPrefixItems as schema$CheckPrefixItems,
  CheckProperties as schema$CheckProperties,
  CheckPropertyNames as schema$CheckPropertyNames,
  CheckRecursiveRef as schema$CheckRecursiveRef,
  CheckRef as schema$CheckRef,
  CheckRefine as schema$CheckRefine,
  CheckRequired as schema$CheckRequired,
  CheckSchema as schema$CheckSchema,
  CheckSchemaBoolean as schema$CheckSchemaBoolean,
  CheckSchemaPushStack as schema$CheckSchemaPushStack,
  CheckType as schema$CheckType,
  CheckUnevaluatedItems as schema$CheckUnevaluatedItems,
  CheckUnevaluatedProperties as schema$CheckUnevaluatedProperties,
  CheckUniqueItems as schema$CheckUniqueItems,
  Compile as schema$Compile,
  CreateFunction as schema$CreateFunction,
  CreateUnique as schema$CreateUnique,
  CreateVariable as schema$CreateVariable,
  DefaultUri as schema$DefaultUri,
  ErrorAdditionalItems as schema$ErrorAdditionalItems,
  ErrorAdditionalProperties as schema$ErrorAdditionalProperties,
  ErrorAllOf as schema$ErrorAllOf,
  ErrorAnyOf as schema$ErrorAnyOf,
  ErrorConst as schema$ErrorConst,
  ErrorContains as schema$ErrorContains,
  ErrorContext as schema$ErrorContext,
  ErrorDependencies as schema$ErrorDependencies,
  ErrorDependentRequired as schema$ErrorDependentRequired,
  ErrorDependentSchemas as schema$ErrorDependentSchemas,
  ErrorEnum as schema$ErrorEnum,
  ErrorExclusiveMaximum as schema$ErrorExclusiveMaximum,
  ErrorExclusiveMinimum as schema$ErrorExclusiveMinimum,
  ErrorFormat as schema$ErrorFormat,
  ErrorIf as schema$ErrorIf,
  ErrorItems as schema$ErrorItems,
  ErrorMaxContains as schema$ErrorMaxContains,
  ErrorMaxItems as schema$ErrorMaxItems,
  ErrorMaxLength as schema$ErrorMaxLength,
  ErrorMaxProperties as schema$ErrorMaxProperties,
  ErrorMaximum as schema$ErrorMaximum,
  ErrorMinContains as schema$ErrorMinContains,
  ErrorMinItems as schema$ErrorMinItems,
  ErrorMinLength as schema$ErrorMinLength,
  ErrorMinProperties as schema$ErrorMinProperties,
  ErrorMinimum as schema$ErrorMinimum,
  ErrorMultipleOf as schema$ErrorMultipleOf,
  ErrorNot as schema$ErrorNot,
  ErrorOneOf as schema$ErrorOneOf,
  ErrorPattern as schema$ErrorPattern,
  ErrorPatternProperties as schema$ErrorPatternProperties,
  ErrorPrefixItems as schema$ErrorPrefixItems,
  ErrorProperties as schema$ErrorProperties,
  ErrorPropertyNames as schema$ErrorPropertyNames,
  ErrorRecursiveRef as schema$ErrorRecursiveRef,
  ErrorRef as schema$ErrorRef,
  ErrorRefine as schema$ErrorRefine,
  ErrorRequired as schema$ErrorRequired,
  ErrorSchema as schema$ErrorSchema,
  ErrorSchemaBoolean as schema$ErrorSchemaBoolean,
  ErrorSchemaPushStack as schema$ErrorSchemaPushStack,
  ErrorType as schema$ErrorType,
  ErrorUnevaluatedItems as schema$ErrorUnevaluatedItems,
  ErrorUnevaluatedProperties as schema$ErrorUnevaluatedProperties,
  ErrorUniqueItems as schema$ErrorUniqueItems,
  Errors as schema$Errors,
  EvaluateResult as schema$EvaluateResult,
  GetExternal as schema$GetExternal,
  GetFunctions as schema$GetFunctions,
  HasUnevaluated as schema$HasUnevaluated,
  Intern as schema$Intern,
  IsAdditionalItems as schema$IsAdditionalItems,
  IsAdditionalProperties as schema$IsAdditionalProperties,
  IsAllOf as schema$IsAllOf,
  IsAnchor as schema$IsAnchor,
  IsAnyOf as schema$IsAnyOf,
  IsConst as schema$IsConst,
  IsContains as schema$IsContains,
  IsDefault as schema$IsDefault,
  IsDefs as schema$IsDefs,
  IsDependencies as schema$IsDependencies,
  IsDependentRequired as schema$IsDependentRequired,
  IsDependentSchemas as schema$IsDependentSchemas,
  IsDynamicAnchor as schema$IsDynamicAnchor,
  IsDynamicRef as schema$IsDynamicRef,
  IsElse as schema$IsElse,
  IsEnum2 as schema$IsEnum,
  IsExclusiveMaximum as schema$IsExclusiveMaximum,
  IsExclusiveMinimum as schema$IsExclusiveMinimum,
  IsFormat as schema$IsFormat,
  IsId as schema$IsId,
  IsIf as schema$IsIf,
  IsItems as schema$IsItems,
  IsItemsSized as schema$IsItemsSized,
  IsItemsUnsized as schema$IsItemsUnsized,
  IsMaxContains as schema$IsMaxContains,
  IsMaxItems as schema$IsMaxItems,
  IsMaxLength4 as schema$IsMaxLength,
  IsMaxProperties as schema$IsMaxProperties,
  IsMaximum as schema$IsMaximum,
  IsMinContains as schema$IsMinContains,
  IsMinItems as schema$IsMinItems,
  IsMinLength4 as schema$IsMinLength,
  IsMinProperties as schema$IsMinProperties,
  IsMinimum as schema$IsMinimum,
  IsMultipleOf2 as schema$IsMultipleOf,
  IsNot as schema$IsNot,
  IsOneOf as schema$IsOneOf,
  IsPattern as schema$IsPattern,
  IsPatternProperties as schema$IsPatternProperties,
  IsPrefixItems as schema$IsPrefixItems,
  IsProperties as schema$IsProperties,
  IsPropertyNames as schema$IsPropertyNames,
  IsRecursiveAnchor as schema$IsRecursiveAnchor,
  IsRecursiveAnchorTrue as schema$IsRecursiveAnchorTrue,
  IsRecursiveRef as schema$IsRecursiveRef,
  IsRef2 as schema$IsRef,
  IsRefine2 as schema$IsRefine,
  IsRequired as schema$IsRequired,
  IsSchema2 as schema$IsSchema,
  IsSchemaBoolean as schema$IsSchemaBoolean,
  IsSchemaObject as schema$IsSchemaObject,
  IsThen as schema$IsThen,
  IsType as schema$IsType,
  IsUnevaluatedItems as schema$IsUnevaluatedItems,
  IsUnevaluatedProperties as schema$IsUnevaluatedProperties,
  IsUniqueItems as schema$IsUniqueItems,
  Meta as schema$Meta,
  NextStack as schema$NextStack,
  NextUri as schema$NextUri,
  Parse as schema$Parse,
  ParseError as schema$ParseError,
  pointer_exports as schema$Pointer,
  Reducer as schema$Reducer,
  ResetExternal as schema$ResetExternal,
  ResetFunctions as schema$ResetFunctions,
  ResetUnique as schema$ResetUnique,
  resolve_exports as schema$Resolve,
  Stack as schema$Stack,
  ThrowParseError as schema$ThrowParseError,
  Validator as schema$Validator,
  schema_default as schema$default,
  arguments_exports as system$Arguments,
  environment_exports as system$Environment,
  hash_exports as system$Hashing,
  locale_exports as system$Locale,
  memory_exports as system$Memory,
  settings_exports as system$Settings,
  system_exports as system$System,
  system_default as system$default,
  AddImmutable as type$AddImmutable,
  AddImmutableDeferred as type$AddImmutableDeferred,
  AddOptional as type$AddOptional,
  AddOptionalDeferred as type$AddOptionalDeferred,
  AddReadonly as type$AddReadonly,
  AddReadonlyDeferred as type$AddReadonlyDeferred,
  Any as type$Any,
  _Array_ as type$Array,
  ArrayOptions as type$ArrayOptions,
  BigInt2 as type$BigInt,
  BigIntPattern as type$BigIntPattern,
  Boolean2 as type$Boolean,
  Broaden as type$Broaden,
  Call2 as type$Call,
  CallConstruct as type$CallConstruct,
  Capitalize as type$Capitalize,
  CapitalizeAction as type$CapitalizeAction,
  CapitalizeDeferred as type$CapitalizeDeferred,
  CapitalizeInstantiate as type$CapitalizeInstantiate,
  Codec as type$Codec,
  CollapseToObject as type$CollapseToObject,
  Compare as type$Compare,
  CompareResultDisjoint as type$CompareResultDisjoint,
  CompareResultEqual as type$CompareResultEqual,
  CompareResultLeftInside as type$CompareResultLeftInside,
  CompareResultRightInside as type$CompareResultRightInside,
  Composite as type$Composite,
  Conditional as type$Conditional,
  ConditionalAction as type$ConditionalAction,
  ConditionalDeferred as type$ConditionalDeferred,
  ConditionalInstantiate as type$ConditionalInstantiate,
  Constructor as type$Constructor,
  ConstructorOptions as type$ConstructorOptions,
  ConstructorParameters as type$ConstructorParameters,
  ConstructorParametersAction as type$ConstructorParametersAction,
  ConstructorParametersDeferred as type$ConstructorParametersDeferred,
  ConstructorParametersInstantiate as type$ConstructorParametersInstantiate,
  ConvertToIntegerKey as type$ConvertToIntegerKey,
  Cyclic as type$Cyclic,
  CyclicCandidates as type$CyclicCandidates,
  CyclicCheck as type$CyclicCheck,
  CyclicDependencies as type$CyclicDependencies,
  CyclicExtends as type$CyclicExtends,
  CyclicOptions as type$CyclicOptions,
  CyclicTarget as type$CyclicTarget,
  Decode as type$Decode,
  DecodeBuilder as type$DecodeBuilder,
  Deferred as type$Deferred,
  Dependent as type$Dependent,
  DependentOptions as type$DependentOptions,
  Distribute as type$Distribute,
  Encode as type$Encode,
  EncodeBuilder as type$EncodeBuilder,
  Enum as type$Enum,
  Evaluate2 as type$Evaluate,
  EvaluateAction as type$EvaluateAction,
  EvaluateDeferred as type$EvaluateDeferred,
  EvaluateDependent as type$EvaluateDependent,
  EvaluateEnum as type$EvaluateEnum,
  EvaluateInstantiate as type$EvaluateInstantiate,
  EvaluateIntersect as type$EvaluateIntersect,
  EvaluatePropertyIntersect as type$EvaluatePropertyIntersect,
  EvaluatePropertyUnion as type$EvaluatePropertyUnion,
  EvaluateTemplateLiteral as type$EvaluateTemplateLiteral,
  EvaluateType as type$EvaluateType,
  EvaluateUnion as type$EvaluateUnion,
  EvaluateUnionFast as type$EvaluateUnionFast,
  Exclude as type$Exclude,
  ExcludeAction as type$ExcludeAction,
  ExcludeDeferred as type$ExcludeDeferred,
  ExcludeInstantiate as type$ExcludeInstantiate,
  Extends as type$Extends,
  result_exports as type$ExtendsResult,
  Extract as type$Extract,
  ExtractAction as type$ExtractAction,
  ExtractDeferred as type$ExtractDeferred,
  ExtractInstantiate as type$ExtractInstantiate,
  Flatten as type$Flatten,
  _Function_ as type$Function,
  FunctionOptions as type$FunctionOptions,
  Generic as type$Generic,
  Identifier as type$Identifier,
  Immutable as type$Immutable,
  Index as type$Index,
  IndexAction as type$IndexAction,
  IndexDeferred as type$IndexDeferred,
  IndexInstantiate as type$IndexInstantiate,
  Infer as type$Infer,
  InstanceType as type$InstanceType,
  InstanceTypeAction as type$InstanceTypeAction,
  InstanceTypeDeferred as type$InstanceTypeDeferred,
  InstanceTypeInstantiate as type$InstanceTypeInstantiate,
  Instantiate as type$Instantiate,
  InstantiateCyclic as type$InstantiateCyclic,
  Integer as type$Integer,
  IntegerKey as type$IntegerKey,
  IntegerPattern as type$IntegerPattern,
  Interface as type$Interface,
  InterfaceAction as type$InterfaceAction,
  InterfaceDeferred as type$InterfaceDeferred,
  InterfaceInstantiate as type$InterfaceInstantiate,
  Intersect as type$Intersect,
  IntersectOptions as type$IntersectOptions,
  InvalidLiteralValue as type$InvalidLiteralValue,
  IsAny as type$IsAny,
  IsArray3 as type$IsArray,
  IsBigInt3 as type$IsBigInt,
  IsBoolean4 as type$IsBoolean,
  IsCall as type$IsCall,
  IsCodec as type$IsCodec,
  IsConstructor3 as type$IsConstructor,
  IsCyclic as type$IsCyclic,
  IsDeferred as type$IsDeferred,
  IsDependent as type$IsDependent,
  IsEnum as type$IsEnum,
  IsEnumValue as type$IsEnumValue,
  IsFunction3 as type$IsFunction,
  IsGeneric as type$IsGeneric,
  IsIdentifier2 as type$IsIdentifier,
  IsImmutable as type$IsImmutable,
  IsInfer as type$IsInfer,
  IsInteger3 as type$IsInteger,
  IsInterfaceDeferred as type$IsInterfaceDeferred,
  IsIntersect as type$IsIntersect,
  IsKind as type$IsKind,
  IsLiteral as type$IsLiteral,
  IsLiteralBigInt as type$IsLiteralBigInt,
  IsLiteralBoolean as type$IsLiteralBoolean,
  IsLiteralNumber as type$IsLiteralNumber,
  IsLiteralString as type$IsLiteralString,
  IsLiteralValue as type$IsLiteralValue,
  IsNever as type$IsNever,
  IsNull3 as type$IsNull,
  IsNumber4 as type$IsNumber,
  IsObject3 as type$IsObject,
  IsOptional as type$IsOptional,
  IsParameter as type$IsParameter,
  IsReadonly as type$IsReadonly,
  IsRecord as type$IsRecord,
  IsRef as type$IsRef,
  IsRefine as type$IsRefine,
  IsRefinement as type$IsRefinement,
  IsRest as type$IsRest,
  IsSchema as type$IsSchema,
  IsString4 as type$IsString,
  IsSymbol3 as type$IsSymbol,
  IsTemplateLiteral as type$IsTemplateLiteral,
  IsTemplateLiteralDeferred as type$IsTemplateLiteralDeferred,
  IsTemplateLiteralFinite as type$IsTemplateLiteralFinite,
  IsTemplateLiteralPattern as type$IsTemplateLiteralPattern,
  IsThis as type$IsThis,
  IsTuple as type$IsTuple,
  IsTypeScriptEnumLike as type$IsTypeScriptEnumLike,
  IsUndefined3 as type$IsUndefined,
  IsUnion as type$IsUnion,
  IsUnknown as type$IsUnknown,
  IsUnsafe as type$IsUnsafe,
  IsVoid as type$IsVoid,
  KeyOf2 as type$KeyOf,
  KeyOfAction as type$KeyOfAction,
  KeyOfDeferred as type$KeyOfDeferred,
  KeyOfInstantiate as type$KeyOfInstantiate,
  KeysToIndexer as type$KeysToIndexer,
  Literal as type$Literal,
  LiteralTypeName as type$LiteralTypeName,
  Lowercase as type$Lowercase,
  LowercaseAction as type$LowercaseAction,
  LowercaseDeferred as type$LowercaseDeferred,
  LowercaseInstantiate as type$LowercaseInstantiate,
  Mapped as type$Mapped,
  MappedAction as type$MappedAction,
  MappedDeferred as type$MappedDeferred,
  MappedInstantiate as type$MappedInstantiate,
  Module2 as type$Module,
  ModuleDeferred as type$ModuleDeferred,
  ModuleInstantiate as type$ModuleInstantiate,
  Narrow as type$Narrow,
  Never as type$Never,
  NeverPattern as type$NeverPattern,
  NonNullable as type$NonNullable,
  NonNullableAction as type$NonNullableAction,
  NonNullableDeferred as type$NonNullableDeferred,
  NonNullableInstantiate as type$NonNullableInstantiate,
  Null as type$Null,
  Number2 as type$Number,
  NumberKey as type$NumberKey,
  NumberPattern as type$NumberPattern,
  _Object_ as type$Object,
  ObjectOptions as type$ObjectOptions,
  Omit as type$Omit,
  OmitAction as type$OmitAction,
  OmitDeferred as type$OmitDeferred,
  OmitInstantiate as type$OmitInstantiate,
  Optional as type$Optional,
  Parameter as type$Parameter,
  Parameters as type$Parameters,
  ParametersAction as type$ParametersAction,
  ParametersDeferred as type$ParametersDeferred,
  ParametersInstantiate as type$ParametersInstantiate,
  ParsePatternIntoTypes as type$ParsePatternIntoTypes,
  ParseTemplateIntoTypes as type$ParseTemplateIntoTypes,
  Partial as type$Partial,
  PartialAction as type$PartialAction,
  PartialDeferred as type$PartialDeferred,
  PartialInstantiate as type$PartialInstantiate,
  Pick as type$Pick,
  PickAction as type$PickAction,
  PickDeferred as type$PickDeferred,
  PickInstantiate as type$PickInstantiate,
  Priority as type$Priority,
  PropertyKeys as type$PropertyKeys,
  PropertyValues as type$PropertyValues,
  Readonly as type$Readonly,
  ReadonlyObject as type$ReadonlyObject,
  ReadonlyObjectAction as type$ReadonlyObjectAction,
  ReadonlyObjectDeferred as type$ReadonlyObjectDeferred,
  ReadonlyObjectInstantiate as type$ReadonlyObjectInstantiate,
  ReadonlyType as type$ReadonlyType,
  Record as type$Record,
  RecordAction as type$RecordAction,
  RecordDeferred as type$RecordDeferred,
  RecordFromPattern as type$RecordFromPattern,
  RecordInstantiate as type$RecordInstantiate,
  RecordKey as type$RecordKey,
  RecordOptions as type$RecordOptions,
  RecordPattern as type$RecordPattern,
  RecordPatternToType as type$RecordPatternToType,
  RecordValue as type$RecordValue,
  Ref as type$Ref,
  RefInstantiate as type$RefInstantiate,
  Refine as type$Refine,
  RefineAdd as type$RefineAdd,
  RemoveImmutable as type$RemoveImmutable,
  RemoveImmutableDeferred as type$RemoveImmutableDeferred,
  RemoveOptional as type$RemoveOptional,
  RemoveOptionalDeferred as type$RemoveOptionalDeferred,
  RemoveReadonly as type$RemoveReadonly,
  RemoveReadonlyDeferred as type$RemoveReadonlyDeferred,
  Required as type$Required,
  RequiredAction as type$RequiredAction,
  RequiredArray as type$RequiredArray,
  RequiredDeferred as type$RequiredDeferred,
  RequiredInstantiate as type$RequiredInstantiate,
  Rest as type$Rest,
  ReturnType as type$ReturnType,
  ReturnTypeAction as type$ReturnTypeAction,
  ReturnTypeDeferred as type$ReturnTypeDeferred,
  ReturnTypeInstantiate as type$ReturnTypeInstantiate,
  Script2 as type$Script,
  String2 as type$String,
  StringKey as type$StringKey,
  StringPattern as type$StringPattern,
  Symbol2 as type$Symbol,
  TemplateLiteral2 as type$TemplateLiteral,
  TemplateLiteralCreate as type$TemplateLiteralCreate,
  TemplateLiteralDecode as type$TemplateLiteralDecode,
  TemplateLiteralDecodeUnsafe as type$TemplateLiteralDecodeUnsafe,
  TemplateLiteralDeferred as type$TemplateLiteralDeferred,
  TemplateLiteralEncode as type$TemplateLiteralEncode,
  TemplateLiteralFromString as type$TemplateLiteralFromString,
  TemplateLiteralFromTypes as type$TemplateLiteralFromTypes,
  This as type$This,
  Tuple as type$Tuple,
  TupleOptions as type$TupleOptions,
  TypeScriptEnumToEnumValues as type$TypeScriptEnumToEnumValues,
  Uncapitalize as type$Uncapitalize,
  UncapitalizeAction as type$UncapitalizeAction,
  UncapitalizeDeferred as type$UncapitalizeDeferred,
  UncapitalizeInstantiate as type$UncapitalizeInstantiate,
  Undefined as type$Undefined,
  Union as type$Union,
  UnionOptions as type$UnionOptions,
  Unknown as type$Unknown,
  Unsafe as type$Unsafe,
  Uppercase as type$Uppercase,
  UppercaseAction as type$UppercaseAction,
  UppercaseDeferred as type$UppercaseDeferred,
  UppercaseInstantiate as type$UppercaseInstantiate,
  Void as type$Void,
  With2 as type$With,
  WithAction as type$WithAction,
  WithDeferred as type$WithDeferred,
  WithInstantiate as type$WithInstantiate,
  _Array_ as type$_Array_,
  _Function_ as type$_Function_,
  _Object_ as type$_Object_,
  Assert as value$Assert,
  AssertError as value$AssertError,
  Check2 as value$Check,
  Clean as value$Clean,
  Clone2 as value$Clone,
  Convert as value$Convert,
  Create2 as value$Create,
  CreateError as value$CreateError,
  Decode10 as value$Decode,
  DecodeError as value$DecodeError,
  DecodeUnsafe as value$DecodeUnsafe,
  Default as value$Default,
  Delete2 as value$Delete,
  Diff as value$Diff,
  Edit as value$Edit,
  Encode10 as value$Encode,
  EncodeError as value$EncodeError,
  EncodeUnsafe as value$EncodeUnsafe,
  Equal as value$Equal,
  Errors2 as value$Errors,
  HasCodec as value$HasCodec,
  Hash2 as value$Hash,
  Insert2 as value$Insert,
  IsOptionalUndefined as value$IsOptionalUndefined,
  Parse2 as value$Parse,
  ParseError2 as value$ParseError,
  Parser as value$Parser,
  Patch as value$Patch,
  Pipeline as value$Pipeline,
  pointer_exports as value$Pointer,
  Repair as value$Repair,
  UnionPrioritySort as value$UnionPrioritySort,
  UnionScoreSelect as value$UnionScoreSelect,
  Update2 as value$Update,
  value_exports as value$Value,
  value_default as value$default
};
