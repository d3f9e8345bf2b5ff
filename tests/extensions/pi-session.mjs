// pi's own session for extensions its SDK has loaded, as pi makes one before a model sees them:
// `createAgentSession` with a resource loader that gives exactly those extensions (and no
// skills, prompts or themes), an in-memory session and settings, and no built-in tools. Shared
// by pi-side.mjs (the corpus) and bench/extensions-pi.mjs; install.mjs copies it beside them
// into the scratch folder, where @earendil-works/pi-coding-agent resolves.

/** A pi agent session over `loaded` (what `sdk.discoverAndLoadExtensions` answered). */
export async function piSession(sdk, { cwd, agentDir, loaded }) {
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
  const { session } = await sdk.createAgentSession({
    cwd,
    agentDir,
    resourceLoader,
    sessionManager: sdk.SessionManager.inMemory(cwd),
    settingsManager: sdk.SettingsManager.inMemory({ compaction: { enabled: false } }),
    noTools: "builtin",
  });
  return session;
}
