#!/usr/bin/env bash
# Installs haproxy from Debian for the load-balancer test (tests/balancer/run.mjs). Does
# nothing when it is already there.
set -euo pipefail
if ! command -v haproxy >/dev/null 2>&1; then
  "$(dirname "$0")/apt-install.sh" "for the load-balancer test" haproxy
fi
command -v haproxy >/dev/null 2>&1 || { echo "haproxy is required (apt-get install haproxy)" >&2; exit 1; }
