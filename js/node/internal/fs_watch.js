// fs.watch by polling, shared by node:fs and node:fs/promises: the host has no file-system
// notifications, so a watcher compares snapshots of a file or folder at an interval.
import { core } from "omp:/host/core";
import { EventEmitter } from "omp:/node/events";
import { AbortError, callOp } from "omp:/node-internal/errors";
import { fsConstants, options, toPath } from "omp:/node-internal/fs_common";

const ops = core.ops;
const run = (request) => callOp(() => ops.op_node_fs_sync(request));

/** A path's entries (the path itself for a file) with a signature that changes when they do. */
function snapshotOf(root, recursive) {
  const entries = new Map();
  const signature = (st) => `${st.mtimeMs}:${st.ctimeMs}:${st.size}:${st.ino}`;
  const rootStat = run({ op: "stat", path: root, follow: true });
  if ((rootStat.mode & fsConstants().S_IFMT) !== fsConstants().S_IFDIR) {
    entries.set(root.slice(root.lastIndexOf("/") + 1), signature(rootStat));
    return entries;
  }
  const walk = (dir, prefix) => {
    let list;
    try {
      list = run({ op: "readdir", path: dir });
    } catch {
      return;
    }
    for (const entry of list) {
      const name = prefix ? `${prefix}/${entry.name}` : entry.name;
      try {
        entries.set(name, signature(run({ op: "stat", path: `${dir}/${entry.name}`, follow: false })));
      } catch {
        continue;
      }
      if (recursive && entry.kind === 2) walk(`${dir}/${entry.name}`, name);
    }
  };
  walk(root, "");
  return entries;
}

/**
 * `fs.watch` by polling (the host has no file-system notifications): every `interval` ms
 * (default 150) the file or folder (recursively with `recursive`) is compared with the last
 * look; new or vanished entries emit `("rename", name)`, modified ones `("change", name)`.
 */
export class FSWatcher extends EventEmitter {
  #timer;
  #snapshot;

  constructor(path, opts = {}, listener) {
    super();
    this.path = path;
    this.recursive = Boolean(opts.recursive);
    this.#snapshot = snapshotOf(path, this.recursive);
    if (listener) this.on("change", listener);
    this.#timer = setInterval(() => this.#poll(), opts.interval ?? 150);
    if (opts.signal) {
      if (opts.signal.aborted) queueMicrotask(() => this.close());
      else opts.signal.addEventListener("abort", () => this.close(), { once: true });
    }
  }

  #poll() {
    let next;
    try {
      next = snapshotOf(this.path, this.recursive);
    } catch {
      next = new Map();
    }
    const previous = this.#snapshot;
    this.#snapshot = next;
    for (const [name, sig] of previous) {
      if (!next.has(name)) this.emit("change", "rename", name);
      else if (next.get(name) !== sig) this.emit("change", "change", name);
    }
    for (const name of next.keys()) if (!previous.has(name)) this.emit("change", "rename", name);
  }

  close() {
    if (this.#timer === undefined) return;
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.emit("close");
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
  const o = options(opts);
  const p = toPath(path);
  try {
    return new FSWatcher(p, o, listener);
  } catch (err) {
    if (err.code) {
      const wrapped = new Error(`${err.code}: ${err.message.replace(/^[A-Z]+: /, "").replace(/, \w+ '.*'$/, "")}, watch '${p}'`);
      Object.assign(wrapped, { code: err.code, errno: err.errno, syscall: "watch", path: p, filename: p });
      throw wrapped;
    }
    throw err;
  }
}

/** fs/promises' `watch`: an async iterator of `{ eventType, filename }` until aborted. */
export function watchIterator(path, opts = {}) {
  const o = options(opts);
  const queue = [];
  const waiting = [];
  let done = false;
  let aborted = false;
  const watcher = watchPath(path, { ...o, signal: undefined });
  const finish = () => {
    if (done) return;
    done = true;
    aborted = true;
    watcher.close();
    while (waiting.length) waiting.shift().reject(new AbortError());
  };
  watcher.on("change", (eventType, filename) => {
    const event = { eventType, filename };
    if (waiting.length) waiting.shift().resolve({ value: event, done: false });
    else queue.push(event);
  });
  if (o.signal) {
    if (o.signal.aborted) finish();
    else o.signal.addEventListener("abort", finish, { once: true });
  }
  return {
    next() {
      if (queue.length) return Promise.resolve({ value: queue.shift(), done: false });
      if (aborted) return Promise.reject(new AbortError());
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
    },
    return() {
      done = true;
      watcher.close();
      return Promise.resolve({ value: undefined, done: true });
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
