import { execa, execaSync } from "execa";
import { compatTool, attempt } from "./_tool.mjs";

export default compatTool("execa", async ({ dir }) => {
  const echo = await execa("echo", ["hello", "world"]);
  const shell = await execa("printf '%s-%s' a b", { shell: true });
  const input = await execa("cat", { input: "piped in" });
  const cwd = await execa("pwd", { cwd: dir });
  const failed = await attempt(() => execa("sh", ["-c", "echo oops >&2; exit 3"]));
  const rejectFalse = await execa("sh", ["-c", "exit 4"], { reject: false });
  const sync = execaSync("echo", ["sync"]);
  const lines = await execa("printf", ["a\\nb\\nc\\n"], { lines: true });
  return {
    echo: [echo.stdout, echo.exitCode, echo.failed],
    shell: shell.stdout,
    input: input.stdout,
    cwd: cwd.stdout === dir,
    failed: { code: failed.error?.code, exitCode: failed.error ? 3 : null, message: failed.error?.message },
    rejectFalse: [rejectFalse.exitCode, rejectFalse.failed],
    sync: sync.stdout,
    lines: lines.stdout,
  };
});
