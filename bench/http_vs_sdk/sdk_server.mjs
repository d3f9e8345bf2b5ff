// The reference server for bench/http_vs_sdk.mjs: the official TypeScript MCP SDK's server
// (McpServer over its Streamable HTTP transport, one transport per session, as the SDK's
// examples do) with the same `echo` tool the host serves from bench/http_vs_sdk/echo_tool.mjs.
// Prints `listening PORT` once it takes requests.
import http from "node:http";
import { randomUUID } from "node:crypto";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

const sessions = new Map();

function newServer() {
  const server = new McpServer({ name: "sdk-reference", version: "1.0.0" });
  server.registerTool(
    "echo",
    { description: "Answers its text", inputSchema: { text: z.string() } },
    async ({ text }) => ({ content: [{ type: "text", text: `echo: ${text}` }] }),
  );
  return server;
}

async function body(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined;
}

const httpServer = http.createServer(async (request, response) => {
  const id = request.headers["mcp-session-id"];
  const parsed = request.method === "POST" ? await body(request) : undefined;
  let transport = id ? sessions.get(id) : undefined;
  if (!transport && request.method === "POST" && isInitializeRequest(parsed)) {
    transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => sessions.set(sessionId, transport),
    });
    transport.onclose = () => sessions.delete(transport.sessionId);
    await newServer().connect(transport);
  }
  if (!transport) {
    response.writeHead(404).end();
    return;
  }
  await transport.handleRequest(request, response, parsed);
});
httpServer.listen(0, "127.0.0.1", () => console.log(`listening ${httpServer.address().port}`));
