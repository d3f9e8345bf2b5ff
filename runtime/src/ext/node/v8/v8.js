// node:v8: V8's own serializer (`serialize` / `deserialize`, through deno_core), heap figures
// as far as the host knows them, and the flag and snapshot calls as harmless no-ops.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { Buffer } from "omp:/node/buffer";

import { core, primordials } from "omp:/host/core";

const { MapPrototypeSet, ObjectAssign, RegExpPrototypeExec, SafeMap } = primordials;

export function serialize(value) {
  const bytes = core.serialize(value);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function deserialize(buffer) {
  return core.deserialize(buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer));
}

export function getHeapStatistics() {
  const usage = globalThis.process?.memoryUsage?.() ?? {};
  return {
    total_heap_size: usage.heapTotal ?? 0, total_heap_size_executable: 0, total_physical_size: usage.heapTotal ?? 0,
    total_available_size: 0, used_heap_size: usage.heapUsed ?? 0, heap_size_limit: 0, malloced_memory: 0,
    peak_malloced_memory: 0, does_zap_garbage: 0, number_of_native_contexts: 1, number_of_detached_contexts: 0,
    total_global_handles_size: 0, used_global_handles_size: 0, external_memory: usage.external ?? 0,
  };
}

export function getHeapSpaceStatistics() {
  return [];
}
export function getHeapCodeStatistics() {
  return { code_and_metadata_size: 0, bytecode_and_metadata_size: 0, external_script_source_size: 0, cpu_profiler_metadata_size: 0 };
}
export function setFlagsFromString() {}
export function cachedDataVersionTag() {
  return 0;
}
export function isStringOneByteRepresentation(text) {
  return RegExpPrototypeExec(/[^\u0000-\u00ff]/, String(text)) === null;
}
export class Serializer {
  constructor() {
    throw ObjectAssign(new Error("v8.Serializer is not supported by omp-host (use v8.serialize)"), { code: "ERR_NOT_SUPPORTED" });
  }
}
export class Deserializer {
  constructor() {
    throw ObjectAssign(new Error("v8.Deserializer is not supported by omp-host (use v8.deserialize)"), { code: "ERR_NOT_SUPPORTED" });
  }
}

const v8Module = {
  serialize, deserialize, getHeapStatistics, getHeapSpaceStatistics, getHeapCodeStatistics, setFlagsFromString,
  cachedDataVersionTag, isStringOneByteRepresentation, Serializer, Deserializer,
};
export default v8Module;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "v8", v8Module);
