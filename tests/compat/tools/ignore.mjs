import ignore from "ignore";
import { compatTool } from "./_tool.mjs";

export default compatTool("ignore", async () => {
  const ig = ignore().add(["node_modules/", "*.log", "!keep.log", "/build"]);
  const paths = ["node_modules/x.js", "a.log", "keep.log", "build/out.js", "src/build/x.js", "src/index.ts"];
  return { ignored: paths.map((p) => ig.ignores(p)), filtered: ig.filter(paths), test: ig.test("a.log") };
});
