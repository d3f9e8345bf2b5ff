#!/usr/bin/env bash
# Fails when cargo would compile any crate twice in one build of the test suite or of the
# binary, on either engine. The binary's build script links the runtime crate, so every
# dependency is needed for the build script (host) and for the binary (target); cargo shares
# one compiled copy only when the two agree on profile and features (Cargo.toml's release
# profile, runtime/Cargo.toml's feature unification). When they drift apart, CI compiles V8's
# bindings, deno_core, swc and the runtime twice and runs out of time. Reads cargo's unit
# graph (an unstable flag, allowed here by RUSTC_BOOTSTRAP); builds nothing.
# Also fails when a crate that does not depend on the engine is built with other features for
# QuickJS-ng than for V8: the QuickJS-ng pass builds in V8's target folder and should compile
# only the engine and what depends on it again (one such crate, icu_normalizer, made it compile
# url, swc and everything above them a second time).
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
check() {
  local what="$1"
  shift
  local graph="target/unit-graph-${what// /-}.json"
  RUSTC_BOOTSTRAP=1 cargo "$@" --unit-graph -Z unstable-options >"$graph"
  python3 - "$what" "$graph" <<'PY' || status=1
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
check "tests on V8" test --workspace --no-run --profile suite --no-default-features --features v8
check "binary on V8" build --release --no-default-features --features v8
check "tests on QuickJS-ng" test --no-run --profile suite --no-default-features --features quickjs
check "binary on QuickJS-ng" build --release --no-default-features --features quickjs
python3 - target/unit-graph-tests-on-V8.json target/unit-graph-tests-on-QuickJS-ng.json <<'PY' || status=1
import json, sys
# The crates whose features follow the engine: the engine bindings, the runtime and the binary
# (and clang-sys, which only the engines' build scripts use).
ENGINE = {"deno_core", "deno_v8", "serde_v8", "omp-host-runtime", "omp-host", "clang-sys"}
def features(path):
    found = {}
    for unit in json.load(open(path))["units"]:
        # "registry+...#name@1.0", or "path+file:///…/name#1.0" when the folder is the name.
        url, _, fragment = unit["pkg_id"].rpartition("#")
        name, version = fragment.split("@") if "@" in fragment else (url.rstrip("/").rsplit("/", 1)[-1], fragment)
        found.setdefault((name, version), set()).add(tuple(sorted(unit["features"])))
    return found
v8, quickjs = features(sys.argv[1]), features(sys.argv[2])
differ = sorted(f"{n}@{v}" for n, v in v8.keys() & quickjs.keys() if n not in ENGINE and v8[n, v] != quickjs[n, v])
if differ:
    print(f"check-build-graph: built with other features on QuickJS-ng than on V8 (list them in runtime/Cargo.toml): {', '.join(differ)}", file=sys.stderr)
    sys.exit(1)
PY
exit "$status"
