import fetch, { Headers, Response } from "node-fetch";
import { compatTool, attempt } from "./_tool.mjs";
import { startServer } from "./_server.mjs";

export default compatTool("node-fetch", async () => {
  const server = await startServer();
  try {
    const get = await fetch(`${server.base}/json?q=1`);
    const post = await fetch(`${server.base}/post`, { method: "POST", body: JSON.stringify({ a: 1 }), headers: { "content-type": "application/json", "x-custom": "c" } });
    const redirected = await fetch(`${server.base}/redirect`);
    const missing = await fetch(`${server.base}/missing`);
    const refused = await attempt(() => fetch("http://127.0.0.1:9/"));
    return {
      get: [get.status, get.headers.get("x-echo"), await get.json()],
      post: await post.json(),
      redirect: [redirected.status, redirected.redirected, (await redirected.json()).url],
      missing: [missing.status, missing.ok, await missing.text()],
      refused: refused.error?.code,
      classes: [new Headers({ a: "1" }).get("a"), await new Response("r").text()],
    };
  } finally {
    await server.close();
  }
});
