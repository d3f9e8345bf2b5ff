#!/usr/bin/env bash
# Prints omp-host's version (the [package] version in Cargo.toml), for the release workflow.
# With --check TAG: exits 1, saying why, unless TAG is that version with a leading "v" (a
# release tag must name the version the binaries and npm packages are built with).
set -euo pipefail
cd "$(dirname "$0")/.."
version="$(awk '/^\[package\]/ { in_package = 1; next } /^\[/ { in_package = 0 } in_package && /^version *=/ { gsub(/version *= *|"/, ""); print; exit }' Cargo.toml)"
[ -n "$version" ] || { echo "release-version: no [package] version in Cargo.toml" >&2; exit 1; }
if [ "${1:-}" = --check ]; then
  tag="${2:?usage: release-version.sh [--check TAG]}"
  if [ "$tag" != "v$version" ]; then
    echo "release-version: tag $tag does not match Cargo.toml's version $version (expected v$version)" >&2
    exit 1
  fi
fi
echo "$version"
