#!/usr/bin/env bash
# Runs every test: Rust unit tests and the integration tests in tests/ (which drive the
# real binary on fixture tools), on V8 (the default engine). Installs build dependencies
# first if they are missing. Extra arguments go to `cargo test`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-build-deps.sh
scripts/ensure-test-clients.sh
source scripts/engine-env.sh
cargo test --release --no-fail-fast "${OMP_HOST_FEATURES[@]}" "$@"
