// node:fs's file descriptor calls (openSync, closeSync, readSync, writeSync) and reading or
// writing a whole descriptor, over the host's blocking ops. Shared by fs.js, its streams
// (fs_streams.js) and fs/promises' FileHandle, which import it rather than each other.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { Buffer } from "omp:/node/buffer";
import { callOp } from "omp:/node-internal/errors";
import { openFlags, parseMode, toPath } from "omp:/node-internal/fs_common";
import { core, primordials } from "omp:/host/core";

const { ArrayPrototypePush, Number, TypedArrayPrototypeSubarray, Uint8Array } = primordials;
const ops = core.ops;

export function readAllFromFd(fd) {
  const chunks = [];
  for (;;) {
    const chunk = Buffer.allocUnsafe(65536);
    const n = callOp(() => ops.op_node_fs_read(fd, chunk, -1));
    if (n === 0) break;
    ArrayPrototypePush(chunks, TypedArrayPrototypeSubarray(chunk, 0, n));
  }
  return Buffer.concat(chunks);
}

export function writeAllToFd(fd, bytes, position = -1) {
  let written = 0;
  while (written < bytes.length) {
    const rest = TypedArrayPrototypeSubarray(bytes, written);
    written += callOp(() => ops.op_node_fs_write(fd, rest, position >= 0 ? position + written : -1));
  }
  return written;
}

export function openSync(path, flags = "r", mode = 0o666) {
  const p = toPath(path);
  return callOp(() => ops.op_node_fs_open(p, openFlags(flags ?? "r"), parseMode(mode, 0o666)), { path: p });
}

export function closeSync(fd) {
  callOp(() => ops.op_node_fs_close(fd));
}

/** readSync(fd, buffer, offset, length, position) or readSync(fd, buffer, {offset, length, position}). */
export function readSync(fd, buffer, offsetOrOptions, length, position) {
  let offset = offsetOrOptions;
  if (offsetOrOptions && typeof offsetOrOptions === "object") ({ offset, length, position } = offsetOrOptions);
  offset ??= 0;
  length ??= buffer.byteLength - offset;
  const target = new Uint8Array(buffer.buffer, buffer.byteOffset + offset, length);
  return callOp(() => ops.op_node_fs_read(fd, target, typeof position === "number" ? position : typeof position === "bigint" ? Number(position) : -1));
}

/** writeSync(fd, buffer, offset?, length?, position?) or writeSync(fd, string, position?, encoding?). */
export function writeSync(fd, data, offsetOrPosition, lengthOrEncoding, position) {
  if (typeof data === "string") {
    const bytes = Buffer.from(data, typeof lengthOrEncoding === "string" ? lengthOrEncoding : "utf8");
    return writeAllToFd(fd, bytes, typeof offsetOrPosition === "number" ? offsetOrPosition : -1);
  }
  if (offsetOrPosition && typeof offsetOrPosition === "object") ({ offset: offsetOrPosition, length: lengthOrEncoding, position } = offsetOrPosition);
  const offset = offsetOrPosition ?? 0;
  const length = lengthOrEncoding ?? data.byteLength - offset;
  const bytes = new Uint8Array(data.buffer, data.byteOffset + offset, length);
  return callOp(() => ops.op_node_fs_write(fd, bytes, typeof position === "number" ? position : -1));
}
