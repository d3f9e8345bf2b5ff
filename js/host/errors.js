// Error helpers shared by the host modules: turning anything thrown into a message and a
// location, and the error `process.exit` throws so a tool cannot end the host. Uses builtins
// captured at start-up, so a tool that replaces globals cannot change how errors read.
import { ToolError } from "omp:/pkg/pi-coding-agent/tools/tool-errors";
const { Error: ErrorCtor, String: StringCtor, ObjectPrototypeToString, StringPrototypeSplit, StringPrototypeReplace, RegExpPrototypeExec, NumberParseInt } =
  globalThis.__bootstrap.primordials;

const decodeURIComponentFn = globalThis.decodeURIComponent;

/** Thrown by `process.exit()`: tools run inside the host, so exiting ends only the tool's work. */
export class ProcessExitError extends ErrorCtor {
  constructor(code) {
    super(`process.exit(${code ?? 0}) was called; omp-host does not let a tool end the host process`);
    this.name = "ProcessExitError";
    this.exitCode = code ?? 0;
  }
}

/** `err.message` for Error objects, `String(err)` otherwise (contract 4.5). */
export function messageOf(err) {
  if (err instanceof ErrorCtor) return typeof err.message === "string" ? err.message : StringCtor(err.message);
  if (err && typeof err === "object" && typeof err.message === "string") return err.message;
  try {
    return StringCtor(err);
  } catch {
    return ObjectPrototypeToString(err);
  }
}

// A reloaded module's URL ends in `?omp-reload=N`, which is no part of the file.
const LOCATION = /(file:\/\/[^\s)?]+?)(?:\?[^\s):]*)?:(\d+):(\d+)/;

/** The first stack line that points into a tool file (`file://…:line:col`), if any. */
export function locationOf(err) {
  let stack = "";
  try {
    stack = err && typeof err === "object" && typeof err.stack === "string" ? err.stack : "";
  } catch {
    return undefined;
  }
  const lines = StringPrototypeSplit(stack, "\n");
  for (let i = 0; i < lines.length; i++) {
    const match = RegExpPrototypeExec(LOCATION, lines[i]);
    if (match) {
      return {
        file: decodeURIComponentFn(StringPrototypeReplace(match[1], "file://", "")),
        line: NumberParseInt(match[2], 10),
        column: NumberParseInt(match[3], 10),
      };
    }
  }
  return undefined;
}

/** A plain description of a thrown value for the Rust side. */
export function describeError(err) {
  let stack;
  try {
    stack = err && typeof err === "object" && typeof err.stack === "string" ? err.stack : undefined;
  } catch {
    stack = undefined;
  }
  return {
    message: messageOf(err),
    name: err instanceof ErrorCtor && typeof err.name === "string" ? err.name : undefined,
    stack,
    location: locationOf(err),
    processExit: err instanceof ProcessExitError ? err.exitCode : undefined,
    toolError: err instanceof ToolError,
  };
}
