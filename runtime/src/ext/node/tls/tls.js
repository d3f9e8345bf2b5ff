// node:tls: importing it works and its plain facts are there (`rootCertificates` is empty,
// `DEFAULT_*` values are Node's); TLS sockets and servers are not offered and fail clearly
// (`https.request` and `fetch` do TLS for HTTP).
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { codedError } from "omp:/node-internal/errors";
import { primordials } from "omp:/host/core";

const { MapPrototypeSet, ObjectFreeze, SafeMap } = primordials;

function unsupported(what) {
  return () => {
    throw codedError("ERR_NOT_SUPPORTED", `tls.${what} is not supported by omp-host (https and fetch handle TLS)`);
  };
}

export const connect = unsupported("connect");
export const createServer = unsupported("createServer");
export const createSecureContext = (options = {}) => ({ context: {}, options });
export const checkServerIdentity = () => undefined;
export const getCiphers = () => [];
export const rootCertificates = ObjectFreeze([]);
export const DEFAULT_ECDH_CURVE = "auto";
export const DEFAULT_MIN_VERSION = "TLSv1.2";
export const DEFAULT_MAX_VERSION = "TLSv1.3";
export const DEFAULT_CIPHERS = "TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256:TLS_AES_128_GCM_SHA256";
export class TLSSocket {
  constructor() {
    unsupported("TLSSocket")();
  }
}
export class Server {
  constructor() {
    unsupported("Server")();
  }
}
export class SecureContext {}

const tlsModule = {
  connect, createServer, createSecureContext, checkServerIdentity, getCiphers, rootCertificates, DEFAULT_ECDH_CURVE,
  DEFAULT_MIN_VERSION, DEFAULT_MAX_VERSION, DEFAULT_CIPHERS, TLSSocket, Server, SecureContext,
};
export default tlsModule;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "tls", tlsModule);
