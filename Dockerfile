# omp-host as a container: `omp-host mcp --listen 0.0.0.0:8080`, MCP over Streamable HTTP at
# /mcp, health at /healthz and /readyz (docs/deploy.md).
#
#   docker build -t omp-host .                                   # builds the binary (V8)
#   docker build -t omp-host --target prebuilt .                 # or copies target/release/omp-host
#   docker run -p 8080:8080 --stop-timeout 15 -e OMP_HOST_TOKEN=… \
#     -v "$PWD/examples/tools:/tools:ro" omp-host
#
# --stop-timeout: above the drain's 10 s grace, or a call using all of it is killed. Clients
# reaching it by a name other than localhost/127.0.0.1 need that name in `http.allowedHosts`
# (mount a config such as deploy/config.json and add `--config FILE` to the command). With
# podman, build with `--format docker`, or the HEALTHCHECK below is dropped.
#
# The tools are read from the volume /tools; /work is the tools' working folder (mount a
# volume there for files they should see). Authorization is a bearer token from
# OMP_HOST_TOKEN: the host refuses to start on 0.0.0.0 without one.

# --- build: the repository's own scripts on Debian 12 (glibc 2.36; the binary needs 2.35) ---
FROM rust:1.95-bookworm AS build
WORKDIR /src
COPY . .
# ensure-build-deps.sh installs cmake, simde, a C toolchain with apt-get (as root, no sudo);
# engine-env.sh picks V8 (the `v8` crate downloads its prebuilt static library).
RUN scripts/ensure-build-deps.sh \
 && bash -c 'source scripts/engine-env.sh && cargo build --release --locked "${OMP_HOST_FEATURES[@]}"' \
 && cp target/release/omp-host /omp-host

# --- runtime: slim Debian with the glibc the binary links against ---
FROM debian:bookworm-slim AS runtime-base
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --create-home --uid 10001 omp \
 && mkdir -p /tools /work \
 && chown omp:omp /work
USER omp
WORKDIR /work
VOLUME ["/tools", "/work"]
EXPOSE 8080
# /readyz: 200 `ready`, 503 while draining after SIGTERM. Bash's /dev/tcp, so no curl is needed.
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/8080 && printf 'GET /readyz HTTP/1.0\\r\\n\\r\\n' >&3 && head -n1 <&3 | grep -q ' 200 '"]
# SIGTERM drains: no new calls, running ones get http.drainGraceMs (10 s) to finish.
STOPSIGNAL SIGTERM
ENTRYPOINT ["omp-host"]
CMD ["mcp", "--listen", "0.0.0.0:8080", "--tool", "/tools", "--only", "--cwd", "/work"]

# --- prebuilt: the runtime with a binary built outside (target/release/omp-host) ---
FROM runtime-base AS prebuilt
COPY --chmod=0755 target/release/omp-host /usr/local/bin/omp-host

# --- the default image: the runtime with the binary built above ---
FROM runtime-base AS runtime
COPY --from=build --chmod=0755 /omp-host /usr/local/bin/omp-host
