import { request, fetch as undiciFetch } from "undici";
import { compatTool } from "./_tool.mjs";
import { startServer } from "./_server.mjs";

export default compatTool("undici", async () => {
  const server = await startServer();
  try {
    const { statusCode, headers, body } = await request(`${server.base}/json`, { method: "PUT", body: "put body" });
    const fetched = await undiciFetch(`${server.base}/f`);
    return {
      request: [statusCode, headers["x-echo"], await body.json()],
      fetch: [fetched.status, await fetched.json()],
    };
  } finally {
    await server.close();
  }
});
