#!/usr/bin/env node
// omp-rpc-bridge: serves omp-host's tools to omp through omp's RPC host-tool frames.
//
// The bridge is an omp RPC client that a frontend drives exactly as it would drive omp:
//
//   frontend ⇄ stdin/stdout ⇄ omp-rpc-bridge ⇄ omp --mode rpc
//                                            ⇄ omp-host run
//
// - It reads omp-host's `ready` and registers its tools with omp (`set_host_tools`); the
//   frontend's input is held until omp has answered that.
// - `host_tool_call` → omp-host `call`; `tool_execution_update` → `host_tool_update`;
//   `tool_execution_end` → `host_tool_result`; `host_tool_cancel` → omp-host `cancel`.
// - omp-host's `tools` event (a hot reload) → a new `set_host_tools`.
// - omp-host's hidden `resolve` is registered while a preview waits, each `steer` reminder is
//   sent as omp's `steer` command, and `abort_turn` (a tool's ctx.abort()) as `abort`.
// - Everything else passes through unchanged, both ways. A frontend's own `set_host_tools` is
//   merged with omp-host's tools, and omp's calls of the frontend's tools still reach it.
//
// Run:
//   node examples/omp-rpc-bridge.mjs [--host PATH] [--omp COMMAND] [--load-mode MODE]
//       [--tool P] [--plugin R] [--config F] [--cwd D] [--only] [--no-cache] [--no-watch]
//       [--session ID] [--session-file P] [--host-arg ARG]... [-- OMP_ARGS...]
// omp-host is --host, else $OMP_HOST, else `omp-host` on PATH, started as `omp-host run` with
// the omp-host flags above. omp is --omp, else $OMP_RPC_COMMAND, else `omp` (a command line
// split at spaces, e.g. "bun /path/to/cli.js"), started as `COMMAND --mode rpc OMP_ARGS...`.
// --load-mode essential|discoverable is sent as each tool's omp `loadMode` (default: omp's own,
// "discoverable"). OMP_RPC_BRIDGE_DEBUG=1 logs the omp-host traffic on stderr.
// Frame mapping and limits: docs/omp-rpc-bridge.md.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const log = (text) => process.stderr.write(`omp-rpc-bridge: ${text}\n`);
const debug = process.env.OMP_RPC_BRIDGE_DEBUG ? log : () => {};

// ---------------------------------------------------------------- options
const opt = { host: process.env.OMP_HOST || "omp-host", omp: process.env.OMP_RPC_COMMAND || "omp", loadMode: undefined };
const hostArgs = [];
let ompArgs = [];
const HOST_VALUE_FLAGS = new Set(["--tool", "--plugin", "--config", "--cwd", "--session", "--session-file"]);
const HOST_SWITCHES = new Set(["--only", "--no-cache", "--no-watch"]);
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const flag = argv[i];
  const value = () => {
    if (i + 1 >= argv.length) fail(`${flag} needs a value`);
    return argv[++i];
  };
  if (flag === "--") { ompArgs = argv.slice(i + 1); break; }
  else if (flag === "--host") opt.host = value();
  else if (flag === "--omp") opt.omp = value();
  else if (flag === "--load-mode") opt.loadMode = value();
  else if (flag === "--host-arg") hostArgs.push(value());
  else if (HOST_VALUE_FLAGS.has(flag)) hostArgs.push(flag, value());
  else if (HOST_SWITCHES.has(flag)) hostArgs.push(flag);
  else fail(`unknown option ${flag} (omp's own arguments go after --)`);
}
if (opt.loadMode !== undefined && !["essential", "discoverable"].includes(opt.loadMode)) fail("--load-mode is essential or discoverable");
function fail(message) {
  log(message);
  process.exit(2);
}

// ---------------------------------------------------------------- processes and lines
const [ompCommand, ...ompPrefix] = opt.omp.split(/\s+/).filter(Boolean);
const host = spawn(opt.host, ["run", ...hostArgs], { stdio: ["pipe", "pipe", "inherit"] });
const omp = spawn(ompCommand, [...ompPrefix, "--mode", "rpc", ...ompArgs], { stdio: ["pipe", "pipe", "inherit"] });
for (const [name, child] of [["omp-host", host], ["omp", omp]]) {
  child.on("error", (error) => log(`cannot start ${name}: ${error.message}`));
  child.stdin.on("error", () => {}); // it exited; its "close" handler below says so
}
const lines = (stream, onLine) => createInterface({ input: stream, crlfDelay: Infinity }).on("line", onLine);
const toFront = (line) => process.stdout.write(`${line}\n`);
const toOmp = (frame) => omp.stdin.write(`${typeof frame === "string" ? frame : JSON.stringify(frame)}\n`);
const toHost = (request) => {
  const line = JSON.stringify(request);
  debug(`host> ${line}`);
  host.stdin.write(`${line}\n`);
};

// Commands the bridge itself sends to omp, by id. `front` is the frontend's own request when the
// bridge sends it on the frontend's behalf: the answer then goes back under the frontend's id.
let seq = 0;
const waiting = new Map();
function command(frame, front) {
  const id = `omp-rpc-bridge:${++seq}`;
  return new Promise((resolve) => {
    waiting.set(id, { resolve, front });
    toOmp({ ...frame, id });
  });
}

// ---------------------------------------------------------------- the tools omp sees
let hostTools = []; // omp-host's list, from `ready` and `tools` (including the builtin `resolve`)
let frontTools = []; // the tools the frontend registered with its own `set_host_tools`
const pending = new Set(); // omp-host's pending actions (previews waiting for `resolve`)
let synced = Promise.resolve(); // settles once omp has answered the latest `set_host_tools`

function syncTools(front) {
  const tools = [];
  for (const t of hostTools) {
    if (t.builtin && !(t.name === "resolve" && pending.size > 0)) continue;
    tools.push({
      name: t.name,
      label: t.label || t.name,
      description: (t.description || "").trim() || t.label || t.name, // omp refuses an empty one
      parameters: t.parameters ?? { type: "object", properties: {} },
      // omp does not offer a hidden tool to the model, and a "discoverable" `resolve` would be
      // mounted at xd://resolve, which omp keeps for its own previews: so `resolve` is a plain
      // top-level tool, registered only while something waits for it.
      hidden: t.builtin ? false : t.hidden === true,
      loadMode: t.builtin ? "essential" : opt.loadMode,
    });
  }
  const names = new Set(tools.map((t) => t.name));
  for (const t of frontTools) {
    if (!names.has(t.name)) tools.push(t);
    else if (front) log(`the frontend's host tool "${t.name}" is left out: omp-host has a tool of that name`);
  }
  synced = command({ ...front, type: "set_host_tools", tools }, front);
}
// omp's calls of the frontend's tools go to the frontend; every other host tool call is omp-host's.
const isFrontTool = (name) => frontTools.some((t) => t.name === name) && !hostTools.some((t) => t.name === name);

// ---------------------------------------------------------------- calls
const calls = new Map(); // omp's host_tool_call id -> { hostId, started, cancelled }
const byHostId = new Map(); // omp-host call id -> omp's id
let hostGone = false;
const errorResult = (id, text) => ({ type: "host_tool_result", id, result: { content: [{ type: "text", text }], details: {} }, isError: true });

function startCall(frame) {
  if (hostGone) return toOmp(errorResult(frame.id, `Tool ${frame.toolName} failed: omp-host is not running`));
  // The omp-host call id is the model's tool call id, which the tools and omp-host's session see.
  let hostId = frame.toolCallId || frame.id;
  if (byHostId.has(hostId)) hostId = `${hostId}#${frame.id}`;
  calls.set(frame.id, { hostId, started: false, cancelled: false });
  byHostId.set(hostId, frame.id);
  toHost({ type: "call", id: hostId, tool: frame.toolName, params: frame.arguments ?? {} });
}

function cancelCall(frame) {
  const call = calls.get(frame.targetId);
  if (!call) return false; // not a call of ours: the frontend's
  // omp has already failed the call on its side and takes no result for it; the call stays
  // known until omp-host ends it, so its id is not reused meanwhile.
  if (!call.cancelled) toHost({ type: "cancel", id: call.hostId });
  call.cancelled = true;
  return true;
}

function endCall(hostId) {
  const id = byHostId.get(hostId);
  const call = calls.get(id);
  byHostId.delete(hostId);
  calls.delete(id);
  return call?.cancelled ? undefined : id;
}

// ---------------------------------------------------------------- omp-host's events
let isReady = false;
let hostReady;
const ready = new Promise((resolve) => (hostReady = resolve));

function onHostEvent(msg) {
  const id = byHostId.get(msg.toolCallId);
  switch (msg.type) {
    case "ready":
    case "tools":
      hostTools = msg.tools ?? [];
      for (const e of msg.errors ?? []) log(`omp-host could not load ${e.path}: ${e.error}`);
      if (msg.type === "tools") return syncTools();
      isReady = true;
      return hostReady();
    case "tool_execution_start":
      if (id !== undefined) calls.get(id).started = true;
      return;
    case "tool_execution_update":
      if (id !== undefined && !calls.get(id).cancelled) toOmp({ type: "host_tool_update", id, partialResult: msg.partialResult });
      return;
    case "tool_execution_end": {
      const ompId = endCall(msg.toolCallId);
      const frame = { type: "host_tool_result", id: ompId, result: msg.result, isError: msg.isError === true };
      // Sent once omp has answered the latest `set_host_tools`: if this call staged a preview,
      // `resolve` must be registered before the model's next request.
      if (ompId !== undefined) synced.then(() => toOmp(frame));
      return;
    }
    case "pending_action": {
      const before = pending.size > 0;
      if (msg.state === "queued") pending.add(msg.action.id);
      else if (msg.state === "applied" || msg.state === "discarded") pending.delete(msg.action.id);
      if (before !== pending.size > 0) syncTools();
      return;
    }
    case "steer": {
      const content = msg.message?.content;
      const text = typeof content === "string" ? content : (content ?? []).map((part) => part.text ?? "").join("");
      command({ type: "steer", message: text });
      return;
    }
    case "abort_turn":
      command({ type: "abort" });
      return;
    case "error": {
      const ompId = byHostId.get(msg.id);
      if (ompId !== undefined && !calls.get(ompId).started) {
        endCall(msg.id); // the call request itself was refused
        return toOmp(errorResult(ompId, msg.message));
      }
      // A cancel that crossed the call's end is answered "no running call": nothing to report.
      if (!/cancel: no running call/.test(msg.message)) log(`omp-host: ${msg.message}`);
      return;
    }
    default: // session_event, tool_choice, ui_request (the bridge does not pass --ui)
      return;
  }
}

// ---------------------------------------------------------------- omp's frames
// True when the frame was the bridge's to handle; everything else goes to the frontend.
function onOmpFrame(msg) {
  if (msg.type === "host_tool_call" && !isFrontTool(msg.toolName)) {
    startCall(msg);
    return true;
  }
  if (msg.type === "host_tool_cancel") return cancelCall(msg);
  if (msg.type === "response" && waiting.has(msg.id)) {
    const { resolve, front } = waiting.get(msg.id);
    waiting.delete(msg.id);
    resolve(msg);
    if (front) toFront(JSON.stringify({ ...msg, id: front.id }));
    else if (msg.success === false) log(`omp refused ${msg.command}: ${msg.error}`);
    return true;
  }
  return false;
}

// Protocol v2 (a frontend may negotiate it): a frame over 1 MiB comes as `rpc_chunk` lines.
let chunks = null;
function onOmpLine(line) {
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    return toFront(line);
  }
  if (msg?.type !== "rpc_chunk") return onOmpFrame(msg ?? {}) || toFront(line);
  chunks ??= { lines: [], data: [] };
  chunks.lines.push(line);
  chunks.data.push(Buffer.from(String(msg.data), "base64"));
  if (msg.index + 1 < msg.count) return;
  const whole = chunks;
  chunks = null;
  let frame = null;
  try {
    frame = JSON.parse(Buffer.concat(whole.data).toString("utf8"));
  } catch {}
  if (!frame || !onOmpFrame(frame)) whole.lines.forEach(toFront);
}

// ---------------------------------------------------------------- the frontend's frames
function onFrontLine(line) {
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    return toOmp(line); // omp answers it with its own parse error
  }
  if (msg?.type === "set_host_tools" && Array.isArray(msg.tools)) {
    const previous = frontTools;
    frontTools = msg.tools;
    syncTools(msg);
    synced.then((answer) => answer.success === false && (frontTools = previous)); // omp kept the old set
    return;
  }
  toOmp(line);
}

// ---------------------------------------------------------------- wiring and shutdown
lines(host.stdout, (line) => {
  debug(`host< ${line}`);
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    return log(`omp-host wrote a line that is not JSON: ${line}`);
  }
  onHostEvent(msg);
});
lines(omp.stdout, onOmpLine);

ready.then(() => {
  syncTools();
  // The frontend is read only once omp knows the tools, so its first prompt can use them.
  synced.then(() => lines(process.stdin, onFrontLine).on("close", () => omp.stdin.end()));
});

let ompCode = 0;
let hostFailed = false; // omp-host ended while omp still ran
const closed = new Set();
function closedChild(name, code, signal) {
  closed.add(name);
  if (name === "omp") {
    ompCode = Number.isInteger(code) && code >= 0 ? code : 1;
    if (signal) log(`omp ended by ${signal}`);
    host.stdin.end(); // omp-host shuts down at the end of its input
  } else {
    hostGone = true;
    for (const [id, call] of calls) if (!call.cancelled) toOmp(errorResult(id, `Tool failed: omp-host exited (${code ?? signal}) before the call ended`));
    calls.clear();
    byHostId.clear();
    if (!closed.has("omp")) {
      hostFailed = true;
      log(`omp-host exited (${code ?? signal}); its tools now fail`);
      if (!isReady) omp.stdin.end(); // it never got ready: there is nothing to serve
    }
  }
  if (closed.size === 2) process.stdout.write("", () => process.exit(hostFailed ? 1 : ompCode));
}
host.on("close", (code, signal) => closedChild("omp-host", code, signal));
omp.on("close", (code, signal) => closedChild("omp", code, signal));
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    omp.kill(signal);
    host.stdin.end();
  });
}
