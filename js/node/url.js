// node:url: WHATWG URL plus fileURLToPath / pathToFileURL, domainToASCII / domainToUnicode,
// urlToHttpOptions and the legacy parse/format/resolve.

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

/** The ASCII (punycode) form of a domain, or "" when it is not a valid domain (Node's rule). */
export function domainToASCII(domain) {
  try {
    return new URL(`http://${domain}`).hostname;
  } catch {
    return "";
  }
}

const BASE = 36;
/** RFC 3492 decoding of one `xn--` label. */
function decodePunycode(input) {
  const output = [];
  const basic = input.lastIndexOf("-");
  for (let i = 0; i < Math.max(basic, 0); i++) output.push(input.charCodeAt(i));
  let n = 128;
  let bias = 72;
  let i = 0;
  for (let at = basic > 0 ? basic + 1 : 0; at < input.length; ) {
    const oldI = i;
    for (let w = 1, k = BASE; ; k += BASE) {
      const c = input.charCodeAt(at++);
      const digit = c - 48 < 10 ? c - 22 : c - 65 < 26 ? c - 65 : c - 97 < 26 ? c - 97 : BASE;
      if (digit >= BASE) throw new RangeError("invalid punycode");
      i += digit * w;
      const t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
      if (digit < t) break;
      w *= BASE - t;
    }
    const length = output.length + 1;
    let delta = oldI === 0 ? Math.floor((i - oldI) / 700) : (i - oldI) >> 1;
    delta += Math.floor(delta / length);
    let k = 0;
    for (; delta > 455; k += BASE) delta = Math.floor(delta / 35);
    bias = Math.floor(k + (36 * delta) / (delta + 38));
    n += Math.floor(i / length);
    i %= length;
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
}

/** The Unicode form of a domain, or "" when it is not a valid domain. */
export function domainToUnicode(domain) {
  const ascii = domainToASCII(domain);
  if (!ascii) return "";
  try {
    return ascii.split(".").map((label) => (label.startsWith("xn--") ? decodePunycode(label.slice(4)) : label)).join(".");
  } catch {
    return "";
  }
}

/** The `http.request` options for a URL (Node's urlToHttpOptions). */
export function urlToHttpOptions(url) {
  const options = {
    protocol: url.protocol,
    hostname: url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname,
    hash: url.hash,
    search: url.search,
    pathname: url.pathname,
    path: `${url.pathname || ""}${url.search || ""}`,
    href: url.href,
  };
  if (url.port !== "") options.port = Number(url.port);
  if (url.username || url.password) options.auth = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  return options;
}

/** Legacy url.resolve(from, to). */
export function resolve(from, to) {
  const resolved = new URL(to, new URL(from, "resolve://"));
  if (resolved.protocol === "resolve:") {
    const { pathname, search, hash } = resolved;
    return pathname + search + hash;
  }
  return resolved.toString();
}

const urlModule = { URL, URLSearchParams, fileURLToPath, pathToFileURL, parse, format, resolve, domainToASCII, domainToUnicode, urlToHttpOptions };
export default urlModule;
(globalThis.__ompBuiltins ??= new Map()).set("url", urlModule);
