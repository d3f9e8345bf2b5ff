// node:child_process: spawn (streaming stdio, exit/close events, kill, detached), exec and
// execFile (buffered, with callbacks and util.promisify support), and the blocking
// execSync / execFileSync / spawnSync. A program the tool's permissions refuse fails as a
// spawn that could not start (`EACCES`: an 'error' event, a callback or rejection, a thrown
// error or `result.error` for the sync forms). Children started during a tool call are tied to it,
// so cancelling the call kills them; `inherit` output goes to the host's stderr because the
// host's stdout carries results.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { EventEmitter } from "omp:/node/events";
import { Readable, Writable } from "omp:/node/stream";
import { Buffer } from "omp:/node/buffer";
import { AbortError, codedError, invalidArgType, signalNumber, systemError } from "omp:/node-internal/errors";
import { currentCallId } from "omp:/host/call_context";

import { core, primordials } from "omp:/host/core";

const {
  ArrayBufferIsView,
  ArrayIsArray,
  ArrayPrototypeConcat,
  ArrayPrototypeJoin,
  ArrayPrototypeMap,
  ArrayPrototypePush,
  ArrayPrototypeSlice,
  MapPrototypeSet,
  MathMax,
  NumberIsFinite,
  ObjectAssign,
  ObjectKeys,
  PromisePrototypeThen,
  ReflectApply,
  SafeMap,
  SafePromiseAll,
  SafeSet,
  SafeSetIterator,
  SetPrototypeAdd,
  SetPrototypeDelete,
  SymbolDispose,
  SymbolFor,
  TypedArrayPrototypeSubarray,
  decodeURIComponent,
} = primordials;
const ops = core.ops;
const customPromisify = SymbolFor("nodejs.util.promisify.custom");

function toPathString(value, name) {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && typeof value.href === "string") return decodeURIComponent(new URL(value.href).pathname);
  throw invalidArgType(name, "of type string", value);
}

function envFor(env) {
  const source = env ?? globalThis.process.env;
  const out = {};
  const keys = ObjectKeys(source);
  for (let i = 0; i < keys.length; i++) {
    const value = source[keys[i]];
    if (value !== undefined) out[keys[i]] = String(value);
  }
  return out;
}

/** One stdio entry as "pipe", "ignore" or "inherit" (+ the stream to pipe into, if any). */
function stdioMode(entry, index) {
  if (entry === undefined || entry === null || entry === "pipe" || entry === "overlapped") return { mode: "pipe" };
  if (entry === "ignore") return { mode: "ignore" };
  if (entry === "inherit" || entry === index || entry === globalThis.process.stdout || entry === globalThis.process.stderr) return { mode: "inherit" };
  if (typeof entry === "number") return { mode: entry === 0 ? "ignore" : "inherit" };
  if (entry === "ipc") throw codedError("ERR_FEATURE_UNAVAILABLE_ON_PLATFORM", "IPC channels (stdio 'ipc', fork) are not supported by omp-host");
  if (entry && (typeof entry.write === "function" || typeof entry.pipe === "function")) return { mode: "pipe", stream: entry };
  return { mode: "pipe" };
}

/** What both spawn ops need to start a child (the Rust `ChildSpec`), tied to the current call. */
function childRequest(spec, modes) {
  return {
    command: spec.command,
    args: spec.argv,
    cwd: spec.cwd,
    env: spec.env,
    stdin: modes[0].mode,
    stdout: modes[1].mode,
    stderr: modes[2].mode,
    argv0: spec.options.argv0 === undefined ? null : String(spec.options.argv0),
    callId: currentCallId() ?? "",
  };
}

function stdioModes(stdio) {
  const list = typeof stdio === "string" ? [stdio, stdio, stdio] : ArrayIsArray(stdio) ? stdio : [];
  return [stdioMode(list[0], 0), stdioMode(list[1], 1), stdioMode(list[2], 2)];
}

/** The program, argv, cwd and env of a spawn call (a shell line when `shell` is set). */
function normalize(file, args, options) {
  if (typeof file !== "string" || file.length === 0) throw invalidArgType("file", "of type string", file);
  if (!ArrayIsArray(args)) {
    options = args;
    args = [];
  }
  options = { ...(options ?? {}) };
  let command = file;
  let argv = ArrayPrototypeMap(args, String);
  if (options.shell) {
    const line = commandLine(file, argv);
    command = typeof options.shell === "string" ? options.shell : "/bin/sh";
    argv = ["-c", line];
  }
  return {
    options,
    command,
    argv,
    cwd: options.cwd !== undefined && options.cwd !== null ? toPathString(options.cwd, "options.cwd") : globalThis.process.cwd(),
    env: envFor(options.env),
    spawnfile: command,
    spawnargs: ArrayPrototypeConcat([options.argv0 ?? command], argv),
  };
}

/** `file` and its arguments joined by spaces, as Node shows a command. */
function commandLine(file, args) {
  return ArrayPrototypeJoin(ArrayPrototypeConcat([file], args), " ");
}

/**
 * Node's message for a child that could not start (`spawn FILE CODE`), or the host's own
 * when it explains itself (a refusal by the tool's permissions names the program, the reason
 * and the config key, ending `…, spawn 'PROGRAM'`).
 */
function spawnMessage(err, verb, file, code) {
  return err.syscall === "spawn" ? err.message : `${verb} ${file} ${code}`;
}

function spawnError(cause, file, spawnargs) {
  const err = systemError(cause);
  const code = err.code ?? "UNKNOWN";
  const out = new Error(spawnMessage(err, "spawn", file, code));
  out.errno = err.errno;
  out.code = code;
  out.syscall = `spawn ${file}`;
  out.path = file;
  out.spawnargs = ArrayPrototypeSlice(spawnargs, 1);
  return out;
}

export class ChildProcess extends EventEmitter {
  constructor() {
    super();
    this.pid = undefined;
    this.stdin = null;
    this.stdout = null;
    this.stderr = null;
    this.stdio = [null, null, null];
    this.exitCode = null;
    this.signalCode = null;
    this.killed = false;
    this.connected = false;
    this.spawnfile = undefined;
    this.spawnargs = [];
    this._id = undefined;
    this._pending = new SafeSet();
    this._unref = false;
  }

  /** Tracks an op promise so unref() can stop it from holding the event loop. */
  _track(promise) {
    SetPrototypeAdd(this._pending, promise);
    if (this._unref) core.unrefOpPromise(promise);
    const forget = () => SetPrototypeDelete(this._pending, promise);
    PromisePrototypeThen(promise, forget, forget);
    return promise;
  }

  kill(signal = "SIGTERM") {
    if (this._id === undefined || this.exitCode !== null || this.signalCode !== null) return false;
    const sent = ops.op_node_child_kill(this._id, signalNumber(signal));
    if (sent) this.killed = true;
    return sent;
  }

  ref() {
    this._unref = false;
    for (const p of new SafeSetIterator(this._pending)) core.refOpPromise(p);
  }

  unref() {
    this._unref = true;
    for (const p of new SafeSetIterator(this._pending)) core.unrefOpPromise(p);
  }

  disconnect() {}

  send() {
    throw codedError("ERR_IPC_CHANNEL_CLOSED", "Channel closed");
  }

  [SymbolDispose ?? SymbolFor("Symbol.dispose")]() {
    if (this.exitCode === null && this.signalCode === null) this.kill();
  }
}

function pumpOutput(child, fd, stream) {
  return (async () => {
    for (;;) {
      let chunk;
      try {
        chunk = await child._track(ops.op_node_child_read(child._id, fd));
      } catch (err) {
        stream.destroy(systemError(err, { syscall: "read" }));
        return;
      }
      if (chunk.length === 0) {
        stream.push(null);
        return;
      }
      stream.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    }
  })();
}

/** A readable stream of a child that never started: closed, as Node closes its pipes. */
function endedStream() {
  const stream = new Readable({ read() {} });
  stream.destroy();
  return stream;
}

function stdinStream(child) {
  return new Writable({
    write(chunk, _encoding, callback) {
      PromisePrototypeThen(ops.op_node_child_write(child._id, chunk), () => callback(), (err) => callback(systemError(err, { syscall: "write" })));
    },
    final(callback) {
      PromisePrototypeThen(ops.op_node_child_close_stdin(child._id), () => callback(), () => callback());
    },
    destroy(err, callback) {
      PromisePrototypeThen(ops.op_node_child_close_stdin(child._id), () => callback(err), () => callback(err));
    },
  });
}

export function spawn(file, args, options) {
  const spec = normalize(file, args, options);
  const opts = spec.options;
  const modes = stdioModes(opts.stdio);
  const child = new ChildProcess();
  child.spawnfile = spec.spawnfile;
  child.spawnargs = spec.spawnargs;
  let spawned;
  try {
    spawned = ops.op_node_spawn({ ...childRequest(spec, modes), detached: Boolean(opts.detached) });
  } catch (cause) {
    const err = spawnError(cause, spec.spawnfile, spec.spawnargs);
    // As in Node, the pipes exist even when the program did not start, closed: code that
    // attaches listeners to them right after spawn() must not fail.
    if (modes[0].mode === "pipe") {
      child.stdin = new Writable({ write: (_chunk, _encoding, callback) => callback() });
      child.stdin.destroy();
    }
    if (modes[1].mode === "pipe") child.stdout = endedStream();
    if (modes[2].mode === "pipe") child.stderr = endedStream();
    child.stdio = [child.stdin, child.stdout, child.stderr];
    queueMicrotask(() => {
      child.emit("error", err);
      child.exitCode = err.errno ?? -1;
      child.emit("close", child.exitCode, null);
    });
    return child;
  }
  child._id = spawned.id;
  child.pid = spawned.pid;
  // Node announces a started child with 'spawn' before any of its output or its exit.
  queueMicrotask(() => child.emit("spawn"));

  if (modes[0].mode === "pipe") child.stdin = stdinStream(child);
  const pumps = [];
  const outputs = [[1, "stdout"], [2, "stderr"]];
  for (let i = 0; i < outputs.length; i++) {
    const fd = outputs[i][0];
    const key = outputs[i][1];
    if (modes[fd].mode !== "pipe") continue;
    const stream = new Readable({ read() {} });
    child[key] = stream;
    ArrayPrototypePush(pumps, pumpOutput(child, fd, stream));
    if (modes[fd].stream) stream.pipe(modes[fd].stream, { end: false });
  }
  if (modes[0].stream && child.stdin) modes[0].stream.pipe(child.stdin);
  child.stdio = [child.stdin, child.stdout, child.stderr];

  let timer;
  const onAbort = () => {
    child.kill(opts.killSignal);
    child.emit("error", new AbortError(undefined, { cause: opts.signal.reason }));
  };
  if (opts.signal) {
    if (opts.signal.aborted) queueMicrotask(onAbort);
    else opts.signal.addEventListener("abort", onAbort, { once: true });
  }
  if (typeof opts.timeout === "number" && opts.timeout > 0) timer = setTimeout(() => child.kill(opts.killSignal), opts.timeout);

  const exited = PromisePrototypeThen(child._track(ops.op_node_child_wait(child._id)), (info) => {
    if (timer !== undefined) clearTimeout(timer);
    opts.signal?.removeEventListener("abort", onAbort);
    child.exitCode = info.code ?? null;
    child.signalCode = info.signal ?? null;
    // As in Node, the child's stdin pipe is closed once the child is gone.
    if (child.stdin && !child.stdin.destroyed) child.stdin.destroy();
    child.emit("exit", child.exitCode, child.signalCode);
  });
  PromisePrototypeThen(SafePromiseAll(ArrayPrototypeConcat([exited], pumps)), () => {
    // Let the streams deliver their last data and `end` before `close`, as Node does.
    setTimeout(() => {
      ops.op_node_child_release(child._id);
      child.emit("close", child.exitCode, child.signalCode);
    }, 0);
  });
  return child;
}

function commandFailed(command, code, signal, stderr) {
  const err = new Error(`Command failed: ${command}${stderr ? `\n${stderr}` : ""}`);
  err.code = code;
  err.signal = signal;
  err.cmd = command;
  return err;
}

/** Shared body of exec and execFile: buffers output, enforces maxBuffer, calls back once. */
function buffered(child, command, options, callback) {
  const encoding = options.encoding ?? "utf8";
  const maxBuffer = options.maxBuffer ?? 1024 * 1024;
  const out = { stdout: [], stderr: [] };
  const sizes = { stdout: 0, stderr: 0 };
  let failure = null;
  let done = false;
  const decode = (chunks) => {
    const all = Buffer.concat(chunks);
    return encoding === "buffer" || encoding === null ? all : all.toString(encoding);
  };
  const finish = (err) => {
    if (done) return;
    done = true;
    const stdout = decode(out.stdout);
    const stderr = decode(out.stderr);
    if (err) {
      err.stdout = stdout;
      err.stderr = stderr;
    }
    if (typeof callback === "function") callback(err, stdout, stderr);
  };
  const keys = ["stdout", "stderr"];
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    child[key]?.on("data", (chunk) => {
      // Past maxBuffer the output is cut there, the child is killed and nothing more is kept.
      if (failure) return;
      const room = maxBuffer - sizes[key];
      if (chunk.length > room) {
        ArrayPrototypePush(out[key], TypedArrayPrototypeSubarray(chunk, 0, MathMax(0, room)));
        sizes[key] = maxBuffer;
        failure = codedError("ERR_CHILD_PROCESS_STDIO_MAXBUFFER", `${key} maxBuffer length exceeded`, RangeError);
        child.kill(options.killSignal);
        return;
      }
      sizes[key] += chunk.length;
      ArrayPrototypePush(out[key], chunk);
    });
  }
  child.on("error", (err) => {
    failure ??= err;
    finish(err);
  });
  child.on("close", (code, signal) => {
    if (failure) return finish(failure);
    if (code === 0 && signal === null) return finish(null);
    const err = commandFailed(command, code, signal, String(decode(out.stderr)));
    err.killed = child.killed;
    finish(err);
  });
  return child;
}

function withPromise(fn) {
  fn[customPromisify] = (...args) => {
    let child;
    const promise = new Promise((resolve, reject) => {
      ArrayPrototypePush(args, (err, stdout, stderr) => (err ? reject(ObjectAssign(err, { stdout, stderr })) : resolve({ stdout, stderr })));
      child = ReflectApply(fn, undefined, args);
    });
    promise.child = child;
    return promise;
  };
  return fn;
}

export const exec = withPromise(function exec(command, options, callback) {
  if (typeof options === "function") {
    callback = options;
    options = {};
  }
  const opts = { ...(options ?? {}) };
  const child = spawn(command, [], { ...opts, shell: typeof opts.shell === "string" ? opts.shell : true });
  return buffered(child, command, opts, callback);
});

export const execFile = withPromise(function execFile(file, args, options, callback) {
  if (typeof args === "function") {
    callback = args;
    args = [];
    options = {};
  } else if (!ArrayIsArray(args)) {
    callback = options;
    options = args;
    args = [];
  }
  if (typeof options === "function") {
    callback = options;
    options = {};
  }
  const opts = { ...(options ?? {}) };
  const child = spawn(file, args ?? [], opts);
  return buffered(child, commandLine(file, args ?? []), opts, callback);
});

function inputBytes(input) {
  if (input === undefined || input === null) return new Uint8Array(0);
  if (typeof input === "string") return Buffer.from(input);
  if (ArrayBufferIsView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  throw invalidArgType("options.input", "of type string or an instance of Buffer, TypedArray, or DataView", input);
}

/** A `maxBuffer` option for the sync op: bytes, or -1 for "no limit of the caller's own". */
function maxBufferOf(value, fallback) {
  if (value === undefined || value === null) return fallback;
  const n = Number(value);
  return NumberIsFinite(n) && n >= 0 ? n : -1;
}

/** spawnSync(file, args?, options?): runs to completion; never throws for the child's failure. */
export function spawnSync(file, args, options) {
  const spec = normalize(file, args, options);
  const opts = spec.options;
  const modes = stdioModes(opts.stdio);
  const input = inputBytes(opts.input);
  const raw = ops.op_node_spawn_sync(
    {
      ...childRequest(spec, modes),
      timeout: typeof opts.timeout === "number" && opts.timeout > 0 ? opts.timeout : 0,
      killSignal: signalNumber(opts.killSignal),
      // Node's default for the sync forms is 1 MiB; Infinity becomes the host's own bound (-1).
      maxBuffer: maxBufferOf(opts.maxBuffer, 1024 * 1024),
    },
    input,
  );
  const encoding = opts.encoding && opts.encoding !== "buffer" ? opts.encoding : null;
  const shape = (bytes, mode) => {
    if (mode !== "pipe") return null;
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return encoding ? buf.toString(encoding) : buf;
  };
  // Output past maxBuffer (1 MiB unless set) is cut there and the call fails with ENOBUFS,
  // as Node's spawnSync does.
  const maxBuffer = opts.maxBuffer ?? 1024 * 1024;
  const overflow = raw.stdout.length > maxBuffer || raw.stderr.length > maxBuffer;
  const bounded = (bytes) => (bytes.length > maxBuffer ? TypedArrayPrototypeSubarray(bytes, 0, maxBuffer) : bytes);
  const stdout = shape(bounded(raw.stdout), modes[1].mode);
  const stderr = shape(bounded(raw.stderr), modes[2].mode);
  const result = { pid: raw.pid, output: [null, stdout, stderr], stdout, stderr, status: raw.status ?? null, signal: raw.signal ?? null };
  if (overflow && !raw.error) {
    result.error = ObjectAssign(new Error(`spawnSync ${spec.spawnfile} ENOBUFS`), {
      errno: -105, code: "ENOBUFS", syscall: `spawnSync ${spec.spawnfile}`, path: spec.spawnfile, spawnargs: ArrayPrototypeSlice(spec.spawnargs, 1),
    });
  }
  if (raw.error) {
    const err = systemError(new Error(raw.error));
    result.error = new Error(spawnMessage(err, "spawnSync", spec.spawnfile, err.code));
    ObjectAssign(result.error, { errno: err.errno, code: err.code, syscall: `spawnSync ${spec.spawnfile}`, path: spec.spawnfile, spawnargs: ArrayPrototypeSlice(spec.spawnargs, 1) });
  }
  return result;
}

/** Throws like Node's execSync/execFileSync when the child failed; answers stdout otherwise. */
function checkSync(result, command, opts) {
  if (!opts.stdio && result.stderr && result.stderr.length > 0) globalThis.process.stderr.write(result.stderr);
  if (result.error) {
    ObjectAssign(result.error, { status: result.status, signal: result.signal, output: result.output, pid: result.pid, stdout: result.stdout, stderr: result.stderr });
    throw result.error;
  }
  if (result.status !== 0) {
    const stderrText = result.stderr ? String(result.stderr) : "";
    const err = new Error(`Command failed: ${command}${stderrText ? `\n${stderrText}` : ""}`);
    ObjectAssign(err, { status: result.status, signal: result.signal, output: result.output, pid: result.pid, stdout: result.stdout, stderr: result.stderr });
    throw err;
  }
  return result.stdout;
}

export function execSync(command, options) {
  const opts = { ...(options ?? {}) };
  const result = spawnSync(command, [], { ...opts, shell: typeof opts.shell === "string" ? opts.shell : true });
  return checkSync(result, command, opts);
}

export function execFileSync(file, args, options) {
  if (!ArrayIsArray(args)) {
    options = args;
    args = [];
  }
  const opts = { ...(options ?? {}) };
  const result = spawnSync(file, args, opts);
  return checkSync(result, commandLine(file, args), opts);
}

export function fork() {
  throw codedError("ERR_FEATURE_UNAVAILABLE_ON_PLATFORM", "child_process.fork() is not supported by omp-host (no IPC channel); use spawn() with a command line");
}

const childProcessModule = { ChildProcess, spawn, exec, execFile, spawnSync, execSync, execFileSync, fork };
export default childProcessModule;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "child_process", childProcessModule);
