// node:net: TCP sockets (`net.Socket`, a Duplex stream) and servers (`net.Server`) on the
// host's tokio sockets (mod.rs beside this file), plus `isIP`, and BlockList and SocketAddress
// (block_list.js). Sockets and servers a tool call opens are recorded under the call
// (call_network.js) and closed when it ends.
// Unix-domain sockets and IPC handles are not offered; asking for one is a clear error.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { BlockList, SocketAddress } from "omp:/node/net/block_list";
import { EventEmitter } from "omp:/node/events";
import { Buffer } from "omp:/node/buffer";
import { Duplex } from "omp:/node/stream";
import { codedError, errorTables } from "omp:/node-internal/errors";
import { trackRequest, trackServer } from "omp:/host/call_network";

import { core, primordials } from "omp:/host/core";

const {
  ArrayPrototypeFilter,
  ArrayPrototypeFind,
  ArrayPrototypePush,
  ArrayPrototypeSplice,
  MapPrototypeSet,
  NumberIsInteger,
  ObjectAssign,
  PromisePrototypeThen,
  ReflectApply,
  RegExpPrototypeExec,
  SafeMap,
  SafeSet,
  StringPrototypeIncludes,
  StringPrototypeSplit,
  StringPrototypeTrim,
} = primordials;
const ops = core.ops;

// ------------------------------------------------------------------------------- addresses

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export function isIPv4(input) {
  return RegExpPrototypeExec(IPV4, String(input)) !== null;
}

export function isIPv6(input) {
  const text = String(input);
  if (!StringPrototypeIncludes(text, ":")) return false;
  try {
    new URL(`http://[${StringPrototypeSplit(text, "%")[0]}]/`);
    return true;
  } catch {
    return false;
  }
}

export function isIP(input) {
  return isIPv4(input) ? 4 : isIPv6(input) ? 6 : 0;
}

// ---------------------------------------------------------------------------------- errors

/**
 * Node's system error for a failed socket call: `connect ECONNREFUSED 127.0.0.1:80`. The op's
 * message may name the address it tried last (`…, connect 127.0.0.1:80`); that one wins.
 */
export function socketError(cause, syscall, address, port) {
  const text = cause?.message ?? String(cause);
  const code = RegExpPrototypeExec(/^([A-Z][A-Z0-9_]*):/, text)?.[1] ?? "EIO";
  // A permission refusal keeps its whole message: it names the policy and how to grant it.
  if (code === "EACCES" && RegExpPrototypeExec(/^EACCES: permission denied: /, text) !== null) {
    const err = ObjectAssign(new Error(text), { errno: -errorTables().errno.EACCES, code, syscall });
    if (address !== undefined) err.address = address;
    if (port !== undefined) err.port = port;
    return err;
  }
  const tried = RegExpPrototypeExec(/ (\S+):(\d+)$/, text);
  if (tried && code !== "ENOTFOUND") {
    address = tried[1];
    port = Number(tried[2]);
  }
  if (code === "ENOTFOUND") {
    const err = new Error(`getaddrinfo ENOTFOUND ${address}`);
    return ObjectAssign(err, { errno: -3008, code, syscall: "getaddrinfo", hostname: address });
  }
  const where = port === undefined ? (address ?? "") : `${address}:${port}`;
  const err = new Error(`${syscall} ${code}${where ? ` ${where}` : ""}`);
  const errno = errorTables().errno[code];
  err.errno = errno === undefined ? undefined : -errno;
  err.code = code;
  err.syscall = syscall;
  if (address !== undefined) err.address = address;
  if (port !== undefined) err.port = port;
  return err;
}

function unsupportedPath(what) {
  return codedError("ERR_NOT_SUPPORTED", `${what}: Unix domain sockets and named pipes are not supported by omp-host`);
}

// ---------------------------------------------------------------------------------- Socket

/** `connect()`'s arguments in any of Node's forms → [options, callback]. */
export function normalizeConnectArgs(args) {
  if (args.length === 0) return [{}, undefined];
  const first = args[0];
  const second = args[1];
  const callback = ArrayPrototypeFind([second, args[2]], (a) => typeof a === "function");
  if (first !== null && typeof first === "object") return [{ ...first }, callback];
  if (typeof first === "string" && RegExpPrototypeExec(/^\d+$/, first) === null) return [{ path: first }, callback];
  return [{ port: first, host: typeof second === "string" ? second : undefined }, callback];
}

const kRid = Symbol("rid");

export class Socket extends Duplex {
  constructor(options = {}) {
    super({
      allowHalfOpen: Boolean(options.allowHalfOpen),
      emitClose: false,
      autoDestroy: true,
      decodeStrings: true,
      readableHighWaterMark: options.readableHighWaterMark,
      writableHighWaterMark: options.writableHighWaterMark,
    });
    this[kRid] = undefined;
    this.connecting = false;
    this._hadError = false;
    this._timeoutMs = 0;
    this._timer = undefined;
    this._reading = false;
    this._forget = undefined;
    this._waitingForConnect = [];
    this.bytesRead = 0;
    this._bytesWritten = 0;
    this.remoteAddress = undefined;
    this.remotePort = undefined;
    this.remoteFamily = undefined;
    this.localAddress = undefined;
    this.localPort = undefined;
    this.localFamily = undefined;
    this.server = null;
    this._server = null;
    if (options.signal) {
      const onAbort = () => this.destroy(options.signal.reason ?? codedError("ABORT_ERR", "The operation was aborted"));
      if (options.signal.aborted) queueMicrotask(onAbort);
      else options.signal.addEventListener("abort", onAbort, { once: true });
    }
    this.on("end", () => {
      if (!this.allowHalfOpen) this.end();
    });
  }

  /** Wraps an accepted connection (server side). */
  static _fromAccepted(info, server) {
    const socket = new Socket({ allowHalfOpen: server?.allowHalfOpen });
    socket._attach(info);
    socket.server = socket._server = server ?? null;
    return socket;
  }

  _attach(info) {
    this[kRid] = info.rid;
    ObjectAssign(this, {
      remoteAddress: info.remoteAddress,
      remotePort: info.remotePort,
      remoteFamily: info.remoteFamily,
      localAddress: info.localAddress,
      localPort: info.localPort,
      localFamily: info.localFamily,
    });
    this._forget = trackRequest((reason) => this.destroy(reason instanceof Error ? reason : undefined));
    this._refreshTimeout();
    // As Node: a connected socket reads ahead (up to its high-water mark) with or without a
    // consumer, so the peer's end is seen even on a socket nobody reads.
    if (!this.isPaused()) this.read(0);
  }

  get pending() {
    return this[kRid] === undefined;
  }

  get readyState() {
    if (this.connecting) return "opening";
    if (this.readable && this.writable) return "open";
    if (this.readable) return "readOnly";
    if (this.writable) return "writeOnly";
    return "closed";
  }

  get bytesWritten() {
    return this._bytesWritten;
  }

  connect(...args) {
    const normalized = normalizeConnectArgs(args);
    const options = normalized[0];
    const callback = normalized[1];
    if (options.path !== undefined) throw unsupportedPath("net.Socket.connect");
    const port = Number(options.port);
    if (!NumberIsInteger(port) || port < 0 || port > 65535) {
      throw codedError("ERR_SOCKET_BAD_PORT", `Port should be >= 0 and < 65536. Received ${typeof options.port === "string" ? `type string ('${options.port}')` : `type ${typeof options.port} (${options.port})`}.`, RangeError);
    }
    const host = options.host ?? "localhost";
    if (typeof callback === "function") this.once("connect", callback);
    if (typeof options.timeout === "number") this.setTimeout(options.timeout);
    this.connecting = true;
    // The socket is tracked before the connection exists, so a cancelled call stops it too.
    this._forget = trackRequest((reason) => this.destroy(reason instanceof Error ? reason : undefined));
    PromisePrototypeThen(
      ops.op_node_net_connect(host, port),
      (info) => {
        if (this.destroyed) {
          core.tryClose(info.rid);
          return;
        }
        this._forget?.();
        this.connecting = false;
        this._attach(info);
        if (isIP(host) === 0) this.emit("lookup", null, info.remoteAddress, info.remoteFamily === "IPv6" ? 6 : 4, host);
        this.emit("connect");
        this.emit("ready");
        const waiting = ArrayPrototypeSplice(this._waitingForConnect, 0);
        for (let i = 0; i < waiting.length; i++) waiting[i]();
        if (this._readPending) this._read();
      },
      (err) => {
        this.connecting = false;
        this.destroy(socketError(err, "connect", host, port));
      },
    );
    return this;
  }

  _read() {
    if (this[kRid] === undefined) {
      this._readPending = true;
      return;
    }
    this._readPending = false;
    if (this._reading) return;
    this._reading = true;
    const rid = this[kRid];
    PromisePrototypeThen(
      ops.op_node_net_read(rid),
      (chunk) => {
        this._reading = false;
        if (this.destroyed) return;
        this._refreshTimeout();
        if (chunk.length === 0) {
          this.push(null);
          this.read(0); // emits 'end' now when nothing is buffered, as Node does at EOF
          return;
        }
        this.bytesRead += chunk.length;
        if (this.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength))) this._read();
      },
      (err) => {
        this._reading = false;
        if (!this.destroyed) this.destroy(socketError(err, "read"));
      },
    );
  }

  _write(chunk, encoding, callback) {
    if (this[kRid] === undefined) {
      ArrayPrototypePush(this._waitingForConnect, () => this._write(chunk, encoding, callback));
      return;
    }
    const data = typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk;
    PromisePrototypeThen(
      ops.op_node_net_write(this[kRid], data),
      () => {
        this._bytesWritten += data.length;
        this._refreshTimeout();
        callback();
      },
      (err) => callback(socketError(err, "write")),
    );
  }

  _final(callback) {
    if (this[kRid] === undefined) {
      ArrayPrototypePush(this._waitingForConnect, () => this._final(callback));
      return;
    }
    PromisePrototypeThen(
      ops.op_node_net_shutdown(this[kRid]),
      () => callback(),
      () => callback(),
    );
  }

  _destroy(err, callback) {
    this._hadError = Boolean(err);
    this.connecting = false;
    this._clearTimeout();
    if (this[kRid] !== undefined) core.tryClose(this[kRid]);
    this._forget?.();
    this._forget = undefined;
    callback(err);
    queueMicrotask(() => {
      this.emit("close", this._hadError);
      this.server?._connectionClosed?.(this);
    });
  }

  // Close without a full flush, as Node's resetAndDestroy does.
  resetAndDestroy() {
    return this.destroy();
  }

  destroySoon() {
    if (this.writable) this.end();
    if (this.writableFinished) this.destroy();
    else this.once("finish", () => this.destroy());
  }

  setTimeout(ms, callback) {
    this._timeoutMs = Number(ms) || 0;
    if (typeof callback === "function") {
      if (this._timeoutMs === 0) this.removeListener("timeout", callback);
      else this.once("timeout", callback);
    }
    this._refreshTimeout();
    return this;
  }

  _refreshTimeout() {
    this._clearTimeout();
    if (this._timeoutMs > 0 && !this.destroyed) {
      this._timer = setTimeout(() => this.emit("timeout"), this._timeoutMs);
    }
  }

  _clearTimeout() {
    if (this._timer !== undefined) clearTimeout(this._timer);
    this._timer = undefined;
  }

  setNoDelay() {
    return this; // every socket is created with TCP_NODELAY, as Node does by default
  }

  setKeepAlive() {
    return this;
  }

  address() {
    if (this.localAddress === undefined) return {};
    return { address: this.localAddress, family: this.localFamily, port: this.localPort };
  }

  ref() {
    return this;
  }

  unref() {
    return this;
  }
}

export const Stream = Socket;

export function connect(...args) {
  const options = normalizeConnectArgs(args)[0];
  const socket = new Socket(options);
  if (options.timeout) socket.setTimeout(options.timeout);
  return ReflectApply(socket.connect, socket, args);
}
export const createConnection = connect;

// ---------------------------------------------------------------------------------- Server

/** `listen()`'s arguments in any of Node's forms → {port, host, backlog, path, callback}. */
/**
 * The start of `server.close(callback)` for net and http servers: `callback` waits for
 * 'close' (or gets ERR_SERVER_NOT_RUNNING), and the server stops listening. False when it was
 * already closing.
 */
export function startClosing(server, callback) {
  if (typeof callback === "function") {
    if (!server.listening && !server._closing) queueMicrotask(() => callback(codedError("ERR_SERVER_NOT_RUNNING", "Server is not running.")));
    else server.once("close", callback);
  }
  if (server._closing) return false;
  server._closing = true;
  server.listening = false;
  return true;
}

/**
 * `server.listen(...)` for net and http servers: checks the arguments, binds with `op`, ties the
 * server to the current call (`forceClose` when the call ends), honours `signal`, then sets the
 * address, emits 'listening' and calls `serve`. `path` builds the error for a Unix socket path.
 */
export function listenOn(server, args, { op, path: pathError, forceClose, serve }) {
  const { port, host, path, callback, signal } = normalizeListenArgs(args);
  if (path !== undefined) throw pathError();
  const portNumber = validatePort(port, "options.port");
  if (typeof callback === "function") server.once("listening", callback);
  if (server.listening || server._rid !== undefined) throw codedError("ERR_SERVER_ALREADY_LISTEN", "Listen method has been called more than once without closing.");
  server._forget = trackServer(forceClose);
  if (signal) {
    if (signal.aborted) queueMicrotask(() => server.close());
    else signal.addEventListener("abort", () => server.close(), { once: true });
  }
  PromisePrototypeThen(
    bindListener(op, host, portNumber),
    (info) => {
      if (server._closing) {
        core.tryClose(info.rid);
        return;
      }
      server._rid = info.rid;
      server._address = { address: info.address, family: info.family, port: info.port };
      server.listening = true;
      server.emit("listening");
      serve(info.rid);
    },
    (err) => {
      server._forget?.();
      server.emit("error", socketError(err, "listen", host ?? "::", portNumber));
    },
  );
  return server;
}

export function normalizeListenArgs(args) {
  let callback;
  for (let i = args.length - 1; i >= 0 && callback === undefined; i--) {
    if (typeof args[i] === "function") callback = args[i];
  }
  const rest = ArrayPrototypeFilter(args, (a) => typeof a !== "function");
  const first = rest[0];
  const second = rest[1];
  if (first !== null && typeof first === "object") {
    if (first.path !== undefined || first.fd !== undefined || first._handle) return { path: first.path ?? "handle", callback };
    return { port: first.port ?? 0, host: first.host, backlog: first.backlog, callback, signal: first.signal };
  }
  if (typeof first === "string" && RegExpPrototypeExec(/^\d+$/, first) === null) return { path: first, callback };
  return { port: first ?? 0, host: typeof second === "string" ? second : undefined, callback };
}

/**
 * Binds `host:port` (all interfaces when no host, as Node) through `listenOp`. Each result is
 * awaited, not returned: an async function that returns a promise reads its `then`.
 */
export async function bindListener(listenOp, host, port) {
  if (host !== undefined && host !== null && host !== "") return await listenOp(String(host), port);
  try {
    return await listenOp("::", port);
  } catch {
    return await listenOp("0.0.0.0", port);
  }
}

export function validatePort(port, name = "Port") {
  const n = typeof port === "string" && StringPrototypeTrim(port) !== "" ? Number(port) : port;
  if (typeof n !== "number" || !NumberIsInteger(n) || n < 0 || n > 65535) {
    throw codedError("ERR_SOCKET_BAD_PORT", `${name} should be >= 0 and < 65536. Received ${typeof port === "string" ? `type string ('${port}')` : `type ${typeof port} (${String(port)})`}.`, RangeError);
  }
  return n;
}

export class Server extends EventEmitter {
  constructor(options, connectionListener) {
    super();
    if (typeof options === "function") {
      connectionListener = options;
      options = {};
    }
    this.allowHalfOpen = Boolean(options?.allowHalfOpen);
    this.listening = false;
    this.maxConnections = undefined;
    this._rid = undefined;
    this._address = null;
    this._connections = new SafeSet();
    this._forget = undefined;
    this._closing = false;
    if (typeof connectionListener === "function") this.on("connection", connectionListener);
  }

  listen(...args) {
    return listenOn(this, args, { op: ops.op_node_net_listen, path: () => unsupportedPath("net.Server.listen"), forceClose: () => this._forceClose(), serve: () => this._acceptLoop() });
  }

  _acceptLoop() {
    const rid = this._rid;
    PromisePrototypeThen(
      ops.op_node_net_accept(rid),
      (info) => {
        if (this._rid !== rid) {
          core.tryClose(info.rid);
          return;
        }
        if (this.maxConnections !== undefined && this._connections.size >= this.maxConnections) {
          core.tryClose(info.rid);
        } else {
          const socket = Socket._fromAccepted(info, this);
          this._connections.add(socket);
          this.emit("connection", socket);
        }
        this._acceptLoop();
      },
      (err) => {
        if (this._rid === rid && !this._closing) this.emit("error", socketError(err, "accept"));
      },
    );
  }

  _connectionClosed(socket) {
    this._connections.delete(socket);
    this._maybeClosed();
  }

  _maybeClosed() {
    if (this._closing && this._connections.size === 0 && !this._closeEmitted) {
      this._closeEmitted = true;
      queueMicrotask(() => this.emit("close"));
    }
  }

  address() {
    return this._address;
  }

  close(callback) {
    if (!startClosing(this, callback)) return this;
    if (this._rid !== undefined) core.tryClose(this._rid);
    this._rid = undefined;
    this._forget?.();
    this._maybeClosed();
    return this;
  }

  /** Closes the server and every connection it accepted (the call ended). */
  _forceClose() {
    for (const socket of this._connections) socket.destroy();
    this.close();
  }

  getConnections(callback) {
    queueMicrotask(() => callback(null, this._connections.size));
    return this;
  }

  ref() {
    return this;
  }

  unref() {
    return this;
  }

  [Symbol.asyncDispose]() {
    return new Promise((resolve) => this.close(() => resolve()));
  }
}

export function createServer(options, connectionListener) {
  return new Server(options, connectionListener);
}

export function getDefaultAutoSelectFamily() {
  return true;
}
export function setDefaultAutoSelectFamily() {}
export function getDefaultAutoSelectFamilyAttemptTimeout() {
  return 250;
}
export function setDefaultAutoSelectFamilyAttemptTimeout() {}

export { BlockList, SocketAddress };

const netModule = {
  Socket, Stream, Server, connect, createConnection, createServer, isIP, isIPv4, isIPv6, BlockList, SocketAddress,
  getDefaultAutoSelectFamily, setDefaultAutoSelectFamily, getDefaultAutoSelectFamilyAttemptTimeout, setDefaultAutoSelectFamilyAttemptTimeout,
};
export default netModule;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "net", netModule);
