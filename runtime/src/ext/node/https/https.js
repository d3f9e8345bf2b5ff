// node:https: node:http's client over TLS (rustls with the system's roots; `ca`,
// `servername` and `rejectUnauthorized` honoured). Serving HTTPS is not offered: a server
// needs certificates a tool would bring, and no tool in the survey does it.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { ClientRequest, Agent as HttpAgent } from "omp:/node/http";
import { codedError } from "omp:/node-internal/errors";
import { primordials } from "omp:/host/core";

const { MapPrototypeSet, SafeMap } = primordials;

export class Agent extends HttpAgent {
  constructor(options = {}) {
    super({ defaultPort: 443, protocol: "https:", ...options });
  }
}

export const globalAgent = new Agent();

export function request(input, options, callback) {
  return new ClientRequest(input, options, callback, "https:");
}

export function get(input, options, callback) {
  const req = request(input, options, callback);
  req.end();
  return req;
}

export function createServer() {
  throw codedError("ERR_NOT_SUPPORTED", "https.createServer is not supported by omp-host (use node:http on loopback)");
}

export class Server {
  constructor() {
    throw codedError("ERR_NOT_SUPPORTED", "https.Server is not supported by omp-host (use node:http on loopback)");
  }
}

const httpsModule = { Agent, globalAgent, request, get, createServer, Server };
export default httpsModule;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "https", httpsModule);
