#!/usr/bin/env bash
# Serve-core benchmark (the call targets of docs/performance.md): `omp-host mcp` side by side
# with a minimal echo server on the official TypeScript MCP SDK under Node, measured in one run
# and interleaved (bench/mcp/).
# Installs the Node server's packages with npm into bench/node-echo/node_modules (git-ignored),
# builds omp-host for each engine asked for, and prints Markdown tables.
#
# usage: bench/mcp.sh [SERVER...] [-- BENCH-OPTION...]
#   SERVER  v8 | quickjs   omp-host built here with that engine (OMP_HOST_ENGINE)
#           node           the Node SDK echo server (bench/node-echo/server.mjs)
#           floor          the least an MCP server can do per call (bench/mcp/floor.rs)
#           LABEL=BINARY   an omp-host binary built elsewhere
#   Default: v8 floor node. Ratios compare every server with the last one.
#   BENCH-OPTIONs go to the benchmark, e.g. `-- --rounds 10 --window-ms 2000` (`-- --help`).
# Example, both engines against Node: bench/mcp.sh v8 quickjs node
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  sed -n '7,14s/^# \{0,1\}//p' "$0" >&2
  exit 2
}

servers=()
bench_options=()
while [ $# -gt 0 ]; do
  case "$1" in
    --) shift; bench_options=("$@"); break ;;
    -h|--help) usage ;;
    *) servers+=("$1"); shift ;;
  esac
done
[ ${#servers[@]} -gt 0 ] || servers=(v8 floor node)

scripts/ensure-build-deps.sh
built=target/bench-mcp
mkdir -p "$built"
specs=()
about=()
for server in "${servers[@]}"; do
  case "$server" in
    v8|quickjs)
      echo "building omp-host with $server" >&2
      # Both engines build in one target folder (cargo keeps their engine-specific crates apart);
      # the binary is copied out before the other engine's build replaces it.
      (OMP_HOST_ENGINE="$server" && source scripts/engine-env.sh && cargo build --release --quiet "${OMP_HOST_FEATURES[@]}")
      cp target/release/omp-host "$built/omp-host-$server"
      specs+=("omp-host-$server=omp-host:$built/omp-host-$server")
      about+=("omp-host-$server: $("$built/omp-host-$server" --version 2>/dev/null || echo "omp-host ($server)")")
      ;;
    node)
      command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || { echo "bench/mcp.sh: the node server needs node and npm" >&2; exit 1; }
      # npm ci reinstalls from scratch, so only when the lock file changed since the last install.
      if [ ! bench/node-echo/node_modules/.package-lock.json -nt bench/node-echo/package-lock.json ]; then
        echo "installing the Node server's packages with npm" >&2
        (cd bench/node-echo && npm ci --no-audit --no-fund --loglevel=error)
      fi
      sdk="$(node -p 'require("./bench/node-echo/node_modules/@modelcontextprotocol/sdk/package.json").version')"
      specs+=("node=node:bench/node-echo/server.mjs")
      about+=("node: @modelcontextprotocol/sdk $sdk on Node $(node --version)")
      ;;
    floor)
      specs+=("floor=floor")
      about+=("floor: one thread, blocking pipe reads and writes, serde_json, no runtime (bench/mcp/floor.rs)")
      ;;
    *=*)
      specs+=("${server%%=*}=omp-host:${server#*=}")
      about+=("${server%%=*}: ${server#*=}")
      ;;
    *)
      echo "bench/mcp.sh: unknown server \`$server\`" >&2
      usage
      ;;
  esac
done

echo "MCP serve benchmark on $(nproc) cores; servers:"
printf -- '- %s\n' "${about[@]}"
echo
# The benchmark program itself is built with the default (or the caller's) engine.
source scripts/engine-env.sh
cargo bench --quiet "${OMP_HOST_FEATURES[@]}" --bench mcp -- "${specs[@]}" "${bench_options[@]}"
