// The non-Node globals tools use, built directly on host ops so the bootstrap stays small:
// Bun's `Bun` (spawn, spawnSync, file, write, env, sleep, which) and the Web Crypto
// `crypto` object (getRandomValues, randomUUID and `subtle.digest` only). `Response` is not provided by
// this module, so Bun.spawn's stdout/stderr streams carry `.text()`, `.json()`,
// `.arrayBuffer()` and `.bytes()` themselves.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { Buffer } from "omp:/node/buffer";
import { callOp, awaitOp, signalNumber, systemError } from "omp:/node-internal/errors";
import { currentCallId } from "omp:/host/call_context";

import { core, primordials } from "omp:/host/core";

const {
  ArrayBufferIsView,
  ArrayBufferPrototypeSlice,
  ArrayIsArray,
  ArrayPrototypeJoin,
  ArrayPrototypeMap,
  ArrayPrototypePush,
  ArrayPrototypeSlice,
  DateNow,
  DatePrototypeGetTime,
  JSONParse,
  MathMax,
  MathRound,
  NumberIsFinite,
  NumberPOSITIVE_INFINITY,
  NumberPrototypeToString,
  ObjectAssign,
  ObjectKeys,
  PromisePrototypeThen,
  PromiseResolve,
  RegExpPrototypeExec,
  StringPrototypeIncludes,
  StringPrototypeLastIndexOf,
  StringPrototypePadStart,
  StringPrototypeSlice,
  StringPrototypeSplit,
  StringPrototypeStartsWith,
  StringPrototypeToLowerCase,
  StringPrototypeToUpperCase,
  decodeURIComponent,
  encodeURIComponent,
} = primordials;
const ops = core.ops;

// ------------------------------------------------------------------------------ crypto

function getRandomValues(array) {
  if (!ArrayBufferIsView(array) || array instanceof Float32Array || array instanceof Float64Array || array instanceof DataView) {
    throw new TypeError("Failed to execute 'getRandomValues' on 'Crypto': The provided ArrayBufferView is not an integer array type");
  }
  if (array.byteLength > 65536) {
    throw new globalThis.DOMException(`The ArrayBufferView's byte length (${array.byteLength}) exceeds the number of bytes of entropy available via this API (65536)`, "QuotaExceededError");
  }
  ops.op_node_random_fill(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
  return array;
}

/** An RFC 4122 version-4 UUID from the host's random source (also node:crypto's randomUUID). */
export function randomUUID() {
  const b = new Uint8Array(16);
  ops.op_node_random_fill(b);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  let hex = "";
  for (let i = 0; i < b.length; i++) hex += StringPrototypePadStart(NumberPrototypeToString(b[i], 16), 2, "0");
  const part = (start, end) => StringPrototypeSlice(hex, start, end);
  return `${part(0, 8)}-${part(8, 12)}-${part(12, 16)}-${part(16, 20)}-${part(20)}`;
}

const DIGESTS = { "SHA-1": "sha1", "SHA-256": "sha256", "SHA-384": "sha384", "SHA-512": "sha512" };

/** `crypto.subtle.digest(algorithm, data)`: the one SubtleCrypto method the host provides. */
async function digest(algorithm, data) {
  const name = StringPrototypeToUpperCase(String(typeof algorithm === "object" && algorithm !== null ? algorithm.name : algorithm));
  const op = DIGESTS[name];
  if (!op) throw new globalThis.DOMException(`Unrecognized algorithm name: ${name}`, "NotSupportedError");
  const bytes = ArrayBufferIsView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data);
  const out = ops.op_node_hash(op, bytes);
  return ArrayBufferPrototypeSlice(out.buffer, out.byteOffset, out.byteOffset + out.byteLength);
}

export const webCrypto = { getRandomValues, randomUUID, subtle: { digest } };

// ------------------------------------------------------------------------------ helpers

function pathOf(target) {
  if (typeof target === "string") return target;
  if (target instanceof BunFile) return target.name;
  if (target && typeof target.href === "string") return decodeURIComponent(new URL(target.href).pathname);
  throw new TypeError("Expected a path, URL or BunFile");
}

async function bytesOf(data) {
  if (typeof data === "string") return Buffer.from(data);
  if (data instanceof Uint8Array) return data;
  if (ArrayBufferIsView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  // `return await`: handing back a promise would look up its (replaceable) `then`.
  if (data instanceof BunFile) return await data.bytes();
  if (data && typeof data.arrayBuffer === "function") return new Uint8Array(await data.arrayBuffer());
  if (data && typeof data.getReader === "function") return await collect(data);
  return Buffer.from(String(data));
}

async function collect(stream) {
  const reader = stream.getReader();
  const parts = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    ArrayPrototypePush(parts, value);
  }
  return Buffer.concat(parts);
}

/** Adds Response-like readers to a ReadableStream (`new Response(stream)` is not available). */
function withBodyReaders(stream) {
  let body;
  const bytes = () => (body ??= collect(stream));
  stream.bytes = async () => new Uint8Array(await bytes());
  stream.arrayBuffer = async () => {
    const b = await bytes();
    return ArrayBufferPrototypeSlice(b.buffer, b.byteOffset, b.byteOffset + b.byteLength);
  };
  stream.text = async () => (await bytes()).toString("utf8");
  stream.json = async () => JSONParse((await bytes()).toString("utf8"));
  return stream;
}

function statOf(path) {
  try {
    return ops.op_node_fs_sync({ op: "stat", path, follow: true });
  } catch {
    return null;
  }
}

const MIME = { txt: "text/plain;charset=utf-8", json: "application/json;charset=utf-8", js: "text/javascript;charset=utf-8", ts: "text/javascript;charset=utf-8", html: "text/html;charset=utf-8", css: "text/css;charset=utf-8", md: "text/markdown;charset=utf-8", png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif", svg: "image/svg+xml", wasm: "application/wasm" };

// ------------------------------------------------------------------------------ Bun.file

export class BunFile {
  constructor(path, options = {}) {
    this.name = path;
    const found = RegExpPrototypeExec(/\.([^./]+)$/, path)?.[1];
    const ext = found === undefined ? undefined : StringPrototypeToLowerCase(found);
    this.type = options.type ?? MIME[ext] ?? "application/octet-stream";
  }

  get size() {
    return statOf(this.name)?.size ?? 0;
  }

  get lastModified() {
    return statOf(this.name)?.mtimeMs ?? 0;
  }

  async bytes() {
    return await awaitOp(ops.op_node_fs_read_file_async(this.name), { path: this.name });
  }

  async arrayBuffer() {
    const b = await this.bytes();
    return ArrayBufferPrototypeSlice(b.buffer, b.byteOffset, b.byteOffset + b.byteLength);
  }

  async text() {
    return Buffer.from(await this.bytes()).toString("utf8");
  }

  async json() {
    return JSONParse(await this.text());
  }

  async exists() {
    const stat = statOf(this.name);
    return stat !== null && (stat.mode & 0o170000) !== 0o040000;
  }

  stream() {
    const path = this.name;
    return withBodyReaders(
      new globalThis.ReadableStream({
        async start(controller) {
          try {
            controller.enqueue(await awaitOp(ops.op_node_fs_read_file_async(path), { path }));
            controller.close();
          } catch (err) {
            controller.error(err);
          }
        },
      }),
    );
  }

  async write(data) {
    return await write(this, data);
  }

  async delete() {
    await awaitOp(ops.op_node_fs_async({ op: "unlink", path: this.name }));
  }

  async unlink() {
    return await this.delete();
  }

  writer() {
    const path = this.name;
    callOp(() => ops.op_node_fs_write_file(path, new Uint8Array(0), "w", 0o666), { path });
    return {
      write(chunk) {
        const data = typeof chunk === "string" ? Buffer.from(chunk) : new Uint8Array(chunk.buffer ?? chunk, chunk.byteOffset ?? 0, chunk.byteLength);
        callOp(() => ops.op_node_fs_write_file(path, data, "a", 0o666), { path });
        return data.byteLength;
      },
      flush() {
        return 0;
      },
      end() {
        return 0;
      },
    };
  }
}

function file(path, options) {
  return new BunFile(pathOf(path), options);
}

/** Bun.write(destination, data): creates missing parent folders, answers the bytes written. */
async function write(destination, data) {
  const path = pathOf(destination);
  const bytes = await bytesOf(data);
  const parent = StringPrototypeIncludes(path, "/") ? StringPrototypeSlice(path, 0, StringPrototypeLastIndexOf(path, "/")) : "";
  if (parent && !statOf(parent)) await awaitOp(ops.op_node_fs_async({ op: "mkdir", path: parent, recursive: true, mode: 0o777 }));
  await awaitOp(ops.op_node_fs_write_file_async(path, bytes, "w", 0o666), { path });
  return bytes.byteLength;
}

// ------------------------------------------------------------------------------ Bun.spawn

function envOf(env) {
  const source = env ?? globalThis.process.env;
  const out = {};
  const keys = ObjectKeys(source);
  for (let i = 0; i < keys.length; i++) {
    const v = source[keys[i]];
    if (v !== undefined) out[keys[i]] = String(v);
  }
  return out;
}

function modeOf(value, fallback) {
  if (value === undefined) return fallback;
  if (value === null || value === "ignore") return "ignore";
  if (value === "inherit") return "inherit";
  if (value === "pipe") return "pipe";
  return "pipe"; // data to feed (stdin) or a stream to fill
}

function spawnArgs(first, second) {
  const options = ArrayIsArray(first) ? { ...(second ?? {}), cmd: first } : { ...(first ?? {}) };
  if (!ArrayIsArray(options.cmd) || options.cmd.length === 0) throw new TypeError("Bun.spawn: cmd must be a non-empty array of strings");
  return options;
}

function spawn(first, second) {
  const options = spawnArgs(first, second);
  const argv = ArrayPrototypeMap(options.cmd, String);
  const command = argv[0];
  const args = ArrayPrototypeSlice(argv, 1);
  const stdinMode = modeOf(options.stdin, "ignore");
  const stdoutMode = modeOf(options.stdout, "pipe");
  const stderrMode = modeOf(options.stderr, "inherit");
  let spawned;
  try {
    spawned = ops.op_node_spawn({
      command,
      args,
      cwd: options.cwd ?? globalThis.process.cwd(),
      env: envOf(options.env),
      stdin: stdinMode,
      stdout: stdoutMode,
      stderr: stderrMode,
      detached: Boolean(options.detached),
      callId: currentCallId() ?? "",
    });
  } catch (cause) {
    const err = systemError(cause);
    const out = new Error(`${err.code === "ENOENT" ? "Executable not found in $PATH" : err.message}: "${command}"`);
    ObjectAssign(out, { code: err.code, errno: err.errno, syscall: `spawn ${command}`, path: command });
    throw out;
  }
  const { id, pid } = spawned;
  // The child's table entry is released once it exited and every pipe reached its end.
  let holds = 1 + (stdoutMode === "pipe" ? 1 : 0) + (stderrMode === "pipe" ? 1 : 0);
  const release = () => {
    if (--holds === 0) ops.op_node_child_release(id);
  };
  const output = (fd) =>
    withBodyReaders(
      new globalThis.ReadableStream(
        {
          async pull(controller) {
            let chunk;
            try {
              chunk = await ops.op_node_child_read(id, fd);
            } catch (err) {
              release();
              controller.error(systemError(err));
              return;
            }
            if (chunk.length === 0) {
              release();
              controller.close();
            } else controller.enqueue(chunk);
          },
        },
        // Read eagerly, as Bun does, so a child never blocks on a full pipe.
        { highWaterMark: NumberPOSITIVE_INFINITY },
      ),
    );
  // Writes run one after another. Chained with async functions, not `then`: a `then` callback
  // that returns a promise has that promise's (replaceable) `then` looked up.
  let writes = PromiseResolve();
  const settled = async () => {
    await writes;
    return 0;
  };
  const stdin =
    stdinMode === "pipe"
      ? {
          write(chunk) {
            const data = typeof chunk === "string" ? Buffer.from(chunk) : new Uint8Array(chunk.buffer ?? chunk, chunk.byteOffset ?? 0, chunk.byteLength);
            const copy = new Uint8Array(data);
            const previous = writes;
            writes = (async () => {
              try {
                await previous;
                await ops.op_node_child_write(id, copy);
              } catch {}
            })();
            return copy.byteLength;
          },
          flush() {
            return settled();
          },
          end() {
            const previous = writes;
            writes = (async () => {
              await previous;
              await ops.op_node_child_close_stdin(id);
            })();
            return settled();
          },
          ref() {},
          unref() {},
        }
      : undefined;
  const feed = options.stdin;
  if (stdin && feed !== "pipe" && feed !== undefined && feed !== null) {
    PromisePrototypeThen(bytesOf(feed), (bytes) => {
      stdin.write(bytes);
      stdin.end();
    });
  }
  const proc = {
    pid,
    stdin,
    stdout: stdoutMode === "pipe" ? output(1) : undefined,
    stderr: stderrMode === "pipe" ? output(2) : undefined,
    exitCode: null,
    signalCode: null,
    killed: false,
    kill(signal) {
      if (ops.op_node_child_kill(id, signalNumber(signal ?? "SIGTERM"))) proc.killed = true;
    },
    ref() {},
    unref() {},
  };
  proc.exited = PromisePrototypeThen(ops.op_node_child_wait(id), (info) => {
    proc.exitCode = info.code ?? null;
    proc.signalCode = info.signal ?? null;
    release();
    const code = info.code ?? 128 + (info.signal ? signalNumber(info.signal) : 0);
    if (typeof options.onExit === "function") options.onExit(proc, proc.exitCode, proc.signalCode ? signalNumber(proc.signalCode) : null, undefined);
    return code;
  });
  return proc;
}

function spawnSync(first, second) {
  const options = spawnArgs(first, second);
  const argv = ArrayPrototypeMap(options.cmd, String);
  const command = argv[0];
  const args = ArrayPrototypeSlice(argv, 1);
  const input = options.stdin;
  const hasInput = typeof input === "string" || ArrayBufferIsView(input) || input instanceof ArrayBuffer;
  const bytes = typeof input === "string" ? Buffer.from(input) : ArrayBufferIsView(input) ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength) : input instanceof ArrayBuffer ? new Uint8Array(input) : new Uint8Array(0);
  const raw = ops.op_node_spawn_sync(
    {
      command,
      args,
      cwd: options.cwd ?? globalThis.process.cwd(),
      env: envOf(options.env),
      stdin: hasInput ? "pipe" : modeOf(input, "ignore"),
      stdout: modeOf(options.stdout, "pipe"),
      stderr: modeOf(options.stderr, "pipe"),
      timeout: typeof options.timeout === "number" ? options.timeout : 0,
      killSignal: signalNumber(options.killSignal ?? "SIGTERM"),
      // Bun keeps everything unless told; the host still bounds what it holds (-1).
      maxBuffer: typeof options.maxBuffer === "number" && NumberIsFinite(options.maxBuffer) && options.maxBuffer >= 0 ? options.maxBuffer : -1,
      callId: currentCallId() ?? "",
    },
    bytes,
  );
  if (raw.error && raw.pid === 0) throw systemError(new Error(raw.error), { path: command });
  return {
    pid: raw.pid,
    stdout: Buffer.from(raw.stdout.buffer, raw.stdout.byteOffset, raw.stdout.byteLength),
    stderr: Buffer.from(raw.stderr.buffer, raw.stderr.byteOffset, raw.stderr.byteLength),
    exitCode: raw.status ?? null,
    signalCode: raw.signal ?? null,
    success: raw.status === 0,
  };
}

// ------------------------------------------------------------------------------ the rest

function which(command, options = {}) {
  const isExecutableFile = (path) => {
    const stat = statOf(path);
    if (!stat || (stat.mode & 0o170000) !== 0o100000) return false;
    try {
      ops.op_node_fs_sync({ op: "access", path, mode: 1 });
      return true;
    } catch {
      return false;
    }
  };
  const cwd = options.cwd ?? globalThis.process.cwd();
  if (StringPrototypeIncludes(command, "/")) {
    const path = StringPrototypeStartsWith(command, "/") ? command : `${cwd}/${command}`;
    return isExecutableFile(path) ? path : null;
  }
  const dirs = StringPrototypeSplit(String(options.PATH ?? globalThis.process.env.PATH ?? ""), ":");
  for (let i = 0; i < dirs.length; i++) {
    const dir = dirs[i];
    if (!dir) continue;
    const base = StringPrototypeStartsWith(dir, "/") ? dir : `${cwd}/${dir}`;
    const path = `${base}/${command}`;
    if (isExecutableFile(path)) return path;
  }
  return null;
}

function sleep(ms) {
  const delay = ms instanceof Date ? DatePrototypeGetTime(ms) - DateNow() : Number(ms);
  return new Promise((resolve) => globalThis.setTimeout(resolve, MathMax(0, delay)));
}

export const Bun = {
  spawn,
  spawnSync,
  file,
  write,
  which,
  sleep,
  get env() {
    return globalThis.process.env;
  },
  get argv() {
    return globalThis.process.argv;
  },
  nanoseconds: () => MathRound(core.ops.op_hrtime_ns()),
  fileURLToPath: (url) => decodeURIComponent(new URL(String(url)).pathname),
  pathToFileURL: (path) => new URL(`file://${ArrayPrototypeJoin(ArrayPrototypeMap(StringPrototypeSplit(path, "/"), encodeURIComponent), "/")}`),
};
