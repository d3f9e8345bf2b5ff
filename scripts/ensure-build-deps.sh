#!/usr/bin/env bash
# Installs what building omp-host needs on a fresh Debian machine: cmake and Debian's simde
# headers (the QuickJS engine's WAMR build uses them instead of fetching from GitHub, see
# .cargo/config.toml), a C toolchain, and strace for the fault suite. Does nothing when they
# are already there.
set -euo pipefail
missing=()
command -v cmake >/dev/null 2>&1 || missing+=(cmake)
[ -d /usr/include/simde ] || missing+=(libsimde-dev)
# The fault suite traces which files the binary opens.
command -v strace >/dev/null 2>&1 || missing+=(strace)
command -v cc >/dev/null 2>&1 || missing+=(build-essential)
if [ ${#missing[@]} -gt 0 ]; then
  "$(dirname "$0")/apt-install.sh" "to build omp-host" "${missing[@]}"
fi
command -v cargo >/dev/null 2>&1 || { echo "cargo is required (install Rust with rustup)" >&2; exit 1; }
