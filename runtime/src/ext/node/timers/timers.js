// node:timers: setTimeout/setInterval/setImmediate returning Node-style Timeout objects
// (ref/unref/hasRef/refresh/close, usable as numbers with clearTimeout), over deno_web's timers.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import promises from "omp:/node/timers/promises";

import { core, primordials } from "omp:/host/core";

const { MapPrototypeSet, MathMin, ObjectDefineProperty, ReflectApply, SafeMap, SymbolDispose, SymbolFor, SymbolToPrimitive } = primordials;
let webTimers;
/** deno_web's timer functions, called unbound (they reject any `this` but globalThis). */
function web() {
  if (!webTimers) {
    const { setTimeout, setInterval, clearTimeout, refTimer, unrefTimer } = core.loadExtScript("ext:deno_web/02_timers.js");
    webTimers = { setTimeout, setInterval, clearTimeout, refTimer, unrefTimer };
  }
  return webTimers;
}

const refTimer = (id) => web().refTimer(id);
const unrefTimer = (id) => web().unrefTimer(id);
const clearTimer = (id) => {
  const { clearTimeout } = web();
  clearTimeout(id);
};

export class Timeout {
  #callback;
  #delay;
  #args;
  #repeat;
  #ref = true;

  constructor(callback, delay, args, repeat) {
    if (typeof callback !== "function") {
      const err = new TypeError(`The "callback" argument must be of type function. Received ${typeof callback}`);
      err.code = "ERR_INVALID_ARG_TYPE";
      throw err;
    }
    this.#callback = callback;
    this.#delay = Number(delay) > 0 ? MathMin(Number(delay), 2 ** 31 - 1) : 1;
    this.#args = args;
    this.#repeat = repeat;
    this._destroyed = false;
    this.#start();
  }

  #start() {
    const run = this.#repeat
      ? () => ReflectApply(this.#callback, this, this.#args)
      : () => {
          this._destroyed = true;
          ReflectApply(this.#callback, this, this.#args);
        };
    const { setInterval, setTimeout } = web();
    this._id = this.#repeat ? setInterval(run, this.#delay) : setTimeout(run, this.#delay);
    if (!this.#ref) unrefTimer(this._id);
  }

  ref() {
    this.#ref = true;
    refTimer(this._id);
    return this;
  }

  unref() {
    this.#ref = false;
    unrefTimer(this._id);
    return this;
  }

  hasRef() {
    return this.#ref;
  }

  refresh() {
    if (!this._destroyed) {
      clearTimer(this._id);
      this.#start();
    }
    return this;
  }

  close() {
    this._destroyed = true;
    clearTimer(this._id);
    return this;
  }

  [SymbolToPrimitive]() {
    return this._id;
  }

  [SymbolDispose ?? SymbolFor("Symbol.dispose")]() {
    this.close();
  }
}

export class Immediate extends Timeout {}

export function setTimeout(callback, delay, ...args) {
  return new Timeout(callback, delay, args, false);
}

export function setInterval(callback, delay, ...args) {
  return new Timeout(callback, delay, args, true);
}

export function setImmediate(callback, ...args) {
  return new Immediate(callback, 0, args, false);
}

function clear(timer) {
  if (timer === undefined || timer === null) return;
  if (timer instanceof Timeout) timer.close();
  else clearTimer(Number(timer));
}

// util.promisify(setTimeout) and util.promisify(setImmediate) are timers/promises' forms.
const kCustomPromisify = SymbolFor("nodejs.util.promisify.custom");
ObjectDefineProperty(setTimeout, kCustomPromisify, { value: promises.setTimeout, enumerable: false, configurable: true });
ObjectDefineProperty(setImmediate, kCustomPromisify, { value: promises.setImmediate, enumerable: false, configurable: true });

export const clearTimeout = clear;
export const clearInterval = clear;
export const clearImmediate = clear;

export { promises };

const timersModule = { setTimeout, setInterval, setImmediate, clearTimeout, clearInterval, clearImmediate, Timeout, Immediate, promises };
export default timersModule;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "timers", timersModule);
