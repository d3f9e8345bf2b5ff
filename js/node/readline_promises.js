// node:readline/promises: readline's Interface whose `question()` answers a promise.
import { promises } from "omp:/node/readline";

export const Interface = promises.Interface;
export const createInterface = promises.createInterface;
const readlinePromisesModule = { Interface, createInterface };
export default readlinePromisesModule;
(globalThis.__ompBuiltins ??= new Map()).set("readline/promises", readlinePromisesModule);
