// Example: streaming partial results with onUpdate while the tool works.
// Try: omp-host call countdown --params '{"from":3}' --tool examples/tools --only
interface Params {
  from: number;
  delayMs?: number;
}

export default () => ({
  name: "countdown",
  label: "Countdown",
  description: "Counts down from a number, reporting each step as it happens.",
  parameters: {
    type: "object",
    properties: {
      from: { type: "integer", minimum: 1, maximum: 20, description: "Where to start" },
      delayMs: { type: "integer", minimum: 0, maximum: 1000, default: 100, description: "Pause between steps" },
    },
    required: ["from"],
  },
  async execute(_id: string, params: Params, onUpdate: (partial: unknown) => void, _ctx: unknown, signal: AbortSignal) {
    const steps: number[] = [];
    for (let n = params.from; n > 0; n--) {
      if (signal?.aborted) return { content: [{ type: "text", text: `stopped at ${n}` }], isError: true };
      steps.push(n);
      onUpdate({ content: [{ type: "text", text: `${n}…` }], details: { remaining: n } });
      await new Promise((resolve) => setTimeout(resolve, params.delayMs ?? 100));
    }
    return { content: [{ type: "text", text: `Lift-off after ${steps.join(", ")}` }], details: { steps } };
  },
});
