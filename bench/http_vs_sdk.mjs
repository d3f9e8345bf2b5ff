#!/usr/bin/env node
// `omp-host mcp --listen` against the official TypeScript MCP SDK's own Streamable HTTP server
// (the reference for serving over HTTP), side by side in one run: the same `echo` tool
// (bench/http_vs_sdk/echo_tool.mjs for the host, bench/http_vs_sdk/sdk_server.mjs for the SDK),
// the same clients (the SDK's Client over its Streamable HTTP transport, one session each).
//
//   node bench/http_vs_sdk.mjs [--host target/release/omp-host] [--clients 1,16,256] [--total 3200]
//                              [--idle 1000] [--rounds 3]
//
// For each number of clients in `--clients`, per server and round: the time from spawn to the
// first answered tools/list (start), the resident memory idle and with every client's session
// open (VmRSS), then the clients, all at once, each making its share of `--total` calls one
// after another: calls per second, the median and 99th-percentile call latency, and the
// server's CPU time for the load. Then, per server and round, what an idle session costs:
// `--idle` sessions opened (`initialize` and `notifications/initialized` over plain HTTP, 32
// at a time) and left open, the growth of resident memory divided by their number. Rounds
// alternate host and SDK; the tables give the medians over rounds. Needs the test clients'
// npm packages (scripts/ensure-test-clients.sh installs them in tests/clients/node).
import { spawn } from "node:child_process";
import { setMaxListeners } from "node:events";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { hostBinary, option, root } from "../tests/lib/runner.mjs";

const host = hostBinary("bench/http_vs_sdk");
const levels = (option("--clients") ?? "1,16,256").split(",").map(Number);
const total = Number(option("--total") ?? 3200);
const idle = Number(option("--idle") ?? 1000);
const rounds = Number(option("--rounds") ?? 3);
const nodeModules = path.join(root, "tests/clients/node/node_modules");
const sdk = path.join(nodeModules, "@modelcontextprotocol/sdk/dist/esm");
if (!fs.existsSync(sdk)) {
  console.error("bench/http_vs_sdk: the MCP SDK is not installed; run scripts/ensure-test-clients.sh");
  process.exit(2);
}
const { Client } = await import(pathToFileURL(path.join(sdk, "client/index.js")));
const { StreamableHTTPClientTransport } = await import(pathToFileURL(path.join(sdk, "client/streamableHttp.js")));

// The SDK's client listens on one signal per request it has in flight: hundreds at 256 clients.
setMaxListeners(100_000);

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "omp-host-bench-vs-sdk-"));
// The SDK server runs from the scratch folder, beside a link to the clients' node_modules.
fs.copyFileSync(path.join(root, "bench/http_vs_sdk/sdk_server.mjs"), path.join(scratch, "sdk_server.mjs"));
fs.symlinkSync(nodeModules, path.join(scratch, "node_modules"));
const tool = path.join(root, "bench/http_vs_sdk/echo_tool.mjs");
// The host takes as many sessions as the idle measure opens (its default is 1000).
const config = path.join(scratch, "omp-host.json");
fs.writeFileSync(config, JSON.stringify({ http: { maxSessions: Math.max(idle, ...levels) + 16 } }));

const servers = {
  "omp-host": {
    command: host,
    args: ["mcp", "--listen", "127.0.0.1:0", "--tool", tool, "--only", "--cwd", scratch, "--no-watch", "--config", config],
    port: /serving MCP at http:\/\/127\.0\.0\.1:(\d+)\/mcp/,
    stream: "stderr",
  },
  "TS SDK": { command: process.execPath, args: [path.join(scratch, "sdk_server.mjs")], port: /listening (\d+)/, stream: "stdout" },
};

function procStatus(pid, field) {
  const match = new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) : NaN;
}

/** The process's user + system CPU time so far, in ms. */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function connect(url) {
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Starts server `name`; answers its process, its MCP URL and its first connected client. */
async function start(name) {
  const server = servers[name];
  const started = performance.now();
  const child = spawn(server.command, server.args, {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, OMP_HOST_DATA_DIR: path.join(scratch, "data") },
  });
  const port = await new Promise((resolve, reject) => {
    let seen = "";
    child[server.stream].on("data", (chunk) => {
      seen += chunk;
      const match = server.port.exec(seen);
      if (match) resolve(Number(match[1]));
    });
    child.on("exit", (code) => reject(new Error(`${name} exited (${code}): ${seen}`)));
  });
  const url = `http://127.0.0.1:${port}/mcp`;
  const first = await connect(url);
  const listed = await first.listTools();
  if (!listed.tools.some((t) => t.name === "echo")) throw new Error(`${name} lists no echo tool`);
  return { child, url, first, startMs: performance.now() - started };
}

async function stop(child) {
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
}

async function measure(name, clients) {
  const { child, url, first, startMs } = await start(name);
  const calls = Math.ceil(total / clients);
  const idleKb = procStatus(child.pid, "VmRSS");
  const sessions = [first, ...(await Promise.all(Array.from({ length: clients - 1 }, () => connect(url))))];
  const openKb = procStatus(child.pid, "VmRSS");
  const latencies = [];
  const cpuBefore = cpuMs(child.pid);
  const loadStarted = performance.now();
  await Promise.all(
    sessions.map(async (client, c) => {
      for (let i = 0; i < calls; i++) {
        const t = performance.now();
        const result = await client.callTool({ name: "echo", arguments: { text: `${c}-${i}` } });
        latencies.push(performance.now() - t);
        if (result.content?.[0]?.text !== `echo: ${c}-${i}`) throw new Error(`${name} answered ${JSON.stringify(result)}`);
      }
    }),
  );
  const loadMs = performance.now() - loadStarted;
  const cpu = cpuMs(child.pid) - cpuBefore;
  const loadedKb = procStatus(child.pid, "VmRSS");
  await Promise.all(sessions.map((client) => client.close()));
  await stop(child);
  latencies.sort((a, b) => a - b);
  return {
    start: startMs,
    idleMb: idleKb / 1024,
    openMb: openKb / 1024,
    loadedMb: loadedKb / 1024,
    perSecond: (clients * calls) / (loadMs / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    cpuMs: cpu,
  };
}

/** One POST of JSON-RPC `message` to `url` on `agent`'s kept-alive connections; answers the response's session id. */
function post(url, agent, message, session) {
  return new Promise((resolve, reject) => {
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25" };
    if (session) headers["mcp-session-id"] = session;
    const request = http.request(url, { method: "POST", agent, headers }, (response) => {
      response.resume();
      response.on("end", () => (response.statusCode < 300 ? resolve(response.headers["mcp-session-id"]) : reject(new Error(`HTTP ${response.statusCode}`))));
    });
    request.on("error", reject);
    request.end(JSON.stringify(message));
  });
}

/** Resident memory per idle session of server `name`, in KB. */
async function idleCost(name) {
  const { child, url, first } = await start(name);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const before = procStatus(child.pid, "VmRSS");
  const initialize = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "idle", version: "1" } } };
  for (let opened = 0; opened < idle; opened += 32) {
    await Promise.all(
      Array.from({ length: Math.min(32, idle - opened) }, async () => {
        const session = await post(url, agent, initialize);
        await post(url, agent, { jsonrpc: "2.0", method: "notifications/initialized" }, session);
      }),
    );
  }
  const after = procStatus(child.pid, "VmRSS");
  agent.destroy();
  await first.close();
  await stop(child);
  return (after - before) / idle;
}

const names = ["omp-host", "TS SDK"];
const byLevel = new Map(levels.map((clients) => [clients, { "omp-host": [], "TS SDK": [] }]));
const idleKb = { "omp-host": [], "TS SDK": [] };
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? names : [...names].reverse();
  for (const clients of levels) {
    for (const name of order) byLevel.get(clients)[name].push(await measure(name, clients));
  }
  for (const name of order) idleKb[name].push(await idleCost(name));
}
fs.rmSync(scratch, { recursive: true, force: true });

console.log(`${total} calls per level, ${rounds} rounds, medians; ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(2)}\n`);
for (const clients of levels) {
  const results = byLevel.get(clients);
  const rows = [
    ["start to first tools/list (ms)", "start", 0],
    ["resident memory, idle (MB)", "idleMb", 1],
    [`resident memory, ${clients} sessions open (MB)`, "openMb", 1],
    ["resident memory after the load (MB)", "loadedMb", 1],
    ["calls per second", "perSecond", 0],
    ["call latency p50 (ms)", "p50", 2],
    ["call latency p99 (ms)", "p99", 2],
    [`server CPU time for the calls (ms)`, "cpuMs", 0],
  ];
  console.log(`${clients} client(s), ${Math.ceil(total / clients)} calls each:\n`);
  console.log("| | omp-host | TS SDK server |\n|---|---:|---:|");
  for (const [label, key, digits] of rows) {
    const cell = (name) => median(results[name].map((r) => r[key])).toFixed(digits);
    console.log(`| ${label} | ${cell("omp-host")} | ${cell("TS SDK")} |`);
  }
  console.log("");
}
console.log(`${idle} idle sessions:\n`);
console.log("| | omp-host | TS SDK server |\n|---|---:|---:|");
console.log(`| resident memory per idle session (KB) | ${median(idleKb["omp-host"]).toFixed(1)} | ${median(idleKb["TS SDK"]).toFixed(1)} |`);
console.log(`| so 10,000 idle sessions (MB, estimated) | ${((median(idleKb["omp-host"]) * 10000) / 1024).toFixed(0)} | ${((median(idleKb["TS SDK"]) * 10000) / 1024).toFixed(0)} |`);
