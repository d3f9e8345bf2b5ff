// node:buffer and the global `Buffer`: a Uint8Array subclass with Node's encodings (utf8,
// hex, base64, base64url, latin1/binary, ascii, utf16le), comparison, search, copy and fill,
// and the read/write helpers for fixed-size integers and floats.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { core, primordials } from "omp:/host/core";

const {
  ArrayBufferIsView,
  ArrayIsArray,
  DataViewPrototypeGetInt8,
  DataViewPrototypeSetInt8,
  MapPrototypeGet,
  MapPrototypeHas,
  MapPrototypeSet,
  MathCeil,
  MathFloor,
  MathMax,
  MathMin,
  MathTrunc,
  NumberIsFinite,
  NumberIsInteger,
  NumberPrototypeToString,
  ObjectDefineProperty,
  ObjectGetOwnPropertyNames,
  ReflectApply,
  RegExpPrototypeExec,
  SafeMap,
  SafeWeakMap,
  StringFromCharCode,
  StringPrototypeCharCodeAt,
  StringPrototypePadStart,
  StringPrototypeReplace,
  StringPrototypeToLowerCase,
  SymbolFor,
  TypedArrayPrototypeFill,
  TypedArrayPrototypeReverse,
  TypedArrayPrototypeSet,
  TypedArrayPrototypeSubarray,
  WeakMapPrototypeGet,
  WeakMapPrototypeSet,
} = primordials;

const ENCODINGS = new SafeMap([
  ["utf8", "utf8"], ["utf-8", "utf8"],
  ["hex", "hex"],
  ["base64", "base64"], ["base64url", "base64url"],
  ["latin1", "latin1"], ["binary", "latin1"],
  ["ascii", "ascii"],
  ["utf16le", "utf16le"], ["utf-16le", "utf16le"], ["ucs2", "utf16le"], ["ucs-2", "utf16le"],
]);

function normalizeEncoding(encoding) {
  if (encoding === undefined || encoding === null || encoding === "") return "utf8";
  const found = MapPrototypeGet(ENCODINGS, StringPrototypeToLowerCase(String(encoding)));
  if (!found) {
    const err = new TypeError(`Unknown encoding: ${encoding}`);
    err.code = "ERR_UNKNOWN_ENCODING";
    throw err;
  }
  return found;
}

let encoder;
let decoder;
const utf8Encode = (text) => (encoder ??= new globalThis.TextEncoder()).encode(text);
const utf8Decode = (bytes) => (decoder ??= new globalThis.TextDecoder("utf-8", { ignoreBOM: true })).decode(bytes);

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const B64_VALUES = TypedArrayPrototypeFill(new Int16Array(128), -1);
for (let i = 0; i < 64; i++) {
  B64_VALUES[StringPrototypeCharCodeAt(B64, i)] = i;
  B64_VALUES[StringPrototypeCharCodeAt(B64URL, i)] = i;
}

const webOps = core.ops;

/** base64 text of `bytes` (deno_web's simdutf op; the JavaScript loop is the fallback). */
function toBase64(bytes, url) {
  try {
    return url ? webOps.op_base64url_encode_from_buffer(bytes, 0, bytes.length) : webOps.op_base64_encode_from_buffer(bytes, 0, bytes.length);
  } catch {
    return base64Encode(bytes, url ? B64URL : B64, !url);
  }
}

/** Bytes of base64 text: deno_web's simdutf ops when the text is clean, Node's lenient rules otherwise. */
function fromBase64(text) {
  try {
    return webOps.op_base64_decode(text);
  } catch {}
  try {
    return webOps.op_base64url_decode(text);
  } catch {}
  return base64Decode(text);
}

function base64Encode(bytes, alphabet, pad) {
  let out = "";
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out += alphabet[n >> 18] + alphabet[(n >> 12) & 63] + alphabet[(n >> 6) & 63] + alphabet[n & 63];
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i] << 16;
    out += alphabet[n >> 18] + alphabet[(n >> 12) & 63] + (pad ? "==" : "");
  } else if (rest === 2) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8);
    out += alphabet[n >> 18] + alphabet[(n >> 12) & 63] + alphabet[(n >> 6) & 63] + (pad ? "=" : "");
  }
  return out;
}

/** Decodes standard or URL-safe base64, skipping characters outside the alphabet (as Node). */
function base64Decode(text) {
  const out = new Uint8Array(MathCeil((text.length * 3) / 4));
  let bits = 0;
  let count = 0;
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const c = StringPrototypeCharCodeAt(text, i);
    if (c === 61) break; // "=" ends the data
    const v = c < 128 ? B64_VALUES[c] : -1;
    if (v < 0) continue;
    bits = (bits << 6) | v;
    count += 6;
    if (count >= 8) {
      count -= 8;
      out[length++] = (bits >> count) & 0xff;
    }
  }
  return TypedArrayPrototypeSubarray(out, 0, length);
}

function latin1Decode(bytes, mask = 0xff) {
  let out = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = TypedArrayPrototypeSubarray(bytes, i, MathMin(i + 8192, bytes.length));
    if (mask !== 0xff) {
      for (let j = 0; j < chunk.length; j++) out += StringFromCharCode(chunk[j] & mask);
    } else {
      out += ReflectApply(StringFromCharCode, null, chunk);
    }
  }
  return out;
}

let utf16Decoder;
function utf16Decode(bytes) {
  const even = bytes.length & 1 ? TypedArrayPrototypeSubarray(bytes, 0, bytes.length - 1) : bytes;
  return (utf16Decoder ??= new globalThis.TextDecoder("utf-16le", { ignoreBOM: true })).decode(even);
}

/** The bytes of `text` in `encoding`, as a plain Uint8Array. */
function encodeString(text, encoding) {
  switch (normalizeEncoding(encoding)) {
    case "utf8":
      return utf8Encode(text);
    case "hex":
      return webOps.op_node_hex_decode(text);
    case "base64":
    case "base64url":
      return fromBase64(text);
    case "latin1":
    case "ascii": {
      const out = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) out[i] = StringPrototypeCharCodeAt(text, i) & 0xff;
      return out;
    }
    case "utf16le": {
      const out = new Uint8Array(text.length * 2);
      for (let i = 0; i < text.length; i++) {
        const c = StringPrototypeCharCodeAt(text, i);
        out[i * 2] = c & 0xff;
        out[i * 2 + 1] = c >> 8;
      }
      return out;
    }
  }
}

function decodeBytes(bytes, encoding) {
  switch (normalizeEncoding(encoding)) {
    case "utf8":
      return utf8Decode(bytes);
    case "hex":
      return webOps.op_node_hex_encode(bytes);
    case "base64":
      return toBase64(bytes, false);
    case "base64url":
      return toBase64(bytes, true);
    case "latin1":
      return latin1Decode(bytes);
    case "ascii":
      return latin1Decode(bytes, 0x7f);
    case "utf16le":
      return utf16Decode(bytes);
  }
}

function clampIndex(value, length, fallback) {
  if (value === undefined) return fallback;
  let n = MathTrunc(Number(value)) || 0;
  if (n < 0) n = 0;
  return MathMin(n, length);
}

function rangeError(name, value) {
  const err = new RangeError(`The value of "${name}" is out of range. Received ${value}`);
  err.code = "ERR_OUT_OF_RANGE";
  return err;
}

function checkOffset(buf, offset, size) {
  if (offset === undefined) offset = 0;
  if (typeof offset !== "number" || !NumberIsInteger(offset) || offset < 0 || offset + size > buf.length) {
    throw rangeError("offset", offset);
  }
  return offset;
}

const views = new SafeWeakMap();
function view(buf) {
  let dv = WeakMapPrototypeGet(views, buf);
  if (!dv) {
    dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    WeakMapPrototypeSet(views, buf, dv);
  }
  return dv;
}

export class Buffer extends Uint8Array {
  constructor(arg, encodingOrOffset, length) {
    if (typeof arg === "string") {
      const bytes = encodeString(arg, encodingOrOffset);
      super(bytes.buffer, bytes.byteOffset, bytes.length);
    } else if (arg instanceof ArrayBuffer || (typeof SharedArrayBuffer !== "undefined" && arg instanceof SharedArrayBuffer)) {
      super(arg, encodingOrOffset ?? 0, length ?? arg.byteLength - (encodingOrOffset ?? 0));
    } else if (typeof arg === "number") {
      super(arg);
    } else if (ArrayIsArray(arg)) {
      // Copied by index, not through the array's (replaceable) iterator.
      super(arg.length);
      for (let i = 0; i < arg.length; i++) this[i] = arg[i];
    } else {
      super(arg ?? 0);
    }
  }

  static from(value, encodingOrOffset, length) {
    if (typeof value === "string") return new Buffer(value, encodingOrOffset);
    if (value instanceof ArrayBuffer || (typeof SharedArrayBuffer !== "undefined" && value instanceof SharedArrayBuffer)) {
      const offset = encodingOrOffset === undefined ? 0 : Number(encodingOrOffset);
      return new Buffer(value, offset, length === undefined ? value.byteLength - offset : Number(length));
    }
    if (ArrayBufferIsView(value)) {
      if (!(value instanceof Uint8Array) && !(value instanceof Uint8ClampedArray) && !(value instanceof Int8Array)) {
        // Node copies other typed arrays element-wise (truncated to bytes).
        const out = new Buffer(value.length >>> 0);
        for (let i = 0; i < out.length; i++) out[i] = Number(value[i]) & 0xff;
        return out;
      }
      const out = new Buffer(value.byteLength);
      TypedArrayPrototypeSet(out, value instanceof Uint8Array ? value : new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      return out;
    }
    if (value && typeof value === "object") {
      if (value.type === "Buffer" && ArrayIsArray(value.data)) return Buffer.from(value.data);
      if (typeof value[Symbol.toPrimitive] === "function" || (typeof value.valueOf === "function" && value.valueOf() !== value)) {
        const primitive = typeof value[Symbol.toPrimitive] === "function" ? value[Symbol.toPrimitive]("string") : value.valueOf();
        if (typeof primitive === "string" || typeof primitive === "object") return Buffer.from(primitive, encodingOrOffset, length);
      }
      if (ArrayIsArray(value) || typeof value.length === "number") {
        const out = new Buffer(value.length >>> 0);
        for (let i = 0; i < out.length; i++) out[i] = Number(value[i]) & 0xff;
        return out;
      }
    }
    const err = new TypeError(`The first argument must be of type string or an instance of Buffer, ArrayBuffer, or Array or an Array-like Object. Received ${value === null ? "null" : typeof value}`);
    err.code = "ERR_INVALID_ARG_TYPE";
    throw err;
  }

  static alloc(size, fill, encoding) {
    const buf = new Buffer(checkSize(size));
    if (fill !== undefined && fill !== 0) buf.fill(fill, 0, buf.length, encoding);
    return buf;
  }

  static allocUnsafe(size) {
    return new Buffer(checkSize(size));
  }

  static allocUnsafeSlow(size) {
    return new Buffer(checkSize(size));
  }

  static isBuffer(value) {
    return value instanceof Buffer;
  }

  static isEncoding(encoding) {
    return typeof encoding === "string" && MapPrototypeHas(ENCODINGS, StringPrototypeToLowerCase(encoding));
  }

  static byteLength(value, encoding) {
    if (typeof value !== "string") {
      if (ArrayBufferIsView(value) || value instanceof ArrayBuffer) return value.byteLength;
      const err = new TypeError(`The "string" argument must be of type string or an instance of Buffer or ArrayBuffer. Received ${typeof value}`);
      err.code = "ERR_INVALID_ARG_TYPE";
      throw err;
    }
    switch (normalizeEncoding(encoding)) {
      case "utf8": {
        let n = 0;
        for (let i = 0; i < value.length; i++) {
          const c = StringPrototypeCharCodeAt(value, i);
          if (c < 0x80) n += 1;
          else if (c < 0x800) n += 2;
          else if (c >= 0xd800 && c <= 0xdbff && i + 1 < value.length && (StringPrototypeCharCodeAt(value, i + 1) & 0xfc00) === 0xdc00) {
            n += 4;
            i++;
          } else n += 3;
        }
        return n;
      }
      case "latin1":
      case "ascii":
        return value.length;
      case "utf16le":
        return value.length * 2;
      case "hex":
        return value.length >>> 1;
      case "base64":
      case "base64url": {
        // Node's estimate from the text's length, without decoding (lib/buffer.js base64ByteLength).
        let length = value.length;
        if (length > 0 && StringPrototypeCharCodeAt(value, length - 1) === 0x3d) length--;
        if (length > 1 && StringPrototypeCharCodeAt(value, length - 1) === 0x3d) length--;
        return (length * 3) >>> 2;
      }
      default:
        return encodeString(value, encoding).length;
    }
  }

  static concat(list, totalLength) {
    if (!ArrayIsArray(list)) {
      const err = new TypeError('The "list" argument must be an instance of Array.');
      err.code = "ERR_INVALID_ARG_TYPE";
      throw err;
    }
    let total = totalLength;
    if (total === undefined || total === null) {
      total = 0;
      for (let i = 0; i < list.length; i++) total += list[i].length;
    }
    const out = Buffer.alloc(total);
    let offset = 0;
    for (let i = 0; i < list.length; i++) {
      if (offset >= total) break;
      const item = list[i];
      const bytes = item instanceof Uint8Array ? item : Buffer.from(item);
      const part = bytes.length > total - offset ? TypedArrayPrototypeSubarray(bytes, 0, total - offset) : bytes;
      TypedArrayPrototypeSet(out, part, offset);
      offset += part.length;
    }
    return out;
  }

  static compare(a, b) {
    const n = MathMin(a.length, b.length);
    for (let i = 0; i < n; i++) {
      if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
    }
    return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
  }

  get parent() {
    return this.buffer;
  }

  get offset() {
    return this.byteOffset;
  }

  toString(encoding, start, end) {
    const s = clampIndex(start, this.length, 0);
    const e = clampIndex(end, this.length, this.length);
    if (e <= s) return "";
    return decodeBytes(s === 0 && e === this.length ? this : TypedArrayPrototypeSubarray(this, s, e), encoding);
  }

  toLocaleString(encoding, start, end) {
    return this.toString(encoding, start, end);
  }

  toJSON() {
    const data = [];
    for (let i = 0; i < this.length; i++) data[i] = this[i];
    return { type: "Buffer", data };
  }

  equals(other) {
    if (!(other instanceof Uint8Array)) {
      const err = new TypeError(`The "otherBuffer" argument must be an instance of Buffer or Uint8Array.`);
      err.code = "ERR_INVALID_ARG_TYPE";
      throw err;
    }
    return Buffer.compare(this, other) === 0;
  }

  compare(target, targetStart = 0, targetEnd = target.length, sourceStart = 0, sourceEnd = this.length) {
    return Buffer.compare(TypedArrayPrototypeSubarray(this, sourceStart, sourceEnd), TypedArrayPrototypeSubarray(target, targetStart, targetEnd));
  }

  slice(start, end) {
    return TypedArrayPrototypeSubarray(this, start, end);
  }

  write(string, offset, length, encoding) {
    if (typeof offset === "string") {
      encoding = offset;
      offset = 0;
      length = undefined;
    } else if (typeof length === "string") {
      encoding = length;
      length = undefined;
    }
    offset = offset === undefined ? 0 : offset >>> 0;
    if (offset > this.length) throw rangeError("offset", offset);
    const bytes = encodeString(String(string), encoding);
    let count = MathMin(bytes.length, this.length - offset, length === undefined ? Infinity : length >>> 0);
    if (normalizeEncoding(encoding) === "utf8" && count < bytes.length) {
      // Never write a partial UTF-8 character.
      while (count > 0 && (bytes[count] & 0xc0) === 0x80) count--;
    }
    TypedArrayPrototypeSet(this, TypedArrayPrototypeSubarray(bytes, 0, count), offset);
    return count;
  }

  fill(value, offset, end, encoding) {
    if (typeof offset === "string") {
      encoding = offset;
      offset = 0;
      end = this.length;
    } else if (typeof end === "string") {
      encoding = end;
      end = this.length;
    }
    const s = offset === undefined ? 0 : offset >>> 0;
    const e = end === undefined ? this.length : MathMin(end >>> 0, this.length);
    if (typeof value === "number" || typeof value === "boolean") {
      TypedArrayPrototypeFill(this, Number(value) & 0xff, s, e);
      return this;
    }
    const bytes = typeof value === "string" ? encodeString(value, encoding) : value instanceof Uint8Array ? value : Buffer.from(value);
    if (bytes.length === 0) {
      if (typeof value === "string" && value.length > 0) throw rangeError("value", value);
      TypedArrayPrototypeFill(this, 0, s, e);
      return this;
    }
    for (let i = s, j = 0; i < e; i++, j = (j + 1) % bytes.length) this[i] = bytes[j];
    return this;
  }

  copy(target, targetStart = 0, sourceStart = 0, sourceEnd = this.length) {
    const end = MathMin(sourceEnd, this.length, sourceStart + (target.length - targetStart));
    if (end <= sourceStart) return 0;
    TypedArrayPrototypeSet(target, TypedArrayPrototypeSubarray(this, sourceStart, end), targetStart);
    return end - sourceStart;
  }

  indexOf(value, byteOffset = 0, encoding) {
    return search(this, value, byteOffset, encoding, false);
  }

  lastIndexOf(value, byteOffset, encoding) {
    return search(this, value, byteOffset, encoding, true);
  }

  includes(value, byteOffset = 0, encoding) {
    return this.indexOf(value, byteOffset, encoding) !== -1;
  }

  swap16() {
    return swap(this, 2);
  }

  swap32() {
    return swap(this, 4);
  }

  swap64() {
    return swap(this, 8);
  }

  readUInt8(offset = 0) {
    return this[checkOffset(this, offset, 1)];
  }

  readInt8(offset = 0) {
    return DataViewPrototypeGetInt8(view(this), checkOffset(this, offset, 1));
  }

  writeUInt8(value, offset = 0) {
    this[checkOffset(this, offset, 1)] = value;
    return offset + 1;
  }

  writeInt8(value, offset = 0) {
    DataViewPrototypeSetInt8(view(this), checkOffset(this, offset, 1), value);
    return offset + 1;
  }

  readUIntLE(offset, byteLength) {
    checkOffset(this, offset, byteLength);
    let value = 0;
    for (let i = byteLength - 1; i >= 0; i--) value = value * 256 + this[offset + i];
    return value;
  }

  readUIntBE(offset, byteLength) {
    checkOffset(this, offset, byteLength);
    let value = 0;
    for (let i = 0; i < byteLength; i++) value = value * 256 + this[offset + i];
    return value;
  }

  readIntLE(offset, byteLength) {
    const value = this.readUIntLE(offset, byteLength);
    const limit = 2 ** (8 * byteLength - 1);
    return value >= limit ? value - limit * 2 : value;
  }

  readIntBE(offset, byteLength) {
    const value = this.readUIntBE(offset, byteLength);
    const limit = 2 ** (8 * byteLength - 1);
    return value >= limit ? value - limit * 2 : value;
  }

  writeUIntLE(value, offset, byteLength) {
    checkOffset(this, offset, byteLength);
    let v = value;
    for (let i = 0; i < byteLength; i++) {
      this[offset + i] = v & 0xff;
      v = MathFloor(v / 256);
    }
    return offset + byteLength;
  }

  writeUIntBE(value, offset, byteLength) {
    checkOffset(this, offset, byteLength);
    let v = value;
    for (let i = byteLength - 1; i >= 0; i--) {
      this[offset + i] = v & 0xff;
      v = MathFloor(v / 256);
    }
    return offset + byteLength;
  }

  writeIntLE(value, offset, byteLength) {
    return this.writeUIntLE(value < 0 ? value + 2 ** (8 * byteLength) : value, offset, byteLength);
  }

  writeIntBE(value, offset, byteLength) {
    return this.writeUIntBE(value < 0 ? value + 2 ** (8 * byteLength) : value, offset, byteLength);
  }

  [SymbolFor("nodejs.util.inspect.custom")]() {
    return inspectBuffer(this);
  }

  [SymbolFor("Deno.customInspect")]() {
    return inspectBuffer(this);
  }
}

// Node's per-encoding Buffer methods (`buf.utf8Slice(start, end)`, `buf.latin1Write(text,
// offset, length)`), which undici and other performance-minded packages call directly.
const ENCODING_METHODS = [["ascii", "ascii"], ["base64", "base64"], ["base64url", "base64url"], ["latin1", "latin1"], ["hex", "hex"], ["ucs2", "utf16le"], ["utf8", "utf8"]];
for (let i = 0; i < ENCODING_METHODS.length; i++) {
  const name = ENCODING_METHODS[i][0];
  const encoding = ENCODING_METHODS[i][1];
  ObjectDefineProperty(Buffer.prototype, `${name}Slice`, {
    __proto__: null,
    value(start = 0, end = this.length) {
      return this.toString(encoding, start, end);
    },
    writable: true,
    configurable: true,
  });
  ObjectDefineProperty(Buffer.prototype, `${name}Write`, {
    __proto__: null,
    value(text, offset = 0, length = this.length - offset) {
      return this.write(text, offset, length, encoding);
    },
    writable: true,
    configurable: true,
  });
}

export const INSPECT_MAX_BYTES = 50;

function inspectBuffer(buf) {
  let shown = "";
  const count = MathMin(buf.length, INSPECT_MAX_BYTES);
  for (let i = 0; i < count; i++) shown += `${i ? " " : ""}${StringPrototypePadStart(NumberPrototypeToString(buf[i], 16), 2, "0")}`;
  const more = buf.length > INSPECT_MAX_BYTES ? ` ... ${buf.length - INSPECT_MAX_BYTES} more bytes` : "";
  return `<Buffer${shown ? " " : ""}${shown}${more}>`;
}

// Fixed-size readers and writers, generated from DataView's accessors.
const FIXED = [
  ["UInt16", "Uint16", 2],
  ["Int16", "Int16", 2],
  ["UInt32", "Uint32", 4],
  ["Int32", "Int32", 4],
  ["Float", "Float32", 4],
  ["Double", "Float64", 8],
  ["BigUInt64", "BigUint64", 8],
  ["BigInt64", "BigInt64", 8],
];
for (let i = 0; i < FIXED.length; i++) {
  const name = FIXED[i][0];
  const size = FIXED[i][2];
  const get = primordials[`DataViewPrototypeGet${FIXED[i][1]}`];
  const set = primordials[`DataViewPrototypeSet${FIXED[i][1]}`];
  for (let j = 0; j < 2; j++) {
    const suffix = j === 0 ? "LE" : "BE";
    const little = j === 0;
    Buffer.prototype[`read${name}${suffix}`] = function (offset = 0) {
      return get(view(this), checkOffset(this, offset, size), little);
    };
    Buffer.prototype[`write${name}${suffix}`] = function (value, offset = 0) {
      set(view(this), checkOffset(this, offset, size), value, little);
      return offset + size;
    };
  }
}
// Node's lower-case `Uint` aliases (readUint8, writeUint32LE, …).
const bufferMethodNames = ObjectGetOwnPropertyNames(Buffer.prototype);
for (let i = 0; i < bufferMethodNames.length; i++) {
  const key = bufferMethodNames[i];
  if (RegExpPrototypeExec(/^(read|write)(Big)?UInt/, key) !== null) Buffer.prototype[StringPrototypeReplace(key, "UInt", "Uint")] = Buffer.prototype[key];
}

function checkSize(size) {
  if (typeof size !== "number" || size < 0 || !NumberIsFinite(size)) {
    const err = new RangeError(`The argument 'size' is invalid. Received ${size}`);
    err.code = "ERR_OUT_OF_RANGE";
    throw err;
  }
  return MathFloor(size);
}

function swap(buf, size) {
  if (buf.length % size !== 0) {
    const err = new RangeError(`Buffer size must be a multiple of ${size * 8}-bits`);
    err.code = "ERR_INVALID_BUFFER_SIZE";
    throw err;
  }
  for (let i = 0; i < buf.length; i += size) TypedArrayPrototypeReverse(TypedArrayPrototypeSubarray(buf, i, i + size));
  return buf;
}

function search(buf, value, byteOffset, encoding, last) {
  if (typeof byteOffset === "string") {
    encoding = byteOffset;
    byteOffset = undefined;
  }
  let needle;
  if (typeof value === "number") {
    needle = new Uint8Array(1);
    needle[0] = value & 0xff;
  }
  else if (typeof value === "string") needle = encodeString(value, encoding);
  else needle = value;
  let start = byteOffset === undefined ? (last ? buf.length - needle.length : 0) : Number(byteOffset);
  if (start < 0) start += buf.length;
  if (needle.length === 0) return last ? MathMin(start, buf.length) : MathMin(start, buf.length);
  const matches = (i) => {
    for (let j = 0; j < needle.length; j++) if (buf[i + j] !== needle[j]) return false;
    return true;
  };
  if (last) {
    for (let i = MathMin(start, buf.length - needle.length); i >= 0; i--) if (matches(i)) return i;
  } else {
    for (let i = MathMax(start, 0); i <= buf.length - needle.length; i++) if (matches(i)) return i;
  }
  return -1;
}

export const SlowBuffer = Buffer;
export const kMaxLength = 2 ** 32 - 1;
export const kStringMaxLength = 2 ** 29 - 24;
export const constants = { MAX_LENGTH: kMaxLength, MAX_STRING_LENGTH: kStringMaxLength };

export function isUtf8(input) {
  try {
    new globalThis.TextDecoder("utf-8", { fatal: true }).decode(input);
    return true;
  } catch {
    return false;
  }
}

export function isAscii(input) {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  for (let i = 0; i < bytes.length; i++) if (bytes[i] >= 0x80) return false;
  return true;
}

export function atob(text) {
  return globalThis.atob(text);
}

export function btoa(text) {
  return globalThis.btoa(text);
}

export function transcode(source, fromEncoding, toEncoding) {
  return Buffer.from(Buffer.from(source).toString(fromEncoding), toEncoding);
}

const bufferModule = {
  Buffer,
  SlowBuffer,
  kMaxLength,
  kStringMaxLength,
  constants,
  INSPECT_MAX_BYTES,
  isUtf8,
  isAscii,
  atob,
  btoa,
  transcode,
  get Blob() {
    return globalThis.Blob;
  },
  get File() {
    return globalThis.File;
  },
};
export default bufferModule;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "buffer", bufferModule);
