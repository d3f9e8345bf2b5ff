#!/usr/bin/env node
// The npm install path, end to end on this machine: packs the npm packages from a built
// binary with scripts/npm-pack.mjs (this platform's package and the main `omp-host`
// launcher), installs them from the tarballs into a scratch project under the OS temp dir
// (offline, with a cache of its own: no registry is asked), and checks what a user gets:
//   version   `npx omp-host --version` prints what the binary prints
//   mcp       the official MCP TypeScript SDK client (tests/clients/node) starts the server as
//             `npx omp-host mcp --cwd <fixture>` (examples/tools copied into the fixture's
//             .omp/tools), lists every tool `omp-host list` finds, calls `greet`, gets what
//             `omp-host call` prints, and after close no process from the install is left
//   exit      exit codes and output through the launcher equal the binary's, a failing one too
//   signals   SIGTERM to the launcher ends the binary as SIGTERM ends it run directly; a
//             binary killed by a signal ends the launcher with that signal
//   missing   without the platform package the launcher exits non-zero naming the package
//             and the platform; OMP_HOST_BINARY still runs a binary; an unknown CPU is named
//   global    `npm install -g` from the tarballs puts a working `omp-host` on the prefix's bin
//
//   node tests/npm_install/run.mjs [--binary target/suite/omp-host] [--target TRIPLE] [--keep]
//
// --target defaults to this machine's entry in npm/platforms.json; --keep leaves the scratch
// folder (its path is printed). Prints one line per check; exits 1 when one fails, 2 when it
// cannot start (no binary, no npm, no test client).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const binary = path.resolve(option("--binary") ?? path.join(root, "target/suite/omp-host"));
const keep = args.includes("--keep");
const platforms = JSON.parse(fs.readFileSync(path.join(root, "npm/platforms.json"), "utf8"));
delete platforms["//"];
const target =
  option("--target") ??
  Object.keys(platforms).find((triple) => platforms[triple].os === process.platform && platforms[triple].cpu === process.arch);
const platform = platforms[target];
const started = Date.now();

function giveUp(message) {
  console.error(`npm_install: ${message}`);
  process.exit(2);
}
if (!fs.existsSync(binary)) giveUp(`no omp-host binary at ${binary} (build it first, or pass --binary)`);
if (!platform) giveUp(`no npm package is defined for ${target ?? `${process.platform}-${process.arch}`} (npm/platforms.json)`);
if (spawnSync("npm", ["--version"]).status !== 0) giveUp("npm is required");

// The SDK client is the one the Rust tests drive the server with, installed pinned by its lock.
const ensured = spawnSync("bash", [path.join(root, "scripts/ensure-test-clients.sh")], { stdio: "inherit" });
if (ensured.status !== 0) giveUp("could not install the MCP SDK test client (scripts/ensure-test-clients.sh)");
const sdk = createRequire(path.join(root, "tests/clients/node/package.json"));
const { Client } = await import(pathToFileURL(sdk.resolve("@modelcontextprotocol/sdk/client/index.js")));
const { StdioClientTransport } = await import(pathToFileURL(sdk.resolve("@modelcontextprotocol/sdk/client/stdio.js")));

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "omp-host-npm-"));
const project = path.join(scratch, "project");
const fixture = path.join(scratch, "fixture");
const cleanUp = () => {
  if (keep) console.log(`npm_install: kept ${scratch}`);
  else fs.rmSync(scratch, { recursive: true, force: true });
};
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    cleanUp();
    process.exit(1);
  });
}

// omp-host's own folders (user tools, sessions, caches) inside the scratch folder, so that
// this machine's ~/.omp tools do not show and nothing is written outside.
const home = path.join(scratch, "home");
const env = {
  ...process.env,
  HOME: home,
  USERPROFILE: home,
  XDG_CACHE_HOME: path.join(home, ".cache"),
  XDG_DATA_HOME: path.join(home, ".local/share"),
  XDG_CONFIG_HOME: path.join(home, ".config"),
  OMP_HOST_DATA_DIR: path.join(home, "omp-host-data"),
  OMP_HOST_CACHE_DIR: path.join(home, "omp-host-cache"),
  // No registry: the packages come from the tarballs, the rest of the cache is empty.
  npm_config_offline: "true",
  npm_config_cache: path.join(scratch, "npm-cache"),
  npm_config_update_notifier: "false",
  npm_config_audit: "false",
  npm_config_fund: "false",
};
delete env.OMP_HOST_BINARY;

let failures = 0;
function check(name, ok, detail) {
  console.log(`${ok ? "ok  " : "FAIL"} ${name}${ok || !detail ? "" : `: ${detail}`}`);
  if (!ok) failures++;
}

/** Runs a command to its end: {code, signal, stdout, stderr}. */
function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { cwd: project, env, encoding: "utf8", timeout: 120_000, ...options });
  if (result.error) throw result.error;
  return { code: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}

/** The processes started from the install: the binary (its executable lies under the scratch
 * folder) and the launcher and npx (their command lines name it). Linux /proc; elsewhere none. */
function processesFromScratch() {
  if (!fs.existsSync("/proc/self/exe")) return [];
  const found = [];
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)) {
    try {
      const exe = fs.readlinkSync(`/proc/${pid}/exe`);
      const commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (exe.startsWith(scratch) || commandLine.includes(scratch)) found.push(Number(pid));
    } catch {
      // Gone, or not ours to read.
    }
  }
  return found;
}

async function noneLeft(timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  while (processesFromScratch().length > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
  return processesFromScratch();
}

/** The direct children of a process (Linux: from /proc/<pid>/stat's ppid field). */
function childrenOf(parent) {
  const children = [];
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === parent) children.push(Number(pid));
    } catch {
      // Gone.
    }
  }
  return children;
}

/** Starts `command mcp --cwd fixture`, initializes (so its signal handling is in place); returns the process and a promise of its end. */
async function startServer(command, commandArgs) {
  const child = spawn(command, [...commandArgs, "mcp", "--cwd", fixture], { cwd: project, env, stdio: ["pipe", "pipe", "pipe"] });
  const ended = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const initialize = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "npm-install-test", version: "1" } } };
  child.stdin.write(JSON.stringify(initialize) + "\n");
  const answered = await new Promise((resolve) => {
    let stdout = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      if (stdout.includes("\n")) resolve(stdout.includes('"id":1'));
    });
    ended.then(() => resolve(false));
    setTimeout(() => resolve(false), 30_000);
  });
  return { child, ended, answered, stderr: () => stderr };
}

try {
  // Pack, as the release workflow does.
  const packed = execFileSync(process.execPath, [path.join(root, "scripts/npm-pack.mjs"), "--out", path.join(scratch, "tarballs"), "--binary", `${target}=${binary}`], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const tarballs = packed.trim().split("\n");
  check(`pack: ${tarballs.map((t) => path.basename(t)).join(", ")}`, tarballs.length === 2 && tarballs.every((t) => fs.existsSync(t)));

  fs.mkdirSync(project, { recursive: true });
  fs.mkdirSync(home, { recursive: true });
  fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "npm-install-check", private: true }) + "\n");
  const installed = run("npm", ["install", "--no-audit", "--no-fund", ...tarballs]);
  const platformFolder = path.join(project, "node_modules", platform.package);
  check("install from the tarballs (offline)", installed.code === 0 && fs.existsSync(platformFolder), installed.stderr.trim());

  fs.mkdirSync(path.join(fixture, ".omp"), { recursive: true });
  fs.cpSync(path.join(root, "examples/tools"), path.join(fixture, ".omp/tools"), { recursive: true });

  // version
  const direct = run(binary, ["--version"]);
  const viaNpx = run("npx", ["omp-host", "--version"]);
  check("version: npx omp-host --version", viaNpx.code === 0 && viaNpx.stdout === direct.stdout && direct.stdout.length > 0, `got ${JSON.stringify(viaNpx)}, binary says ${JSON.stringify(direct.stdout)}`);

  // mcp: the SDK client through npx.
  const listed = JSON.parse(run(binary, ["list", "--json", "--cwd", fixture]).stdout);
  const expectedTools = listed.tools.filter((tool) => !tool.hidden).map((tool) => tool.name);
  const greetParams = { name: "Ada" };
  const expectedGreet = run(binary, ["call", "greet", "--params", JSON.stringify(greetParams), "--cwd", fixture]).stdout.trim();
  const transport = new StdioClientTransport({ command: "npx", args: ["omp-host", "mcp", "--cwd", fixture], cwd: project, env, stderr: "pipe" });
  let serverStderr = "";
  transport.stderr?.on("data", (chunk) => (serverStderr += chunk));
  const client = new Client({ name: "omp-host-npm-install-test", version: "1.0.0" });
  try {
    await client.connect(transport);
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    const missing = expectedTools.filter((name) => !tools.includes(name));
    check(`mcp: tools/list through npx (${tools.length} tools)`, expectedTools.length > 0 && missing.length === 0, `missing ${missing.join(", ")}; listed ${tools.join(", ")}`);
    const result = await client.callTool({ name: "greet", arguments: greetParams });
    const text = result.content?.map((part) => part.text ?? "").join("\n").trim();
    check(`mcp: tools/call greet -> ${JSON.stringify(text)}`, !result.isError && text === expectedGreet && expectedGreet.length > 0, `expected ${JSON.stringify(expectedGreet)}`);
  } catch (error) {
    check("mcp: the SDK client through npx", false, `${error?.message ?? error}\n${serverStderr}`);
  } finally {
    await client.close();
  }
  const left = await noneLeft();
  check("mcp: nothing left running after the client closed", left.length === 0, `still running: ${left.join(", ")}`);

  // exit codes and output: the launcher (its bin link and npx) against the binary.
  const launcher = path.join(project, "node_modules/.bin/omp-host");
  // A success, a tool error, usage errors: the codes come from the binary, not from here.
  const cases = [
    ["call greet", ["call", "greet", "--params", JSON.stringify(greetParams)]],
    ["call greet (invalid arguments)", ["call", "greet", "--params", "{}"]],
    ["call of an unknown tool", ["call", "no_such_tool", "--params", "{}"]],
    ["call with bad --params", ["call", "greet", "--params", "not json"]],
    ["check of a missing file", ["check", path.join(fixture, ".omp/tools/missing.ts")]],
  ];
  const codes = [];
  for (const [label, commandArgs] of cases) {
    const full = [...commandArgs, "--cwd", fixture];
    const expected = run(binary, full);
    codes.push(expected.code);
    for (const [how, command, prefix] of [["bin", launcher, []], ["npx", "npx", ["omp-host"]]]) {
      const got = run(command, [...prefix, ...full]);
      check(
        `exit: ${how}: ${label} exits ${got.code} like the binary`,
        got.code === expected.code && got.stdout === expected.stdout && got.stderr === expected.stderr,
        `binary ${expected.code} ${JSON.stringify(expected.stderr.slice(0, 200))}, launcher ${got.code} ${JSON.stringify(got.stderr.slice(0, 200))}`,
      );
    }
  }
  check(`exit: the cases include a success and failures (codes ${codes.join(", ")})`, codes.some((code) => code !== 0) && codes.includes(0));

  // signals (Linux: children are found through /proc)
  if (process.platform === "linux") {
    const reference = await startServer(binary, []);
    reference.child.kill("SIGTERM");
    const referenceEnd = await reference.ended;
    const wrapped = await startServer(launcher, []);
    const [inner] = childrenOf(wrapped.child.pid);
    wrapped.child.kill("SIGTERM");
    const wrappedEnd = await wrapped.ended;
    check(
      `signals: SIGTERM to the launcher ends the server as it ends the binary (${JSON.stringify(wrappedEnd)})`,
      reference.answered && wrapped.answered && inner > 0 && wrappedEnd.code === referenceEnd.code && wrappedEnd.signal === referenceEnd.signal,
      `binary ${JSON.stringify(referenceEnd)}, launcher ${JSON.stringify(wrappedEnd)}; ${wrapped.stderr()}`,
    );
    check("signals: the binary under the launcher is gone", (await noneLeft()).length === 0);
    const killed = await startServer(launcher, []);
    const [victim] = childrenOf(killed.child.pid);
    if (victim) process.kill(victim, "SIGKILL");
    const killedEnd = await killed.ended;
    check(`signals: a binary killed by SIGKILL ends the launcher by SIGKILL`, victim > 0 && killedEnd.signal === "SIGKILL", JSON.stringify(killedEnd));
  } else {
    console.log("skip signals: the checks find the launcher's child through /proc (Linux)");
  }

  // missing platform package, OMP_HOST_BINARY, unknown CPU
  const aside = path.join(scratch, "aside");
  fs.renameSync(platformFolder, aside);
  const noPackage = run("npx", ["omp-host", "--version"]);
  const key = `${platform.os}-${platform.cpu}`;
  check(
    `missing: without ${platform.package} the launcher exits ${noPackage.code} naming it`,
    noPackage.code !== 0 && noPackage.stderr.includes(platform.package) && noPackage.stderr.includes(`(${key})`) && noPackage.stdout === "",
    JSON.stringify(noPackage.stderr),
  );
  const override = run("npx", ["omp-host", "--version"], { env: { ...env, OMP_HOST_BINARY: binary } });
  check("missing: OMP_HOST_BINARY runs the named binary instead", override.code === 0 && override.stdout === direct.stdout, JSON.stringify(override));
  fs.renameSync(aside, platformFolder);
  const fakeArch = "mips";
  const preload = path.join(scratch, "fake-arch.cjs");
  fs.writeFileSync(preload, `Object.defineProperty(process, "arch", { value: ${JSON.stringify(fakeArch)} });\n`);
  const unknownCpu = run(process.execPath, ["--require", preload, path.join(project, "node_modules/omp-host/bin/omp-host.js"), "--version"]);
  check(
    `missing: on an unlisted platform the launcher exits ${unknownCpu.code} naming it`,
    unknownCpu.code !== 0 && unknownCpu.stderr.includes(`${process.platform}-${fakeArch}`) && unknownCpu.stderr.includes(key),
    JSON.stringify(unknownCpu.stderr),
  );

  // global install
  const prefix = path.join(scratch, "global");
  const global = run("npm", ["install", "--global", "--prefix", prefix, ...tarballs]);
  const globalBin = process.platform === "win32" ? path.join(prefix, "omp-host.cmd") : path.join(prefix, "bin/omp-host");
  const globalVersion = global.code === 0 ? run(globalBin, ["--version"]) : global;
  check("global: npm install -g from the tarballs, then omp-host --version", globalVersion.code === 0 && globalVersion.stdout === direct.stdout, JSON.stringify(globalVersion.stderr));
} catch (error) {
  check("the test ran to its end", false, error?.stack ?? String(error));
} finally {
  const left = processesFromScratch();
  for (const pid of left) process.kill(pid, "SIGKILL");
  cleanUp();
}

console.log(`npm_install: ${failures === 0 ? "all passed" : `${failures} failed`} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(failures === 0 ? 0 : 1);
