#!/usr/bin/env bash
# Runs every test: Rust unit tests and the integration tests in tests/ (which drive the
# real binary on fixture tools). Installs build dependencies first if they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-build-deps.sh
cargo test --release "$@"
