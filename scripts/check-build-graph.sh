#!/usr/bin/env bash
# Fails when cargo would compile any crate twice in one build of the test suite or of the
# binary, on either engine. The binary's build script links the runtime crate, so every
# dependency is needed for the build script (host) and for the binary (target); cargo shares
# one compiled copy only when the two agree on profile and features (Cargo.toml's release
# profile, runtime/Cargo.toml's feature unification). When they drift apart, CI compiles V8's
# bindings, deno_core, swc and the runtime twice and runs out of time. Reads cargo's unit
# graph (an unstable flag, allowed here by RUSTC_BOOTSTRAP); builds nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
check() {
  local what="$1"
  shift
  RUSTC_BOOTSTRAP=1 cargo "$@" --release --unit-graph -Z unstable-options >target/unit-graph.json
  python3 - "$what" target/unit-graph.json <<'PY' || status=1
import collections, json, sys
what, path = sys.argv[1], sys.argv[2]
units = json.load(open(path))["units"]
copies = collections.Counter(
    (u["pkg_id"].split("#")[-1], u["target"]["name"], tuple(u["target"]["kind"]))
    for u in units if u["mode"] == "build")
twice = sorted(f"{pkg} ({name})" for (pkg, name, _), n in copies.items() if n > 1)
if twice:
    print(f"check-build-graph: {what}: {len(twice)} crates would be compiled twice: {', '.join(twice)}", file=sys.stderr)
    sys.exit(1)
PY
}
mkdir -p target
check "tests on V8" test --workspace --no-run --no-default-features --features v8
check "binary on V8" build --no-default-features --features v8
check "tests on QuickJS-ng" test --no-run --no-default-features --features quickjs
check "binary on QuickJS-ng" build --no-default-features --features quickjs
exit "$status"
