// node:timers/promises: promise-returning setTimeout/setImmediate, the setInterval async
// iterator and `scheduler.wait`, all cancellable with an AbortSignal.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { core, primordials } from "omp:/host/core";
import { AbortError } from "omp:/node-internal/errors";

const { MapPrototypeSet, PromiseReject, PromiseResolve, SafeMap, SymbolAsyncIterator } = primordials;

function abortError(signal) {
  return new AbortError(undefined, { cause: signal?.reason });
}

export function setTimeout(delay, value, options = {}) {
  const signal = options?.signal;
  if (signal?.aborted) return PromiseReject(abortError(signal));
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      globalThis.clearTimeout(id);
      reject(abortError(signal));
    };
    const id = globalThis.setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve(value);
    }, delay);
    signal?.addEventListener("abort", onAbort, { once: true });
    if (options?.ref === false) {
      const { unrefTimer } = core.loadExtScript("ext:deno_web/02_timers.js");
      unrefTimer(id);
    }
  });
}

export function setImmediate(value, options = {}) {
  return setTimeout(0, value, options);
}

/** An async iterator that yields `value` every `delay` ms until aborted or `return()`ed. */
export function setInterval(delay, value, options = {}) {
  const signal = options?.signal;
  let pendingTicks = 0;
  let waiter = null;
  let finished = false;
  let failure = null;
  const id = globalThis.setInterval(() => {
    pendingTicks++;
    if (waiter) {
      const w = waiter;
      waiter = null;
      pendingTicks--;
      w.resolve({ value, done: false });
    }
  }, delay);
  const stop = () => {
    finished = true;
    globalThis.clearInterval(id);
    signal?.removeEventListener("abort", onAbort);
  };
  const onAbort = () => {
    failure = abortError(signal);
    stop();
    if (waiter) waiter.reject(failure);
    waiter = null;
  };
  if (signal?.aborted) onAbort();
  else signal?.addEventListener("abort", onAbort, { once: true });
  return {
    next() {
      if (failure) return PromiseReject(failure);
      if (finished) return PromiseResolve({ value: undefined, done: true });
      if (pendingTicks > 0) {
        pendingTicks--;
        return PromiseResolve({ value, done: false });
      }
      return new Promise((resolve, reject) => {
        waiter = { resolve, reject };
      });
    },
    return() {
      stop();
      if (waiter) waiter.resolve({ value: undefined, done: true });
      waiter = null;
      return PromiseResolve({ value: undefined, done: true });
    },
    [SymbolAsyncIterator]() {
      return this;
    },
  };
}

export const scheduler = {
  wait: (delay, options) => setTimeout(delay, undefined, options),
  yield: () => setImmediate(),
};

const timersPromisesModule = { setTimeout, setImmediate, setInterval, scheduler };
export default timersPromisesModule;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "timers/promises", timersPromisesModule);
