// node:dns/promises: the promise forms of node:dns.
import { promises } from "omp:/node/dns";

export const { lookup, setDefaultResultOrder, getDefaultResultOrder, getServers, setServers, Resolver } = promises;
export default promises;
(globalThis.__ompBuiltins ??= new Map()).set("dns/promises", promises);
