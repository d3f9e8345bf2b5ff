#!/usr/bin/env python3
"""How long a cancel takes to stop a loop whose body is one long builtin call, beside a plain
spinning loop. `omp-host run` serves the tools: `native_loop` runs
`for (;;) JSON.stringify(big)` (20,000 small objects), `join_loop` runs
`for (;;) Array.prototype.join.call({ length: 2 ** 40 }, "")` (one builtin call that runs for
hours, where QuickJS-ng does not look for interrupts), `js_loop` runs `for (;;) {}`, and
`stringify_ms` says how long one `JSON.stringify(big)` takes (the mean of 200). Each named
loop is called, cancelled 0.3 s after it starts, and the time until the next call starts
running is printed (the engine is free again only once the cancelled script has stopped). A
TOOL named `NAME+waiting` is called while a call of `waiting` (a promise that never settles)
runs beside it, so the host has another call's work to lose when it replaces the engine (that
call is left running, or lost with the engine).

    bench/native_loop_cancel.py target/release/omp-host [TOOL ...]
        (default: js_loop native_loop native_loop+waiting)

With REPLACE_WEDGED_ENGINE_MS set, the host gets that `replaceWedgedEngineMs` in its config.
"""
import os
import sys
import tempfile
import time

from run_client import RunHost

TOOLS = """const big = Array.from({ length: 20000 }, (_, i) => ({ i, name: "item " + i, tags: ["a", "b", "c"] }));
const tool = (name, execute) => ({ name, label: name, description: name, parameters: { type: "object", properties: {} }, execute });
export default () => [
  tool("native_loop", async (id, params, onUpdate) => { onUpdate({ content: [] }); for (;;) JSON.stringify(big); }),
  tool("join_loop", async (id, params, onUpdate) => { onUpdate({ content: [] }); for (;;) Array.prototype.join.call({ length: 2 ** 40 }, ""); }),
  tool("js_loop", async (id, params, onUpdate) => { onUpdate({ content: [] }); for (;;) {} }),
  tool("waiting", async (id, params, onUpdate) => { onUpdate({ content: [] }); await new Promise(() => {}); }),
  tool("stringify_ms", async () => {
    const started = performance.now();
    for (let n = 0; n < 200; n++) JSON.stringify(big);
    return { content: [{ type: "text", text: ((performance.now() - started) / 200).toFixed(2) }] };
  }),
];
"""


def main():
    binary = os.path.abspath(sys.argv[1])
    loops = sys.argv[2:] or ["js_loop", "native_loop", "native_loop+waiting"]
    work = tempfile.mkdtemp(prefix="omp-host-native-loop-")
    tools = os.path.join(work, "tools")
    os.makedirs(tools)
    with open(os.path.join(tools, "busy.js"), "w") as out:
        out.write(TOOLS)
    if os.environ.get("REPLACE_WEDGED_ENGINE_MS"):
        os.makedirs(os.path.join(work, ".omp"))
        with open(os.path.join(work, ".omp", "omp-host.json"), "w") as out:
            out.write('{"replaceWedgedEngineMs": %d}' % int(os.environ["REPLACE_WEDGED_ENGINE_MS"]))
    env = {**os.environ, "OMP_HOST_DATA_DIR": os.path.join(work, "data")}
    host = RunHost([binary, "run", "--only", "--tool", tools, "--no-cache"], cwd=work, env=env)
    host.until(lambda e: e["type"] == "ready")
    host.call("timing", "stringify_ms")
    print(f"one JSON.stringify(big): {host.ended('timing')['result']['content'][0]['text']} ms", flush=True)
    for n, loop in enumerate(loops):
        call, probe, beside = f"c{n}", f"p{n}", f"w{n}"
        tool, _, waiting = loop.partition("+")
        if waiting:
            host.call(beside, waiting)
            host.started(beside)
        host.call(call, tool)
        host.started(call)
        time.sleep(0.3)
        cancelled = time.time()
        host.send({"type": "cancel", "id": call})
        host.ended(call)
        answered = time.time()
        host.call(probe, "js_loop")
        host.started(probe)
        print(f"{loop}: cancel answered after {(answered - cancelled) * 1000:.0f} ms; the next call ran after {(time.time() - cancelled) * 1000:.0f} ms", flush=True)
        host.send({"type": "cancel", "id": probe})
        host.ended(probe)
    host.close()


if __name__ == "__main__":
    main()
