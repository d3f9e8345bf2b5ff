#!/usr/bin/env bash
# Start-up benchmark for both engines side by side (the start-up targets of
# docs/performance.md): builds omp-host on V8 and on QuickJS (each in its own target folder),
# installs the `typescript` package from npm into target/bench-startup, and measures,
# interleaved in one run, how fast each binary is ready with the bundled examples, 50 generated
# modules, and the examples plus a tool that imports `typescript` (bench/startup.rs prints a
# Markdown table).
#
# usage: bench/startup.sh [ENGINE...]     ENGINE: v8 | quickjs (default: both)
set -euo pipefail
cd "$(dirname "$0")/.."
engines=("$@")
[ ${#engines[@]} -gt 0 ] || engines=(v8 quickjs)

scripts/ensure-build-deps.sh
work=target/bench-startup
mkdir -p "$work"
binaries=()
for engine in "${engines[@]}"; do
  echo "building omp-host with $engine" >&2
  # Both engines build in one target folder (cargo keeps their engine-specific crates apart);
  # the binary is copied out before the other engine's build replaces it.
  (OMP_HOST_ENGINE="$engine" && source scripts/engine-env.sh && cargo build --release --quiet "${OMP_HOST_FEATURES[@]}")
  cp target/release/omp-host "$work/omp-host-$engine"
  binaries+=(--binary "$engine=$work/omp-host-$engine")
  echo "$engine: $("$work/omp-host-$engine" --version)"
done

# The examples plus a tool that loads the TypeScript compiler (9 MB of CommonJS).
ts="$work/typescript"
if [ ! -f "$ts/node_modules/typescript/package.json" ]; then
  echo "installing typescript from npm" >&2
  mkdir -p "$ts"
  (cd "$ts" && npm install --no-audit --no-fund --loglevel=error --no-save typescript@5 >/dev/null)
fi
rm -rf "$ts/tools" && mkdir -p "$ts/tools" && cp -r examples/tools/. "$ts/tools/"
cat >"$ts/tools/typescript_version.ts" <<'TS'
import ts from "typescript";
export default () => ({
  name: "typescript_version", label: "TypeScript version", description: "Says which TypeScript compiler is loaded",
  parameters: { type: "object", properties: {} },
  async execute() { return { content: [{ type: "text", text: ts.version }] }; },
});
TS

echo "Start-up benchmark on $(nproc) cores"
source scripts/engine-env.sh
cargo bench --quiet "${OMP_HOST_FEATURES[@]}" --bench startup -- "${binaries[@]}" --case "examples + typescript=$ts/tools"
