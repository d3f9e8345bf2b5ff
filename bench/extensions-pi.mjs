// pi's side of bench/extensions.mjs, run by Node 22 from the corpus's scratch folder (where
// @earendil-works/pi-coding-agent 1.6.0 resolves): pi's SDK makes the project's extensions ready
// as pi does before a model sees them — `discoverAndLoadExtensions` (jiti), `createAgentSession`
// (in-memory session and settings, no model) and `bindExtensions` (session_start, where some
// extensions register their tools) — then prints `READY <tools> <errors>` and exits.
//
//   node extensions-pi.mjs PROJECT AGENT_DIR
import {
  createAgentSession,
  discoverAndLoadExtensions,
  SessionManager,
  SettingsManager,
} from "@earendil-works/pi-coding-agent";

const [cwd, agentDir] = process.argv.slice(2);
const loaded = await discoverAndLoadExtensions([], cwd, agentDir);
const resourceLoader = {
  getExtensions: () => loaded,
  getSkills: () => ({ skills: [], diagnostics: [] }),
  getPrompts: () => ({ prompts: [], diagnostics: [] }),
  getThemes: () => ({ themes: [], diagnostics: [] }),
  getAgentsFiles: () => ({ agentsFiles: [] }),
  getSystemPrompt: () => undefined,
  getSystemPromptSource: () => undefined,
  getAppendSystemPrompt: () => [],
  getAppendSystemPromptSources: () => [],
  extendResources: () => {},
  reload: async () => {},
};
const { session } = await createAgentSession({
  cwd,
  agentDir,
  resourceLoader,
  sessionManager: SessionManager.inMemory(cwd),
  settingsManager: SettingsManager.inMemory({ compaction: { enabled: false } }),
  noTools: "builtin",
});
await session.bindExtensions({});
const tools = session.getAllTools().filter((t) => t.sourceInfo?.source !== "builtin").length;
process.stdout.write(`READY ${tools} ${loaded.errors.length}\n`);
session.dispose();
process.exit(0);
