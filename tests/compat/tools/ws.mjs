import { WebSocketServer, WebSocket } from "ws";
import { once } from "node:events";
import { compatTool } from "./_tool.mjs";

const within = (ms, promise) => Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref?.())]);

export default compatTool("ws", () => within(5000, exchange()));

async function exchange() {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await once(server, "listening");
  server.on("connection", (socket) => socket.on("message", (data) => socket.send(`echo:${data}`)));
  const client = new WebSocket(`ws://127.0.0.1:${server.address().port}`);
  await once(client, "open");
  client.send("hi");
  const [reply] = await once(client, "message");
  client.close();
  await once(client, "close");
  await new Promise((resolve) => server.close(resolve));
  return { reply: String(reply) };
}
