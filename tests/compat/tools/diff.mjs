import { diffLines, diffWords, createTwoFilesPatch, applyPatch, structuredPatch } from "diff";
import { compatTool } from "./_tool.mjs";

export default compatTool("diff", async () => {
  const before = "line one\nline two\nline three\n";
  const after = "line one\nline 2\nline three\nline four\n";
  const patch = createTwoFilesPatch("a.txt", "b.txt", before, after, "old", "new");
  return {
    lines: diffLines(before, after).map((p) => [p.added ?? false, p.removed ?? false, p.value]),
    words: diffWords("the quick fox", "the slow fox").map((p) => [p.added ?? false, p.removed ?? false, p.value]),
    patch,
    applied: applyPatch(before, patch) === after,
    hunks: structuredPatch("a", "b", before, after).hunks.map((h) => [h.oldStart, h.oldLines, h.newStart, h.newLines]),
  };
});
