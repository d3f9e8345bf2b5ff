#!/usr/bin/env bash
# Regenerates js/vendor/typebox*.js: the real TypeBox 1.x (npm `typebox`, MIT licence, by
# Haydn Paterson), which tools import as `typebox` and `typebox/<subpath>` (pi extensions
# write their schemas with it). The whole package is bundled with esbuild into one ES module,
# js/vendor/typebox-bundle.js, that exports every subpath's names with the subpath as prefix
# (`value$Check`, `root$Type`, …); each subpath is then a small module that re-exports its
# own names from it (js/vendor/typebox.js for the package root, js/vendor/typebox-<sub>.js
# for `typebox/<sub>`). So all subpaths share one copy of TypeBox: its classes, its format
# registry and its settings are the same whichever subpath a tool takes them from.
# runtime/src/loader/virtual_modules.rs serves them as omp:/vendor/typebox-bundle,
# omp:/vendor/typebox and omp:/vendor/typebox/<sub>; runtime/src/loader/resolve.rs maps the
# specifiers to them. (`@sinclair/typebox`, the 0.34 API, is the host's own omp:/typebox.)
# Run it only to move to a new typebox version; the output is committed.
set -euo pipefail
cd "$(dirname "$0")/.."
version="${1:-1.4.3}"
# The package's `exports` subpaths (besides "."): the host's module table and resolver list
# the same ones, so a version that adds or drops one stops this script until they do too.
subpaths="compile error format guard schema system type value"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm init -y >/dev/null && npm install --no-audit --no-fund "typebox@$version" esbuild@0.25 >/dev/null)
pkg="$work/node_modules/typebox"
actual="$(node -e 'const e = require(process.argv[1]).exports; console.log(Object.keys(e).filter((k) => k !== ".").map((k) => k.replace(/^\.\//, "")).sort().join(" "))' "$pkg/package.json")"
if [ "$actual" != "$subpaths" ]; then
  echo "typebox@$version exports subpaths \"$actual\", not \"$subpaths\": update this script," >&2
  echo "runtime/src/loader/virtual_modules.rs and runtime/src/loader/resolve.rs together" >&2
  exit 1
fi

# The names each subpath exports, as Node loads them (`root` is the package itself).
(cd "$work" && node --input-type=module - $subpaths) >"$work/names.json" <<'JS'
const subpaths = process.argv.slice(2);
const names = {};
for (const sub of ["root", ...subpaths]) {
  names[sub] = Object.keys(await import(sub === "root" ? "typebox" : `typebox/${sub}`)).sort();
  if (names[sub].length === 0) throw new Error(`typebox/${sub} exports nothing`);
}
console.log(JSON.stringify(names));
JS

# The one bundle's entry: every subpath's names, prefixed with the subpath.
node - "$work/names.json" >"$work/entry.mjs" <<'JS'
const names = JSON.parse(require("fs").readFileSync(process.argv[2], "utf8"));
for (const [sub, list] of Object.entries(names)) {
  const from = sub === "root" ? "typebox" : `typebox/${sub}`;
  console.log(`export { ${list.map((n) => `${n} as ${sub}$${n}`).join(", ")} } from ${JSON.stringify(from)};`);
}
JS

# $1: the file's job (its first line); $2: where its licence is.
header() {
  echo "// $1"
  echo "// typebox $version (https://github.com/sinclairzx81/typebox), vendored by"
  echo "// scripts/vendor-typebox.sh. Do not edit: regenerate. $2"
}
licence="$pkg/license"
test -f "$licence"
tmp="$work/out"
mkdir -p "$tmp"
{
  header "TypeBox 1.x in one module (omp:/vendor/typebox-bundle); the typebox*.js beside it re-export its names." \
    "Its licence follows."
  echo "/*"
  sed 's#\*/#* /#g' "$licence"
  echo "*/"
  (cd "$work" && node_modules/.bin/esbuild entry.mjs --bundle --format=esm --platform=neutral --log-level=warning)
} >"$tmp/typebox-bundle.js"

# One module per subpath, re-exporting that subpath's names from the bundle.
for sub in root $subpaths; do
  if [ "$sub" = root ]; then what='`typebox`, the package root'; else what="\`typebox/$sub\`"; fi
  header "$what: its names re-exported from the one bundle, omp:/vendor/typebox-bundle." \
    "The licence is in typebox-bundle.js." >"$work/header-$sub"
done
node - "$work/names.json" "$tmp" "$work" <<'JS'
const fs = require("fs");
const [namesFile, out, work] = process.argv.slice(2);
const names = JSON.parse(fs.readFileSync(namesFile, "utf8"));
for (const [sub, list] of Object.entries(names)) {
  const header = fs.readFileSync(`${work}/header-${sub}`, "utf8");
  const file = sub === "root" ? "typebox.js" : `typebox-${sub}.js`;
  const lines = list.map((n) => `  ${sub}$${n} as ${n},`);
  const text = `${header}export {\n${lines.join("\n")}\n} from "omp:/vendor/typebox-bundle";\n`;
  fs.writeFileSync(`${out}/${file}`, text);
}
JS

rm -f js/vendor/typebox.js js/vendor/typebox-*.js
mv "$tmp"/typebox*.js js/vendor/
for f in js/vendor/typebox.js js/vendor/typebox-*.js; do
  echo "wrote $f ($(wc -c <"$f") bytes)"
done
