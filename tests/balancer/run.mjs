#!/usr/bin/env node
// Several `omp-host mcp --listen` instances behind a real load balancer (haproxy from Debian,
// installed by scripts/ensure-haproxy.sh when missing), all on loopback, driven by many
// official TypeScript MCP SDK clients at once (docs/deploy.md):
//   spread     30 clients at once through haproxy: initialize, tools/list, tools/call greet;
//              every answer checked, and every instance served some of them
//   affinity   each client previews an edit (edit_preview) and then calls `resolve` through
//              the balancer: the resolve reaches the instance that staged it (haproxy sticks
//              on the Mcp-Session-Id header) and the edit is applied to the client's file
//   stopped    SIGTERM to one instance while a call runs on it: the call finishes within the
//              drain, haproxy's check on /readyz takes the instance out, the clients served by
//              the others carry on, and new clients are all served
//
//   node tests/balancer/run.mjs [--host target/suite/omp-host] [--instances 3] [--clients 30]
//                               [--no-affinity] [--keep]
//
// --no-affinity leaves the stick rules out of haproxy's config (to see the affinity check
// fail); --keep leaves the scratch folder. Prints one line per check; exits 1 when one fails,
// 2 when it cannot start (no binary, no haproxy, no test client). Everything it started is
// killed at the end, and the whole run is bounded (OMP_HOST_BALANCER_TIMEOUT_MS, 180 s).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { pathToFileURL } from "node:url";
import { hostBinary, option, root } from "../lib/runner.mjs";

const label = "balancer";
const args = process.argv.slice(2);
const host = hostBinary(label);
const instances = Number(option("--instances") ?? 3);
const clients = Number(option("--clients") ?? 30);
const affinity = !args.includes("--no-affinity");
const keep = args.includes("--keep");
const timeoutMs = Number(process.env.OMP_HOST_BALANCER_TIMEOUT_MS ?? 180_000);
const started = Date.now();

function giveUp(message) {
  console.error(`${label}: ${message}`);
  process.exit(2);
}
if (spawnSync("bash", [path.join(root, "scripts/ensure-haproxy.sh")], { stdio: "inherit" }).status !== 0) giveUp("haproxy is required (scripts/ensure-haproxy.sh)");
if (spawnSync("bash", [path.join(root, "scripts/ensure-test-clients.sh")], { stdio: "inherit" }).status !== 0) giveUp("could not install the MCP SDK test client (scripts/ensure-test-clients.sh)");
const sdk = createRequire(path.join(root, "tests/clients/node/package.json"));
const { Client } = await import(pathToFileURL(sdk.resolve("@modelcontextprotocol/sdk/client/index.js")));
const { StreamableHTTPClientTransport } = await import(pathToFileURL(sdk.resolve("@modelcontextprotocol/sdk/client/streamableHttp.js")));

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "omp-host-balancer-"));
const work = path.join(scratch, "work"); // the working folder every instance shares (a shared volume)
fs.mkdirSync(work);
const children = new Set();
let failed = 0;

function cleanUp() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  if (keep) console.log(`${label}: kept ${scratch}`);
  else fs.rmSync(scratch, { recursive: true, force: true });
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    cleanUp();
    process.exit(1);
  });
}
const overall = setTimeout(() => {
  console.error(`${label}: FAIL: the run took longer than ${timeoutMs} ms`);
  cleanUp();
  process.exit(1);
}, timeoutMs);

function check(name, ok, detail) {
  if (!ok) failed++;
  console.log(`${label}: ${ok ? "ok  " : "FAIL"} ${name}${detail ? `: ${detail}` : ""}`);
}

/** Resolves with the first line of `stream` that `pattern` matches, rejects after `ms` or at exit. */
function waitLine(child, stream, pattern, what, ms = 30_000) {
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: stream });
    const seen = [];
    const timer = setTimeout(() => reject(new Error(`waited ${ms} ms for ${what}; saw: ${seen.join(" | ")}`)), ms);
    lines.on("line", (line) => {
      seen.push(line);
      const match = line.match(pattern);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${what}: the process exited (${code ?? signal}) first; saw: ${seen.join(" | ")}`));
    });
  });
}

const exited = (child) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve(child.exitCode ?? child.signalCode) : new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));

/** A free loopback port (bound, then released for haproxy to bind). */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

// The instances: the same tools (examples/tools and tools/), one shared working folder, a
// home (sessions, caches) each, an ephemeral port each, read from the line that says so.
const backends = [];
for (let i = 0; i < instances; i++) {
  const home = path.join(scratch, `home${i}`);
  const env = { ...process.env };
  delete env.OMP_HOST_TOKEN;
  fs.mkdirSync(home);
  const child = spawn(host, ["mcp", "--listen", "127.0.0.1:0", "--tool", path.join(root, "examples/tools"), "--tool", path.join(root, "tools"), "--only", "--cwd", work], {
    env: { ...env, HOME: home, XDG_DATA_HOME: path.join(home, "data"), XDG_CACHE_HOME: path.join(home, "cache"), XDG_CONFIG_HOME: path.join(home, "config") },
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.add(child);
  const stderr = [];
  child.stderr.on("data", (chunk) => stderr.push(chunk));
  backends.push({ name: `omp${i}`, child, stderr, ready: waitLine(child, child.stderr, /serving MCP at http:\/\/127\.0\.0\.1:(\d+)\/mcp/, `instance ${i} to listen`) });
}
let haproxy;
try {
  for (const backend of backends) backend.port = Number((await backend.ready)[1]);
  const front = await freePort();
  const stats = await freePort();
  const stick = affinity
    ? ["  stick-table type string len 64 size 100k expire 30m", "  stick match req.hdr(mcp-session-id)", "  stick store-response res.hdr(mcp-session-id)"]
    : [];
  const config = [
    "global",
    "  maxconn 2000",
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    "  timeout client 60s",
    "  timeout server 60s",
    "  option redispatch",
    `frontend mcp`,
    `  bind 127.0.0.1:${front}`,
    "  default_backend omp",
    `frontend stats`,
    `  bind 127.0.0.1:${stats}`,
    "  stats enable",
    "  stats uri /stats",
    "backend omp",
    "  balance roundrobin",
    "  option httpchk GET /readyz",
    "  http-check expect status 200",
    ...stick,
    "  http-response set-header X-Omp-Backend %s",
    ...backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check inter 250ms fall 1 rise 1`),
    "",
  ].join("\n");
  const configFile = path.join(scratch, "haproxy.cfg");
  fs.writeFileSync(configFile, config);
  const valid = spawnSync("haproxy", ["-c", "-q", "-f", configFile], { encoding: "utf8" });
  if (valid.status !== 0) throw new Error(`haproxy -c: ${valid.stderr}`);
  haproxy = spawn("haproxy", ["-db", "-f", configFile], { stdio: ["ignore", "ignore", "pipe"] });
  children.add(haproxy);
  const haproxyErr = [];
  haproxy.stderr.on("data", (chunk) => haproxyErr.push(chunk));

  /** Each server's status in haproxy's stats ("UP", "DOWN", …), once the stats answer. */
  async function serverStates() {
    const response = await fetch(`http://127.0.0.1:${stats}/stats;csv`);
    const states = {};
    for (const line of (await response.text()).split("\n")) {
      const cells = line.split(",");
      if (cells[0] === "omp" && cells[1] !== "BACKEND") states[cells[1]] = cells[17];
    }
    return states;
  }
  /** Waits (bounded) until haproxy's stats satisfy `want`; polled, as haproxy has no push. */
  async function waitStates(want, what, ms = 20_000) {
    const deadline = Date.now() + ms;
    let last;
    for (;;) {
      try {
        last = await serverStates();
        if (want(last)) return last;
      } catch (error) {
        last = error.message;
        if (haproxy.exitCode !== null) throw new Error(`haproxy exited: ${Buffer.concat(haproxyErr)}`);
      }
      if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}; haproxy says ${JSON.stringify(last)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await waitStates((s) => backends.every((b) => s[b.name] === "UP"), "every instance UP in haproxy");
  console.log(`${label}: ${instances} instances (ports ${backends.map((b) => b.port).join(", ")}) behind haproxy at 127.0.0.1:${front}${affinity ? "" : " WITHOUT session affinity"}`);

  const url = new URL(`http://127.0.0.1:${front}/mcp`);
  /** An SDK client through the balancer that remembers which instance answered each request. */
  async function connect(name) {
    const served = [];
    const fetchNoting = async (input, init) => {
      const response = await fetch(input, init);
      const backend = response.headers.get("x-omp-backend");
      if (backend) served.push(backend);
      return response;
    };
    const client = new Client({ name, version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(url, { fetch: fetchNoting }));
    return { client, served };
  }
  const text = (result) => (result.content ?? []).filter((c) => c.type === "text").map((c) => c.text).join("\n");

  // spread: many clients at once.
  const t0 = Date.now();
  const sessions = await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      try {
        const { client, served } = await connect(`lb-${i}`);
        const { tools } = await client.listTools();
        const names = tools.map((t) => t.name);
        const result = await client.callTool({ name: "greet", arguments: { name: `client ${i}` } });
        return { i, client, served, names, greeting: text(result), isError: result.isError };
      } catch (error) {
        return { i, error };
      }
    }),
  );
  const broken = sessions.filter((s) => s.error || s.isError || !s.names.includes("greet") || !s.names.includes("edit_preview") || s.names.at(-1) !== "resolve" || !s.greeting.includes(`client ${s.i}`));
  check(`${clients} clients at once: initialize, tools/list, tools/call greet`, broken.length === 0, `${clients - broken.length}/${clients} right in ${Date.now() - t0} ms${broken.length ? `; first wrong: ${JSON.stringify(broken[0].error?.message ?? broken[0].greeting ?? broken[0])}` : ""}`);
  const perBackend = {};
  for (const s of sessions) for (const b of new Set(s.served ?? [])) perBackend[b] = (perBackend[b] ?? 0) + 1;
  check("every instance served clients", backends.every((b) => perBackend[b.name] > 0), JSON.stringify(perBackend));

  // affinity: preview then resolve, each client through the balancer, all at once.
  const live = sessions.filter((s) => !s.error);
  const t1 = Date.now();
  const resolved = await Promise.all(
    live.map(async (s) => {
      const file = `client-${s.i}.txt`;
      fs.writeFileSync(path.join(work, file), `alpha\nbeta ${s.i}\n`);
      try {
        const before = s.served.length;
        const preview = await s.client.callTool({ name: "edit_preview", arguments: { path: file, oldText: `beta ${s.i}`, newText: `gamma ${s.i}` } });
        const stagedOn = s.served.slice(before);
        const untouched = fs.readFileSync(path.join(work, file), "utf8").includes(`beta ${s.i}`);
        const at = s.served.length;
        const resolve = await s.client.callTool({ name: "resolve", arguments: { action: "apply", reason: "balancer test" } });
        const resolvedOn = s.served.slice(at);
        const applied = fs.readFileSync(path.join(work, file), "utf8") === `alpha\ngamma ${s.i}\n`;
        const same = stagedOn.length > 0 && resolvedOn.length > 0 && [...stagedOn, ...resolvedOn].every((b) => b === stagedOn[0]);
        return { s, ok: !preview.isError && untouched && !resolve.isError && applied && same, detail: `${text(resolve).split("\n")[0]} (staged on ${stagedOn}, resolved on ${resolvedOn})` };
      } catch (error) {
        return { s, ok: false, detail: error.message };
      }
    }),
  );
  const wrong = resolved.filter((r) => !r.ok);
  check(
    "preview then resolve through the balancer reaches the instance that staged it",
    wrong.length === 0 && live.length === clients,
    `${resolved.length - wrong.length}/${clients} applied in ${Date.now() - t1} ms${wrong.length ? `; ${wrong.length} wrong, e.g. client ${wrong[0].s.i}: ${wrong[0].detail}` : ""}`,
  );

  // stopped: SIGTERM one instance; haproxy's check on /readyz takes it out.
  const victim = backends[0];
  const clientsOn = (name) => live.filter((s) => s.served.length && s.served.every((b) => b === name));
  const survivors = affinity ? live.filter((s) => s.served.length && !s.served.includes(victim.name)) : [];
  // A call running on the instance when it gets SIGTERM finishes within the drain grace: it is
  // started, its first progress notification is awaited, then the signal is sent.
  const runner = affinity ? clientsOn(victim.name)[0] : undefined;
  let running;
  if (runner) {
    let progressed;
    const firstProgress = new Promise((resolve) => (progressed = resolve));
    running = runner.client
      .callTool({ name: "countdown", arguments: { from: 4, delayMs: 250 } }, undefined, { onprogress: () => progressed(), timeout: 30_000 })
      .then((result) => ({ result }), (error) => ({ error }));
    await Promise.race([firstProgress, running]);
  }
  victim.child.kill("SIGTERM");
  if (runner) {
    const { result, error } = await running;
    check(`a call running on ${victim.name} at SIGTERM finishes during the drain`, result && !result.isError && text(result).includes("Lift-off"), error?.message ?? text(result));
  }
  const status = await exited(victim.child);
  check(`SIGTERM ends ${victim.name} (drain, exit 0)`, status === 0, `exit ${status}; ${Buffer.concat(victim.stderr).toString().trim().split("\n").slice(-2).join(" / ")}`);
  await waitStates((s) => s[victim.name]?.startsWith("DOWN") && backends.slice(1).every((b) => s[b.name] === "UP"), `${victim.name} DOWN in haproxy`);
  check(`haproxy marks ${victim.name} DOWN, the others UP`, true);
  if (affinity) {
    const again = await Promise.all(
      survivors.map(async (s) => {
        try {
          const result = await s.client.callTool({ name: "greet", arguments: { name: `again ${s.i}` } });
          return !result.isError && text(result).includes(`again ${s.i}`);
        } catch {
          return false;
        }
      }),
    );
    check(`the ${survivors.length} clients on the other instances carry on`, survivors.length > 0 && again.every(Boolean), `${again.filter(Boolean).length}/${survivors.length}; ${clientsOn(victim.name).length} had their session on ${victim.name}`);
  }
  const fresh = await Promise.all(
    Array.from({ length: 10 }, async (_, i) => {
      try {
        const { client, served } = await connect(`after-${i}`);
        const result = await client.callTool({ name: "greet", arguments: { name: `after ${i}` } });
        await client.close();
        return !result.isError && text(result).includes(`after ${i}`) && !served.includes(victim.name);
      } catch {
        return false;
      }
    }),
  );
  check("10 new clients after the stop are all served, none by the stopped instance", fresh.every(Boolean), `${fresh.filter(Boolean).length}/10`);
  await Promise.all(live.map((s) => s.client.close().catch(() => {})));
} catch (error) {
  check("the run", false, error.stack ?? String(error));
}

// Stop what is left: the instances with SIGTERM (their drain), haproxy, then anything still there.
for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
await Promise.race([Promise.all([...children].map(exited)), new Promise((r) => setTimeout(r, 15_000))]);
clearTimeout(overall);
cleanUp();
console.log(`${label}: ${failed ? `${failed} check(s) failed` : "all checks passed"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);
