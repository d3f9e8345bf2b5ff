#!/usr/bin/env python3
"""What hot reload costs in memory: `omp-host run` serves one tool module, the script rewrites
it RELOADS times (waiting for each `tools` event that shows the new version) and prints the
host's resident memory along the way. The module keeps SIZE strings at its top level, so the
figures show both what each kept version costs by itself (SIZE 10) and what a module's own
top-level data adds (SIZE 100000, about 4 MB of strings), and where reloading stops (a load
that fails is reported and ends the run).

    bench/reload_memory.py target/release/omp-host [--reloads 200] [--size 10]
"""
import argparse
import os
import tempfile

from run_client import RunHost


def module_source(version, size):
    return (
        f'const cache = new Array({size}).fill(0).map((_, i) => "v{version}-" + i);\n'
        "export default () => ({ name: \"t\", label: \"t\", "
        f'description: "v{version} " + cache.length, parameters: {{ type: "object", properties: {{}} }}, '
        f'async execute() {{ return {{ content: [{{ type: "text", text: "v{version}" }}] }}; }} }});\n'
    )


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--reloads", type=int, default=200)
    parser.add_argument("--size", type=int, default=10)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="omp-host-reload-")
    tools = os.path.join(work, "tools")
    os.mkdir(tools)
    tool = os.path.join(tools, "t.js")

    def write(version):
        with open(tool + ".tmp", "w") as out:
            out.write(module_source(version, args.size))
        os.rename(tool + ".tmp", tool)

    write(0)
    env = {**os.environ, "OMP_HOST_DATA_DIR": os.path.join(work, "data")}
    host = RunHost([os.path.abspath(args.binary), "run", "--only", "--tool", tools, "--no-cache"], cwd=work, env=env)
    host.until(lambda e: e["type"] == "ready")
    print(f"size {args.size}: ready, RSS {host.resident_mb():.1f} MB")
    step = max(1, args.reloads // 5)
    for version in range(1, args.reloads + 1):
        write(version)
        event = host.until(lambda e: e["type"] == "tools" and (e["errors"] or any(t.get("description", "").startswith(f"v{version} ") for t in e["tools"])))
        if event["errors"]:
            print(f"size {args.size}: reload {version} failed, RSS {host.resident_mb():.1f} MB: {event['errors'][0]['error']}")
            break
        if version % step == 0:
            print(f"size {args.size}: {version} reloads, RSS {host.resident_mb():.1f} MB")
    host.close()


if __name__ == "__main__":
    main()
