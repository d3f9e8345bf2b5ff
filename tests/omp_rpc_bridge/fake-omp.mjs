// A stand-in for `omp --mode rpc` (omp 18.x) for tests/omp_rpc_bridge/run.mjs. It speaks the
// frames of omp's RPC mode as @oh-my-pi/pi-coding-agent 18.2.3 and 18.3.4 define them
// (src/modes/rpc/rpc-types.ts, rpc-mode.ts, host-tools.ts, rpc-frame.ts):
//   - writes the `ready` frame first;
//   - answers each command with {"id","type":"response","command","success",…}; `set_host_tools`
//     is checked as omp's normalizeHostToolDefinitions does and answered with {toolNames};
//   - `host_tool_result` / `host_tool_update` are side-channel frames that get no answer (omp
//     matches them to a pending call by `id`, and takes them only with a string `id` and an
//     array `result.content` / `partialResult.content`; anything else would be a command);
//   - frames over 1 MiB go out as protocol v2 `rpc_chunk` lines (256 KiB of payload each),
//     as omp does once a client negotiated v2.
// Everything it reads is echoed as {"type":"fake_received","frame":…,"valid"?} so the test sees
// exactly what omp would have been sent. Test-only commands, which the test sends through the
// bridge: fake_host_tool_call {id,toolCallId,toolName,arguments}, fake_host_tool_cancel
// {id,targetId}, fake_emit {frame}, fake_exit {code}.
import { createInterface } from "node:readline";

const MAX_FRAME_BYTES = 1024 * 1024;
const CHUNK_BYTES = 256 * 1024;
let chunkCounter = 0;

function emit(frame) {
  const json = JSON.stringify(frame);
  if (Buffer.byteLength(json) + 1 <= MAX_FRAME_BYTES) return process.stdout.write(`${json}\n`);
  const bytes = Buffer.from(json);
  const count = Math.ceil(bytes.length / CHUNK_BYTES);
  const chunkId = `rpc-${++chunkCounter}`;
  for (let index = 0; index < count; index++) {
    const data = bytes.subarray(index * CHUNK_BYTES, (index + 1) * CHUNK_BYTES).toString("base64");
    process.stdout.write(`${JSON.stringify({ type: "rpc_chunk", chunkId, index, count, byteLength: bytes.length, data })}\n`);
  }
}

const isToolResult = (v) => v && typeof v === "object" && Array.isArray(v.content);

function checkHostTools(tools) {
  const names = tools.map((tool, index) => {
    const name = typeof tool.name === "string" ? tool.name.trim() : "";
    if (!name) throw new Error(`Host tool at index ${index} must provide a non-empty name`);
    if (!(typeof tool.description === "string" && tool.description.trim())) throw new Error(`Host tool "${name}" must provide a non-empty description`);
    if (!tool.parameters || typeof tool.parameters !== "object" || Array.isArray(tool.parameters)) throw new Error(`Host tool "${name}" must provide a JSON Schema object`);
    return name;
  });
  if (new Set(names).size !== names.length) throw new Error("RPC host tool names must be unique");
  return names;
}

emit({ type: "ready", protocolVersion: 1, supportedProtocolVersions: [1, 2], maxFrameBytes: MAX_FRAME_BYTES, maxReassembledFrameBytes: 64 * 1024 * 1024 });

createInterface({ input: process.stdin, crlfDelay: Infinity }).on("line", (line) => {
  if (!line.trim()) return;
  let frame;
  try {
    frame = JSON.parse(line);
  } catch (error) {
    emit({ type: "fake_received", raw: line });
    return emit({ type: "response", command: "parse", success: false, error: `Failed to parse command: ${error.message}` });
  }
  const { id, type } = frame;
  if (type === "host_tool_result") return emit({ type: "fake_received", frame, valid: typeof id === "string" && isToolResult(frame.result) });
  if (type === "host_tool_update") return emit({ type: "fake_received", frame, valid: typeof id === "string" && isToolResult(frame.partialResult) });
  emit({ type: "fake_received", frame });
  switch (type) {
    case "fake_host_tool_call":
      return emit({ type: "host_tool_call", id: frame.id, toolCallId: frame.toolCallId, toolName: frame.toolName, arguments: frame.arguments });
    case "fake_host_tool_cancel":
      return emit({ type: "host_tool_cancel", id: frame.id, targetId: frame.targetId });
    case "fake_emit":
      return emit(frame.frame);
    case "fake_exit":
      return process.stdout.write("", () => process.exit(frame.code));
    case "set_host_tools":
      try {
        return emit({ id, type: "response", command: type, success: true, data: { toolNames: checkHostTools(frame.tools) } });
      } catch (error) {
        return emit({ id, type: "response", command: type, success: false, error: error.message });
      }
    case "steer":
    case "follow_up":
    case "abort":
      return emit({ id, type: "response", command: type, success: true });
    case "get_state":
      return emit({ id, type: "response", command: type, success: true, data: { isStreaming: false, sessionId: "fake" } });
    default:
      return emit({ id, type: "response", command: type, success: false, error: `Unknown command: ${type}` });
  }
});
// At the end of its input omp rejects what is pending, drains its output and exits with 0.
process.stdin.on("end", () => process.stdout.write("", () => process.exit(0)));
