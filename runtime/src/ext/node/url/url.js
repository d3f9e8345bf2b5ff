// node:url: WHATWG URL plus fileURLToPath / pathToFileURL, domainToASCII / domainToUnicode,
// urlToHttpOptions and the legacy parse/format/resolve.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { primordials } from "omp:/host/core";

const {
  ArrayPrototypeJoin,
  ArrayPrototypeMap,
  ArrayPrototypePush,
  ArrayPrototypeSplice,
  MapPrototypeSet,
  MathFloor,
  MathMax,
  ReflectApply,
  SafeMap,
  StringFromCodePoint,
  StringPrototypeCharCodeAt,
  StringPrototypeEndsWith,
  StringPrototypeLastIndexOf,
  StringPrototypeSlice,
  StringPrototypeSplit,
  StringPrototypeStartsWith,
  decodeURIComponent,
  encodeURIComponent,
} = primordials;

export const URL = globalThis.URL;
export const URLSearchParams = globalThis.URLSearchParams;

export function fileURLToPath(input) {
  const url = typeof input === "string" ? new URL(input) : input;
  if (url.protocol !== "file:") throw new TypeError(`The URL must be of scheme file, got ${url.protocol}`);
  return decodeURIComponent(url.pathname);
}

export function pathToFileURL(path) {
  const absolute = StringPrototypeStartsWith(path, "/") ? path : `${globalThis.process.cwd()}/${path}`;
  const encoded = ArrayPrototypeJoin(ArrayPrototypeMap(StringPrototypeSplit(absolute, "/"), (s) => encodeURIComponent(s)), "/");
  return new URL(`file://${encoded}`);
}

export function parse(text) {
  try {
    const u = new URL(text);
    return { protocol: u.protocol, host: u.host, hostname: u.hostname, port: u.port || null, pathname: u.pathname, search: u.search || null, query: u.search ? StringPrototypeSlice(u.search, 1) : null, hash: u.hash || null, href: u.href, path: u.pathname + u.search, auth: u.username ? `${u.username}:${u.password}` : null };
  } catch {
    return { protocol: null, host: null, hostname: null, pathname: text, path: text, href: text, search: null, query: null, hash: null };
  }
}

export function format(obj) {
  if (obj instanceof URL) return obj.href;
  if (typeof obj === "string") return obj;
  const auth = obj.auth ? `${obj.auth}@` : "";
  const host = obj.host ?? `${obj.hostname ?? ""}${obj.port ? `:${obj.port}` : ""}`;
  const protocol = obj.protocol ? (StringPrototypeEndsWith(obj.protocol, ":") ? obj.protocol : `${obj.protocol}:`) : "";
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
  const basic = StringPrototypeLastIndexOf(input, "-");
  for (let i = 0; i < MathMax(basic, 0); i++) ArrayPrototypePush(output, StringPrototypeCharCodeAt(input, i));
  let n = 128;
  let bias = 72;
  let i = 0;
  for (let at = basic > 0 ? basic + 1 : 0; at < input.length; ) {
    const oldI = i;
    for (let w = 1, k = BASE; ; k += BASE) {
      const c = StringPrototypeCharCodeAt(input, at++);
      const digit = c - 48 < 10 ? c - 22 : c - 65 < 26 ? c - 65 : c - 97 < 26 ? c - 97 : BASE;
      if (digit >= BASE) throw new RangeError("invalid punycode");
      i += digit * w;
      const t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
      if (digit < t) break;
      w *= BASE - t;
    }
    const length = output.length + 1;
    let delta = oldI === 0 ? MathFloor((i - oldI) / 700) : (i - oldI) >> 1;
    delta += MathFloor(delta / length);
    let k = 0;
    for (; delta > 455; k += BASE) delta = MathFloor(delta / 35);
    bias = MathFloor(k + (36 * delta) / (delta + 38));
    n += MathFloor(i / length);
    i %= length;
    ArrayPrototypeSplice(output, i++, 0, n);
  }
  return ReflectApply(StringFromCodePoint, undefined, output);
}

/** The Unicode form of a domain, or "" when it is not a valid domain. */
export function domainToUnicode(domain) {
  const ascii = domainToASCII(domain);
  if (!ascii) return "";
  try {
    const labels = ArrayPrototypeMap(StringPrototypeSplit(ascii, "."), (label) => (StringPrototypeStartsWith(label, "xn--") ? decodePunycode(StringPrototypeSlice(label, 4)) : label));
    return ArrayPrototypeJoin(labels, ".");
  } catch {
    return "";
  }
}

/** The `http.request` options for a URL (Node's urlToHttpOptions). */
export function urlToHttpOptions(url) {
  const options = {
    protocol: url.protocol,
    hostname: StringPrototypeStartsWith(url.hostname, "[") ? StringPrototypeSlice(url.hostname, 1, -1) : url.hostname,
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
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "url", urlModule);
