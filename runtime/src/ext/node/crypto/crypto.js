// node:crypto: kernel randomness (randomBytes, randomUUID, getRandomValues, randomInt),
// hashes and HMACs (md5, sha1, sha224, sha256, sha384, sha512) computed by host ops, and
// PBKDF2, timingSafeEqual, `webcrypto`/`subtle` (digest only), and X509Certificate (x509.js).
// Ciphers, signatures and key objects are not provided.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { Buffer } from "omp:/node/buffer";
import { codedError, invalidArgType } from "omp:/node-internal/errors";
import { randomUUID, webCrypto } from "omp:/node-internal/host_globals";

import { X509Certificate } from "omp:/node/crypto/x509";

export { randomUUID, X509Certificate };

import { core, primordials } from "omp:/host/core";
const ops = core.ops;

const {
  ArrayBufferIsView,
  ArrayPrototypeJoin,
  ArrayPrototypePush,
  ArrayPrototypeSlice,
  DataViewPrototypeSetUint32,
  MapPrototypeSet,
  MathMin,
  NumberIsInteger,
  NumberIsSafeInteger,
  SafeMap,
  TypedArrayPrototypeSet,
  TypedArrayPrototypeSubarray,
} = primordials;

function bytesOf(data, encoding, name = "data") {
  if (typeof data === "string") return Buffer.from(data, encoding ?? "utf8");
  if (data instanceof Uint8Array) return data;
  if (ArrayBufferIsView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  throw invalidArgType(name, "of type string or an instance of Buffer, TypedArray, or DataView", data);
}

function output(bytes, encoding) {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return encoding === undefined || encoding === "buffer" ? buf : buf.toString(encoding);
}

function checkAlgorithm(algorithm) {
  if (typeof algorithm !== "string") throw invalidArgType("algorithm", "of type string", algorithm);
  if (!ops.op_node_hash_supported(algorithm)) throw codedError("ERR_OSSL_EVP_UNSUPPORTED", `Digest method not supported: ${algorithm} (omp-host provides ${ArrayPrototypeJoin(getHashes(), ", ")})`);
}

class Digest {
  #chunks = [];
  #done = false;
  #compute;

  constructor(compute) {
    this.#compute = compute;
  }

  update(data, inputEncoding) {
    if (this.#done) throw codedError("ERR_CRYPTO_HASH_FINALIZED", "Digest already called");
    ArrayPrototypePush(this.#chunks, Buffer.from(bytesOf(data, inputEncoding)));
    return this;
  }

  digest(encoding) {
    if (this.#done) throw codedError("ERR_CRYPTO_HASH_FINALIZED", "Digest already called");
    this.#done = true;
    const data = this.#chunks.length === 1 ? this.#chunks[0] : Buffer.concat(this.#chunks);
    this.#chunks = [];
    return output(this.#compute(data), encoding);
  }

  _copyInto(other) {
    other.#chunks = ArrayPrototypeSlice(this.#chunks);
    return other;
  }
}

export class Hash extends Digest {
  constructor(algorithm) {
    checkAlgorithm(algorithm);
    super((data) => ops.op_node_hash(algorithm, data));
    this.algorithm = algorithm;
  }

  copy() {
    return this._copyInto(new Hash(this.algorithm));
  }
}

export class Hmac extends Digest {
  constructor(algorithm, key) {
    checkAlgorithm(algorithm);
    const keyBytes = key && typeof key === "object" && typeof key.export === "function" ? bytesOf(key.export()) : bytesOf(key, undefined, "key");
    const copied = new Uint8Array(keyBytes);
    super((data) => ops.op_node_hmac(algorithm, copied, data));
  }
}

export function createHash(algorithm, _options) {
  return new Hash(algorithm);
}

export function createHmac(algorithm, key, _options) {
  return new Hmac(algorithm, key);
}

/** One-shot `crypto.hash(algorithm, data, outputEncoding = "hex")`. */
export function hash(algorithm, data, outputEncoding = "hex") {
  checkAlgorithm(algorithm);
  return output(ops.op_node_hash(algorithm, bytesOf(data)), outputEncoding);
}

export function getHashes() {
  return ["md5", "sha1", "sha224", "sha256", "sha384", "sha512"];
}

export function getRandomValues(array) {
  if (!ArrayBufferIsView(array) || array instanceof Float32Array || array instanceof Float64Array || array instanceof DataView) {
    const err = new TypeError("The data argument must be an integer-type TypedArray");
    err.code = "ERR_INVALID_ARG_TYPE";
    throw err;
  }
  if (array.byteLength > 65536) {
    throw new globalThis.DOMException(`The ArrayBufferView's byte length (${array.byteLength}) exceeds the number of bytes of entropy available via this API (65536)`, "QuotaExceededError");
  }
  ops.op_node_random_fill(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
  return array;
}

export function randomFillSync(buffer, offset = 0, size) {
  const view = ArrayBufferIsView(buffer) ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength) : new Uint8Array(buffer);
  const end = size === undefined ? view.length : offset + size;
  if (offset < 0 || end > view.length) throw codedError("ERR_OUT_OF_RANGE", `The value of "size + offset" is out of range. It must be <= ${view.length}. Received ${end}`, RangeError);
  ops.op_node_random_fill(TypedArrayPrototypeSubarray(view, offset, end));
  return buffer;
}

export function randomFill(buffer, offset, size, callback) {
  if (typeof offset === "function") {
    callback = offset;
    offset = 0;
    size = undefined;
  } else if (typeof size === "function") {
    callback = size;
    size = undefined;
  }
  try {
    randomFillSync(buffer, offset, size);
    queueMicrotask(() => callback(null, buffer));
  } catch (err) {
    queueMicrotask(() => callback(err));
  }
}

export function randomBytes(size, callback) {
  if (typeof size !== "number" || size < 0 || !NumberIsInteger(size)) throw codedError("ERR_OUT_OF_RANGE", `The value of "size" is out of range. Received ${size}`, RangeError);
  const buf = Buffer.alloc(size);
  ops.op_node_random_fill(buf);
  if (typeof callback === "function") {
    queueMicrotask(() => callback(null, buf));
    return undefined;
  }
  return buf;
}

export const pseudoRandomBytes = randomBytes;

/** An integer in [min, max) without modulo bias. */
export function randomInt(min, max, callback) {
  if (typeof max === "function" || max === undefined) {
    callback = max;
    max = min;
    min = 0;
  }
  if (!NumberIsSafeInteger(min) || !NumberIsSafeInteger(max) || max <= min) {
    throw codedError("ERR_OUT_OF_RANGE", `The value of "max" is out of range. It must be greater than the value of "min" (${min}). Received ${max}`, RangeError);
  }
  const range = max - min;
  const limit = 2 ** 48 - (2 ** 48 % range);
  const bytes = new Uint8Array(6);
  let value;
  do {
    ops.op_node_random_fill(bytes);
    value = 0;
    for (let i = 0; i < bytes.length; i++) value = value * 256 + bytes[i];
  } while (value >= limit);
  const result = min + (value % range);
  if (typeof callback === "function") {
    queueMicrotask(() => callback(null, result));
    return undefined;
  }
  return result;
}


export function timingSafeEqual(a, b) {
  const x = bytesOf(a, undefined, "buf1");
  const y = bytesOf(b, undefined, "buf2");
  if (x.byteLength !== y.byteLength) throw codedError("ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH", "Input buffers must have the same byte length", RangeError);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i] ^ y[i];
  return diff === 0;
}

function unsupported(name) {
  return () => {
    throw codedError("ERR_FEATURE_UNAVAILABLE_ON_PLATFORM", `crypto.${name} is not supported by omp-host (hashes, HMACs and random values are)`);
  };
}

export const createCipheriv = unsupported("createCipheriv");
export const createDecipheriv = unsupported("createDecipheriv");
export const createSign = unsupported("createSign");
export const createVerify = unsupported("createVerify");
export const generateKeyPairSync = unsupported("generateKeyPairSync");
/** PBKDF2 (RFC 8018) over the host's HMAC. */
export function pbkdf2Sync(password, salt, iterations, keylen, digest) {
  checkAlgorithm(digest);
  if (!NumberIsInteger(iterations) || iterations < 1) throw codedError("ERR_OUT_OF_RANGE", `The value of "iterations" is out of range. Received ${iterations}`, RangeError);
  const key = new Uint8Array(bytesOf(password, undefined, "password"));
  const saltBytes = bytesOf(salt, undefined, "salt");
  const out = Buffer.alloc(keylen);
  const block = new Uint8Array(saltBytes.length + 4);
  TypedArrayPrototypeSet(block, saltBytes);
  for (let index = 1, filled = 0; filled < keylen; index++) {
    DataViewPrototypeSetUint32(new DataView(block.buffer), saltBytes.length, index);
    let u = ops.op_node_hmac(digest, key, block);
    const t = new Uint8Array(u);
    for (let i = 1; i < iterations; i++) {
      u = ops.op_node_hmac(digest, key, u);
      for (let j = 0; j < t.length; j++) t[j] ^= u[j];
    }
    const take = MathMin(t.length, keylen - filled);
    TypedArrayPrototypeSet(out, TypedArrayPrototypeSubarray(t, 0, take), filled);
    filled += take;
  }
  return out;
}

export function pbkdf2(password, salt, iterations, keylen, digest, callback) {
  let result;
  try {
    result = pbkdf2Sync(password, salt, iterations, keylen, digest);
  } catch (err) {
    queueMicrotask(() => callback(err));
    return;
  }
  queueMicrotask(() => callback(null, result));
}
export const scryptSync = unsupported("scryptSync");

/** The Web Crypto object: the same as `globalThis.crypto` (random values and subtle.digest). */
export const webcrypto = webCrypto;
export const subtle = webcrypto.subtle;
export const constants = {};

const cryptoModule = {
  Hash, Hmac, createHash, createHmac, hash, getHashes, getRandomValues, randomFillSync, randomFill, randomBytes, pseudoRandomBytes,
  randomInt, randomUUID, timingSafeEqual, createCipheriv, createDecipheriv, createSign, createVerify, generateKeyPairSync,
  pbkdf2Sync, pbkdf2, scryptSync, webcrypto, subtle, constants, X509Certificate,
};
export default cryptoModule;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "crypto", cryptoModule);
