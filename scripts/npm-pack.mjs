#!/usr/bin/env node
// Builds the npm packages from omp-host binaries, as tarballs made by `npm pack`: one
// platform package per binary (npm/platforms.json maps its Rust target triple to the package
// name and npm's os/cpu/libc fields) and the main package `omp-host` (npm/omp-host: the Node
// launcher), whose optionalDependencies name every platform package at the same version.
// The version is the `omp-host` package's in Cargo.toml unless --version says otherwise.
//
//   node scripts/npm-pack.mjs --out DIR --binary TRIPLE=PATH [--binary TRIPLE=PATH ...]
//                             [--version X.Y.Z] [--repository https://github.com/OWNER/REPO]
//
// --repository sets every package's `repository` (npm's provenance check compares it with the
// repository the release workflow runs in); without it the packages name none, since the
// project has no public address yet.
// e.g. node scripts/npm-pack.mjs --out target/npm --binary x86_64-unknown-linux-gnu=target/release/omp-host
// Each binary is checked to be an executable for its triple (ELF, Mach-O or PE, and the CPU)
// before it is packed. Prints the tarballs' paths, platform packages first (publish order).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const platforms = JSON.parse(fs.readFileSync(path.join(root, "npm/platforms.json"), "utf8"));
delete platforms["//"];

function usage(message) {
  console.error(`npm-pack: ${message}`);
  console.error("usage: node scripts/npm-pack.mjs --out DIR --binary TRIPLE=PATH [--binary TRIPLE=PATH ...] [--version X.Y.Z] [--repository URL]");
  console.error(`targets: ${Object.keys(platforms).join(", ")}`);
  process.exit(2);
}

const args = process.argv.slice(2);
let out;
let version;
let repository;
const binaries = [];
for (let i = 0; i < args.length; i++) {
  const value = args[i + 1];
  if (args[i] === "--out" && value) out = path.resolve(args[++i]);
  else if (args[i] === "--version" && value) version = args[++i];
  else if (args[i] === "--repository" && value) repository = { type: "git", url: `git+${args[++i].replace(/\/$/, "")}.git` };
  else if (args[i] === "--binary" && value?.includes("=")) {
    const [target, file] = [value.slice(0, value.indexOf("=")), value.slice(value.indexOf("=") + 1)];
    if (!platforms[target]) usage(`no npm package is defined for target ${target}`);
    if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) usage(`${file}: no such file`);
    binaries.push({ target, file: path.resolve(file), ...platforms[target] });
    i++;
  } else usage(`unexpected argument ${args[i]}`);
}
if (!out) usage("--out DIR is required");
if (binaries.length === 0) usage("at least one --binary TRIPLE=PATH is required");
version ??= cargoVersion();
if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version)) usage(`${version} is not a version npm takes`);

/** The `version` of the `[package]` table in the workspace's Cargo.toml (the binary's crate). */
function cargoVersion() {
  const text = fs.readFileSync(path.join(root, "Cargo.toml"), "utf8");
  const table = text.split(/^\[/m).find((section) => section.startsWith("package]"));
  const match = table?.match(/^version\s*=\s*"([^"]+)"/m);
  if (!match) usage("cannot find [package] version in Cargo.toml");
  return match[1];
}

/** Which OS and CPU a binary is for, read from its header: ELF, Mach-O (64-bit) or PE. */
function binaryKind(file) {
  const fd = fs.openSync(file, "r");
  const head = Buffer.alloc(4096);
  fs.readSync(fd, head, 0, head.length, 0);
  fs.closeSync(fd);
  if (head.readUInt32BE(0) === 0x7f454c46) {
    const machine = { 62: "x64", 183: "arm64" }[head.readUInt16LE(18)];
    return { os: "linux", cpu: machine };
  }
  if (head.readUInt32LE(0) === 0xfeedfacf) {
    const machine = { 0x01000007: "x64", 0x0100000c: "arm64" }[head.readUInt32LE(4)];
    return { os: "darwin", cpu: machine };
  }
  if (head.toString("latin1", 0, 2) === "MZ") {
    const pe = head.readUInt32LE(0x3c);
    if (pe + 6 <= head.length && head.toString("latin1", pe, pe + 4) === "PE\0\0") {
      const machine = { 0x8664: "x64", 0xaa64: "arm64" }[head.readUInt16LE(pe + 4)];
      return { os: "win32", cpu: machine };
    }
  }
  return { os: "unknown", cpu: undefined };
}

/** Runs `npm pack` in a staged package folder; returns the tarball's path in `out`. */
function pack(folder) {
  const report = execFileSync("npm", ["pack", "--json", "--pack-destination", out], { cwd: folder, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  return path.join(out, JSON.parse(report)[0].filename);
}

// Every binary is checked before anything is written.
for (const platform of binaries) {
  const kind = binaryKind(platform.file);
  if (kind.os !== platform.os || kind.cpu !== platform.cpu) {
    usage(`${platform.file} is not a ${platform.os}/${platform.cpu} binary (${platform.target}): its header says ${kind.os}/${kind.cpu ?? "unknown CPU"}`);
  }
}

const stage = path.join(out, ".stage");
fs.rmSync(stage, { recursive: true, force: true });
fs.mkdirSync(stage, { recursive: true });
const tarballs = [];

for (const platform of binaries) {
  const folder = path.join(stage, platform.package.replace("/", "+"));
  fs.mkdirSync(path.join(folder, "bin"), { recursive: true });
  const manifest = {
    name: platform.package,
    version,
    description: `The omp-host binary for ${platform.os} on ${platform.cpu} (${platform.target}); install omp-host, which runs it`,
    license: "MIT",
    ...(repository ? { repository } : {}),
    os: [platform.os],
    cpu: [platform.cpu],
    ...(platform.libc ? { libc: [platform.libc] } : {}),
    files: [`bin/${platform.binary}`, "README.md", "LICENSE"],
    // Yarn's plug'n'play keeps packages zipped; an executable has to be on disk.
    preferUnplugged: true,
  };
  fs.writeFileSync(path.join(folder, "package.json"), JSON.stringify(manifest, null, 2) + "\n");
  const readme = fs.readFileSync(path.join(root, "npm/platform/README.md"), "utf8");
  const fields = { ...platform, version };
  fs.writeFileSync(path.join(folder, "README.md"), readme.replace(/\{\{(\w+)\}\}/g, (_, key) => fields[key] ?? ""));
  fs.copyFileSync(path.join(root, "LICENSE"), path.join(folder, "LICENSE"));
  const binary = path.join(folder, "bin", platform.binary);
  fs.copyFileSync(platform.file, binary);
  fs.chmodSync(binary, 0o755);
  tarballs.push(pack(folder));
}

// The main package: the launcher, with every platform package as an optional dependency at
// exactly this version (npm installs the one whose os/cpu/libc match the machine).
const main = path.join(stage, "omp-host");
fs.cpSync(path.join(root, "npm/omp-host"), main, { recursive: true });
fs.copyFileSync(path.join(root, "LICENSE"), path.join(main, "LICENSE"));
const manifest = JSON.parse(fs.readFileSync(path.join(main, "package.json"), "utf8"));
delete manifest["//"];
manifest.version = version;
if (repository) manifest.repository = repository;
manifest.optionalDependencies = Object.fromEntries(Object.values(platforms).map((p) => [p.package, version]));
fs.writeFileSync(path.join(main, "package.json"), JSON.stringify(manifest, null, 2) + "\n");
fs.chmodSync(path.join(main, "bin/omp-host.js"), 0o755);
tarballs.push(pack(main));

fs.rmSync(stage, { recursive: true, force: true });
for (const tarball of tarballs) console.log(tarball);
