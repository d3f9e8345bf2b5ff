#!/usr/bin/env node
// The `omp-host` command of the npm package: finds the binary in this platform's package
// (one of the optionalDependencies, e.g. @omp-host/linux-x64, which npm installs only on a
// machine matching its os/cpu/libc fields) and runs it with the same arguments and stdio.
// The binary's exit code becomes this process's; a signal sent to this process is passed on
// to the binary, and a binary ended by a signal ends this process with the same signal.
// OMP_HOST_BINARY names a binary to run instead (a source build on an unlisted platform).
"use strict";

const { spawn } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const manifest = require("../package.json");
const platform = `${process.platform}-${process.arch}`;
const executable = process.platform === "win32" ? "omp-host.exe" : "omp-host";

/** Prints the launcher's own error and exits 1 (the binary never ran). */
function fail(message) {
  process.stderr.write(`omp-host (npm launcher): ${message}\n`);
  process.exit(1);
}

/** Whether this Linux uses musl libc, for which no binary is built (Node's report has no glibc version there). */
function isMusl() {
  if (process.platform !== "linux") return false;
  try {
    return !process.report.getReport().header.glibcVersionRuntime;
  } catch {
    return false;
  }
}

function describePlatform() {
  return isMusl() ? `${platform} with musl libc` : platform;
}

/** The path of the binary to run, or exits with an error saying why there is none. */
function findBinary() {
  const override = process.env.OMP_HOST_BINARY;
  if (override) return override;
  const packages = Object.keys(manifest.optionalDependencies || {});
  const wanted = packages.find((name) => name.endsWith(`/${platform}`));
  const known = packages.map((name) => name.slice(name.lastIndexOf("/") + 1)).join(", ");
  const unsupported = () =>
    fail(
      `there is no prebuilt omp-host binary for this platform (${describePlatform()}); ` +
        `prebuilt binaries exist for ${known} (glibc on Linux). Build omp-host from source ` +
        `(cargo install, see docs/install.md in its repository) and set OMP_HOST_BINARY to the binary, ` +
        `or run that binary directly.`,
    );
  if (!wanted) unsupported();
  let folder;
  try {
    folder = path.dirname(require.resolve(`${wanted}/package.json`));
  } catch {
    // npm leaves out the glibc package on musl (its libc field): say that, not "reinstall".
    if (isMusl()) unsupported();
    fail(
      `the package ${wanted}, which holds the omp-host binary for this platform (${platform}), ` +
        `is not installed. npm installs it with omp-host as an optional dependency; it is left out ` +
        `by --omit=optional or --no-optional, and sometimes by a lockfile made on another platform. ` +
        `Reinstall omp-host without those flags (for example \`npm install omp-host@${manifest.version}\`), ` +
        `or set OMP_HOST_BINARY to an omp-host binary.`,
    );
  }
  const binary = path.join(folder, "bin", executable);
  if (!fs.existsSync(binary)) fail(`${wanted} is installed at ${folder} but has no bin/${executable}; reinstall omp-host.`);
  return binary;
}

const binary = findBinary();
const child = spawn(binary, process.argv.slice(2), { stdio: "inherit" });

// Signals sent to this process go on to the binary, which shuts down as it would if run
// directly (it takes SIGTERM, SIGINT and SIGHUP as the end of a session). On Windows Ctrl+C
// reaches every process on the console, so the launcher only stays alive until the binary exits.
const forwarded = process.platform === "win32" ? ["SIGINT", "SIGBREAK"] : ["SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2"];
const forward = (signal) => {
  if (process.platform !== "win32" && child.exitCode === null && child.signalCode === null) child.kill(signal);
};
for (const signal of forwarded) process.on(signal, forward);

child.on("error", (error) => {
  const hint =
    error.code === "ENOENT" && isMusl()
      ? " (this looks like a musl libc system; the prebuilt binaries need glibc)"
      : error.code === "EACCES"
        ? " (the file is not executable: reinstall omp-host, or chmod +x it)"
        : "";
  fail(`could not start ${binary} for ${describePlatform()}: ${error.message}${hint}`);
});

child.on("exit", (code, signal) => {
  if (signal) {
    // End with the binary's signal, so that whoever started the launcher sees what happened.
    for (const name of forwarded) process.removeListener(name, forward);
    try {
      process.kill(process.pid, signal);
    } catch {
      // An unknown signal name on this platform: fall through to the shell's convention.
    }
    // Signals this process cannot take on itself (ignored by its parent): 128 + number.
    setTimeout(() => process.exit(128 + (os.constants.signals[signal] || 0)), 100);
    return;
  }
  process.exit(code === null ? 1 : code);
});
