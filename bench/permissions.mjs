#!/usr/bin/env node
// Permissions benchmark: what the permission checks cost, side by side in one run.
//
//   node bench/permissions.mjs [--host target/release/omp-host] [--runs 5]
//
// ops      the tool in bench/fixtures/permissions/ops.mjs times, inside the engine, 20,000 reads
//          of a 4 KB file, 300 `fetch`es of a loopback HTTP server and 50 `pi.exec`s of `true`,
//          once with no policy (`all`) and once under
//          `{"preset":"project","net":["loopback"],"run":["true"]}`; runs interleaved, medians.
// engines  a project of 8 tools where k-1 of them get policies of their own (k engines, k = 1,
//          2, 4, 8): time from spawn to the first `tools/list` answer of `omp-host mcp`, and the
//          process's resident memory (VmRSS) then; medians.
// Prints Markdown tables; exits non-zero only when the benchmark itself cannot run.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { hostBinary, option, root } from "../tests/lib/runner.mjs";

const host = hostBinary("bench/permissions");
const runs = Number(option("--runs") ?? 5);
const TIMEOUT_MS = 120_000;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "omp-host-bench-permissions-"));
const opsTool = fs.readFileSync(path.join(root, "bench/fixtures/permissions/ops.mjs"), "utf8");

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Starts `omp-host mcp` in `project`; answers a client with `request(method, params)`. */
function startHost(project) {
  const child = spawn(host, ["mcp", "--cwd", project, "--no-watch"], {
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...process.env, OMP_HOST_DATA_DIR: path.join(scratch, "data"), OMP_HOST_CACHE_DIR: path.join(scratch, "cache") },
  });
  const waiting = new Map();
  let buffer = "";
  let nextId = 1;
  child.stdout.on("data", (chunk) => {
    buffer += chunk;
    let newline;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      const message = JSON.parse(line);
      waiting.get(message.id)?.(message);
      waiting.delete(message.id);
    }
  });
  const request = (method, params) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => reject(new Error(`${method}: no answer in ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
      waiting.set(id, (message) => {
        clearTimeout(timer);
        message.error ? reject(new Error(`${method}: ${JSON.stringify(message.error)}`)) : resolve(message.result);
      });
      child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n");
    });
  const ready = (async () => {
    await request("initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench-permissions", version: "1" } });
    child.stdin.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");
    return request("tools/list", {});
  })();
  return { child, request, ready };
}

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

function project(name, tools, config) {
  const dir = path.join(scratch, name);
  fs.mkdirSync(path.join(dir, ".omp/tools"), { recursive: true });
  for (const tool of tools) fs.writeFileSync(path.join(dir, ".omp/tools", `${tool}.mjs`), opsTool.replace('name: "ops"', `name: "${tool}"`));
  if (config) fs.writeFileSync(path.join(dir, ".omp/omp-host.json"), JSON.stringify(config));
  return dir;
}

async function opsRun(dir, url) {
  const file = path.join(dir, "four-kb.bin");
  fs.writeFileSync(file, Buffer.alloc(4096, 7));
  const host = startHost(dir);
  try {
    await host.ready;
    const time = async (op, n, target) => {
      const result = await host.request("tools/call", { name: "ops", arguments: { op, n, target } });
      if (result.isError) throw new Error(`${op}: ${result.content[0].text}`);
      return (Number(result.content[0].text) * 1000) / n;
    };
    return { read: await time("read", 20000, file), fetch: await time("fetch", 300, url), exec: await time("exec", 50, "true") };
  } finally {
    host.child.kill("SIGKILL");
  }
}

async function enginesRun(k) {
  const tools = Array.from({ length: 8 }, (_, i) => `tool${i}`);
  const modules = {};
  for (let i = 0; i < k - 1; i++) modules[`.omp/tools/tool${i}.mjs`] = { preset: "none", env: [`BENCH_${i}`] };
  const dir = project(`engines-${k}-${Math.random().toString(36).slice(2)}`, tools, { permissions: { modules } });
  const started = performance.now();
  const host = startHost(dir);
  try {
    const listed = await host.ready;
    const ms = performance.now() - started;
    const mine = listed.tools.filter((t) => t.name.startsWith("tool")).length;
    if (mine !== 8) throw new Error(`${mine} of 8 tools listed`);
    return { ms, rss: rssMb(host.child.pid) };
  } finally {
    host.child.kill("SIGKILL");
  }
}

const server = http.createServer((_req, res) => res.end("x".repeat(1024)));
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${server.address().port}/`;
try {
  const open = project("open", ["ops"], null);
  const restricted = project("restricted", ["ops"], { permissions: { default: { preset: "project", net: ["loopback"], run: ["true"] } } });
  const results = { all: [], restricted: [] };
  await opsRun(open, url); // warm-up: the transpile cache and the page cache
  for (let r = 0; r < runs; r++) {
    results.all.push(await opsRun(open, url));
    results.restricted.push(await opsRun(restricted, url));
  }
  console.log(`- host: ${path.relative(root, host)}, ${runs} runs interleaved, medians; ${new Date().toISOString().slice(0, 10)}`);
  console.log("\n| operation | no policy (µs per op) | project policy (µs per op) | overhead |");
  console.log("|---|---|---|---|");
  for (const [op, label] of [["read", "4 KB readFileSync"], ["fetch", "fetch, loopback, 1 KB"], ["exec", "pi.exec(\"true\")"]]) {
    const a = median(results.all.map((x) => x[op]));
    const b = median(results.restricted.map((x) => x[op]));
    console.log(`| ${label} | ${a.toFixed(2)} | ${b.toFixed(2)} | ${(((b - a) / a) * 100).toFixed(1)}% |`);
  }
  const engines = {};
  for (const k of [1, 2, 4, 8]) engines[k] = [];
  await enginesRun(1);
  for (let r = 0; r < runs; r++) for (const k of [1, 2, 4, 8]) engines[k].push(await enginesRun(k));
  console.log("\n| engines | spawn → tools/list (ms) | resident memory (MB) |");
  console.log("|---|---|---|");
  for (const k of [1, 2, 4, 8]) {
    console.log(`| ${k} | ${median(engines[k].map((x) => x.ms)).toFixed(1)} | ${median(engines[k].map((x) => x.rss)).toFixed(1)} |`);
  }
} catch (err) {
  console.error(`bench/permissions: ${err.message}`);
  process.exitCode = 2;
} finally {
  server.close();
  fs.rmSync(scratch, { recursive: true, force: true });
}
