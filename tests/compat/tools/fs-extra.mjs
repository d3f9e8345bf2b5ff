import path from "node:path";
import fse from "fs-extra";
import { compatTool } from "./_tool.mjs";

export default compatTool("fs-extra", async ({ dir }) => {
  await fse.outputFile(path.join(dir, "a/b/c.txt"), "deep");
  await fse.outputJson(path.join(dir, "data.json"), { k: [1, 2] }, { spaces: 2 });
  await fse.copy(path.join(dir, "a"), path.join(dir, "copy"));
  await fse.move(path.join(dir, "copy/b/c.txt"), path.join(dir, "moved.txt"));
  await fse.ensureDir(path.join(dir, "empty/dir"));
  await fse.remove(path.join(dir, "a"));
  return {
    json: await fse.readJson(path.join(dir, "data.json")),
    raw: await fse.readFile(path.join(dir, "data.json"), "utf8"),
    moved: await fse.readFile(path.join(dir, "moved.txt"), "utf8"),
    exists: [await fse.pathExists(path.join(dir, "a")), fse.pathExistsSync(path.join(dir, "empty/dir"))],
    listing: (await fse.readdir(dir)).sort(),
  };
});
