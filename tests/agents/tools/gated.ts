// A tool that loads slowly, for the agent suite (tests/agents/run.mjs, scenario `kept`): its
// factory waits until the file `go` exists in the project, which the model stand-in writes
// when the agent sends its first model request. An agent that waits for the tool list before
// its first request is answered only from the list the host kept from its last start.
import type { CustomToolFactory } from "@oh-my-pi/pi-coding-agent";
import fs from "node:fs";
import path from "node:path";

const factory: CustomToolFactory = async (pi) => {
  while (!fs.existsSync(path.join(pi.cwd, "go"))) await new Promise((resolve) => setTimeout(resolve, 10));
  return {
    name: "almanac",
    label: "Almanac",
    description: "Tells the year the almanac was printed. Reads nothing else and changes nothing.",
    approval: "read",
    parameters: pi.zod.object({}),
    async execute() {
      return { content: [{ type: "text", text: "almanac: printed in 1852" }] };
    },
  };
};

export default factory;
