// Drives `omp-host mcp --listen` with the official TypeScript MCP SDK's Streamable HTTP client,
// as two agents sharing one server would: client A lists, calls with progress, cancels a slow
// call and stages a preview; client B tries to resolve it (refused: not its own); A resolves
// it. Prints what it saw as one JSON line (tests/suite/mcp_http.rs).
// Usage: node http_session.mjs URL TOKEN
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [url, token] = process.argv.slice(2);

async function connect(name) {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name, version: "1.0.0" });
  await client.connect(transport);
  return { client, transport };
}

const text = (result) => result?.content?.[0]?.text;
const settle = (promise) => promise.then((result) => ({ result }), (error) => ({ error: String(error?.message ?? error) }));

const a = await connect("client-a");
const seen = { server: a.client.getServerVersion(), sessionA: a.transport.sessionId };
seen.tools = (await a.client.listTools()).tools.map((t) => t.name);

const progress = [];
seen.steps = text(await a.client.callTool({ name: "steps", arguments: { n: 3 } }, undefined, { onprogress: (p) => progress.push(p.message) }));
seen.progress = progress;

let began;
const slowBegan = new Promise((resolve) => (began = resolve));
const controller = new AbortController();
const slow = settle(a.client.callTool({ name: "slow", arguments: { secs: 66.5 } }, undefined, { signal: controller.signal, onprogress: () => began(), timeout: 120000 }));
await slowBegan;
controller.abort("the test cancels");
seen.slow = await slow;

seen.staged = (await a.client.callTool({ name: "stage", arguments: { name: "from-a" } })).content.map((c) => c.text);

const b = await connect("client-b");
seen.sessionB = b.transport.sessionId;
const refused = await b.client.callTool({ name: "resolve", arguments: { action: "apply", reason: "b tries" } });
seen.refused = { isError: refused.isError, text: text(refused) };
const applied = await a.client.callTool({ name: "resolve", arguments: { action: "apply", reason: "a applies" } });
seen.applied = { isError: applied.isError, text: text(applied) };

await b.transport.terminateSession();
await b.client.close();
await a.transport.terminateSession();
await a.client.close();
console.log(JSON.stringify(seen));
