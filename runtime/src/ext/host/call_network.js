// Network work that a tool call starts (fetch requests, node:http client requests, sockets,
// listening servers) and its file watchers, recorded under the call it belongs to (deno_core's
// async context, see call_context.js), so the host can stop all of it when the call ends or is
// cancelled: `abortRequestsOf(callId)` aborts its requests and sockets, `closeServersOf(callId)`
// closes the servers it left listening, `closeWatchersOf(callId)` its file watchers. Work
// started outside a call (a factory, onSession) is recorded under "" and lives until the host
// exits (the operating system closes its sockets and watches then).
// Host-owned collections use primordials, so a tool that patches Map or Set cannot break them.
import { currentCallId } from "omp:/host/call_context";

const {
  SafeMap,
  SafeSet,
  MapPrototypeGet,
  MapPrototypeGetSize,
  MapPrototypeSet,
  MapPrototypeDelete,
  SetPrototypeAdd,
  SetPrototypeDelete,
  SetPrototypeGetSize,
  String: StringCtor,
} = globalThis.__bootstrap.primordials;

/** callId → Set of { abort(reason) } for in-flight requests and open sockets. */
const requests = new SafeMap();
/** callId → Set of { close() } for listening servers. */
const servers = new SafeMap();
/** callId → Set of { close() } for file watchers (fs.watch, fs.watchFile). */
const watchers = new SafeMap();

function keyOfCurrentCall() {
  return currentCallId() ?? "";
}

function add(table, key, entry) {
  let set = MapPrototypeGet(table, key);
  if (!set) MapPrototypeSet(table, key, (set = new SafeSet()));
  SetPrototypeAdd(set, entry);
  return () => {
    SetPrototypeDelete(set, entry);
    if (SetPrototypeGetSize(set) === 0 && MapPrototypeGet(table, key) === set) MapPrototypeDelete(table, key);
  };
}

/**
 * Records an in-flight request or open socket of the current call; `abort(reason)` stops
 * it. Returns the function that forgets it (call it when the work is done).
 */
export function trackRequest(abort) {
  return add(requests, keyOfCurrentCall(), { abort });
}

/** Records a listening server of the current call; returns the function that forgets it. */
export function trackServer(close) {
  return add(servers, keyOfCurrentCall(), { close });
}

/** Records a file watcher of the current call; returns the function that forgets it. */
export function trackWatcher(close) {
  return add(watchers, keyOfCurrentCall(), { close });
}

function stopAll(table, key, stop) {
  // Every call ends through here; most leave nothing open, and a lookup by their fresh id
  // string would cost V8's internalizing of it.
  if (MapPrototypeGetSize(table) === 0) return 0;
  const callKey = StringCtor(key);
  const set = MapPrototypeGet(table, callKey);
  if (!set) return 0;
  MapPrototypeDelete(table, callKey);
  let stopped = 0;
  for (const entry of set) {
    try {
      stop(entry);
      stopped++;
    } catch {
      // One failing stop must not keep the others running.
    }
  }
  return stopped;
}

/**
 * Aborts every request and socket call `callId` still has open; answers how many. (The
 * default reason is made only when there is something to abort: every call ends through
 * here, and a DOMException captures a stack trace.)
 */
export function abortRequestsOf(callId, reason) {
  let why = reason;
  return stopAll(requests, callId, (entry) => entry.abort((why ??= new DOMException("The tool call ended", "AbortError"))));
}

/** Closes every server call `callId` left listening; answers how many. */
export function closeServersOf(callId) {
  return stopAll(servers, callId, (entry) => entry.close());
}

/** Closes every file watcher call `callId` still has open; answers how many. */
export function closeWatchersOf(callId) {
  return stopAll(watchers, callId, (entry) => entry.close());
}
