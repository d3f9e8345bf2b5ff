// Example: a TypeBox schema (the pi-era way) and a plain calculation.
// Try: omp-host call calc --params '{"op":"mul","a":6,"b":7}' --tool examples/tools --only
import { Type } from "@sinclair/typebox";
import type { CustomToolFactory } from "@oh-my-pi/pi-coding-agent";

const Params = Type.Object({
  op: Type.Union([Type.Literal("add"), Type.Literal("sub"), Type.Literal("mul"), Type.Literal("div")], { description: "Operation" }),
  a: Type.Number({ description: "Left operand" }),
  b: Type.Number({ description: "Right operand" }),
});

const factory: CustomToolFactory = () => ({
  name: "calc",
  label: "Calculator",
  description: "Adds, subtracts, multiplies or divides two numbers.",
  parameters: Params,
  async execute(_toolCallId: string, params: { op: string; a: number; b: number }) {
    const { op, a, b } = params;
    if (op === "div" && b === 0) {
      return { content: [{ type: "text", text: "Cannot divide by zero." }], isError: true };
    }
    const value = op === "add" ? a + b : op === "sub" ? a - b : op === "mul" ? a * b : a / b;
    return { content: [{ type: "text", text: `${a} ${op} ${b} = ${value}` }], details: { value } };
  },
});

export default factory;
