// Node's synchronous `require` for CommonJS (tool modules and npm packages) and
// `createRequire`. CommonJS and JSON files are read, wrapped in Node's function wrapper and run
// on demand with one module cache, so each file runs once and a require cycle sees the
// partial `module.exports`, as in Node. What must be an ES module — Node built-ins, host
// packages, `.mjs` files — was imported ahead by the loader's facade module (loader/cjs.rs)
// and is found here by name, URL or path.
import { core } from "omp:/host/core";

/** Built-in modules register themselves here when they load (`node:fs` → its exports). */
export const builtins = (globalThis.__ompBuiltins ??= new Map());

/** path → the `module` object of each CommonJS or JSON file loaded (`require.cache`). */
const moduleCache = Object.create(null);
/** file path or host-module URL → namespace of each ES module imported for `require`. */
const esModules = new Map();

/** Makes an ES module the loader imported available to `require` under `key`. */
export function registerEsm(key, namespace) {
  esModules.set(key, namespace);
}

/** What `require` answers for an ES module namespace (Bun's require(esm) / Node 22's). */
function fromNamespace(ns, key) {
  if ("__ompCommonJs" in ns) return ns.default;
  if (key.startsWith("omp:/node/")) return ns.default ?? ns;
  return ns;
}

function dirnameOf(file) {
  const i = file.lastIndexOf("/");
  return i <= 0 ? "/" : file.slice(0, i);
}

function nativeAddonError(path, from) {
  const error = new Error(core.ops.op_require_native_addon_error(path, from));
  error.code = "ERR_DLOPEN_FAILED";
  return error;
}

/** Loads (once) the CommonJS, JSON or ES module file at `path`, required from `from`. */
function loadFile(path, from) {
  if (path.endsWith(".node")) throw nativeAddonError(path, from);
  const cached = moduleCache[path];
  if (cached) return cached.exports;
  if (esModules.has(path)) return fromNamespace(esModules.get(path), path);
  const [format, loaded, thrown] = core.ops.op_require_load(path);
  if (format === "json") {
    const module = { exports: JSON.parse(loaded), id: path, filename: path, loaded: true, children: [], paths: [] };
    moduleCache[path] = module;
    return module.exports;
  }
  if (format !== "cjs") {
    throw Object.assign(new Error(`require() of ES module ${path} from ${from} is not supported; use import or await import() instead`), { code: "ERR_REQUIRE_ESM" });
  }
  // `loaded` is the function of the file's wrapper, compiled in Rust with V8's code cache
  // (engine/commonjs_compile.rs); or compiling threw `thrown`.
  if (typeof loaded !== "function") throw thrown;
  const fn = loaded;
  const module = { exports: {}, id: path, filename: path, loaded: false, children: [], paths: [], parent: moduleCache[from] ?? null };
  module.require = makeRequire(path);
  moduleCache[path] = module;
  try {
    fn.call(module.exports, module.exports, module.require, module, path, dirnameOf(path));
  } catch (err) {
    delete moduleCache[path];
    throw err;
  }
  module.loaded = true;
  return module.exports;
}

/**
 * Runs the CommonJS file at `path` (for the loader's facade module) and answers its exports.
 * A `reloaded` tool file (hot reload) runs afresh, and so do the tool's own CommonJS files in
 * its folder (packages under node_modules stay cached); modules already loaded keep theirs.
 */
export function requireModule(path, reloaded = false) {
  if (reloaded) {
    const folder = dirnameOf(path) + "/";
    for (const cached in moduleCache) {
      if (cached.startsWith(folder) && !cached.includes("/node_modules/")) delete moduleCache[cached];
    }
  }
  return loadFile(path, path);
}

/** A `require` function for the module at `filename`. */
export function makeRequire(filename) {
  function require(specifier) {
    const bare = specifier.startsWith("node:") ? specifier.slice(5) : specifier;
    if (builtins.has(bare)) return builtins.get(bare);
    const resolved = core.ops.op_require_resolve(specifier, filename);
    if (resolved.builtin) {
      if (builtins.has(resolved.builtin)) return builtins.get(resolved.builtin);
      throw new Error(`require("${specifier}") from ${filename}: the built-in is not loaded yet; import it (import "node:${resolved.builtin}") or require it with a string literal`);
    }
    if (resolved.url) {
      if (esModules.has(resolved.url)) return fromNamespace(esModules.get(resolved.url), resolved.url);
      throw new Error(`require("${specifier}") from ${filename}: the host module is not loaded yet; import it or require it with a string literal`);
    }
    return loadFile(resolved.path, filename);
  }
  require.resolve = (specifier) => {
    const resolved = core.ops.op_require_resolve(specifier, filename);
    return resolved.builtin ? `node:${resolved.builtin}` : (resolved.url ?? resolved.path);
  };
  require.resolve.paths = () => [];
  require.cache = moduleCache;
  require.main = undefined;
  return require;
}

/** node:module's `createRequire(filenameOrUrl)`. */
export function createRequire(from) {
  const text = String(from);
  const filename = text.startsWith("file://") ? decodeURIComponent(new URL(text).pathname) : text;
  return makeRequire(filename);
}
