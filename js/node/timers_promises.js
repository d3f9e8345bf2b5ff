// node:timers/promises: promise-returning setTimeout/setImmediate, the setInterval async
// iterator and `scheduler.wait`, all cancellable with an AbortSignal.
import { core } from "omp:/host/core";
import { AbortError } from "omp:/node-internal/errors";

function abortError(signal) {
  return new AbortError(undefined, { cause: signal?.reason });
}

export function setTimeout(delay, value, options = {}) {
  const signal = options?.signal;
  if (signal?.aborted) return Promise.reject(abortError(signal));
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
      if (failure) return Promise.reject(failure);
      if (finished) return Promise.resolve({ value: undefined, done: true });
      if (pendingTicks > 0) {
        pendingTicks--;
        return Promise.resolve({ value, done: false });
      }
      return new Promise((resolve, reject) => {
        waiter = { resolve, reject };
      });
    },
    return() {
      stop();
      if (waiter) waiter.resolve({ value: undefined, done: true });
      waiter = null;
      return Promise.resolve({ value: undefined, done: true });
    },
    [Symbol.asyncIterator]() {
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
(globalThis.__ompBuiltins ??= new Map()).set("timers/promises", timersPromisesModule);
