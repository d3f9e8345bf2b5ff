// Host copy of `@oh-my-pi/pi-coding-agent/tools/tool-errors`: omp's ToolError, whose
// message reaches the model as it is (resolve does not prefix it with "Apply failed:").

export class ToolError extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = "ToolError";
  }
  render() {
    return this.message;
  }
}

export class ToolAbortError extends ToolError {
  constructor(message = "Operation aborted") {
    super(message);
    this.name = "ToolAbortError";
  }
}

export function throwIfAborted(signal) {
  if (signal?.aborted) throw new ToolAbortError();
}

export default { ToolError, ToolAbortError, throwIfAborted };
