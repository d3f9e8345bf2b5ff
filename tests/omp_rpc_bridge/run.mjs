// Tests examples/omp-rpc-bridge.mjs: the bridge runs the real omp-host and, in place of omp,
// fake-omp.mjs, which speaks omp 18.x's RPC frames and echoes every frame it is sent. The test
// is the frontend: it talks to the bridge's stdin/stdout as it would to omp, and asks the fake
// (through the bridge) to send `host_tool_call` / `host_tool_cancel`.
// Every wait is for an event (a line from the bridge), with a timeout only as a failure guard.
//
// Run: node tests/omp_rpc_bridge/run.mjs --host PATH/TO/omp-host   (or OMP_HOST=PATH)
// Prints one line per test and then "N passed, N failed"; exit status 1 if any failed.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../..");
const bridgeScript = join(root, "examples/omp-rpc-bridge.mjs");
const fakeOmp = join(here, "fake-omp.mjs");
const hostFlag = process.argv.indexOf("--host");
const hostPath = hostFlag > 0 ? process.argv[hostFlag + 1] : process.env.OMP_HOST;
if (!hostPath) {
  console.error("usage: node tests/omp_rpc_bridge/run.mjs --host PATH/TO/omp-host");
  process.exit(2);
}
const WAIT_MS = Number(process.env.OMP_RPC_BRIDGE_TEST_WAIT_MS || 60000);
const scratch = mkdtempSync(join(tmpdir(), "omp-rpc-bridge-test-"));
const TOOLS = ["examples/tools/zod-greet.ts", "examples/tools/countdown.ts", "tools/edit_preview.ts", "tests/omp_rpc_bridge/tools/stopper.ts"];
const toolArgs = (cwd) => ["--only", "--no-cache", "--cwd", cwd, ...TOOLS.flatMap((t) => ["--tool", join(root, t)])];

/** One bridge process with the fake omp behind it; the test is its frontend. */
class Bridge {
  constructor(args) {
    this.frames = []; // the frames the bridge wrote to its stdout
    this.raw = []; // the lines as written
    this.chunked = new Set(); // frames that came as protocol v2 chunks
    this.stderr = [];
    this.waiters = new Set();
    this.proc = spawn(process.execPath, [bridgeScript, "--host", hostPath, "--omp", `${process.execPath} ${fakeOmp}`, ...args], {
      stdio: ["pipe", "pipe", "pipe"],
      detached: true, // its own process group, so a stuck run can be cleaned up by group id
      env: { ...process.env, OMP_HOST_DATA_DIR: join(scratch, "data"), OMP_RPC_BRIDGE_DEBUG: "1" },
    });
    this.proc.stdin.on("error", () => {});
    // The test is a protocol v2 client: `rpc_chunk` lines are put together into their frame.
    let chunks = [];
    createInterface({ input: this.proc.stdout, crlfDelay: Infinity }).on("line", (line) => {
      this.raw.push(line);
      let frame;
      try {
        frame = JSON.parse(line);
      } catch {
        frame = { unparsed: line };
      }
      if (frame.type === "rpc_chunk") {
        chunks.push(frame);
        if (chunks.length < frame.count) return;
        assert.ok(chunks.every((c, i) => c.index === i && c.chunkId === frame.chunkId), "an uninterrupted chunk sequence");
        const bytes = Buffer.concat(chunks.map((c) => Buffer.from(c.data, "base64")));
        assert.equal(bytes.length, frame.byteLength);
        this.chunked.add((frame = JSON.parse(bytes.toString("utf8"))));
        chunks = [];
      }
      this.frames.push(frame);
      this.wake();
    });
    createInterface({ input: this.proc.stderr, crlfDelay: Infinity }).on("line", (line) => {
      this.stderr.push(line);
      this.wake();
    });
    this.exited = new Promise((done) =>
      this.proc.on("close", (code, signal) => {
        this.closed = { code, signal };
        done(this.closed);
        this.wake();
      }),
    );
  }
  send(frame) {
    this.proc.stdin.write(`${typeof frame === "string" ? frame : JSON.stringify(frame)}\n`);
  }
  wake() {
    for (const waiter of this.waiters) waiter();
  }
  /** Resolves with check()'s first value other than undefined, re-checked on each new line. */
  until(what, check) {
    return new Promise((resolve, reject) => {
      const finish = (settle, value) => {
        clearTimeout(timer);
        this.waiters.delete(waiter);
        settle(value);
      };
      const waiter = () => {
        const value = check();
        if (value !== undefined) finish(resolve, value);
        else if (this.closed) finish(reject, this.failure(`the bridge exited (${JSON.stringify(this.closed)}) before ${what}`));
      };
      const timer = setTimeout(() => finish(reject, this.failure(`no ${what} within ${WAIT_MS} ms`)), WAIT_MS);
      this.waiters.add(waiter);
      waiter();
    });
  }
  failure(message) {
    return new Error(`${message}\n  bridge stderr (last 15 lines):\n    ${this.stderr.slice(-15).join("\n    ")}`);
  }
  /** Frames omp (the fake) was sent, as [{index, frame, valid}], index = position in this.frames. */
  sentToOmp(pred = () => true) {
    const out = [];
    this.frames.forEach((f, index) => f.type === "fake_received" && f.frame && pred(f.frame) && out.push({ index, frame: f.frame, valid: f.valid }));
    return out;
  }
  /** Frames the frontend got, other than the fake's echoes, as [{index, frame}]. */
  toFront(pred = () => true) {
    const out = [];
    this.frames.forEach((frame, index) => frame.type !== "fake_received" && pred(frame) && out.push({ index, frame }));
    return out;
  }
  omp(what, pred) {
    return this.until(`${what} sent to omp`, () => this.sentToOmp(pred)[0]);
  }
  front(what, pred) {
    return this.until(`${what} at the frontend`, () => this.toFront(pred)[0]);
  }
  log(what, pred) {
    return this.until(`${what} on stderr`, () => this.stderr.find(pred));
  }
  /** Asks the fake omp to call a host tool; resolves with the host_tool_result omp got. */
  async call(id, toolName, args, toolCallId = `toolu_${id}`) {
    this.send({ type: "fake_host_tool_call", id, toolCallId, toolName, arguments: args });
    return this.omp(`the host_tool_result for ${id}`, (f) => f.type === "host_tool_result" && f.id === id);
  }
  /** The first set_host_tools the bridge sent (omp-host was ready then). */
  registered() {
    return this.omp("set_host_tools", (f) => f.type === "set_host_tools");
  }
  async close() {
    this.proc.stdin.end();
    const timer = new Promise((done) => setTimeout(done, WAIT_MS, "timeout"));
    if ((await Promise.race([this.exited, timer])) === "timeout") {
      process.kill(-this.proc.pid, "SIGKILL"); // the bridge's own process group
      await this.exited;
      throw new Error("the bridge did not exit within the wait after its stdin closed");
    }
    return this.closed;
  }
}

/** Pids whose parent is `pid` (Linux /proc). */
function childrenOf(pid) {
  const kids = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid) kids.push(Number(entry));
    } catch {}
  }
  return kids;
}
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
};

const text = (result) => result.content.map((c) => c.text ?? "").join("");
const names = (tools) => tools.map((t) => t.name).sort();

// ---------------------------------------------------------------- tests
const tests = [];
const test = (name, fn) => tests.push({ name, fn });

function project() {
  const dir = mkdtempSync(join(scratch, "project-"));
  writeFileSync(join(dir, "notes.txt"), "alpha\nbeta\n");
  return dir;
}

test("registers omp-host's tools with set_host_tools before the frontend's first frame reaches omp", async (b) => {
  b.send({ id: "g1", type: "get_state" }); // written at once; the bridge holds it until omp knows the tools
  const { index, frame } = await b.registered();
  assert.deepEqual(names(frame.tools), ["countdown", "edit_preview", "greet", "stopper"], "resolve is not offered while nothing is pending");
  const greet = frame.tools.find((t) => t.name === "greet");
  assert.equal(greet.label, "Greeter");
  assert.equal(greet.description, "Greets someone by name, politely or with enthusiasm.");
  assert.deepEqual(greet.parameters.required, ["name"]);
  assert.equal(greet.hidden, false);
  assert.equal("loadMode" in greet, false, "omp's own default load mode unless --load-mode");
  const state = await b.omp("get_state", (f) => f.type === "get_state");
  assert.ok(state.index > index, "the frontend's frame came after set_host_tools");
  const answer = await b.front("the get_state response", (f) => f.type === "response" && f.id === "g1");
  assert.equal(answer.frame.data.sessionId, "fake");
  await b.front("omp's ready frame", (f) => f.type === "ready" && f.protocolVersion === 1);
  assert.deepEqual(b.toFront((f) => typeof f.id === "string" && f.id.startsWith("omp-rpc-bridge:")), [], "the bridge's own answers stay with it");
});

test("host_tool_call runs as an omp-host call and its end comes back as host_tool_result", async (b) => {
  await b.registered();
  const { frame, valid } = await b.call("h1", "greet", { name: "Ada", excited: true });
  assert.ok(valid, "omp would take the frame as a host tool result");
  assert.equal(frame.isError, false);
  assert.equal(text(frame.result), "Hello, Ada!!!");
  assert.deepEqual(frame.result.details, { greeted: "Ada" });
  await b.log("the omp-host call under the model's tool call id", (l) => l.includes('host> {"type":"call","id":"toolu_h1","tool":"greet","params":{"name":"Ada","excited":true}}'));
  assert.deepEqual(b.toFront((f) => f.type === "host_tool_call"), [], "the call is the bridge's, not the frontend's");
});

test("tool_execution_update goes to omp as host_tool_update before the result", async (b) => {
  await b.registered();
  const result = await b.call("h2", "countdown", { from: 3, delayMs: 5 });
  assert.equal(text(result.frame.result), "Lift-off after 3, 2, 1");
  const updates = b.sentToOmp((f) => f.type === "host_tool_update" && f.id === "h2");
  assert.deepEqual(updates.map((u) => text(u.frame.partialResult)), ["3…", "2…", "1…"]);
  assert.ok(updates.every((u) => u.valid && u.index < result.index));
  assert.deepEqual(updates[0].frame.partialResult.details, { remaining: 3 });
});

test("failed calls come back as host_tool_result with isError: true", async (b) => {
  await b.registered();
  const invalid = await b.call("h3", "greet", {});
  assert.equal(invalid.frame.isError, true);
  assert.match(text(invalid.frame.result), /^Validation failed for tool "greet"/);
  const unknown = await b.call("h4", "ghost", {});
  assert.equal(unknown.frame.isError, true);
  assert.equal(text(unknown.frame.result), "Tool ghost not found");
  assert.ok(invalid.valid && unknown.valid);
});

test("host_tool_cancel cancels the omp-host call, and omp gets no result for it", async (b) => {
  await b.registered();
  b.send({ type: "fake_host_tool_call", id: "h5", toolCallId: "toolu_h5", toolName: "countdown", arguments: { from: 20, delayMs: 1000 } });
  await b.omp("the first update of h5", (f) => f.type === "host_tool_update" && f.id === "h5");
  b.send({ type: "fake_host_tool_cancel", id: "c5", targetId: "h5" });
  await b.log("the cancel sent to omp-host", (l) => l.includes('host> {"type":"cancel","id":"toolu_h5"}'));
  const end = await b.log("omp-host ending the call as aborted", (l) => l.includes('host< {"type":"tool_execution_end","toolCallId":"toolu_h5"'));
  assert.match(end, /"aborted":true/);
  // The bridge handles omp-host's lines in order: whatever it sent omp for h5 came before h6's result.
  await b.call("h6", "greet", { name: "Bo" });
  assert.deepEqual(b.sentToOmp((f) => f.type === "host_tool_result" && f.id === "h5"), []);
  assert.deepEqual(b.toFront((f) => f.type === "host_tool_cancel"), [], "the cancel was the bridge's");
  // The model's tool call id is free again once omp-host ended the call.
  const again = await b.call("h7", "greet", { name: "Cy" }, "toolu_h5");
  assert.equal(text(again.frame.result), "Hello, Cy.");
});

test("a preview registers resolve and steers the reminder before its result; apply unregisters it", async (b, cwd) => {
  const first = await b.registered();
  const staged = await b.call("h8", "edit_preview", { path: "notes.txt", oldText: "beta", newText: "gamma" });
  assert.equal(staged.frame.isError, false, text(staged.frame.result));
  assert.match(text(staged.frame.result), /-beta\n\+gamma/);
  assert.equal(readFileSync(join(cwd, "notes.txt"), "utf8"), "alpha\nbeta\n", "nothing written before resolve");
  const withResolve = b.sentToOmp((f) => f.type === "set_host_tools" && f.tools.some((t) => t.name === "resolve"));
  assert.equal(withResolve.length, 1);
  const resolveTool = withResolve[0].frame.tools.find((t) => t.name === "resolve");
  assert.equal(resolveTool.hidden, false, "omp offers no hidden tool to the model");
  assert.equal(resolveTool.loadMode, "essential", "top-level, not mounted at omp's own xd://resolve");
  assert.deepEqual(resolveTool.parameters.required, ["action", "reason"]);
  assert.ok(first.index < withResolve[0].index && withResolve[0].index < staged.index, "resolve is registered before the preview's result");
  const steer = b.sentToOmp((f) => f.type === "steer");
  assert.equal(steer.length, 1);
  assert.match(steer[0].frame.message, /Call the `resolve` tool to apply or discard these changes/);
  assert.ok(steer[0].index < staged.index);

  const applied = await b.call("h9", "resolve", { action: "apply", reason: "The edit was asked for." });
  assert.equal(applied.frame.isError, false, text(applied.frame.result));
  assert.equal(readFileSync(join(cwd, "notes.txt"), "utf8"), "alpha\ngamma\n");
  const sets = b.sentToOmp((f) => f.type === "set_host_tools");
  assert.equal(sets.length, 3);
  assert.equal(sets[2].frame.tools.some((t) => t.name === "resolve"), false, "nothing pending: resolve is gone");
  assert.ok(sets[2].index < applied.index);
  assert.deepEqual(b.toFront((f) => f.type === "response" && f.command === "steer"), [], "the bridge's own steer answer stays with it");
});

test("abort_turn (a tool's ctx.abort()) becomes omp's abort command", async (b) => {
  await b.registered();
  const result = await b.call("h10", "stopper", {});
  assert.equal(text(result.frame.result), "asked the agent to stop");
  const abort = await b.omp("abort", (f) => f.type === "abort");
  assert.match(abort.frame.id, /^omp-rpc-bridge:/);
});

test("the frontend's own host tools are merged in, and omp's calls of them reach the frontend", async (b) => {
  await b.registered();
  const echo = { name: "front_echo", description: "Echoes", parameters: { type: "object", properties: { text: { type: "string" } } } };
  b.send({ id: "f1", type: "set_host_tools", tools: [echo] });
  const merged = await b.omp("the merged set_host_tools", (f) => f.type === "set_host_tools" && f.tools.some((t) => t.name === "front_echo"));
  assert.deepEqual(names(merged.frame.tools), ["countdown", "edit_preview", "front_echo", "greet", "stopper"]);
  const answer = await b.front("the answer to f1", (f) => f.type === "response" && f.id === "f1");
  assert.equal(answer.frame.success, true);
  assert.deepEqual(answer.frame.data.toolNames.sort(), ["countdown", "edit_preview", "front_echo", "greet", "stopper"]);

  b.send({ type: "fake_host_tool_call", id: "h11", toolCallId: "toolu_h11", toolName: "front_echo", arguments: { text: "hi" } });
  const call = await b.front("omp's call of front_echo", (f) => f.type === "host_tool_call" && f.id === "h11");
  assert.deepEqual(call.frame, { type: "host_tool_call", id: "h11", toolCallId: "toolu_h11", toolName: "front_echo", arguments: { text: "hi" } });
  b.send({ type: "host_tool_update", id: "h11", partialResult: { content: [{ type: "text", text: "…" }] } });
  b.send({ type: "host_tool_result", id: "h11", result: { content: [{ type: "text", text: "hi" }] } });
  const result = await b.omp("the frontend's result", (f) => f.type === "host_tool_result" && f.id === "h11");
  assert.equal(text(result.frame.result), "hi");
  assert.equal(b.sentToOmp((f) => f.type === "host_tool_update" && f.id === "h11").length, 1);
  b.send({ type: "fake_host_tool_cancel", id: "c11", targetId: "h11" });
  await b.front("the cancel of the frontend's call", (f) => f.type === "host_tool_cancel" && f.targetId === "h11");
  // A tool of the same name as omp-host's is left out (omp refuses duplicate names), with a warning.
  b.send({ id: "f2", type: "set_host_tools", tools: [echo, { ...echo, name: "greet" }] });
  const answer2 = await b.front("the answer to f2", (f) => f.type === "response" && f.id === "f2");
  assert.equal(answer2.frame.success, true, answer2.frame.error);
  await b.log("the warning", (l) => l.includes(`the frontend's host tool "greet" is left out: omp-host has a tool of that name`));
  const kept = b.sentToOmp((f) => f.type === "set_host_tools").at(-1).frame.tools.filter((t) => t.name === "greet");
  assert.deepEqual(kept.map((t) => t.label), ["Greeter"], "omp-host's greet is the one registered");
});

test("a frontend's set_host_tools that omp refuses leaves the last good set in force", async (b) => {
  await b.registered();
  b.send({ id: "f3", type: "set_host_tools", tools: [{ name: "bad", description: "", parameters: { type: "object" } }] });
  const refused = await b.front("the refusal of f3", (f) => f.type === "response" && f.id === "f3");
  assert.equal(refused.frame.success, false);
  assert.equal(refused.frame.error, 'Host tool "bad" must provide a non-empty description');
  await b.call("h14", "edit_preview", { path: "notes.txt", oldText: "beta", newText: "delta" });
  const sets = b.sentToOmp((f) => f.type === "set_host_tools");
  const last = sets.at(-1).frame;
  assert.ok(last.tools.some((t) => t.name === "resolve") && !last.tools.some((t) => t.name === "bad"), "the refused tool is not sent again");
  assert.ok(b.toFront((f) => f.type === "response" && f.command === "set_host_tools" && f.success === false).length === 1);
});

test("omp-host dying fails its running call and later calls, and the bridge then exits with 1", async (b) => {
  await b.registered();
  b.send({ type: "fake_host_tool_call", id: "h15", toolCallId: "toolu_h15", toolName: "countdown", arguments: { from: 20, delayMs: 1000 } });
  await b.omp("the first update of h15", (f) => f.type === "host_tool_update" && f.id === "h15");
  const host = childrenOf(b.proc.pid).find((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("omp-host"));
  process.kill(host, "SIGKILL");
  const failed = await b.omp("the failed result of h15", (f) => f.type === "host_tool_result" && f.id === "h15");
  assert.equal(failed.frame.isError, true);
  assert.match(text(failed.frame.result), /omp-host exited \(SIGKILL\) before the call ended/);
  const later = await b.call("h16", "greet", { name: "Ed" });
  assert.equal(later.frame.isError, true);
  assert.equal(text(later.frame.result), "Tool greet failed: omp-host is not running");
  const { code } = await b.close();
  assert.equal(code, 1);
});

test("protocol v2: a chunked host_tool_call is served, other chunked frames pass through unchanged", async (b) => {
  await b.registered();
  const name = "x".repeat(1200 * 1024);
  b.send({ type: "fake_host_tool_call", id: "h12", toolCallId: "toolu_h12", toolName: "greet", arguments: { name } });
  const result = await b.omp("the result of the chunked call", (f) => f.type === "host_tool_result" && f.id === "h12");
  assert.equal(result.frame.isError, false, text(result.frame.result).slice(0, 300));
  assert.ok(text(result.frame.result).startsWith("Hello, xxx"));
  assert.ok(b.chunked.has(b.frames.find((f) => f.type === "fake_received" && f.frame.type === "fake_host_tool_call")), "the call was big enough to be chunked");
  assert.deepEqual(b.toFront((f) => f.type === "host_tool_call"), [], "the bridge took the call's chunks");

  const big = { type: "message_end", messageId: "m1", message: { role: "assistant", content: [{ type: "text", text: "y".repeat(1500 * 1024) }] } };
  b.send({ type: "fake_emit", frame: big });
  const passed = await b.front("the big frame", (f) => f.type === "message_end" && f.messageId === "m1");
  assert.deepEqual(passed.frame, big);
  assert.ok(b.chunked.has(passed.frame), "it came as chunks, as omp sent it");
});

test("a hot reload of a tool file sends a new set_host_tools", async (b, cwd, toolDir) => {
  const first = await b.registered();
  assert.equal(first.frame.tools.find((t) => t.name === "greet").description, "Greets someone by name, politely or with enthusiasm.");
  const file = join(toolDir, "greet.ts");
  const edited = readFileSync(file, "utf8").replace("Greets someone by name, politely or with enthusiasm.", "Greets someone (v2).");
  writeFileSync(`${file}.saving`, edited);
  renameSync(`${file}.saving`, file);
  await b.omp("the reloaded greet", (f) => f.type === "set_host_tools" && f.tools.some((t) => t.name === "greet" && t.description === "Greets someone (v2)."));
  const result = await b.call("h13", "greet", { name: "Di" });
  assert.equal(text(result.frame.result), "Hello, Di.");
});

test("--load-mode is sent as each tool's loadMode", async (b) => {
  const { frame } = await b.registered();
  assert.ok(frame.tools.every((t) => t.loadMode === "essential"));
});

test("omp exiting ends omp-host and the bridge, with omp's exit status", async (b) => {
  await b.registered();
  const kids = childrenOf(b.proc.pid);
  assert.equal(kids.length, 2, `the bridge runs omp-host and omp: ${kids}`);
  b.send({ type: "fake_exit", code: 3 });
  const { code } = await b.exited;
  assert.equal(code, 3);
  assert.deepEqual(kids.filter(alive), [], "no child left running");
});

test("the end of the frontend's input ends omp, then omp-host, then the bridge with 0", async (b) => {
  await b.registered();
  const kids = childrenOf(b.proc.pid);
  assert.equal(kids.length, 2);
  const { code } = await b.close();
  assert.equal(code, 0);
  assert.deepEqual(kids.filter(alive), []);
  await b.log("omp-host's shutdown session event", (l) => l.includes('host< {"type":"session_event","reason":"shutdown"'));
});

// ---------------------------------------------------------------- runner
let passed = 0;
let failed = 0;
const only = process.env.OMP_RPC_BRIDGE_TEST_ONLY; // a part of a test's name, to run only those
for (const { name, fn } of tests.filter((t) => !only || t.name.includes(only))) {
  const cwd = project();
  let args = toolArgs(cwd);
  let toolDir;
  if (name.startsWith("a hot reload")) {
    toolDir = mkdtempSync(join(scratch, "tools-"));
    writeFileSync(join(toolDir, "greet.ts"), readFileSync(join(root, "examples/tools/zod-greet.ts")));
    args = ["--only", "--no-cache", "--cwd", cwd, "--tool", toolDir];
  }
  if (name.startsWith("--load-mode")) args = [...args, "--load-mode", "essential"];
  const bridge = new Bridge(args);
  try {
    await fn(bridge, cwd, toolDir);
    if (!bridge.closed) {
      const { code } = await bridge.close();
      assert.equal(code, 0, "the bridge exits with 0 at the end of its input");
    }
    passed++;
    console.log(`ok - ${name}`);
  } catch (error) {
    failed++;
    console.log(`not ok - ${name}\n  ${String(error?.stack ?? error).replaceAll("\n", "\n  ")}`);
    if (!bridge.closed) {
      try {
        process.kill(-bridge.proc.pid, "SIGKILL");
      } catch {}
      await bridge.exited;
    }
  }
}
rmSync(scratch, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
