// node:module: createRequire (with require.resolve) and the list of built-ins.
import { createRequire } from "omp:/host/cjs";

export { createRequire };
export const builtinModules = ["buffer", "child_process", "crypto", "events", "fs", "fs/promises", "module", "os", "path", "perf_hooks", "process", "readline", "readline/promises", "stream", "stream/promises", "string_decoder", "timers", "timers/promises", "url", "util", "util/types"];
export function isBuiltin(name) {
  return builtinModules.includes(String(name).replace(/^node:/, ""));
}
const moduleModule = { createRequire, builtinModules, isBuiltin };
export default moduleModule;
(globalThis.__ompBuiltins ??= new Map()).set("module", moduleModule);
