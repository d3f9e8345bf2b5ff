// pi's side of bench/extensions.mjs, run by Node 22 from the corpus's scratch folder (where
// @earendil-works/pi-coding-agent 1.6.0 resolves): pi's SDK makes the project's extensions ready
// as pi does before a model sees them — `discoverAndLoadExtensions` (jiti), `createAgentSession`
// (in-memory session and settings, no model) and `bindExtensions` (session_start, where some
// extensions register their tools) — then prints `READY <tools> <errors>` and exits.
//
//   node extensions-pi.mjs PROJECT AGENT_DIR
import * as sdk from "@earendil-works/pi-coding-agent";
import { piSession } from "./pi-session.mjs";

const [cwd, agentDir] = process.argv.slice(2);
const loaded = await sdk.discoverAndLoadExtensions([], cwd, agentDir);
const session = await piSession(sdk, { cwd, agentDir, loaded });
await session.bindExtensions({});
const tools = session.getAllTools().filter((t) => t.sourceInfo?.source !== "builtin").length;
process.stdout.write(`READY ${tools} ${loaded.errors.length}\n`);
session.dispose();
process.exit(0);
