// node:console: the global console (whose output goes to stderr) and its Console class.
const console = globalThis.console;
export const Console = console.Console ?? console.constructor;
export const { log, info, warn, error, debug, trace, dir, table, time, timeEnd, timeLog, count, countReset, group, groupEnd, assert } = console;
export default console;
(globalThis.__ompBuiltins ??= new Map()).set("console", console);
