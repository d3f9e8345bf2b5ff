// Error helpers shared by the host modules: turning anything thrown into a message and a
// location, logging what nothing caught, and the error `process.exit` throws so a tool
// cannot end the host. Uses builtins
// captured at start-up, so a tool that replaces globals cannot change how errors read.
import { ToolError } from "omp:/pkg/pi-coding-agent/tools/tool-errors";
import { core } from "omp:/host/core";
const { Error: ErrorCtor, String: StringCtor, ObjectPrototypeToString, StringPrototypeSplit, StringPrototypeReplace, RegExpPrototypeExec, NumberParseInt } =
  globalThis.__bootstrap.primordials;

const { JSONStringify } = globalThis.__bootstrap.primordials;
const decodeURIComponentFn = globalThis.decodeURIComponent;
const opLog = core.ops.op_log;

/** Thrown by `process.exit()`: tools run inside the host, so exiting ends only the tool's work. */
export class ProcessExitError extends ErrorCtor {
  constructor(code) {
    super(`process.exit(${code ?? 0}) was called; omp-host does not let a tool end the host process`);
    this.name = "ProcessExitError";
    this.exitCode = code ?? 0;
  }
}

/** `read()`, or undefined when a getter or proxy trap of the tool's throws. */
function readSafely(read) {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/**
 * `err.message` for Error objects, `String(err)` otherwise (contract 4.5). Never throws,
 * whatever getters or proxy traps the thrown value has (a throw here left a call unanswered).
 */
export function messageOf(err) {
  const message = readSafely(() => {
    if (err instanceof ErrorCtor) return typeof err.message === "string" ? err.message : StringCtor(err.message);
    if (err && typeof err === "object" && typeof err.message === "string") return err.message;
    return undefined;
  });
  return message ?? readSafely(() => StringCtor(err)) ?? readSafely(() => ObjectPrototypeToString(err)) ?? "[a thrown value that cannot be read]";
}

// A reloaded module's URL ends in `?omp-reload=N`, which is no part of the file.
const LOCATION = /(file:\/\/[^\s)?]+?)(?:\?[^\s):]*)?:(\d+):(\d+)/;

/** The first stack line that points into a tool file (`file://…:line:col`), if any. */
export function locationOf(err) {
  const stack = readSafely(() => (err && typeof err === "object" && typeof err.stack === "string" ? err.stack : "")) ?? "";
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

/** A plain description of a thrown value for the Rust side; never throws (see `messageOf`). */
export function describeError(err) {
  return {
    message: messageOf(err),
    name: readSafely(() => (err instanceof ErrorCtor && typeof err.name === "string" ? err.name : undefined)),
    stack: readSafely(() => (err && typeof err === "object" && typeof err.stack === "string" ? err.stack : undefined)),
    location: locationOf(err),
    processExit: readSafely(() => (err instanceof ProcessExitError ? err.exitCode : undefined)),
    toolError: readSafely(() => err instanceof ToolError) ?? false,
  };
}

/**
 * Logs at `level`, as `what`, a value tool code threw where nothing caught it (an unhandled
 * rejection, a microtask's callback): Node would exit; the host goes on.
 */
export function logThrown(level, what, err) {
  const { stack, message } = describeError(err);
  opLog(level, what, JSONStringify({ error: stack ?? message }));
}
