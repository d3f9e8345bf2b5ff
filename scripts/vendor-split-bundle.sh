# Sourced by scripts/vendor-typebox.sh and scripts/vendor-omptype.sh: bundles an installed npm
# package into one ES module whose names carry their subpath as prefix (`root$Type`,
# `value$Check`, …) and writes, beside it, one small module per subpath that re-exports its own
# names from the bundle, so every subpath shares one copy of the package (its classes,
# registries and settings). Output, in runtime/src/ext/schema/vendor/: <prefix>-bundle.js, and
# in the folder <prefix>/ beside it <prefix>.js for the package root and <sub>.js for each
# subpath, which the host serves as omp:/vendor/<prefix>-bundle, omp:/vendor/<prefix> and
# omp:/vendor/<prefix>/<sub> (runtime/build/ext_modules.rs).

# vendor_split_bundle WORK PACKAGE PREFIX LICENCE ORIGIN SUBPATHS...
#   WORK: an npm project folder with PACKAGE and esbuild installed;
#   LICENCE: the package's licence file; ORIGIN: one line naming the package, its version and
#   where it comes from, for each file's header.
vendor_split_bundle() {
  local work="$1" package="$2" prefix="$3" licence="$4" origin="$5"
  shift 5
  local subpaths="$*"
  local script
  script="$(basename "$0")"
  test -f "$licence"

  # The names each subpath exports, as Node loads them (`root` is the package itself).
  (cd "$work" && node --input-type=module - "$package" $subpaths) >"$work/names.json" <<'JS'
const [pkg, ...subpaths] = process.argv.slice(2);
const names = {};
for (const sub of ["root", ...subpaths]) {
  names[sub] = Object.keys(await import(sub === "root" ? pkg : `${pkg}/${sub}`)).sort();
  if (names[sub].length === 0) throw new Error(`${pkg}/${sub} exports nothing`);
}
console.log(JSON.stringify(names));
JS

  # The one bundle's entry: every subpath's names, prefixed with the subpath.
  node - "$work/names.json" "$package" >"$work/entry.mjs" <<'JS'
const [namesFile, pkg] = process.argv.slice(2);
const names = JSON.parse(require("fs").readFileSync(namesFile, "utf8"));
for (const [sub, list] of Object.entries(names)) {
  const from = sub === "root" ? pkg : `${pkg}/${sub}`;
  console.log(`export { ${list.map((n) => `${n} as ${sub}$${n}`).join(", ")} } from ${JSON.stringify(from)};`);
}
JS

  local out="$work/out" vendor=runtime/src/ext/schema/vendor
  mkdir -p "$out/$prefix"
  {
    echo "// $package in one module (omp:/vendor/$prefix-bundle); the $prefix*.js beside it re-export its names."
    echo "// $origin, vendored by scripts/$script."
    echo "// Do not edit: regenerate. Its licence follows."
    echo "/*"
    sed 's#\*/#* /#g' "$licence"
    echo "*/"
    (cd "$work" && node_modules/.bin/esbuild entry.mjs --bundle --format=esm --platform=neutral --log-level=warning)
  } >"$out/$prefix-bundle.js"

  # One module per subpath, re-exporting that subpath's names from the bundle.
  node - "$work/names.json" "$out" "$package" "$prefix" "$origin" "$script" <<'JS'
const fs = require("fs");
const [namesFile, out, pkg, prefix, origin, script] = process.argv.slice(2);
const names = JSON.parse(fs.readFileSync(namesFile, "utf8"));
for (const [sub, list] of Object.entries(names)) {
  const what = sub === "root" ? `\`${pkg}\`, the package root` : `\`${pkg}/${sub}\``;
  const header =
    `// ${what}: its names re-exported from the one bundle, omp:/vendor/${prefix}-bundle.\n` +
    `// ${origin}, vendored by scripts/${script}.\n` +
    `// Do not edit: regenerate. The licence is in ${prefix}-bundle.js.\n`;
  const file = sub === "root" ? `${prefix}.js` : `${sub}.js`;
  const lines = list.map((n) => `  ${sub}$${n} as ${n},`);
  fs.writeFileSync(`${out}/${prefix}/${file}`, `${header}export {\n${lines.join("\n")}\n} from "omp:/vendor/${prefix}-bundle";\n`);
}
JS

  rm -rf "${vendor:?}/$prefix" "$vendor/$prefix-bundle.js"
  mv "$out/$prefix-bundle.js" "$out/$prefix" "$vendor/"
  for f in "$vendor/$prefix-bundle.js" "$vendor/$prefix"/*.js; do
    echo "wrote $f ($(wc -c <"$f") bytes)"
  done
}
