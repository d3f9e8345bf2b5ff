// Example: a pi-era tool. It imports from `@mariozechner/*` (the host provides these
// packages) and uses pi's execute order (toolCallId, params, signal, onUpdate).
// Try: omp-host call status_word --params '{"level":"warn"}' --tool examples/tools --only
import { Type } from "@sinclair/typebox";
import { StringEnum } from "@mariozechner/pi-ai";

export default function () {
  return {
    name: "status_word",
    label: "Status word",
    description: "Turns a status level into a word, showing pi's argument order.",
    parameters: Type.Object({ level: StringEnum(["ok", "warn", "fail"], { description: "Status level" }) }),
    async execute(_toolCallId: string, params: { level: string }, signal: AbortSignal, onUpdate?: (p: unknown) => void) {
      onUpdate?.({ content: [{ type: "text", text: "looking up…" }] });
      const words: Record<string, string> = { ok: "All good", warn: "Needs a look", fail: "Broken" };
      return { content: [{ type: "text", text: `${words[params.level]} (signal is ${signal instanceof AbortSignal ? "an AbortSignal" : "missing"})` }] };
    },
  };
}
