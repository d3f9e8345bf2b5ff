#!/usr/bin/env bash
# Regenerates runtime/src/ext/schema/vendor/typebox-bundle.js and typebox/*.js: the real
# TypeBox 1.x (npm `typebox`, MIT licence, by Haydn Paterson), which tools import as `typebox`
# and `typebox/<subpath>` (pi extensions write their schemas with it). The whole package is
# bundled with esbuild into one ES module, typebox-bundle.js, that exports every subpath's
# names with the subpath as prefix (`value$Check`, `root$Type`, …); each subpath is then a
# small module that re-exports its own names from it (typebox/typebox.js for the package root,
# typebox/<sub>.js for `typebox/<sub>`). So all subpaths share one copy of TypeBox: its
# classes, its format registry and its settings are the same whichever subpath a tool takes
# them from. The host serves them as omp:/vendor/typebox-bundle, omp:/vendor/typebox and
# omp:/vendor/typebox/<sub> (runtime/build/ext_modules.rs), and
# runtime/src/loader/resolve.rs maps the specifiers to them. (`@sinclair/typebox`, the 0.34 API, is the host's own omp:/typebox.)
# Run it only to move to a new typebox version; the output is committed.
set -euo pipefail
cd "$(dirname "$0")/.."
version="${1:-1.4.3}"
# The package's `exports` subpaths (besides "."): the host serves the subpaths this writes, so
# a version that adds or drops one stops this script until the list here changes too.
subpaths="compile error format guard schema system type value"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm init -y >/dev/null && npm install --no-audit --no-fund "typebox@$version" esbuild@0.25 >/dev/null)
pkg="$work/node_modules/typebox"
actual="$(node -e 'const e = require(process.argv[1]).exports; console.log(Object.keys(e).filter((k) => k !== ".").map((k) => k.replace(/^\.\//, "")).sort().join(" "))' "$pkg/package.json")"
if [ "$actual" != "$subpaths" ]; then
  echo "typebox@$version exports subpaths \"$actual\", not \"$subpaths\": update this script" >&2
  exit 1
fi

. scripts/vendor-split-bundle.sh
vendor_split_bundle "$work" typebox typebox "$pkg/license" "typebox $version (https://github.com/sinclairzx81/typebox)" $subpaths
