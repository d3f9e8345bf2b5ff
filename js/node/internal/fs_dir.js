// fs.Dir (from fs.opendir / opendirSync / fsPromises.opendir): a directory's entries read one at
// a time as Dirents, by callback, promise, synchronously or by async iteration. The listing
// is taken when the directory is opened.
import { codedError } from "omp:/node-internal/errors";

export class Dir {
  constructor(path, entries) {
    this.path = path;
    this._entries = entries;
    this._closed = false;
  }

  _next() {
    if (this._closed) throw codedError("ERR_DIR_CLOSED", "Directory handle was closed");
    return this._entries.shift() ?? null;
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
      return Promise.resolve(this._next());
    } catch (err) {
      return Promise.reject(err);
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
      return Promise.reject(err);
    }
    if (typeof callback === "function") return void queueMicrotask(() => callback(null));
    return Promise.resolve();
  }

  async *entries() {
    try {
      for (let entry = this._next(); entry !== null; entry = this._next()) yield entry;
    } finally {
      if (!this._closed) this._closed = true;
    }
  }

  [Symbol.asyncIterator]() {
    return this.entries();
  }

  [Symbol.dispose]() {
    if (!this._closed) this.closeSync();
  }

  async [Symbol.asyncDispose]() {
    if (!this._closed) this.closeSync();
  }
}
