"""Latency of a report in the editor: from the server's spawn to its first diagnostics, and from a
`didChange` to the `publishDiagnostics` for it.

    python bench/lsp_latency.py [--runs 5] [--edits 10] [--shape trainer_class] [--checkout PATH ...]

Starts `zerograd-lint server` (this checkout's code, or each PATH's) as an
editor does, sends `initialize`, then `initialized` and opens a generated
training script with its bug (bench/generate_training_tree.py) as soon as the
answer comes, and times the spawn to the `initialize` answer and to the
script's first diagnostics, with the CPU seconds the server had spent by
then (read from /proc as each message arrives: an upper bound, the server
goes on meanwhile). Then it makes the edits one after another, each a
full-text change (a comment line added at the end, as typing would), and
times each from the change sent to the diagnostics of that version
received; the figure includes any pause the server makes for typing. Then it
asks for a hover (a request: the server answers it with pygls, imported then
if it was not) and makes as many edits at once, timing the hover's answer
from the request, then as many edits again. Each checkout's
modules are compiled first, as `pip install` compiles them. The checkouts
run in turn, round after round, with three yardsticks: `python -c pass` (the
interpreter's start), a Python that only imports pygls's server (what any
pygls server spends before its first answer), and `check` of the same script
(what the first diagnostics cannot cost less than); the table gives the medians.
Each checkout's server is started once before the rounds, untimed: a server
keeps the code of the methods `dataclasses` writes in the user's cache folder
(`files/dataclass_methods.py`), so the rounds measure every start after an
install's first.
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



class Server:
    """`zerograd-lint server` over pipes, with Content-Length framing; a thread reads what it sends."""

    def __init__(self, cwd: Path, checkout: Path = REPO) -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(checkout), os.environ.get("PYTHONPATH")]))}
        self.spawned = time.perf_counter()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "zerograd_lint", "server"], cwd=cwd, env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        )
        self.received: queue.Queue[tuple[float, float | None, dict[str, Any]]] = queue.Queue()
        self.answered: dict[Any, float] = {}  # by request id: when its answer arrived
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
            message = json.loads(body)
            if "id" in message and "method" not in message:
                self.answered[message["id"]] = time.perf_counter()
            self.received.put((time.perf_counter(), self.cpu_seconds(), message))

    def send(self, method: str, params: Any = None, id: int | None = None) -> float:
        message = {"jsonrpc": "2.0", "method": method, **({"params": params} if params is not None else {}),
                   **({"id": id} if id is not None else {})}
        body = json.dumps(message).encode()
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        self.process.stdin.flush()
        return time.perf_counter()

    def wait(self, wanted) -> tuple[float, float | None, dict[str, Any]]:
        """The next message that is `wanted`: when it arrived, the server's CPU seconds then, the message."""
        while True:
            arrived, cpu, message = self.received.get(timeout=120)
            if wanted(message):
                return arrived, cpu, message

    def published(self, uri: str, version: int) -> tuple[float, float | None, list[dict[str, Any]]]:
        arrived, cpu, message = self.wait(
            lambda m: m.get("method") == "textDocument/publishDiagnostics"
            and m["params"]["uri"] == uri and m["params"].get("version") == version
        )
        return arrived, cpu, message["params"]["diagnostics"]

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



def script_of(shape: str) -> str:
    """The training script the editor opens: generated, with its bug."""
    return training_script(shape, True, random.Random(0), f"Latency benchmark ({shape})")


def yardstick(*arguments: str) -> tuple[float, float]:
    """Milliseconds (wall, CPU) of `python ARGUMENTS`, this checkout first on the path."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    before, started = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    subprocess.run([sys.executable, *arguments], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall, after = time.perf_counter() - started, resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall * 1000, (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) * 1000


def measure(edits: int, shape: str, checkout: Path) -> dict[str, Any]:
    """Milliseconds from the spawn to the `initialize` answer and to the first reports (wall, and the server's
    CPU), and from each of `edits` changes of one training script to its reports."""
    script = script_of(shape)
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder), checkout)
        try:
            server.send("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}}, id=1)
            answered, _, _ = server.wait(lambda m: m.get("id") == 1)
            server.send("initialized", {})
            uri = (Path(folder) / "train.py").as_uri()
            server.send("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": script}})
            first, first_cpu, reports = server.published(uri, 1)

            def edited(versions: range) -> list[float]:
                latencies = []
                for version in versions:
                    text = script + f"# edit {version}\n"
                    sent = server.send("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]})
                    arrived, _, after = server.published(uri, version)
                    assert [d["code"] for d in after] == [d["code"] for d in reports], "an edit of a comment changed the reports"
                    latencies.append((arrived - sent) * 1000)
                return latencies

            latencies = edited(range(2, edits + 2))
            asked = server.send("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}, id=2)
            after_request = edited(range(edits + 2, 2 * edits + 2))
            if 2 not in server.answered:  # else read meanwhile
                server.wait(lambda m: m.get("id") == 2)
            served = edited(range(2 * edits + 2, 3 * edits + 2))
        finally:
            server.close()
    return {
        "initialize": (answered - server.spawned) * 1000,
        "first": (first - server.spawned) * 1000,
        "first_cpu": None if first_cpu is None else first_cpu * 1000,
        "first_edit": latencies[0],
        "edit": statistics.median(latencies),
        "hover": (server.answered[2] - asked) * 1000,
        "after_request_edit": statistics.median(after_request),
        "served_edit": statistics.median(served),
        "reports": [d["code"] for d in reports],
        "lines": script.count("\n"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="rounds: each checkout once, then the yardsticks")
    parser.add_argument("--edits", type=int, default=10)
    parser.add_argument("--shape", default="trainer_class", help="a loop shape of bench/generate_training_tree.py")
    parser.add_argument("--checkout", type=Path, action="append", help="a checkout whose server is measured (default: this one)")
    args = parser.parse_args()
    checkouts = [path.resolve() for path in args.checkout or [REPO]]
    for path in checkouts:  # as `pip install` compiles an installed package's modules
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(path / "zerograd_lint")], check=True)
    for path in checkouts:  # the first start after an install, which keeps what later starts read
        measure(1, args.shape, path)
    runs: dict[str, list[dict[str, Any]]] = {str(path): [] for path in checkouts}
    python, pygls, check = [], [], []
    for _ in range(args.runs):
        for path in checkouts:
            runs[str(path)].append(measure(args.edits, args.shape, path))
        python.append(yardstick("-c", "pass"))
        pygls.append(yardstick("-c", "import pygls.lsp.server"))
        with tempfile.TemporaryDirectory() as folder:
            (Path(folder) / "train.py").write_text(script_of(args.shape))
            check.append(yardstick("-m", "zerograd_lint", "check", "--no-cache", str(Path(folder) / "train.py")))

    def median(values: list[float | None]) -> str:
        known = [v for v in values if v is not None]
        return f"{statistics.median(known):,.0f}" if known else "?"

    print(f"Medians of {args.runs} interleaved runs, ms; a {runs[str(checkouts[0])][0]['lines']}-line training script reporting "
          f"{', '.join(runs[str(checkouts[0])][0]['reports']) or 'nothing'}; {args.edits} edits a run.\n")
    print("| | " + " | ".join(str(path) for path in checkouts) + " |")
    print("|---|" + "---:|" * len(checkouts))
    rows = [
        ("spawn -> `initialize` answered", "initialize"),
        ("spawn -> first diagnostics", "first"),
        ("CPU spent by the server to its first diagnostics", "first_cpu"),
        ("the first `didChange` -> its diagnostics", "first_edit"),
        ("`didChange` -> its diagnostics (median of a run's edits)", "edit"),
        ("then a hover (the first request) -> its answer", "hover"),
        ("`didChange` sent right after that request -> its diagnostics (median of a run's edits)", "after_request_edit"),
        ("`didChange` once the hover is answered -> its diagnostics (median of a run's edits)", "served_edit"),
    ]
    for what, key in rows:
        print(f"| {what} | " + " | ".join(median([run[key] for run in runs[str(path)]]) for path in checkouts) + " |")
    print("\nYardsticks, wall / CPU:")
    for what, runs_of in (("`python -c pass`", python), ("`python -c 'import pygls.lsp.server'`", pygls), ("`check --no-cache` of the script", check)):
        print(f"- {what}: {median([w for w, _ in runs_of])} / {median([c for _, c in runs_of])}")


if __name__ == "__main__":
    main()
