#!/usr/bin/env bash
# The main job on the bundled examples: builds omp-host, lists the example tools, then calls
# each of them once (partial updates appear on stderr as they stream).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-build-deps.sh
source scripts/engine-env.sh
cargo build --release --quiet "${OMP_HOST_FEATURES[@]}"
host=target/release/omp-host
examples=(--tool examples/tools --only)
"$host" list "${examples[@]}"
run() {
  echo
  echo "\$ omp-host call $1 --params '$2'"
  "$host" call "$1" --params "$2" "${examples[@]}"
}
run greet '{"name":"Ada","excited":true}'
run calc '{"op":"mul","a":6,"b":7}'
run uname '{}'
run countdown '{"from":3}'
run word_stats '{"text":"the cat and the hat sat on the mat"}'
run path_info '{"path":"docs/report.final.txt"}'
run status_word '{"level":"warn"}'
