// The host's JavaScript entry point: installs the globals, then exports the functions the
// Rust side calls (configure the session, load a module's tools, call and abort tools).
import "omp:/host/globals";
export { configureSession, loadModule } from "omp:/host/load";
export { callTool, abortCall } from "omp:/host/call";
