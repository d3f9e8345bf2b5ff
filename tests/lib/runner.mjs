// What the Node test runners (tests/compat, tests/agents, tests/extensions) share: reading
// their command-line options, finding the omp-host binary they test, and installing their
// pinned npm packages into a scratch folder once per change of their lock file.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root folder. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The value after `name` on the command line (`--host PATH`), or undefined. */
export function option(name, args = process.argv.slice(2)) {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

/**
 * The binary under test: `--host PATH`, else target/release/omp-host. Exits with status 2 and
 * a line naming `label` when it is not there.
 */
export function hostBinary(label) {
  const host = path.resolve(option("--host") ?? path.join(root, "target/release/omp-host"));
  if (!fs.existsSync(host)) {
    console.error(`${label}: no omp-host binary at ${host} (build it first, or pass --host)`);
    process.exit(2);
  }
  return host;
}

/**
 * Installs the packages pinned by `from`'s package.json and package-lock.json into `scratch`
 * with `npm <npmArgs>`, unless the lock is the one installed last time (a stamp file in
 * node_modules remembers it). Returns undefined, or the reason npm failed, in a few words
 * taken from its error output.
 */
export function installPinned({ label, from, scratch, npmArgs, timeoutMs = 15 * 60_000 }) {
  fs.mkdirSync(scratch, { recursive: true });
  const lock = fs.readFileSync(path.join(from, "package-lock.json"), "utf8");
  const stamp = path.join(scratch, "node_modules", `.${label}-lock`);
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === lock) return undefined;
  fs.copyFileSync(path.join(from, "package.json"), path.join(scratch, "package.json"));
  fs.writeFileSync(path.join(scratch, "package-lock.json"), lock);
  console.log(`${label}: installing packages from the npm registry into ${scratch}`);
  const started = Date.now();
  const npm = spawnSync("npm", [...npmArgs, "--no-audit", "--no-fund", "--loglevel=error"], { cwd: scratch, encoding: "utf8", timeout: timeoutMs });
  if (npm.status !== 0) {
    const lines = (npm.stderr ?? "").split("\n").map((l) => l.replace(/^npm error\s*/, "").trim()).filter(Boolean);
    const code = lines.find((l) => l.startsWith("code "));
    const reason = lines.find((l) => /reason:|notarget|No matching version|404|E[A-Z]{4,}/.test(l) && !l.startsWith("code "));
    const said = [code, reason].filter(Boolean);
    return `npm ${npmArgs[0]} failed (status ${npm.status ?? npm.error?.message}): ${(said.length ? said : lines.slice(0, 3)).join(" | ")}`;
  }
  if (fs.readFileSync(path.join(scratch, "package-lock.json"), "utf8") !== lock) {
    console.log(`${label}: note: npm changed the lock while installing; regenerate ${path.relative(root, path.join(from, "package-lock.json"))}`);
  }
  fs.mkdirSync(path.dirname(stamp), { recursive: true });
  fs.writeFileSync(stamp, lock);
  console.log(`${label}: installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return undefined;
}
