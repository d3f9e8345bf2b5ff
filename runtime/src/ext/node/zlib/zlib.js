// node:zlib: gzip, deflate (zlib and raw), unzip and brotli as Transform streams and as
// callback / *Sync one-shot functions, on the flate2 and brotli crates
// (runtime/src/engine/node/zlib.rs), plus `crc32` and Node's constants. Errors carry Node's
// `code` and `errno` (`Z_DATA_ERROR` / -3 for bad input, `Z_BUF_ERROR` / -5 for cut input).
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { Transform } from "omp:/node/stream";
import { Buffer } from "omp:/node/buffer";
import { codedError, invalidArgType } from "omp:/node-internal/errors";

import { core, primordials } from "omp:/host/core";
const ops = core.ops;

const {
  ArrayBufferIsView,
  MapPrototypeSet,
  ObjectAssign,
  ObjectFreeze,
  ObjectKeys,
  RegExpPrototypeExec,
  SafeMap,
  StringPrototypeStartsWith,
} = primordials;

export const constants = {
  Z_NO_FLUSH: 0, Z_PARTIAL_FLUSH: 1, Z_SYNC_FLUSH: 2, Z_FULL_FLUSH: 3, Z_FINISH: 4, Z_BLOCK: 5,
  Z_OK: 0, Z_STREAM_END: 1, Z_NEED_DICT: 2, Z_ERRNO: -1, Z_STREAM_ERROR: -2, Z_DATA_ERROR: -3,
  Z_MEM_ERROR: -4, Z_BUF_ERROR: -5, Z_VERSION_ERROR: -6,
  Z_NO_COMPRESSION: 0, Z_BEST_SPEED: 1, Z_BEST_COMPRESSION: 9, Z_DEFAULT_COMPRESSION: -1,
  Z_FILTERED: 1, Z_HUFFMAN_ONLY: 2, Z_RLE: 3, Z_FIXED: 4, Z_DEFAULT_STRATEGY: 0, ZLIB_VERNUM: 4865,
  DEFLATE: 1, INFLATE: 2, GZIP: 3, GUNZIP: 4, DEFLATERAW: 5, INFLATERAW: 6, UNZIP: 7,
  BROTLI_DECODE: 8, BROTLI_ENCODE: 9,
  Z_MIN_WINDOWBITS: 8, Z_MAX_WINDOWBITS: 15, Z_DEFAULT_WINDOWBITS: 15, Z_MIN_CHUNK: 64, Z_MAX_CHUNK: Infinity,
  Z_DEFAULT_CHUNK: 16384, Z_MIN_MEMLEVEL: 1, Z_MAX_MEMLEVEL: 9, Z_DEFAULT_MEMLEVEL: 8, Z_MIN_LEVEL: -1,
  Z_MAX_LEVEL: 9, Z_DEFAULT_LEVEL: -1,
  BROTLI_OPERATION_PROCESS: 0, BROTLI_OPERATION_FLUSH: 1, BROTLI_OPERATION_FINISH: 2, BROTLI_OPERATION_EMIT_METADATA: 3,
  BROTLI_PARAM_MODE: 0, BROTLI_MODE_GENERIC: 0, BROTLI_MODE_TEXT: 1, BROTLI_MODE_FONT: 2, BROTLI_DEFAULT_MODE: 0,
  BROTLI_PARAM_QUALITY: 1, BROTLI_MIN_QUALITY: 0, BROTLI_MAX_QUALITY: 11, BROTLI_DEFAULT_QUALITY: 11,
  BROTLI_PARAM_LGWIN: 2, BROTLI_MIN_WINDOW_BITS: 10, BROTLI_MAX_WINDOW_BITS: 24, BROTLI_LARGE_MAX_WINDOW_BITS: 30,
  BROTLI_DEFAULT_WINDOW: 22, BROTLI_PARAM_LGBLOCK: 3, BROTLI_MIN_INPUT_BLOCK_BITS: 16, BROTLI_MAX_INPUT_BLOCK_BITS: 24,
  BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING: 4, BROTLI_PARAM_SIZE_HINT: 5, BROTLI_PARAM_LARGE_WINDOW: 6,
  BROTLI_PARAM_NPOSTFIX: 7, BROTLI_PARAM_NDIRECT: 8,
  BROTLI_DECODER_RESULT_ERROR: 0, BROTLI_DECODER_RESULT_SUCCESS: 1, BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT: 2,
  BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT: 3, BROTLI_DECODER_PARAM_DISABLE_RING_BUFFER_REALLOCATION: 0,
  BROTLI_DECODER_PARAM_LARGE_WINDOW: 1, BROTLI_DECODER_NO_ERROR: 0, BROTLI_DECODER_SUCCESS: 1,
  BROTLI_DECODER_NEEDS_MORE_INPUT: 2, BROTLI_DECODER_NEEDS_MORE_OUTPUT: 3,
  ZSTD_COMPRESS: 10, ZSTD_DECOMPRESS: 11, ZSTD_e_compressionLevel: 100, ZSTD_d_windowLogMax: 100,
};
ObjectFreeze(constants);

const ERRNO = { Z_DATA_ERROR: -3, Z_BUF_ERROR: -5, Z_STREAM_ERROR: -2, Z_MEM_ERROR: -4 };

function zlibError(cause) {
  const text = cause?.message ?? String(cause);
  const match = RegExpPrototypeExec(/^([A-Z_]+): ([\s\S]*)$/, text);
  if (!match) return cause;
  const code = match[1];
  const message = match[2];
  if (code === "ERR_STREAM_WRITE_AFTER_END") return codedError(code, "write after end");
  return ObjectAssign(new Error(message), { errno: ERRNO[code] ?? -2, code });
}

function toBuffer(input, name = "buffer") {
  if (typeof input === "string") return Buffer.from(input);
  if (input instanceof Uint8Array) return input;
  if (ArrayBufferIsView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  throw invalidArgType(name, "of type string or an instance of Buffer, TypedArray, DataView, or ArrayBuffer", input);
}

function qualityOf(options) {
  const q = options?.params?.[constants.BROTLI_PARAM_QUALITY];
  return typeof q === "number" ? q : -1;
}

function levelOf(options) {
  const level = options?.level ?? -1;
  if (typeof level !== "number" || level < -1 || level > 9) {
    throw codedError("ERR_OUT_OF_RANGE", `The value of "options.level" is out of range. It must be >= -1 and <= 9. Received ${level}`, RangeError);
  }
  return level;
}

/** One codec resource, fed chunk by chunk. */
class Codec {
  constructor(mode, options) {
    this.rid = ops.op_node_zlib_create(mode, levelOf(options), qualityOf(options));
  }

  write(data, flush) {
    try {
      return ops.op_node_zlib_write(this.rid, data, flush);
    } catch (err) {
      this.close();
      throw zlibError(err);
    }
  }

  close() {
    if (this.rid !== undefined) core.tryClose(this.rid);
    this.rid = undefined;
  }
}

class ZlibBase extends Transform {
  constructor(mode, options = {}) {
    super({ ...options, highWaterMark: options.chunkSize ?? options.highWaterMark });
    this._mode = mode;
    this._codec = new Codec(mode, options);
    this._finishFlush = options.finishFlush ?? constants.Z_FINISH;
    this.bytesWritten = 0;
    this._closed = false;
  }

  get _handle() {
    return this._codec.rid === undefined ? null : this._codec;
  }

  _transform(chunk, encoding, callback) {
    try {
      const data = typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk;
      this.bytesWritten += data.length;
      const out = this._codec.write(data, constants.Z_NO_FLUSH);
      if (out.length) this.push(Buffer.from(out.buffer, out.byteOffset, out.byteLength));
      callback();
    } catch (err) {
      callback(err);
    }
  }

  _flush(callback) {
    try {
      const out = this._codec.write(new Uint8Array(0), constants.Z_FINISH);
      if (out.length) this.push(Buffer.from(out.buffer, out.byteOffset, out.byteLength));
      this._codec.close();
      callback();
    } catch (err) {
      callback(err);
    }
  }

  flush(kind, callback) {
    if (typeof kind === "function") {
      callback = kind;
      kind = constants.Z_FULL_FLUSH;
    }
    try {
      const out = this._codec.write(new Uint8Array(0), constants.Z_SYNC_FLUSH);
      if (out.length) this.push(Buffer.from(out.buffer, out.byteOffset, out.byteLength));
      if (typeof callback === "function") queueMicrotask(callback);
    } catch (err) {
      this.destroy(err);
    }
  }

  params(level, strategy, callback) {
    if (typeof callback === "function") queueMicrotask(callback);
  }

  reset() {}

  close(callback) {
    if (typeof callback === "function") this.once("close", callback);
    this.destroy();
  }

  _destroy(err, callback) {
    this._codec.close();
    callback(err);
  }
}

const MODES = {
  Gzip: "gzip", Gunzip: "gunzip", Deflate: "deflate", Inflate: "inflate", DeflateRaw: "deflateRaw",
  InflateRaw: "inflateRaw", Unzip: "unzip", BrotliCompress: "brotliCompress", BrotliDecompress: "brotliDecompress",
};

function defineClass(name, mode) {
  const Class = {
    [name]: class extends ZlibBase {
      constructor(options) {
        super(mode, options);
      }
    },
  }[name];
  return Class;
}

export const Gzip = defineClass("Gzip", MODES.Gzip);
export const Gunzip = defineClass("Gunzip", MODES.Gunzip);
export const Deflate = defineClass("Deflate", MODES.Deflate);
export const Inflate = defineClass("Inflate", MODES.Inflate);
export const DeflateRaw = defineClass("DeflateRaw", MODES.DeflateRaw);
export const InflateRaw = defineClass("InflateRaw", MODES.InflateRaw);
export const Unzip = defineClass("Unzip", MODES.Unzip);
export const BrotliCompress = defineClass("BrotliCompress", MODES.BrotliCompress);
export const BrotliDecompress = defineClass("BrotliDecompress", MODES.BrotliDecompress);

export const createGzip = (o) => new Gzip(o);
export const createGunzip = (o) => new Gunzip(o);
export const createDeflate = (o) => new Deflate(o);
export const createInflate = (o) => new Inflate(o);
export const createDeflateRaw = (o) => new DeflateRaw(o);
export const createInflateRaw = (o) => new InflateRaw(o);
export const createUnzip = (o) => new Unzip(o);
export const createBrotliCompress = (o) => new BrotliCompress(o);
export const createBrotliDecompress = (o) => new BrotliDecompress(o);
// Node 23.8's zstd streams: named (undici binds createZstdDecompress at load), not served.
const noZstd = () => {
  throw codedError("ERR_METHOD_NOT_IMPLEMENTED", "zstd compression is not supported by omp-host's node:zlib");
};
export const createZstdCompress = noZstd;
export const createZstdDecompress = noZstd;

/** The whole of `input` through codec `mode`. */
function runSync(mode, input, options) {
  const codec = new Codec(mode, options);
  const out = codec.write(toBuffer(input), constants.Z_FINISH);
  codec.close();
  const buffer = Buffer.from(out.buffer, out.byteOffset, out.byteLength);
  return options?.info ? { buffer, engine: null } : buffer;
}

function syncAndAsync(mode) {
  const sync = (input, options) => runSync(mode, input, options);
  const async = (input, options, callback) => {
    if (typeof options === "function") {
      callback = options;
      options = {};
    }
    if (typeof callback !== "function") throw invalidArgType("callback", "of type function", callback);
    let result;
    let error = null;
    try {
      result = sync(input, options);
    } catch (err) {
      error = err;
    }
    setTimeout(() => (error ? callback(error) : callback(null, result)), 0);
  };
  return { sync, async };
}

export const { sync: gzipSync, async: gzip } = syncAndAsync(MODES.Gzip);
export const { sync: gunzipSync, async: gunzip } = syncAndAsync(MODES.Gunzip);
export const { sync: deflateSync, async: deflate } = syncAndAsync(MODES.Deflate);
export const { sync: inflateSync, async: inflate } = syncAndAsync(MODES.Inflate);
export const { sync: deflateRawSync, async: deflateRaw } = syncAndAsync(MODES.DeflateRaw);
export const { sync: inflateRawSync, async: inflateRaw } = syncAndAsync(MODES.InflateRaw);
export const { sync: unzipSync, async: unzip } = syncAndAsync(MODES.Unzip);
export const { sync: brotliCompressSync, async: brotliCompress } = syncAndAsync(MODES.BrotliCompress);
export const { sync: brotliDecompressSync, async: brotliDecompress } = syncAndAsync(MODES.BrotliDecompress);

export function crc32(data, value = 0) {
  return ops.op_node_zlib_crc32(toBuffer(data, "data"), value >>> 0);
}

export const codes = {
  Z_OK: 0, Z_STREAM_END: 1, Z_NEED_DICT: 2, Z_ERRNO: -1, Z_STREAM_ERROR: -2, Z_DATA_ERROR: -3,
  Z_MEM_ERROR: -4, Z_BUF_ERROR: -5, Z_VERSION_ERROR: -6,
  0: "Z_OK", 1: "Z_STREAM_END", 2: "Z_NEED_DICT", [-1]: "Z_ERRNO", [-2]: "Z_STREAM_ERROR", [-3]: "Z_DATA_ERROR",
  [-4]: "Z_MEM_ERROR", [-5]: "Z_BUF_ERROR", [-6]: "Z_VERSION_ERROR",
};

const zlibModule = {
  constants, codes, crc32,
  Gzip, Gunzip, Deflate, Inflate, DeflateRaw, InflateRaw, Unzip, BrotliCompress, BrotliDecompress,
  createGzip, createGunzip, createDeflate, createInflate, createDeflateRaw, createInflateRaw, createUnzip,
  createBrotliCompress, createBrotliDecompress, createZstdCompress, createZstdDecompress,
  gzip, gzipSync, gunzip, gunzipSync, deflate, deflateSync, inflate, inflateSync, deflateRaw, deflateRawSync,
  inflateRaw, inflateRawSync, unzip, unzipSync, brotliCompress, brotliCompressSync, brotliDecompress, brotliDecompressSync,
};
// Node also exposes the constants on the module itself (zlib.Z_SYNC_FLUSH).
const constantNames = ObjectKeys(constants);
for (let i = 0; i < constantNames.length; i++) {
  const name = constantNames[i];
  if (StringPrototypeStartsWith(name, "Z_")) zlibModule[name] ??= constants[name];
}
export default zlibModule;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "zlib", zlibModule);
