// `pi.logger` (contract 3.4): JSON lines in the host's log file, never the console;
// logging failures are swallowed.
import { core } from "omp:/host/core";

function log(level) {
  return (message, context) => {
    try {
      core.ops.op_log(level, String(message), context === undefined ? "" : JSON.stringify(context));
    } catch {
      // swallowed on purpose
    }
  };
}

export const logger = {
  error: log("error"),
  warn: log("warn"),
  info: log("info"),
  debug: log("debug"),
  time(op, fn, ...args) {
    const start = Date.now();
    try {
      return fn(...args);
    } finally {
      log("debug")(`${op} took ${Date.now() - start}ms`);
    }
  },
  setTransports() {},
};
