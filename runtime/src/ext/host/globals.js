// Installs the globals tools expect: web APIs from deno_web (console, timers, URL,
// AbortController, TextEncoder, structuredClone, …) loaded lazily on first use so start-up
// stays fast, plus Node's `process`, `Buffer` and Bun's `Bun`, also created on first use.
import { process } from "omp:/host/process";
import { setValidator } from "omp:/zod";
import { Buffer } from "omp:/node/buffer";
import nodeTimers from "omp:/node/timers";
import { Bun, webCrypto } from "omp:/node-internal/host_globals";
import { fetch, fetchClasses } from "omp:/host/fetch";
import { core } from "omp:/host/core";
import { logThrown } from "omp:/host/errors";
import { nodeErrorsUrl } from "omp:/host/url";

const { JSONParse, JSONStringify, ObjectDefineProperty } = globalThis.__bootstrap.primordials;
const opConsole = core.ops.op_console;
// deno_web's console levels: 0 debug, 1 log/info, 2 warn, 3 error, 4 uncaught error.
const CONSOLE_LEVELS = ["debug", "info", "warning", "error", "error"];

/** Defines `globalThis[name]` as a value computed on first read (and replaceable). */
function lazyGlobal(name, compute) {
  // Its getter first runs when a tool reads the global, maybe after a tool replaced
  // Object.defineProperty: captured builtins only.
  ObjectDefineProperty(globalThis, name, {
    __proto__: null,
    configurable: true,
    enumerable: false,
    get() {
      const value = compute();
      ObjectDefineProperty(globalThis, name, { __proto__: null, value, writable: true, configurable: true, enumerable: false });
      return value;
    },
    set(value) {
      ObjectDefineProperty(globalThis, name, { __proto__: null, value, writable: true, configurable: true, enumerable: false });
    },
  });
}

const web = (file) => core.loadExtScript(`ext:deno_web/${file}`);
const fromWeb = {
  "00_url.js": ["URL", "URLSearchParams"],
  "01_dom_exception.js": ["DOMException"],
  "02_event.js": ["Event", "EventTarget", "CustomEvent", "ErrorEvent", "MessageEvent", "reportError"],
  "02_structured_clone.js": ["structuredClone"],
  "03_abort_signal.js": ["AbortController", "AbortSignal"],
  "05_base64.js": ["atob", "btoa"],
  "08_text_encoding.js": ["TextEncoder", "TextDecoder", "TextEncoderStream", "TextDecoderStream"],
  "09_file.js": ["Blob", "File"],
  "15_performance.js": ["performance", "Performance"],
  "06_streams.js": ["ReadableStream", "WritableStream", "TransformStream"],
  "13_message_port.js": ["MessageChannel", "MessagePort"],
};
for (const [file, names] of Object.entries(fromWeb)) {
  for (const name of names) lazyGlobal(name, () => web(file)[name]);
}
lazyGlobal("URL", () => nodeErrorsUrl(web("00_url.js").URL));

lazyGlobal("console", () => {
  const { Console, setNoColorFns } = web("01_console.js");
  setNoColorFns(() => true, () => true);
  // Tool output never reaches stdout: that is the host's result / protocol channel.
  return new Console((message, level) => opConsole(CONSOLE_LEVELS[level] ?? "info", message));
});

// Node-style timers (Timeout objects with ref/unref/refresh, usable as numbers), as Node and Bun give.
for (const name of ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "setImmediate", "clearImmediate"]) {
  lazyGlobal(name, () => nodeTimers[name]);
}
lazyGlobal("global", () => globalThis);
lazyGlobal("self", () => globalThis);
lazyGlobal("Buffer", () => Buffer);
lazyGlobal("Bun", () => Bun);
lazyGlobal("crypto", () => webCrypto);
lazyGlobal("fetch", () => fetch);
for (const [name, load] of Object.entries(fetchClasses)) lazyGlobal(name, load);

globalThis.process = process;

// A microtask that throws is logged; thrown out to the engine it ended the event loop's
// turn, and the answers queued in that turn (the throwing call's own among them) were lost.
const queueMicrotaskNative = globalThis.queueMicrotask;
globalThis.queueMicrotask = function queueMicrotask(callback) {
  if (typeof callback !== "function") return queueMicrotaskNative(callback);
  queueMicrotaskNative(() => {
    try {
      callback();
    } catch (err) {
      logThrown("error", "Uncaught error in tool code", err);
    }
  });
};

// An unhandled rejection inside a tool must not stop the host: log it and carry on.
core.setUnhandledPromiseRejectionHandler((_promise, reason) => {
  logThrown("warn", "Unhandled promise rejection in tool code", reason);
  return true;
});

// pi.zod's safeParse/parse run on the host's Rust validator (the one that checks tool calls).
setValidator((schema, value) => JSONParse(core.ops.op_schema_parse(JSONStringify(schema), JSONStringify(value === undefined ? null : value))));

// deno_core's own wrapper of every async op calls it as `op.call(this, …)`: a tool that
// replaced Function.prototype.call (or apply, or bind) would break every async op of every
// tool (pi.exec, fetch, files, timers). Those three are made read-only: a tool that assigns
// one gets a TypeError on its own line, and the others keep working.
for (const name of ["call", "apply", "bind"]) {
  Object.defineProperty(Function.prototype, name, { __proto__: null, writable: false, configurable: false });
}
