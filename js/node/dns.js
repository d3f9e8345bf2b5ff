// node:dns: `lookup` (the system resolver, as Node's `dns.lookup`, with `family`, `all` and
// `order`). Record queries (`resolve*`) need a DNS client the host does
// not carry: they fail with a clear `ENOTIMP` error instead of pretending.
import { codedError } from "omp:/node-internal/errors";
import { isIP } from "omp:/node/net";

import { core } from "omp:/host/core";

function notFound(hostname) {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { errno: -3008, code: "ENOTFOUND", syscall: "getaddrinfo", hostname });
}

function normalizeOptions(options) {
  if (typeof options === "number") return { family: options };
  if (options === undefined || options === null) return {};
  return options;
}

/** Resolves `hostname` like Node's dns.promises.lookup. */
export async function lookupAsync(hostname, options) {
  const { family = 0, all = false, order, verbatim } = normalizeOptions(options);
  const wanted = family === "IPv4" ? 4 : family === "IPv6" ? 6 : Number(family) || 0;
  const host = String(hostname ?? "");
  let found;
  const literal = isIP(host);
  if (literal) found = [[host, literal]];
  else if (host === "") found = [["127.0.0.1", 4]];
  else {
    try {
      found = await core.ops.op_node_dns_lookup(host);
    } catch {
      throw notFound(host);
    }
  }
  let list = found.map(([address, fam]) => ({ address, family: fam })).filter((a) => wanted === 0 || a.family === wanted);
  if (list.length === 0) throw notFound(host);
  const ordering = order ?? (verbatim === false ? "ipv4first" : verbatim === true ? "verbatim" : defaultOrder);
  if (ordering === "ipv4first") list = [...list.filter((a) => a.family === 4), ...list.filter((a) => a.family === 6)];
  if (ordering === "ipv6first") list = [...list.filter((a) => a.family === 6), ...list.filter((a) => a.family === 4)];
  return all ? list : list[0];
}

export function lookup(hostname, options, callback) {
  if (typeof options === "function") {
    callback = options;
    options = {};
  }
  if (typeof callback !== "function") throw codedError("ERR_INVALID_ARG_TYPE", 'The "callback" argument must be of type function', TypeError);
  lookupAsync(hostname, options).then(
    (result) => {
      if (Array.isArray(result)) callback(null, result);
      else callback(null, result.address, result.family);
    },
    (err) => callback(err),
  );
}

function unsupported(name) {
  return () => {
    throw Object.assign(new Error(`dns.${name} is not supported by omp-host (only dns.lookup, which uses the system resolver)`), { code: "ENOTIMP" });
  };
}

const RECORD_QUERIES = ["resolve", "resolve4", "resolve6", "resolveAny", "resolveCaa", "resolveCname", "resolveMx", "resolveNaptr", "resolveNs", "resolvePtr", "resolveSoa", "resolveSrv", "resolveTxt", "reverse", "lookupService"];
const queries = Object.fromEntries(RECORD_QUERIES.map((name) => [name, unsupported(name)]));

export const {
  resolve, resolve4, resolve6, resolveAny, resolveCaa, resolveCname, resolveMx, resolveNaptr, resolveNs, resolvePtr,
  resolveSoa, resolveSrv, resolveTxt, reverse, lookupService,
} = queries;

let defaultOrder = "verbatim";
export function setDefaultResultOrder(order) {
  defaultOrder = order;
}
export function getDefaultResultOrder() {
  return defaultOrder;
}
export function getServers() {
  return [];
}
export function setServers() {}

export class Resolver {
  constructor() {
    Object.assign(this, queries, { getServers, setServers, cancel() {} });
  }
}

export const ADDRCONFIG = 1024;
export const V4MAPPED = 2048;
export const ALL = 256;
export const NOTFOUND = "ENOTFOUND";

export const promises = {
  lookup: lookupAsync,
  ...queries,
  setDefaultResultOrder,
  getDefaultResultOrder,
  getServers,
  setServers,
  Resolver,
};

const dnsModule = {
  lookup, ...queries, setDefaultResultOrder, getDefaultResultOrder, getServers, setServers, Resolver,
  ADDRCONFIG, V4MAPPED, ALL, NOTFOUND, promises,
};
export default dnsModule;
(globalThis.__ompBuiltins ??= new Map()).set("dns", dnsModule);
