"""Issue 15's "done when": a client that is not part of this project, speaking raw JSON-RPC over stdio.

No pygls on this side: Content-Length framing written here, the least an
editor may send (no initializationOptions, no workspace folders, a null
rootUri, no client capabilities, so UTF-16 positions), full-text changes.
"""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any, Callable

import pytest

from tests.conftest import cli_env
from tests.lsp_editing import FIXED, SCRIPT, STEP_LINE, apply_edits, step_start

STEP_START = step_start("utf-16")
WAIT_SECONDS = 120  # a hung server fails the test instead of hanging it


class RawClient:
    """Writes framed JSON-RPC to the server's stdin; a thread reads its stdout into a queue."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        self.process = process
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self.read, daemon=True).start()

    def read(self) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        while True:
            headers = {}
            while (line := stdout.readline().decode("ascii").strip()) != "":
                name, _, value = line.partition(":")
                headers[name.strip().lower()] = value.strip()
            if not headers:  # end of stream
                return
            self.messages.put(json.loads(stdout.read(int(headers["content-length"])).decode("utf-8")))

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        self.process.stdin.flush()

    def notify(self, method: str, params: dict[str, Any] | None = None) -> None:
        self.send({"method": method} if params is None else {"method": method, "params": params})

    def request(self, method: str, params: dict[str, Any] | None = None) -> Any:
        self.next_id += 1
        self.send({"id": self.next_id, "method": method} if params is None else {"id": self.next_id, "method": method, "params": params})
        response = self.wait(lambda message: message.get("id") == self.next_id and "method" not in message)
        assert "error" not in response, response
        return response["result"]

    def wait(self, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The next message that is `wanted` (the others are dropped)."""
        while True:
            message = self.messages.get(timeout=WAIT_SECONDS)
            if wanted(message):
                return message

    def diagnostics(self, uri: str, version: int) -> list[dict[str, Any]]:
        published = self.wait(
            lambda m: m.get("method") == "textDocument/publishDiagnostics"
            and m["params"]["uri"] == uri
            and m["params"].get("version") == version
        )
        return published["params"]["diagnostics"]


def test_a_raw_client_sees_zg101_fixes_it_and_shuts_the_server_down(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "zerograd_lint", "server"],
        cwd=tmp_path,
        env=cli_env(),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        client = RawClient(process)
        initialized = client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        assert initialized["capabilities"]["positionEncoding"] == "utf-16"
        assert initialized["capabilities"]["textDocumentSync"]["change"] == 1  # full text
        client.notify("initialized", {})

        uri = (tmp_path / "train.py").as_uri()
        client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": SCRIPT}})
        [report] = client.diagnostics(uri, 1)
        assert report["code"] == "ZG101" and report["source"] == "zerograd-lint" and report["severity"] == 1
        assert report["range"] == {"start": {"line": STEP_LINE, "character": STEP_START}, "end": {"line": STEP_LINE, "character": STEP_START + 16}}
        assert "codeDescription" not in report  # no site to link to: the hover shows the rule's page

        actions = client.request(
            "textDocument/codeAction",
            {"textDocument": {"uri": uri}, "range": report["range"], "context": {"diagnostics": [report]}},
        )
        [quick_fix] = [action for action in actions if action["kind"] == "quickfix"]
        assert quick_fix["diagnostics"] == [report] and "zero_grad" in quick_fix["title"]
        edits = [
            (e["range"]["start"]["line"], e["range"]["start"]["character"], e["range"]["end"]["line"], e["range"]["end"]["character"], e["newText"])
            for e in quick_fix["edit"]["changes"][uri]
        ]
        fixed = apply_edits(SCRIPT, edits)
        assert fixed == FIXED

        client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": fixed}]})
        assert client.diagnostics(uri, 2) == []

        assert client.request("shutdown") is None
        client.notify("exit")
        assert process.wait(timeout=WAIT_SECONDS) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.stderr is not None
    assert b"Traceback" not in process.stderr.read()


@pytest.mark.parametrize("door", ["from zerograd_lint.doors.launch import program as door", "from zerograd_lint.doors.cli import main as door"])
def test_without_pygls_the_server_command_says_what_to_install(tmp_path: Path, door: str) -> None:
    """Started as the program (`zerograd-lint server`, straight to the server) or through the command line."""
    hide_pygls = f"import sys; sys.modules['pygls'] = None; {door}; sys.argv[1:] = ['server']; door()"
    run = subprocess.run([sys.executable, "-c", hide_pygls], cwd=tmp_path, env=cli_env(), capture_output=True, text=True, timeout=WAIT_SECONDS)
    assert run.returncode == 2 and "pip install 'zerograd-lint[lsp]'" in run.stderr, run.stderr
