// node:module: createRequire (with require.resolve) and the list of built-ins.
import { createRequire } from "omp:/host/cjs";

export { createRequire };
export const builtinModules = ["child_process", "crypto", "events", "fs", "fs/promises", "module", "os", "path", "perf_hooks", "process", "timers", "timers/promises", "url", "util", "buffer"];
export function isBuiltin(name) {
  return builtinModules.includes(String(name).replace(/^node:/, ""));
}
const moduleModule = { createRequire, builtinModules, isBuiltin };
export default moduleModule;
(globalThis.__ompBuiltins ??= new Map()).set("module", moduleModule);
