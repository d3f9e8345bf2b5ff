#!/usr/bin/env bash
# Type-checks the runtime crate and the binary for platforms other than the one it runs on
# (`cargo check --target …`): that every Linux-only call is behind `cfg` and every other
# platform has its fallback (runtime/src/platform/, docs/engine.md "Per platform"). Builds no
# binary for those targets and runs nothing there.
#
#   scripts/check-targets.sh                  # the default targets below
#   scripts/check-targets.sh aarch64-apple-darwin
#   scripts/check-targets.sh --runtime-only   # only the runtime crate (see below)
#   OMP_HOST_ENGINE=quickjs scripts/check-targets.sh
#
# A target whose Rust standard library is not installed is skipped with a message naming the
# `rustup target add` that would install it; the script fails when a check fails, or when it
# warns about the project's own crates (code one platform compiles and another leaves unused).
#
# The binary's check also builds the runtime crate for this machine and runs the binary's
# build script (the start-up snapshot), as any build of the binary does; `--runtime-only`
# checks the runtime crate alone, which needs nothing built for this machine but the
# dependencies' build scripts.
#
# Some dependencies compile C for the target in their build scripts (aws-lc-sys for rustls,
# psm for swc's stack growth, mimalloc, QuickJS-ng), which needs that platform's C compiler
# and system headers, absent on a Linux machine. `cargo check` never links, so the objects
# they make are never used: for a foreign target this script hands them a stand-in compiler
# and archiver that write empty files (`CC_<target>`, `AR_<target>`), so that only the Rust
# code is checked. V8's build script copies the prebuilt V8 library `RUSTY_V8_ARCHIVE` names
# (scripts/engine-env.sh sets it where this machine keeps one: never linked for the foreign
# target, and the binary's build script on this machine needs it) or else downloads the
# target's; with `--runtime-only` and no local library it gets an empty stand-in instead.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/engine-env.sh

packages=(--workspace)
targets=()
for arg in "$@"; do
  case "$arg" in
    --runtime-only) packages=(-p omp-host-runtime) ;;
    *) targets+=("$arg") ;;
  esac
done
if [ ${#targets[@]} -eq 0 ]; then
  targets=(x86_64-apple-darwin aarch64-apple-darwin x86_64-pc-windows-msvc)
fi
host="$(rustc -vV | sed -n 's/^host: //p')"
installed="$(rustup target list --installed 2>/dev/null || true)"
stubs="$(realpath -m "${CARGO_TARGET_DIR:-target}")/check-targets"

write_stubs() {
  mkdir -p "$stubs"
  # The stand-in C compiler: an empty file wherever it is asked for an object (`-o`,
  # `-o<file>`, MSVC's `-Fo<file>`/`/Fo<file>`), nothing for `-E`, and success.
  cat >"$stubs/cc" <<'SH'
#!/bin/sh
# check-targets.sh's stand-in C compiler (cargo check links nothing): empty outputs.
out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --version | -v | -dumpversion) echo "check-targets stub 0.0"; exit 0 ;;
    -o) shift; out="$1" ;;
    -o*) out="${1#-o}" ;;
    -Fo* | /Fo*) out="${1#?Fo}" ;;
  esac
  shift
done
[ -z "$out" ] || : >"$out"
SH
  # The stand-in archiver: an empty file for GNU ar (`ar cq lib.a …`) and MSVC lib
  # (`/OUT:lib.lib`); other calls (`ar s lib.a`) succeed and change nothing.
  cat >"$stubs/ar" <<'SH'
#!/bin/sh
# check-targets.sh's stand-in archiver (cargo check links nothing): empty archives.
for arg in "$@"; do
  case "$arg" in
    /OUT:* | -out:* | -OUT:*) : >"${arg#*:}"; exit 0 ;;
    *.a | *.lib) [ -e "$arg" ] || : >"$arg"; exit 0 ;;
  esac
done
SH
  chmod +x "$stubs/cc" "$stubs/ar"
  printf '!<arch>\n' >"$stubs/librusty_v8.a" # an empty static library
}

status=0
for target in "${targets[@]}"; do
  if ! grep -qx "$target" <<<"$installed"; then
    echo "check-targets: $target skipped: its Rust standard library is not installed (rustup target add $target)" >&2
    continue
  fi
  env_for_target=()
  if [ "$target" != "$host" ]; then
    write_stubs
    var="${target//-/_}"
    env_for_target=("CC_$var=$stubs/cc" "CXX_$var=$stubs/cc" "AR_$var=$stubs/ar")
    if [ -z "${RUSTY_V8_ARCHIVE:-}" ] && [ "${packages[0]}" = -p ]; then
      env_for_target+=("RUSTY_V8_ARCHIVE=$stubs/librusty_v8.a")
    fi
  fi
  echo "check-targets: $target ($OMP_HOST_ENGINE, ${packages[*]})" >&2
  log="$stubs/$target.log"
  mkdir -p "$stubs"
  if ! env "${env_for_target[@]}" cargo check "${packages[@]}" --profile suite --target "$target" \
    "${OMP_HOST_FEATURES[@]}" 2>&1 | tee "$log" >&2; then
    echo "check-targets: $target FAILED" >&2
    status=1
  elif grep -qE '^warning: `omp-host(-runtime)?` .*generated [0-9]+ warnings?' "$log"; then
    echo "check-targets: $target FAILED: warnings in the project's code (above)" >&2
    status=1
  fi
done
exit $status
