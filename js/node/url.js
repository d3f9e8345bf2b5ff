// node:url: WHATWG URL plus fileURLToPath / pathToFileURL and the legacy parse/format.

export const URL = globalThis.URL;
export const URLSearchParams = globalThis.URLSearchParams;

export function fileURLToPath(input) {
  const url = typeof input === "string" ? new URL(input) : input;
  if (url.protocol !== "file:") throw new TypeError(`The URL must be of scheme file, got ${url.protocol}`);
  return decodeURIComponent(url.pathname);
}

export function pathToFileURL(path) {
  const absolute = path.startsWith("/") ? path : `${globalThis.process.cwd()}/${path}`;
  const encoded = absolute.split("/").map((s) => encodeURIComponent(s)).join("/");
  return new URL(`file://${encoded}`);
}

export function parse(text) {
  try {
    const u = new URL(text);
    return { protocol: u.protocol, host: u.host, hostname: u.hostname, port: u.port || null, pathname: u.pathname, search: u.search || null, query: u.search ? u.search.slice(1) : null, hash: u.hash || null, href: u.href, path: u.pathname + u.search, auth: u.username ? `${u.username}:${u.password}` : null };
  } catch {
    return { protocol: null, host: null, hostname: null, pathname: text, path: text, href: text, search: null, query: null, hash: null };
  }
}

export function format(obj) {
  if (obj instanceof URL) return obj.href;
  if (typeof obj === "string") return obj;
  const auth = obj.auth ? `${obj.auth}@` : "";
  const host = obj.host ?? `${obj.hostname ?? ""}${obj.port ? `:${obj.port}` : ""}`;
  const protocol = obj.protocol ? (obj.protocol.endsWith(":") ? obj.protocol : `${obj.protocol}:`) : "";
  return `${protocol}${host ? `//${auth}${host}` : ""}${obj.pathname ?? ""}${obj.search ?? ""}${obj.hash ?? ""}`;
}

const urlModule = { URL, URLSearchParams, fileURLToPath, pathToFileURL, parse, format };
export default urlModule;
(globalThis.__ompBuiltins ??= new Map()).set("url", urlModule);
