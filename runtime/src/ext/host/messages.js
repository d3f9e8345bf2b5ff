// pi's `pi.sendMessage(message, options)` and `pi.sendUserMessage(content, options)`. The host
// runs no model turn of its own: a custom message goes to the client (ext/host/messages.rs:
// the session file, `run`'s `message_end` event, an MCP log message when it is for display),
// whose agent adds it to its conversation as `options` say. A user message would start a turn
// the host does not have, so `sendUserMessage` is refused with the reason.
import { currentCallId } from "omp:/host/call_context";
import { toPlain } from "omp:/host/plain";
import { core, primordials } from "omp:/host/core";

const { ArrayIsArray, DateNow, Error: ErrorCtor, TypeError: TypeErrorCtor } = primordials;
const opSendMessage = core.ops.op_send_message;

/** What a value is, for an error message. */
function kindOf(value) {
  if (value === null) return "null";
  return ArrayIsArray(value) ? "array" : typeof value;
}

/** pi's custom message for `message` (`customType`, `content`, `display`, `details`). */
function customMessage(message) {
  if (message === null || typeof message !== "object" || ArrayIsArray(message)) {
    throw new TypeErrorCtor(`pi.sendMessage: expected a message object ({customType, content, display, details}), got ${kindOf(message)}`);
  }
  if (typeof message.customType !== "string") {
    throw new TypeErrorCtor(`pi.sendMessage: the message's customType must be a string, got ${kindOf(message.customType)}`);
  }
  // As pi, a missing content is an empty one.
  const content = message.content ?? [];
  if (typeof content !== "string" && !ArrayIsArray(content)) {
    throw new TypeErrorCtor(`pi.sendMessage: the message's content must be a string or an array of text and image blocks, got ${kindOf(content)}`);
  }
  const custom = { role: "custom", customType: message.customType, content: toPlain(content), display: !!message.display };
  if (message.details !== undefined) custom.details = toPlain(message.details);
  custom.timestamp = DateNow();
  return custom;
}

/** pi's delivery options (`deliverAs`, `triggerTurn`) as given, or null when there are none. */
function deliveryOptions(options) {
  if (options === null || typeof options !== "object") return null;
  const delivery = {};
  let any = false;
  if (typeof options.deliverAs === "string") {
    delivery.deliverAs = options.deliverAs;
    any = true;
  }
  if (typeof options.triggerTurn === "boolean") {
    delivery.triggerTurn = options.triggerTurn;
    any = true;
  }
  return any ? delivery : null;
}

/** The ExtensionAPI's message members. */
export function messageMembers() {
  return {
    sendMessage(message, options) {
      opSendMessage(currentCallId() ?? "", customMessage(message), deliveryOptions(options));
    },
    sendUserMessage() {
      throw new ErrorCtor(
        "pi.sendUserMessage: omp-host runs no agent turn of its own, so it has no user message to send; pi.sendMessage hands the client a custom message for its conversation",
      );
    },
  };
}
