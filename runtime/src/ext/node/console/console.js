// node:console: the global console (whose output goes to stderr) and its Console class.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { primordials } from "omp:/host/core";

const { MapPrototypeSet, SafeMap } = primordials;
const console = globalThis.console;
export const Console = console.Console ?? console.constructor;
export const { log, info, warn, error, debug, trace, dir, table, time, timeEnd, timeLog, count, countReset, group, groupEnd, assert } = console;
export default console;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "console", console);
