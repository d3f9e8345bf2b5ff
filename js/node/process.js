// node:process: the same object as the `process` global, with its members as named exports
// (`import { env, argv, execArgv } from "node:process"`), as Node offers them.
import { process } from "omp:/host/process";

export default process;
export const {
  env, argv, argv0, execArgv, execPath, pid, ppid, platform, arch, version, versions, release, title, config, features,
  stdout, stderr, stdin,
} = process;
export const cwd = (...args) => process.cwd(...args);
export const chdir = (...args) => process.chdir(...args);
export const exit = (...args) => process.exit(...args);
export const abort = (...args) => process.abort(...args);
export const kill = (...args) => process.kill(...args);
export const nextTick = (...args) => process.nextTick(...args);
export const hrtime = process.hrtime;
export const uptime = (...args) => process.uptime(...args);
export const memoryUsage = (...args) => process.memoryUsage(...args);
export const cpuUsage = (...args) => process.cpuUsage(...args);
export const umask = (...args) => process.umask(...args);
export const getuid = (...args) => process.getuid(...args);
export const getgid = (...args) => process.getgid(...args);
export const emitWarning = (...args) => process.emitWarning(...args);
export const on = (...args) => process.on(...args);
export const once = (...args) => process.once(...args);
export const off = (...args) => process.off(...args);
export const emit = (...args) => process.emit(...args);
export const addListener = (...args) => process.addListener(...args);
export const removeListener = (...args) => process.removeListener(...args);
export const removeAllListeners = (...args) => process.removeAllListeners(...args);
export const listenerCount = (...args) => process.listenerCount(...args);
(globalThis.__ompBuiltins ??= new Map()).set("process", process);
