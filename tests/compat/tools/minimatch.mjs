import { minimatch, Minimatch, escape, match } from "minimatch";
import { compatTool } from "./_tool.mjs";

export default compatTool("minimatch", async () => {
  const cases = [["src/a.ts", "**/*.ts"], ["src/a.ts", "*.ts"], [".env", "*"], [".env", "*", { dot: true }], ["a/b/c.md", "a/**/c.{md,txt}"], ["x.JS", "*.js", { nocase: true }], ["lib/x.js", "!lib/**"]];
  return {
    matches: cases.map(([file, pattern, options]) => minimatch(file, pattern, options)),
    matched: match(["a.ts", "b.md", "c.js"], "*.{js,ts}"),
    escaped: escape("a*b?[c]"),
    parts: new Minimatch("a/*/c").set.length,
    negate: new Minimatch("!x").negate,
    filtered: ["a.js", "b.ts", "c.md"].filter(minimatch.filter("*.{js,ts}")),
    braces: minimatch.braceExpand("{a,b}-{1..3}"),
  };
});
