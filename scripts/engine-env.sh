# Sourced by the build scripts: picks the JavaScript engine's library before cargo runs.
# V8 is the default engine. The `v8` crate links a prebuilt static library; where this
# project's machines keep one built from source (`shared/v8/` beside the checkout, or
# $OMP_HOST_V8_ARCHIVE), it is unpacked into target/v8 and handed to the crate through
# RUSTY_V8_ARCHIVE. Elsewhere the crate downloads its official library as it normally does.
# OMP_HOST_ENGINE=quickjs selects the QuickJS-ng build instead (no V8 library needed), with
# the `v8x` crate (deno_core's QuickJS-ng backend) patched as patches/README.md explains.

omp_host_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OMP_HOST_ENGINE="${OMP_HOST_ENGINE:-v8}"
OMP_HOST_FEATURES=(--no-default-features --features "$OMP_HOST_ENGINE")

find_v8_archive() {
  local candidate
  for candidate in "${OMP_HOST_V8_ARCHIVE:-}" \
    "$omp_host_root"/../shared/v8/librusty_v8_*release_x86_64-unknown-linux-gnu.a.gz \
    /work/shared/v8/librusty_v8_*release_x86_64-unknown-linux-gnu.a.gz; do
    if [ -n "$candidate" ] && [ -f "$candidate" ]; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}

if [ "$OMP_HOST_ENGINE" = v8 ] && [ -z "${RUSTY_V8_ARCHIVE:-}" ]; then
  if archive="$(find_v8_archive)"; then
    unpacked="$omp_host_root/target/v8/librusty_v8.a"
    stamp="$unpacked.source"
    # Unpack once per archive (the stamp names the archive and its size).
    signature="$(stat -c '%n %s %Y' "$archive")"
    if [ ! -f "$unpacked" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$signature" ]; then
      echo "unpacking V8 from $archive" >&2
      mkdir -p "$(dirname "$unpacked")"
      case "$archive" in
        *.gz) gunzip -c "$archive" >"$unpacked.tmp" ;;
        *) cp "$archive" "$unpacked.tmp" ;;
      esac
      mv "$unpacked.tmp" "$unpacked"
      echo "$signature" >"$stamp"
    fi
    export RUSTY_V8_ARCHIVE="$unpacked"
  fi
fi
# The QuickJS-ng build uses a copy of the `v8x` crate with patches/v8x-*.patch applied, made
# once per crate version and patch under target/patched/v8x and handed to cargo as a path
# override (`paths`), which leaves Cargo.lock as it is.
prepare_patched_v8x() {
  local version patches signature patched source
  version="$(awk '$0 == "name = \"v8x\"" { getline; gsub(/version = |"/, ""); print; exit }' "$omp_host_root/Cargo.lock")"
  patches=("$omp_host_root"/patches/v8x-*.patch)
  signature="$version $(cat "${patches[@]}" | sha256sum | cut -d' ' -f1)"
  patched="$omp_host_root/target/patched/v8x"
  if [ ! -f "$patched/Cargo.toml" ] || [ "$(cat "$patched.source" 2>/dev/null)" != "$signature" ]; then
    source="$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/"v8x-$version" 2>/dev/null | head -1)"
    if [ -z "$source" ]; then
      # Not downloaded yet (V8 builds do not need it): fetch this platform's crates.
      (cd "$omp_host_root" && cargo fetch --quiet --target "$(rustc -vV | sed -n 's/^host: //p')") || return 1
      source="$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/"v8x-$version" | head -1)"
    fi
    echo "patching v8x $version from $source" >&2
    rm -rf "$patched" "$patched.tmp"
    mkdir -p "$(dirname "$patched")"
    cp -r "$source" "$patched.tmp"
    local patch_file
    for patch_file in "${patches[@]}"; do
      patch -s -p1 -d "$patched.tmp" <"$patch_file" || return 1
    done
    mv "$patched.tmp" "$patched"
    echo "$signature" >"$patched.source"
  fi
  OMP_HOST_FEATURES+=(--config "paths=[\"$patched\"]")
}

if [ "$OMP_HOST_ENGINE" = quickjs ]; then
  prepare_patched_v8x || echo "engine-env.sh: could not patch v8x; the QuickJS-ng build would use it unpatched" >&2
fi
export OMP_HOST_ENGINE
