// node:async_hooks: AsyncLocalStorage and AsyncResource on deno_core's async context (the
// same mechanism that tells the host which job code belongs to, call_context.js), so a
// store follows awaits, timers and I/O callbacks as in Node. The low-level hooks API
// (createHook) is accepted but never called back.
//
// The context is a job's number until a store is set; then it is a frame: a frozen object
// with no prototype holding that number as `job` (which the host reads, so a store never
// hides whose code runs) and each storage's value under the storage's symbol.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { core, primordials } from "omp:/host/core";

const { ArrayPrototypeConcat, MapPrototypeSet, ObjectDefineProperty, ObjectFreeze: freeze, ReflectApply, SafeMap } = primordials;

/** The current frame (a bare job number is a frame without stores). */
function currentContext() {
  const context = core.getAsyncContext();
  return context !== null && typeof context === "object" ? context : { __proto__: null, job: context };
}

/** A frame like `frame` with `key` set to `store`, or with `key` left out (`remove`). */
function frameWith(frame, key, store, remove = false) {
  const next = { __proto__: null, ...frame, [key]: store };
  if (remove) delete next[key];
  return freeze(next);
}

function runWith(context, fn, thisArg, args) {
  const previous = core.getAsyncContext();
  core.setAsyncContext(context);
  try {
    return ReflectApply(fn, thisArg, args);
  } finally {
    core.setAsyncContext(previous);
  }
}

// The storage's key and a resource's context are private: with them a tool could make any
// value the async context (say another job's number, or an object with a getter the host
// would run when it reads the job).
export class AsyncLocalStorage {
  #key = Symbol("AsyncLocalStorage");
  #enabled = true;

  getStore() {
    return this.#enabled ? currentContext()[this.#key] : undefined;
  }

  run(store, fn, ...args) {
    this.#enabled = true;
    return runWith(frameWith(currentContext(), this.#key, store), fn, undefined, args);
  }

  exit(fn, ...args) {
    return runWith(frameWith(currentContext(), this.#key, undefined, true), fn, undefined, args);
  }

  enterWith(store) {
    this.#enabled = true;
    core.setAsyncContext(frameWith(currentContext(), this.#key, store));
  }

  disable() {
    this.#enabled = false;
  }

  static bind(fn) {
    return AsyncResource.bind(fn);
  }

  static snapshot() {
    const context = core.getAsyncContext();
    return (fn, ...args) => runWith(context, fn, undefined, args);
  }
}

let nextId = 1;

export class AsyncResource {
  #context = core.getAsyncContext();
  #id = nextId++;

  constructor(type = "AsyncResource") {
    this.type = type;
  }

  runInAsyncScope(fn, thisArg, ...args) {
    return runWith(this.#context, fn, thisArg, args);
  }

  bind(fn, thisArg) {
    const bound = (...args) => ReflectApply(this.runInAsyncScope, this, ArrayPrototypeConcat([fn, thisArg], args));
    ObjectDefineProperty(bound, "asyncResource", { value: this });
    return bound;
  }

  static bind(fn, type, thisArg) {
    return new AsyncResource(type ?? fn.name ?? "bound-anonymous-fn").bind(fn, thisArg);
  }

  emitDestroy() {
    return this;
  }

  asyncId() {
    return this.#id;
  }

  triggerAsyncId() {
    return 0;
  }
}

export function createHook() {
  return { enable() { return this; }, disable() { return this; } };
}
export function executionAsyncId() {
  return 0;
}
export function triggerAsyncId() {
  return 0;
}
export function executionAsyncResource() {
  return {};
}
export const asyncWrapProviders = freeze({});

const asyncHooks = { AsyncLocalStorage, AsyncResource, createHook, executionAsyncId, triggerAsyncId, executionAsyncResource, asyncWrapProviders };
export default asyncHooks;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "async_hooks", asyncHooks);
