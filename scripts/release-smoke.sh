#!/usr/bin/env bash
# Checks that a freshly built omp-host binary starts and runs a tool, before the release
# workflow archives it: --version, then `list` and `call` of examples/tools/zod-greet.ts with
# only that tool loaded (a scratch HOME, so no user tools), the greeting naming who was greeted.
set -euo pipefail
binary="${1:?usage: release-smoke.sh BINARY}"
cd "$(dirname "$0")/.."
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
export HOME="$scratch" USERPROFILE="$scratch" OMP_HOST_DATA_DIR="$scratch/data"
tool=(--only --tool examples/tools/zod-greet.ts)
"$binary" --version
"$binary" list "${tool[@]}"
name="Smoke$RANDOM"
output="$("$binary" call greet --params "{\"name\":\"$name\"}" "${tool[@]}")"
echo "$output"
case "$output" in
  *"$name"*) echo "release-smoke: ok" ;;
  *) echo "release-smoke: the greeting does not name $name" >&2; exit 1 ;;
esac
