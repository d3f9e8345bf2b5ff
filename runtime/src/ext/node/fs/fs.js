// node:fs: the synchronous API over blocking host ops, the callback API (over the async
// ops of fs/promises), file descriptors (internal/fs_fd.js), read/write streams
// (internal/fs_streams.js), and `watch`/`watchFile` over the host's file notifications
// (internal/fs_watch.js).
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { Buffer } from "omp:/node/buffer";
import { callOp, invalidArgType } from "omp:/node-internal/errors";
import { Dir } from "omp:/node-internal/fs_dir";
import { Dirent, Stats, copyWith, fromBytes, fsConstants, openFlags, options, parseMode, readdirWith, toBytes, toPath } from "omp:/node-internal/fs_common";
import promises from "omp:/node/fs/promises";
import { closeSync, openSync, readAllFromFd, readSync, writeAllToFd, writeSync } from "omp:/node-internal/fs_fd";
import { ReadStream, WriteStream } from "omp:/node-internal/fs_streams";

export { closeSync, openSync, readSync, writeSync, ReadStream, WriteStream };
import { FSWatcher, StatWatcher, watchPath } from "omp:/node-internal/fs_watch";
import { globSync as globWith } from "omp:/node-internal/fs_glob";

import { core, primordials } from "omp:/host/core";

const {
  ArrayPrototypePush,
  ArrayPrototypeSlice,
  Date,
  DatePrototypeGetTime,
  MapPrototypeDelete,
  MapPrototypeGet,
  MapPrototypeSet,
  MathMin,
  Number,
  ObjectDefineProperty,
  Promise,
  PromisePrototypeThen,
  ReflectApply,
  SafeMap,
  SymbolFor,
  TypedArrayPrototypeSubarray,
  Uint8Array,
} = primordials;
const ops = core.ops;

const run = (request) => callOp(() => ops.op_node_fs_sync(request));
const now = (value, fn) => fn(value);

export const constants = fsConstants();
export const F_OK = constants.F_OK;
export const R_OK = constants.R_OK;
export const W_OK = constants.W_OK;
export const X_OK = constants.X_OK;

// ------------------------------------------------------------------------------ descriptors

export function fstatSync(fd) {
  return new Stats(callOp(() => ops.op_node_fs_fstat(fd)));
}

export function fsyncSync(fd) {
  callOp(() => ops.op_node_fs_fsync(fd));
}

export const fdatasyncSync = fsyncSync;

export function fchmodSync(fd, mode) {
  callOp(() => ops.op_node_fs_fchmod(fd, parseMode(mode)));
}

export function ftruncateSync(fd, len = 0) {
  callOp(() => ops.op_node_fs_ftruncate(fd, len));
}

// ------------------------------------------------------------------------------- whole files

export function readFileSync(path, opts) {
  const o = options(opts, { flag: "r" });
  if (typeof path === "number") return fromBytes(readAllFromFd(path), o.encoding);
  const p = toPath(path);
  return fromBytes(callOp(() => ops.op_node_fs_read_file(p), { path: p }), o.encoding);
}

export function writeFileSync(path, data, opts) {
  const o = options(opts, { encoding: "utf8", mode: 0o666, flag: "w" });
  const bytes = toBytes(data, o.encoding);
  if (typeof path === "number") {
    writeAllToFd(path, bytes);
    return;
  }
  const p = toPath(path);
  callOp(() => ops.op_node_fs_write_file(p, bytes, String(o.flag), parseMode(o.mode, 0o666)), { path: p });
}

export function appendFileSync(path, data, opts) {
  writeFileSync(path, data, options(opts, { encoding: "utf8", mode: 0o666, flag: "a" }));
}

// ------------------------------------------------------------------------ paths and folders

export function existsSync(path) {
  try {
    return run({ op: "exists", path: toPath(path) });
  } catch {
    return false;
  }
}

/** stat (following links) or lstat, honouring `throwIfNoEntry: false`. */
function statWith(path, opts, follow) {
  try {
    return new Stats(run({ op: "stat", path: toPath(path), follow }));
  } catch (err) {
    if (opts?.throwIfNoEntry === false && err.code === "ENOENT") return undefined;
    throw err;
  }
}

export function statSync(path, opts) {
  return statWith(path, opts, true);
}

export function lstatSync(path, opts) {
  return statWith(path, opts, false);
}

export function mkdirSync(path, opts) {
  const o = typeof opts === "number" || typeof opts === "string" ? { mode: opts } : options(opts);
  return run({ op: "mkdir", path: toPath(path), recursive: Boolean(o.recursive), mode: parseMode(o.mode, 0o777) }) ?? undefined;
}

export function readdirSync(path, opts) {
  return readdirWith(run, now, toPath(path), options(opts));
}

export function rmSync(path, opts) {
  const o = options(opts);
  run({ op: "rm", path: toPath(path), recursive: Boolean(o.recursive), force: Boolean(o.force) });
}

export function rmdirSync(path, opts) {
  const o = options(opts);
  if (o.recursive) run({ op: "rm", path: toPath(path), recursive: true, force: false });
  else run({ op: "rmdir", path: toPath(path) });
}

export function unlinkSync(path) {
  run({ op: "unlink", path: toPath(path) });
}

export function renameSync(from, to) {
  run({ op: "rename", from: toPath(from, "oldPath"), to: toPath(to, "newPath") });
}

export function copyFileSync(src, dest, mode = 0) {
  run({ op: "copyFile", from: toPath(src, "src"), to: toPath(dest, "dest"), exclusive: (mode & constants.COPYFILE_EXCL) !== 0 });
}

export function cpSync(src, dest, opts) {
  copyWith(run, now, toPath(src, "src"), toPath(dest, "dest"), options(opts));
}

export function realpathSync(path) {
  return run({ op: "realpath", path: toPath(path) });
}
realpathSync.native = realpathSync;

export function mkdtempSync(prefix) {
  return run({ op: "mkdtemp", prefix: toPath(prefix, "prefix") });
}

export function accessSync(path, mode = constants.F_OK) {
  run({ op: "access", path: toPath(path), mode });
}

export function chmodSync(path, mode) {
  run({ op: "chmod", path: toPath(path), mode: parseMode(mode) });
}

export function readlinkSync(path) {
  return run({ op: "readlink", path: toPath(path) });
}

export function symlinkSync(target, path) {
  run({ op: "symlink", target: toPath(target, "target"), path: toPath(path) });
}

export function linkSync(existing, path) {
  run({ op: "link", existing: toPath(existing, "existingPath"), path: toPath(path, "newPath") });
}

export function truncateSync(path, len = 0) {
  if (typeof path === "number") return ftruncateSync(path, len);
  run({ op: "truncate", path: toPath(path), len });
}

function timeMs(value) {
  if (value instanceof Date) return DatePrototypeGetTime(value);
  if (typeof value === "string") return Number(value) * 1000;
  return value * 1000;
}

export function utimesSync(path, atime, mtime) {
  run({ op: "utimes", path: toPath(path), atimeMs: timeMs(atime), mtimeMs: timeMs(mtime) });
}

// -------------------------------------------------------------------------- callback forms

function callbackOf(args) {
  const cb = args[args.length - 1];
  if (typeof cb !== "function") throw invalidArgType("cb", "of type function", cb);
  return cb;
}

/** `fn(...args, cb)` over a promise-returning implementation. */
function fromPromise(impl) {
  return function (...args) {
    const cb = callbackOf(args);
    PromisePrototypeThen(ReflectApply(impl, undefined, ArrayPrototypeSlice(args, 0, -1)), (value) => cb(null, value), (err) => cb(err));
  };
}

/** `fn(...args, cb)` over a synchronous implementation, answered on a later tick. */
function fromSync(impl) {
  return function (...args) {
    const cb = callbackOf(args);
    let value;
    try {
      value = ReflectApply(impl, undefined, ArrayPrototypeSlice(args, 0, -1));
    } catch (err) {
      queueMicrotask(() => cb(err));
      return;
    }
    queueMicrotask(() => cb(null, value));
  };
}

export const readFile = fromPromise(promises.readFile);
export const writeFile = fromPromise(promises.writeFile);
export const appendFile = fromPromise(promises.appendFile);
export const mkdir = fromPromise(promises.mkdir);
export const readdir = fromPromise(promises.readdir);
export const stat = fromPromise(promises.stat);
export const lstat = fromPromise(promises.lstat);
export const rm = fromPromise(promises.rm);
export const rmdir = fromPromise(promises.rmdir);
export const unlink = fromPromise(promises.unlink);
export const rename = fromPromise(promises.rename);
export const copyFile = fromPromise(promises.copyFile);
export const cp = fromPromise(promises.cp);
export const access = fromPromise(promises.access);
export const realpath = fromPromise(promises.realpath);
realpath.native = realpath;
export const mkdtemp = fromPromise(promises.mkdtemp);
export const readlink = fromPromise(promises.readlink);
export const symlink = fromPromise(promises.symlink);
export const link = fromPromise(promises.link);
export const chmod = fromPromise(promises.chmod);
export const truncate = fromPromise(promises.truncate);
export const utimes = fromPromise(promises.utimes);
export const open = fromSync(openSync);
export const close = function (fd, cb = () => {}) {
  fromSync(closeSync)(fd, cb);
};
export const fstat = fromSync(fstatSync);
export const fsync = fromSync(fsyncSync);
export const ftruncate = fromSync(ftruncateSync);
export const fchmod = fromSync(fchmodSync);

export function read(fd, buffer, offset, length, position, cb) {
  if (typeof buffer === "function") {
    cb = buffer;
    buffer = Buffer.alloc(16384);
    offset = 0;
    length = buffer.length;
    position = -1;
  } else if (typeof offset === "function" || (offset && typeof offset === "object")) {
    cb = typeof offset === "function" ? offset : length;
    ({ offset = 0, length = buffer.byteLength, position = -1 } = typeof offset === "object" ? offset : {});
  }
  fromSync(() => readSync(fd, buffer, offset, length, position))((err, n) => cb(err, n, buffer));
}

export function write(fd, data, ...rest) {
  const cb = callbackOf(rest);
  const args = [fd, data];
  for (let i = 0; i < rest.length - 1; i++) ArrayPrototypePush(args, rest[i]);
  fromSync(() => ReflectApply(writeSync, undefined, args))((err, n) => cb(err, n, data));
}

/** exists(path, cb(boolean)): the old non-error-first callback. */
export function exists(path, cb) {
  PromisePrototypeThen(promises.access(path), () => cb(true), () => cb(false));
}
// util.promisify(fs.exists) resolves to the boolean, as in Node.
ObjectDefineProperty(exists, SymbolFor("nodejs.util.promisify.custom"), {
  value: (path) => new Promise((resolve) => exists(path, resolve)),
  configurable: true,
});

// ------------------------------------------------------------------------------ streams

export function createReadStream(path, opts) {
  return new ReadStream(path, opts);
}

export function createWriteStream(path, opts) {
  return new WriteStream(path, opts);
}

// ------------------------------------------------------------------------------ watching

export function watch(path, opts, listener) {
  return watchPath(path, opts, listener);
}

const watchers = new SafeMap();

function statOrEmpty(path) {
  try {
    return statSync(path);
  } catch {
    return new Stats({ dev: 0, ino: 0, mode: 0, nlink: 0, uid: 0, gid: 0, rdev: 0, size: 0, blksize: 0, blocks: 0, atimeMs: 0, mtimeMs: 0, ctimeMs: 0, birthtimeMs: 0 });
  }
}

/** Calls `listener(curr, prev)` each time `path`'s stat changes (see StatWatcher). */
export function watchFile(path, opts, listener) {
  if (typeof opts === "function") {
    listener = opts;
    opts = {};
  }
  const p = toPath(path);
  let watcher = MapPrototypeGet(watchers, p);
  if (!watcher) {
    watcher = new StatWatcher(p, statOrEmpty);
    MapPrototypeSet(watchers, p, watcher);
    // A watcher whose call ended is stopped: the next watchFile starts a new one.
    watcher.once("stop", () => MapPrototypeGet(watchers, p) === watcher && MapPrototypeDelete(watchers, p));
  }
  watcher.on("change", listener);
  return watcher;
}

export function unwatchFile(path, listener) {
  const p = toPath(path);
  const watcher = MapPrototypeGet(watchers, p);
  if (!watcher) return;
  if (listener) watcher.removeListener("change", listener);
  else watcher.removeAllListeners("change");
  if (watcher.listenerCount("change") === 0) {
    watcher.stop();
    MapPrototypeDelete(watchers, p);
  }
}

/** fs.opendirSync: the directory's entries as a Dir. */
export function opendirSync(path, opts = {}) {
  return new Dir(toPath(path), readdirSync(path, { ...opts, withFileTypes: true }));
}

export function opendir(path, opts, callback) {
  if (typeof opts === "function") {
    callback = opts;
    opts = {};
  }
  let dir;
  try {
    dir = opendirSync(path, opts);
  } catch (err) {
    queueMicrotask(() => callback(err));
    return;
  }
  queueMicrotask(() => callback(null, dir));
}

export { Stats, Dirent, Dir, promises, FSWatcher };

/** Node 22's `fs.globSync(pattern, { cwd })` (internal/fs_glob.js). */
export function globSync(pattern, opts) {
  return globWith(pattern, opts, readdirSync);
}

const fsModule = {
  constants, F_OK, R_OK, W_OK, X_OK,
  openSync, closeSync, readSync, writeSync, fstatSync, fsyncSync, fdatasyncSync, ftruncateSync, fchmodSync, fchmod,
  readFileSync, writeFileSync, appendFileSync, existsSync, statSync, lstatSync, mkdirSync, readdirSync, rmSync, rmdirSync,
  unlinkSync, renameSync, copyFileSync, cpSync, realpathSync, mkdtempSync, accessSync, chmodSync, readlinkSync, symlinkSync,
  linkSync, truncateSync, utimesSync,
  readFile, writeFile, appendFile, mkdir, readdir, stat, lstat, rm, rmdir, unlink, rename, copyFile, cp, access, realpath,
  mkdtemp, readlink, symlink, link, chmod, truncate, utimes, open, close, fstat, fsync, ftruncate, read, write, exists,
  ReadStream, WriteStream, createReadStream, createWriteStream, watch, FSWatcher, watchFile, unwatchFile, Stats, Dirent, promises,
  opendir, opendirSync, Dir, globSync,
};
export default fsModule;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "fs", fsModule);
