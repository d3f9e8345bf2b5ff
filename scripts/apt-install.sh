#!/usr/bin/env bash
# Installs Debian packages with apt-get (through sudo unless run as root), saying why:
#   scripts/apt-install.sh "<what they are for>" PACKAGE...
# The ensure-*.sh scripts call it with the packages they found missing.
set -euo pipefail
purpose="$1"
shift
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "installing $* (apt-get) $purpose" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
