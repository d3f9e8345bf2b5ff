#!/usr/bin/env bash
# Installs haproxy from Debian for the load-balancer test (tests/balancer/run.mjs). Does
# nothing when it is already there.
set -euo pipefail
if ! command -v haproxy >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "installing haproxy (apt-get) for the load-balancer test" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq haproxy >/dev/null
fi
command -v haproxy >/dev/null 2>&1 || { echo "haproxy is required (apt-get install haproxy)" >&2; exit 1; }
