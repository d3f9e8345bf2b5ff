// `pi.exec(command, args, {signal, timeout, cwd})` (contract 3.2): spawns without a shell,
// collects stdout/stderr (within a bound: past 16 MiB a stream keeps its first and last 8 MiB
// and the whole goes to a spill file, named in the text), never rejects on a non-zero exit,
// and kills the whole process group on abort or timeout. Children are tied to the current
// call so cancelling it kills them.
// Built from builtins captured at start-up (a tool that replaces Array, Object or iterator
// methods must not break another tool's pi.exec).
import { currentCallId } from "omp:/host/call_context";

import { core } from "omp:/host/core";

const { ArrayIsArray, ArrayPrototypePush, ObjectKeys, String: StringCtor, TypeError: TypeErrorCtor } = globalThis.__bootstrap.primordials;
const setTimeoutFn = globalThis.setTimeout;
const clearTimeoutFn = globalThis.clearTimeout;
const opExecStart = core.ops.op_exec_start;
const opExecKill = core.ops.op_exec_kill;
const opExecCollect = core.ops.op_exec_collect;

export async function exec(command, args = [], options = {}) {
  if (typeof command !== "string") throw new TypeErrorCtor("pi.exec: command must be a string");
  const argv = [];
  if (ArrayIsArray(args)) for (let i = 0; i < args.length; i++) ArrayPrototypePush(argv, StringCtor(args[i]));
  const env = { __proto__: null };
  const source = globalThis.process?.env ?? {};
  const names = ObjectKeys(source);
  for (let i = 0; i < names.length; i++) {
    const value = source[names[i]];
    if (value !== undefined) env[names[i]] = StringCtor(value);
  }
  const callId = currentCallId() ?? "";
  const id = opExecStart({
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
  let killed = false;
  const kill = () => {
    killed = true;
    opExecKill(id);
  };
  const signal = options.signal;
  let timer;
  if (signal?.aborted) kill();
  else signal?.addEventListener?.("abort", kill, { once: true });
  if (typeof options.timeout === "number" && options.timeout > 0) timer = setTimeoutFn(kill, options.timeout);
  try {
    const result = await opExecCollect(id, callId);
    return { stdout: result.stdout, stderr: result.stderr, code: result.code ?? 0, killed: killed || result.killed };
  } finally {
    if (timer !== undefined) clearTimeoutFn(timer);
    signal?.removeEventListener?.("abort", kill);
  }
}
