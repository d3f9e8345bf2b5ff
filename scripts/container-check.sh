#!/usr/bin/env bash
# Checks that the container image of ./Dockerfile works, without Docker Hub or a Docker daemon:
# makes debian:bookworm-slim locally with debootstrap (unless podman already has that image),
# builds the `prebuilt` stage with podman from a built binary ($CHECK_BINARY, default
# target/release/omp-host; scripts/test.sh gives its own build), runs it as the
# Dockerfile's header shows and checks /healthz, /readyz, the bearer token (401), initialize,
# tools/list, a tools/call, Host refusal (403), uid 10001, the HEALTHCHECK, the refusal to start
# on 0.0.0.0 without OMP_HOST_TOKEN, and the SIGTERM drain at `podman stop`. One line a check;
# exits 1 if any failed. Needs podman (run as root) and debootstrap, curl and jq; without
# podman it prints "skipped: …" and exits 0. The `build` stage (rust:1.95-bookworm) is not built.
# Scratch: $CHECK_DIR (default /tmp/ctr/check). Port: $CHECK_PORT (default 18080, loopback).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
command -v podman >/dev/null 2>&1 || { echo "skipped: podman is not installed"; exit 0; }
dir="${CHECK_DIR:-/tmp/ctr/check}"; port="${CHECK_PORT:-18080}"; image=omp-host:check
base=docker.io/library/debian:bookworm-slim; name=omp-check-$$; start=$SECONDS; failed=0
mkdir -p "$dir"; log="$dir/podman.log"; : >"$log"
# crun 1.8 refuses hybrid cgroups (v1 + v2) and podman's default rlimits need CAP_SYS_RESOURCE:
# runc where present, and rlimits no higher than this shell's.
flags=(--ulimit "nofile=$(ulimit -Hn):$(ulimit -Hn)" --ulimit nproc=4096:4096)
rt=(); command -v runc >/dev/null 2>&1 && rt=(--runtime runc)
pm() { podman "${rt[@]}" "$@" 2>>"$log"; }   # podman's stderr (systemd timer noise) to the log
ok() { echo "PASS $1"; }
bad() { echo "FAIL $1"; failed=1; }
check() { local what="$1"; shift; if "$@"; then ok "$what"; else bad "$what"; fi; }
cleanup() { podman rm -f -t 0 "$name" "$name-nt" >/dev/null 2>&1 || true; }
trap cleanup EXIT

# 2. The base image, since it cannot be pulled.
if podman image exists "$base"; then ok "base image $base already present"
else
  command -v debootstrap >/dev/null 2>&1 || { echo "skipped: debootstrap is not installed"; exit 0; }
  rm -rf "$dir/rootfs"
  debootstrap --variant=minbase bookworm "$dir/rootfs" http://deb.debian.org/debian >"$dir/debootstrap.log" 2>&1 \
    || { bad "debootstrap bookworm (see $dir/debootstrap.log)"; exit 1; }
  tar -C "$dir/rootfs" -c . | podman import --change 'CMD ["bash"]' - "$base" >>"$log" 2>&1
  rm -rf "$dir/rootfs"; ok "base image $base made with debootstrap --variant=minbase"
fi

# 3. The prebuilt stage, from a context of the Dockerfile and the one binary it copies.
binary="${CHECK_BINARY:-$root/target/release/omp-host}"
[ -x "$binary" ] || { bad "no $binary: build it first"; exit 1; }
ctx="$dir/context"; rm -rf "$ctx"; mkdir -p "$ctx/target/release"
cp "$root/Dockerfile" "$root/.dockerignore" "$ctx/"; cp "$binary" "$ctx/target/release/omp-host"
t=$SECONDS
if pm build "${flags[@]}" --format docker --target prebuilt -t "$image" "$ctx" >"$dir/build.log"; then
  ok "podman build --target prebuilt ($((SECONDS - t)) s)"
else bad "podman build --target prebuilt (see $dir/build.log)"; exit 1; fi
cfg="$(podman image inspect "$image" --format '{{.Config.User}} {{.Config.StopSignal}} {{json .Config.Healthcheck.Test}}')"
check "image config: user omp, SIGTERM, HEALTHCHECK on /readyz ($(cut -c1-60 <<<"$cfg")…)" \
  grep -q '^omp SIGTERM .*readyz' <<<"$cfg"

# 5. No token on 0.0.0.0: a clear refusal and a non-zero exit.
rc=0; out="$(podman "${rt[@]}" run --name "$name-nt" "${flags[@]}" -v "$root/examples/tools:/tools:ro" "$image" 2>&1)" || rc=$?
out="$(grep -v '^time=' <<<"$out" || true)"
check "no OMP_HOST_TOKEN: exit $rc, \"$(cut -c1-70 <<<"$out")…\"" \
  test "$rc" -eq 2 -a -n "$(grep 'refusing to serve on 0.0.0.0:8080 without authorization' <<<"$out")"

# 4. Run it as the header shows, the port published on loopback.
pm run -d --name "$name" "${flags[@]}" -p "127.0.0.1:$port:8080" -e OMP_HOST_TOKEN=secret \
  -v "$root/examples/tools:/tools:ro" "$image" >/dev/null
u="http://127.0.0.1:$port"
for _ in $(seq 50); do curl -fsS -o /dev/null "$u/healthz" 2>/dev/null && break; sleep 0.2; done
r="$(curl -sS -w ' %{http_code}' "$u/healthz" | tr -d '\n' || true)"; check "GET /healthz: $r" test "$r" = "ok 200"
r="$(curl -sS -w ' %{http_code}' "$u/readyz" | tr -d '\n' || true)"; check "GET /readyz: $r" test "$r" = "ready 200"
hdr=(-H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream')
init='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"container-check","version":"0"}}}'
r="$(curl -sS -i -X POST "$u/mcp" "${hdr[@]}" -d "$init" | tr -d '\r' || true)"
wa="$(grep -i '^www-authenticate:' <<<"$r" || true)"
check "initialize without token: $(head -1 <<<"$r"), $wa" grep -q '^HTTP/1.1 401' <<<"$r"
check "  401 carries WWW-Authenticate: Bearer" grep -qi 'Bearer realm="omp-host"' <<<"$wa"
hdr+=(-H 'Authorization: Bearer secret')
r="$(curl -sS -o /dev/null -w '%{http_code}' -X POST "$u/mcp" "${hdr[@]}" -H 'Host: evil.example' -d "$init" || true)"
check "initialize with Host: evil.example: $r" test "$r" = 403
r="$(curl -sS -i -X POST "$u/mcp" "${hdr[@]}" -d "$init" | tr -d '\r' || true)"
sid="$(sed -n 's/^mcp-session-id: *//Ip' <<<"$r")"
check "initialize with token: $(head -1 <<<"$r"), session ${sid:-none}, $(grep -o '"serverInfo":{[^}]*}' <<<"$r" || true)" \
  test -n "$sid" -a -n "$(grep '"protocolVersion":"2025-06-18"' <<<"$r")"
hdr+=(-H "Mcp-Session-Id: $sid" -H 'MCP-Protocol-Version: 2025-06-18')
rpc() { curl -sS -N -X POST "$u/mcp" "${hdr[@]}" -d "$1" | sed -u -n 's/^data: {/{/p'; }
curl -sS -o /dev/null -X POST "$u/mcp" "${hdr[@]}" -d '{"jsonrpc":"2.0","method":"notifications/initialized"}' || true
names="$(rpc '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' | jq -r '[.result.tools[].name] | join(",")' 2>/dev/null || true)"
check "tools/list: $names" test "$names" = "countdown,path_info,status_word,uname,calc,greet,word_stats,resolve"
r="$(rpc '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"greet","arguments":{"name":"Ada","excited":true}}}' \
  | jq -c '.result.content' 2>/dev/null || true)"
check "tools/call greet: $r" test "$r" = '[{"type":"text","text":"Hello, Ada!!!"}]'
r="$(rpc '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"uname","arguments":{}}}' | jq -r '.result.content[0].text' 2>/dev/null || true)"
check "tools/call uname (pi.exec in the container): $r" grep -q '^Linux ' <<<"$r"
r="$(pm exec "$name" id || true)"; check "podman exec id: $r" grep -q '^uid=10001(omp)' <<<"$r"
r="$(pm exec "$name" bash -c 'touch /work/.w && rm /work/.w && echo writable' || true)"
check "/work writable by omp: ${r:-no}" test "$r" = writable
r="$(pm healthcheck run "$name" && echo healthy || echo unhealthy)"; check "podman healthcheck run: $r" test "$r" = healthy

# SIGTERM at `podman stop` while a 5 s call runs: drain, the call finishes, exit 0. The stop
# comes once the call has reported its first step (a progress notification), and the checks
# of the drain once /readyz says it has begun.
rpc '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"countdown","arguments":{"from":5,"delayMs":1000},"_meta":{"progressToken":5}}}' >"$dir/countdown.out" &
cpid=$!
for _ in $(seq 100); do grep -q 'notifications/progress' "$dir/countdown.out" 2>/dev/null && break; sleep 0.1; done
t=$SECONDS
pm stop "$name" >/dev/null & spid=$!
for _ in $(seq 100); do r="$(curl -s -o /dev/null -w "%{http_code}" "$u/readyz" || true)"; [ "$r" = 503 ] && break; sleep 0.05; done
check "GET /readyz during the drain: $r" test "$r" = 503
r="$(rpc '{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"greet","arguments":{"name":"B"}}}' | jq -r '.error.code' 2>/dev/null || true)"
check "tools/call during the drain: error $r" test "$r" = -32000
wait "$spid" || true; wait "$cpid" || true
r="$(grep '"id":5' "$dir/countdown.out" | jq -r '.result.content[0].text' 2>/dev/null || true)"
check "running call finished during the drain: $r" test "$r" = "Lift-off after 5, 4, 3, 2, 1"
code="$(podman inspect "$name" --format '{{.State.ExitCode}}')"; took=$((SECONDS - t))
check "podman stop: exit $code after ${took} s (grace 10 s)" test "$code" = 0 -a "$took" -lt 10
logs="$(podman logs "$name" 2>&1 | grep '^omp-host' || true)"
check "logs: $(grep -o 'SIGTERM: draining.*' <<<"$logs" | cut -c1-60)… / $(tail -1 <<<"$logs")" \
  test "$(tail -1 <<<"$logs")" = "omp-host mcp: stopped"

echo "took $((SECONDS - start)) s; $( [ $failed = 0 ] && echo 'all checks passed' || echo 'SOME CHECKS FAILED')"
exit $failed
