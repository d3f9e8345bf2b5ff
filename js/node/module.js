// node:module: createRequire (with require.resolve) and the list of built-ins.
import { createRequire } from "omp:/host/cjs";

export { createRequire };
export const builtinModules = [
  "assert", "assert/strict", "buffer", "child_process", "crypto", "dns", "dns/promises", "events", "fs", "fs/promises", "http", "https",
  "module", "net", "os", "path", "perf_hooks", "process", "querystring", "readline", "readline/promises", "stream", "stream/promises",
  "string_decoder", "timers", "timers/promises", "tty", "url", "util", "util/types", "worker_threads", "zlib",
];
export function isBuiltin(name) {
  return builtinModules.includes(String(name).replace(/^node:/, ""));
}
const moduleModule = { createRequire, builtinModules, isBuiltin };
export default moduleModule;
(globalThis.__ompBuiltins ??= new Map()).set("module", moduleModule);
