// node:events: EventEmitter (a plain constructor, so both `class X extends EventEmitter` and
// the older `EventEmitter.call(this)` work), plus the `once`/`on` helpers and `errorMonitor`.
import { AbortError, codedError } from "omp:/node-internal/errors";

const kEvents = Symbol("events");
const kMax = Symbol("maxListeners");
export const errorMonitor = Symbol("events.errorMonitor");
export const captureRejectionSymbol = Symbol.for("nodejs.rejection");
let defaultMaxListeners = 10;

export function EventEmitter(options) {
  EventEmitter.init.call(this, options);
}

EventEmitter.init = function init() {
  if (!Object.prototype.hasOwnProperty.call(this, kEvents) || !this[kEvents]) this[kEvents] = new Map();
};

function events(emitter) {
  if (!emitter[kEvents]) emitter[kEvents] = new Map();
  return emitter[kEvents];
}

function checkListener(listener) {
  if (typeof listener !== "function") {
    throw codedError("ERR_INVALID_ARG_TYPE", `The "listener" argument must be of type function. Received ${listener === null ? "null" : typeof listener}`, TypeError);
  }
}

function addListener(emitter, name, listener, prepend) {
  checkListener(listener);
  const map = events(emitter);
  if (map.has("newListener")) emitter.emit("newListener", name, listener.listener ?? listener);
  const list = map.get(name);
  if (!list) map.set(name, [listener]);
  else if (prepend) list.unshift(listener);
  else list.push(listener);
  return emitter;
}

function onceWrapper(emitter, name, listener) {
  const state = { fired: false };
  function wrapped(...args) {
    if (state.fired) return undefined;
    state.fired = true;
    emitter.removeListener(name, wrapped);
    return listener.apply(emitter, args);
  }
  wrapped.listener = listener;
  return wrapped;
}

const proto = EventEmitter.prototype;
proto[kEvents] = undefined;
proto[kMax] = undefined;

proto.setMaxListeners = function setMaxListeners(n) {
  this[kMax] = n;
  return this;
};
proto.getMaxListeners = function getMaxListeners() {
  return this[kMax] ?? defaultMaxListeners;
};

proto.emit = function emit(name, ...args) {
  const map = events(this);
  if (name === "error") {
    if (map.has(errorMonitor)) for (const fn of [...map.get(errorMonitor)]) fn.apply(this, args);
    if (!map.get("error")?.length) {
      const err = args[0];
      if (err instanceof Error) throw err;
      const shown = typeof err === "string" ? `'${err}'` : String(err);
      const wrapped = new Error(`Unhandled error. (${shown})`);
      wrapped.code = "ERR_UNHANDLED_ERROR";
      wrapped.context = err;
      throw wrapped;
    }
  }
  const list = map.get(name);
  if (!list || list.length === 0) return false;
  for (const fn of [...list]) fn.apply(this, args);
  return true;
};

proto.addListener = function (name, listener) {
  return addListener(this, name, listener, false);
};
proto.on = proto.addListener;
proto.prependListener = function (name, listener) {
  return addListener(this, name, listener, true);
};
proto.once = function (name, listener) {
  checkListener(listener);
  return addListener(this, name, onceWrapper(this, name, listener), false);
};
proto.prependOnceListener = function (name, listener) {
  checkListener(listener);
  return addListener(this, name, onceWrapper(this, name, listener), true);
};

proto.removeListener = function removeListener(name, listener) {
  const map = events(this);
  const list = map.get(name);
  if (!list) return this;
  const index = list.findLastIndex((fn) => fn === listener || fn.listener === listener);
  if (index === -1) return this;
  const [removed] = list.splice(index, 1);
  if (list.length === 0) map.delete(name);
  if (map.has("removeListener")) this.emit("removeListener", name, removed.listener ?? removed);
  return this;
};
proto.off = proto.removeListener;

proto.removeAllListeners = function removeAllListeners(name) {
  const map = events(this);
  if (name === undefined) map.clear();
  else map.delete(name);
  return this;
};

proto.listeners = function listeners(name) {
  return (events(this).get(name) ?? []).map((fn) => fn.listener ?? fn);
};
proto.rawListeners = function rawListeners(name) {
  return [...(events(this).get(name) ?? [])];
};
proto.listenerCount = function listenerCount(name, listener) {
  const list = events(this).get(name) ?? [];
  return listener ? list.filter((fn) => fn === listener || fn.listener === listener).length : list.length;
};
proto.eventNames = function eventNames() {
  return [...events(this).keys()];
};

/** Resolves with the arguments of the next `name` event; rejects on `error` or abort. */
export function once(emitter, name, options = {}) {
  const signal = options?.signal;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortError(undefined, { cause: signal.reason }));
    const isTarget = typeof emitter.addEventListener === "function" && typeof emitter.on !== "function";
    const cleanup = () => {
      if (isTarget) emitter.removeEventListener(name, onEvent);
      else {
        emitter.removeListener(name, onEvent);
        if (name !== "error") emitter.removeListener("error", onError);
      }
      signal?.removeEventListener("abort", onAbort);
    };
    const onEvent = (...args) => {
      cleanup();
      resolve(args);
    };
    const onError = (err) => {
      cleanup();
      reject(err);
    };
    const onAbort = () => {
      cleanup();
      reject(new AbortError(undefined, { cause: signal.reason }));
    };
    if (isTarget) emitter.addEventListener(name, onEvent, { once: true });
    else {
      emitter.on(name, onEvent);
      if (name !== "error") emitter.on("error", onError);
    }
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** An async iterator over `name` events (each value is the argument array). */
export function on(emitter, name, options = {}) {
  const signal = options?.signal;
  const queue = [];
  const waiting = [];
  let failure;
  let done = false;
  const push = (...args) => {
    if (waiting.length) waiting.shift().resolve({ value: args, done: false });
    else queue.push(args);
  };
  const fail = (err) => {
    failure = err;
    while (waiting.length) waiting.shift().reject(err);
  };
  const onAbort = () => fail(new AbortError(undefined, { cause: signal?.reason }));
  emitter.on(name, push);
  if (name !== "error") emitter.on("error", fail);
  signal?.addEventListener("abort", onAbort, { once: true });
  const finish = () => {
    done = true;
    emitter.removeListener(name, push);
    emitter.removeListener("error", fail);
    signal?.removeEventListener("abort", onAbort);
    while (waiting.length) waiting.shift().resolve({ value: undefined, done: true });
  };
  return {
    next() {
      if (queue.length) return Promise.resolve({ value: queue.shift(), done: false });
      if (failure) {
        const err = failure;
        failure = undefined;
        finish();
        return Promise.reject(err);
      }
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
    },
    return() {
      finish();
      return Promise.resolve({ value: undefined, done: true });
    },
    throw(err) {
      finish();
      return Promise.reject(err);
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

export function listenerCount(emitter, name) {
  return emitter.listenerCount(name);
}
export function getEventListeners(emitter, name) {
  return typeof emitter.listeners === "function" ? emitter.listeners(name) : [];
}
export function setMaxListeners(n, ...targets) {
  if (targets.length === 0) defaultMaxListeners = n;
  for (const t of targets) t.setMaxListeners?.(n);
}
export function addAbortListener(signal, listener) {
  signal.addEventListener("abort", listener, { once: true });
  return { [Symbol.dispose ?? Symbol.for("Symbol.dispose")]: () => signal.removeEventListener("abort", listener) };
}

Object.defineProperty(EventEmitter, "defaultMaxListeners", {
  get: () => defaultMaxListeners,
  set: (n) => {
    defaultMaxListeners = n;
  },
  enumerable: true,
});
Object.assign(EventEmitter, { EventEmitter, once, on, errorMonitor, captureRejectionSymbol, listenerCount, getEventListeners, setMaxListeners, addAbortListener });
EventEmitter.captureRejections = false;

export default EventEmitter;
(globalThis.__ompBuiltins ??= new Map()).set("events", EventEmitter);
