import fs from "node:fs";
import path from "node:path";
import { globby, globbySync } from "globby";
import { compatTool } from "./_tool.mjs";

export default compatTool("globby", async ({ dir }) => {
  for (const file of ["a.ts", "b.js", "src/c.ts", "src/d.md", "node_modules/x/y.ts", ".hidden.ts", "ignored/e.ts"]) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), "x");
  }
  fs.writeFileSync(path.join(dir, ".gitignore"), "ignored/\n");
  return {
    ts: (await globby("**/*.ts", { cwd: dir })).sort(),
    dot: (await globby("**/*.ts", { cwd: dir, dot: true, ignore: ["node_modules/**"] })).sort(),
    gitignore: (await globby("**/*.ts", { cwd: dir, gitignore: true })).sort(),
    negated: (await globby(["**/*", "!**/*.md", "!node_modules/**"], { cwd: dir })).sort(),
    sync: globbySync("src/*", { cwd: dir }).sort(),
    onlyDirs: (await globby("*", { cwd: dir, onlyDirectories: true })).sort(),
  };
});
