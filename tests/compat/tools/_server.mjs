// A small loopback HTTP server the network packages of the suite talk to.
import http from "node:http";
import { once } from "node:events";

export async function startServer() {
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      if (req.url === "/redirect") {
        res.writeHead(302, { location: "/json" });
        return res.end();
      }
      if (req.url === "/missing") {
        res.writeHead(404, { "content-type": "text/plain" });
        return res.end("not found");
      }
      res.setHeader("content-type", "application/json");
      res.setHeader("x-echo", "yes");
      res.end(JSON.stringify({ method: req.method, url: req.url, body, type: req.headers["content-type"] ?? null, custom: req.headers["x-custom"] ?? null }));
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const base = `http://127.0.0.1:${server.address().port}`;
  return { base, close: () => new Promise((resolve) => server.close(resolve)) };
}
