// Shared pieces of node:fs and node:fs/promises: argument normalisation (paths, options,
// data, open flags), `Stats` and `Dirent`, `fs.constants`, and the recursive helpers
// (readdir recursive, cp) written once over a sync-or-async "run a request" function.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { Buffer } from "omp:/node/buffer";
import { codedError, invalidArgType } from "omp:/node-internal/errors";

import { core, primordials } from "omp:/host/core";

const {
  ArrayBuffer,
  ArrayBufferIsView,
  ArrayPrototypeMap,
  ArrayPrototypePush,
  Date,
  JSONStringify,
  NumberParseInt,
  ObjectCreate,
  ObjectFreeze,
  StringPrototypeEndsWith,
  StringPrototypeIncludes,
  Symbol,
  TypeError,
  Uint8Array,
  decodeURIComponent,
} = primordials;

let constantsCache;
/** `fs.constants`, read from the platform once. */
export function fsConstants() {
  if (!constantsCache) {
    constantsCache = ObjectCreate(null);
    const values = core.ops.op_node_fs_constants().values;
    for (let i = 0; i < values.length; i++) constantsCache[values[i][0]] = values[i][1];
    ObjectFreeze(constantsCache);
  }
  return constantsCache;
}

/** A path argument (string, Buffer or file: URL) as a string. */
export function toPath(value, name = "path") {
  if (typeof value === "string") {
    if (StringPrototypeIncludes(value, "\u0000")) throw codedError("ERR_INVALID_ARG_VALUE", `The argument '${name}' must be a string, Uint8Array, or URL without null bytes. Received ${JSONStringify(value)}`, TypeError);
    return value;
  }
  if (value instanceof Uint8Array) return Buffer.from(value).toString("utf8");
  if (value && typeof value === "object" && typeof value.href === "string" && value.protocol !== undefined) {
    if (value.protocol !== "file:") throw codedError("ERR_INVALID_URL_SCHEME", "The URL must be of scheme file", TypeError);
    return decodeURIComponent(value.pathname);
  }
  throw invalidArgType(name, "of type string or an instance of Buffer or URL", value);
}

/** Options given as an encoding string or an object. */
export function options(value, defaults = {}) {
  if (value === undefined || value === null || typeof value === "function") return { ...defaults };
  if (typeof value === "string") return { ...defaults, encoding: value };
  if (typeof value === "object") return { ...defaults, ...value };
  throw invalidArgType("options", "one of type string or object", value);
}

/** Bytes to write: strings in `encoding`, views as their bytes. */
export function toBytes(data, encoding) {
  if (typeof data === "string") return Buffer.from(data, encoding ?? "utf8");
  if (data instanceof Uint8Array) return data;
  if (ArrayBufferIsView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  throw invalidArgType("data", "of type string or an instance of Buffer, TypedArray, or DataView", data);
}

/** File contents as a Buffer, or a string in `encoding`. */
export function fromBytes(bytes, encoding) {
  const buf = bytes instanceof Buffer ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return encoding && encoding !== "buffer" ? buf.toString(encoding) : buf;
}

/** Node's flag letters ("r", "w+", "ax", …) as open(2) flags. */
export function openFlags(flags = "r") {
  if (typeof flags === "number") return flags;
  const c = fsConstants();
  const table = {
    r: c.O_RDONLY,
    rs: c.O_RDONLY | c.O_SYNC,
    sr: c.O_RDONLY | c.O_SYNC,
    "r+": c.O_RDWR,
    "rs+": c.O_RDWR | c.O_SYNC,
    "sr+": c.O_RDWR | c.O_SYNC,
    w: c.O_TRUNC | c.O_CREAT | c.O_WRONLY,
    wx: c.O_TRUNC | c.O_CREAT | c.O_WRONLY | c.O_EXCL,
    xw: c.O_TRUNC | c.O_CREAT | c.O_WRONLY | c.O_EXCL,
    "w+": c.O_TRUNC | c.O_CREAT | c.O_RDWR,
    "wx+": c.O_TRUNC | c.O_CREAT | c.O_RDWR | c.O_EXCL,
    "xw+": c.O_TRUNC | c.O_CREAT | c.O_RDWR | c.O_EXCL,
    a: c.O_APPEND | c.O_CREAT | c.O_WRONLY,
    ax: c.O_APPEND | c.O_CREAT | c.O_WRONLY | c.O_EXCL,
    xa: c.O_APPEND | c.O_CREAT | c.O_WRONLY | c.O_EXCL,
    as: c.O_APPEND | c.O_CREAT | c.O_WRONLY | c.O_SYNC,
    sa: c.O_APPEND | c.O_CREAT | c.O_WRONLY | c.O_SYNC,
    "a+": c.O_APPEND | c.O_CREAT | c.O_RDWR,
    "ax+": c.O_APPEND | c.O_CREAT | c.O_RDWR | c.O_EXCL,
    "xa+": c.O_APPEND | c.O_CREAT | c.O_RDWR | c.O_EXCL,
    "as+": c.O_APPEND | c.O_CREAT | c.O_RDWR | c.O_SYNC,
    "sa+": c.O_APPEND | c.O_CREAT | c.O_RDWR | c.O_SYNC,
  };
  const value = table[flags];
  if (value === undefined) throw codedError("ERR_INVALID_ARG_VALUE", `The argument 'flags' is invalid. Received '${flags}'`, TypeError);
  return value;
}

/** The mode argument: a number or an octal string. */
export function parseMode(mode, fallback) {
  if (mode === undefined || mode === null) return fallback;
  if (typeof mode === "string") return NumberParseInt(mode, 8);
  return mode;
}

export class Stats {
  constructor(raw) {
    this.dev = raw.dev;
    this.mode = raw.mode;
    this.nlink = raw.nlink;
    this.uid = raw.uid;
    this.gid = raw.gid;
    this.rdev = raw.rdev;
    this.blksize = raw.blksize;
    this.ino = raw.ino;
    this.size = raw.size;
    this.blocks = raw.blocks;
    this.atimeMs = raw.atimeMs;
    this.mtimeMs = raw.mtimeMs;
    this.ctimeMs = raw.ctimeMs;
    this.birthtimeMs = raw.birthtimeMs;
    this.atime = new Date(raw.atimeMs);
    this.mtime = new Date(raw.mtimeMs);
    this.ctime = new Date(raw.ctimeMs);
    this.birthtime = new Date(raw.birthtimeMs);
  }

  #type() {
    return this.mode & fsConstants().S_IFMT;
  }

  isFile() {
    return this.#type() === fsConstants().S_IFREG;
  }

  isDirectory() {
    return this.#type() === fsConstants().S_IFDIR;
  }

  isSymbolicLink() {
    return this.#type() === fsConstants().S_IFLNK;
  }

  isFIFO() {
    return this.#type() === fsConstants().S_IFIFO;
  }

  isSocket() {
    return this.#type() === fsConstants().S_IFSOCK;
  }

  isCharacterDevice() {
    return this.#type() === fsConstants().S_IFCHR;
  }

  isBlockDevice() {
    return this.#type() === fsConstants().S_IFBLK;
  }
}

const kKind = Symbol("kind");

export class Dirent {
  constructor(name, kind, parentPath) {
    this.name = name;
    this.parentPath = parentPath;
    this.path = parentPath;
    this[kKind] = kind;
  }

  isFile() {
    return this[kKind] === 1;
  }

  isDirectory() {
    return this[kKind] === 2;
  }

  isSymbolicLink() {
    return this[kKind] === 3;
  }

  isFIFO() {
    return this[kKind] === 4;
  }

  isSocket() {
    return this[kKind] === 5;
  }

  isCharacterDevice() {
    return this[kKind] === 6;
  }

  isBlockDevice() {
    return this[kKind] === 7;
  }
}

function joinPath(dir, name) {
  return StringPrototypeEndsWith(dir, "/") ? dir + name : `${dir}/${name}`;
}

/**
 * readdir's answer for `path` with `opts` ({withFileTypes, recursive, encoding}); `run` runs
 * a request (sync or async), `map` continues a value or promise (so one body serves both).
 */
export function readdirWith(run, map, path, opts) {
  const entriesOf = (dir) => run({ op: "readdir", path: dir });
  const shape = (dir, relative, entries) =>
    ArrayPrototypeMap(entries, (e) => {
      const name = relative ? `${relative}/${e.name}` : e.name;
      if (opts.withFileTypes) return new Dirent(e.name, e.kind, dir);
      return opts.encoding === "buffer" ? Buffer.from(name) : name;
    });
  if (!opts.recursive) return map(entriesOf(path), (entries) => shape(path, "", entries));
  const out = [];
  const walk = (dir, relative) =>
    map(entriesOf(dir), (entries) => {
      const shaped = shape(dir, relative, entries);
      for (let i = 0; i < shaped.length; i++) ArrayPrototypePush(out, shaped[i]);
      let chain;
      for (let i = 0; i < entries.length; i++) {
        const e = entries[i];
        if (e.kind !== 2) continue;
        const next = () => walk(joinPath(dir, e.name), relative ? `${relative}/${e.name}` : e.name);
        chain = chain === undefined ? next() : map(chain, next);
      }
      return chain === undefined ? out : map(chain, () => out);
    });
  return walk(path, "");
}

/** `cp`/`cpSync`: copies a file or (with `recursive`) a directory tree. */
export function copyWith(run, map, src, dest, opts) {
  const force = opts.force !== false;
  const copyEntry = (from, to) =>
    map(run({ op: "stat", path: from, follow: Boolean(opts.dereference) }), (stat) => {
      const type = stat.mode & fsConstants().S_IFMT;
      if (typeof opts.filter === "function" && !opts.filter(from, to)) return undefined;
      if (type === fsConstants().S_IFDIR) {
        if (!opts.recursive) {
          throw codedError("ERR_FS_EISDIR", `Recursive option is required to copy a directory: ${from}`);
        }
        return map(run({ op: "mkdir", path: to, recursive: true, mode: 0o777 }), () =>
          map(run({ op: "readdir", path: from }), (entries) => {
            let chain;
            for (let i = 0; i < entries.length; i++) {
              const e = entries[i];
              const next = () => copyEntry(joinPath(from, e.name), joinPath(to, e.name));
              chain = chain === undefined ? next() : map(chain, next);
            }
            return chain;
          }),
        );
      }
      if (type === fsConstants().S_IFLNK) {
        return map(run({ op: "readlink", path: from }), (target) => run({ op: "symlink", target, path: to }));
      }
      return map(run({ op: "exists", path: to }), (exists) => {
        if (exists && !force) {
          if (opts.errorOnExist) throw codedError("ERR_FS_CP_EEXIST", `Target already exists: cp returned EEXIST (${to} already exists)`);
          return undefined;
        }
        return run({ op: "copyFile", from, to, exclusive: false });
      });
    });
  return copyEntry(src, dest);
}
