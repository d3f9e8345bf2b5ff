// node:stream: Readable (flowing and paused modes, pipe, async iteration), Writable (ordered
// writes with callbacks, drain, finish), Duplex, Transform, PassThrough, pipeline and
// finished. A compact implementation of the documented behaviour, used by child_process and
// fs streams; it does not reproduce every internal of Node's streams.
import { EventEmitter } from "omp:/node/events";
import { Buffer } from "omp:/node/buffer";
import { StringDecoder } from "omp:/node/string_decoder";
import { codedError } from "omp:/node-internal/errors";

const nextTick = (fn, ...args) => queueMicrotask(() => fn(...args));

function toBuffer(chunk, encoding) {
  if (typeof chunk === "string") return Buffer.from(chunk, encoding);
  if (chunk instanceof Buffer) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (ArrayBuffer.isView(chunk)) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  throw codedError("ERR_INVALID_ARG_TYPE", `The "chunk" argument must be of type string or an instance of Buffer or Uint8Array. Received ${chunk === null ? "null" : typeof chunk}`, TypeError);
}

function chunkLength(chunk, objectMode) {
  return objectMode ? 1 : chunk.length;
}

// ---------------------------------------------------------------------------------- Readable

function initReadable(stream, options = {}) {
  const objectMode = Boolean(options.objectMode ?? options.readableObjectMode);
  stream._readableState = {
    objectMode,
    highWaterMark: options.highWaterMark ?? options.readableHighWaterMark ?? (objectMode ? 16 : 16384),
    buffer: [],
    length: 0,
    flowing: null,
    ended: false,
    endEmitted: false,
    reading: false,
    scheduled: false,
    decoder: null,
    encoding: null,
    destroyed: false,
    closeEmitted: false,
    errored: null,
    autoDestroy: options.autoDestroy ?? true,
  };
  if (typeof options.read === "function") stream._read = options.read;
  if (typeof options.destroy === "function") stream._destroy = options.destroy;
  if (options.encoding) stream.setEncoding(options.encoding);
  if (options.signal) addSignal(stream, options.signal);
}

function addSignal(stream, signal) {
  const onAbort = () => stream.destroy(codedError("ABORT_ERR", "The operation was aborted"));
  if (signal.aborted) nextTick(onAbort);
  else signal.addEventListener("abort", onAbort, { once: true });
}

function scheduleFlow(stream) {
  const state = stream._readableState;
  if (state.scheduled) return;
  state.scheduled = true;
  nextTick(() => {
    state.scheduled = false;
    flow(stream);
  });
}

function flow(stream) {
  const state = stream._readableState;
  if (state.destroyed) return;
  while (state.flowing && state.buffer.length > 0) {
    const chunk = state.buffer.shift();
    state.length -= chunkLength(chunk, state.objectMode || typeof chunk === "string");
    stream.emit("data", chunk);
  }
  if (state.buffer.length === 0 && state.ended) {
    endReadable(stream);
    return;
  }
  if (state.buffer.length > 0 && !state.flowing && stream.listenerCount("readable") > 0) {
    stream.emit("readable");
  }
  maybeRead(stream);
}

function maybeRead(stream) {
  const state = stream._readableState;
  if (state.ended || state.reading || state.destroyed || state.length >= state.highWaterMark) return;
  state.reading = true;
  try {
    stream._read(state.highWaterMark);
  } catch (err) {
    stream.destroy(err);
  } finally {
    state.reading = false;
  }
}

function endReadable(stream) {
  const state = stream._readableState;
  if (state.endEmitted) return;
  if (state.flowing === false && stream.listenerCount("readable") === 0 && stream.listenerCount("end") === 0) {
    // Paused with nobody asking: Node keeps the end pending until the data is consumed.
    return;
  }
  state.endEmitted = true;
  stream.readable = false;
  stream.emit("end");
  const writableDone = !stream._writableState || stream._writableState.finished;
  if (state.autoDestroy && writableDone) stream.destroy();
}

export function Readable(options) {
  if (!(this instanceof Readable)) return new Readable(options);
  EventEmitter.call(this, options);
  initReadable(this, options);
  this.readable = true;
}
Object.setPrototypeOf(Readable.prototype, EventEmitter.prototype);
Object.setPrototypeOf(Readable, EventEmitter);

Readable.prototype._read = function _read() {};

Readable.prototype.push = function push(chunk, encoding) {
  const state = this._readableState;
  if (state.destroyed) return false;
  if (chunk === null) {
    state.ended = true;
    if (state.decoder) {
      const rest = state.decoder.end();
      if (rest) {
        state.buffer.push(rest);
        state.length += rest.length;
      }
    }
    scheduleFlow(this);
    return false;
  }
  if (state.ended) {
    this.destroy(codedError("ERR_STREAM_PUSH_AFTER_EOF", "stream.push() after EOF"));
    return false;
  }
  let value = chunk;
  if (!state.objectMode) {
    if (typeof chunk === "string" && !state.decoder) value = Buffer.from(chunk, encoding);
    else if (typeof chunk !== "string") value = toBuffer(chunk);
    if (state.decoder) value = typeof chunk === "string" ? chunk : state.decoder.write(value);
    if (value.length === 0) return state.length < state.highWaterMark;
  }
  state.buffer.push(value);
  state.length += chunkLength(value, state.objectMode);
  scheduleFlow(this);
  return state.length < state.highWaterMark;
};

Readable.prototype.unshift = function unshift(chunk, encoding) {
  const state = this._readableState;
  const value = state.objectMode || typeof chunk !== "string" || state.decoder ? chunk : Buffer.from(chunk, encoding);
  state.buffer.unshift(value);
  state.length += chunkLength(value, state.objectMode);
  scheduleFlow(this);
};

Readable.prototype.read = function read(size) {
  const state = this._readableState;
  if (state.buffer.length === 0) {
    if (state.ended) scheduleFlow(this);
    else maybeRead(this);
    return null;
  }
  let chunk;
  if (state.objectMode) chunk = state.buffer.shift();
  else if (size !== undefined && size < state.length) {
    const all = state.decoder ? state.buffer.join("") : Buffer.concat(state.buffer);
    chunk = all.slice(0, size);
    state.buffer = [all.slice(size)];
  } else {
    chunk = state.decoder ? state.buffer.join("") : state.buffer.length === 1 ? state.buffer[0] : Buffer.concat(state.buffer);
    state.buffer = [];
  }
  state.length -= chunkLength(chunk, state.objectMode);
  if (state.ended && state.buffer.length === 0) scheduleFlow(this);
  else maybeRead(this);
  return chunk;
};

Readable.prototype.on = function on(event, listener) {
  EventEmitter.prototype.on.call(this, event, listener);
  const state = this._readableState;
  if (event === "data" && state.flowing !== false) this.resume();
  else if (event === "readable" || event === "end") scheduleFlow(this);
  return this;
};
Readable.prototype.addListener = Readable.prototype.on;

Readable.prototype.resume = function resume() {
  this._readableState.flowing = true;
  scheduleFlow(this);
  return this;
};

Readable.prototype.pause = function pause() {
  this._readableState.flowing = false;
  return this;
};

Readable.prototype.isPaused = function isPaused() {
  return this._readableState.flowing === false;
};

Readable.prototype.setEncoding = function setEncoding(encoding) {
  const state = this._readableState;
  state.decoder = new StringDecoder(encoding);
  state.encoding = state.decoder.encoding;
  state.buffer = state.buffer.map((chunk) => (typeof chunk === "string" ? chunk : state.decoder.write(chunk)));
  return this;
};

Readable.prototype.pipe = function pipe(dest, options = {}) {
  const source = this;
  const onData = (chunk) => {
    if (dest.write(chunk) === false && typeof dest.once === "function") {
      source.pause();
      dest.once("drain", () => source.resume());
    }
  };
  const ownStdio = dest === globalThis.process?.stdout || dest === globalThis.process?.stderr;
  const onEnd = () => {
    if (options.end !== false && !ownStdio) dest.end();
  };
  source.on("data", onData);
  source.once("end", onEnd);
  (source._pipes ??= []).push({ dest, onData, onEnd });
  dest.emit?.("pipe", source);
  return dest;
};

Readable.prototype.unpipe = function unpipe(dest) {
  for (const pipe of [...(this._pipes ?? [])]) {
    if (dest && pipe.dest !== dest) continue;
    this.removeListener("data", pipe.onData);
    this.removeListener("end", pipe.onEnd);
    this._pipes.splice(this._pipes.indexOf(pipe), 1);
    pipe.dest.emit?.("unpipe", this);
  }
  if (this.listenerCount("data") === 0) this.pause();
  return this;
};

Readable.prototype.destroy = function destroy(err, callback) {
  const rs = this._readableState;
  const ws = this._writableState;
  if ((rs ?? ws).destroyed) {
    if (typeof callback === "function") nextTick(callback, err);
    return this;
  }
  if (rs) rs.destroyed = true;
  if (ws) ws.destroyed = true;
  this.destroyed = true;
  const finish = (error) => {
    if (error) {
      if (rs) rs.errored = error;
      if (ws) ws.errored = error;
    }
    nextTick(() => {
      if (error) this.emit("error", error);
      if (!(rs ?? ws).closeEmitted) {
        (rs ?? ws).closeEmitted = true;
        this.emit("close");
      }
      if (typeof callback === "function") callback(error);
    });
  };
  if (typeof this._destroy === "function") this._destroy(err ?? null, (e) => finish(e ?? err));
  else finish(err);
  return this;
};

Readable.prototype._destroy = function _destroy(err, callback) {
  callback(err);
};

Readable.prototype[Symbol.asyncIterator] = function asyncIterator() {
  const stream = this;
  const queue = [];
  const waiting = [];
  let error = null;
  let done = false;
  const settle = () => {
    while (waiting.length && (queue.length || done || error)) {
      const { resolve, reject } = waiting.shift();
      if (queue.length) resolve({ value: queue.shift(), done: false });
      else if (error) reject(error);
      else resolve({ value: undefined, done: true });
    }
  };
  const onData = (chunk) => {
    queue.push(chunk);
    settle();
  };
  const onEnd = () => {
    done = true;
    settle();
  };
  const onError = (err) => {
    error = err;
    settle();
  };
  const onClose = () => {
    if (!stream._readableState.endEmitted && !error) error = codedError("ERR_STREAM_PREMATURE_CLOSE", "Premature close");
    done = true;
    settle();
  };
  stream.on("data", onData);
  stream.once("end", onEnd);
  stream.once("error", onError);
  stream.once("close", onClose);
  const cleanup = () => {
    stream.removeListener("data", onData);
    stream.removeListener("end", onEnd);
    stream.removeListener("error", onError);
    stream.removeListener("close", onClose);
  };
  return {
    next() {
      if (queue.length) return Promise.resolve({ value: queue.shift(), done: false });
      if (error) {
        cleanup();
        return Promise.reject(error);
      }
      if (done) {
        cleanup();
        return Promise.resolve({ value: undefined, done: true });
      }
      return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
    },
    return() {
      cleanup();
      if (!stream._readableState.endEmitted) stream.destroy();
      return Promise.resolve({ value: undefined, done: true });
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
};

Readable.prototype.toArray = async function toArray() {
  const out = [];
  for await (const chunk of this) out.push(chunk);
  return out;
};

for (const [name, get] of Object.entries({
  readableEnded: (s) => s._readableState.endEmitted,
  readableFlowing: (s) => s._readableState.flowing,
  readableLength: (s) => s._readableState.length,
  readableObjectMode: (s) => s._readableState.objectMode,
  readableHighWaterMark: (s) => s._readableState.highWaterMark,
  readableEncoding: (s) => s._readableState.encoding,
  readableAborted: (s) => s._readableState.destroyed && !s._readableState.endEmitted,
})) {
  Object.defineProperty(Readable.prototype, name, { get() { return get(this); }, configurable: true });
}

/** A Readable over an iterable or async iterable (object mode unless told otherwise). */
Readable.from = function from(iterable, options = {}) {
  if (typeof iterable === "string" || iterable instanceof Uint8Array) {
    const stream = new Readable({ objectMode: true, ...options, read() {} });
    stream.push(iterable);
    stream.push(null);
    return stream;
  }
  const iterator = iterable[Symbol.asyncIterator] ? iterable[Symbol.asyncIterator]() : iterable[Symbol.iterator]();
  let reading = false;
  const stream = new Readable({
    objectMode: true,
    ...options,
    read() {
      if (reading) return;
      reading = true;
      (async () => {
        try {
          for (;;) {
            const { value, done } = await iterator.next();
            if (done) {
              this.push(null);
              break;
            }
            if (!this.push(await value)) break;
          }
        } catch (err) {
          this.destroy(err);
        } finally {
          reading = false;
        }
      })();
    },
  });
  return stream;
};

// ---------------------------------------------------------------------------------- Writable

function initWritable(stream, options = {}) {
  const objectMode = Boolean(options.objectMode ?? options.writableObjectMode);
  stream._writableState = {
    objectMode,
    highWaterMark: options.highWaterMark ?? options.writableHighWaterMark ?? (objectMode ? 16 : 16384),
    decodeStrings: options.decodeStrings !== false,
    defaultEncoding: options.defaultEncoding ?? "utf8",
    queue: [],
    length: 0,
    writing: false,
    ending: false,
    finalCalled: false,
    finished: false,
    needDrain: false,
    corked: 0,
    destroyed: false,
    closeEmitted: false,
    errored: null,
    autoDestroy: options.autoDestroy ?? true,
  };
  if (typeof options.write === "function") stream._write = options.write;
  if (typeof options.writev === "function" && typeof options.write !== "function") {
    stream._write = (chunk, encoding, cb) => options.writev.call(stream, [{ chunk, encoding }], cb);
  }
  if (typeof options.final === "function") stream._final = options.final;
  if (typeof options.destroy === "function") stream._destroy = options.destroy;
  if (options.signal) addSignal(stream, options.signal);
}

function writeNext(stream) {
  const state = stream._writableState;
  if (state.writing || state.corked || state.destroyed) return;
  if (state.queue.length === 0) {
    maybeFinish(stream);
    return;
  }
  const { chunk, encoding, callback } = state.queue.shift();
  state.writing = true;
  let sync = true;
  const done = (err) => {
    const after = () => {
      state.writing = false;
      state.length -= chunkLength(chunk, state.objectMode);
      if (err) {
        callback?.(err);
        stream.destroy(err);
        return;
      }
      callback?.(null);
      if (state.needDrain && state.length < state.highWaterMark) {
        state.needDrain = false;
        stream.emit("drain");
      }
      writeNext(stream);
    };
    if (sync) nextTick(after);
    else after();
  };
  try {
    stream._write(chunk, encoding, done);
  } catch (err) {
    done(err);
  }
  sync = false;
}

function maybeFinish(stream) {
  const state = stream._writableState;
  if (!state.ending || state.writing || state.queue.length || state.finalCalled || state.destroyed) return;
  state.finalCalled = true;
  const finish = (err) => {
    if (err) {
      stream.destroy(err);
      return;
    }
    state.finished = true;
    stream.writable = false;
    stream.emit("finish");
    const readableDone = !stream._readableState || stream._readableState.endEmitted;
    if (state.autoDestroy && readableDone) stream.destroy();
  };
  if (typeof stream._final === "function") {
    try {
      stream._final((err) => nextTick(finish, err));
    } catch (err) {
      finish(err);
    }
  } else nextTick(finish);
}

export function Writable(options) {
  if (!(this instanceof Writable) && !(this instanceof Duplex)) return new Writable(options);
  EventEmitter.call(this, options);
  initWritable(this, options);
  this.writable = true;
}
Object.setPrototypeOf(Writable.prototype, EventEmitter.prototype);
Object.setPrototypeOf(Writable, EventEmitter);

Writable.prototype._write = function _write(_chunk, _encoding, callback) {
  callback(codedError("ERR_METHOD_NOT_IMPLEMENTED", "The _write() method is not implemented"));
};

Writable.prototype.write = function write(chunk, encoding, callback) {
  const state = this._writableState;
  if (typeof encoding === "function") {
    callback = encoding;
    encoding = undefined;
  }
  encoding ??= state.defaultEncoding;
  if (state.ending || state.destroyed) {
    const err = codedError(state.destroyed ? "ERR_STREAM_DESTROYED" : "ERR_STREAM_WRITE_AFTER_END", state.destroyed ? "Cannot call write after a stream was destroyed" : "write after end");
    nextTick(() => {
      callback?.(err);
      this.emit("error", err);
    });
    return false;
  }
  let value = chunk;
  if (!state.objectMode) {
    if (chunk === null) throw codedError("ERR_STREAM_NULL_VALUES", "May not write null values to stream", TypeError);
    if (typeof chunk === "string") {
      if (state.decodeStrings) {
        value = Buffer.from(chunk, encoding);
        encoding = "buffer";
      }
    } else {
      value = toBuffer(chunk);
      encoding = "buffer";
    }
  }
  state.queue.push({ chunk: value, encoding, callback });
  state.length += chunkLength(value, state.objectMode);
  const ok = state.length < state.highWaterMark;
  if (!ok) state.needDrain = true;
  writeNext(this);
  return ok;
};

Writable.prototype.end = function end(chunk, encoding, callback) {
  const state = this._writableState;
  if (typeof chunk === "function") {
    callback = chunk;
    chunk = undefined;
  } else if (typeof encoding === "function") {
    callback = encoding;
    encoding = undefined;
  }
  if (chunk !== undefined && chunk !== null) this.write(chunk, encoding);
  if (typeof callback === "function") {
    if (state.finished) nextTick(callback);
    else {
      const onFinish = () => {
        this.removeListener("error", onError);
        callback();
      };
      const onError = (err) => {
        this.removeListener("finish", onFinish);
        callback(err);
      };
      this.once("finish", onFinish);
      this.once("error", onError);
    }
  }
  if (!state.ending) {
    state.ending = true;
    state.corked = 0;
    writeNext(this);
  }
  return this;
};

Writable.prototype.cork = function cork() {
  this._writableState.corked++;
};

Writable.prototype.uncork = function uncork() {
  const state = this._writableState;
  if (state.corked > 0) state.corked--;
  writeNext(this);
};

Writable.prototype.setDefaultEncoding = function setDefaultEncoding(encoding) {
  this._writableState.defaultEncoding = encoding;
  return this;
};

Writable.prototype.destroy = Readable.prototype.destroy;
Writable.prototype._destroy = Readable.prototype._destroy;

for (const [name, get] of Object.entries({
  writableEnded: (s) => s._writableState.ending,
  writableFinished: (s) => s._writableState.finished,
  writableLength: (s) => s._writableState.length,
  writableObjectMode: (s) => s._writableState.objectMode,
  writableHighWaterMark: (s) => s._writableState.highWaterMark,
  writableNeedDrain: (s) => s._writableState.needDrain,
  writableCorked: (s) => s._writableState.corked,
})) {
  Object.defineProperty(Writable.prototype, name, { get() { return get(this); }, configurable: true });
}

// ------------------------------------------------------------------ Duplex, Transform, PassThrough

export function Duplex(options = {}) {
  if (!(this instanceof Duplex)) return new Duplex(options);
  Readable.call(this, options);
  initWritable(this, options);
  this.writable = options.writable !== false;
  if (options.readable === false) this.readable = false;
  if (options.allowHalfOpen === false) this.once("end", () => this.end());
}
Object.setPrototypeOf(Duplex.prototype, Readable.prototype);
Object.setPrototypeOf(Duplex, Readable);
for (const key of Object.getOwnPropertyNames(Writable.prototype)) {
  if (key === "constructor" || key === "destroy" || key === "_destroy") continue;
  const descriptor = Object.getOwnPropertyDescriptor(Writable.prototype, key);
  if (!Object.prototype.hasOwnProperty.call(Duplex.prototype, key)) Object.defineProperty(Duplex.prototype, key, descriptor);
}
// A Duplex is also a Writable for `instanceof`, as in Node.
Object.defineProperty(Writable, Symbol.hasInstance, {
  value(object) {
    if (Function.prototype[Symbol.hasInstance].call(this, object)) return true;
    return this === Writable && object instanceof Duplex;
  },
});

export function Transform(options = {}) {
  if (!(this instanceof Transform)) return new Transform(options);
  Duplex.call(this, options);
  if (typeof options.transform === "function") this._transform = options.transform;
  if (typeof options.flush === "function") this._flush = options.flush;
}
Object.setPrototypeOf(Transform.prototype, Duplex.prototype);
Object.setPrototypeOf(Transform, Duplex);

Transform.prototype._transform = function _transform(_chunk, _encoding, callback) {
  callback(codedError("ERR_METHOD_NOT_IMPLEMENTED", "The _transform() method is not implemented"));
};

Transform.prototype._write = function _write(chunk, encoding, callback) {
  this._transform(chunk, encoding, (err, data) => {
    if (data !== undefined && data !== null) this.push(data);
    callback(err);
  });
};

Transform.prototype._final = function _final(callback) {
  const end = (err, data) => {
    if (data !== undefined && data !== null) this.push(data);
    this.push(null);
    callback(err);
  };
  if (typeof this._flush === "function") this._flush(end);
  else end();
};

export function PassThrough(options) {
  if (!(this instanceof PassThrough)) return new PassThrough(options);
  Transform.call(this, options);
}
Object.setPrototypeOf(PassThrough.prototype, Transform.prototype);
Object.setPrototypeOf(PassThrough, Transform);
PassThrough.prototype._transform = function _transform(chunk, _encoding, callback) {
  callback(null, chunk);
};

// ---------------------------------------------------------------------- finished, pipeline

/** Calls `callback(err?)` once `stream` has ended, finished or failed. Returns a cleanup. */
export function finished(stream, options, callback) {
  if (typeof options === "function") {
    callback = options;
    options = {};
  }
  let called = false;
  const done = (err) => {
    if (called) return;
    called = true;
    cleanup();
    callback(err);
  };
  const readable = options?.readable ?? (Boolean(stream._readableState) && stream.readable !== false);
  const writable = options?.writable ?? (Boolean(stream._writableState) && stream.writable !== false);
  let ended = !readable || stream._readableState?.endEmitted;
  let wrote = !writable || stream._writableState?.finished;
  const check = () => ended && wrote && done();
  const onEnd = () => {
    ended = true;
    check();
  };
  const onFinish = () => {
    wrote = true;
    check();
  };
  const onError = (err) => done(err);
  const onClose = () => {
    if (!(ended && wrote)) done(codedError("ERR_STREAM_PREMATURE_CLOSE", "Premature close"));
  };
  stream.on("end", onEnd);
  stream.on("finish", onFinish);
  if (options?.error !== false) stream.on("error", onError);
  stream.on("close", onClose);
  const cleanup = () => {
    stream.removeListener("end", onEnd);
    stream.removeListener("finish", onFinish);
    stream.removeListener("error", onError);
    stream.removeListener("close", onClose);
  };
  if (ended && wrote) nextTick(done);
  return cleanup;
}

/** Pipes `source → …transforms → destination`; calls the last argument when done or failed. */
export function pipeline(...streams) {
  const callback = typeof streams[streams.length - 1] === "function" ? streams.pop() : () => {};
  if (Array.isArray(streams[0]) && streams.length === 1) streams = streams[0];
  const stages = streams.map((s, i) => {
    if (typeof s === "function") s = s(i === 0 ? undefined : streams[i - 1]);
    if (s && typeof s.pipe !== "function" && (s[Symbol.asyncIterator] || s[Symbol.iterator]) && typeof s.write !== "function") return Readable.from(s);
    return s;
  });
  let failed = false;
  const fail = (err) => {
    if (failed) return;
    failed = true;
    for (const s of stages) if (typeof s.destroy === "function") s.destroy();
    callback(err);
  };
  for (let i = 0; i < stages.length - 1; i++) stages[i].pipe(stages[i + 1]);
  stages.forEach((s, i) => {
    if (i < stages.length - 1) s.on("error", fail);
  });
  const last = stages[stages.length - 1];
  finished(last, (err) => {
    if (err) fail(err);
    else if (!failed) callback();
  });
  return last;
}

export const promises = {
  pipeline: (...streams) => new Promise((resolve, reject) => pipeline(...streams, (err) => (err ? reject(err) : resolve()))),
  finished: (stream, options) => new Promise((resolve, reject) => finished(stream, options ?? {}, (err) => (err ? reject(err) : resolve()))),
};

export function isReadable(stream) {
  return Boolean(stream?._readableState) && !stream._readableState.destroyed && !stream._readableState.endEmitted;
}

export function isErrored(stream) {
  return Boolean(stream?._readableState?.errored ?? stream?._writableState?.errored);
}

/** Stream is itself the legacy base class (`require("stream")` is callable in Node). */
export function Stream(options) {
  EventEmitter.call(this, options);
}
Object.setPrototypeOf(Stream.prototype, EventEmitter.prototype);
Object.setPrototypeOf(Stream, EventEmitter);
Stream.prototype.pipe = Readable.prototype.pipe;
Object.assign(Stream, { Readable, Writable, Duplex, Transform, PassThrough, Stream, pipeline, finished, promises, isReadable, isErrored });

export default Stream;
(globalThis.__ompBuiltins ??= new Map()).set("stream", Stream);
