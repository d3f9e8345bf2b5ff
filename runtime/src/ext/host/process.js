// Node's `process` object for tools: environment, argv, platform, cwd, timing and stdio.
// `process.exit` throws instead of exiting, `process.kill` refuses to signal the host itself
// (EPERM), and stdout writes go to stderr, because the host's stdout carries results and
// protocol messages. `process.env` shows the host's environment as the tools' permissions let
// them read it, asked of the host at each read (the policy can change while the engine runs).
import { ProcessExitError, logThrown } from "omp:/host/errors";
import { signalNumber, systemError } from "omp:/node-internal/errors";

import { core, primordials } from "omp:/host/core";
// Its listeners and nextTick run in tools' calls: built from builtins captured at start-up.
const { ArrayPrototypePush, ArrayPrototypeFilter, ArrayPrototypeSlice, ArrayPrototypeUnshift, ReflectApply, SafeMap, MapPrototypeGet, MapPrototypeSet, MapPrototypeHas, MathFloor, MathRound, BigInt: BigIntCtor } = primordials;
const { ObjectHasOwn, ObjectKeys, ObjectPrototype, Proxy: ProxyCtor, ReflectGet, ReflectHas, SafeSet, SetPrototypeAdd, SetPrototypeDelete, SetPrototypeHas, String: StringCtor } = primordials;
// The engine's own queueMicrotask, taken before any tool ran; a callback that throws is
// logged (as globals.js's queueMicrotask does): thrown out to the engine it would end the
// event loop's turn and lose the answers queued in it.
const queueMicrotaskNative = globalThis.queueMicrotask;
function queueMicrotaskFn(callback, args) {
  queueMicrotaskNative(() => {
    try {
      ReflectApply(callback, undefined, args ?? []);
    } catch (err) {
      logThrown("error", "Uncaught error in tool code", err);
    }
  });
}
// Read afresh by `refreshProcessInfo` at every start: the host's JavaScript may come from a
// start-up snapshot made on the build machine.
let info = core.ops.op_host_info();

function listeners() {
  const map = new SafeMap();
  return {
    on(event, fn) {
      if (!MapPrototypeHas(map, event)) MapPrototypeSet(map, event, []);
      ArrayPrototypePush(MapPrototypeGet(map, event), fn);
      return this;
    },
    off(event, fn) {
      MapPrototypeSet(map, event, ArrayPrototypeFilter(MapPrototypeGet(map, event) ?? [], (f) => f !== fn));
      return this;
    },
    emit(event, ...args) {
      const fns = ArrayPrototypeSlice(MapPrototypeGet(map, event) ?? []);
      for (let i = 0; i < fns.length; i++) ReflectApply(fns[i], undefined, args);
      return fns.length > 0;
    },
  };
}

const emitter = listeners();
const stream = (fd) => ({
  fd,
  isTTY: false,
  columns: 80,
  write(chunk, encoding, callback) {
    const text = typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk);
    core.ops.op_console("info", text);
    const done = typeof encoding === "function" ? encoding : callback;
    if (typeof done === "function") queueMicrotaskFn(done);
    return true;
  },
  on() { return this; },
  once() { return this; },
  end() {},
});

let startNs = core.ops.op_hrtime_ns();

function hrtime(previous) {
  const ns = core.ops.op_hrtime_ns();
  let seconds = MathFloor(ns / 1e9);
  let nanos = ns % 1e9;
  if (previous) {
    seconds -= previous[0];
    nanos -= previous[1];
    if (nanos < 0) {
      seconds -= 1;
      nanos += 1e9;
    }
  }
  return [seconds, nanos];
}
hrtime.bigint = () => BigIntCtor(MathRound(core.ops.op_hrtime_ns()));

// `process.env`: what tools set (or deleted) in it stays in this engine (tools share the
// host's process, whose own environment never changes); every other name is read from the
// host through the tools' permissions, a name they may not read being unset.
const opEnvGet = core.ops.op_env_get;
const opEnvNames = core.ops.op_env_names;
const envSet = { __proto__: null };
const envDeleted = new SafeSet();

/** The value `process.env[name]` reads as (undefined: unset, or not for this tool). */
function envValue(name) {
  if (ObjectHasOwn(envSet, name)) return envSet[name];
  if (SetPrototypeHas(envDeleted, name)) return undefined;
  return opEnvGet(name) ?? undefined;
}

function envAssign(name, value) {
  envSet[name] = StringCtor(value);
  SetPrototypeDelete(envDeleted, name);
}

/**
 * The `process.env` object. Names of Object.prototype's members (`hasOwnProperty`,
 * `toString`…) read as those members unless a tool set them, as on Node's `process.env`,
 * without asking the host (their reads would be logged as refused variables).
 */
const env = new ProxyCtor({}, {
  get(target, name) {
    if (typeof name !== "string") return ReflectGet(target, name);
    if (ObjectHasOwn(envSet, name)) return envSet[name];
    if (name in ObjectPrototype) return ReflectGet(target, name);
    return envValue(name);
  },
  has(target, name) {
    if (typeof name !== "string") return ReflectHas(target, name);
    if (ObjectHasOwn(envSet, name)) return true;
    if (name in ObjectPrototype) return true;
    return envValue(name) !== undefined;
  },
  set(target, name, value) {
    if (typeof name !== "string") return false;
    envAssign(name, value);
    return true;
  },
  defineProperty(target, name, descriptor) {
    // Node's `process.env` takes only plain, writable, enumerable, configurable values.
    if (typeof name !== "string" || !("value" in descriptor) || descriptor.configurable === false || descriptor.writable === false || descriptor.enumerable === false) return false;
    envAssign(name, descriptor.value);
    return true;
  },
  deleteProperty(target, name) {
    if (typeof name !== "string") return true;
    delete envSet[name];
    SetPrototypeAdd(envDeleted, name);
    return true;
  },
  ownKeys() {
    const names = [];
    const hostNames = opEnvNames();
    for (let i = 0; i < hostNames.length; i++) {
      const name = hostNames[i];
      if (!ObjectHasOwn(envSet, name) && !SetPrototypeHas(envDeleted, name)) ArrayPrototypePush(names, name);
    }
    const setNames = ObjectKeys(envSet);
    for (let i = 0; i < setNames.length; i++) ArrayPrototypePush(names, setNames[i]);
    return names;
  },
  getOwnPropertyDescriptor(target, name) {
    if (typeof name !== "string") return undefined;
    const value = envValue(name);
    return value === undefined ? undefined : { value, writable: true, enumerable: true, configurable: true };
  },
});

/** The fields of `process` that describe this process. */
function processFacts(facts) {
  return {
    argv: [facts.execPath, ...facts.argv.slice(1)],
    execPath: facts.execPath,
    pid: facts.pid,
    ppid: facts.ppid,
    platform: facts.platform,
    arch: facts.arch,
  };
}

/** Reads this process's facts again (pid, environment, argv, cwd) and restarts `uptime`. */
export function refreshProcessInfo() {
  info = core.ops.op_host_info();
  startNs = core.ops.op_hrtime_ns();
  Object.assign(process, processFacts(info));
}

export const process = {
  ...processFacts(info),
  env,
  argv0: "omp-host",
  execArgv: [],
  version: "v22.0.0",
  versions: { node: "22.0.0", "omp-host": info.version },
  release: { name: "node" },
  title: "omp-host",
  exitCode: undefined,
  cwd: () => info.cwd,
  chdir() {
    throw new Error("process.chdir() is not supported inside omp-host: tools share one process; use absolute paths or pi.cwd");
  },
  exit(code) {
    throw new ProcessExitError(code ?? process.exitCode);
  },
  abort() {
    throw new ProcessExitError(134);
  },
  kill(pid, sig) {
    const target = Number(pid);
    if (!Number.isInteger(target)) throw Object.assign(new TypeError(`The "pid" argument must be of type number. Received ${String(pid)}`), { code: "ERR_INVALID_ARG_TYPE" });
    const number = signalNumber(sig, "SIGTERM");
    try {
      core.ops.op_process_kill(target, number);
    } catch (cause) {
      throw systemError(cause, { syscall: "kill" });
    }
    return true;
  },
  nextTick(fn, ...args) {
    queueMicrotaskFn(fn, args);
  },
  hrtime,
  uptime: () => (core.ops.op_hrtime_ns() - startNs) / 1e9,
  memoryUsage: () => ({ rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 }),
  cpuUsage: () => ({ user: 0, system: 0 }),
  umask: () => 0o22,
  // Node has no user and group ids on Windows: `process.getuid` is undefined there.
  getuid: info.platform === "win32" ? undefined : () => info.uid,
  getgid: info.platform === "win32" ? undefined : () => info.gid,
  stdout: stream(1),
  stderr: stream(2),
  stdin: { fd: 0, isTTY: false, on() { return this; }, once() { return this; }, resume() {}, pause() {}, setEncoding() {} },
  on: (e, f) => (emitter.on(e, f), process),
  once: (e, f) => (emitter.on(e, f), process),
  off: (e, f) => (emitter.off(e, f), process),
  addListener: (e, f) => (emitter.on(e, f), process),
  removeListener: (e, f) => (emitter.off(e, f), process),
  removeAllListeners: () => process,
  emit: (e, ...a) => {
    ArrayPrototypeUnshift(a, e);
    return ReflectApply(emitter.emit, emitter, a);
  },
  listenerCount: () => 0,
  emitWarning: (warning) => core.ops.op_console("warning", `Warning: ${warning}\n`),
  features: {},
  config: { variables: {} },
  // Node 22.3's: a built-in already loaded (imported or required somewhere), else undefined,
  // as Node answers for a name it does not have (pi asks for `node:sea`).
  getBuiltinModule: (id) => {
    const name = `${id}`;
    const builtins = globalThis.__ompBuiltins;
    return builtins ? MapPrototypeGet(builtins, name.startsWith("node:") ? name.slice(5) : name) : undefined;
  },
};
