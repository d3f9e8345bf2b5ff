import fs from "node:fs";
import path from "node:path";
import fg from "fast-glob";
import { compatTool } from "./_tool.mjs";

export default compatTool("fast-glob", async ({ dir }) => {
  for (const file of ["one.json", "two.json", "nested/three.json", "nested/deep/four.txt"]) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), "{}");
  }
  const entries = await fg("**/*", { cwd: dir, stats: true });
  return {
    json: (await fg("**/*.json", { cwd: dir })).sort(),
    sync: fg.sync("*.json", { cwd: dir }).sort(),
    stream: (await (async () => { const out = []; for await (const e of fg.stream("nested/**", { cwd: dir })) out.push(String(e)); return out.sort(); })()),
    stats: entries.map((e) => [e.path, e.stats.isFile(), e.stats.size]).sort(),
    absolute: (await fg("*.json", { cwd: dir, absolute: true })).map((p) => path.relative(dir, p)).sort(),
    escaped: fg.escapePath("a(b)[c].txt"),
    dynamic: fg.isDynamicPattern("src/**/*.ts"),
  };
});
