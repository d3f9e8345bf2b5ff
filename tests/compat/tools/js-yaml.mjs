import * as yaml from "js-yaml";
import { compatTool, attempt } from "./_tool.mjs";

export default compatTool("js-yaml", async () => ({
  load: yaml.load("a: 1\nb:\n  - x\n  - y\nc: { d: true }\ndate: 2024-01-02\n"),
  dump: yaml.dump({ z: [1, "two"], a: { nested: "v" }, s: "needs: quoting" }),
  all: yaml.loadAll("a: 1\n---\nb: 2\n"),
  error: (await attempt(() => yaml.load("a: [1, 2"))).error?.name,
}));
