// node:constants (deprecated in Node, still required by graceful-fs and others): the union of
// os.constants (errno, signals, priority, dlopen) and fs.constants, as Node builds it.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import os from "omp:/node/os";
import fs from "omp:/node/fs";
import { primordials } from "omp:/host/core";

const { MapPrototypeSet, ObjectAssign, SafeMap } = primordials;

const constants = ObjectAssign({}, os.constants.dlopen, os.constants.errno, os.constants.priority, os.constants.signals, fs.constants);
export default constants;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "constants", constants);
