// node:http2: importing it works (packages such as axios load it up front), and its constants
// are Node's; opening an HTTP/2 session or server is not offered and fails clearly.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { codedError } from "omp:/node-internal/errors";
import { primordials } from "omp:/host/core";

const { MapPrototypeSet, ObjectFreeze, SafeMap } = primordials;

function unsupported(what) {
  return () => {
    throw codedError("ERR_NOT_SUPPORTED", `http2.${what} is not supported by omp-host (use fetch or node:http)`);
  };
}

export const constants = ObjectFreeze({
  NGHTTP2_NO_ERROR: 0, NGHTTP2_PROTOCOL_ERROR: 1, NGHTTP2_INTERNAL_ERROR: 2, NGHTTP2_CANCEL: 8,
  HTTP2_HEADER_STATUS: ":status", HTTP2_HEADER_METHOD: ":method", HTTP2_HEADER_AUTHORITY: ":authority",
  HTTP2_HEADER_SCHEME: ":scheme", HTTP2_HEADER_PATH: ":path", HTTP2_HEADER_CONTENT_TYPE: "content-type",
  HTTP2_HEADER_CONTENT_LENGTH: "content-length", HTTP2_METHOD_GET: "GET", HTTP2_METHOD_POST: "POST",
  HTTP_STATUS_OK: 200, HTTP_STATUS_NOT_FOUND: 404,
});
export const connect = unsupported("connect");
export const createServer = unsupported("createServer");
export const createSecureServer = unsupported("createSecureServer");
export function getDefaultSettings() {
  return {};
}
export function getPackedSettings() {
  return new Uint8Array(0);
}
export function getUnpackedSettings() {
  return {};
}
export const sensitiveHeaders = Symbol("nodejs.http2.sensitiveHeaders");

const http2Module = { constants, connect, createServer, createSecureServer, getDefaultSettings, getPackedSettings, getUnpackedSettings, sensitiveHeaders };
export default http2Module;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "http2", http2Module);
