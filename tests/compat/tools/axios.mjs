import axios from "axios";
import { compatTool } from "./_tool.mjs";
import { startServer } from "./_server.mjs";

export default compatTool("axios", async () => {
  const server = await startServer();
  try {
    const get = await axios.get(`${server.base}/json`, { params: { q: 1 } });
    const post = await axios.post(`${server.base}/post`, { a: [1, 2] }, { headers: { "x-custom": "c" } });
    let missing;
    try {
      await axios.get(`${server.base}/missing`);
    } catch (err) {
      missing = [err.response?.status, err.message, err.name];
    }
    const client = axios.create({ baseURL: server.base, timeout: 5000 });
    const viaClient = await client.get("/redirect");
    return { get: [get.status, get.data, get.headers["x-echo"]], post: post.data, missing, viaClient: viaClient.data.url };
  } finally {
    await server.close();
  }
});
