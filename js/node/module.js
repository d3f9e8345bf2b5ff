// node:module: createRequire (with require.resolve) and the list of built-ins.
import { createRequire } from "omp:/host/cjs";

export { createRequire };
export const builtinModules = [
  "assert", "assert/strict", "async_hooks", "buffer", "child_process", "console", "constants", "crypto",
  "diagnostics_channel", "dns", "dns/promises", "events", "fs", "fs/promises", "http", "http2", "https",
  "module", "net", "os", "path", "perf_hooks", "process", "querystring", "readline", "readline/promises",
  "stream", "stream/promises", "string_decoder", "timers", "timers/promises", "tls", "tty", "url", "util",
  "util/types", "v8", "worker_threads", "zlib",
];
export function isBuiltin(name) {
  return builtinModules.includes(String(name).replace(/^node:/, ""));
}
const moduleModule = { createRequire, builtinModules, isBuiltin };
export default moduleModule;
(globalThis.__ompBuiltins ??= new Map()).set("module", moduleModule);
