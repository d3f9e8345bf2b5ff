// node:fs/promises: the promise-based file system API over the host's async file ops
// (each runs on tokio's blocking pool), plus `open()` FileHandles.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { Buffer } from "omp:/node/buffer";
import { AbortError, awaitOp, callOp, codedError } from "omp:/node-internal/errors";
import { watchIterator } from "omp:/node-internal/fs_watch";
import { Dir } from "omp:/node-internal/fs_dir";
import { ReadStream, WriteStream } from "omp:/node-internal/fs_streams";
import { createInterface } from "omp:/node/readline";
import { Stats, copyWith, fromBytes, fsConstants, openFlags, options, parseMode, readdirWith, toBytes, toPath } from "omp:/node-internal/fs_common";

import { core, primordials } from "omp:/host/core";

const {
  ArrayBuffer,
  ArrayBufferIsView,
  ArrayIsArray,
  ArrayPrototypePush,
  Date,
  DatePrototypeGetTime,
  MapPrototypeSet,
  Number,
  SafeMap,
  SymbolAsyncDispose,
  SymbolAsyncIterator,
  SymbolFor,
  SymbolIterator,
  TypedArrayPrototypeSubarray,
  Uint8Array,
} = primordials;
const ops = core.ops;

const run = (request) => awaitOp(ops.op_node_fs_async(request));
// Awaits rather than chains: settling a promise with the promise `fn` returns would call that
// promise's `then`, which a tool may have replaced; `await` does not look it up.
const then = async (value, fn) => await fn(await value);

function checkAborted(signal) {
  if (signal?.aborted) throw new AbortError(undefined, { cause: signal.reason });
}

/** Collects strings/bytes from an (async) iterable such as a Readable. */
async function collect(data, encoding) {
  const parts = [];
  if (ArrayIsArray(data)) {
    // An array is walked by index (its iterator may have been replaced); each chunk is awaited
    // as `for await` would.
    for (let i = 0; i < data.length; i++) ArrayPrototypePush(parts, toBytes(await data[i], encoding));
  } else {
    for await (const chunk of data) ArrayPrototypePush(parts, toBytes(chunk, encoding));
  }
  return Buffer.concat(parts);
}

async function dataBytes(data, encoding) {
  if (typeof data === "string" || ArrayBufferIsView(data) || data instanceof ArrayBuffer) return toBytes(data, encoding);
  if (data && (typeof data[SymbolAsyncIterator] === "function" || typeof data[SymbolIterator] === "function")) return await collect(data, encoding);
  return toBytes(data, encoding);
}

export async function readFile(path, opts) {
  const o = options(opts, { flag: "r" });
  checkAborted(o.signal);
  if (path instanceof FileHandle) return await path.readFile(o);
  const p = toPath(path);
  const bytes = await awaitOp(ops.op_node_fs_read_file_async(p), { path: p });
  checkAborted(o.signal);
  return fromBytes(bytes, o.encoding);
}

export async function writeFile(path, data, opts) {
  const o = options(opts, { encoding: "utf8", mode: 0o666, flag: "w" });
  checkAborted(o.signal);
  if (path instanceof FileHandle) return await path.writeFile(data, o);
  const p = toPath(path);
  const bytes = await dataBytes(data, o.encoding);
  checkAborted(o.signal);
  await awaitOp(ops.op_node_fs_write_file_async(p, bytes, String(o.flag), parseMode(o.mode, 0o666)), { path: p });
}

export async function appendFile(path, data, opts) {
  const o = options(opts, { encoding: "utf8", mode: 0o666, flag: "a" });
  return await writeFile(path, data, o);
}

export async function mkdir(path, opts) {
  const o = typeof opts === "number" || typeof opts === "string" ? { mode: opts } : options(opts);
  const created = await run({ op: "mkdir", path: toPath(path), recursive: Boolean(o.recursive), mode: parseMode(o.mode, 0o777) });
  return created ?? undefined;
}

export async function readdir(path, opts) {
  return await readdirWith(run, then, toPath(path), options(opts));
}

export async function stat(path, opts) {
  const p = toPath(path);
  try {
    return new Stats(await run({ op: "stat", path: p, follow: true }));
  } catch (err) {
    if (opts?.throwIfNoEntry === false && err.code === "ENOENT") return undefined;
    throw err;
  }
}

export async function lstat(path) {
  return new Stats(await run({ op: "stat", path: toPath(path), follow: false }));
}

export async function rm(path, opts) {
  const o = options(opts);
  await run({ op: "rm", path: toPath(path), recursive: Boolean(o.recursive), force: Boolean(o.force) });
}

export async function rmdir(path, opts) {
  const o = options(opts);
  if (o.recursive) await run({ op: "rm", path: toPath(path), recursive: true, force: false });
  else await run({ op: "rmdir", path: toPath(path) });
}

export async function unlink(path) {
  await run({ op: "unlink", path: toPath(path) });
}

export async function rename(from, to) {
  await run({ op: "rename", from: toPath(from, "oldPath"), to: toPath(to, "newPath") });
}

export async function copyFile(src, dest, mode = 0) {
  await run({ op: "copyFile", from: toPath(src, "src"), to: toPath(dest, "dest"), exclusive: (mode & fsConstants().COPYFILE_EXCL) !== 0 });
}

export async function cp(src, dest, opts) {
  await copyWith(run, then, toPath(src, "src"), toPath(dest, "dest"), options(opts));
}

export async function access(path, mode = fsConstants().F_OK) {
  await run({ op: "access", path: toPath(path), mode });
}

export async function realpath(path) {
  return await run({ op: "realpath", path: toPath(path) });
}

export async function mkdtemp(prefix) {
  return await run({ op: "mkdtemp", prefix: toPath(prefix, "prefix") });
}

export async function readlink(path) {
  return await run({ op: "readlink", path: toPath(path) });
}

export async function symlink(target, path) {
  await run({ op: "symlink", target: toPath(target, "target"), path: toPath(path) });
}

export async function link(existing, path) {
  await run({ op: "link", existing: toPath(existing, "existingPath"), path: toPath(path, "newPath") });
}

export async function chmod(path, mode) {
  await run({ op: "chmod", path: toPath(path), mode: parseMode(mode) });
}

export async function truncate(path, len = 0) {
  await run({ op: "truncate", path: toPath(path), len });
}

function timeMs(value) {
  if (value instanceof Date) return DatePrototypeGetTime(value);
  if (typeof value === "string") return Number(value) * 1000;
  return value * 1000;
}

export async function utimes(path, atime, mtime) {
  await run({ op: "utimes", path: toPath(path), atimeMs: timeMs(atime), mtimeMs: timeMs(mtime) });
}

export async function open(path, flags = "r", mode = 0o666) {
  const p = toPath(path);
  return new FileHandle(callOp(() => ops.op_node_fs_open(p, openFlags(flags), parseMode(mode, 0o666)), { path: p }));
}

export function watch(path, opts) {
  return watchIterator(path, opts);
}

/** `fs/promises` FileHandle over a real descriptor. */
export class FileHandle {
  constructor(fd) {
    this.fd = fd;
  }

  async read(buffer, offset, length, position) {
    if (buffer && !ArrayBufferIsView(buffer)) ({ buffer, offset, length, position } = buffer);
    buffer ??= Buffer.alloc(16384);
    offset ??= 0;
    length ??= buffer.byteLength - offset;
    const target = new Uint8Array(buffer.buffer, buffer.byteOffset + offset, length);
    const bytesRead = callOp(() => ops.op_node_fs_read(this.fd, target, position ?? -1));
    return { bytesRead, buffer };
  }

  async write(data, offsetOrPosition, lengthOrEncoding, position) {
    let bytes;
    let pos;
    if (typeof data === "string") {
      bytes = Buffer.from(data, typeof lengthOrEncoding === "string" ? lengthOrEncoding : "utf8");
      pos = offsetOrPosition;
    } else {
      const offset = offsetOrPosition ?? 0;
      const length = lengthOrEncoding ?? data.byteLength - offset;
      bytes = new Uint8Array(data.buffer, data.byteOffset + offset, length);
      pos = position;
    }
    let written = 0;
    while (written < bytes.length) {
      const chunk = TypedArrayPrototypeSubarray(bytes, written);
      written += callOp(() => ops.op_node_fs_write(this.fd, chunk, typeof pos === "number" ? pos + written : -1));
    }
    return { bytesWritten: written, buffer: data };
  }

  async readFile(opts) {
    const o = options(opts);
    const chunks = [];
    for (;;) {
      const chunk = Buffer.alloc(65536);
      const n = callOp(() => ops.op_node_fs_read(this.fd, chunk, -1));
      if (n === 0) break;
      ArrayPrototypePush(chunks, TypedArrayPrototypeSubarray(chunk, 0, n));
    }
    return fromBytes(Buffer.concat(chunks), o.encoding);
  }

  async writeFile(data, opts) {
    const o = options(opts, { encoding: "utf8" });
    await this.write(await dataBytes(data, o.encoding));
  }

  async appendFile(data, opts) {
    return await this.writeFile(data, opts);
  }

  async stat() {
    return new Stats(callOp(() => ops.op_node_fs_fstat(this.fd)));
  }

  async chmod(mode) {
    callOp(() => ops.op_node_fs_fchmod(this.#open(), parseMode(mode)));
  }

  async truncate(len = 0) {
    callOp(() => ops.op_node_fs_ftruncate(this.fd, len));
  }

  async sync() {
    callOp(() => ops.op_node_fs_fsync(this.fd));
  }

  async datasync() {
    return await this.sync();
  }

  async close() {
    if (this.fd < 0) return;
    const fd = this.fd;
    this.fd = -1;
    callOp(() => ops.op_node_fs_close(fd));
  }

  /** A ReadStream over this handle (Node's `filehandle.createReadStream`): by default
   * (`autoClose`) it closes the handle when it ends. */
  createReadStream(opts) {
    return this.#streamed(new ReadStream(null, { ...options(opts), fd: this.#open() }));
  }

  /** A WriteStream over this handle (`filehandle.createWriteStream`), closing it likewise. */
  createWriteStream(opts) {
    return this.#streamed(new WriteStream(null, { ...options(opts), fd: this.#open() }));
  }

  /** The file's lines (`filehandle.readLines`), as readline reads them from its ReadStream. */
  readLines(opts) {
    return createInterface({ input: this.createReadStream(opts), crlfDelay: Infinity });
  }

  #open() {
    if (this.fd < 0) throw codedError("EBADF", "EBADF: bad file descriptor (the FileHandle is closed)");
    return this.fd;
  }

  /** A stream that closes the descriptor (autoClose) leaves this handle closed too. */
  #streamed(stream) {
    if (stream.autoClose) stream.once("close", () => (this.fd = -1));
    return stream;
  }

  async [SymbolAsyncDispose ?? SymbolFor("Symbol.asyncDispose")]() {
    return await this.close();
  }
}

export const constants = fsConstants();

/** fsPromises.opendir: the directory's entries as a Dir. */
export async function opendir(path, opts = {}) {
  return new Dir(toPath(path), await readdir(path, { ...opts, withFileTypes: true }));
}

const promisesModule = {
  readFile, writeFile, appendFile, mkdir, readdir, stat, lstat, rm, rmdir, unlink, rename, copyFile, cp, access, realpath,
  mkdtemp, readlink, symlink, link, chmod, truncate, utimes, open, watch, constants, FileHandle, opendir,
};
export default promisesModule;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "fs/promises", promisesModule);
