"""Issue 28's editor row: the server answers `initialize` before it imports the analysis.

The server runs as `zerograd-lint server` does, with one test-only request
added (`zerograd-lint/test/modules`: the names in the server's sys.modules).
Nothing but `initialized` starts the import, so the modules listed between
the `initialize` answer and `initialized` are those the answer needed.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import cli_env
from tests.lsp_editing import SCRIPT
from tests.test_lsp_raw_client import WAIT_SECONDS, RawClient

MODULES = "zerograd-lint/test/modules"
SERVER_WITH_MODULES_REQUEST = f"""
import sys
from zerograd_lint.doors.lsp import server

create_server = server.create_server

def with_modules_request():
    created = create_server()
    created.feature({MODULES!r})(lambda ls, params: sorted(sys.modules))
    return created

server.create_server = with_modules_request
sys.argv[1:] = ["server"]
from zerograd_lint.doors.cli import program
program()
"""
ANALYSIS = ("libcst", "zerograd_lint.core.engine", "zerograd_lint.analysis", "zerograd_lint.fixes", "torch")


def test_initialize_is_answered_before_the_analysis_is_imported(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-c", SERVER_WITH_MODULES_REQUEST],
        cwd=tmp_path, env=cli_env(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    try:
        client = RawClient(process)
        client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        at_initialize = set(client.request(MODULES, {}))
        assert "pygls.lsp.server" in at_initialize
        assert [name for name in ANALYSIS if name in at_initialize] == []

        client.notify("initialized", {})
        uri = (tmp_path / "train.py").as_uri()
        client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": SCRIPT}})
        assert [report["code"] for report in client.diagnostics(uri, 1)] == ["ZG101"]
        once_checked = set(client.request(MODULES, {}))
        assert {"libcst", "zerograd_lint.core.engine", "zerograd_lint.fixes"} <= once_checked  # what the first check loads

        assert client.request("shutdown") is None
        client.notify("exit")
        assert process.wait(timeout=WAIT_SECONDS) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.stderr is not None
    assert b"Traceback" not in process.stderr.read()
