#!/usr/bin/env node
// The compatibility suite: popular npm packages that tools import (tests/compat/package.json,
// installed from the npm registry into a scratch folder), each exercised by a tool module in
// tests/compat/tools/ that is run twice — by omp-host and by Node (tests/fixtures/
// run-under-node.mjs) — and passes when both answer the same JSON.
//
//   node tests/compat/run.mjs [--host target/release/omp-host] [--only name,name] [--permissions project]
//
// Packages listed in known-failures.json are expected to fail, with the reason; the run fails
// when any other package fails, or when a listed one starts passing (so the list stays true).
// Prints one line per package and the pass count.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { hostBinary, installPinned, option, root } from "../lib/runner.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const host = hostBinary("compat");
const only = option("--only")?.split(",");
// `--permissions PRESET`: the host runs every tool under that policy (`project`: the scratch
// folder, where the tools, their packages and their work folders are, is the project).
const permissions = option("--permissions");
const scratch = path.resolve(process.env.OMP_HOST_COMPAT_DIR ?? path.join(root, "target/compat"));
const knownFailures = JSON.parse(fs.readFileSync(path.join(here, "known-failures.json"), "utf8"));
const TIMEOUT_MS = 60_000;

/** Installs the pinned packages into the scratch folder (again only when the lock changed). */
function install() {
  const error = installPinned({ label: "compat", from: here, scratch, npmArgs: ["ci", "--ignore-scripts"] });
  if (error) {
    console.error(`compat: ${error} (the suite needs the npm registry)`);
    process.exit(2);
  }
}

/** A fresh folder for one run of one tool. */
function freshDir(...parts) {
  const dir = path.join(scratch, "work", ...parts);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

const home = path.join(scratch, "home");
const env = {
  ...process.env,
  HOME: home,
  XDG_CONFIG_HOME: path.join(home, ".config"),
  XDG_CACHE_HOME: path.join(home, ".cache"),
  XDG_DATA_HOME: path.join(home, ".local/share"),
  OMP_HOST_CACHE_DIR: path.join(scratch, "cache"),
  OMP_HOST_DATA_DIR: path.join(scratch, "data"),
  GIT_CONFIG_NOSYSTEM: "1",
};
delete env.PI_CODING_AGENT_DIR;
delete env.OMP_PROFILE;

function run(command, commandArgs, cwd) {
  const out = spawnSync(command, commandArgs, { cwd, env, encoding: "utf8", timeout: TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 });
  if (out.error) return { error: `${command}: ${out.error.message}` };
  if (out.status !== 0) return { error: `${path.basename(command)} exited with ${out.status}: ${(out.stdout + out.stderr).trim().split("\n").slice(0, 6).join(" | ")}` };
  try {
    return { value: JSON.parse(out.stdout) };
  } catch {
    return { error: `${path.basename(command)} printed no JSON: ${out.stdout.slice(0, 300)}` };
  }
}

/** The first place two JSON values differ, for the report. */
function firstDifference(a, b, at = "") {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (a && b && typeof a === "object" && typeof b === "object" && Array.isArray(a) === Array.isArray(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference(a[key], b[key], `${at}.${key}`);
      if (found) return found;
    }
  }
  return `${at || "(root)"}: host ${JSON.stringify(a)?.slice(0, 200)} / node ${JSON.stringify(b)?.slice(0, 200)}`;
}

install();
const configArgs = [];
if (permissions) {
  const config = path.join(scratch, "permissions.json");
  fs.writeFileSync(config, JSON.stringify({ permissions: { default: permissions } }));
  configArgs.push("--config", config);
}
fs.rmSync(path.join(scratch, "tools"), { recursive: true, force: true });
fs.cpSync(path.join(here, "tools"), path.join(scratch, "tools"), { recursive: true });
fs.mkdirSync(home, { recursive: true });

const files = fs.readdirSync(path.join(scratch, "tools")).filter((f) => f.endsWith(".mjs") && !f.startsWith("_")).sort();
const runner = path.join(root, "tests/fixtures/run-under-node.mjs");
let passed = 0;
const surprises = [];
const report = [];
for (const file of files) {
  const tool = path.join(scratch, "tools", file);
  const source = fs.readFileSync(tool, "utf8");
  const name = /compatTool\("([^"]+)"/.exec(source)?.[1] ?? file;
  if (only && !only.includes(name)) continue;
  const toolName = `compat_${name}`;
  const hostRun = run(host, ["call", toolName, "--tool", tool, "--only", ...configArgs, "--params", JSON.stringify({ dir: freshDir(file, "host") })], scratch);
  const nodeRun = run(process.execPath, [runner, tool, toolName, JSON.stringify({ dir: freshDir(file, "node") })], scratch);
  let failure;
  if (nodeRun.error) failure = `under Node: ${nodeRun.error}`;
  else if (hostRun.error) failure = hostRun.error;
  else failure = firstDifference(hostRun.value, nodeRun.value);
  const known = knownFailures[name];
  if (!failure) passed++;
  if (failure && !known) surprises.push(`${name}: fails: ${failure}`);
  if (!failure && known) surprises.push(`${name}: passes now; remove it from known-failures.json`);
  report.push(`${failure ? (known ? "known" : "FAIL ") : "pass "}  ${name}${failure ? `  — ${known ?? failure}` : ""}`);
  if (failure && known && process.env.COMPAT_VERBOSE) report.push(`         ${failure}`);
}
console.log(report.join("\n"));
console.log(`compat: ${passed} of ${report.filter((l) => !l.startsWith("   ")).length} packages answer as under Node`);
if (surprises.length > 0) {
  console.error(`compat: unexpected results:\n  ${surprises.join("\n  ")}`);
  process.exit(1);
}
