import fs from "node:fs";
import path from "node:path";
import { simpleGit } from "simple-git";
import { compatTool } from "./_tool.mjs";

export default compatTool("simple-git", async ({ dir }) => {
  const git = simpleGit({ baseDir: dir, config: ["user.name=Compat", "user.email=compat@example.com", "init.defaultBranch=main", "commit.gpgsign=false"] });
  await git.init();
  fs.writeFileSync(path.join(dir, "readme.md"), "hello\n");
  await git.add("readme.md");
  const commit = await git.commit("first commit");
  fs.writeFileSync(path.join(dir, "readme.md"), "hello\nworld\n");
  fs.writeFileSync(path.join(dir, "new.txt"), "n\n");
  const status = await git.status();
  const diff = await git.diff();
  const log = await git.log();
  await git.checkoutLocalBranch("feature");
  const branches = await git.branchLocal();
  return {
    committed: [commit.summary.changes, typeof commit.commit],
    status: { modified: status.modified, notAdded: status.not_added, current: status.current, clean: status.isClean() },
    diffHasWorld: diff.includes("+world"),
    log: log.all.map((c) => c.message),
    branches: [branches.current, branches.all.sort()],
    isRepo: await git.checkIsRepo(),
  };
});
