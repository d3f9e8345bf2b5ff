#!/usr/bin/env python3
"""Late cancels of spinning calls, binaries side by side (the host's target: a cancel takes
effect within 100 ms).

Each binary serves `omp-host run` on two spinning tools (one spins at once, one after an
await); the driver calls each tool again and again, cancels every call as soon as it has
begun (its first update) and sends a trivial call with the cancel. A cancel "takes effect"
when that trivial call is answered, since the engine runs one script at a time. V8 tiers a
spinning loop up as its function gets hot, so the late cancels show at particular calls (the
driver prints which). Runs are interleaved between the binaries, so machine load hits all.

usage: bench/late_cancel.py [--rounds N] [--runs R] LABEL=BINARY...
"""

import argparse
import os
import statistics
import tempfile
import time

from run_client import RunHost

TOOLS = """export default () => [
  { name: "spin", label: "spin", description: "spins at once", parameters: { type: "object", properties: {} },
    async execute(id, p, onUpdate) { onUpdate({ content: [{ type: "text", text: "started" }] }); while (true) {} } },
  { name: "spin_async", label: "spin_async", description: "spins after an await", parameters: { type: "object", properties: {} },
    async execute(id, p, onUpdate) { await null; onUpdate({ content: [{ type: "text", text: "started" }] }); let x = 0; while (true) { x++; } } },
  { name: "ok", label: "ok", description: "answers", parameters: { type: "object", properties: {} },
    async execute() { return { content: [{ type: "text", text: "ok" }] }; } },
];
"""

LATE_MS = 100.0


def one_run(binary, project, rounds):
    """Milliseconds from each cancel to the answer of the call sent with it, by call id."""
    env = dict(os.environ, OMP_HOST_CACHE_DIR=os.path.join(project, "cache"))
    host = RunHost([binary, "run"], cwd=project, env=env, quiet=True)
    host.until(lambda e: e.get("type") == "ready")
    took = {}
    for round_index in range(rounds):
        for tool in ("spin", "spin_async"):
            call_id = f"{tool}#{round_index + 1}"
            host.call(call_id, tool)
            host.started(call_id)
            cancelled = time.perf_counter()
            host.send({"type": "cancel", "id": call_id})
            host.call(call_id + "-ok", "ok")
            host.ended(call_id + "-ok")
            took[call_id] = (time.perf_counter() - cancelled) * 1000
    host.close()
    return took


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=12, help="calls of each spinning tool per run")
    parser.add_argument("--runs", type=int, default=5, help="host runs per binary")
    parser.add_argument("binaries", nargs="+", metavar="LABEL=BINARY")
    args = parser.parse_args()
    binaries = [(label, os.path.abspath(path)) for label, path in (b.split("=", 1) for b in args.binaries)]
    with tempfile.TemporaryDirectory(prefix="late-cancel-") as project:
        os.makedirs(os.path.join(project, ".omp", "tools"))
        with open(os.path.join(project, ".omp", "tools", "spin.ts"), "w") as f:
            f.write(TOOLS)
        results = {label: [] for label, _ in binaries}
        for _ in range(args.runs):
            for label, binary in binaries:
                results[label].append(one_run(binary, project, args.rounds))
    print(f"Cancels of spinning calls, {args.runs} runs x {args.rounds} rounds x 2 tools per binary "
          f"(ms from the cancel until the call sent with it is answered)\n")
    print("| binary | cancels | p50 | p90 | max | over 100 ms | where (tool#call: ms) |")
    print("|---|---|---|---|---|---|---|")
    for label, runs in results.items():
        all_ms = sorted(ms for run in runs for ms in run.values())
        late = [f"{call}: {ms:.0f}" for run in runs for call, ms in run.items() if ms > LATE_MS]
        p90 = all_ms[int(len(all_ms) * 0.9)]
        print(f"| {label} | {len(all_ms)} | {statistics.median(all_ms):.1f} | {p90:.1f} | {all_ms[-1]:.1f} | "
              f"{len(late)} | {', '.join(late) or '-'} |")


if __name__ == "__main__":
    main()
