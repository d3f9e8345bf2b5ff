// Session lifecycle (contract 6): delivers an event to every loaded tool's
// `onSession(event, ctx)`, one handler after another, under one time limit for the whole
// delivery, as job `job` (the event's number). A throwing handler is reported and the others still run.
import { loadedTools } from "omp:/host/load";
import { contextFor } from "omp:/host/context";
import { describeError } from "omp:/host/errors";
import { runAsJob } from "omp:/host/call_context";
import { markSessionEnded } from "omp:/host/extension_api";

const { ArrayPrototypePush, SafePromiseRace, Promise: PromiseCtor } = globalThis.__bootstrap.primordials;
const setTimeoutFn = globalThis.setTimeout;
const clearTimeoutFn = globalThis.clearTimeout;

/**
 * Delivers `event` to the `onSession` of tools `toolIds` (those the host accepted). Resolves
 * to {delivered, errors: [{tool, error}], timedOut}.
 */
export function sessionEvent(event, toolIds, job, timeoutMs) {
  if (event?.reason === "shutdown") markSessionEnded();
  return runAsJob(job, () => deliver(event, toolIds, timeoutMs));
}

async function deliver(event, toolIds, timeoutMs) {
  const report = { delivered: 0, errors: [], timedOut: false };
  const run = async () => {
    for (let i = 0; i < toolIds.length; i++) {
      const loaded = loadedTools[toolIds[i]];
      const tool = loaded?.tool;
      // A pi extension's `pi.on` session handlers, carried by its first tool.
      const extensionHandler = loaded?.onSession;
      const handlers = [typeof tool?.onSession === "function" ? (e, c) => tool.onSession(e, c) : undefined, extensionHandler];
      for (let h = 0; h < handlers.length; h++) {
        const handler = handlers[h];
        if (handler === undefined) continue;
        try {
          await handler(event, contextFor(undefined));
          report.delivered++;
        } catch (err) {
          ArrayPrototypePush(report.errors, { tool: tool?.name ?? loaded.path, error: describeError(err).message });
        }
      }
    }
  };
  let timer;
  const limit = new PromiseCtor((resolve) => {
    timer = setTimeoutFn(() => {
      report.timedOut = true;
      resolve();
    }, timeoutMs);
  });
  await SafePromiseRace([run(), limit]);
  clearTimeoutFn(timer);
  return { delivered: report.delivered, errors: report.errors, timedOut: report.timedOut };
}
