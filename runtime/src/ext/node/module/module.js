// node:module: createRequire (with require.resolve) and the list of built-ins.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { createRequire } from "omp:/host/cjs";
import { primordials } from "omp:/host/core";

const { ArrayPrototypeIncludes, MapPrototypeSet, SafeMap, StringPrototypeSlice, StringPrototypeStartsWith } = primordials;

export { createRequire };
export const builtinModules = [
  "assert", "assert/strict", "async_hooks", "buffer", "child_process", "console", "constants", "crypto",
  "diagnostics_channel", "dns", "dns/promises", "events", "fs", "fs/promises", "http", "http2", "https",
  "module", "net", "os", "path", "perf_hooks", "process", "querystring", "readline", "readline/promises",
  "stream", "stream/promises", "string_decoder", "timers", "timers/promises", "tls", "tty", "url", "util",
  "util/types", "v8", "worker_threads", "zlib",
];
export function isBuiltin(name) {
  const text = String(name);
  return ArrayPrototypeIncludes(builtinModules, StringPrototypeStartsWith(text, "node:") ? StringPrototypeSlice(text, 5) : text);
}
const moduleModule = { createRequire, builtinModules, isBuiltin };
export default moduleModule;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "module", moduleModule);
