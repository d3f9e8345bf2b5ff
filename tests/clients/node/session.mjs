// Drives `omp-host mcp` with the official TypeScript MCP SDK client, the way an agent would:
// list, call with progress, a fast call while a slow one runs, cancel, invalid arguments, an
// unknown tool, then close. Prints what it saw as one JSON line (tests/mcp_sdk_clients.rs).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [host, ...hostArgs] = process.argv.slice(2);
const transport = new StdioClientTransport({ command: host, args: ["mcp", ...hostArgs], env: process.env, stderr: "ignore" });
const client = new Client({ name: "omp-host-test", version: "1.0.0" });
await client.connect(transport);

const seen = { server: client.getServerVersion() };
seen.tools = (await client.listTools()).tools.map((t) => ({ name: t.name, title: t.title }));

const progress = [];
seen.steps = await client.callTool({ name: "steps", arguments: { n: 3 } }, undefined, { onprogress: (p) => progress.push(p.message) });
seen.progress = progress;

let began;
const slowBegan = new Promise((resolve) => (began = resolve));
const controller = new AbortController();
const slow = client
  .callTool({ name: "slow", arguments: { secs: 67.5 } }, undefined, { signal: controller.signal, onprogress: () => began(), timeout: 120000 })
  .then((result) => ({ result }), (error) => ({ error: String(error?.message ?? error) }));
await slowBegan;
const started = Date.now();
seen.fast = await client.callTool({ name: "steps", arguments: { n: 1 } }, undefined, { timeout: 2000 });
seen.fastMs = Date.now() - started;
controller.abort("the test cancels");
seen.slow = await slow;

seen.invalid = await client.callTool({ name: "steps", arguments: { n: 0 } });
try {
  seen.unknown = await client.callTool({ name: "ghost", arguments: {} });
} catch (error) {
  seen.unknown = { error: String(error?.message ?? error) };
}
await client.close();
console.log(JSON.stringify(seen));
