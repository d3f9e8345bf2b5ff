#!/usr/bin/env bash
# Installs the MCP clients the tests drive omp-host with: the official TypeScript SDK client
# from the npm registry into tests/clients/node, pinned by its package-lock.json. Does nothing
# when that install is already there and no older than the lock file.
set -euo pipefail
cd "$(dirname "$0")/.."
client=tests/clients/node
installed="$client/node_modules/.package-lock.json"
if [ ! -f "$installed" ] || [ "$client/package-lock.json" -nt "$installed" ]; then
  command -v npm >/dev/null 2>&1 || { echo "npm is required to install the MCP test clients (install Node.js)" >&2; exit 1; }
  echo "installing the MCP test clients (npm ci in $client)" >&2
  npm ci --prefix "$client" --silent --no-audit --no-fund
fi
