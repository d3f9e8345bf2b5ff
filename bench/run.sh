#!/usr/bin/env bash
# Prints every performance figure docs/performance.md quotes: start-up on both engines side by side
# (bench/startup.sh: cold/warm, peak RSS, with the examples, 50 modules and a tool importing
# `typescript`), validation throughput and schema compile cost, the call pipeline's overhead
# and concurrency, the stuck-tool figures, late cancels of spinning calls (bench/late_cancel.py,
# on the default engine's release build), and `omp-host mcp` on both engines against a Node SDK
# server (bench/mcp.sh).
# ENGINES (default "v8 quickjs") picks the engines built and measured.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-build-deps.sh
read -r -a engines <<<"${ENGINES:-v8 quickjs}"
echo "== startup"
bench/startup.sh "${engines[@]}"
source scripts/engine-env.sh
for bench in validate pipeline stuck; do
  echo "== $bench"
  cargo bench --quiet "${OMP_HOST_FEATURES[@]}" --bench "$bench" 2>/dev/null
done
echo "== late cancels"
cargo build --release --quiet "${OMP_HOST_FEATURES[@]}"
bench/late_cancel.py "omp-host=target/release/omp-host"
echo "== mcp"
bench/mcp.sh "${engines[@]}" floor node
