// A read-only tool for the agent suite (tests/agents/run.mjs, scenario `read`): approval tier
// `read`, so `omp-host mcp` marks it readOnlyHint — the scenario shows which agents then call
// it without being told to allow it.
import type { CustomToolFactory } from "@oh-my-pi/pi-coding-agent";

const factory: CustomToolFactory = (pi) => {
  const { z } = pi.zod;
  return {
    name: "lookup",
    label: "Lookup",
    description: "Looks a key up in a small fixed table and returns its value. Reads nothing else and changes nothing.",
    approval: "read",
    parameters: z.object({ key: z.string().min(1).describe("The key to look up") }),
    async execute(_toolCallId, params: { key: string }) {
      const table: Record<string, string> = { answer: "42", colour: "blue" };
      const value = table[params.key];
      return { content: [{ type: "text", text: value === undefined ? `lookup: no entry for ${params.key}` : `lookup: ${params.key} = ${value}` }], details: { key: params.key, found: value !== undefined } };
    },
  };
};

export default factory;
