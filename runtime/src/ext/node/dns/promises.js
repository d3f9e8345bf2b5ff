// node:dns/promises: the promise forms of node:dns.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { promises } from "omp:/node/dns";
import { primordials } from "omp:/host/core";

const { MapPrototypeSet, SafeMap } = primordials;

export const { lookup, setDefaultResultOrder, getDefaultResultOrder, getServers, setServers, Resolver } = promises;
export default promises;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "dns/promises", promises);
