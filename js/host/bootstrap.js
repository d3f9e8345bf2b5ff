// The host's JavaScript entry point: installs the globals, then exports the functions the
// Rust side calls (configure the session, load a module's tools, call and abort tools,
// deliver session events).
import "omp:/host/globals";
export { configureSession, loadModule } from "omp:/host/load";
export { callTool, abortCall, activeCall, concurrencyFor } from "omp:/host/call";
export { sessionEvent } from "omp:/host/session_events";
