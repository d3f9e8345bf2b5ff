// Reports how a call ended to Rust, through the op that fits the outcome: a throw, a result
// of one text block (the shape most tools return, crossing as one string), or any other
// plain value (read as objects through serde_v8).
import { core } from "omp:/host/core";
import { messageOf } from "omp:/host/errors";
const { ArrayIsArray, ObjectKeys, ObjectPrototypeHasOwnProperty, ObjectGetPrototypeOf } = globalThis.__bootstrap.primordials;
const opCallReturned = core.ops.op_call_returned;
const opCallReturnedText = core.ops.op_call_returned_text;
const opCallThrew = core.ops.op_call_threw;
const ObjectPrototype = ObjectGetPrototypeOf({});

/** What every call answers while a tool's `then` sits on Object.prototype. */
const POISONED_THEN =
  "Object.prototype.then was set by a tool, so every object an async function returns is taken for a promise and its value is lost; no tool result can be read until it is removed";

/**
 * Reports how call `callId` ended: `{ok: true, value}` (plain data) or `{ok: false, error}`.
 * Callers report from inside their async function rather than returning the outcome: an
 * object returned from an async function passes through promise resolution, which reads its
 * `then` (a tool that puts `then` on Object.prototype made every outcome unreadable). Never
 * leaves the call unanswered: a result that cannot cross to Rust (nested deeper than the
 * bridge reads) is answered as an error naming why.
 */
export function reportOutcome(callId, outcome) {
  const poisoned = ObjectPrototypeHasOwnProperty(ObjectPrototype, "then");
  try {
    send(callId, poisoned ? { ok: false, error: { message: POISONED_THEN } } : outcome);
  } catch (err) {
    send(callId, { ok: false, error: { message: `The tool's result could not be read: ${messageOf(err)}` } });
  }
}

function send(callId, outcome) {
  if (!outcome.ok) return opCallThrew(callId, outcome.error);
  const text = singleText(outcome.value);
  if (text !== undefined) return opCallReturnedText(callId, text);
  return opCallReturned(callId, outcome.value === undefined ? null : outcome.value);
}

/** The text of a plain `{content: [{type: "text", text}]}` (keys in that order), else undefined. */
function singleText(value) {
  if (value === null || typeof value !== "object" || ArrayIsArray(value)) return undefined;
  const keys = ObjectKeys(value);
  if (keys.length !== 1 || keys[0] !== "content") return undefined;
  const content = value.content;
  if (!ArrayIsArray(content) || content.length !== 1) return undefined;
  const block = content[0];
  if (block === null || typeof block !== "object" || ArrayIsArray(block)) return undefined;
  const blockKeys = ObjectKeys(block);
  if (blockKeys.length !== 2 || blockKeys[0] !== "type" || blockKeys[1] !== "text") return undefined;
  return block.type === "text" && typeof block.text === "string" ? block.text : undefined;
}
