#!/usr/bin/env python3
"""Repeated heap exhaustion in one host: `omp-host run` under a small `heapLimitMb` serves a
tool that keeps 1 MiB strings built by native work (`('x'.repeat(1 << 20) + i).split('').join('')`)
until the heap runs out; the script calls it CALLS times in a row and prints how long each call
took to be stopped and answered, and the host's peak resident memory (sampled every 50 ms).

    bench/heap_stops.py target/release/omp-host [--limit-mb 48] [--calls 4]
"""
import argparse
import os
import tempfile
import threading
import time

from run_client import RunHost

HOG = """export default () => ({ name: "hog", label: "hog", description: "keeps 1 MiB strings until the heap runs out",
  parameters: { type: "object", properties: {} },
  async execute() { const keep = []; for (let i = 0; ; i++) keep.push(('x'.repeat(1 << 20) + i).split('').join('')); } });
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--limit-mb", type=int, default=48)
    parser.add_argument("--calls", type=int, default=4)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="omp-host-heap-stops-")
    tools = os.path.join(work, ".omp", "tools")
    os.makedirs(tools)
    with open(os.path.join(tools, "hog.ts"), "w") as out:
        out.write(HOG)
    with open(os.path.join(work, ".omp", "omp-host.json"), "w") as out:
        out.write(f'{{"heapLimitMb": {args.limit_mb}}}')
    env = {**os.environ, "OMP_HOST_DATA_DIR": os.path.join(work, "data")}
    host = RunHost([os.path.abspath(args.binary), "run", "--no-cache"], cwd=work, env=env)
    peak = [0]
    done = threading.Event()

    def sample():
        while not done.wait(0.05):
            peak[0] = max(peak[0], host.resident_mb())

    threading.Thread(target=sample, daemon=True).start()
    host.until(lambda e: e["type"] == "ready")
    for n in range(args.calls):
        started = time.time()
        host.call(f"h{n}", "hog")
        text = host.ended(f"h{n}")["result"]["content"][0]["text"]
        print(f"call {n + 1}: {(time.time() - started) * 1000:.0f} ms: {text}", flush=True)
    done.set()
    host.close()
    print(f"host peak RSS {peak[0]:.0f} MB")


if __name__ == "__main__":
    main()
