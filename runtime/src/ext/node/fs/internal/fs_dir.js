// fs.Dir (from fs.opendir / opendirSync / fsPromises.opendir): a directory's entries read one at
// a time as Dirents, by callback, promise, synchronously or by async iteration. The listing
// is taken when the directory is opened.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { codedError } from "omp:/node-internal/errors";
import { primordials } from "omp:/host/core";

const { ArrayPrototypeShift, PromiseReject, PromiseResolve, SymbolAsyncIterator, SymbolAsyncDispose, SymbolDispose } = primordials;

export class Dir {
  constructor(path, entries) {
    this.path = path;
    this._entries = entries;
    this._closed = false;
  }

  _next() {
    if (this._closed) throw codedError("ERR_DIR_CLOSED", "Directory handle was closed");
    return ArrayPrototypeShift(this._entries) ?? null;
  }

  readSync() {
    return this._next();
  }

  read(callback) {
    if (typeof callback === "function") {
      let entry;
      try {
        entry = this._next();
      } catch (err) {
        queueMicrotask(() => callback(err));
        return;
      }
      queueMicrotask(() => callback(null, entry));
      return;
    }
    try {
      return PromiseResolve(this._next());
    } catch (err) {
      return PromiseReject(err);
    }
  }

  closeSync() {
    if (this._closed) throw codedError("ERR_DIR_CLOSED", "Directory handle was closed");
    this._closed = true;
  }

  close(callback) {
    try {
      this.closeSync();
    } catch (err) {
      if (typeof callback === "function") return void queueMicrotask(() => callback(err));
      return PromiseReject(err);
    }
    if (typeof callback === "function") return void queueMicrotask(() => callback(null));
    return PromiseResolve();
  }

  async *entries() {
    try {
      for (let entry = this._next(); entry !== null; entry = this._next()) yield entry;
    } finally {
      if (!this._closed) this._closed = true;
    }
  }

  [SymbolAsyncIterator]() {
    return this.entries();
  }

  [SymbolDispose]() {
    if (!this._closed) this.closeSync();
  }

  async [SymbolAsyncDispose]() {
    if (!this._closed) this.closeSync();
  }
}
