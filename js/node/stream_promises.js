// node:stream/promises: promise forms of stream.pipeline and stream.finished.
import { promises } from "omp:/node/stream";

export const pipeline = promises.pipeline;
export const finished = promises.finished;
const streamPromisesModule = { pipeline, finished };
export default streamPromisesModule;
(globalThis.__ompBuiltins ??= new Map()).set("stream/promises", streamPromisesModule);
