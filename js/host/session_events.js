// Session lifecycle (contract 6): delivers an event to every loaded tool's
// `onSession(event, ctx)`, one handler after another, under one time limit for the whole
// delivery. A throwing handler is reported and the others still run.
import { loadedTools } from "omp:/host/load";
import { contextFor } from "omp:/host/call";
import { describeError } from "omp:/host/errors";

/**
 * `eventJson` is the event object; `infoJson` the session facts plus `toolIds` (the tools the
 * host accepted). Resolves to JSON {delivered, errors: [{tool, error}], timedOut}.
 */
export async function sessionEvent(eventJson, infoJson, timeoutMs) {
  const event = JSON.parse(eventJson);
  const info = JSON.parse(infoJson);
  const report = { delivered: 0, errors: [], timedOut: false };
  const run = async () => {
    for (const id of info.toolIds ?? []) {
      const tool = loadedTools[id]?.tool;
      if (typeof tool?.onSession !== "function") continue;
      try {
        await tool.onSession(event, contextFor(undefined, info, undefined));
        report.delivered++;
      } catch (err) {
        report.errors.push({ tool: tool.name, error: describeError(err).message });
      }
    }
  };
  let timer;
  const limit = new Promise((resolve) => {
    timer = setTimeout(() => {
      report.timedOut = true;
      resolve();
    }, timeoutMs);
  });
  await Promise.race([run(), limit]);
  clearTimeout(timer);
  return JSON.stringify(report);
}
