#!/usr/bin/env python3
"""Per-thread cost of MCP tool calls: drives a stdio MCP server with N `echo` calls (WINDOW in
flight) and prints, for each of the server's threads, its CPU time and context switches per
call, read from /proc (schedstat and status) before and after. Context switches count the
hand-offs between threads, which this machine's figures for CPU time blur (a virtual machine
under load). Linux only.

usage: bench/mcp_threads.py [--calls N] [--window W] -- SERVER-COMMAND...
  e.g. bench/mcp_threads.py --calls 3000 -- target/release/omp-host mcp --only --tool bench/fixtures/echo.ts
       bench/mcp_threads.py --window 8 -- node bench/node-echo/server.mjs
omp-host runs in a scratch HOME/cache/data folder, so the user's tools and sessions stay out.
"""
import argparse
import json
import os
import subprocess
import tempfile
import time


def thread_stats(pid):
    """{tid: (name, cpu seconds, context switches)} for every thread of `pid`."""
    stats = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        base = f"/proc/{pid}/task/{tid}"
        try:
            with open(f"{base}/stat") as f:
                stat = f.read()
            with open(f"{base}/schedstat") as f:
                run_ns = int(f.read().split()[0])
            with open(f"{base}/status") as f:
                status = dict(line.split(":\t", 1) for line in f.read().splitlines() if ":\t" in line)
        except FileNotFoundError:
            continue  # the thread ended meanwhile
        name = stat[stat.index("(") + 1 : stat.rindex(")")]
        switches = int(status["voluntary_ctxt_switches"]) + int(status["nonvoluntary_ctxt_switches"])
        stats[tid] = (name, run_ns / 1e9, switches)
    return stats


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--calls", type=int, default=3000)
    parser.add_argument("--window", type=int, default=1)
    parser.add_argument("--warmup", type=int, default=200)
    parser.add_argument("server", nargs="+")
    args = parser.parse_args()

    scratch = tempfile.mkdtemp(prefix="omp-host-bench-threads-")
    env = dict(os.environ, HOME=scratch, OMP_HOST_CACHE_DIR=f"{scratch}/cache", OMP_HOST_DATA_DIR=f"{scratch}/data")
    server = subprocess.Popen(args.server, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)

    def send(message):
        server.stdin.write((json.dumps(message) + "\n").encode())
        server.stdin.flush()

    def answer():
        while True:
            line = server.stdout.readline()
            if not line:
                raise SystemExit("the server closed its output")
            message = json.loads(line)
            if "id" in message:
                return message

    def call(request_id):
        send({"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": {"name": "echo", "arguments": {"text": "hi"}}})

    send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "mcp_threads", "version": "1"}}})
    answer()
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    for i in range(args.warmup):
        call(f"w{i}")
        answer()

    before = thread_stats(server.pid)
    started = time.monotonic()
    sent = answered = 0
    while answered < args.calls:
        while sent < args.calls and sent - answered < args.window:
            call(sent)
            sent += 1
        reply = answer()
        if reply.get("result", {}).get("isError") or "error" in reply:
            raise SystemExit(f"the call failed: {reply}")
        answered += 1
    elapsed = time.monotonic() - started
    after = thread_stats(server.pid)
    server.stdin.close()
    server.wait()

    n = args.calls
    print(f"{n} calls, {args.window} in flight: {n / elapsed:.0f} calls/s")
    print("| thread | CPU µs/call | context switches/call |")
    print("|---|---|---|")
    total_cpu = total_switches = 0.0
    for tid, (name, cpu, switches) in sorted(after.items(), key=lambda item: int(item[0])):
        _, cpu_before, switches_before = before.get(tid, (name, 0.0, 0))
        cpu, switches = cpu - cpu_before, switches - switches_before
        total_cpu += cpu
        total_switches += switches
        if switches or cpu:
            print(f"| {name} | {1e6 * cpu / n:.1f} | {switches / n:.2f} |")
    print(f"| all | {1e6 * total_cpu / n:.1f} | {total_switches / n:.2f} |")


if __name__ == "__main__":
    main()
