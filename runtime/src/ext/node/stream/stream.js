// node:stream: Node's own streams (npm `readable-stream`, vendored in js/vendor/), exposed
// under Node's names. The built-ins it depends on are imported first: the bundle looks them
// up in the host's built-in table when it runs.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import "omp:/node/events";
import "omp:/node/buffer";
import "omp:/node/string_decoder";
import streams from "omp:/vendor/readable-stream";
import { primordials } from "omp:/host/core";

const { MapPrototypeSet, ObjectAssign, ObjectDefineProperty, SafeMap } = primordials;

export const Stream = streams.Stream;
export const Readable = streams.Readable;
export const Writable = streams.Writable;
export const Duplex = streams.Duplex;
export const Transform = streams.Transform;
export const PassThrough = streams.PassThrough;
export const pipeline = streams.pipeline;
export const finished = streams.finished;
export const compose = streams.compose;
export const addAbortSignal = streams.addAbortSignal;
export const destroy = streams.destroy;
export const isReadable = streams.isReadable;
export const isErrored = streams.isErrored;
export const isDisturbed = streams.isDisturbed;
export const promises = streams.promises;

/** Node's default high-water marks (16 KiB for bytes, 16 objects). */
export function getDefaultHighWaterMark(objectMode) {
  return objectMode ? 16 : 16 * 1024;
}
export function setDefaultHighWaterMark() {}

// `require("stream")` is the legacy Stream class carrying every other export, as in Node.
ObjectAssign(Stream, {
  Stream,
  Readable,
  Writable,
  Duplex,
  Transform,
  PassThrough,
  pipeline,
  finished,
  compose,
  addAbortSignal,
  destroy,
  isReadable,
  isErrored,
  isDisturbed,
  getDefaultHighWaterMark,
  setDefaultHighWaterMark,
});
if (!("promises" in Stream)) ObjectDefineProperty(Stream, "promises", { get: () => promises, enumerable: true, configurable: true });

export default Stream;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "stream", Stream);
