// node:events: EventEmitter (a plain constructor, so both `class X extends EventEmitter` and
// the older `EventEmitter.call(this)` work), plus the `once`/`on` helpers and `errorMonitor`.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { primordials } from "omp:/host/core";
import { AbortError, codedError } from "omp:/node-internal/errors";

const {
  ArrayPrototypeFilter,
  ArrayPrototypeFindLastIndex,
  ArrayPrototypeMap,
  ArrayPrototypePush,
  ArrayPrototypeShift,
  ArrayPrototypeSlice,
  ArrayPrototypeSplice,
  ArrayPrototypeUnshift,
  FunctionPrototypeCall,
  MapPrototypeClear,
  MapPrototypeDelete,
  MapPrototypeForEach,
  MapPrototypeGet,
  MapPrototypeHas,
  MapPrototypeSet,
  ObjectAssign,
  ObjectDefineProperty,
  ObjectPrototypeHasOwnProperty,
  PromiseReject,
  PromiseResolve,
  ReflectApply,
  SafeMap,
  SymbolFor,
} = primordials;

const kEvents = Symbol("events");
const kMax = Symbol("maxListeners");
export const errorMonitor = Symbol("events.errorMonitor");
export const captureRejectionSymbol = SymbolFor("nodejs.rejection");
let defaultMaxListeners = 10;

export function EventEmitter(options) {
  FunctionPrototypeCall(EventEmitter.init, this, options);
}

EventEmitter.init = function init() {
  if (!ObjectPrototypeHasOwnProperty(this, kEvents) || !this[kEvents]) this[kEvents] = new SafeMap();
};

function events(emitter) {
  if (!emitter[kEvents]) emitter[kEvents] = new SafeMap();
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
  if (MapPrototypeHas(map, "newListener")) emitter.emit("newListener", name, listener.listener ?? listener);
  const list = MapPrototypeGet(map, name);
  if (!list) MapPrototypeSet(map, name, [listener]);
  else if (prepend) ArrayPrototypeUnshift(list, listener);
  else ArrayPrototypePush(list, listener);
  return emitter;
}

function onceWrapper(emitter, name, listener) {
  const state = { fired: false };
  function wrapped(...args) {
    if (state.fired) return undefined;
    state.fired = true;
    emitter.removeListener(name, wrapped);
    return ReflectApply(listener, emitter, args);
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
    if (MapPrototypeHas(map, errorMonitor)) {
      const monitors = ArrayPrototypeSlice(MapPrototypeGet(map, errorMonitor));
      for (let i = 0; i < monitors.length; i++) ReflectApply(monitors[i], this, args);
    }
    if (!MapPrototypeGet(map, "error")?.length) {
      const err = args[0];
      if (err instanceof Error) throw err;
      const shown = typeof err === "string" ? `'${err}'` : String(err);
      const wrapped = new Error(`Unhandled error. (${shown})`);
      wrapped.code = "ERR_UNHANDLED_ERROR";
      wrapped.context = err;
      throw wrapped;
    }
  }
  const list = MapPrototypeGet(map, name);
  if (!list || list.length === 0) return false;
  const listeners = ArrayPrototypeSlice(list);
  for (let i = 0; i < listeners.length; i++) ReflectApply(listeners[i], this, args);
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
  const list = MapPrototypeGet(map, name);
  if (!list) return this;
  const index = ArrayPrototypeFindLastIndex(list, (fn) => fn === listener || fn.listener === listener);
  if (index === -1) return this;
  const removed = ArrayPrototypeSplice(list, index, 1)[0];
  if (list.length === 0) MapPrototypeDelete(map, name);
  if (MapPrototypeHas(map, "removeListener")) this.emit("removeListener", name, removed.listener ?? removed);
  return this;
};
proto.off = proto.removeListener;

proto.removeAllListeners = function removeAllListeners(name) {
  const map = events(this);
  if (name === undefined) MapPrototypeClear(map);
  else MapPrototypeDelete(map, name);
  return this;
};

proto.listeners = function listeners(name) {
  return ArrayPrototypeMap(MapPrototypeGet(events(this), name) ?? [], (fn) => fn.listener ?? fn);
};
proto.rawListeners = function rawListeners(name) {
  return ArrayPrototypeSlice(MapPrototypeGet(events(this), name) ?? []);
};
proto.listenerCount = function listenerCount(name, listener) {
  const list = MapPrototypeGet(events(this), name) ?? [];
  return listener ? ArrayPrototypeFilter(list, (fn) => fn === listener || fn.listener === listener).length : list.length;
};
proto.eventNames = function eventNames() {
  const names = [];
  MapPrototypeForEach(events(this), (_list, name) => ArrayPrototypePush(names, name));
  return names;
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
    if (waiting.length) ArrayPrototypeShift(waiting).resolve({ value: args, done: false });
    else ArrayPrototypePush(queue, args);
  };
  const fail = (err) => {
    failure = err;
    while (waiting.length) ArrayPrototypeShift(waiting).reject(err);
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
    while (waiting.length) ArrayPrototypeShift(waiting).resolve({ value: undefined, done: true });
  };
  return {
    next() {
      if (queue.length) return PromiseResolve({ value: ArrayPrototypeShift(queue), done: false });
      if (failure) {
        const err = failure;
        failure = undefined;
        finish();
        return PromiseReject(err);
      }
      if (done) return PromiseResolve({ value: undefined, done: true });
      return new Promise((resolve, reject) => ArrayPrototypePush(waiting, { resolve, reject }));
    },
    return() {
      finish();
      return PromiseResolve({ value: undefined, done: true });
    },
    throw(err) {
      finish();
      return PromiseReject(err);
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
  for (let i = 0; i < targets.length; i++) targets[i].setMaxListeners?.(n);
}
export function addAbortListener(signal, listener) {
  signal.addEventListener("abort", listener, { once: true });
  return { [Symbol.dispose ?? SymbolFor("Symbol.dispose")]: () => signal.removeEventListener("abort", listener) };
}

ObjectDefineProperty(EventEmitter, "defaultMaxListeners", {
  __proto__: null,
  get: () => defaultMaxListeners,
  set: (n) => {
    defaultMaxListeners = n;
  },
  enumerable: true,
});
ObjectAssign(EventEmitter, { EventEmitter, once, on, errorMonitor, captureRejectionSymbol, listenerCount, getEventListeners, setMaxListeners, addAbortListener });
EventEmitter.captureRejections = false;

export default EventEmitter;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "events", EventEmitter);
