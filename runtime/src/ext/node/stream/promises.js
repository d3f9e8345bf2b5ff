// node:stream/promises: promise forms of stream.pipeline and stream.finished.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { promises } from "omp:/node/stream";
import { primordials } from "omp:/host/core";

const { MapPrototypeSet, SafeMap } = primordials;

export const pipeline = promises.pipeline;
export const finished = promises.finished;
const streamPromisesModule = { pipeline, finished };
export default streamPromisesModule;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "stream/promises", streamPromisesModule);
