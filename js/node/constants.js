// node:constants (deprecated in Node, still required by graceful-fs and others): the union of
// os.constants (errno, signals, priority, dlopen) and fs.constants, as Node builds it.
import os from "omp:/node/os";
import fs from "omp:/node/fs";

const constants = Object.assign({}, os.constants.dlopen, os.constants.errno, os.constants.priority, os.constants.signals, fs.constants);
export default constants;
(globalThis.__ompBuiltins ??= new Map()).set("constants", constants);
