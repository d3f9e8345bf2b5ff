// Test tool for tests/omp_rpc_bridge: asks the agent to stop its turn (ctx.abort()), which
// omp-host reports as `abort_turn` and the bridge sends to omp as `abort`.
export default () => ({
  name: "stopper",
  label: "Stopper",
  description: "Stops the agent's turn.",
  parameters: { type: "object", properties: {} },
  async execute(_id: string, _params: unknown, _onUpdate: unknown, ctx: { abort(): void }) {
    ctx.abort();
    return { content: [{ type: "text", text: "asked the agent to stop" }] };
  },
});
