import chalk, { Chalk, supportsColor } from "chalk";
import { compatTool } from "./_tool.mjs";

export default compatTool("chalk", async () => {
  const forced = new Chalk({ level: 3 });
  const none = new Chalk({ level: 0 });
  return {
    defaultLevel: chalk.level,
    supports: supportsColor === false ? false : supportsColor.level,
    forced: [forced.red("red"), forced.bold.underline("bu"), forced.hex("#ff8800")("hex"), forced.bgBlue.white("bg")],
    none: none.green("plain"),
    nested: forced.red(`a ${forced.blue("b")} c`),
    visible: chalk.visible("v"),
  };
});
