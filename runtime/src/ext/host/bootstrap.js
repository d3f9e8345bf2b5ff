// The host's JavaScript entry point: installs the globals, then exports the functions the
// Rust side calls (configure the session, load a module's tools, call and abort tools,
// deliver session events, update the session facts tools see in `ctx`).
import "omp:/host/globals";
export { configureSession, loadModule } from "omp:/host/load";
export { startCall, abortCall, concurrencyFor, approvalFor, prepareArgumentsFor } from "omp:/host/call";
export { sessionEvent } from "omp:/host/session_events";
export { setSessionInfo } from "omp:/host/context";
export { resolveAction, forgetAction } from "omp:/host/pending";

/**
 * Loads the lazily installed globals every call touches, before any call runs: a script the
 * host stops midway through its first load of a web API would leave that API unloadable.
 */
export function warmUp() {
  for (const name of ["AbortController", "AbortSignal", "Event", "EventTarget", "setTimeout", "clearTimeout", "console", "TextEncoder", "TextDecoder", "URL", "structuredClone", "DOMException", "performance"]) {
    void globalThis[name];
  }
}
