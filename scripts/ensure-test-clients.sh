#!/usr/bin/env bash
# Installs the MCP clients the tests drive omp-host with: the official TypeScript SDK client
# from the npm registry into tests/clients/node, pinned by its package-lock.json, and the
# official Python SDK from PyPI into a virtual environment in tests/clients/python/.venv,
# pinned by requirements.txt and constraints.txt. Does nothing for an install that is already
# there and no older than its pins.
set -euo pipefail
cd "$(dirname "$0")/.."
client=tests/clients/node
installed="$client/node_modules/.package-lock.json"
if [ ! -f "$installed" ] || [ "$client/package-lock.json" -nt "$installed" ]; then
  command -v npm >/dev/null 2>&1 || { echo "npm is required to install the MCP test clients (install Node.js)" >&2; exit 1; }
  echo "installing the MCP test clients (npm ci in $client)" >&2
  npm ci --prefix "$client" --silent --no-audit --no-fund
fi

python_client=tests/clients/python
python_installed="$python_client/.venv/installed"
if [ ! -f "$python_installed" ] || [ "$python_client/requirements.txt" -nt "$python_installed" ] || [ "$python_client/constraints.txt" -nt "$python_installed" ]; then
  command -v python3 >/dev/null 2>&1 || { echo "python3 is required to install the MCP Python SDK test client" >&2; exit 1; }
  echo "installing the MCP Python SDK test client (pip in $python_client/.venv)" >&2
  rm -rf "$python_client/.venv"
  python3 -m venv "$python_client/.venv"
  "$python_client/.venv/bin/pip" install --quiet --disable-pip-version-check -r "$python_client/requirements.txt" -c "$python_client/constraints.txt"
  touch "$python_installed"
fi
