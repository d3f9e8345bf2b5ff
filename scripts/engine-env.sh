# Sourced by the build scripts: picks the JavaScript engine's library before cargo runs.
# V8 is the default engine. The `v8` crate links a prebuilt static library; where this
# project's machines keep one built from source (`shared/v8/` beside the checkout, or
# $OMP_HOST_V8_ARCHIVE), it is unpacked into target/v8 and handed to the crate through
# RUSTY_V8_ARCHIVE. Elsewhere the crate downloads its official library as it normally does.
# OMP_HOST_ENGINE=quickjs selects the QuickJS-ng build instead (no V8 library needed).

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
export OMP_HOST_ENGINE
