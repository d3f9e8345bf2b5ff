// `require` for CommonJS tool modules and `createRequire`: literal requires were imported
// ahead of the module by the loader; other requests are served synchronously for Node
// built-ins already loaded, JSON files and CommonJS files.
import { core } from "omp:/host/core";

/** Built-in modules register themselves here when they load (`node:fs` → its exports). */
export const builtins = (globalThis.__ompBuiltins ??= new Map());

const fileCache = new Map();

function fromNamespace(ns, url) {
  if ("__ompCommonJs" in ns) return ns.default;
  if (url.endsWith(".json")) return ns.default;
  if (url.startsWith("omp:/node/")) return ns.default ?? ns;
  return ns;
}

function dirnameOf(file) {
  const i = file.lastIndexOf("/");
  return i <= 0 ? "/" : file.slice(0, i);
}

/** Loads a CommonJS or JSON file synchronously (for requires the loader could not hoist). */
function loadFileSync(resolved, from) {
  if (resolved.path.endsWith(".node")) {
    const error = new Error(core.ops.op_require_native_addon_error(resolved.path, from));
    error.code = "ERR_DLOPEN_FAILED";
    throw error;
  }
  if (fileCache.has(resolved.path)) return fileCache.get(resolved.path).exports;
  const { code, format } = core.ops.op_require_source(resolved.path);
  if (format === "json") {
    const module = { exports: JSON.parse(code) };
    fileCache.set(resolved.path, module);
    return module.exports;
  }
  if (format !== "cjs") {
    throw new Error(`require() of ES module ${resolved.path} is not supported; use import or await import() instead`);
  }
  const module = { exports: {}, id: resolved.path, filename: resolved.path, loaded: false, children: [], paths: [] };
  fileCache.set(resolved.path, module);
  const wrapper = `(function (exports, require, module, __filename, __dirname) {${code}\n})`;
  const [fn, error] = core.evalContext(wrapper, `file://${resolved.path}`);
  if (error) throw error.thrown;
  fn.call(module.exports, module.exports, makeRequire(resolved.path, {}), module, resolved.path, dirnameOf(resolved.path));
  module.loaded = true;
  return module.exports;
}

/** A `require` function for the module at `filename`, with pre-imported `deps`. */
export function makeRequire(filename, deps) {
  function require(specifier) {
    const dep = deps[specifier];
    if (dep) return fromNamespace(dep[0], dep[1]);
    const bare = specifier.startsWith("node:") ? specifier.slice(5) : specifier;
    if (builtins.has(bare)) return builtins.get(bare);
    const resolved = core.ops.op_require_resolve(specifier, filename);
    if (resolved.builtin) {
      if (builtins.has(resolved.builtin)) return builtins.get(resolved.builtin);
      throw new Error(`require("${specifier}") from ${filename}: the built-in is not loaded yet; import it (import "node:${resolved.builtin}") or require it with a string literal`);
    }
    return loadFileSync(resolved, filename);
  }
  require.resolve = (specifier) => {
    const resolved = core.ops.op_require_resolve(specifier, filename);
    return resolved.builtin ? `node:${resolved.builtin}` : resolved.path;
  };
  require.resolve.paths = () => [];
  require.cache = Object.create(null);
  require.main = undefined;
  return require;
}

/** node:module's `createRequire(filenameOrUrl)`. */
export function createRequire(from) {
  const text = String(from);
  const filename = text.startsWith("file://") ? decodeURIComponent(new URL(text).pathname) : text;
  return makeRequire(filename, {});
}
