// node:process: the same object as the `process` global, with its members as named exports
// (`import { env, argv, execArgv } from "node:process"`), as Node offers them.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { process } from "omp:/host/process";
import { primordials } from "omp:/host/core";

const { MapPrototypeSet, ReflectApply, SafeMap } = primordials;

export default process;
export const {
  env, argv, argv0, execArgv, execPath, pid, ppid, platform, arch, version, versions, release, title, config, features,
  stdout, stderr, stdin,
} = process;
export const cwd = (...args) => ReflectApply(process.cwd, process, args);
export const chdir = (...args) => ReflectApply(process.chdir, process, args);
export const exit = (...args) => ReflectApply(process.exit, process, args);
export const abort = (...args) => ReflectApply(process.abort, process, args);
export const kill = (...args) => ReflectApply(process.kill, process, args);
export const nextTick = (...args) => ReflectApply(process.nextTick, process, args);
export const hrtime = process.hrtime;
export const uptime = (...args) => ReflectApply(process.uptime, process, args);
export const memoryUsage = (...args) => ReflectApply(process.memoryUsage, process, args);
export const cpuUsage = (...args) => ReflectApply(process.cpuUsage, process, args);
export const umask = (...args) => ReflectApply(process.umask, process, args);
export const getuid = (...args) => ReflectApply(process.getuid, process, args);
export const getgid = (...args) => ReflectApply(process.getgid, process, args);
export const emitWarning = (...args) => ReflectApply(process.emitWarning, process, args);
export const on = (...args) => ReflectApply(process.on, process, args);
export const once = (...args) => ReflectApply(process.once, process, args);
export const off = (...args) => ReflectApply(process.off, process, args);
export const emit = (...args) => ReflectApply(process.emit, process, args);
export const addListener = (...args) => ReflectApply(process.addListener, process, args);
export const removeListener = (...args) => ReflectApply(process.removeListener, process, args);
export const removeAllListeners = (...args) => ReflectApply(process.removeAllListeners, process, args);
export const listenerCount = (...args) => ReflectApply(process.listenerCount, process, args);
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "process", process);
