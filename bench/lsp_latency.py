"""Latency of a report in the editor: from the server's spawn to its first diagnostics, and from a
`didChange` to the `publishDiagnostics` for it.

    python bench/lsp_latency.py [--edits 30] [--shape trainer_class] [--checkout PATH]

Starts `zerograd-lint server` (this checkout's code, or PATH's) as an editor
does, sends `initialize` and opens a generated training script with its bug
(bench/generate_training_tree.py) at once, and times the spawn to the
`initialize` answer and to the script's first diagnostics (with the CPU
seconds the server had spent by then, read from /proc where there is one).
Then it makes the edits one after another, each a full-text change (a
comment line added at the end, as typing would), and times each from the
change sent to the diagnostics of that version received; the figure includes
the server's pause for typing. For scale on a loaded machine it also times
the floor of any pygls server: a Python that only imports pygls's server.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "bench")]

from generate_training_tree import training_script  # noqa: E402

from zerograd_lint.doors.lsp.server import DEBOUNCE_SECONDS  # noqa: E402


class Server:
    """`zerograd-lint server` over pipes, with Content-Length framing; a thread reads what it sends."""

    def __init__(self, cwd: Path, checkout: Path = REPO) -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(checkout), os.environ.get("PYTHONPATH")]))}
        self.spawned = time.perf_counter()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "zerograd_lint", "server"], cwd=cwd, env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        )
        self.received: queue.Queue[tuple[float, dict[str, Any]]] = queue.Queue()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self) -> None:
        assert self.process.stdout is not None
        while True:
            headers = {}
            while (line := self.process.stdout.readline().strip()) != b"":
                name, _, value = line.decode("ascii").partition(":")
                headers[name.lower()] = value.strip()
            if not headers:  # end of stream
                return
            body = self.process.stdout.read(int(headers["content-length"]))
            self.received.put((time.perf_counter(), json.loads(body)))

    def send(self, method: str, params: Any = None, id: int | None = None) -> float:
        message = {"jsonrpc": "2.0", "method": method, **({"params": params} if params is not None else {}),
                   **({"id": id} if id is not None else {})}
        body = json.dumps(message).encode()
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        self.process.stdin.flush()
        return time.perf_counter()

    def wait(self, wanted) -> tuple[float, dict[str, Any]]:
        while True:
            arrived, message = self.received.get(timeout=120)
            if wanted(message):
                return arrived, message

    def published(self, uri: str, version: int) -> tuple[float, list[dict[str, Any]]]:
        arrived, message = self.wait(
            lambda m: m.get("method") == "textDocument/publishDiagnostics"
            and m["params"]["uri"] == uri and m["params"].get("version") == version
        )
        return arrived, message["params"]["diagnostics"]

    def cpu_seconds(self) -> float | None:
        """The CPU time (user and system) the server has spent so far; None without /proc."""
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rpartition(")")[2].split()
        except OSError:
            return None
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime

    def close(self) -> None:
        self.send("shutdown", id=0)
        self.wait(lambda m: m.get("id") == 0)
        self.send("exit")
        self.process.wait(timeout=60)


def floor() -> tuple[float, float]:
    """Milliseconds (wall, CPU) of a Python that imports pygls's server and ends: what no pygls server starts faster than."""
    before, started = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    subprocess.run([sys.executable, "-c", "import pygls.lsp.server"], check=True)
    wall, after = time.perf_counter() - started, resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall * 1000, (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) * 1000


def measure(edits: int = 30, shape: str = "trainer_class", checkout: Path = REPO) -> dict[str, Any]:
    """Milliseconds from the spawn to the first reports, and from each change to its reports, over `edits`
    changes of one training script."""
    script = training_script(shape, True, random.Random(0), f"Latency benchmark ({shape})")
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder), checkout)
        try:
            server.send("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}}, id=1)
            answered, _ = server.wait(lambda m: m.get("id") == 1)
            server.send("initialized", {})
            uri = (Path(folder) / "train.py").as_uri()
            server.send("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": script}})
            first, reports = server.published(uri, 1)
            first_cpu = server.cpu_seconds()
            floor_ms, floor_cpu_ms = floor()
            latencies = []
            for version in range(2, edits + 2):
                text = script + f"# edit {version}\n"
                sent = server.send("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]})
                arrived, after = server.published(uri, version)
                assert [d["code"] for d in after] == [d["code"] for d in reports], "an edit of a comment changed the reports"
                latencies.append((arrived - sent) * 1000)
        finally:
            server.close()
    return {
        "initialize_ms": (answered - server.spawned) * 1000,
        "first_ms": (first - server.spawned) * 1000,
        "first_cpu_ms": None if first_cpu is None else first_cpu * 1000,
        "floor_ms": floor_ms,
        "floor_cpu_ms": floor_cpu_ms,
        "median_ms": statistics.median(latencies),
        "min_ms": min(latencies),
        "max_ms": max(latencies),
        "debounce_ms": DEBOUNCE_SECONDS * 1000,  # this checkout's longest pause; PATH's may differ
        "edits": edits,
        "lines": script.count("\n"),
        "reports": [d["code"] for d in reports],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=30)
    parser.add_argument("--shape", default="trainer_class", help="a loop shape of bench/generate_training_tree.py")
    parser.add_argument("--checkout", type=Path, default=REPO, help="the checkout whose server is measured")
    args = parser.parse_args()
    result = measure(args.edits, args.shape, args.checkout.resolve())
    cpu = "" if result["first_cpu_ms"] is None else f", {result['first_cpu_ms']:.0f} ms of CPU"
    print(f"spawn -> initialize answered: {result['initialize_ms']:.0f} ms; -> first diagnostics: {result['first_ms']:.0f} ms{cpu}")
    print(f"floor (python -c 'import pygls.lsp.server'): {result['floor_ms']:.0f} ms, {result['floor_cpu_ms']:.0f} ms of CPU")
    print(
        f"didChange -> publishDiagnostics: median {result['median_ms']:.0f} ms "
        f"(min {result['min_ms']:.0f}, max {result['max_ms']:.0f}; {result['edits']} edits of a {result['lines']}-line "
        f"training script reporting {', '.join(result['reports']) or 'nothing'}; "
        f"the server waits at most {result['debounce_ms']:.0f} ms for typing to pause)"
    )


if __name__ == "__main__":
    main()
