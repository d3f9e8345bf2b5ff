#!/usr/bin/env bash
# Installs from Debian what scripts/container-check.sh needs to build and run the image of
# ./Dockerfile without a Docker daemon: podman (with buildah for its builds), runc (crun 1.8
# refuses this machine kind's hybrid cgroups), debootstrap (the base image, which cannot be
# pulled here), curl and jq. Does nothing when they are all there.
set -euo pipefail
missing=()
for tool in podman buildah runc debootstrap curl jq; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
  "$(dirname "$0")/apt-install.sh" "for the container check" "${missing[@]}"
fi
