// node:worker_threads: omp-host runs every tool on one engine thread and offers no workers.
// Importing the module works (code that only checks `isMainThread` keeps running); creating
// a Worker, MessageChannel or BroadcastChannel throws a clear error.
import { codedError } from "omp:/node-internal/errors";

function unsupported(name) {
  return codedError("ERR_NOT_SUPPORTED", `node:worker_threads ${name} is not supported by omp-host (tools run on one engine thread)`);
}

export const isMainThread = true;
export const parentPort = null;
export const workerData = null;
export const threadId = 0;
export const resourceLimits = {};
export const SHARE_ENV = Symbol.for("nodejs.worker_threads.SHARE_ENV");

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
export function isMarkedAsUntransferable() {
  return false;
}
export function moveMessagePortToContext() {
  throw unsupported("moveMessagePortToContext");
}
export function receiveMessageOnPort() {
  throw unsupported("receiveMessageOnPort");
}
const environment = new Map();
export function getEnvironmentData(key) {
  return environment.get(key);
}
export function setEnvironmentData(key, value) {
  environment.set(key, value);
}

const workerThreads = {
  isMainThread, parentPort, workerData, threadId, resourceLimits, SHARE_ENV, Worker, MessageChannel, MessagePort,
  BroadcastChannel, markAsUntransferable, isMarkedAsUntransferable, moveMessagePortToContext, receiveMessageOnPort,
  getEnvironmentData, setEnvironmentData,
};
export default workerThreads;
(globalThis.__ompBuiltins ??= new Map()).set("worker_threads", workerThreads);
