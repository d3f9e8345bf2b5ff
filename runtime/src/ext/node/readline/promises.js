// node:readline/promises: readline's Interface whose `question()` answers a promise.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { promises } from "omp:/node/readline";
import { primordials } from "omp:/host/core";

const { MapPrototypeSet, SafeMap } = primordials;

export const Interface = promises.Interface;
export const createInterface = promises.createInterface;
const readlinePromisesModule = { Interface, createInterface };
export default readlinePromisesModule;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "readline/promises", readlinePromisesModule);
