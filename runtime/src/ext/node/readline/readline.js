// node:readline (and readline/promises): line-by-line reading of a stream with
// `createInterface({ input })`: `line` and `close` events, async iteration, `question()`.
// There is no terminal editing: input is read as plain lines (`\n`, `\r\n`, `\r`).
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { EventEmitter } from "omp:/node/events";
import { StringDecoder } from "omp:/node/string_decoder";
import { primordials } from "omp:/host/core";

const {
  ArrayPrototypePush,
  ArrayPrototypeShift,
  MapPrototypeSet,
  PromiseResolve,
  RegExpPrototypeExec,
  SafeMap,
  StringPrototypeSlice,
  SymbolAsyncIterator,
} = primordials;

export class Interface extends EventEmitter {
  #buffer = "";
  #decoder = new StringDecoder("utf8");
  #pendingQuestion = null;
  #lines = [];
  #waiters = [];
  #iterating = false;

  constructor(input, output, _completer, terminal) {
    super();
    const isOptions = input !== null && typeof input === "object" && typeof input.on !== "function" && "input" in input;
    const options = isOptions ? input : { input, output, terminal };
    this.input = options.input;
    this.output = options.output;
    this.terminal = Boolean(options.terminal);
    this.line = "";
    this.closed = false;
    this.prompt_ = options.prompt ?? "> ";
    this.onData = (chunk) => this.#receive(typeof chunk === "string" ? chunk : this.#decoder.write(chunk));
    this.onEnd = () => {
      this.#receive(this.#decoder.end());
      if (this.#buffer.length > 0) this.#emitLine(this.#buffer);
      this.#buffer = "";
      this.close();
    };
    this.input?.on("data", this.onData);
    this.input?.on("end", this.onEnd);
    if (options.signal) {
      if (options.signal.aborted) queueMicrotask(() => this.close());
      else options.signal.addEventListener("abort", () => this.close(), { once: true });
    }
  }

  #receive(text) {
    if (!text) return;
    this.#buffer += text;
    for (;;) {
      const match = RegExpPrototypeExec(/\r\n|\n|\r(?!$)/, this.#buffer);
      if (!match) break;
      const line = StringPrototypeSlice(this.#buffer, 0, match.index);
      this.#buffer = StringPrototypeSlice(this.#buffer, match.index + match[0].length);
      this.#emitLine(line);
    }
  }

  #emitLine(line) {
    if (this.closed) return;
    if (this.#pendingQuestion) {
      const answer = this.#pendingQuestion;
      this.#pendingQuestion = null;
      answer(line);
      return;
    }
    if (this.#iterating) {
      if (this.#waiters.length) ArrayPrototypeShift(this.#waiters).resolve({ value: line, done: false });
      else ArrayPrototypePush(this.#lines, line);
    }
    this.emit("line", line);
  }

  setPrompt(prompt) {
    this.prompt_ = prompt;
  }

  getPrompt() {
    return this.prompt_;
  }

  prompt() {
    this.output?.write?.(this.prompt_);
  }

  write(data) {
    if (typeof data === "string") this.#receive(data);
  }

  question(query, options, callback) {
    if (typeof options === "function") callback = options;
    this.output?.write?.(query);
    this.#pendingQuestion = callback;
  }

  pause() {
    this.input?.pause?.();
    this.emit("pause");
    return this;
  }

  resume() {
    this.input?.resume?.();
    this.emit("resume");
    return this;
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.input?.removeListener?.("data", this.onData);
    this.input?.removeListener?.("end", this.onEnd);
    while (this.#waiters.length) ArrayPrototypeShift(this.#waiters).resolve({ value: undefined, done: true });
    this.emit("close");
  }

  [SymbolAsyncIterator]() {
    this.#iterating = true;
    return {
      next: () => {
        if (this.#lines.length) return PromiseResolve({ value: ArrayPrototypeShift(this.#lines), done: false });
        if (this.closed) return PromiseResolve({ value: undefined, done: true });
        return new Promise((resolve, reject) => ArrayPrototypePush(this.#waiters, { resolve, reject }));
      },
      return: () => {
        this.close();
        return PromiseResolve({ value: undefined, done: true });
      },
      [SymbolAsyncIterator]() {
        return this;
      },
    };
  }
}

export function createInterface(input, output, completer, terminal) {
  return new Interface(input, output, completer, terminal);
}

/** readline/promises' Interface: `question()` answers a promise. */
export class PromisesInterface extends Interface {
  question(query, options = {}) {
    return new Promise((resolve, reject) => {
      if (options?.signal?.aborted) return reject(options.signal.reason);
      super.question(query, resolve);
    });
  }
}

export function clearLine(stream, _dir, callback) {
  callback?.();
  return true;
}

export function clearScreenDown(stream, callback) {
  callback?.();
  return true;
}

export function cursorTo(stream, _x, _y, callback) {
  if (typeof _y === "function") _y();
  else callback?.();
  return true;
}

export function moveCursor(stream, _dx, _dy, callback) {
  callback?.();
  return true;
}

export function emitKeypressEvents() {}

export const promises = {
  Interface: PromisesInterface,
  createInterface: (input, output, completer, terminal) => new PromisesInterface(input, output, completer, terminal),
};

const readlineModule = { Interface, createInterface, clearLine, clearScreenDown, cursorTo, moveCursor, emitKeypressEvents, promises };
export default readlineModule;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "readline", readlineModule);
