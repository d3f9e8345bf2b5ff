#!/usr/bin/env bash
# Runs every test: Rust unit tests and the integration tests in tests/ (which drive the
# real binary on fixture tools), on V8 (the default engine), then the npm compatibility suite
# (tests/compat/run.mjs: popular packages installed from the npm registry, answers compared
# with Node). Installs build dependencies first if they are missing. Extra arguments go to
# `cargo test` and skip the compatibility suite (as does OMP_HOST_SKIP_COMPAT=1).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-build-deps.sh
scripts/ensure-test-clients.sh
source scripts/engine-env.sh
status=0
# Formatting is part of the suite (rustfmt.toml).
cargo fmt --check >/dev/null || { echo "cargo fmt --check: files are not formatted (run cargo fmt)" >&2; status=1; }
cargo test --release --no-fail-fast "${OMP_HOST_FEATURES[@]}" "$@" || status=$?
if [ $# -eq 0 ] && [ "${OMP_HOST_SKIP_COMPAT:-}" != 1 ]; then
  node tests/compat/run.mjs --host target/release/omp-host || status=$?
fi
exit "$status"
