"""Issue 28's editor rows: the server's opening publishes the first diagnostics, and those of the edits that
follow, before pygls is imported.

The server runs as `zerograd-lint server` does, its stdout recording, for
each message written, the modules then in sys.modules and the checks made so
far: what the answers needed is counted, not timed.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

import pytest

from tests.conftest import cli_env
from tests.lsp_editing import FIXED, SCRIPT
from tests.test_lsp_raw_client import WAIT_SECONDS, RawClient
from zerograd_lint.doors.lsp.messages import initialize_result
from zerograd_lint.doors.lsp.opening import framed

RECORDING_SERVER = """
import json, sys, threading
from zerograd_lint.files import dataclass_methods

dataclass_methods.install()  # as `zerograd-lint server` starts
from zerograd_lint.doors.lsp import programs

record = {"checks": 0, "written": []}
check_program = programs.check_program

def counted(*args):
    record["checks"] += 1
    return check_program(*args)

programs.check_program = counted  # before the opening and the server import it
from zerograd_lint.doors.lsp import opening

opening.QUIET_SECONDS = 3600  # pygls imported when a message needs it, however slowly the test's client talks
held_until = int(sys.argv[2]) if len(sys.argv) > 2 else None  # pygls's import waits for this version's diagnostics
published = threading.Event()
importing_server = opening.importing_server

def importing_when_published(messages):
    thread = threading.Thread(target=lambda: (published.wait(), importing_server(messages).join()), daemon=True)
    thread.start()
    return thread

if held_until is not None:
    opening.importing_server = importing_when_published

class Recording:
    def __init__(self, stdout):
        self.stdout = stdout

    def write(self, data):
        message = json.loads(data.partition(b"\\r\\n\\r\\n")[2])
        version = (message.get("params") or {}).get("version")
        record["written"].append({
            "method": message.get("method"), "id": message.get("id"), "version": version, "modules": sorted(sys.modules),
            "compiled": len(dataclass_methods.installed.compiled),  # the dataclasses' methods compiled, not kept yet
        })
        self.stdout.write(data)
        if version == held_until:
            published.set()

    def flush(self):
        self.stdout.flush()

    def close(self):  # pygls's `exit`
        self.stdout.close()

try:
    opening.serve(sys.stdin.buffer, Recording(sys.stdout.buffer))
finally:
    with open(sys.argv[1], "w") as record_file:
        json.dump(record, record_file)
"""
ANALYSIS = ("libcst", "zerograd_lint.core.engine", "zerograd_lint.analysis", "zerograd_lint.fixes", "torch")
PYGLS = ("lsprotocol", "lsprotocol.types", "pygls.lsp", "pygls.protocol", "cattrs", "attrs")
# What the first diagnostics never need: the link to a rule's page is read from the install's METADATA without
# importlib.metadata (email, zipfile, csv: ~15-20 ms of CPU), no writer of `check`'s formats, nor --fix's driver, nor
# what writes a file (tempfile, with random and shutil: ~3 ms).
NOT_FOR_THE_FIRST_DIAGNOSTICS = (
    "importlib.metadata", "email", "csv", "click", "zerograd_lint.doors.cli", "zerograd_lint.formats", "zerograd_lint.core.fixing",
    "tempfile",
)


def spawn(tmp_path: Path, *command: str, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    return subprocess.Popen(command, cwd=tmp_path, env=env or cli_env(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def ended(process: subprocess.Popen[bytes]) -> int:
    """The server's exit status, once it has ended without a traceback."""
    try:
        status = process.wait(timeout=WAIT_SECONDS)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.stderr is not None
    assert b"Traceback" not in process.stderr.read()
    return status


def recorded(tmp_path: Path, talk: Callable[[RawClient, str], None], *held_until: str, env: dict[str, str] | None = None) -> dict[str, Any]:
    """What the recording server wrote, and the checks it made, while `talk` spoke to it about train.py (its URI)
    and then shut it down; `held_until` a version: pygls's import waits until that version's diagnostics are out."""
    record_file = tmp_path / "record.json"
    process = spawn(tmp_path, sys.executable, "-c", RECORDING_SERVER, str(record_file), *held_until, env=env)
    try:
        client = RawClient(process)
        talk(client, (tmp_path / "train.py").as_uri())
        assert client.request("shutdown") is None
        client.notify("exit")
    finally:
        assert ended(process) == 0
    return json.loads(record_file.read_text())


def opened(uri: str, text: str) -> dict[str, Any]:
    return {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": text}}


def changed(uri: str, version: int, text: str) -> dict[str, Any]:
    return {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}


def test_the_first_diagnostics_and_the_edits_are_published_before_pygls_is_imported(tmp_path: Path) -> None:
    def talk(client: RawClient, uri: str) -> None:
        client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        client.notify("initialized", {})
        client.notify("textDocument/didOpen", opened(uri, SCRIPT))
        assert [report["code"] for report in client.diagnostics(uri, 1)] == ["ZG101"]
        client.notify("textDocument/didChange", changed(uri, 2, FIXED))
        assert client.diagnostics(uri, 2) == []
        client.notify("textDocument/didChange", changed(uri, 3, SCRIPT))
        assert [report["code"] for report in client.diagnostics(uri, 3)] == ["ZG101"]
        client.notify("textDocument/didChange", changed(uri, 4, SCRIPT + "def half_typed(:\n"))
        assert [report["code"] for report in client.diagnostics(uri, 4)] == ["ZG101", "ZG000"]  # ZG101 kept from version 3

    record = recorded(tmp_path, talk)
    written = record["written"]
    [answer] = [w for w in written if w["id"] == 1]  # initialize answered once, though pygls read it too
    assert written[0] == answer
    assert [name for name in ANALYSIS + PYGLS if name in answer["modules"]] == []

    published = [w for w in written if w["method"] == "textDocument/publishDiagnostics"]
    assert [w["version"] for w in published] == [1, 2, 3, 4]
    assert [[name for name in PYGLS if name in w["modules"]] for w in published] == [[], [], [], []]
    assert {"libcst", "zerograd_lint.core.engine", "zerograd_lint.rules.pages"} <= set(published[0]["modules"])
    assert [name for name in NOT_FOR_THE_FIRST_DIAGNOSTICS if name in published[0]["modules"]] == []
    assert record["checks"] == 4  # each text once, by the opening: pygls's server, reading them again, checks none


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="XDG_CACHE_HOME names the user's cache folder on Linux")
def test_a_later_server_compiles_none_of_the_dataclasses_methods(tmp_path: Path) -> None:
    """The dataclasses' methods a server compiled (LibCST's node classes, the analysis's) are kept once its imports
    are done, and the next server, on its way to the first diagnostics, execs their code: it compiles none."""

    def talk(client: RawClient, uri: str) -> None:
        client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        client.notify("initialized", {})
        client.notify("textDocument/didOpen", opened(uri, SCRIPT))
        assert [report["code"] for report in client.diagnostics(uri, 1)] == ["ZG101"]

    env = {**cli_env(), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    compiled = []
    for _ in range(2):
        [first] = [w for w in recorded(tmp_path, talk, env=env)["written"] if w["method"] == "textDocument/publishDiagnostics"]
        compiled.append(first["compiled"])
    assert compiled[0] > 500 and compiled[1] == 0, compiled
    assert [path.name for path in (tmp_path / "cache" / "zerograd-lint").glob("*/*")] == [f"dataclass-methods.{sys.implementation.cache_tag}.marshal"]


def test_the_server_starts_without_the_command_line(tmp_path: Path) -> None:
    """`zerograd-lint server` goes straight to the server: click and the modules behind `check`'s options are not
    on the way to the first diagnostics (the modules imported when the server would start are counted)."""
    program = (
        "import json, sys\nfrom zerograd_lint.doors import launch, lsp\n"
        "lsp.start = lambda: sys.exit(print(json.dumps(sorted(sys.modules))))\n"
        "sys.argv[1:] = ['server']\nlaunch.program()\n"
    )
    run = subprocess.run([sys.executable, "-c", program], cwd=tmp_path, env=cli_env(), capture_output=True, text=True, timeout=WAIT_SECONDS)
    assert run.returncode == 0, run.stderr
    modules = json.loads(run.stdout)
    assert [name for name in ("click", "zerograd_lint.doors.cli", "zerograd_lint.files.discovery", *ANALYSIS) if name in modules] == []


def test_edits_made_during_a_check_are_checked_once_at_their_last_text(tmp_path: Path) -> None:
    def talk(client: RawClient, uri: str) -> None:
        messages = [
            {"id": 1, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": {}}},
            {"method": "initialized", "params": {}},
            {"method": "textDocument/didOpen", "params": opened(uri, SCRIPT)},
        ] + [{"method": "textDocument/didChange", "params": changed(uri, version, text)} for version, text in [(2, FIXED), (3, SCRIPT), (4, FIXED)]]
        assert client.process.stdin is not None  # all at once: they arrive while the opening imports the analysis
        client.process.stdin.write(b"".join(framed(json.dumps({"jsonrpc": "2.0", **message}).encode()) for message in messages))
        client.process.stdin.flush()
        client.next_id = 1
        assert client.diagnostics(uri, 4) == []

    record = recorded(tmp_path, talk)
    published = [w for w in record["written"] if w["method"] == "textDocument/publishDiagnostics"]
    assert [w["version"] for w in published] == [4]
    assert [name for name in PYGLS if name in published[0]["modules"]] == []
    assert record["checks"] == 1


def test_edits_made_while_pygls_is_imported_for_a_request_are_checked_by_the_opening(tmp_path: Path) -> None:
    def talk(client: RawClient, uri: str) -> None:
        client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        client.notify("textDocument/didOpen", opened(uri, SCRIPT))
        [report] = client.diagnostics(uri, 1)
        asked = {"textDocument": {"uri": uri}, "range": report["range"], "context": {"diagnostics": [report]}}
        client.send({"id": "actions", "method": "textDocument/codeAction", "params": asked})
        client.notify("textDocument/didChange", changed(uri, 2, FIXED))
        assert client.diagnostics(uri, 2) == []  # before pygls's import: it waits for them (else the test times out)
        actions = client.wait(lambda m: m.get("id") == "actions")["result"]  # then pygls answers the request...
        assert [action["kind"] for action in actions] == ["quickfix", "source.fixAll.zerograd-lint"]  # ...on the text it was asked about

    record = recorded(tmp_path, talk, "2")
    assert record["checks"] == 3  # the two texts by the opening, then the first again for the request


def test_a_document_closed_in_the_opening_is_cleared_by_pygls(tmp_path: Path) -> None:
    def talk(client: RawClient, uri: str) -> None:
        client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        client.notify("textDocument/didOpen", opened(uri, SCRIPT))
        assert [report["code"] for report in client.diagnostics(uri, 1)] == ["ZG101"]
        client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        cleared = client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri)
        assert cleared["params"] == {"uri": uri, "diagnostics": []}

    record = recorded(tmp_path, talk)
    published = [w for w in record["written"] if w["method"] == "textDocument/publishDiagnostics"]
    assert [[name for name in PYGLS if name in w["modules"]] for w in published] == [[], list(PYGLS)]  # the close waited for pygls
    assert record["checks"] == 1


def test_the_opening_holds_notifications_and_hands_a_request_to_pygls(tmp_path: Path) -> None:
    process = spawn(tmp_path, sys.executable, "-m", "zerograd_lint", "server")
    try:
        client = RawClient(process)
        client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        client.notify("initialized", {})
        client.notify("workspace/didChangeConfiguration", {"settings": {}})
        notes = (tmp_path / "notes.md").as_uri()
        client.notify("textDocument/didOpen", {"textDocument": {"uri": notes, "languageId": "markdown", "version": 1, "text": SCRIPT}})
        assert client.request("textDocument/hover", {"textDocument": {"uri": notes}, "position": {"line": 0, "character": 0}}) is None
        uri = (tmp_path / "train.py").as_uri()
        client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": SCRIPT}})
        assert [report["code"] for report in client.diagnostics(uri, 1)] == ["ZG101"]
        assert client.request("shutdown") is None
        client.notify("exit")
    finally:
        assert ended(process) == 0


def test_what_the_opening_cannot_read_goes_to_pygls(tmp_path: Path) -> None:
    process = spawn(tmp_path, sys.executable, "-m", "zerograd_lint", "server")
    try:
        client = RawClient(process)
        client.send({"id": "odd", "method": "initialize", "params": {"capabilities": {"general": 3}}})  # general: an object
        logged = client.wait(lambda message: message.get("method") == "window/logMessage")  # pygls's word for it
        assert "Invalid Params" in logged["params"]["message"]
        assert client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})["capabilities"]
        assert process.stdin is not None
        process.stdin.write(framed(b"{not json"))
        process.stdin.flush()
        logged = client.wait(lambda message: message.get("method") == "window/logMessage")
        assert "JSONDecodeError" in logged["params"]["message"]
        assert client.request("shutdown") is None
        client.notify("exit")
        assert process.wait(timeout=WAIT_SECONDS) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_a_client_gone_during_the_opening_ends_the_server(tmp_path: Path) -> None:
    process = spawn(tmp_path, sys.executable, "-m", "zerograd_lint", "server")
    client = RawClient(process)
    client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    assert process.stdin is not None
    process.stdin.close()
    assert ended(process) == 1  # as after `exit` without `shutdown`


@pytest.mark.parametrize(
    "capabilities",
    [
        {},
        {"general": {"positionEncodings": ["utf-8", "utf-16"]}},
        {"general": {"positionEncodings": ["utf-7", "utf-32"]}},
        {"notebookDocument": {"synchronization": {}}, "textDocument": {"codeAction": {"resolveSupport": {"properties": ["edit"]}}}},
    ],
)
def test_the_opening_answers_initialize_as_pygls_does(capabilities: dict[str, Any]) -> None:
    from zerograd_lint.doors.lsp.server import create_server

    request = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": capabilities}}
    written = io.BytesIO()
    create_server({}).start_io(io.BytesIO(framed(json.dumps(request).encode())), written)  # answers, then reads the end
    assert json.loads(written.getvalue().partition(b"\r\n\r\n")[2])["result"] == initialize_result(capabilities)
