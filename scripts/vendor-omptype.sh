#!/usr/bin/env bash
# Regenerates js/vendor/omptype*.js: the real @oh-my-pi/omptype (omp's ArkType-compatible
# schema library, MIT licence, by Can Bölük and Stencil Labs), whose `type` omp 18 gives tool
# factories as `pi.arktype` and which tools import as `@oh-my-pi/omptype`. The package is
# bundled with esbuild into one ES module, js/vendor/omptype-bundle.js, that exports every
# served subpath's names with the subpath as prefix (`root$type`, `zod$z`, …); each subpath is
# then a small module that re-exports its own names from it (js/vendor/omptype.js for the
# package root, js/vendor/omptype-<sub>.js for `@oh-my-pi/omptype/<sub>`). So all subpaths
# share one copy of omptype: a Type made through one is a Type to the others.
# runtime/src/loader/virtual_modules.rs serves them as omp:/vendor/omptype-bundle,
# omp:/vendor/omptype and omp:/vendor/omptype/<sub>; runtime/src/loader/resolve.rs maps the
# specifiers to them.
# The package's `exports` is a `./*` pattern over its own source files; the subpaths served
# are the public ones its README documents: `ark` (the arktype-named facade), `typebox` and
# `zod` (the TypeBox- and zod-style builders). The rest are its internal modules; the root
# re-exports what of them is public. Run it only to move to a new omptype version; the output is committed.
set -euo pipefail
cd "$(dirname "$0")/.."
version="${1:-18.2.3}"
# The subpaths served (besides the root): the host's module table and resolver list the
# same ones.
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

# The names each subpath exports, as Node loads them (`root` is the package itself).
(cd "$work" && node --input-type=module - $subpaths) >"$work/names.json" <<'JS'
const subpaths = process.argv.slice(2);
const names = {};
for (const sub of ["root", ...subpaths]) {
  names[sub] = Object.keys(await import(sub === "root" ? "@oh-my-pi/omptype" : `@oh-my-pi/omptype/${sub}`)).sort();
  if (names[sub].length === 0) throw new Error(`@oh-my-pi/omptype/${sub} exports nothing`);
}
if (!names.root.includes("type")) throw new Error("@oh-my-pi/omptype exports no `type`");
console.log(JSON.stringify(names));
JS

# The one bundle's entry: every subpath's names, prefixed with the subpath.
node - "$work/names.json" >"$work/entry.mjs" <<'JS'
const names = JSON.parse(require("fs").readFileSync(process.argv[2], "utf8"));
for (const [sub, list] of Object.entries(names)) {
  const from = sub === "root" ? "@oh-my-pi/omptype" : `@oh-my-pi/omptype/${sub}`;
  console.log(`export { ${list.map((n) => `${n} as ${sub}$${n}`).join(", ")} } from ${JSON.stringify(from)};`);
}
JS

# $1: the file's job (its first line); $2: where its licence is.
header() {
  echo "// $1"
  echo "// @oh-my-pi/omptype $version (https://github.com/can1357/oh-my-pi, packages/omptype),"
  echo "// vendored by scripts/vendor-omptype.sh. Do not edit: regenerate. $2"
}
licence="$pkg/LICENSE"
test -f "$licence"
tmp="$work/out"
mkdir -p "$tmp"
{
  header "omptype in one module (omp:/vendor/omptype-bundle); the omptype*.js beside it re-export its names." \
    "Its licence follows."
  echo "/*"
  sed 's#\*/#* /#g' "$licence"
  echo "*/"
  (cd "$work" && node_modules/.bin/esbuild entry.mjs --bundle --format=esm --platform=neutral --log-level=warning)
} >"$tmp/omptype-bundle.js"

# One module per subpath, re-exporting that subpath's names from the bundle.
for sub in root $subpaths; do
  if [ "$sub" = root ]; then what='`@oh-my-pi/omptype`, the package root'; else what="\`@oh-my-pi/omptype/$sub\`"; fi
  header "$what: its names re-exported from the one bundle, omp:/vendor/omptype-bundle." \
    "The licence is in omptype-bundle.js." >"$work/header-$sub"
done
node - "$work/names.json" "$tmp" "$work" <<'JS'
const fs = require("fs");
const [namesFile, out, work] = process.argv.slice(2);
const names = JSON.parse(fs.readFileSync(namesFile, "utf8"));
for (const [sub, list] of Object.entries(names)) {
  const header = fs.readFileSync(`${work}/header-${sub}`, "utf8");
  const file = sub === "root" ? "omptype.js" : `omptype-${sub}.js`;
  const lines = list.map((n) => `  ${sub}$${n} as ${n},`);
  const text = `${header}export {\n${lines.join("\n")}\n} from "omp:/vendor/omptype-bundle";\n`;
  fs.writeFileSync(`${out}/${file}`, text);
}
JS

rm -f js/vendor/omptype.js js/vendor/omptype-*.js
mv "$tmp"/omptype*.js js/vendor/
for f in js/vendor/omptype.js js/vendor/omptype-*.js; do
  echo "wrote $f ($(wc -c <"$f") bytes)"
done
