#!/usr/bin/env bash
# Says whether the QuickJS-ng pass of scripts/test.sh fits in what is left of the run's time
# budget (OMP_HOST_TEST_BUDGET_S; .ci/run sets CI's limit). The pass compiles the engine
# crates, the runtime and eleven test files again: estimated as 80% of the seconds the run
# took up to the end of the V8 build (set-up included), plus ten minutes for building
# QuickJS-ng itself and running the tests.
# Usage: quickjs-fits.sh BUDGET_S ELAPSED_S V8_BUILT_AFTER_S
# Exits 0 when it fits (always, with an empty budget); otherwise prints why not and exits 1.
set -euo pipefail
budget="$1" elapsed="$2" v8_built_after="$3"
[ -z "$budget" ] && exit 0
needed=$((v8_built_after * 8 / 10 + 600))
left=$((budget - elapsed))
if [ "$left" -lt "$needed" ]; then
  echo "test.sh: the QuickJS-ng pass is LEFT OUT: ${left} s of the ${budget} s budget are left and it needs about ${needed} s (set-up and the V8 build took ${v8_built_after} s)" >&2
  exit 1
fi
