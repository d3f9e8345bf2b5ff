// The `pi` object (CustomToolAPI, contract 3) handed to every tool factory of a session:
// cwd, exec, the no-op UI until a client provides one, logger, typebox, arktype, zod, the pi
// namespace and pushPendingAction (the host's queue, pending.js); and pi's ExtensionAPI
// members (extension_api.js, messages.js, `getSettings` through settings.rs) for extensions.
import * as zod from "omp:/zod";
import * as typebox from "omp:/typebox";
import { type as arktype } from "omp:/vendor/omptype";
import * as codingAgent from "omp:/pkg/pi-coding-agent";
import { exec } from "omp:/host/exec";
import { pushPendingAction } from "omp:/host/pending";
import { logger } from "omp:/host/logger";
import { extensionMembers } from "omp:/host/extension_api";
import { messageMembers } from "omp:/host/messages";
import { core, primordials } from "omp:/host/core";

// Its event bus runs inside tools' calls: built from builtins captured at start-up.
const { SafeMap, SafeSet, SafeSetIterator, MapPrototypeGet, MapPrototypeSet, MapPrototypeHas, SetPrototypeAdd, SetPrototypeDelete, ArrayFrom, ReflectApply, String: StringCtor } = primordials;

/** The UI every tool sees until a client supplies a real one (contract 3.3). */
export function createNoOpUI() {
  return {
    select: async () => undefined,
    confirm: async () => false,
    input: async () => undefined,
    notify: () => {},
    setStatus: () => {},
    custom: async () => undefined,
    setEditorText: () => {},
    getEditorText: () => "",
    editor: async () => undefined,
    get theme() {
      return codingAgent.theme;
    },
    ...terminalOnlyUI(),
  };
}

/**
 * The members of pi's UI that only its terminal shows (widgets, header and footer, the working
 * message, the editor's parts, themes, tool expansion): accepted and without effect, as pi's
 * own UI without a terminal (print and RPC modes) answers them.
 */
export function terminalOnlyUI() {
  return {
    onTerminalInput: () => () => {},
    setWorkingMessage: () => {},
    setWorkingVisible: () => {},
    setWorkingIndicator: () => {},
    setHiddenThinkingLabel: () => {},
    setWidget: () => {},
    setFooter: () => {},
    setHeader: () => {},
    setTitle: () => {},
    pasteToEditor: () => {},
    addAutocompleteProvider: () => {},
    setEditorComponent: () => {},
    getEditorComponent: () => undefined,
    getAllThemes: () => [],
    getTheme: () => undefined,
    setTheme: () => ({ success: false, error: "UI not available" }),
    getToolsExpanded: () => false,
    setToolsExpanded: () => {},
  };
}

/** A tiny event bus for `pi.events` (non-standard, used by a few real tools and extensions). */
function createEvents() {
  const handlers = new SafeMap();
  return {
    on(name, fn) {
      if (!MapPrototypeHas(handlers, name)) MapPrototypeSet(handlers, name, new SafeSet());
      SetPrototypeAdd(MapPrototypeGet(handlers, name), fn);
      return () => {
        const set = MapPrototypeGet(handlers, name);
        if (set !== undefined) SetPrototypeDelete(set, fn);
      };
    },
    off(name, fn) {
      const set = MapPrototypeGet(handlers, name);
      if (set !== undefined) SetPrototypeDelete(set, fn);
    },
    emit(name, ...args) {
      const set = MapPrototypeGet(handlers, name);
      if (set === undefined) return;
      const fns = ArrayFrom(new SafeSetIterator(set));
      for (let i = 0; i < fns.length; i++) {
        try {
          ReflectApply(fns[i], undefined, args);
        } catch (err) {
          logger.warn("pi.events handler failed", { event: name, error: StringCtor(err) });
        }
      }
    },
  };
}

/** Builds the API object for one session. */
export function createPiApi({ cwd }) {
  const api = {
    cwd,
    exec: (command, args, options) => exec(command, args, { ...options, cwd: options?.cwd ?? api.cwd }),
    ui: createNoOpUI(),
    hasUI: false,
    logger,
    typebox,
    arktype,
    zod,
    pi: codingAgent,
    events: createEvents(),
    pushPendingAction,
    ...extensionMembers(),
    ...messageMembers(),
    // pi's settings.json, user and project merged, as pi gives them.
    getSettings: () => core.ops.op_pi_settings(StringCtor(api.cwd)),
  };
  return api;
}
