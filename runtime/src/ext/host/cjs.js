// Node's synchronous `require` for CommonJS (tool modules and npm packages) and
// `createRequire`. CommonJS and JSON files are read, wrapped in Node's function wrapper and run
// on demand with one module cache, so each file runs once and a require cycle sees the
// partial `module.exports`, as in Node. What must be an ES module — Node built-ins, host
// packages, `.mjs` files — was imported ahead by the loader's facade module (loader/cjs.rs)
// and is found here by name, URL or path.
// `require` runs inside tools' calls, and this module may first be evaluated after a tool
// ran: built from builtins captured at start-up.
import { core, primordials } from "omp:/host/core";

const {
  SafeMap,
  MapPrototypeGet,
  MapPrototypeSet,
  MapPrototypeHas,
  StringPrototypeStartsWith,
  StringPrototypeEndsWith,
  StringPrototypeIncludes,
  StringPrototypeLastIndexOf,
  StringPrototypeSlice,
  JSONParse,
  ObjectAssign,
  FunctionPrototypeCall,
  Error: ErrorCtor,
  String: StringCtor,
} = primordials;
const decodeURIComponentFn = globalThis.decodeURIComponent;

/** Built-in modules register themselves here when they load (`node:fs` → its exports). */
export const builtins = (globalThis.__ompBuiltins ??= new SafeMap());

/** path → the `module` object of each CommonJS or JSON file loaded (`require.cache`). */
const moduleCache = { __proto__: null };
/** file path or host-module URL → namespace of each ES module imported for `require`. */
const esModules = new SafeMap();

/** Makes an ES module the loader imported available to `require` under `key`. */
export function registerEsm(key, namespace) {
  MapPrototypeSet(esModules, key, namespace);
}

/** What `require` answers for an ES module namespace (Bun's require(esm) / Node 22's). */
function fromNamespace(ns, key) {
  if ("__ompCommonJs" in ns) return ns.default;
  if (StringPrototypeStartsWith(key, "omp:/node/")) return ns.default ?? ns;
  return ns;
}

function dirnameOf(file) {
  const i = StringPrototypeLastIndexOf(file, "/");
  return i <= 0 ? "/" : StringPrototypeSlice(file, 0, i);
}

function nativeAddonError(path, from) {
  const error = new ErrorCtor(core.ops.op_require_native_addon_error(path, from));
  error.code = "ERR_DLOPEN_FAILED";
  return error;
}

/** Loads (once) the CommonJS, JSON or ES module file at `path`, required from `from`. */
function loadFile(path, from) {
  if (StringPrototypeEndsWith(path, ".node")) throw nativeAddonError(path, from);
  const cached = moduleCache[path];
  if (cached) return cached.exports;
  if (MapPrototypeHas(esModules, path)) return fromNamespace(MapPrototypeGet(esModules, path), path);
  const answer = core.ops.op_require_load(path);
  const format = answer[0];
  const loaded = answer[1];
  const thrown = answer[2];
  if (format === "json") {
    const module = { exports: JSONParse(loaded), id: path, filename: path, loaded: true, children: [], paths: [] };
    moduleCache[path] = module;
    return module.exports;
  }
  if (format !== "cjs") {
    throw ObjectAssign(new ErrorCtor(`require() of ES module ${path} from ${from} is not supported; use import or await import() instead`), { code: "ERR_REQUIRE_ESM" });
  }
  // `loaded` is the function of the file's wrapper, compiled in Rust with V8's code cache
  // (engine/commonjs_compile.rs); or compiling threw `thrown`.
  if (typeof loaded !== "function") throw thrown;
  const fn = loaded;
  const module = { exports: {}, id: path, filename: path, loaded: false, children: [], paths: [], parent: moduleCache[from] ?? null };
  module.require = makeRequire(path);
  moduleCache[path] = module;
  try {
    FunctionPrototypeCall(fn, module.exports, module.exports, module.require, module, path, dirnameOf(path));
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
      if (StringPrototypeStartsWith(cached, folder) && !StringPrototypeIncludes(cached, "/node_modules/")) delete moduleCache[cached];
    }
  }
  return loadFile(path, path);
}

/** A `require` function for the module at `filename`. */
export function makeRequire(filename) {
  function require(specifier) {
    const text = StringCtor(specifier);
    const bare = StringPrototypeStartsWith(text, "node:") ? StringPrototypeSlice(text, 5) : text;
    if (MapPrototypeHas(builtins, bare)) return MapPrototypeGet(builtins, bare);
    const resolved = core.ops.op_require_resolve(specifier, filename);
    if (resolved.builtin) {
      if (MapPrototypeHas(builtins, resolved.builtin)) return MapPrototypeGet(builtins, resolved.builtin);
      throw new ErrorCtor(`require("${specifier}") from ${filename}: the built-in is not loaded yet; import it (import "node:${resolved.builtin}") or require it with a string literal`);
    }
    if (resolved.url) {
      if (MapPrototypeHas(esModules, resolved.url)) return fromNamespace(MapPrototypeGet(esModules, resolved.url), resolved.url);
      throw new ErrorCtor(`require("${specifier}") from ${filename}: the host module is not loaded yet; import it or require it with a string literal`);
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
  const text = StringCtor(from);
  const filename = StringPrototypeStartsWith(text, "file://") ? decodeURIComponentFn(new globalThis.URL(text).pathname) : text;
  return makeRequire(filename);
}
