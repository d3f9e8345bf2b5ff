// Shared shape of the compatibility-suite tools: `run(params)` answers JSON-able facts.
export function compatTool(name, run) {
  return () => ({
    name: `compat_${name}`,
    label: name,
    description: `exercises the npm package ${name}`,
    parameters: { type: "object", properties: { dir: { type: "string" } }, required: ["dir"] },
    async execute(id, params) {
      const facts = await run(params);
      return { content: [{ type: "text", text: JSON.stringify(facts) }] };
    },
  });
}

/** Runs `fn` and answers its value, or the error's name, code and message. */
export async function attempt(fn) {
  try {
    return { ok: await fn() };
  } catch (err) {
    return { error: { name: err?.name, code: err?.code, message: String(err?.message ?? err).split("\n")[0] } };
  }
}
