// node:http: servers (`createServer`, `IncomingMessage`, `ServerResponse`) and client requests
// (`request`, `get`, `ClientRequest`) over hyper (runtime/src/engine/node/http_server.rs and
// http_client.rs); HTTP parsing and framing are hyper's, this file shapes them as Node's
// objects and events. Servers and requests a tool call opens are closed when the call ends.
// node:https reuses the client with TLS (`makeRequest(…, "https:")`).
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { EventEmitter } from "omp:/node/events";
import { Buffer } from "omp:/node/buffer";
import { Readable, Writable } from "omp:/node/stream";
import { codedError } from "omp:/node-internal/errors";
import { trackRequest } from "omp:/host/call_network";
import { socketError, listenOn, startClosing, isIP, Socket } from "omp:/node/net";

import { core, primordials } from "omp:/host/core";

const {
  ArrayIsArray,
  ArrayPrototypeFlat,
  ArrayPrototypeJoin,
  ArrayPrototypeMap,
  ArrayPrototypePush,
  ArrayPrototypeSplice,
  MapPrototypeForEach,
  MapPrototypeSet,
  NumberIsInteger,
  ObjectAssign,
  ObjectCreate,
  ObjectEntries,
  PromisePrototypeThen,
  RegExpPrototypeExec,
  SafeMap,
  SafeRegExp,
  SafeSet,
  StringPrototypeIncludes,
  StringPrototypeReplace,
  StringPrototypeSlice,
  StringPrototypeSplit,
  StringPrototypeStartsWith,
  StringPrototypeToLowerCase,
  StringPrototypeToUpperCase,
  decodeURIComponent,
} = primordials;
const ops = core.ops;

export const METHODS = [
  "ACL", "BIND", "CHECKOUT", "CONNECT", "COPY", "DELETE", "GET", "HEAD", "LINK", "LOCK", "M-SEARCH", "MERGE",
  "MKACTIVITY", "MKCALENDAR", "MKCOL", "MOVE", "NOTIFY", "OPTIONS", "PATCH", "POST", "PROPFIND", "PROPPATCH",
  "PURGE", "PUT", "QUERY", "REBIND", "REPORT", "SEARCH", "SOURCE", "SUBSCRIBE", "TRACE", "UNBIND", "UNLINK",
  "UNLOCK", "UNSUBSCRIBE",
];

export const STATUS_CODES = {
  100: "Continue", 101: "Switching Protocols", 102: "Processing", 103: "Early Hints",
  200: "OK", 201: "Created", 202: "Accepted", 203: "Non-Authoritative Information", 204: "No Content",
  205: "Reset Content", 206: "Partial Content", 207: "Multi-Status", 208: "Already Reported", 226: "IM Used",
  300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
  305: "Use Proxy", 307: "Temporary Redirect", 308: "Permanent Redirect",
  400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found",
  405: "Method Not Allowed", 406: "Not Acceptable", 407: "Proxy Authentication Required", 408: "Request Timeout",
  409: "Conflict", 410: "Gone", 411: "Length Required", 412: "Precondition Failed", 413: "Payload Too Large",
  414: "URI Too Long", 415: "Unsupported Media Type", 416: "Range Not Satisfiable", 417: "Expectation Failed",
  418: "I'm a Teapot", 421: "Misdirected Request", 422: "Unprocessable Entity", 423: "Locked", 424: "Failed Dependency",
  425: "Too Early", 426: "Upgrade Required", 428: "Precondition Required", 429: "Too Many Requests",
  431: "Request Header Fields Too Large", 451: "Unavailable For Legal Reasons",
  500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
  504: "Gateway Timeout", 505: "HTTP Version Not Supported", 506: "Variant Also Negotiates", 507: "Insufficient Storage",
  508: "Loop Detected", 509: "Bandwidth Limit Exceeded", 510: "Not Extended", 511: "Network Authentication Required",
};

export const maxHeaderSize = 16384;

const TOKEN = /^[\^_`a-zA-Z\-0-9!#$%&'*+.|~]+$/;
const BAD_VALUE = /[^\t\x20-\x7e\x80-\xff]/;
const PORT_SUFFIX = new SafeRegExp(":\\d+$");

export function validateHeaderName(name) {
  if (typeof name !== "string" || !name || RegExpPrototypeExec(TOKEN, name) === null) {
    throw codedError("ERR_INVALID_HTTP_TOKEN", `Header name must be a valid HTTP token ["${name}"]`, TypeError);
  }
}

export function validateHeaderValue(name, value) {
  if (value === undefined) throw codedError("ERR_HTTP_INVALID_HEADER_VALUE", `Invalid value "${value}" for header "${name}"`, TypeError);
  // An array is checked as String(array) reads it, joined with commas.
  const text = ArrayIsArray(value) ? ArrayPrototypeJoin(value, ",") : String(value);
  if (RegExpPrototypeExec(BAD_VALUE, text) !== null) throw codedError("ERR_INVALID_CHAR", `Invalid character in header content ["${name}"]`, TypeError);
}

/** Header values as the wire carries them (arrays become repeated headers). */
function headerPairs(headers) {
  const pairs = [];
  headers.forEach(({ name, value }) => {
    const values = ArrayIsArray(value) ? value : [value];
    for (let i = 0; i < values.length; i++) ArrayPrototypePush(pairs, [name, String(values[i])]);
  });
  return pairs;
}

// Headers Node keeps only once (a repeat is dropped), and the ones joined with "; ".
const SINGLE = new SafeSet([
  "age", "authorization", "content-length", "content-type", "etag", "expires", "from", "host",
  "if-modified-since", "if-unmodified-since", "last-modified", "location", "max-forwards",
  "proxy-authorization", "referer", "retry-after", "server", "user-agent",
]);

/** Node's `message.headers` from raw name/value pairs. */
function headersObject(pairs) {
  const headers = ObjectCreate(null);
  const distinct = ObjectCreate(null);
  for (let i = 0; i < pairs.length; i++) {
    const rawName = pairs[i][0];
    const value = pairs[i][1];
    const name = StringPrototypeToLowerCase(rawName);
    ArrayPrototypePush((distinct[name] ??= []), value);
    if (!(name in headers)) {
      headers[name] = name === "set-cookie" ? [value] : value;
    } else if (name === "set-cookie") {
      ArrayPrototypePush(headers[name], value);
    } else if (SINGLE.has(name)) {
      // Node drops the repeat.
    } else if (name === "cookie") {
      headers[name] += `; ${value}`;
    } else {
      headers[name] += `, ${value}`;
    }
  }
  return { headers: ObjectAssign({}, headers), distinct: ObjectAssign({}, distinct) };
}

/** The small socket stand-in messages expose (`req.socket.remoteAddress`, …). */
function fakeSocket(info, encrypted) {
  const socket = new EventEmitter();
  ObjectAssign(socket, {
    remoteAddress: info.remoteAddress,
    remotePort: info.remotePort,
    remoteFamily: info.remoteFamily,
    localAddress: info.localAddress,
    localPort: info.localPort,
    encrypted: encrypted || undefined,
    readable: true,
    writable: true,
    setTimeout() { return socket; },
    setNoDelay() { return socket; },
    setKeepAlive() { return socket; },
    ref() { return socket; },
    unref() { return socket; },
    destroy() { socket.destroyed = true; return socket; },
    end() { return socket; },
    address() { return { address: info.localAddress, family: info.localFamily, port: info.localPort }; },
  });
  return socket;
}

// ------------------------------------------------------------------------- IncomingMessage

export class IncomingMessage extends Readable {
  constructor(socket) {
    super();
    this.socket = socket ?? null;
    this.httpVersion = "1.1";
    this.httpVersionMajor = 1;
    this.httpVersionMinor = 1;
    this.headers = {};
    this.headersDistinct = {};
    this.rawHeaders = [];
    this.trailers = {};
    this.trailersDistinct = {};
    this.rawTrailers = [];
    this.method = null;
    this.url = "";
    this.statusCode = null;
    this.statusMessage = null;
    this.complete = false;
    this.aborted = false;
    this.upgrade = false;
    this._bodyRid = undefined;
    this._reading = false;
    this._onBodyDone = undefined;
  }

  get connection() {
    return this.socket;
  }

  _setHead({ httpVersion, headers }) {
    this.httpVersion = httpVersion;
    const version = ArrayPrototypeMap(StringPrototypeSplit(httpVersion, "."), Number);
    this.httpVersionMajor = version[0];
    this.httpVersionMinor = version[1];
    this.rawHeaders = ArrayPrototypeFlat(headers);
    const { headers: object, distinct } = headersObject(headers);
    this.headers = object;
    this.headersDistinct = distinct;
  }

  _read() {
    if (this._reading || this._bodyRid === undefined) return;
    this._reading = true;
    PromisePrototypeThen(
      ops.op_node_http_body_read(this._bodyRid),
      (chunk) => {
        this._reading = false;
        if (this.destroyed) return;
        if (chunk.length === 0) {
          this.complete = true;
          this._releaseBody();
          this.push(null);
          return;
        }
        if (this.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength))) this._read();
      },
      (err) => {
        this._reading = false;
        this._releaseBody();
        if (this.destroyed) return;
        this.aborted = true;
        const error = codedError("ECONNRESET", "aborted");
        this.emit("aborted");
        this.destroy(error);
        void err;
      },
    );
  }

  _releaseBody() {
    if (this._bodyRid !== undefined) core.tryClose(this._bodyRid);
    this._bodyRid = undefined;
    const done = this._onBodyDone;
    this._onBodyDone = undefined;
    done?.();
  }

  _destroy(err, callback) {
    this._releaseBody();
    callback(err);
  }

  setTimeout(ms, callback) {
    if (typeof callback === "function") this.once("timeout", callback);
    return this;
  }
}

// -------------------------------------------------------------------------- OutgoingMessage

/** Shared by ServerResponse and ClientRequest: the header map and body writing. */
export class OutgoingMessage extends Writable {
  constructor(options = {}) {
    super({ decodeStrings: true, emitClose: true, ...options });
    this._headers = new SafeMap(); // lower name → { name, value }
    this.headersSent = false;
    this.sendDate = false;
    this.chunkedEncoding = false;
    this.finished = false;
    this._bodyRid = undefined;
  }

  setHeader(name, value) {
    if (this.headersSent) throw codedError("ERR_HTTP_HEADERS_SENT", "Cannot set headers after they are sent to the client");
    validateHeaderName(name);
    validateHeaderValue(name, value);
    this._headers.set(StringPrototypeToLowerCase(name), { name, value: ArrayIsArray(value) ? ArrayPrototypeMap(value, String) : value });
    return this;
  }

  setHeaders(headers) {
    if (headers instanceof Map) {
      MapPrototypeForEach(headers, (value, name) => this.setHeader(name, value));
    } else if (typeof headers?.entries === "function") {
      for (const entry of headers.entries()) this.setHeader(entry[0], entry[1]);
    } else {
      const entries = ObjectEntries(headers);
      for (let i = 0; i < entries.length; i++) this.setHeader(entries[i][0], entries[i][1]);
    }
    return this;
  }

  appendHeader(name, value) {
    const current = this.getHeader(name);
    if (current === undefined) return this.setHeader(name, value);
    const merged = [];
    const before = ArrayIsArray(current) ? current : [current];
    const added = ArrayIsArray(value) ? value : [value];
    for (let i = 0; i < before.length; i++) ArrayPrototypePush(merged, before[i]);
    for (let i = 0; i < added.length; i++) ArrayPrototypePush(merged, added[i]);
    return this.setHeader(name, merged);
  }

  getHeader(name) {
    return this._headers.get(StringPrototypeToLowerCase(String(name)))?.value;
  }

  getHeaders() {
    const out = ObjectCreate(null);
    this._headers.forEach(({ value }, lower) => {
      out[lower] = value;
    });
    return out;
  }

  getHeaderNames() {
    const names = [];
    this._headers.forEach((_, lower) => ArrayPrototypePush(names, lower));
    return names;
  }

  getRawHeaderNames() {
    const names = [];
    this._headers.forEach((h) => ArrayPrototypePush(names, h.name));
    return names;
  }

  hasHeader(name) {
    return this._headers.has(StringPrototypeToLowerCase(String(name)));
  }

  removeHeader(name) {
    if (this.headersSent) throw codedError("ERR_HTTP_HEADERS_SENT", "Cannot remove headers after they are sent to the client");
    this._headers.delete(StringPrototypeToLowerCase(String(name)));
  }

  flushHeaders() {
    this._sendHead(true);
  }

  _write(chunk, encoding, callback) {
    const data = typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk;
    this._whenHeadSent(true, (err) => {
      if (err) return callback(err);
      if (this._bodyRid === undefined || data.length === 0) return callback();
      PromisePrototypeThen(ops.op_node_http_body_write(this._bodyRid, data), () => callback(), (e) => callback(socketError(e, "write")));
    });
  }

  end(chunk, encoding, callback) {
    if (typeof chunk === "function") {
      callback = chunk;
      chunk = undefined;
    } else if (typeof encoding === "function") {
      callback = encoding;
      encoding = undefined;
    }
    if (!this.headersSent && !this._headPending) {
      // Everything is known: frame it with a Content-Length, as Node does.
      const data = chunk === undefined || chunk === null ? Buffer.alloc(0) : typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk;
      this._contentLengthForEnd(data.length);
    }
    this.finished = true;
    if (chunk !== undefined && chunk !== null) return super.end(chunk, encoding, callback);
    return super.end(callback);
  }

  _final(callback) {
    this._whenHeadSent(false, (err) => {
      if (err) return callback(err);
      if (this._bodyRid !== undefined) core.tryClose(this._bodyRid);
      this._bodyRid = undefined;
      callback();
    });
  }
}

// ---------------------------------------------------------------------------- ServerResponse

const NO_BODY_STATUS = new SafeSet([204, 304]);

export class ServerResponse extends OutgoingMessage {
  constructor(req) {
    super();
    this.req = req;
    this.socket = req?.socket ?? null;
    this.statusCode = 200;
    this.statusMessage = undefined;
    this.sendDate = true;
    this._rid = undefined;
    this._headPending = false;
  }

  get connection() {
    return this.socket;
  }

  writeHead(statusCode, statusMessage, headers) {
    if (this.headersSent) throw codedError("ERR_HTTP_HEADERS_SENT", "Cannot write headers after they are sent to the client");
    if (typeof statusMessage !== "string") {
      headers = statusMessage;
      statusMessage = undefined;
    }
    const code = Number(statusCode);
    if (!NumberIsInteger(code) || code < 100 || code > 999) throw codedError("ERR_HTTP_INVALID_STATUS_CODE", `Invalid status code: ${statusCode}`, RangeError);
    this.statusCode = code;
    if (statusMessage !== undefined) this.statusMessage = statusMessage;
    if (ArrayIsArray(headers)) {
      if (ArrayIsArray(headers[0])) {
        for (let i = 0; i < headers.length; i++) this.appendHeader(headers[i][0], headers[i][1]);
      } else {
        for (let i = 0; 2 * i + 1 < headers.length; i++) this.appendHeader(headers[2 * i], headers[2 * i + 1]);
      }
    } else if (headers) {
      const entries = ObjectEntries(headers);
      for (let i = 0; i < entries.length; i++) if (entries[i][1] !== undefined) this.setHeader(entries[i][0], entries[i][1]);
    }
    this._sendHead(true);
    return this;
  }

  writeContinue() {}

  writeProcessing() {}

  _contentLengthForEnd(length) {
    if (!this.hasHeader("content-length") && !this.hasHeader("transfer-encoding")) {
      if (!NO_BODY_STATUS.has(this.statusCode) && this.req?.method !== "HEAD") this._headers.set("content-length", { name: "Content-Length", value: String(length) });
    }
    this._endLength = length;
  }

  _sendHead(withBody) {
    if (this.headersSent || this._rid === undefined) return;
    this.headersSent = true;
    const hasBody = withBody && !NO_BODY_STATUS.has(this.statusCode) && this.req?.method !== "HEAD" && this._endLength !== 0;
    const reason = this.statusMessage ?? STATUS_CODES[this.statusCode] ?? "";
    try {
      const bodyRid = ops.op_node_http_server_respond(this._rid, this.statusCode, reason, headerPairs(this._headers), hasBody);
      this._bodyRid = bodyRid ?? undefined;
    } catch (err) {
      this.destroy(err);
    }
  }

  _whenHeadSent(withBody, then) {
    this._sendHead(withBody);
    then();
  }

  _destroy(err, callback) {
    if (this._bodyRid !== undefined) core.tryClose(this._bodyRid);
    this._bodyRid = undefined;
    if (!this.headersSent && this._rid !== undefined) core.tryClose(this._rid);
    callback(err);
  }

  setTimeout(ms, callback) {
    if (typeof callback === "function") this.once("timeout", callback);
    return this;
  }

  assignSocket() {}

  detachSocket() {}
}

// ------------------------------------------------------------------------------------ Server

export class Server extends EventEmitter {
  constructor(options, requestListener) {
    super();
    if (typeof options === "function") {
      requestListener = options;
      options = {};
    }
    this._options = options ?? {};
    this.listening = false;
    this.timeout = 0;
    this.keepAliveTimeout = 5000;
    this.headersTimeout = 60000;
    this.requestTimeout = 300000;
    this.maxHeadersCount = null;
    this.maxRequestsPerSocket = 0;
    this._rid = undefined;
    this._address = null;
    this._open = 0;
    this._closing = false;
    this._forget = undefined;
    if (typeof requestListener === "function") this.on("request", requestListener);
  }

  listen(...args) {
    return listenOn(this, args, {
      op: ops.op_node_http_server_listen,
      path: () => codedError("ERR_NOT_SUPPORTED", "http.Server.listen: Unix domain sockets and named pipes are not supported by omp-host"),
      forceClose: () => this.closeAllConnections(),
      serve: (rid) => this._serve(rid),
    });
  }

  async _serve(rid) {
    for (;;) {
      let head;
      try {
        head = await ops.op_node_http_server_next(rid);
      } catch {
        head = null;
      }
      if (!head) break;
      this._dispatch(head);
    }
    this._rid = undefined;
    this._maybeClosed();
  }

  _dispatch(head) {
    if (head.upgrade) {
      // As Node: an upgrade nobody listens for is an ordinary request; a CONNECT nobody
      // listens for is refused.
      const event = head.method === "CONNECT" ? "connect" : "upgrade";
      if (this.listenerCount(event) > 0) return this._handOver(event, head);
      if (event === "connect") {
        core.tryClose(head.bodyRid);
        core.tryClose(head.rid);
        return;
      }
    }
    const socket = fakeSocket({ ...head, localAddress: this._address?.address, localPort: this._address?.port, localFamily: this._address?.family }, this._encrypted);
    const req = new IncomingMessage(socket);
    req._setHead(head);
    req.method = head.method;
    req.url = head.url;
    req._bodyRid = head.bodyRid;
    const res = new ServerResponse(req);
    res._rid = head.rid;
    this._open++;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      this._open--;
      req._releaseBody();
      if (!res.headersSent) core.tryClose(res._rid);
      this._maybeClosed();
    };
    res.once("finish", finish);
    res.once("close", finish);
    try {
      this.emit("request", req, res);
    } catch (err) {
      res.destroy(err);
      throw err;
    }
  }

  /** Gives the connection of an upgrade (or CONNECT) request to the `event` listeners as a
   * socket: what they write first is the response head, as on Node's raw socket. */
  _handOver(event, head) {
    core.tryClose(head.bodyRid);
    const socket = Socket._fromAccepted(ops.op_node_http_server_upgrade(head.rid), this);
    const req = new IncomingMessage(socket);
    req._setHead(head);
    req.method = head.method;
    req.url = head.url;
    req.upgrade = true;
    req.complete = true;
    req.push(null);
    // The server's 'close' waits for the socket, as Node's waits for every connection.
    this._open++;
    socket.once("close", () => {
      this._open--;
      this._maybeClosed();
    });
    this.emit(event, req, socket, Buffer.alloc(0));
  }

  _maybeClosed() {
    if (this._closing && this._open === 0 && this._rid === undefined && !this._closeEmitted) {
      this._closeEmitted = true;
      this._forget?.();
      queueMicrotask(() => this.emit("close"));
    }
  }

  address() {
    return this._address;
  }

  close(callback) {
    if (!startClosing(this, callback)) return this;
    // Stop accepting; open exchanges finish, then the serving loop ends.
    if (this._rid !== undefined) ops.op_node_http_server_stop(this._rid);
    this._maybeClosed();
    return this;
  }

  closeAllConnections() {
    this._closing = true;
    this.listening = false;
    if (this._rid !== undefined) core.tryClose(this._rid);
  }

  closeIdleConnections() {}

  setTimeout(ms, callback) {
    this.timeout = ms;
    if (typeof callback === "function") this.on("timeout", callback);
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

export function createServer(options, requestListener) {
  return new Server(options, requestListener);
}

// ------------------------------------------------------------------------------------ Agent

/** Connection pooling is not done (one connection per request); Agent keeps its options. */
export class Agent extends EventEmitter {
  constructor(options = {}) {
    super();
    this.options = { ...options };
    this.keepAlive = Boolean(options.keepAlive);
    this.maxSockets = options.maxSockets ?? Infinity;
    this.maxFreeSockets = options.maxFreeSockets ?? 256;
    this.maxTotalSockets = options.maxTotalSockets ?? Infinity;
    this.defaultPort = options.defaultPort ?? 80;
    this.protocol = options.protocol ?? "http:";
    this.sockets = {};
    this.freeSockets = {};
    this.requests = {};
  }

  destroy() {}

  getName(options = {}) {
    return `${options.host ?? "localhost"}:${options.port ?? ""}:${options.localAddress ?? ""}`;
  }
}

export const globalAgent = new Agent();

// ----------------------------------------------------------------------------- ClientRequest

const BODYLESS_BY_DEFAULT = new SafeSet(["GET", "HEAD", "DELETE", "OPTIONS", "TRACE", "CONNECT"]);

function urlToOptions(url) {
  return {
    protocol: url.protocol,
    hostname: StringPrototypeStartsWith(url.hostname, "[") ? StringPrototypeSlice(url.hostname, 1, -1) : url.hostname,
    hash: url.hash,
    search: url.search,
    pathname: url.pathname,
    path: `${url.pathname || "/"}${url.search || ""}`,
    href: url.href,
    port: url.port === "" ? undefined : Number(url.port),
    auth: url.username || url.password ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined,
  };
}

export class ClientRequest extends OutgoingMessage {
  constructor(input, options, callback, defaultProtocol = "http:") {
    // The request stays open after its body is sent: the response is still to come. Its
    // 'close' is emitted when the exchange is over (response read, or destroyed).
    super({ autoDestroy: false, emitClose: false });
    if (typeof input === "string" || input instanceof URL) {
      let url;
      try {
        url = new URL(String(input));
      } catch {
        throw codedError("ERR_INVALID_URL", "Invalid URL", TypeError);
      }
      input = urlToOptions(url);
    } else {
      callback = options;
      options = input;
      input = {};
    }
    if (typeof options === "function") {
      callback = options;
      options = {};
    }
    const opts = { ...input, ...(options ?? {}) };
    const agent = opts.agent;
    const protocol = opts.protocol ?? agent?.protocol ?? defaultProtocol;
    if (protocol !== defaultProtocol) {
      throw codedError("ERR_INVALID_PROTOCOL", `Protocol "${protocol}" not supported. Expected "${defaultProtocol}"`, TypeError);
    }
    if (opts.socketPath !== undefined) throw codedError("ERR_NOT_SUPPORTED", "http.request: socketPath (Unix domain sockets) is not supported by omp-host");
    this.protocol = protocol;
    this._tls = protocol === "https:";
    const defaultPort = opts.defaultPort ?? agent?.defaultPort ?? (this._tls ? 443 : 80);
    this.host = opts.hostname ?? (typeof opts.host === "string" ? StringPrototypeReplace(opts.host, PORT_SUFFIX, "") : undefined) ?? "localhost";
    if (StringPrototypeStartsWith(this.host, "[")) this.host = StringPrototypeSlice(this.host, 1, -1);
    this._port = opts.port === undefined || opts.port === null || opts.port === "" ? defaultPort : Number(opts.port);
    this.method = StringPrototypeToUpperCase(String(opts.method ?? "GET"));
    this.path = opts.path ?? "/";
    if (RegExpPrototypeExec(/[\u0000-\u0020]/, this.path) !== null) throw codedError("ERR_UNESCAPED_CHARACTERS", "Request path contains unescaped characters", TypeError);
    this._rejectUnauthorized = opts.rejectUnauthorized ?? agent?.options?.rejectUnauthorized ?? globalThis.process?.env?.NODE_TLS_REJECT_UNAUTHORIZED !== "0";
    this._servername = opts.servername ?? (isIP(this.host) ? undefined : this.host);
    this._ca = opts.ca === undefined ? [] : ArrayPrototypeMap(ArrayIsArray(opts.ca) ? opts.ca : [opts.ca], String);
    this.reusedSocket = false;
    this.aborted = false;
    this.res = null;
    this._exchangeRid = undefined;
    this._headPending = false;
    this._headWaiters = [];
    this._forget = undefined;
    this.maxHeadersCount = null;
    if (ArrayIsArray(opts.headers)) {
      for (let i = 0; i + 1 < opts.headers.length; i += 2) this.appendHeader(opts.headers[i], opts.headers[i + 1]);
    } else if (opts.headers) {
      const entries = ObjectEntries(opts.headers);
      for (let i = 0; i < entries.length; i++) if (entries[i][1] !== undefined) this.setHeader(entries[i][0], entries[i][1]);
    }
    if (opts.setHost !== false && !this.hasHeader("host")) {
      const hostText = StringPrototypeIncludes(this.host, ":") ? `[${this.host}]` : this.host;
      this.setHeader("Host", this._port === defaultPort ? hostText : `${hostText}:${this._port}`);
    }
    if (opts.auth && !this.hasHeader("authorization")) this.setHeader("Authorization", `Basic ${Buffer.from(String(opts.auth)).toString("base64")}`);
    if (typeof callback === "function") this.once("response", callback);
    if (opts.timeout !== undefined) this.setTimeout(opts.timeout);
    if (opts.signal) {
      const signal = opts.signal;
      const onAbort = () => this.destroy(ObjectAssign(new Error("The operation was aborted"), { name: "AbortError", code: "ABORT_ERR", cause: signal.reason }));
      if (signal.aborted) queueMicrotask(onAbort);
      else {
        signal.addEventListener("abort", onAbort, { once: true });
        this.once("close", () => signal.removeEventListener("abort", onAbort));
      }
    }
    this.socket = fakeSocket({ remoteAddress: undefined, remotePort: this._port }, this._tls);
    this._forget = trackRequest((reason) => this.destroy(reason instanceof Error ? reason : undefined));
    queueMicrotask(() => {
      if (!this.destroyed) this.emit("socket", this.socket);
    });
  }

  get connection() {
    return this.socket;
  }

  _contentLengthForEnd(length) {
    if (!this.hasHeader("content-length") && !this.hasHeader("transfer-encoding") && (length > 0 || !BODYLESS_BY_DEFAULT.has(this.method))) {
      this._headers.set("content-length", { name: "Content-Length", value: String(length) });
    }
    this._endLength = length;
  }

  _sendHead(withBody) {
    if (this.headersSent || this.destroyed) return;
    this.headersSent = true;
    this._headPending = true;
    if (!this.hasHeader("connection")) this._headers.set("connection", { name: "Connection", value: "close" });
    const hasBody = withBody && this._endLength !== 0;
    PromisePrototypeThen(
      ops.op_node_http_client_request({
        host: this.host,
        port: this._port,
        tls: this._tls,
        servername: this._servername,
        rejectUnauthorized: Boolean(this._rejectUnauthorized),
        ca: this._ca,
        method: this.method,
        path: this.path,
        headers: headerPairs(this._headers),
        hasBody,
      }),
      ({ rid, bodyRid }) => {
        if (this.destroyed) {
          core.tryClose(rid);
          if (bodyRid !== null && bodyRid !== undefined) core.tryClose(bodyRid);
          return;
        }
        this._exchangeRid = rid;
        this._bodyRid = bodyRid ?? undefined;
        this._headPending = false;
        const waiting = ArrayPrototypeSplice(this._headWaiters, 0);
        for (let i = 0; i < waiting.length; i++) waiting[i]();
        this._awaitResponse(rid);
      },
      (err) => {
        this._headPending = false;
        const error = socketError(err, "connect", this.host, this._port);
        const waiting = ArrayPrototypeSplice(this._headWaiters, 0);
        for (let i = 0; i < waiting.length; i++) waiting[i](error);
        this.destroy(error);
      },
    );
  }

  _whenHeadSent(withBody, then) {
    this._sendHead(withBody);
    if (this._headPending) ArrayPrototypePush(this._headWaiters, then);
    else then();
  }

  _awaitResponse(rid) {
    PromisePrototypeThen(
      ops.op_node_http_client_response(rid),
      (head) => {
        if (this.destroyed) {
          core.tryClose(head.bodyRid);
          return;
        }
        const res = new IncomingMessage(this.socket);
        res._setHead(head);
        res.statusCode = head.status;
        res.statusMessage = head.statusText;
        res._bodyRid = head.bodyRid;
        res.req = this;
        if (head.upgradeRid !== null && head.upgradeRid !== undefined) return this._takeOver(rid, head, res);
        res._onBodyDone = () => {
          core.tryClose(rid);
          this._forget?.();
        };
        this.res = res;
        this._clearTimer();
        if (this.listenerCount("response") === 0) {
          res.resume(); // Node discards an unwanted body.
        } else {
          this.emit("response", res);
        }
        res.once("end", () => queueMicrotask(() => this._emitClose()));
      },
      (err) => {
        if (!this.destroyed) this.destroy(socketError(err, "read", this.host, this._port));
      },
    );
  }

  /** A `101 Switching Protocols` (or a 2xx to `CONNECT`): the connection goes to the 'upgrade'
   * (or 'connect') listeners as a socket (as in Node, it is closed when nobody listens). */
  _takeOver(rid, head, res) {
    const event = this.method === "CONNECT" ? "connect" : "upgrade";
    core.tryClose(head.bodyRid);
    res.upgrade = true;
    res.complete = true;
    res.push(null);
    this._clearTimer();
    const done = () => {
      core.tryClose(rid);
      this._exchangeRid = undefined;
      this._forget?.();
      queueMicrotask(() => this._emitClose());
    };
    if (this.listenerCount(event) === 0) {
      core.tryClose(head.upgradeRid);
      done();
      return;
    }
    PromisePrototypeThen(
      ops.op_node_http_client_upgrade(head.upgradeRid),
      ({ socket: info, head: ahead }) => {
        done();
        const socket = new Socket();
        socket._attach(info);
        if (this.destroyed) {
          socket.destroy();
          return;
        }
        this.upgradeOrConnect = true;
        this.socket = socket;
        this.emit(event, res, socket, Buffer.from(ahead.buffer, ahead.byteOffset, ahead.byteLength));
      },
      (err) => {
        if (!this.destroyed) this.destroy(socketError(err, "read", this.host, this._port));
      },
    );
  }

  abort() {
    if (this.aborted) return;
    this.aborted = true;
    queueMicrotask(() => this.emit("abort"));
    this.destroy();
  }

  _destroy(err, callback) {
    this._clearTimer();
    if (this._bodyRid !== undefined) core.tryClose(this._bodyRid);
    this._bodyRid = undefined;
    if (this._exchangeRid !== undefined) core.tryClose(this._exchangeRid);
    this._forget?.();
    if (this.res && !this.res.complete) this.res.destroy(err ?? codedError("ECONNRESET", "aborted"));
    // A request destroyed before its response errors with "socket hang up", as in Node.
    const error = err ?? (this.res ? undefined : ObjectAssign(new Error("socket hang up"), { code: "ECONNRESET" }));
    callback(this.aborted && !err ? undefined : error);
    queueMicrotask(() => this._emitClose());
  }

  _emitClose() {
    if (this._closeEmitted) return;
    this._closeEmitted = true;
    this.emit("close");
  }

  setTimeout(ms, callback) {
    this._clearTimer();
    if (typeof callback === "function") this.once("timeout", callback);
    if (ms > 0) this._timer = setTimeout(() => this.emit("timeout"), ms);
    return this;
  }

  _clearTimer() {
    if (this._timer !== undefined) clearTimeout(this._timer);
    this._timer = undefined;
  }

  setNoDelay() {}

  setSocketKeepAlive() {}
}

export function request(input, options, callback) {
  return new ClientRequest(input, options, callback, "http:");
}

export function get(input, options, callback) {
  const req = request(input, options, callback);
  req.end();
  return req;
}

const httpModule = {
  METHODS, STATUS_CODES, maxHeaderSize, Agent, globalAgent, ClientRequest, IncomingMessage, OutgoingMessage,
  ServerResponse, Server, createServer, request, get, validateHeaderName, validateHeaderValue,
  setMaxIdleHTTPParsers() {},
};
export default httpModule;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "http", httpModule);
