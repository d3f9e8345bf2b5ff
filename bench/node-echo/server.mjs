// The Node side of the serve-core benchmark (bench/mcp): the smallest MCP server the official
// TypeScript SDK allows, over stdio, with one `echo` tool that returns its `text` argument —
// the same tool bench/fixtures/echo.ts gives omp-host.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "node-echo", version: "1.0.0" });

server.registerTool(
  "echo",
  { title: "Echo", description: "Returns its text argument", inputSchema: { text: z.string() } },
  async ({ text }) => ({ content: [{ type: "text", text }] }),
);

await server.connect(new StdioServerTransport());
