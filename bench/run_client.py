"""Drives `omp-host run` for the benchmark scripts beside this file: starts the host, sends
requests as JSON lines and waits for the events it prints (docs/protocol.md)."""
import json
import subprocess


class RunHost:
    """One `omp-host run` process. `command` is the binary and its arguments; the host's stderr
    is dropped when `quiet`."""

    def __init__(self, command, cwd, env, quiet=False):
        self.name = command[0]
        self.process = subprocess.Popen(
            command, cwd=cwd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL if quiet else None, text=True, bufsize=1,
        )
        self.pid = self.process.pid

    def send(self, request):
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()

    def until(self, matches):
        """The next event `matches` accepts (the ones before it are skipped)."""
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit(f"{self.name} ended early")
            event = json.loads(line)
            if matches(event):
                return event

    def call(self, call_id, tool, params=None):
        self.send({"type": "call", "id": call_id, "tool": tool, "params": params or {}})

    def started(self, call_id):
        """Waits for call `call_id`'s first update."""
        return self.until(lambda e: e.get("type") == "tool_execution_update" and e.get("toolCallId") == call_id)

    def ended(self, call_id):
        """Waits for call `call_id`'s end event."""
        return self.until(lambda e: e.get("type") == "tool_execution_end" and e.get("toolCallId") == call_id)

    def resident_mb(self):
        """The host's resident memory now, in MiB (0 once it is gone)."""
        try:
            with open(f"/proc/{self.pid}/status") as status:
                for line in status:
                    if line.startswith("VmRSS"):
                        return int(line.split()[1]) / 1024
        except OSError:
            pass
        return 0.0

    def close(self, timeout=30):
        self.process.stdin.close()
        self.process.wait(timeout=timeout)
