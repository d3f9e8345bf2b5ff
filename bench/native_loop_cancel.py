#!/usr/bin/env python3
"""How long a cancel takes to stop a loop whose body is one long builtin call, beside a plain
spinning loop. `omp-host run` serves two tools: `native_loop` runs
`for (;;) JSON.stringify(big)` (20,000 small objects, some milliseconds per call), `js_loop`
runs `for (;;) {}`. Each named tool is called, cancelled 0.3 s after it starts, and the time
until the next call starts running is printed (the engine is free again only once the
cancelled script has stopped).

    bench/native_loop_cancel.py target/release/omp-host [TOOL ...]   (default: js_loop native_loop)
"""
import json
import os
import subprocess
import sys
import tempfile
import time

TOOLS = """const big = Array.from({ length: 20000 }, (_, i) => ({ i, name: "item " + i, tags: ["a", "b", "c"] }));
export default () => [
  { name: "native_loop", label: "native_loop", description: "JSON.stringify forever", parameters: { type: "object", properties: {} },
    async execute(id, params, onUpdate) { onUpdate({ content: [] }); for (;;) JSON.stringify(big); } },
  { name: "js_loop", label: "js_loop", description: "an empty loop forever", parameters: { type: "object", properties: {} },
    async execute(id, params, onUpdate) { onUpdate({ content: [] }); for (;;) {} } },
];
"""


def main():
    binary = os.path.abspath(sys.argv[1])
    tools = sys.argv[2:] or ["js_loop", "native_loop"]
    work = tempfile.mkdtemp(prefix="omp-host-native-loop-")
    os.makedirs(os.path.join(work, "tools"))
    with open(os.path.join(work, "tools", "busy.js"), "w") as out:
        out.write(TOOLS)
    host = subprocess.Popen(
        [binary, "run", "--only", "--tool", os.path.join(work, "tools"), "--no-cache"],
        cwd=work, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        env={**os.environ, "OMP_HOST_DATA_DIR": os.path.join(work, "data")},
    )

    def send(request):
        host.stdin.write(json.dumps(request) + "\n")
        host.stdin.flush()

    def until(matches):
        for line in host.stdout:
            event = json.loads(line)
            if matches(event):
                return event
        raise SystemExit("the host ended")

    until(lambda e: e["type"] == "ready")
    for n, tool in enumerate(tools):
        call, probe = f"c{n}", f"p{n}"
        send({"type": "call", "id": call, "tool": tool, "params": {}})
        until(lambda e: e["type"] == "tool_execution_update" and e["toolCallId"] == call)
        time.sleep(0.3)
        started = time.time()
        send({"type": "cancel", "id": call})
        until(lambda e: e["type"] == "tool_execution_end" and e["toolCallId"] == call)
        answered = time.time()
        send({"type": "call", "id": probe, "tool": "js_loop", "params": {}})
        until(lambda e: e["type"] == "tool_execution_update" and e["toolCallId"] == probe)
        print(f"{tool}: cancel answered after {(answered - started) * 1000:.0f} ms; the next call ran after {(time.time() - started) * 1000:.0f} ms", flush=True)
        send({"type": "cancel", "id": probe})
        until(lambda e: e["type"] == "tool_execution_end" and e["toolCallId"] == probe)
    host.stdin.close()
    host.wait()


if __name__ == "__main__":
    main()
