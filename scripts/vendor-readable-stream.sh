#!/usr/bin/env bash
# Regenerates js/vendor/readable-stream.js: Node's own stream implementation as published for
# userland (npm `readable-stream`, MIT licence, by the Node.js contributors), bundled into one
# ES module with esbuild. Its few dependencies are pointed at the host's built-ins (buffer,
# events, string_decoder, process, AbortController) instead of their npm look-alikes.
# Run it only to move to a new readable-stream version; the output is committed.
set -euo pipefail
cd "$(dirname "$0")/.."
version="${1:-4.8.0}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm init -y >/dev/null && npm install --no-audit --no-fund "readable-stream@$version" esbuild@0.25 >/dev/null)

# The host's built-ins register themselves in globalThis.__ompBuiltins when they load;
# js/node/stream.js imports them before this bundle, so they are there when it runs.
mkdir -p "$work/shims"
builtin() { echo "module.exports = globalThis.__ompBuiltins.get(\"$1\");" >"$work/shims/$2.js"; }
builtin buffer buffer
builtin events events
builtin string_decoder string_decoder
echo 'module.exports = globalThis.process;' >"$work/shims/process.js"
echo 'module.exports = { AbortController: globalThis.AbortController, AbortSignal: globalThis.AbortSignal };' >"$work/shims/abort-controller.js"
# readable-stream defers to Node's `stream` when READABLE_STREAM=disable; the host has none.
echo 'module.exports = {};' >"$work/shims/stream.js"

out=js/vendor/readable-stream.js
licence="$work/node_modules/readable-stream/LICENSE"
{
  echo "// readable-stream $version (https://github.com/nodejs/readable-stream), bundled by"
  echo "// scripts/vendor-readable-stream.sh. Do not edit: regenerate. Its licence follows."
  echo "/*"
  sed 's#\*/#* /#g' "$licence"
  echo "*/"
  "$work/node_modules/.bin/esbuild" "$work/node_modules/readable-stream/lib/ours/index.js" \
    --bundle --format=esm --platform=neutral --log-level=warning \
    --alias:buffer="$work/shims/buffer.js" \
    --alias:events="$work/shims/events.js" \
    --alias:string_decoder="$work/shims/string_decoder.js" \
    --alias:process="$work/shims/process.js" \
    --alias:abort-controller="$work/shims/abort-controller.js" \
    --alias:stream="$work/shims/stream.js"
} >"$out.tmp"
mv "$out.tmp" "$out"
echo "wrote $out ($(wc -c <"$out") bytes)"
