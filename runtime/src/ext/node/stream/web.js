// node:stream/web: the engine's WHATWG stream classes (the same globals tools see), under
// Node's module name, which undici (pi's fetch) imports at load time.
import { primordials } from "omp:/host/core";

const { MapPrototypeSet, SafeMap } = primordials;
const g = globalThis;
export const ReadableStream = g.ReadableStream;
export const ReadableStreamDefaultReader = g.ReadableStreamDefaultReader;
export const ReadableStreamBYOBReader = g.ReadableStreamBYOBReader;
export const ReadableStreamBYOBRequest = g.ReadableStreamBYOBRequest;
export const ReadableByteStreamController = g.ReadableByteStreamController;
export const ReadableStreamDefaultController = g.ReadableStreamDefaultController;
export const TransformStream = g.TransformStream;
export const TransformStreamDefaultController = g.TransformStreamDefaultController;
export const WritableStream = g.WritableStream;
export const WritableStreamDefaultWriter = g.WritableStreamDefaultWriter;
export const WritableStreamDefaultController = g.WritableStreamDefaultController;
export const ByteLengthQueuingStrategy = g.ByteLengthQueuingStrategy;
export const CountQueuingStrategy = g.CountQueuingStrategy;
export const TextEncoderStream = g.TextEncoderStream;
export const TextDecoderStream = g.TextDecoderStream;
export const CompressionStream = g.CompressionStream;
export const DecompressionStream = g.DecompressionStream;
const webModule = {
  ReadableStream, ReadableStreamDefaultReader, ReadableStreamBYOBReader, ReadableStreamBYOBRequest,
  ReadableByteStreamController, ReadableStreamDefaultController, TransformStream, TransformStreamDefaultController,
  WritableStream, WritableStreamDefaultWriter, WritableStreamDefaultController, ByteLengthQueuingStrategy,
  CountQueuingStrategy, TextEncoderStream, TextDecoderStream, CompressionStream, DecompressionStream,
};
export default webModule;
// `require("node:stream/web")` finds it here once imported.
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "stream/web", webModule);
