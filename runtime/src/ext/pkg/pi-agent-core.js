// Host copy of `@oh-my-pi/pi-agent-core`: only types in the tool contract; nothing at runtime
// but the approval tier names.
export const TOOL_TIERS = ["read", "write", "exec"];
export default { TOOL_TIERS };
