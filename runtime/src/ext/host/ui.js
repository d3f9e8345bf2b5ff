// The UI a client can show (contract 3.3, a host-supplied HookUIContext): select, confirm,
// input and editor ask the client through the host (`ops_ui`) and wait for its answer;
// notify and setStatus are notifications; what only pi's terminal shows does nothing. Each
// question is withdrawn when its call's signal or the `{signal}` option aborts, or when the
// `{timeout}` option (ms) passes, and then answers as the no-op UI would. `refreshUI` swaps
// `pi.ui`/`pi.hasUI` once a client that can show UI is there.
import { createNoOpUI, terminalOnlyUI } from "omp:/host/pi_api";
import { currentCallId } from "omp:/host/call_context";
import { signalOf } from "omp:/host/call";
import { core } from "omp:/host/core";

const { String: StringCtor, ArrayIsArray, ArrayPrototypeMap } = globalThis.__bootstrap.primordials;
const ops = core.ops;
const setTimeoutFn = globalThis.setTimeout;
const clearTimeoutFn = globalThis.clearTimeout;

function reasonText(signal) {
  const reason = signal.reason;
  if (typeof reason === "string") return reason;
  if (reason instanceof Error && reason.name !== "AbortError") return reason.message;
  return "Request was aborted";
}

/** Asks `method` with `question`; answers the client's value, or `none` if it was dismissed or withdrawn. */
async function ask(method, question, options, none) {
  const callId = currentCallId() ?? "";
  const signals = [];
  if (options?.signal) signals.push(options.signal);
  const own = callId ? signalOf(callId) : undefined;
  if (own) signals.push(own);
  for (const signal of signals) if (signal.aborted) return none;
  const id = ops.op_ui_ask(callId, method, question);
  const cleanups = [];
  for (const signal of signals) {
    const withdraw = () => ops.op_ui_withdraw(id, reasonText(signal));
    signal.addEventListener("abort", withdraw, { once: true });
    cleanups.push(() => signal.removeEventListener("abort", withdraw));
  }
  if (typeof options?.timeout === "number" && options.timeout > 0) {
    const timer = setTimeoutFn(() => ops.op_ui_withdraw(id, `timed out after ${options.timeout} ms`), options.timeout);
    cleanups.push(() => clearTimeoutFn(timer));
  }
  try {
    const answer = await ops.op_ui_wait(id);
    return answer.cancelled ? none : answer.value;
  } finally {
    for (const cleanup of cleanups) cleanup();
  }
}

function optional(value) {
  return value === undefined || value === null ? undefined : StringCtor(value);
}

/** The UI that asks the client. */
export function createClientUI() {
  const noOp = createNoOpUI();
  return {
    select: (title, options, opts) =>
      ask("select", { title: StringCtor(title), options: ArrayIsArray(options) ? ArrayPrototypeMap(options, (o) => StringCtor(o)) : [] }, opts, undefined),
    confirm: async (title, message, opts) => (await ask("confirm", { title: StringCtor(title), message: optional(message) ?? "" }, opts, false)) === true,
    input: (title, placeholder, opts) => ask("input", { title: StringCtor(title), placeholder: optional(placeholder) }, opts, undefined),
    editor: (title, prefill, opts) => ask("editor", { title: StringCtor(title), prefill: optional(prefill) }, opts, undefined),
    notify: (message, type) => {
      ops.op_ui_notify(currentCallId() ?? "", StringCtor(message), type === "warning" || type === "error" ? type : "info");
    },
    setStatus: (key, text) => {
      const shown = optional(text);
      ops.op_ui_status(currentCallId() ?? "", StringCtor(key), shown ?? "", shown === undefined);
    },
    custom: noOp.custom,
    setEditorText: noOp.setEditorText,
    getEditorText: noOp.getEditorText,
    get theme() {
      return noOp.theme;
    },
    ...terminalOnlyUI(),
  };
}

/** Gives `api` the client's UI once a client that can show UI is there. */
export function refreshUI(api) {
  if (!api || api.hasUI || !ops.op_ui_has()) return;
  api.ui = createClientUI();
  api.hasUI = true;
}
