#!/usr/bin/env bash
# Packs one release archive: omp-host-TARGET/ holding the binary, README.md and
# docs/install.md, as OUT/omp-host-TARGET.tar.gz, or .zip for Windows targets. The names
# carry no version, so `releases/latest/download/omp-host-TARGET.tar.gz` always works.
set -euo pipefail
binary="${1:?usage: release-archive.sh BINARY TARGET OUT}"
target="${2:?usage: release-archive.sh BINARY TARGET OUT}"
out="${3:?usage: release-archive.sh BINARY TARGET OUT}"
root="$(cd "$(dirname "$0")/.." && pwd)"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
folder="omp-host-$target"
mkdir -p "$stage/$folder"
cp "$binary" "$stage/$folder/"
cp "$root/README.md" "$root/docs/install.md" "$root/LICENSE" "$stage/$folder/"
case "$target" in
  *windows*)
    archive="$out/$folder.zip"
    rm -f "$archive"
    # Windows runners have 7-Zip; elsewhere Info-ZIP's zip.
    if command -v 7z >/dev/null 2>&1; then (cd "$stage" && 7z a -tzip -bd "$archive" "$folder" >/dev/null)
    else (cd "$stage" && zip -qr "$archive" "$folder"); fi
    ;;
  *)
    archive="$out/$folder.tar.gz"
    tar -C "$stage" -czf "$archive" "$folder"
    ;;
esac
echo "$archive"
