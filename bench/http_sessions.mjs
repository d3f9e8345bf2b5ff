#!/usr/bin/env node
// What idle MCP sessions cost `omp-host mcp --listen`, and whether ending them gives it back
// (the hostile cases for serving over HTTP: many idle sessions, leaks).
//
//   node bench/http_sessions.mjs [--host target/release/omp-host] [--sessions 900] [--cycles 5]
//
// Starts the host on loopback with `http.maxSessions` raised to the number opened, then for
// each cycle opens that many sessions (`initialize`, 32 at a time on kept-alive connections),
// reads the process's resident memory (VmRSS), ends every session (`DELETE /mcp`) and reads it
// again. Memory that only grows from cycle to cycle is a leak; a plateau is the allocator
// keeping what it freed. Prints a Markdown table.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { hostBinary, option } from "../tests/lib/runner.mjs";

const host = hostBinary("bench/http_sessions");
const sessions = Number(option("--sessions") ?? 900);
const cycles = Number(option("--cycles") ?? 5);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "omp-host-bench-sessions-"));
fs.writeFileSync(path.join(scratch, "config.json"), JSON.stringify({ http: { maxSessions: sessions } }));

const child = spawn(host, ["mcp", "--listen", "127.0.0.1:0", "--cwd", scratch, "--only", "--config", path.join(scratch, "config.json")], {
  stdio: ["ignore", "ignore", "pipe"],
  env: { ...process.env, OMP_HOST_DATA_DIR: path.join(scratch, "data") },
});
const port = await new Promise((resolve, reject) => {
  let seen = "";
  child.stderr.on("data", (chunk) => {
    seen += chunk;
    const match = /serving MCP at http:\/\/127\.0\.0\.1:(\d+)\/mcp/.exec(seen);
    if (match) resolve(Number(match[1]));
  });
  child.on("exit", () => reject(new Error(`the host exited: ${seen}`)));
});
const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
const initialize = JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "0" } } });
const request = (method, headers, body) =>
  new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: "/mcp", method, agent, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res));
    });
    req.on("error", reject);
    req.end(body);
  });
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, "utf8"))[1]) / 1024;
const inBatches = async (items, run) => {
  const out = [];
  for (let i = 0; i < items.length; i += 32) out.push(...(await Promise.all(items.slice(i, i + 32).map(run))));
  return out;
};
try {
  console.log(`- ${path.basename(host)}: ${sessions} sessions per cycle, ${cycles} cycles; ${new Date().toISOString().slice(0, 10)}`);
  console.log(`- at start: ${rssMb().toFixed(0)} MB resident\n`);
  console.log("| cycle | sessions opened | resident with them open (MB) | after ending them (MB) |");
  console.log("|---|---|---|---|");
  for (let c = 1; c <= cycles; c++) {
    const opened = await inBatches(Array.from({ length: sessions }), () =>
      request("POST", { "Content-Type": "application/json", Accept: "application/json, text/event-stream" }, initialize),
    );
    const ids = opened.map((res) => res.headers["mcp-session-id"]).filter(Boolean);
    const open = rssMb();
    await inBatches(ids, (id) => request("DELETE", { "Mcp-Session-Id": id }));
    console.log(`| ${c} | ${ids.length} | ${open.toFixed(0)} | ${rssMb().toFixed(0)} |`);
  }
} finally {
  agent.destroy();
  child.kill("SIGKILL");
  fs.rmSync(scratch, { recursive: true, force: true });
}
