// node:process: the same object as the `process` global.
import { process } from "omp:/host/process";

export default process;
export const env = process.env;
export const argv = process.argv;
export const platform = process.platform;
export const cwd = process.cwd;
export const exit = process.exit;
export const nextTick = process.nextTick;
export const hrtime = process.hrtime;
export const pid = process.pid;
export const stdout = process.stdout;
export const stderr = process.stderr;
(globalThis.__ompBuiltins ??= new Map()).set("process", process);
