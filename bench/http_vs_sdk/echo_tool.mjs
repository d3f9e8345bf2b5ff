// The `echo` tool bench/http_vs_sdk.mjs has omp-host serve: the same tool as the SDK
// reference server's (bench/http_vs_sdk/sdk_server.mjs).
export default (pi) => ({
  name: "echo",
  label: "Echo",
  description: "Answers its text",
  parameters: pi.zod.object({ text: pi.zod.string() }),
  async execute(_id, params) {
    return { content: [{ type: "text", text: `echo: ${params.text}` }] };
  },
});
