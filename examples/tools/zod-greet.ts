// Example: a zod schema built with the host's `pi.zod` (no zod package needed), with
// defaults and descriptions; the host turns it into the JSON Schema the model sees and
// validates every call's arguments before execute runs.
// Try: omp-host call greet --params '{"name":"Ada","excited":true}' --tool examples/tools --only
import type { CustomToolFactory } from "@oh-my-pi/pi-coding-agent";

const factory: CustomToolFactory = (pi) => {
  const { z } = pi.zod;
  return {
    name: "greet",
    label: "Greeter",
    description: "Greets someone by name, politely or with enthusiasm.",
    parameters: z.object({
      name: z.string().min(1).describe("Who to greet"),
      excited: z.boolean().default(false).describe("Add exclamation marks"),
      times: z.number().int().positive().max(5).optional().describe("How many greetings"),
    }),
    async execute(_toolCallId, params: { name: string; excited: boolean; times?: number }) {
      const line = `Hello, ${params.name}${params.excited ? "!!!" : "."}`;
      const text = Array.from({ length: params.times ?? 1 }, () => line).join("\n");
      return { content: [{ type: "text", text }], details: { greeted: params.name } };
    },
  };
};

export default factory;
