"""The server's opening: `initialize` answered and the first document's diagnostics published before pygls is imported.

pygls's import costs more CPU than checking a file (lsprotocol's types alone,
about half a second here: attrs makes each of its ~570 classes), so a server
that imports it first keeps the editor waiting for the first diagnostics
well past the check itself. The server opens instead on a few lines of
JSON-RPC of its own: it answers `initialize` with pygls's capabilities
(`messages.initialize_result`), imports the analysis while the editor sends
`initialized` and opens its documents, checks the first Python document
opened and publishes its diagnostics. Then it imports pygls and hands over:
pygls reads the messages read so far (`initialize` under an id of its own,
whose answer is not sent twice), then stdin from there on, and the document
just checked is not checked again (`ZerogradServer.open`). A request, a
notebook, a broken configuration or an engine failure ends the opening at
once, unchecked: pygls answers it as it answers everything after.
"""

from __future__ import annotations

import io
import json
import re
import sys
from typing import Any, BinaryIO

from zerograd_lint.doors.lsp.messages import JSON, initialize_result, position_encoding, published
from zerograd_lint.doors.lsp.programs import Checked, Program, is_python, selection_for, timed_check, warm_checks

CONTENT_LENGTH = re.compile(rb"Content-Length: (\d+)\r\n")  # the header as pygls reads it
REPLAYED_INITIALIZE = "zerograd-lint/opening"  # the id `initialize` is replayed under: its answer is the one to drop


def serve(stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> None:
    """Serve over stdin/stdout until the client says `exit` (status 0 after a `shutdown`, else 1) or goes away."""
    stdin, stdout = stdin or sys.stdin.buffer, stdout or sys.stdout.buffer
    opened = opening(stdin, stdout)
    if opened is None:  # the client went away
        sys.exit(1)
    read, shown = opened
    from zerograd_lint.doors.lsp.server import create_server  # pygls and lsprotocol, once the first diagnostics are out

    server = create_server(shown)
    server.start_io(Replaying(read, stdin), DroppingAnswer(REPLAYED_INITIALIZE, stdout))
    sys.exit(0 if server.shut_down else 1)


def opening(stdin: BinaryIO, stdout: BinaryIO) -> tuple[list[bytes], dict[str, tuple[Checked, float]]] | None:
    """Serve until the first document is opened or a request comes: the bodies of the messages read, for pygls
    to read again, and what was published (by program URI, with the seconds its check took); None if the client
    went away first."""
    read: list[bytes] = []
    encoding = None  # agreed once `initialize` is answered
    while (body := read_message(stdin)) is not None:
        message = parsed(body)
        method = message.get("method") if message else None
        if method == "initialize" and "id" in message and encoding is None and (capabilities := offered(message)) is not None:
            encoding = position_encoding(capabilities)
            send(stdout, {"jsonrpc": "2.0", "id": message["id"], "result": initialize_result(capabilities)})
            read.append(json.dumps({**message, "id": REPLAYED_INITIALIZE}).encode("utf-8"))
            warm_checks()  # while the editor reads the answer and opens its documents
            continue
        read.append(body)
        if message is None or encoding is None or "id" in message or method in ("exit", "notebookDocument/didOpen"):
            return read, {}
        if method == "textDocument/didOpen" and (program := opened_program(message.get("params"))):
            return read, check_and_publish(program, encoding, stdout)
        # any other notification, a document not Python: pygls handles it in its turn
    return None


def offered(initialize: JSON) -> JSON | None:
    """The client capabilities an `initialize` request offers; None when they are not as LSP says (pygls answers)."""
    params = initialize.get("params")
    capabilities = params.get("capabilities") if isinstance(params, dict) else None
    general = (capabilities.get("general") or {}) if isinstance(capabilities, dict) else None
    if not isinstance(general, dict) or not isinstance(general.get("positionEncodings") or [], list):
        return None
    return capabilities


def opened_program(params: Any) -> Program | None:
    """The program of a Python document `didOpen` opens (None for another language, or parameters pygls will reject)."""
    try:
        document = params["textDocument"]
        uri, text, version = document["uri"], document["text"], document["version"]
    except (KeyError, TypeError):
        return None
    if not (isinstance(uri, str) and isinstance(text, str) and isinstance(version, int) and is_python(uri, document.get("languageId"))):
        return None
    return Program.of_document(uri, text, version)


def check_and_publish(program: Program, encoding: str, stdout: BinaryIO) -> dict[str, tuple[Checked, float]]:
    """Publish the program's diagnostics: what the server shows, by program URI, with the seconds its check took;
    nothing when the check could not be made (the server checks it again, and says why)."""
    try:
        checked, seconds = timed_check(program, selection_for(program.path), None)
    except Exception:  # a broken configuration, an engine failure: the server's to say, as for any check
        return {}
    for params in published(checked, encoding):
        send(stdout, {"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": params})
    return {program.uri: (checked, seconds)}


def read_message(stdin: BinaryIO) -> bytes | None:
    """The body of the next message, its headers read as pygls reads them; None at the end of the stream."""
    length = 0
    while line := stdin.readline():
        if not length and (header := CONTENT_LENGTH.fullmatch(line)):
            length = int(header[1])
        if length and not line.strip():
            body = stdin.read(length)
            return body if len(body) == length else None
    return None


def parsed(body: bytes) -> dict[str, Any] | None:
    """A JSON-RPC message, or None for what is not one (pygls will say what is wrong with it)."""
    try:
        message = json.loads(body)
    except ValueError:
        return None
    return message if isinstance(message, dict) else None


def framed(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


def send(stdout: BinaryIO, message: JSON) -> None:
    stdout.write(framed(json.dumps(message).encode("utf-8")))
    stdout.flush()


class Replaying:
    """stdin as pygls reads it (`readline`, `read`): the messages the opening read, then the stream."""

    def __init__(self, bodies: list[bytes], stdin: BinaryIO) -> None:
        self.replayed = io.BytesIO(b"".join(framed(body) for body in bodies))
        self.stdin = stdin

    def readline(self) -> bytes:
        return self.replayed.readline() or self.stdin.readline()

    def read(self, size: int) -> bytes:
        return self.replayed.read(size) or self.stdin.read(size)


class DroppingAnswer:
    """stdout as pygls writes it (one message a `write`), but for the answer to one request, already given."""

    def __init__(self, request_id: str, stdout: BinaryIO) -> None:
        self.request_id: str | None = request_id
        self.stdout = stdout

    def write(self, data: bytes) -> None:
        if self.request_id is not None and (parsed(data.partition(b"\r\n\r\n")[2]) or {}).get("id") == self.request_id:
            self.request_id = None
            return
        self.stdout.write(data)

    def flush(self) -> None:
        self.stdout.flush()

    def close(self) -> None:
        self.stdout.close()
