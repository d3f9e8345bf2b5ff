// fs.watch, fs/promises' watch and fs.watchFile over the host's file notifications (inotify,
// the watcher hot reload uses too; see runtime/src/engine/node/fs_watch.rs): a watcher is a
// resource whose events JavaScript awaits, never a poll. A watcher belongs to the tool call
// that opened it (call_network.js) and is closed when that call ends or is cancelled.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { core, primordials } from "omp:/host/core";
import { Buffer } from "omp:/node/buffer";
import { EventEmitter } from "omp:/node/events";
import { trackWatcher } from "omp:/host/call_network";
import { AbortError, callOp } from "omp:/node-internal/errors";
import { options, toPath } from "omp:/node-internal/fs_common";

const {
  ArrayPrototypePush,
  ArrayPrototypeShift,
  Error,
  ObjectAssign,
  Promise,
  PromiseReject,
  PromiseResolve,
  StringPrototypeLastIndexOf,
  StringPrototypeSlice,
  SymbolAsyncIterator,
} = primordials;
const ops = core.ops;

/** Starts watching `path`; throws Node's error (`ENOENT: …, watch '<path>'`) when it cannot. */
function startWatching(path, recursive) {
  return callOp(() => ops.op_node_fs_watch(path, recursive), { filename: path });
}

/**
 * `fs.FSWatcher`: emits `("change", eventType, filename)` with `eventType` "rename" (an entry
 * appeared, vanished or moved) or "change" (its content changed), `filename` relative to the
 * watched folder (the file's name when a file is watched); "close" once closed; "error" when
 * the system stops the watch (the watcher is then closed, without "close", as in Node).
 */
export class FSWatcher extends EventEmitter {
  #rid;
  #encoding;
  #forget;

  constructor(path, opts = {}, listener) {
    super();
    this.#encoding = opts.encoding;
    this.#rid = startWatching(path, Boolean(opts.recursive));
    this.#forget = trackWatcher(() => this.close());
    if (listener) this.on("change", listener);
    this.#serve(this.#rid);
    const signal = opts.signal;
    if (signal) {
      if (signal.aborted) queueMicrotask(() => this.close());
      else {
        const onAbort = () => this.close();
        signal.addEventListener("abort", onAbort, { once: true });
        this.once("close", () => signal.removeEventListener("abort", onAbort));
      }
    }
  }

  async #serve(rid) {
    for (;;) {
      let batch;
      try {
        batch = await ops.op_node_fs_watch_next(rid);
      } catch {
        batch = null;
      }
      if (!batch || this.#rid !== rid) return;
      const events = batch.events;
      for (let i = 0; i < events.length; i++) {
        const { eventType, filename } = events[i];
        if (this.#rid !== rid) return;
        this.emit("change", eventType, this.#encoding === "buffer" ? Buffer.from(filename) : filename);
      }
      if (batch.error !== null && this.#rid === rid) {
        this.#release();
        const err = new Error(`EIO: ${batch.error}, watch`);
        ObjectAssign(err, { code: "EIO", syscall: "watch" });
        this.emit("error", err);
        return;
      }
    }
  }

  /** Removes the watch; answers whether it was still open. */
  #release() {
    if (this.#rid === undefined) return false;
    core.tryClose(this.#rid);
    this.#rid = undefined;
    this.#forget();
    return true;
  }

  close() {
    if (this.#release()) queueMicrotask(() => this.emit("close"));
  }

  ref() {
    return this;
  }

  unref() {
    return this;
  }
}

export function watchPath(path, opts, listener) {
  if (typeof opts === "function") {
    listener = opts;
    opts = {};
  }
  return new FSWatcher(toPath(path), options(opts), listener);
}

/**
 * fs/promises' `watch`: an async iterator of `{ eventType, filename }`. Aborting `signal`
 * rejects the waiting `next()` with an AbortError; `return()` (a `break`) ends it. A path
 * that cannot be watched rejects the first `next()`.
 */
export function watchIterator(path, opts = {}) {
  const o = options(opts);
  const queue = [];
  const waiting = [];
  let failure;
  let done = false;
  let watcher;
  try {
    watcher = watchPath(path, { ...o, signal: undefined });
  } catch (err) {
    failure = err;
  }
  const settleWaiting = (settle) => {
    while (waiting.length) settle(ArrayPrototypeShift(waiting));
  };
  const end = (why) => {
    if (done) return;
    done = true;
    failure ??= why;
    watcher?.close();
    settleWaiting((w) => (failure ? w.reject(failure) : w.resolve({ value: undefined, done: true })));
  };
  if (watcher) {
    watcher.on("change", (eventType, filename) => {
      const event = { eventType, filename };
      if (waiting.length) ArrayPrototypeShift(waiting).resolve({ value: event, done: false });
      else ArrayPrototypePush(queue, event);
    });
    watcher.on("error", (err) => end(err));
    // Closed from outside (the call ended): the iteration ends.
    watcher.on("close", () => end());
  }
  if (o.signal) {
    const abort = () => end(new AbortError(undefined, { cause: o.signal.reason }));
    if (o.signal.aborted) abort();
    else o.signal.addEventListener("abort", abort, { once: true });
  }
  return {
    next() {
      if (queue.length) return PromiseResolve({ value: ArrayPrototypeShift(queue), done: false });
      if (failure) return PromiseReject(failure);
      if (done) return PromiseResolve({ value: undefined, done: true });
      return new Promise((resolve, reject) => ArrayPrototypePush(waiting, { resolve, reject }));
    },
    return() {
      end();
      return PromiseResolve({ value: undefined, done: true });
    },
    [SymbolAsyncIterator]() {
      return this;
    },
  };
}

/**
 * `fs.watchFile`'s watcher: the file's folder is watched for changes to its name, and each
 * one that changes the file's stat calls the listeners with `(curr, prev)`. Node polls
 * `stat` every `interval` ms; here the notification itself is the signal, so `interval`
 * is accepted and unused. A file whose folder does not exist cannot be watched: the
 * watcher then reports nothing. "stop" is emitted once it stops (`stop()`, or the call that
 * started it ended).
 */
export class StatWatcher extends EventEmitter {
  #watcher;

  constructor(path, statOrEmpty) {
    super();
    this.path = path;
    this.prev = statOrEmpty(path);
    const slash = StringPrototypeLastIndexOf(path, "/");
    const folder = slash > 0 ? StringPrototypeSlice(path, 0, slash) : slash === 0 ? "/" : ".";
    const name = StringPrototypeSlice(path, slash + 1);
    try {
      this.#watcher = new FSWatcher(folder, {});
    } catch {
      return;
    }
    this.#watcher.on("change", (_eventType, filename) => {
      if (filename !== name) return;
      const curr = statOrEmpty(path);
      const prev = this.prev;
      if (curr.mtimeMs !== prev.mtimeMs || curr.ctimeMs !== prev.ctimeMs || curr.size !== prev.size || curr.ino !== prev.ino || curr.mode !== prev.mode) {
        this.prev = curr;
        this.emit("change", curr, prev);
      }
    });
    this.#watcher.on("error", () => this.#watcher.close());
    this.#watcher.once("close", () => this.emit("stop"));
  }

  stop() {
    if (this.#watcher) this.#watcher.close();
    else this.emit("stop");
  }

  ref() {
    return this;
  }

  unref() {
    return this;
  }
}
