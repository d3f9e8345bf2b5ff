// The `pi` object (CustomToolAPI, contract 3) handed to every tool factory of a session:
// cwd, exec, the no-op UI until a client provides one, logger, typebox, zod, the pi
// namespace and pushPendingAction (the host's queue, js/host/pending.js); and pi's
// ExtensionAPI members (js/host/extension_api.js) for extensions.
import * as zod from "omp:/zod";
import * as typebox from "omp:/typebox";
import * as codingAgent from "omp:/pkg/pi-coding-agent";
import { exec } from "omp:/host/exec";
import { pushPendingAction } from "omp:/host/pending";
import { logger } from "omp:/host/logger";
import { extensionMembers } from "omp:/host/extension_api";

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
  };
}

/** A tiny event bus for `pi.events` (non-standard, used by a few real tools). */
function createEvents() {
  const handlers = new Map();
  return {
    on(name, fn) {
      if (!handlers.has(name)) handlers.set(name, new Set());
      handlers.get(name).add(fn);
      return () => handlers.get(name)?.delete(fn);
    },
    off(name, fn) {
      handlers.get(name)?.delete(fn);
    },
    emit(name, ...args) {
      for (const fn of handlers.get(name) ?? []) {
        try {
          fn(...args);
        } catch (err) {
          logger.warn("pi.events handler failed", { event: name, error: String(err) });
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
    zod,
    pi: codingAgent,
    events: createEvents(),
    pushPendingAction,
    ...extensionMembers(),
  };
  return api;
}
