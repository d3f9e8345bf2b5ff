// node:buffer and the global `Buffer`: a Uint8Array subclass with Node's encodings (utf8,
// hex, base64, base64url, latin1/binary, ascii, utf16le), comparison, search, copy and fill,
// and the read/write helpers for fixed-size integers and floats.
import { core } from "omp:/host/core";

const ENCODINGS = new Map([
  ["utf8", "utf8"], ["utf-8", "utf8"],
  ["hex", "hex"],
  ["base64", "base64"], ["base64url", "base64url"],
  ["latin1", "latin1"], ["binary", "latin1"],
  ["ascii", "ascii"],
  ["utf16le", "utf16le"], ["utf-16le", "utf16le"], ["ucs2", "utf16le"], ["ucs-2", "utf16le"],
]);

function normalizeEncoding(encoding) {
  if (encoding === undefined || encoding === null || encoding === "") return "utf8";
  const found = ENCODINGS.get(String(encoding).toLowerCase());
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
const B64_VALUES = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) {
  B64_VALUES[B64.charCodeAt(i)] = i;
  B64_VALUES[B64URL.charCodeAt(i)] = i;
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
  for (const op of [webOps.op_base64_decode, webOps.op_base64url_decode]) {
    try {
      return op(text);
    } catch {}
  }
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
  const out = new Uint8Array(Math.ceil((text.length * 3) / 4));
  let bits = 0;
  let count = 0;
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
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
  return out.subarray(0, length);
}

function latin1Decode(bytes, mask = 0xff) {
  let out = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, Math.min(i + 8192, bytes.length));
    out += String.fromCharCode.apply(null, mask === 0xff ? chunk : Array.from(chunk, (b) => b & mask));
  }
  return out;
}

let utf16Decoder;
function utf16Decode(bytes) {
  const even = bytes.length & 1 ? bytes.subarray(0, bytes.length - 1) : bytes;
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
      for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
      return out;
    }
    case "utf16le": {
      const out = new Uint8Array(text.length * 2);
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
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
  let n = Math.trunc(Number(value)) || 0;
  if (n < 0) n = 0;
  return Math.min(n, length);
}

function rangeError(name, value) {
  const err = new RangeError(`The value of "${name}" is out of range. Received ${value}`);
  err.code = "ERR_OUT_OF_RANGE";
  return err;
}

function checkOffset(buf, offset, size) {
  if (offset === undefined) offset = 0;
  if (typeof offset !== "number" || !Number.isInteger(offset) || offset < 0 || offset + size > buf.length) {
    throw rangeError("offset", offset);
  }
  return offset;
}

const views = new WeakMap();
function view(buf) {
  let dv = views.get(buf);
  if (!dv) {
    dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    views.set(buf, dv);
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
    if (ArrayBuffer.isView(value)) {
      const bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
      const out = new Buffer(bytes.length);
      out.set(value instanceof Uint8Array ? value : bytes);
      if (!(value instanceof Uint8Array) && !(value instanceof Uint8ClampedArray) && !(value instanceof Int8Array)) {
        // Node copies other typed arrays element-wise (truncated to bytes).
        return Buffer.from(Array.from(value));
      }
      return out;
    }
    if (value && typeof value === "object") {
      if (value.type === "Buffer" && Array.isArray(value.data)) return Buffer.from(value.data);
      if (typeof value[Symbol.toPrimitive] === "function" || (typeof value.valueOf === "function" && value.valueOf() !== value)) {
        const primitive = typeof value[Symbol.toPrimitive] === "function" ? value[Symbol.toPrimitive]("string") : value.valueOf();
        if (typeof primitive === "string" || typeof primitive === "object") return Buffer.from(primitive, encodingOrOffset, length);
      }
      if (Array.isArray(value) || typeof value.length === "number") {
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
    return typeof encoding === "string" && ENCODINGS.has(encoding.toLowerCase());
  }

  static byteLength(value, encoding) {
    if (typeof value !== "string") {
      if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return value.byteLength;
      const err = new TypeError(`The "string" argument must be of type string or an instance of Buffer or ArrayBuffer. Received ${typeof value}`);
      err.code = "ERR_INVALID_ARG_TYPE";
      throw err;
    }
    switch (normalizeEncoding(encoding)) {
      case "utf8": {
        let n = 0;
        for (let i = 0; i < value.length; i++) {
          const c = value.charCodeAt(i);
          if (c < 0x80) n += 1;
          else if (c < 0x800) n += 2;
          else if (c >= 0xd800 && c <= 0xdbff && i + 1 < value.length && (value.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
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
        if (length > 0 && value.charCodeAt(length - 1) === 0x3d) length--;
        if (length > 1 && value.charCodeAt(length - 1) === 0x3d) length--;
        return (length * 3) >>> 2;
      }
      default:
        return encodeString(value, encoding).length;
    }
  }

  static concat(list, totalLength) {
    if (!Array.isArray(list)) {
      const err = new TypeError('The "list" argument must be an instance of Array.');
      err.code = "ERR_INVALID_ARG_TYPE";
      throw err;
    }
    const total = totalLength ?? list.reduce((n, b) => n + b.length, 0);
    const out = Buffer.alloc(total);
    let offset = 0;
    for (const item of list) {
      if (offset >= total) break;
      const bytes = item instanceof Uint8Array ? item : Buffer.from(item);
      const part = bytes.length > total - offset ? bytes.subarray(0, total - offset) : bytes;
      out.set(part, offset);
      offset += part.length;
    }
    return out;
  }

  static compare(a, b) {
    const n = Math.min(a.length, b.length);
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
    return decodeBytes(s === 0 && e === this.length ? this : this.subarray(s, e), encoding);
  }

  toLocaleString(encoding, start, end) {
    return this.toString(encoding, start, end);
  }

  toJSON() {
    return { type: "Buffer", data: Array.from(this) };
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
    return Buffer.compare(this.subarray(sourceStart, sourceEnd), target.subarray(targetStart, targetEnd));
  }

  slice(start, end) {
    return this.subarray(start, end);
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
    let count = Math.min(bytes.length, this.length - offset, length === undefined ? Infinity : length >>> 0);
    if (normalizeEncoding(encoding) === "utf8" && count < bytes.length) {
      // Never write a partial UTF-8 character.
      while (count > 0 && (bytes[count] & 0xc0) === 0x80) count--;
    }
    this.set(bytes.subarray(0, count), offset);
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
    const e = end === undefined ? this.length : Math.min(end >>> 0, this.length);
    if (typeof value === "number" || typeof value === "boolean") {
      Uint8Array.prototype.fill.call(this, Number(value) & 0xff, s, e);
      return this;
    }
    const bytes = typeof value === "string" ? encodeString(value, encoding) : value instanceof Uint8Array ? value : Buffer.from(value);
    if (bytes.length === 0) {
      if (typeof value === "string" && value.length > 0) throw rangeError("value", value);
      Uint8Array.prototype.fill.call(this, 0, s, e);
      return this;
    }
    for (let i = s, j = 0; i < e; i++, j = (j + 1) % bytes.length) this[i] = bytes[j];
    return this;
  }

  copy(target, targetStart = 0, sourceStart = 0, sourceEnd = this.length) {
    const end = Math.min(sourceEnd, this.length, sourceStart + (target.length - targetStart));
    if (end <= sourceStart) return 0;
    target.set(this.subarray(sourceStart, end), targetStart);
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
    return view(this).getInt8(checkOffset(this, offset, 1));
  }

  writeUInt8(value, offset = 0) {
    this[checkOffset(this, offset, 1)] = value;
    return offset + 1;
  }

  writeInt8(value, offset = 0) {
    view(this).setInt8(checkOffset(this, offset, 1), value);
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
      v = Math.floor(v / 256);
    }
    return offset + byteLength;
  }

  writeUIntBE(value, offset, byteLength) {
    checkOffset(this, offset, byteLength);
    let v = value;
    for (let i = byteLength - 1; i >= 0; i--) {
      this[offset + i] = v & 0xff;
      v = Math.floor(v / 256);
    }
    return offset + byteLength;
  }

  writeIntLE(value, offset, byteLength) {
    return this.writeUIntLE(value < 0 ? value + 2 ** (8 * byteLength) : value, offset, byteLength);
  }

  writeIntBE(value, offset, byteLength) {
    return this.writeUIntBE(value < 0 ? value + 2 ** (8 * byteLength) : value, offset, byteLength);
  }

  [Symbol.for("nodejs.util.inspect.custom")]() {
    return inspectBuffer(this);
  }

  [Symbol.for("Deno.customInspect")]() {
    return inspectBuffer(this);
  }
}

// Node's per-encoding Buffer methods (`buf.utf8Slice(start, end)`, `buf.latin1Write(text,
// offset, length)`), which undici and other performance-minded packages call directly.
for (const [name, encoding] of [["ascii", "ascii"], ["base64", "base64"], ["base64url", "base64url"], ["latin1", "latin1"], ["hex", "hex"], ["ucs2", "utf16le"], ["utf8", "utf8"]]) {
  Object.defineProperty(Buffer.prototype, `${name}Slice`, {
    value(start = 0, end = this.length) {
      return this.toString(encoding, start, end);
    },
    writable: true,
    configurable: true,
  });
  Object.defineProperty(Buffer.prototype, `${name}Write`, {
    value(text, offset = 0, length = this.length - offset) {
      return this.write(text, offset, length, encoding);
    },
    writable: true,
    configurable: true,
  });
}

export const INSPECT_MAX_BYTES = 50;

function inspectBuffer(buf) {
  const shown = Array.from(buf.subarray(0, INSPECT_MAX_BYTES), (b) => b.toString(16).padStart(2, "0")).join(" ");
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
for (const [name, dvName, size] of FIXED) {
  for (const [suffix, little] of [["LE", true], ["BE", false]]) {
    Buffer.prototype[`read${name}${suffix}`] = function (offset = 0) {
      return view(this)[`get${dvName}`](checkOffset(this, offset, size), little);
    };
    Buffer.prototype[`write${name}${suffix}`] = function (value, offset = 0) {
      view(this)[`set${dvName}`](checkOffset(this, offset, size), value, little);
      return offset + size;
    };
  }
}
// Node's lower-case `Uint` aliases (readUint8, writeUint32LE, …).
for (const key of Object.getOwnPropertyNames(Buffer.prototype)) {
  if (/^(read|write)(Big)?UInt/.test(key)) Buffer.prototype[key.replace("UInt", "Uint")] = Buffer.prototype[key];
}

function checkSize(size) {
  if (typeof size !== "number" || size < 0 || !Number.isFinite(size)) {
    const err = new RangeError(`The argument 'size' is invalid. Received ${size}`);
    err.code = "ERR_OUT_OF_RANGE";
    throw err;
  }
  return Math.floor(size);
}

function swap(buf, size) {
  if (buf.length % size !== 0) {
    const err = new RangeError(`Buffer size must be a multiple of ${size * 8}-bits`);
    err.code = "ERR_INVALID_BUFFER_SIZE";
    throw err;
  }
  for (let i = 0; i < buf.length; i += size) buf.subarray(i, i + size).reverse();
  return buf;
}

function search(buf, value, byteOffset, encoding, last) {
  if (typeof byteOffset === "string") {
    encoding = byteOffset;
    byteOffset = undefined;
  }
  let needle;
  if (typeof value === "number") needle = Uint8Array.of(value & 0xff);
  else if (typeof value === "string") needle = encodeString(value, encoding);
  else needle = value;
  let start = byteOffset === undefined ? (last ? buf.length - needle.length : 0) : Number(byteOffset);
  if (start < 0) start += buf.length;
  if (needle.length === 0) return last ? Math.min(start, buf.length) : Math.min(start, buf.length);
  const matches = (i) => {
    for (let j = 0; j < needle.length; j++) if (buf[i + j] !== needle[j]) return false;
    return true;
  };
  if (last) {
    for (let i = Math.min(start, buf.length - needle.length); i >= 0; i--) if (matches(i)) return i;
  } else {
    for (let i = Math.max(start, 0); i <= buf.length - needle.length; i++) if (matches(i)) return i;
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
  return bytes.every((b) => b < 0x80);
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
(globalThis.__ompBuiltins ??= new Map()).set("buffer", bufferModule);
