// node:fs's ReadStream and WriteStream over a path or a descriptor (`fd`), reading and writing
// with the descriptor calls of fs_fd.js. fs.js and fs/promises' FileHandle (`createReadStream`,
// `createWriteStream`) both build on them.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { Buffer } from "omp:/node/buffer";
import { Readable, Writable } from "omp:/node/stream";
import { options, toPath } from "omp:/node-internal/fs_common";
import { closeSync, openSync, readSync, writeAllToFd } from "omp:/node-internal/fs_fd";
import { primordials } from "omp:/host/core";

const { MathMin, TypedArrayPrototypeSubarray } = primordials;

/** A stream that owns its descriptor (`autoClose`) closes it as it is destroyed; never stdio's. */
function closeOwnDescriptor(stream) {
  if (stream.autoClose && typeof stream.fd === "number" && stream.fd > 2) {
    try {
      closeSync(stream.fd);
    } catch {}
    stream.fd = null;
  }
}

export class ReadStream extends Readable {
  constructor(path, opts) {
    const o = options(opts, { flags: "r", mode: 0o666, autoClose: true, highWaterMark: 65536 });
    super({ highWaterMark: o.highWaterMark, encoding: o.encoding, signal: o.signal });
    this.path = o.fd === undefined ? toPath(path) : undefined;
    this.fd = o.fd ?? null;
    this.flags = o.flags;
    this.mode = o.mode;
    this.start = o.start;
    this.end = o.end ?? Infinity;
    this.pos = o.start;
    this.bytesRead = 0;
    this.autoClose = o.autoClose;
    this.pending = true;
    queueMicrotask(() => this.#open());
  }

  #open() {
    if (this.fd !== null) {
      this.pending = false;
      return;
    }
    try {
      this.fd = openSync(this.path, this.flags, this.mode);
      this.pending = false;
      this.emit("open", this.fd);
      this.emit("ready");
      this._read();
    } catch (err) {
      this.destroy(err);
    }
  }

  _read() {
    if (this.fd === null || this.destroyed) return;
    const remaining = this.end === Infinity ? Infinity : this.end - (this.pos ?? this.bytesRead) + 1;
    if (remaining <= 0) {
      this.push(null);
      return;
    }
    const size = MathMin(this.readableHighWaterMark, remaining);
    const chunk = Buffer.allocUnsafe(size);
    let n;
    try {
      n = readSync(this.fd, chunk, 0, size, typeof this.pos === "number" ? this.pos : null);
    } catch (err) {
      this.destroy(err);
      return;
    }
    if (typeof this.pos === "number") this.pos += n;
    this.bytesRead += n;
    if (n === 0) this.push(null);
    else this.push(TypedArrayPrototypeSubarray(chunk, 0, n));
  }

  _destroy(err, callback) {
    closeOwnDescriptor(this);
    callback(err);
  }

  close(callback) {
    this.destroy(null, callback);
  }
}

export class WriteStream extends Writable {
  constructor(path, opts) {
    const o = options(opts, { flags: "w", mode: 0o666, autoClose: true, encoding: "utf8" });
    super({ decodeStrings: true, defaultEncoding: o.encoding, signal: o.signal });
    this.path = o.fd === undefined ? toPath(path) : undefined;
    this.flags = o.flags;
    this.mode = o.mode;
    this.start = o.start;
    this.pos = o.start;
    this.bytesWritten = 0;
    this.autoClose = o.autoClose;
    this.fd = o.fd ?? null;
    this.pending = this.fd === null;
    if (this.fd === null) {
      try {
        this.fd = openSync(this.path, this.flags, this.mode);
        this.pending = false;
        queueMicrotask(() => {
          this.emit("open", this.fd);
          this.emit("ready");
        });
      } catch (err) {
        queueMicrotask(() => this.destroy(err));
      }
    }
  }

  _write(chunk, _encoding, callback) {
    try {
      const n = writeAllToFd(this.fd, chunk, typeof this.pos === "number" ? this.pos : -1);
      if (typeof this.pos === "number") this.pos += n;
      this.bytesWritten += n;
      callback();
    } catch (err) {
      callback(err);
    }
  }

  _destroy(err, callback) {
    closeOwnDescriptor(this);
    callback(err);
  }

  close(callback) {
    if (callback) this.once("close", () => callback());
    this.end();
  }
}
