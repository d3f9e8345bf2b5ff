// The extension corpus: public pi extensions from the npm registry, pinned in package.json.
// Shared by tests/extensions/run.mjs (pi and omp-host side by side) and bench/extensions.mjs.
//
// Each entry:
//   id       short name used in reports and scratch folders
//   pkg      the npm package (its exact version is in package.json and the lock)
//   entry    what is placed in the project's `.pi/extensions/`: "." for the package folder itself
//            (pi reads its package.json `pi.extensions`), else a path inside the package
//            (a file, or a folder with index.ts or its own package.json)
//   why      what it brings to the corpus
//   calls    calls whose answers are compared (safe: pure computations, reads of the project's
//            fixture notes.txt, status queries, and arguments that fail validation or a tool's
//            own checks); run in order in one session on each side
//   setup    optional ({home, project}) => void, run for each side before loading
import fs from "node:fs";
import path from "node:path";

const EXAMPLES = "examples/extensions";
const PI = "@earendil-works/pi-coding-agent";

/** The fixture every project holds (read by the `read` tools). */
export const NOTES = "alpha\nbeta\ngamma\n";

export const CORPUS = [
  // ----- third-party packages (every npm package in the registry mirror that declares pi.extensions and registers tools)
  {
    id: "pi-web-access",
    pkg: "pi-web-access",
    entry: ".",
    why: "web search/fetch package: npm dependencies (linkedom, turndown, unpdf, undici, p-limit), bare typebox, @earendil-works/pi-ai/compat, session_start/session_tree handlers; keys and network only when a tool is called",
    calls: [
      { tool: "get_search_content", params: { responseId: "no-such-response" } },
      { tool: "get_search_content", params: {} },
      { tool: "fetch_content", params: { urls: "not-an-array" } },
    ],
  },
  {
    id: "pi-subagents",
    pkg: "pi-subagents",
    entry: ".",
    why: "largest package (278 TypeScript files): many pi.on handlers, pi-agent-core, pi-ai/compat, yaml/acorn/jiti dependencies, ctx.sessionManager",
    calls: [
      { tool: "bg_wait", params: { id: 5 } },
      { tool: "subagent", params: { action: 7 } },
    ],
  },
  {
    id: "pi-mcp-adapter",
    pkg: "pi-mcp-adapter",
    entry: ".",
    why: "MCP client package: @modelcontextprotocol/client, zod, ajv dependencies; session_start/tool_result/input handlers; tools answer status without servers",
    calls: [
      { tool: "mcp", params: {} },
      { tool: "mcpScript", params: {} },
    ],
  },
  {
    id: "pi-markdown-preview",
    pkg: "pi-markdown-preview",
    entry: ".",
    why: "single-file package with an npm dependency (puppeteer-core, micromark), ctx.ui, agent_end/session_shutdown handlers",
    calls: [{ tool: "preview_export", params: { format: 3 } }],
  },
  {
    id: "pi-prompt-template-model",
    pkg: "pi-prompt-template-model",
    entry: ".",
    why: "registers its tool only when enabled in <agentDir>/prompt-template-model.json (set up here); minimatch dependency, pi-agent-core, model_select/before_agent_start handlers",
    setup({ home }) {
      const agentDir = path.join(home, ".pi/agent");
      fs.mkdirSync(agentDir, { recursive: true });
      fs.writeFileSync(path.join(agentDir, "prompt-template-model.json"), JSON.stringify({ toolEnabled: true }));
    },
    calls: [{ tool: "run-prompt", params: {} }],
  },
  {
    id: "pi-collaborating-agents",
    pkg: "@baochunli/pi-collaborating-agents",
    entry: ".",
    why: "the legacy namespace: @mariozechner/pi-coding-agent, pi-tui, pi-ai imports and @sinclair/typebox; input/turn_end/tool_call handlers",
    calls: [
      { tool: "agent_message", params: { action: "bogus" } },
      { tool: "subagent", params: { tasks: "not-an-array" } },
    ],
  },
  {
    id: "pi-processes",
    pkg: "@aliou/pi-processes",
    entry: ".",
    why: "three entry files in pi.extensions; dependencies that are TypeScript source packages built on pi (@aliou/pi-utils-settings, @aliou/pi-utils-ui); a JSON import with attributes; tool_call handler",
    calls: [
      { tool: "process", params: { action: "list" } },
      { tool: "process", params: { action: "bogus" } },
    ],
  },
  // ----- the example extensions pi publishes in its npm package (@earendil-works/pi-coding-agent 1.6.0)
  {
    id: "ex-hello",
    pkg: PI,
    entry: `${EXAMPLES}/hello.ts`,
    why: "minimal tool through defineTool, Type from @earendil-works/pi-ai",
    calls: [
      { tool: "hello", params: { name: "Ada" } },
      { tool: "hello", params: {} },
    ],
  },
  {
    id: "ex-todo",
    pkg: PI,
    entry: `${EXAMPLES}/todo.ts`,
    why: "state kept across calls and rebuilt from the session branch, StringEnum, pi-tui (matchesKey, Text), a command with ctx.ui.custom",
    calls: [
      { tool: "todo", params: { action: "add", text: "buy milk" } },
      { tool: "todo", params: { action: "add", text: "write docs" } },
      { tool: "todo", params: { action: "toggle", id: 1 } },
      { tool: "todo", params: { action: "list" } },
      { tool: "todo", params: { action: "toggle" } },
      { tool: "todo", params: { action: "nope" } },
    ],
  },
  {
    id: "ex-question",
    pkg: PI,
    entry: `${EXAMPLES}/question.ts`,
    why: "ctx.ui.custom with pi-tui components (Editor, SelectList); answers without a UI",
    calls: [{ tool: "question", params: { question: "Which?", options: [{ label: "A" }, { label: "B" }] } }],
  },
  {
    id: "ex-questionnaire",
    pkg: PI,
    entry: `${EXAMPLES}/questionnaire.ts`,
    why: "nested array/object schema, ctx.ui.custom; answers without a UI",
    calls: [
      { tool: "questionnaire", params: { questions: [{ id: "q1", prompt: "Pick one", options: [{ value: "a", label: "A" }] }] } },
      { tool: "questionnaire", params: { questions: [{ id: "q1" }] } },
    ],
  },
  {
    id: "ex-structured-output",
    pkg: PI,
    entry: `${EXAMPLES}/structured-output.ts`,
    why: "defineTool with promptSnippet/promptGuidelines, a terminating result, renderResult",
    calls: [
      { tool: "structured_output", params: { headline: "Done", summary: "All good.", actionItems: ["ship", "rest"] } },
      { tool: "structured_output", params: { headline: "Done" } },
    ],
  },
  {
    id: "ex-truncated-tool",
    pkg: PI,
    entry: `${EXAMPLES}/truncated-tool.ts`,
    why: "pi's output-truncation helpers (truncateHead, DEFAULT_MAX_BYTES, formatSize), execSync of rg",
    calls: [
      { tool: "rg", params: { pattern: "gamma", path: "notes.txt" } },
      { tool: "rg", params: {} },
    ],
  },
  {
    id: "ex-with-deps",
    pkg: PI,
    entry: `${EXAMPLES}/with-deps`,
    why: "a folder with its own package.json (pi.extensions) and an npm dependency (ms)",
    calls: [
      { tool: "parse_duration", params: { duration: "2 days" } },
      { tool: "parse_duration", params: { duration: "zzz" } },
      { tool: "parse_duration", params: {} },
    ],
  },
  {
    id: "ex-tool-override",
    pkg: PI,
    entry: `${EXAMPLES}/tool-override.ts`,
    why: "replaces the built-in read tool; withFileMutationQueue, getAgentDir, fs reads",
    calls: [
      { tool: "read", params: { path: "notes.txt" } },
      { tool: "read", params: { path: "missing.txt" } },
    ],
  },
  {
    id: "ex-dynamic-tools",
    pkg: PI,
    entry: `${EXAMPLES}/dynamic-tools.ts`,
    why: "registers its tool from session_start (after load), promptSnippet/promptGuidelines",
    calls: [{ tool: "echo_session", params: { message: "hi" } }],
  },
  {
    id: "ex-ssh",
    pkg: PI,
    entry: `${EXAMPLES}/ssh.ts`,
    why: "registerFlag, and the built-in tool factories (createReadTool, createBashTool, …) re-registered with remote operations",
    calls: [{ tool: "read", params: { path: "notes.txt" } }],
  },
  {
    id: "ex-subagent",
    pkg: PI,
    entry: `${EXAMPLES}/subagent`,
    why: "a folder (index.ts + agents.ts), CONFIG_DIR_NAME/getAgentDir, parseFrontmatter, pi-agent-core types",
    calls: [{ tool: "subagent", params: {} }],
  },
  {
    id: "ex-tic-tac-toe",
    pkg: PI,
    entry: `${EXAMPLES}/tic-tac-toe.ts`,
    why: "two tools sharing state, executionMode, StringEnum, pi-tui components",
    calls: [
      { tool: "tic_tac_toe_see_board", params: {} },
      { tool: "tic_tac_toe", params: { action: "play" } },
      { tool: "tic_tac_toe_see_board", params: {} },
    ],
  },
  {
    id: "ex-bash-spawn-hook",
    pkg: PI,
    entry: `${EXAMPLES}/bash-spawn-hook.ts`,
    why: "createBashTool with a spawnHook (replaces the built-in bash)",
    // The hook sources ~/.profile: without one, bash's complaint on stderr and the command's
    // stdout race into the merged output, in either order on either side.
    setup({ home }) {
      fs.writeFileSync(path.join(home, ".profile"), "export PI_CORPUS_PROFILE=1\n");
    },
    calls: [{ tool: "bash", params: { command: "echo corpus $PI_CORPUS_PROFILE" } }],
  },
  {
    id: "ex-reload-runtime",
    pkg: PI,
    entry: `${EXAMPLES}/reload-runtime.ts`,
    why: "a terminating tool result, agent_settled handler, sendUserMessage, a command using ctx.reload",
    calls: [{ tool: "reload_runtime", params: {} }],
  },
  {
    id: "ex-shutdown-command",
    pkg: PI,
    entry: `${EXAMPLES}/shutdown-command.ts`,
    why: "ctx.shutdown() from a tool, onUpdate streaming",
    calls: [
      { tool: "deploy_and_exit", params: {} },
      { tool: "finish_and_exit", params: {} },
    ],
  },
];

/** The specifiers pi 1.6.0 provides to extensions itself (its VIRTUAL_MODULES), probed on both sides. */
export const CORE_SPECIFIERS = [
  "typebox",
  "typebox/compile",
  "typebox/value",
  "@sinclair/typebox",
  "@earendil-works/pi-coding-agent",
  "@earendil-works/pi-agent-core",
  "@earendil-works/pi-tui",
  "@earendil-works/pi-ai",
  "@earendil-works/pi-ai/compat",
  "@earendil-works/pi-ai/models",
  "@earendil-works/pi-ai/oauth",
  "@mariozechner/pi-coding-agent",
  "@mariozechner/pi-agent-core",
  "@mariozechner/pi-tui",
  "@mariozechner/pi-ai",
  "@mariozechner/pi-ai/compat",
];

/** Where an entry's files are in an installed node_modules folder. */
export function entryPath(modules, item) {
  return path.join(modules, item.pkg, item.entry === "." ? "" : item.entry);
}

/** The name it gets in `.pi/extensions/`. */
export function entryName(item) {
  return item.entry === "." ? item.id : path.basename(item.entry);
}
