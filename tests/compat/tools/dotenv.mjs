import fs from "node:fs";
import path from "node:path";
import dotenv from "dotenv";
import { compatTool } from "./_tool.mjs";

export default compatTool("dotenv", async ({ dir }) => {
  const file = path.join(dir, ".env");
  fs.writeFileSync(file, "# comment\nCOMPAT_A=1\nCOMPAT_B=\"quoted value\"\nexport COMPAT_C=exported\nCOMPAT_MULTI=\"line1\\nline2\"\n");
  const result = dotenv.config({ path: file, quiet: true });
  return {
    parsed: result.parsed,
    env: [process.env.COMPAT_A, process.env.COMPAT_B, process.env.COMPAT_C],
    parse: dotenv.parse("X=1\nY = two \n"),
    missing: dotenv.config({ path: path.join(dir, "nope.env"), quiet: true }).error?.code,
  };
});
