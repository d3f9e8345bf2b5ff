// node:worker_threads: omp-host runs every tool on one engine thread and offers no workers.
// Importing the module works (code that only checks `isMainThread` keeps running); creating
// a Worker, MessageChannel or BroadcastChannel throws a clear error.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { codedError } from "omp:/node-internal/errors";
import { primordials } from "omp:/host/core";

const { MapPrototypeGet, MapPrototypeSet, SafeMap, SymbolFor } = primordials;

function unsupported(name) {
  return codedError("ERR_NOT_SUPPORTED", `node:worker_threads ${name} is not supported by omp-host (tools run on one engine thread)`);
}

export const isMainThread = true;
export const parentPort = null;
export const workerData = null;
export const threadId = 0;
export const resourceLimits = {};
export const SHARE_ENV = SymbolFor("nodejs.worker_threads.SHARE_ENV");

export class Worker {
  constructor() {
    throw unsupported("Worker");
  }
}
export class MessageChannel {
  constructor() {
    throw unsupported("MessageChannel");
  }
}
export class MessagePort {
  constructor() {
    throw unsupported("MessagePort");
  }
}
export class BroadcastChannel {
  constructor() {
    throw unsupported("BroadcastChannel");
  }
}
export function markAsUntransferable() {}
// Node 22's: structured cloning here never sees host objects, so marking changes nothing.
export function markAsUncloneable() {}
export function isMarkedAsUntransferable() {
  return false;
}
export function moveMessagePortToContext() {
  throw unsupported("moveMessagePortToContext");
}
export function receiveMessageOnPort() {
  throw unsupported("receiveMessageOnPort");
}
const environment = new SafeMap();
export function getEnvironmentData(key) {
  return MapPrototypeGet(environment, key);
}
export function setEnvironmentData(key, value) {
  MapPrototypeSet(environment, key, value);
}

const workerThreads = {
  isMainThread, parentPort, workerData, threadId, resourceLimits, SHARE_ENV, Worker, MessageChannel, MessagePort,
  BroadcastChannel, markAsUntransferable, markAsUncloneable, isMarkedAsUntransferable, moveMessagePortToContext, receiveMessageOnPort,
  getEnvironmentData, setEnvironmentData,
};
export default workerThreads;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "worker_threads", workerThreads);
