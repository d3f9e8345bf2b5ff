// `pi.exec(command, args, {signal, timeout, cwd})` (contract 3.2): spawns without a shell,
// collects stdout/stderr (within a bound: past 16 MiB a stream keeps its first and last 8 MiB
// and the whole goes to a spill file, named in the text), never rejects on a non-zero exit,
// and kills the whole process group on abort or timeout. Children are tied to the current
// call so cancelling it kills them.
// Called from a tool a pi extension registered, it answers as pi 1.6's `exec` does:
// `{stdout, stderr, code, killed, truncated}`, where a process ended by a signal has code
// 128 + its number (143 for SIGTERM), `maxBuffer` (default 256 MiB) bounds stdout and stderr
// together (past it: `truncated`, the process terminated, a non-zero code), a process pi ends
// gets SIGTERM and 5 s later SIGKILL, and a program that cannot be started is code 1 with the
// reason in stderr (also a program the tool's permissions refuse). omp's tools keep omp's
// answer `{stdout, stderr, code, killed}`, and a command that cannot start rejects.
// Built from builtins captured at start-up (a tool that replaces Array, Object or iterator
// methods must not break another tool's pi.exec).
import { currentCall } from "omp:/host/call_context";
import { messageOf } from "omp:/host/errors";
import { systemError } from "omp:/node-internal/errors";
import { core, primordials } from "omp:/host/core";

const {
  ArrayIsArray,
  ArrayPrototypePush,
  NumberIsInteger,
  ObjectKeys,
  RangeError: RangeErrorCtor,
  String: StringCtor,
  TypeError: TypeErrorCtor,
} = primordials;
const setTimeoutFn = globalThis.setTimeout;
const clearTimeoutFn = globalThis.clearTimeout;
const opExecStart = core.ops.op_exec_start;
const opExecKill = core.ops.op_exec_kill;
const opExecTerminate = core.ops.op_exec_terminate;
const opExecCollect = core.ops.op_exec_collect;

/** The longest string the engine makes (node's `buffer.constants.MAX_STRING_LENGTH`). */
const MAX_STRING_LENGTH = 2 ** 29 - 24;
/** pi's default `maxBuffer`: 256 MiB, within the longest string. */
const DEFAULT_MAX_BUFFER = 256 * 1024 * 1024;

export async function exec(command, args = [], options = {}, asPi = false) {
  if (typeof command !== "string") throw new TypeErrorCtor("pi.exec: command must be a string");
  // In a call, the running tool decides the shape: pi's for a tool an extension registered,
  // omp's for a factory's. Outside calls (a factory, a session handler), a pi extension's own
  // `pi.exec` answers as pi's (`asPi`), anything else as omp's.
  const call = currentCall();
  const piShape = call ? call.loaded?.registered === true : asPi;
  const maxBuffer = options.maxBuffer ?? DEFAULT_MAX_BUFFER;
  if (piShape && (!NumberIsInteger(maxBuffer) || maxBuffer < 0 || maxBuffer > MAX_STRING_LENGTH)) {
    throw new RangeErrorCtor(`maxBuffer must be an integer between 0 and ${MAX_STRING_LENGTH} bytes`);
  }
  const argv = [];
  if (ArrayIsArray(args)) for (let i = 0; i < args.length; i++) ArrayPrototypePush(argv, StringCtor(args[i]));
  const env = { __proto__: null };
  const source = globalThis.process?.env ?? {};
  const names = ObjectKeys(source);
  for (let i = 0; i < names.length; i++) {
    const value = source[names[i]];
    if (value !== undefined) env[names[i]] = StringCtor(value);
  }
  const callId = call?.callId ?? "";
  let id;
  try {
    id = opExecStart({
      __proto__: null,
      command,
      args: argv,
      cwd: options.cwd ?? globalThis.process.cwd(),
      env,
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
      detached: false,
      callId,
    });
  } catch (err) {
    // pi reports a command that could not start as a failed run, not a rejection. omp's
    // tools get the error, with Node's `code` when it has one (`EACCES` for a program the
    // tool's permissions do not grant).
    if (!piShape) throw systemError(err);
    return { stdout: "", stderr: messageOf(err), code: 1, killed: false, truncated: false };
  }
  let killed = false;
  const kill = () => {
    if (killed) return;
    killed = true;
    if (piShape) opExecTerminate(id);
    else opExecKill(id);
  };
  const signal = options.signal;
  let timer;
  if (signal?.aborted) kill();
  else signal?.addEventListener?.("abort", kill, { once: true });
  if (typeof options.timeout === "number" && options.timeout > 0) timer = setTimeoutFn(kill, options.timeout);
  try {
    const result = await opExecCollect(id, callId, piShape ? maxBuffer : null);
    if (!piShape) return { stdout: result.stdout, stderr: result.stderr, code: result.code ?? 0, killed: killed || result.killed };
    // A signal-killed command has no exit code: the shell's convention, as pi.
    const code = result.code ?? (result.signal !== null && result.signal !== undefined ? 128 + result.signal : 1);
    return {
      stdout: result.stdout,
      stderr: result.stderr,
      // A truncated result never reads as success.
      code: result.truncated && code === 0 ? 1 : code,
      killed: killed || result.killed,
      truncated: result.truncated,
    };
  } finally {
    if (timer !== undefined) clearTimeoutFn(timer);
    signal?.removeEventListener?.("abort", kill);
  }
}
