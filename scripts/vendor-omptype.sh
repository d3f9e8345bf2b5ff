#!/usr/bin/env bash
# Regenerates runtime/src/ext/schema/vendor/omptype-bundle.js and omptype/*.js: the real
# @oh-my-pi/omptype (omp's ArkType-compatible schema library, MIT licence, by Can Bölük and
# Stencil Labs), whose `type` omp 18 gives tool factories as `pi.arktype` and which tools
# import as `@oh-my-pi/omptype`. The package is bundled with esbuild into one ES module,
# omptype-bundle.js, that exports every served subpath's names with the subpath as prefix
# (`root$type`, `zod$z`, …); each subpath is then a small module that re-exports its own names
# from it (omptype/omptype.js for the package root, omptype/<sub>.js for
# `@oh-my-pi/omptype/<sub>`). So all subpaths share one copy of omptype: a Type made through
# one is a Type to the others. The host serves them as omp:/vendor/omptype-bundle,
# omp:/vendor/omptype and omp:/vendor/omptype/<sub> (runtime/build/ext_modules.rs), and
# runtime/src/loader/resolve.rs maps the specifiers to them.
# The package's `exports` is a `./*` pattern over its own source files; the subpaths served
# are the public ones its README documents: `ark` (the arktype-named facade), `typebox` and
# `zod` (the TypeBox- and zod-style builders). The rest are its internal modules; the root
# re-exports what of them is public. Run it only to move to a new omptype version; the output is committed.
set -euo pipefail
cd "$(dirname "$0")/.."
version="${1:-18.2.3}"
# The subpaths served (besides the root): the host serves the subpaths this writes.
subpaths="ark typebox zod"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm init -y >/dev/null && npm install --no-audit --no-fund "@oh-my-pi/omptype@$version" esbuild@0.25 >/dev/null)
pkg="$work/node_modules/@oh-my-pi/omptype"
# It has no runtime dependencies: the bundle is omptype alone.
deps="$(node -e 'console.log(Object.keys(require(process.argv[1]).dependencies ?? {}).join(" "))' "$pkg/package.json")"
if [ -n "$deps" ]; then
  echo "@oh-my-pi/omptype@$version depends on \"$deps\": check their licences before vendoring" >&2
  exit 1
fi

. scripts/vendor-split-bundle.sh
vendor_split_bundle "$work" @oh-my-pi/omptype omptype "$pkg/LICENSE" "@oh-my-pi/omptype $version (https://github.com/can1357/oh-my-pi, packages/omptype)" $subpaths
grep -q 'root\$type as type,' runtime/src/ext/schema/vendor/omptype/omptype.js || { echo "@oh-my-pi/omptype@$version exports no \`type\` (pi.arktype)" >&2; exit 1; }
