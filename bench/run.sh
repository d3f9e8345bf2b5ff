#!/usr/bin/env bash
# Prints every performance figure the README quotes: start-up (cold/warm, peak RSS),
# validation throughput and schema compile cost, the call pipeline's overhead and
# concurrency, and `omp-host mcp` against a Node SDK server (bench/mcp.sh). Builds in release
# mode first.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-build-deps.sh
source scripts/engine-env.sh
cargo build --release --quiet "${OMP_HOST_FEATURES[@]}"
for bench in startup validate pipeline; do
  echo "== $bench"
  cargo bench --quiet "${OMP_HOST_FEATURES[@]}" --bench "$bench" 2>/dev/null
done
echo "== mcp"
bench/mcp.sh "$OMP_HOST_ENGINE" node
