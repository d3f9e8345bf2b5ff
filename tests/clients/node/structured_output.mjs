// Drives `omp-host mcp` with the official TypeScript MCP SDK client over tools that declare pi's
// `outputSchema` (tests/suite/structured_output.rs): the SDK caches each listed outputSchema
// and validates every non-error result of that tool against it, throwing where the result has
// no structuredContent or one that does not match. Prints what it saw as one JSON line.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [host, ...hostArgs] = process.argv.slice(2);
const transport = new StdioClientTransport({ command: host, args: ["mcp", ...hostArgs], env: process.env, stderr: "ignore" });
const client = new Client({ name: "omp-host-test", version: "1.0.0" });
await client.connect(transport);

const seen = { instructions: client.getInstructions() };
const { tools } = await client.listTools();
seen.outputSchemas = Object.fromEntries(tools.map((t) => [t.name, t.outputSchema !== undefined]));

// A throw (the SDK refusing a result) is recorded, not fatal: the test says which.
const call = (name, args) =>
  client.callTool({ name, arguments: args }).then(
    (result) => result,
    (error) => ({ thrown: String(error?.message ?? error) }),
  );
seen.good = await call("report", { mode: "good" });
seen.tally = await call("tally", { numbers: [2, 3] });
seen.missing = await call("report", { mode: "missing" });
seen.wrong = await call("report", { mode: "wrong" });
await client.close();
console.log(JSON.stringify(seen));
