// A manual check of examples/omp-rpc-bridge.mjs against the real `omp --mode rpc` (not run by
// run.mjs: it needs omp, which runs on Bun). A scripted model stand-in serves omp's OpenAI
// chat-completions requests on 127.0.0.1; this script is the bridge's frontend and drives
// three prompts through it:
//   1. "greet"     → the model calls `greet` → the result goes back to the model;
//   2. "edit"      → the model calls `edit_preview` → omp-host stages a preview, the bridge
//                    registers `resolve` and steers the reminder → the model calls `resolve`;
//   3. "countdown" → the model calls a slow `countdown`; the frontend sends `abort` at its first
//                    update → omp sends host_tool_cancel → the bridge cancels the omp-host call.
// Run (omp installed with `npm install @oh-my-pi/pi-coding-agent bun`):
//   node tests/omp_rpc_bridge/real-omp.mjs --host PATH/TO/omp-host \
//     --omp "PATH/TO/bun PATH/TO/@oh-my-pi/pi-coding-agent/dist/cli.js"
// It prints what happened as JSON lines and "N passed, N failed" for the three checks.
// Tried with omp 18.2.3 (18.3.4 could not be installed: some of its @oh-my-pi dependencies
// were not on the registry at that version).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const option = (name) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const hostPath = option("--host") ?? process.env.OMP_HOST;
const ompCommand = option("--omp") ?? process.env.OMP_RPC_COMMAND;
const loadMode = option("--load-mode") ?? "essential";
if (!hostPath || !ompCommand) {
  console.error('usage: node tests/omp_rpc_bridge/real-omp.mjs --host PATH --omp "BUN CLI.JS" [--load-mode essential|discoverable]');
  process.exit(2);
}
const WAIT_MS = 180000;
const scratch = mkdtempSync(join(tmpdir(), "omp-rpc-bridge-real-"));
const project = join(scratch, "project");
mkdirSync(project);
writeFileSync(join(project, "notes.txt"), "alpha\nbeta\n");

// ---------------------------------------------------------------- the scripted model
const requests = []; // what omp asked the model: tool names offered and the last message
function script(body) {
  const messages = body.messages ?? [];
  const last = messages.at(-1) ?? {};
  const textOf = (m) => (typeof m.content === "string" ? m.content : (m.content ?? []).map((p) => p.text ?? "").join(""));
  const tools = (body.tools ?? []).map((t) => t.function?.name ?? t.name);
  // The user's own words, without the reminders and notices omp adds to user messages.
  const own = (m) => textOf(m).replace(/<(system-reminder|system-notice)>[\s\S]*?<\/\1>/g, "").trim();
  const prompt = own([...messages].reverse().find((m) => m.role === "user" && own(m)) ?? {});
  requests.push({ tools, lastRole: last.role, last: textOf(last).slice(0, 300) });
  // A "discoverable" tool is not in the request's tools: omp mounts it at xd://NAME, run by `write`.
  const call = (name, args) =>
    tools.includes(name) || !tools.includes("write")
      ? { tool: { name, args } }
      : { tool: { name: "write", args: { path: `xd://${name}`, content: JSON.stringify(args) } } };
  // The preview's reminder arrives as a steered user message: resolve the preview, once.
  const reminded = messages.some((m) => /Call the `resolve` tool/.test(textOf(m)));
  const resolved = messages.some((m) => (m.tool_calls ?? []).some((c) => /resolve/.test(`${c.function?.name} ${c.function?.arguments}`)));
  if (reminded && !resolved) return call("resolve", { action: "apply", reason: "The edit was asked for." });
  if (last.role === "tool") return { text: `done: ${textOf(last).slice(0, 200)}` };
  if (/greet/.test(prompt)) return call("greet", { name: "Ada", excited: true });
  if (/edit/.test(prompt)) return call("edit_preview", { path: "notes.txt", oldText: "beta", newText: "gamma" });
  if (/countdown/.test(prompt)) return call("countdown", { from: 20, delayMs: 1000 });
  return { text: "nothing to do" };
}

let callSeq = 0;
const server = createServer((req, res) => {
  let raw = "";
  req.on("data", (d) => (raw += d));
  req.on("end", () => {
    let body = {};
    try {
      body = JSON.parse(raw || "{}");
    } catch {}
    if (req.method !== "POST" || !req.url.endsWith("/chat/completions")) {
      requests.push({ unexpected: `${req.method} ${req.url}` });
      res.writeHead(404).end();
      return;
    }
    const answer = script(body);
    const chunk = (delta, finish) =>
      `data: ${JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 0, model: body.model, choices: [{ index: 0, delta, finish_reason: finish ?? null }] })}\n\n`;
    res.writeHead(200, { "content-type": "text/event-stream" });
    if (answer.tool) {
      const id = `call_${++callSeq}`;
      res.write(chunk({ role: "assistant", tool_calls: [{ index: 0, id, type: "function", function: { name: answer.tool.name, arguments: JSON.stringify(answer.tool.args) } }] }));
      res.write(chunk({}, "tool_calls"));
    } else {
      res.write(chunk({ role: "assistant", content: answer.text }));
      res.write(chunk({}, "stop"));
    }
    res.write(`data: ${JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 0, model: body.model, choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } })}\n\n`);
    res.end("data: [DONE]\n\n");
  });
});
await new Promise((done) => server.listen(0, "127.0.0.1", done));
const port = server.address().port;

// ---------------------------------------------------------------- omp's configuration
const home = join(scratch, "home");
const agentDir = join(home, ".omp", "agent");
mkdirSync(agentDir, { recursive: true });
writeFileSync(
  join(agentDir, "models.yml"),
  `providers:
  scripted:
    baseUrl: http://127.0.0.1:${port}/v1
    api: openai-completions
    auth: none
    models:
      - id: script
        name: Scripted model
        reasoning: false
        input: [text]
        contextWindow: 128000
        maxTokens: 4096
        cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }
`,
);

// ---------------------------------------------------------------- the bridge
const tools = ["examples/tools/zod-greet.ts", "examples/tools/countdown.ts", "tools/edit_preview.ts"].flatMap((t) => ["--tool", join(root, t)]);
const bridge = spawn(
  process.execPath,
  [join(root, "examples/omp-rpc-bridge.mjs"), "--host", hostPath, "--omp", ompCommand, "--load-mode", loadMode, "--only", "--cwd", project, ...tools,
    "--", "--model", "scripted/script", "--no-session", "--no-title", "--no-extensions", "--no-skills", "--no-rules", "--no-lsp", "--cwd", project],
  {
    stdio: ["pipe", "pipe", "pipe"],
    detached: true,
    env: { ...process.env, HOME: home, PI_CODING_AGENT_DIR: agentDir, OMP_HOST_DATA_DIR: join(scratch, "host-data"), OMP_RPC_BRIDGE_DEBUG: "1", NO_COLOR: "1" },
  },
);
const frames = [];
const stderr = [];
const waiters = new Set();
const wake = () => waiters.forEach((w) => w());
createInterface({ input: bridge.stdout }).on("line", (line) => {
  try {
    frames.push(JSON.parse(line));
  } catch {
    frames.push({ unparsed: line });
  }
  wake();
});
createInterface({ input: bridge.stderr }).on("line", (line) => {
  stderr.push(line);
  wake();
});
let closed;
const exited = new Promise((done) =>
  bridge.on("close", (code, signal) => {
    done((closed = { code, signal }));
    wake();
  }),
);
const send = (frame) => bridge.stdin.write(`${JSON.stringify(frame)}\n`);
function until(what, check) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(`no ${what} within ${WAIT_MS} ms`), WAIT_MS);
    const fail = (message) => {
      clearTimeout(timer);
      waiters.delete(waiter);
      reject(new Error(`${message}\n  stderr tail:\n    ${stderr.slice(-25).join("\n    ")}`));
    };
    const waiter = () => {
      const value = check();
      if (value !== undefined) {
        clearTimeout(timer);
        waiters.delete(waiter);
        resolve(value);
      } else if (closed) fail(`the bridge exited (${JSON.stringify(closed)}) before ${what}`);
    };
    waiters.add(waiter);
    waiter();
  });
}
const frame = (what, pred, from = 0) => until(what, () => frames.slice(from).find(pred));
const logLine = (what, pred) => until(what, () => stderr.find(pred));

// A prompt's run ends at a terminal agent_end (omp 18.3 also sends prompt_result; 18.2 does not).
const runEnd = (from) => frame("the run's terminal agent_end", (f) => f.type === "agent_end" && f.isTerminal !== false, from);
const stopReason = (end) => end.messages?.filter((m) => m.role === "assistant").at(-1)?.stopReason;
async function prompt(id, message) {
  const from = frames.length;
  send({ id, type: "prompt", message });
  const accepted = await frame(`the answer to ${id}`, (f) => f.type === "response" && f.id === id, from);
  assert.equal(accepted.success, true, JSON.stringify(accepted));
  const end = await runEnd(from);
  return { result: { stopReason: stopReason(end) }, frames: frames.slice(from) };
}
const toolEnds = (fs) => fs.filter((f) => f.type === "tool_execution_end").map((f) => ({ tool: f.toolName, isError: f.isError, text: (f.result?.content ?? []).map((c) => c.text ?? "").join("").slice(0, 160) }));

const report = (name, value) => console.log(JSON.stringify({ [name]: value }));
let passed = 0;
let failed = 0;
async function check(name, fn) {
  try {
    await fn();
    passed++;
    console.log(`ok - ${name}`);
  } catch (error) {
    failed++;
    console.log(`not ok - ${name}\n  ${String(error?.stack ?? error).replaceAll("\n", "\n  ")}`);
  }
}

try {
  await frame("omp's ready frame", (f) => f.type === "ready");
  await logLine("set_host_tools", (l) => l.includes("host< {\"type\":\"ready\""));
  const state = await (async () => {
    send({ id: "s1", type: "get_state" });
    return (await frame("get_state", (f) => f.type === "response" && f.id === "s1")).data;
  })();
  report("model", state?.model?.id);
  report("dumpTools", (state?.dumpTools ?? []).map((t) => t.name));

  await check("greet: a model's tool call runs in omp-host and its result reaches the model", async () => {
    const { result, frames: fs } = await prompt("p1", "Please greet Ada");
    report("p1", { result, toolEnds: toolEnds(fs) });
    assert.equal(result.stopReason, "stop", JSON.stringify(result));
    const end = fs.find((f) => f.type === "tool_execution_end" && (f.toolName === "greet" || (f.toolName === "write" && /Hello, Ada/.test(JSON.stringify(f.result)))));
    assert.ok(end, "omp ran greet");
    assert.equal(end.isError, false, JSON.stringify(end.result));
    assert.match(JSON.stringify(end.result), /Hello, Ada!!!/);
    assert.ok(requests.some((r) => r.lastRole === "tool" && /Hello, Ada!!!/.test(r.last)), "the model saw the result");
  });

  await check("edit: a preview makes resolve appear, the reminder is steered, and resolve applies it", async () => {
    const { result, frames: fs } = await prompt("p2", "Please edit notes.txt");
    report("p2", { result, toolEnds: toolEnds(fs) });
    assert.equal(result.stopReason, "stop", JSON.stringify(result));
    const ends = toolEnds(fs);
    assert.ok(ends.some((e) => (e.tool === "edit_preview" || e.tool === "write") && !e.isError && /\+gamma/.test(e.text)), JSON.stringify(ends));
    assert.ok(ends.some((e) => e.tool === "resolve" && !e.isError), JSON.stringify(ends));
    assert.equal(readFileSync(join(project, "notes.txt"), "utf8"), "alpha\ngamma\n");
    assert.ok(requests.some((r) => r.tools.includes("resolve")), "the model was offered resolve");
  });

  await check("countdown: abort cancels the running omp-host call", async () => {
    const from = frames.length;
    send({ id: "p3", type: "prompt", message: "Please run the countdown" });
    await frame("countdown's first update", (f) => f.type === "tool_execution_update" && (f.toolName === "countdown" || f.toolName === "write"), from);
    send({ id: "a3", type: "abort" });
    const result = { stopReason: stopReason(await runEnd(from)) };
    const cancel = await logLine("the cancel sent to omp-host", (l) => l.includes('host> {"type":"cancel"'));
    const hostEnd = await logLine("omp-host ending countdown", (l) => l.includes('"toolName":"countdown"') && l.includes("tool_execution_end"));
    report("p3", { result, toolEnds: toolEnds(frames.slice(from)), cancel, hostEnd: hostEnd.slice(0, 300) });
    assert.equal(result.stopReason, "aborted", JSON.stringify(result));
    assert.match(hostEnd, /"aborted":true/);
  });
} catch (error) {
  failed++;
  console.log(`not ok - setup\n  ${String(error?.stack ?? error).replaceAll("\n", "\n  ")}`);
} finally {
  report("requests", requests);
  bridge.stdin.end();
  const timer = setTimeout(() => process.kill(-bridge.pid, "SIGKILL"), 30000);
  const end = await exited;
  clearTimeout(timer);
  report("bridgeExit", end);
  server.close();
  rmSync(scratch, { recursive: true, force: true });
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
