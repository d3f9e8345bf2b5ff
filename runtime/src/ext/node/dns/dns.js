// node:dns: `lookup` (the system resolver, as Node's `dns.lookup`, with `family`, `all` and
// `order`). Record queries (`resolve*`) need a DNS client the host does
// not carry: they fail with a clear `ENOTIMP` error instead of pretending.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { codedError } from "omp:/node-internal/errors";
import { isIP } from "omp:/node/net";

import { core, primordials } from "omp:/host/core";

const {
  ArrayIsArray,
  ArrayPrototypeFilter,
  ArrayPrototypeMap,
  ArrayPrototypePush,
  MapPrototypeSet,
  ObjectAssign,
  PromisePrototypeThen,
  SafeMap,
  StringPrototypeStartsWith,
} = primordials;

function notFound(hostname) {
  return ObjectAssign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { errno: -3008, code: "ENOTFOUND", syscall: "getaddrinfo", hostname });
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
    } catch (cause) {
      // A permission refusal keeps its message (the policy and how to grant it).
      const message = String(cause?.message ?? cause);
      if (StringPrototypeStartsWith(message, "EACCES: permission denied: ")) {
        throw ObjectAssign(new Error(message), { errno: -13, code: "EACCES", syscall: "getaddrinfo", hostname: host });
      }
      throw notFound(host);
    }
  }
  let list = ArrayPrototypeFilter(
    ArrayPrototypeMap(found, (pair) => ({ address: pair[0], family: pair[1] })),
    (a) => wanted === 0 || a.family === wanted,
  );
  if (list.length === 0) throw notFound(host);
  const ordering = order ?? (verbatim === false ? "ipv4first" : verbatim === true ? "verbatim" : defaultOrder);
  if (ordering === "ipv4first") list = familyFirst(list, 4, 6);
  if (ordering === "ipv6first") list = familyFirst(list, 6, 4);
  return all ? list : list[0];
}

/** The addresses of family `first`, then those of family `second`, each in their order. */
function familyFirst(list, first, second) {
  const ordered = ArrayPrototypeFilter(list, (a) => a.family === first);
  const rest = ArrayPrototypeFilter(list, (a) => a.family === second);
  for (let i = 0; i < rest.length; i++) ArrayPrototypePush(ordered, rest[i]);
  return ordered;
}

export function lookup(hostname, options, callback) {
  if (typeof options === "function") {
    callback = options;
    options = {};
  }
  if (typeof callback !== "function") throw codedError("ERR_INVALID_ARG_TYPE", 'The "callback" argument must be of type function', TypeError);
  PromisePrototypeThen(
    lookupAsync(hostname, options),
    (result) => {
      if (ArrayIsArray(result)) callback(null, result);
      else callback(null, result.address, result.family);
    },
    (err) => callback(err),
  );
}

function unsupported(name) {
  return () => {
    throw ObjectAssign(new Error(`dns.${name} is not supported by omp-host (only dns.lookup, which uses the system resolver)`), { code: "ENOTIMP" });
  };
}

const RECORD_QUERIES = ["resolve", "resolve4", "resolve6", "resolveAny", "resolveCaa", "resolveCname", "resolveMx", "resolveNaptr", "resolveNs", "resolvePtr", "resolveSoa", "resolveSrv", "resolveTxt", "reverse", "lookupService"];
const queries = {};
for (let i = 0; i < RECORD_QUERIES.length; i++) queries[RECORD_QUERIES[i]] = unsupported(RECORD_QUERIES[i]);

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
    ObjectAssign(this, queries, { getServers, setServers, cancel() {} });
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
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "dns", dnsModule);
