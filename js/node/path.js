// node:path (POSIX semantics, as on the Linux hosts omp-host runs on).

function assertPath(p, name = "path") {
  if (typeof p !== "string") throw new TypeError(`The "${name}" argument must be of type string. Received ${typeof p}`);
}

/** Resolves `.` and `..` segments; keeps a leading `..` for relative paths. */
function normalizeSegments(path, allowAboveRoot) {
  const out = [];
  for (const segment of path.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (out.length > 0 && out[out.length - 1] !== "..") out.pop();
      else if (allowAboveRoot) out.push("..");
      continue;
    }
    out.push(segment);
  }
  return out.join("/");
}

export const sep = "/";
export const delimiter = ":";

export function normalize(path) {
  assertPath(path);
  if (path.length === 0) return ".";
  const absolute = path.startsWith("/");
  const trailing = path.endsWith("/");
  let body = normalizeSegments(path, !absolute);
  if (body.length === 0 && !absolute) body = ".";
  if (body.length > 0 && trailing) body += "/";
  return absolute ? `/${body}` : body;
}

export function isAbsolute(path) {
  assertPath(path);
  return path.startsWith("/");
}

export function join(...parts) {
  if (parts.length === 0) return ".";
  parts.forEach((p) => assertPath(p));
  const joined = parts.filter((p) => p.length > 0).join("/");
  return joined.length === 0 ? "." : normalize(joined);
}

export function resolve(...parts) {
  let resolved = "";
  for (let i = parts.length - 1; i >= 0 && !resolved.startsWith("/"); i--) {
    assertPath(parts[i]);
    if (parts[i].length === 0) continue;
    resolved = resolved ? `${parts[i]}/${resolved}` : parts[i];
  }
  if (!resolved.startsWith("/")) resolved = `${globalThis.process.cwd()}/${resolved}`;
  const body = normalizeSegments(resolved, false);
  return `/${body}`;
}

export function relative(from, to) {
  assertPath(from, "from");
  assertPath(to, "to");
  const a = resolve(from).split("/").filter(Boolean);
  const b = resolve(to).split("/").filter(Boolean);
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return [...Array(a.length - common).fill(".."), ...b.slice(common)].join("/");
}

export function dirname(path) {
  assertPath(path);
  if (path.length === 0) return ".";
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  const idx = trimmed.lastIndexOf("/");
  if (idx === -1) return ".";
  if (idx === 0) return "/";
  return trimmed.slice(0, idx).replace(/\/+$/, "") || "/";
}

export function basename(path, suffix) {
  assertPath(path);
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  let base = trimmed.slice(trimmed.lastIndexOf("/") + 1);
  if (suffix !== undefined && base.endsWith(suffix) && base !== suffix) base = base.slice(0, -suffix.length);
  return base;
}

export function extname(path) {
  assertPath(path);
  const base = basename(path);
  const idx = base.lastIndexOf(".");
  return idx <= 0 ? "" : base.slice(idx);
}

export function parse(path) {
  assertPath(path);
  const root = path.startsWith("/") ? "/" : "";
  const base = basename(path);
  const ext = extname(path);
  let dir = dirname(path);
  if (dir === "." && !path.includes("/")) dir = "";
  return { root, dir, base, ext, name: ext ? base.slice(0, -ext.length) : base };
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

export function matchesGlob(path, pattern) {
  const source = pattern
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/\*\*\/?/g, "\u0000")
    .replace(/\*/g, "[^/]*")
    .replace(/\?/g, "[^/]")
    .replace(/\u0000/g, ".*");
  return new RegExp(`^${source}$`).test(path);
}

const pathModule = { sep, delimiter, normalize, isAbsolute, join, resolve, relative, dirname, basename, extname, parse, format, toNamespacedPath, matchesGlob };
pathModule.posix = pathModule;
pathModule.win32 = pathModule;
export const posix = pathModule;
export const win32 = pathModule;
export default pathModule;
(globalThis.__ompBuiltins ??= new Map()).set("path", pathModule);
