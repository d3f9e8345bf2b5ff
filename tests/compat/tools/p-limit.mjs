import pLimit from "p-limit";
import { setTimeout as delay } from "node:timers/promises";
import { compatTool } from "./_tool.mjs";

export default compatTool("p-limit", async () => {
  const limit = pLimit(2);
  let running = 0;
  let peak = 0;
  const order = [];
  const jobs = [30, 10, 20, 5].map((ms, i) =>
    limit(async () => {
      running++;
      peak = Math.max(peak, running);
      await delay(ms);
      order.push(i);
      running--;
      return i * 10;
    }),
  );
  const results = await Promise.all(jobs);
  return { results, peak, finished: order.length, active: limit.activeCount, pending: limit.pendingCount };
});
