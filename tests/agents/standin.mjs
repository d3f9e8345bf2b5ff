// A scripted model stand-in for the agent suite (tests/agents/run.mjs): an HTTP server on
// 127.0.0.1 that answers the three model APIs coding agents speak — the OpenAI Responses API
// (`POST /v1/responses`, as the Codex CLI streams it), OpenAI chat completions
// (`POST /v1/chat/completions`) and Anthropic messages (`POST /v1/messages`) — streaming
// (server-sent events) or not, as the request asks. It plays one scripted conversation:
//
//   greet:  call the `greet` tool with {"name":"Ada"}; once its result is in the request, end
//           with text.
//   read:   call the read-only `lookup` tool (tests/agents/tools/lookup.ts) with
//           {"key":"answer"}; once its result is in, end with text.
//   kept:   call the read-only `almanac` tool (tests/agents/tools/gated.ts) with {}; once its
//           result is in, end with text.
//   edit:   call `edit_preview` on notes.txt; once its result is in the request, call
//           `resolve` with {"action":"apply"} if that tool is offered (else end with text
//           saying it was not); once resolve's result is in, end with text.
//
// Where the conversation is comes from the request itself (which of the stand-in's own tool
// calls already have results in it), so retries and side requests (titles, token counts,
// requests without tools) do not derail it. Every request is appended to the log as one JSON
// line: the body as received and the stand-in's reading of it (the tools offered, the tool
// results by call id with their text, the reply it sent). Only node built-ins; no network
// but the loopback address it listens on.
//
//   node tests/agents/standin.mjs --script greet --log requests.jsonl [--port 0]
//
// prints `listening http://127.0.0.1:PORT` and serves until killed. run.mjs imports
// `startStandIn` instead.
import fs from "node:fs";
import http from "node:http";
import { fileURLToPath } from "node:url";

/** The stand-in's own tool call ids: a result carrying one of these is for that step. */
export const CALL_IDS = { greet: "call_omp_greet_1", edit: "call_omp_edit_1", resolve: "call_omp_resolve_1", lookup: "call_omp_lookup_1", almanac: "call_omp_almanac_1" };

export const SCRIPTS = {
  greet(view) {
    if (!(CALL_IDS.greet in view.toolResults)) {
      const tool = findTool(view.tools, "greet");
      if (!tool) return { text: "STANDIN: the greet tool was not offered." };
      return { call: { id: CALL_IDS.greet, name: tool, args: { name: "Ada" } } };
    }
    return { text: "STANDIN: greeted Ada; done." };
  },
  read(view) {
    if (!(CALL_IDS.lookup in view.toolResults)) {
      const tool = findTool(view.tools, "lookup");
      if (!tool) return { text: "STANDIN: the lookup tool was not offered." };
      return { call: { id: CALL_IDS.lookup, name: tool, args: { key: "answer" } } };
    }
    return { text: "STANDIN: looked the answer up; done." };
  },
  kept(view) {
    if (!(CALL_IDS.almanac in view.toolResults)) {
      const tool = findTool(view.tools, "almanac");
      if (!tool) return { text: "STANDIN: the almanac tool was not offered." };
      return { call: { id: CALL_IDS.almanac, name: tool, args: {} } };
    }
    return { text: "STANDIN: read the almanac; done." };
  },
  edit(view, options) {
    if (!(CALL_IDS.edit in view.toolResults)) {
      const tool = findTool(view.tools, "edit_preview");
      if (!tool) return { text: "STANDIN: the edit_preview tool was not offered." };
      return { call: { id: CALL_IDS.edit, name: tool, args: options.edit } };
    }
    if (!(CALL_IDS.resolve in view.toolResults)) {
      const tool = findTool(view.tools, "resolve");
      if (!tool) return { text: "STANDIN: resolve was not offered after the preview; stopping." };
      return { call: { id: CALL_IDS.resolve, name: tool, args: { action: "apply", reason: "The preview shows the intended change." } } };
    }
    return { text: "STANDIN: the edit is applied; done." };
  },
};

/**
 * The offered tool that is the `omp` MCP server's `base`, however the agent names it:
 * `mcp__omp__greet` (Claude Code, pi), `mcp__omp::greet` (Codex's namespace), `omp_greet`
 * (opencode), `mcp__omp_greet` (omp). A bare `resolve` (an agent's own) does not count.
 */
export function findTool(tools, base) {
  return tools.find((name) => new RegExp(`omp[_.:/-]+${base}$`).test(name));
}

/** Text of a tool result's content in any of the three APIs' shapes. */
function flatten(content) {
  if (content == null) return "";
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map(flatten).join("\n");
  if (typeof content === "object") {
    if (typeof content.text === "string") return content.text;
    if (content.type === "image" || content.type === "input_image" || content.type === "image_url") return "[image]";
    if ("content" in content) return flatten(content.content);
    if ("output" in content) return flatten(content.output);
  }
  return JSON.stringify(content);
}

/** What the model sees in a request: tools offered, calls made, tool results (by call id). */
export function readRequest(api, body) {
  const view = { api, model: body.model, stream: body.stream === true, tools: [], calls: {}, toolResults: {} };
  const toolName = (t) => t?.name ?? t?.function?.name;
  for (const t of body.tools ?? []) {
    // The Responses API may group tools in a namespace (`{"type":"namespace","tools":[…]}`).
    // Shown as `namespace::name`; a call of it goes back with the namespace split off.
    if (Array.isArray(t.tools)) for (const inner of t.tools) view.tools.push(`${t.name}::${toolName(inner)}`);
    else if (toolName(t)) view.tools.push(toolName(t));
  }
  if (api === "responses") {
    for (const item of Array.isArray(body.input) ? body.input : []) {
      if (item.type === "function_call" || item.type === "custom_tool_call") view.calls[item.call_id] = item.namespace ? `${item.namespace}::${item.name}` : item.name;
      if (item.type === "function_call_output" || item.type === "custom_tool_call_output") view.toolResults[item.call_id] = flatten(item.output);
    }
  } else if (api === "chat") {
    for (const m of body.messages ?? []) {
      for (const c of m.tool_calls ?? []) view.calls[c.id] = c.function?.name;
      if (m.role === "tool") view.toolResults[m.tool_call_id] = flatten(m.content);
    }
  } else if (api === "anthropic") {
    for (const m of body.messages ?? []) {
      for (const block of Array.isArray(m.content) ? m.content : []) {
        if (block.type === "tool_use") view.calls[block.id] = block.name;
        if (block.type === "tool_result") view.toolResults[block.tool_use_id] = flatten(block.content) + (block.is_error ? "\n[is_error]" : "");
      }
    }
  }
  return view;
}

let counter = 0;
const nextId = (prefix) => `${prefix}_${Date.now().toString(36)}${(++counter).toString(36)}`;
const usage = { input_tokens: 10, output_tokens: 5, total_tokens: 15, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } };

/** SSE frames (or a JSON body) for a reply in the Responses API. */
function responsesReply(reply, body) {
  const id = nextId("resp");
  const created_at = Math.floor(Date.now() / 1000);
  const base = { id, object: "response", created_at, model: body.model ?? "standin", status: "in_progress", output: [], parallel_tool_calls: false, tool_choice: "auto", tools: [] };
  const item = reply.call
    ? { type: "function_call", id: nextId("fc"), call_id: reply.call.id, name: reply.call.name, arguments: JSON.stringify(reply.call.args), status: "completed" }
    : { type: "message", id: nextId("msg"), role: "assistant", status: "completed", content: [{ type: "output_text", text: reply.text, annotations: [] }] };
  // A tool in a namespace (Codex: `mcp__omp` + `greet`) is called with the namespace apart.
  if (reply.call?.name.includes("::")) [item.namespace, item.name] = reply.call.name.split("::");
  const done = { ...base, status: "completed", output: [item], usage };
  if (!body.stream) return { json: done };
  const events = [["response.created", { response: base }], ["response.in_progress", { response: base }]];
  if (reply.call) {
    events.push(["response.output_item.added", { output_index: 0, item: { ...item, arguments: "", status: "in_progress" } }]);
    events.push(["response.function_call_arguments.delta", { output_index: 0, item_id: item.id, delta: item.arguments }]);
    events.push(["response.function_call_arguments.done", { output_index: 0, item_id: item.id, arguments: item.arguments }]);
  } else {
    const part = { type: "output_text", text: "", annotations: [] };
    events.push(["response.output_item.added", { output_index: 0, item: { ...item, status: "in_progress", content: [] } }]);
    events.push(["response.content_part.added", { output_index: 0, item_id: item.id, content_index: 0, part }]);
    events.push(["response.output_text.delta", { output_index: 0, item_id: item.id, content_index: 0, delta: reply.text }]);
    events.push(["response.output_text.done", { output_index: 0, item_id: item.id, content_index: 0, text: reply.text }]);
    events.push(["response.content_part.done", { output_index: 0, item_id: item.id, content_index: 0, part: { ...part, text: reply.text } }]);
  }
  events.push(["response.output_item.done", { output_index: 0, item }]);
  events.push(["response.completed", { response: done }]);
  let sequence = 0;
  return { sse: events.map(([type, data]) => `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...data })}\n\n`) };
}

/** Chunks (or a JSON body) for a reply in chat completions. */
function chatReply(reply, body) {
  const id = nextId("chatcmpl");
  const created = Math.floor(Date.now() / 1000);
  const model = body.model ?? "standin";
  const call = reply.call && { id: reply.call.id, type: "function", function: { name: reply.call.name, arguments: JSON.stringify(reply.call.args) } };
  const finish = call ? "tool_calls" : "stop";
  const chatUsage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
  if (!body.stream) {
    const message = { role: "assistant", content: call ? null : reply.text, ...(call ? { tool_calls: [call] } : {}) };
    return { json: { id, object: "chat.completion", created, model, choices: [{ index: 0, message, finish_reason: finish }], usage: chatUsage } };
  }
  const chunk = (choices, extra = {}) => `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices, ...extra })}\n\n`;
  const frames = [chunk([{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }])];
  if (call) frames.push(chunk([{ index: 0, delta: { tool_calls: [{ index: 0, ...call }] }, finish_reason: null }]));
  else frames.push(chunk([{ index: 0, delta: { content: reply.text }, finish_reason: null }]));
  frames.push(chunk([{ index: 0, delta: {}, finish_reason: finish }]));
  if (body.stream_options?.include_usage) frames.push(chunk([], { usage: chatUsage }));
  frames.push("data: [DONE]\n\n");
  return { sse: frames };
}

/** Events (or a JSON body) for a reply in Anthropic messages. */
function anthropicReply(reply, body) {
  const id = nextId("msg");
  const block = reply.call ? { type: "tool_use", id: reply.call.id, name: reply.call.name, input: reply.call.args } : { type: "text", text: reply.text };
  const stop = reply.call ? "tool_use" : "end_turn";
  const message = { id, type: "message", role: "assistant", model: body.model ?? "standin", content: [block], stop_reason: stop, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 5 } };
  if (!body.stream) return { json: message };
  const events = [["message_start", { message: { ...message, content: [], stop_reason: null, usage: { input_tokens: 10, output_tokens: 1 } } }]];
  if (reply.call) {
    events.push(["content_block_start", { index: 0, content_block: { ...block, input: {} } }]);
    events.push(["content_block_delta", { index: 0, delta: { type: "input_json_delta", partial_json: JSON.stringify(reply.call.args) } }]);
  } else {
    events.push(["content_block_start", { index: 0, content_block: { type: "text", text: "" } }]);
    events.push(["content_block_delta", { index: 0, delta: { type: "text_delta", text: reply.text } }]);
  }
  events.push(["content_block_stop", { index: 0 }]);
  events.push(["message_delta", { delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 5 } }]);
  events.push(["message_stop", {}]);
  return { sse: events.map(([type, data]) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`) };
}

const ROUTES = { "/v1/responses": "responses", "/v1/chat/completions": "chat", "/v1/messages": "anthropic" };

/**
 * Starts the stand-in. `script` is a key of SCRIPTS; `log` a file for the JSON lines;
 * `options.edit` the edit_preview arguments; `onRequest(entry)` is called for every request
 * after its reply is chosen (run.mjs uses it to look at the disk at that moment).
 * Resolves to { url, port, entries, close(), waitFor(predicate, ms) }.
 */
export function startStandIn({ script, log, options = {}, onRequest, port = 0 }) {
  const play = SCRIPTS[script];
  if (!play) throw new Error(`standin: no script ${script}`);
  const entries = [];
  const waiters = new Set();
  const record = (entry) => {
    entries.push(entry);
    if (log) fs.appendFileSync(log, `${JSON.stringify(entry)}\n`);
    for (const w of waiters) if (w.predicate(entry, entries)) w.resolve(entry);
  };
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url, "http://127.0.0.1");
      // Base URLs may carry a prefix before /v1 (or none): match on the tail.
      const route = Object.keys(ROUTES).find((r) => url.pathname.endsWith(r) || url.pathname.endsWith(r.slice(3)));
      const entry = { n: entries.length + 1, time: new Date().toISOString(), method: req.method, path: url.pathname };
      if (url.pathname.endsWith("/count_tokens")) {
        record({ ...entry, kind: "count_tokens" });
        return send(res, 200, { input_tokens: 10 });
      }
      if (req.method !== "POST" || !route) {
        record({ ...entry, kind: "other" });
        if (url.pathname.endsWith("/models")) return send(res, 200, { object: "list", data: [{ id: "standin", object: "model", created: 0, owned_by: "standin" }] });
        return send(res, 404, { error: { type: "not_found", message: `standin: no route ${req.method} ${url.pathname}` } });
      }
      let body;
      try {
        body = JSON.parse(raw);
      } catch {
        record({ ...entry, kind: "bad-json", raw: raw.slice(0, 2000) });
        return send(res, 400, { error: { type: "invalid_request_error", message: "standin: body is not JSON" } });
      }
      const api = ROUTES[route];
      const view = readRequest(api, body);
      // A request that offers no tools is a side request (a title, a summary): plain text.
      const reply = view.tools.length === 0 ? { text: "STANDIN: side request answered." } : play(view, options);
      const full = { ...entry, kind: "model", api, view, reply, body };
      onRequest?.(full);
      const out = api === "responses" ? responsesReply(reply, body) : api === "chat" ? chatReply(reply, body) : anthropicReply(reply, body);
      if (out.json) send(res, 200, out.json);
      else {
        res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
        for (const frame of out.sse) res.write(frame);
        res.end();
      }
      record(full);
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const { port: bound } = server.address();
      resolve({
        url: `http://127.0.0.1:${bound}`,
        port: bound,
        entries,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections?.();
            server.close(() => done());
          }),
        /** Resolves with the first entry (past or future) matching, or undefined after `ms`. */
        waitFor(predicate, ms) {
          const found = entries.find((e) => predicate(e, entries));
          if (found) return Promise.resolve(found);
          return new Promise((done) => {
            const w = { predicate, resolve: (e) => (waiters.delete(w), clearTimeout(timer), done(e)) };
            const timer = setTimeout(() => (waiters.delete(w), done(undefined)), ms);
            waiters.add(w);
          });
        },
      });
    });
  });
}

function send(res, status, json) {
  const text = JSON.stringify(json);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const stand = await startStandIn({
    script: option("--script") ?? "greet",
    log: option("--log"),
    port: Number(option("--port") ?? 0),
    options: { edit: { path: "notes.txt", oldText: "colour", newText: "color" } },
  });
  console.log(`listening ${stand.url}`);
}
