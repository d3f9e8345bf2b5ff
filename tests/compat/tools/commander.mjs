import { Command } from "commander";
import { compatTool } from "./_tool.mjs";

export default compatTool("commander", async () => {
  const program = new Command();
  program.name("tool").exitOverride().option("-v, --verbose", "talk more").option("-n, --count <n>", "how many", (v) => Number(v), 1).argument("<file>").argument("[rest...]");
  program.parse(["node", "tool", "-v", "--count", "3", "main.ts", "x", "y"]);
  const help = program.helpInformation();
  let error;
  const strict = new Command().exitOverride().configureOutput({ writeErr: () => {} }).option("--known");
  try {
    strict.parse(["node", "t", "--unknown"]);
  } catch (err) {
    error = [err.code, err.exitCode];
  }
  return { opts: program.opts(), args: program.args, help, error };
});
