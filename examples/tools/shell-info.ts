// Example: running a program with pi.exec (no shell; arguments are passed as they are).
// Try: omp-host call uname --tool examples/tools --only
export default (pi: any) => ({
  name: "uname",
  label: "System name",
  description: "Reports the kernel name and release by running `uname -sr`.",
  parameters: { type: "object", properties: {}, additionalProperties: false },
  async execute(_id: string, _params: object, _onUpdate: unknown, _ctx: unknown, signal: AbortSignal) {
    const result = await pi.exec("uname", ["-sr"], { signal, timeout: 5000 });
    if (result.killed) return { content: [{ type: "text", text: "uname was stopped" }], isError: true };
    if (result.code !== 0) return { content: [{ type: "text", text: result.stderr || `uname exited with ${result.code}` }], isError: true };
    return { content: [{ type: "text", text: result.stdout.trim() }], details: { code: result.code } };
  },
});
