// `pi.exec(command, args, {signal, timeout, cwd})` (contract 3.2): spawns without a shell,
// collects stdout/stderr (within a bound: past 16 MiB a stream keeps its first and last 8 MiB
// and the whole goes to a spill file, named in the text), never rejects on a non-zero exit,
// and kills the whole process group on abort or timeout. Children are tied to the current
// call so cancelling it kills them.
import { currentCallId } from "omp:/host/call_context";

import { core } from "omp:/host/core";

export async function exec(command, args = [], options = {}) {
  if (typeof command !== "string") throw new TypeError("pi.exec: command must be a string");
  const argv = Array.isArray(args) ? args.map(String) : [];
  const env = {};
  for (const [k, v] of Object.entries(globalThis.process?.env ?? {})) if (v !== undefined) env[k] = String(v);
  const callId = currentCallId() ?? "";
  const id = core.ops.op_exec_start({
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
    core.ops.op_exec_kill(id);
  };
  const signal = options.signal;
  let timer;
  if (signal?.aborted) kill();
  else signal?.addEventListener?.("abort", kill, { once: true });
  if (typeof options.timeout === "number" && options.timeout > 0) timer = setTimeout(kill, options.timeout);
  try {
    const result = await core.ops.op_exec_collect(id, callId);
    return { stdout: result.stdout, stderr: result.stderr, code: result.code ?? 0, killed: killed || result.killed };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    signal?.removeEventListener?.("abort", kill);
  }
}
