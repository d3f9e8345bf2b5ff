import spawn from "cross-spawn";
import { compatTool } from "./_tool.mjs";

export default compatTool("cross-spawn", async () => {
  const sync = spawn.sync("echo", ["sync", "call"], { encoding: "utf8" });
  const async = await new Promise((resolve) => {
    const child = spawn("sh", ["-c", "echo out; echo err >&2; exit 2"]);
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("close", (code) => resolve([out, err, code]));
  });
  const missing = await new Promise((resolve) => {
    const child = spawn("definitely-not-a-command-compat");
    child.on("error", (e) => resolve([e.code, e.syscall]));
  });
  return { sync: [sync.stdout, sync.status], async, missing };
});
