#!/usr/bin/env bash
# Runs every test: Rust unit tests and the integration tests in tests/ (which drive the
# real binary on fixture tools), on V8 (the default engine), then clippy, then a type-check
# of the tree for Windows and macOS (scripts/check-targets.sh), then the npm
# compatibility suite (tests/compat/run.mjs: popular packages installed from the npm
# registry, answers compared with Node), then the agent suite (tests/agents/run.mjs: coding
# agents from the npm registry driven against `omp-host mcp` by a scripted model stand-in),
# then the npm packages installed from their tarballs (tests/npm_install/run.mjs), then
# several `mcp --listen` instances behind haproxy (tests/balancer/run.mjs), then the container
# image built and run with podman (scripts/container-check.sh), then the engine-sensitive
# integration tests again on QuickJS-ng, and clippy on that build.
# Installs build dependencies first if they are missing. Extra arguments go to `cargo test`
# and skip clippy, the compatibility and agent suites and the QuickJS pass (as do
# OMP_HOST_SKIP_PLATFORMS=1, OMP_HOST_SKIP_COMPAT=1, OMP_HOST_SKIP_AGENTS=1,
# OMP_HOST_SKIP_BALANCER=1, OMP_HOST_SKIP_CONTAINER=1 and OMP_HOST_SKIP_QUICKJS=1 for those six).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-build-deps.sh
scripts/ensure-test-clients.sh
source scripts/engine-env.sh
status=0
# Formatting is part of the suite (rustfmt.toml).
cargo fmt --check >/dev/null || { echo "cargo fmt --check: files are not formatted (run cargo fmt)" >&2; status=1; }
# Every crate compiled once per build (a second copy of the dependency graph doubled CI's time).
scripts/check-build-graph.sh || status=1
# The tests build in the `suite` profile (Cargo.toml: release without LLVM's optimizations),
# in target/suite. --workspace: the runtime crate's unit tests as well as the binary's
# integration tests. --quiet: no line per compiled crate, one character per passing test, so
# a log cut short still shows the tests; failures are printed in full.
cargo_test=(cargo test --workspace --profile suite --no-fail-fast --quiet)
# Built first on its own, so the log says how long the build took and how long the tests.
if [ $# -eq 0 ]; then
  "${cargo_test[@]}" --no-run "${OMP_HOST_FEATURES[@]}" || status=$?
  echo "test.sh: the V8 build of the tests ended after ${SECONDS} s" >&2
fi
v8_built_after=$SECONDS
"${cargo_test[@]}" "${OMP_HOST_FEATURES[@]}" "$@" || status=$?
echo "test.sh: the V8 tests ended after ${SECONDS} s (status so far: $status)" >&2
# Lints (required of CI): clippy on the V8 build of every target, warnings as errors, in the suite
# profile (it reuses the build's target folder).
if [ $# -eq 0 ]; then
  cargo clippy --workspace --all-targets --profile suite --quiet "${OMP_HOST_FEATURES[@]}" -- -D warnings || { echo "cargo clippy: warnings (see above)" >&2; status=1; }
  echo "test.sh: clippy ended after ${SECONDS} s" >&2
fi
# The tree type-checks for Windows and macOS (arm64), warnings as errors: code only Linux has
# stays behind `cfg` with each platform's counterpart (docs/install.md, "Platforms"). Nothing
# is built or run for them; a target whose standard library is not installed is skipped.
if [ $# -eq 0 ] && [ "${OMP_HOST_SKIP_PLATFORMS:-}" != 1 ]; then
  scripts/check-targets.sh x86_64-pc-windows-msvc aarch64-apple-darwin >/dev/null 2>"target/check-targets.log" || { tail -40 target/check-targets.log >&2; echo "check-targets.sh: see target/check-targets.log" >&2; status=1; }
  echo "test.sh: the Windows and macOS checks ended after ${SECONDS} s" >&2
fi
if [ $# -eq 0 ] && [ "${OMP_HOST_SKIP_COMPAT:-}" != 1 ]; then
  node tests/compat/run.mjs --host target/suite/omp-host || status=$?
  echo "test.sh: the compatibility suite ended after ${SECONDS} s" >&2
fi
# Codex, Claude Code, pi, opencode and omp, each run on scripted conversations against the
# suite's binary; the checks read what the model stand-in received (docs/agents.md).
if [ $# -eq 0 ] && [ "${OMP_HOST_SKIP_AGENTS:-}" != 1 ]; then
  node tests/agents/run.mjs --host target/suite/omp-host || status=$?
  echo "test.sh: the agent suite ended after ${SECONDS} s" >&2
fi
# The omp RPC bridge (examples/omp-rpc-bridge.mjs) against omp's host-tool frames, played by
# tests/omp_rpc_bridge/fake-omp.mjs (docs/omp-rpc-bridge.md).
if [ $# -eq 0 ]; then
  node tests/omp_rpc_bridge/run.mjs --host target/suite/omp-host || status=$?
  echo "test.sh: the omp RPC bridge tests ended after ${SECONDS} s" >&2
fi
# The npm packages (npm/, scripts/npm-pack.mjs) packed from the suite's binary, installed from
# their tarballs, and an MCP SDK client starting the server through `npx` (docs/install.md).
if [ $# -eq 0 ]; then
  node tests/npm_install/run.mjs --binary target/suite/omp-host || status=$?
  echo "test.sh: the npm install test ended after ${SECONDS} s" >&2
fi
# Two or three `omp-host mcp --listen` instances behind haproxy (installed from Debian by
# scripts/ensure-haproxy.sh) on loopback, driven by many MCP SDK clients (docs/deploy.md).
if [ $# -eq 0 ] && [ "${OMP_HOST_SKIP_BALANCER:-}" != 1 ]; then
  node tests/balancer/run.mjs --host target/suite/omp-host || status=$?
  echo "test.sh: the load-balancer test ended after ${SECONDS} s" >&2
fi

# The container image of ./Dockerfile (its `prebuilt` stage, with the suite's binary) built and
# run with podman, from a Debian base made with debootstrap since no image can be pulled here
# (scripts/container-check.sh; docs/deploy.md).
if [ $# -eq 0 ] && [ "${OMP_HOST_SKIP_CONTAINER:-}" != 1 ]; then
  scripts/ensure-container-tools.sh && CHECK_BINARY=target/suite/omp-host scripts/container-check.sh || status=$?
  echo "test.sh: the container check ended after ${SECONDS} s" >&2
fi

# The QuickJS-ng pass: the runtime crate's unit tests and the integration test files
# (modules of tests/suite/, run as name filters `suite::<file>::`) whose outcome depends on
# the engine —
# loading modules of every form and their packages (module_loading, module_forms,
# factory_contract), the call pipeline and what stops a script (deadline, cancel, heap limit,
# load timeout: call_pipeline, serve_core, faults_module, faults_call), whether the binary
# starts from a snapshot (startup_snapshot), the Node built-ins and the pi API tools
# use (node_compat, pi_api), and schemas compiled from the tools' own zod/typebox objects
# (validation). The rest exercise Rust code the engine does not touch (protocols, discovery,
# config, reload) and run on V8 only, to keep CI within its time limit.
# The pass builds in the same target folder as V8: cargo keeps each engine's build of the
# crates whose features differ (deno_core and what depends on it) apart by their hashes and
# compiles everything else (swc, tokio, rustls, hyper, ...) once for both, as long as those are
# built with the same features for both engines (scripts/check-build-graph.sh checks). A folder
# of its own compiled all of that a second time.
quickjs_tests=(module_loading module_forms factory_contract call_pipeline serve_core faults_module faults_call startup_snapshot node_compat pi_api pi_packages extension_tools execute_tool validation schema_builders permissions)
# `suite::validation::`, not `validation`: a filter matches any test whose name contains it.
quickjs_filters=()
for file in "${quickjs_tests[@]}"; do quickjs_filters+=("suite::$file::"); done
# Left out, saying so, when the time left of OMP_HOST_TEST_BUDGET_S (.ci/run sets CI's limit)
# is less than it needs (scripts/quickjs-fits.sh).
quickjs_fits() { scripts/quickjs-fits.sh "${OMP_HOST_TEST_BUDGET_S:-}" "$SECONDS" "$v8_built_after"; }
if [ $# -eq 0 ] && [ "$OMP_HOST_ENGINE" = v8 ] && [ "${OMP_HOST_SKIP_QUICKJS:-}" != 1 ] && quickjs_fits; then
  echo "test.sh: the engine-sensitive tests on QuickJS-ng: ${quickjs_tests[*]}" >&2
  (
    export OMP_HOST_ENGINE=quickjs
    source scripts/engine-env.sh
    quickjs_status=0
    cargo test --profile suite --no-fail-fast --quiet "${OMP_HOST_FEATURES[@]}" --test all -- "${quickjs_filters[@]}" || quickjs_status=$?
    # And the runtime crate's unit tests, among them the watchdog's (it must hear of every
    # collection QuickJS-ng makes: patches/v8x-3-gc-hook.patch) and the engine bridge's.
    cargo test --profile suite --no-fail-fast --quiet "${OMP_HOST_FEATURES[@]}" -p omp-host-runtime --lib || quickjs_status=$?
    echo "test.sh: the QuickJS-ng pass ended after ${SECONDS} s" >&2
    # Clippy on the QuickJS-ng build too: code under `#[cfg(not(feature = "v8"))]` is
    # compiled only there.
    cargo clippy --workspace --all-targets --profile suite --quiet "${OMP_HOST_FEATURES[@]}" -- -D warnings || { echo "cargo clippy (QuickJS-ng): warnings (see above)" >&2; quickjs_status=1; }
    echo "test.sh: clippy on QuickJS-ng ended after ${SECONDS} s" >&2
    exit "$quickjs_status"
  ) || status=$?
  # The QuickJS build left its binary at target/suite/omp-host: put the V8 one back (its
  # build is fresh, so cargo only copies it).
  cargo build --profile suite --quiet "${OMP_HOST_FEATURES[@]}" || status=$?
fi
exit "$status"
