// node:path (POSIX semantics, as on the Linux hosts omp-host runs on).
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { primordials } from "omp:/host/core";

const {
  ArrayPrototypeJoin,
  ArrayPrototypePop,
  ArrayPrototypePush,
  MapPrototypeSet,
  RegExpPrototypeExec,
  SafeMap,
  SafeRegExp,
  StringPrototypeEndsWith,
  StringPrototypeIncludes,
  StringPrototypeLastIndexOf,
  StringPrototypeSlice,
  StringPrototypeSplit,
  StringPrototypeStartsWith,
  TypeError,
} = primordials;

function assertPath(p, name = "path") {
  if (typeof p !== "string") throw new TypeError(`The "${name}" argument must be of type string. Received ${typeof p}`);
}

/** Resolves `.` and `..` segments; keeps a leading `..` for relative paths. */
function normalizeSegments(path, allowAboveRoot) {
  const out = [];
  const segments = StringPrototypeSplit(path, "/");
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (out.length > 0 && out[out.length - 1] !== "..") ArrayPrototypePop(out);
      else if (allowAboveRoot) ArrayPrototypePush(out, "..");
      continue;
    }
    ArrayPrototypePush(out, segment);
  }
  return ArrayPrototypeJoin(out, "/");
}

/** `path` without its trailing slashes (what `path.replace(/\/+$/, "")` gives). */
function trimTrailingSlashes(path) {
  let end = path.length;
  while (end > 0 && path[end - 1] === "/") end--;
  return StringPrototypeSlice(path, 0, end);
}

export const sep = "/";
export const delimiter = ":";

export function normalize(path) {
  assertPath(path);
  if (path.length === 0) return ".";
  const absolute = StringPrototypeStartsWith(path, "/");
  const trailing = StringPrototypeEndsWith(path, "/");
  let body = normalizeSegments(path, !absolute);
  if (body.length === 0 && !absolute) body = ".";
  if (body.length > 0 && trailing) body += "/";
  return absolute ? `/${body}` : body;
}

export function isAbsolute(path) {
  assertPath(path);
  return StringPrototypeStartsWith(path, "/");
}

export function join(...parts) {
  if (parts.length === 0) return ".";
  for (let i = 0; i < parts.length; i++) assertPath(parts[i]);
  const nonEmpty = [];
  for (let i = 0; i < parts.length; i++) if (parts[i].length > 0) ArrayPrototypePush(nonEmpty, parts[i]);
  const joined = ArrayPrototypeJoin(nonEmpty, "/");
  return joined.length === 0 ? "." : normalize(joined);
}

export function resolve(...parts) {
  let resolved = "";
  for (let i = parts.length - 1; i >= 0 && !StringPrototypeStartsWith(resolved, "/"); i--) {
    assertPath(parts[i]);
    if (parts[i].length === 0) continue;
    resolved = resolved ? `${parts[i]}/${resolved}` : parts[i];
  }
  if (!StringPrototypeStartsWith(resolved, "/")) resolved = `${globalThis.process.cwd()}/${resolved}`;
  const body = normalizeSegments(resolved, false);
  return `/${body}`;
}

/** The non-empty segments of `path`. */
function segmentsOf(path) {
  const out = [];
  const segments = StringPrototypeSplit(path, "/");
  for (let i = 0; i < segments.length; i++) if (segments[i]) ArrayPrototypePush(out, segments[i]);
  return out;
}

export function relative(from, to) {
  assertPath(from, "from");
  assertPath(to, "to");
  const a = segmentsOf(resolve(from));
  const b = segmentsOf(resolve(to));
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  const out = [];
  for (let i = common; i < a.length; i++) ArrayPrototypePush(out, "..");
  for (let i = common; i < b.length; i++) ArrayPrototypePush(out, b[i]);
  return ArrayPrototypeJoin(out, "/");
}

export function dirname(path) {
  assertPath(path);
  if (path.length === 0) return ".";
  const trimmed = path.length > 1 ? trimTrailingSlashes(path) : path;
  const idx = StringPrototypeLastIndexOf(trimmed, "/");
  if (idx === -1) return ".";
  if (idx === 0) return "/";
  return trimTrailingSlashes(StringPrototypeSlice(trimmed, 0, idx)) || "/";
}

export function basename(path, suffix) {
  assertPath(path);
  const trimmed = path.length > 1 ? trimTrailingSlashes(path) : path;
  let base = StringPrototypeSlice(trimmed, StringPrototypeLastIndexOf(trimmed, "/") + 1);
  if (suffix !== undefined && StringPrototypeEndsWith(base, suffix) && base !== suffix) base = StringPrototypeSlice(base, 0, -suffix.length);
  return base;
}

export function extname(path) {
  assertPath(path);
  const base = basename(path);
  const idx = StringPrototypeLastIndexOf(base, ".");
  return idx <= 0 ? "" : StringPrototypeSlice(base, idx);
}

export function parse(path) {
  assertPath(path);
  const root = StringPrototypeStartsWith(path, "/") ? "/" : "";
  const base = basename(path);
  const ext = extname(path);
  let dir = dirname(path);
  if (dir === "." && !StringPrototypeIncludes(path, "/")) dir = "";
  return { root, dir, base, ext, name: ext ? StringPrototypeSlice(base, 0, -ext.length) : base };
}

export function format(obj) {
  const dir = obj.dir || obj.root || "";
  const base = obj.base || `${obj.name ?? ""}${obj.ext ?? ""}`;
  if (!dir) return base;
  return dir === obj.root ? `${dir}${base}` : `${dir}/${base}`;
}

export function toNamespacedPath(path) {
  return path;
}

/** `pattern` as a regular expression source: `**` (with its slash) any path, `*` any name, `?` one character. */
function globSource(pattern) {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "*" && pattern[i + 1] === "*") {
      source += ".*";
      i++;
      if (pattern[i + 1] === "/") i++;
    } else if (c === "*") source += "[^/]*";
    else if (c === "?") source += "[^/]";
    else if (c === "\u0000") source += ".*";
    else if (StringPrototypeIncludes(".+^${}()|[]\\", c)) source += `\\${c}`;
    else source += c;
  }
  return source;
}

export function matchesGlob(path, pattern) {
  return RegExpPrototypeExec(new SafeRegExp(`^${globSource(pattern)}$`), path) !== null;
}

const pathModule = { sep, delimiter, normalize, isAbsolute, join, resolve, relative, dirname, basename, extname, parse, format, toNamespacedPath, matchesGlob };
pathModule.posix = pathModule;
pathModule.win32 = pathModule;
export const posix = pathModule;
export const win32 = pathModule;
export default pathModule;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "path", pathModule);
