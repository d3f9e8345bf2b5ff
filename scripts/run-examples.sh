#!/usr/bin/env bash
# The main job on the bundled examples: builds omp-host, lists the example tools, then calls
# each of them once (partial updates appear on stderr as they stream).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-build-deps.sh
source scripts/engine-env.sh
cargo build --release --quiet "${OMP_HOST_FEATURES[@]}"
host=target/release/omp-host
examples=(--tool examples/tools --only)
"$host" list "${examples[@]}"
run() {
  echo
  echo "\$ omp-host call $1 --params '$2'"
  "$host" call "$1" --params "$2" "${examples[@]}"
}
run greet '{"name":"Ada","excited":true}'
run calc '{"op":"mul","a":6,"b":7}'
run uname '{}'
run countdown '{"from":3}'
run word_stats '{"text":"the cat and the hat sat on the mat"}'
run path_info '{"path":"docs/report.final.txt"}'
run status_word '{"level":"warn"}'

# A preview, then resolve: a scripted `omp-host run` session with the first-party
# edit_preview tool. The file changes only when `resolve` applies the staged edit.
echo
echo "--- a preview, then resolve (omp-host run with tools/edit_preview.ts) ---"
demo=$(mktemp -d)
trap 'rm -rf "$demo"' EXIT
printf 'name = "omp-host"\nversion = "0.1.0"\n' > "$demo/VERSION.toml"
coproc HOST { "$host" run --tool "$PWD/tools" --only --cwd "$demo" 2>/dev/null; }
send() {
  echo "> $1"
  echo "$1" >&"${HOST[1]}"
}
# Prints the host's lines (shortened) until one contains $1; gives up after 30 s of silence.
expect() {
  local line
  while IFS= read -r -t 30 line <&"${HOST[0]}"; do
    echo "< ${line:0:160}$([ ${#line} -gt 160 ] && echo …)"
    [[ $line == *"$1"* ]] && return 0
  done
  echo "omp-host run did not answer with $1" >&2
  return 1
}
show() { echo "  VERSION.toml now: $(tr '\n' ' ' < "$demo/VERSION.toml")"; }
expect '"type":"ready"'
show
send '{"type":"call","id":"c1","tool":"edit_preview","params":{"path":"VERSION.toml","oldText":"0.1.0","newText":"0.2.0"}}'
expect '"type":"tool_execution_end"'
show
grep -q '0.1.0' "$demo/VERSION.toml" || { echo "the preview changed the file" >&2; exit 1; }
send '{"type":"tool_choice"}'
expect '"type":"tool_choice"'
send '{"type":"call","id":"r1","tool":"resolve","params":{"action":"apply","reason":"Release 0.2.0."}}'
expect '"toolCallId":"r1","toolName":"resolve","result"'
show
grep -q '0.2.0' "$demo/VERSION.toml" || { echo "resolve did not apply the edit" >&2; exit 1; }
send '{"type":"turn_end","stopReason":"stop"}'
exec {HOST[1]}>&-
wait "$HOST_PID"
