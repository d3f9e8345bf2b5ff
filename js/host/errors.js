// Error helpers shared by the host modules: turning anything thrown into a message and a
// location, and the error `process.exit` throws so a tool cannot end the host.

/** Thrown by `process.exit()`: tools run inside the host, so exiting ends only the tool's work. */
export class ProcessExitError extends Error {
  constructor(code) {
    super(`process.exit(${code ?? 0}) was called; omp-host does not let a tool end the host process`);
    this.name = "ProcessExitError";
    this.exitCode = code ?? 0;
  }
}

/** `err.message` for Error objects, `String(err)` otherwise (contract 4.5). */
export function messageOf(err) {
  if (err instanceof Error) return err.message;
  if (err && typeof err === "object" && typeof err.message === "string") return err.message;
  try {
    return String(err);
  } catch {
    return Object.prototype.toString.call(err);
  }
}

/** The first stack line that points into a tool file (`file://…:line:col`), if any. */
export function locationOf(err) {
  const stack = err && typeof err === "object" && typeof err.stack === "string" ? err.stack : "";
  for (const line of stack.split("\n")) {
    const match = line.match(/(file:\/\/[^\s)]+?):(\d+):(\d+)/);
    if (match) return { file: decodeURIComponent(match[1].replace("file://", "")), line: Number(match[2]), column: Number(match[3]) };
  }
  return undefined;
}

/** A plain description of a thrown value for the Rust side. */
export function describeError(err) {
  return {
    message: messageOf(err),
    name: err instanceof Error ? err.name : undefined,
    stack: err && typeof err === "object" && typeof err.stack === "string" ? err.stack : undefined,
    location: locationOf(err),
    processExit: err instanceof ProcessExitError ? err.exitCode : undefined,
  };
}
