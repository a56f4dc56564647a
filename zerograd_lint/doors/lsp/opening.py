"""The server's opening: `initialize` answered and the documents' diagnostics published before pygls is imported.

pygls's import costs more CPU than checking a file (lsprotocol's types alone,
about half a second here: attrs makes each of its ~570 classes), so a server
that imports it first keeps the editor waiting for the first diagnostics,
and an edit made meanwhile waits for it too. The server opens instead on a
few lines of JSON-RPC of its own: it answers `initialize` with pygls's
capabilities (`messages.initialize_result`), imports the analysis while the
editor sends `initialized` and opens its documents, then checks each Python
document opened, changed (to a full text, as the server asks) or saved, and
publishes its diagnostics. A thread reads the client's messages, so that the
edits typed during a check are checked once, at their last text.

pygls is imported in another thread once a message needs it (a request,
`exit`, a notebook, anything else about a document the opening checks) or
the client has been quiet for a moment; the opening serves edits meanwhile,
then hands over: pygls reads the messages read so far (`initialize` under an
id of its own, whose answer is not sent twice), then the rest of the stream,
and a document shown as it is is not checked again (`ZerogradServer.update`).
"""

from __future__ import annotations

import io
import json
import queue
import re
import sys
import threading
from typing import Any, BinaryIO, NoReturn

from zerograd_lint.doors.lsp.messages import JSON, initialize_result, position_encoding, published
from zerograd_lint.doors.lsp.programs import Checked, Program, check_program, is_python, selection_for, warm_checks
from zerograd_lint.files import dataclass_methods

CONTENT_LENGTH = re.compile(rb"Content-Length: (\d+)\r\n")  # the header as pygls reads it
REPLAYED_INITIALIZE = "zerograd-lint/opening"  # the id `initialize` is replayed under: its answer is the one to drop
QUIET_SECONDS = 0.5  # the client quiet this long: pygls is imported ahead of its first request
SERVER_IMPORTED = "the pygls server is imported"  # the importing thread's word, among the client's messages

Shown = dict[str, Checked]  # by program URI: what the editor is shown


def serve(stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> NoReturn:
    """Serve over stdin/stdout until the client says `exit` (status 0 after a `shutdown`, else 1) or goes away."""
    messages, stdout = Messages(stdin or sys.stdin.buffer), stdout or sys.stdout.buffer
    opened = opening(messages, stdout)
    if opened is None:  # the client went away with nothing left to answer
        sys.exit(1)
    read, shown = opened
    from zerograd_lint.doors.lsp.server import create_server  # imported by now (or failing here as it did in the thread)

    server = create_server(shown)
    server.start_io(Replaying(read, messages), DroppingAnswer(REPLAYED_INITIALIZE, stdout))
    sys.exit(0 if server.shut_down else 1)


def opening(messages: Messages, stdout: BinaryIO) -> tuple[list[bytes], Shown] | None:
    """Serve until the pygls server is imported: the bodies of the messages read, for pygls to read again, and
    what was published; None if the client went away before anything needed pygls."""
    read: list[bytes] = []
    encoding = None  # agreed once `initialize` is answered
    documents: dict[str, Program] = {}  # by URI: the Python documents the opening checks, at their last text
    shown: Shown = {}
    importer: threading.Thread | None = None
    while True:
        arrived = messages.take(None if importer or encoding is None else QUIET_SECONDS)
        if not arrived:  # the client is quiet: import pygls before it asks for anything
            importer = importing_server(messages)
            continue
        to_check: dict[str, Program] = {}
        for body in arrived:
            if body is None:  # the end of the stream
                if importer is None:
                    return None
                importer.join()
                return read, shown
            if isinstance(body, str):  # the importer's word: pygls serves from here
                return read, shown
            message = parsed(body)
            if encoding is None and message and (capabilities := initializing(message)) is not None:
                encoding = position_encoding(capabilities)
                send(stdout, {"jsonrpc": "2.0", "id": message["id"], "result": initialize_result(capabilities)})
                read.append(json.dumps({**message, "id": REPLAYED_INITIALIZE}).encode("utf-8"))
                warm_checks()  # while the editor reads the answer and opens its documents
                continue
            read.append(body)
            uri = document_uri(message)
            program = to_be_checked(message, documents.get(uri)) if encoding is not None else None
            if program is not None:
                documents[program.uri] = to_check[program.uri] = program
            elif uri in documents and message is not None and "id" not in message:  # closed, changed in place...
                del documents[uri]  # pygls follows it from here
                to_check.pop(uri, None)
                importer = importer or importing_server(messages)
            elif encoding is None or waits_for_pygls(message):
                importer = importer or importing_server(messages)
        for uri, program in to_check.items():
            if (result := check_and_publish(program, shown.get(uri), encoding, stdout)) is not None:
                shown[uri] = result
            else:  # the server checks it again, and says why
                documents.pop(uri)
                importer = importer or importing_server(messages)


def initializing(message: JSON) -> JSON | None:
    """The client capabilities of an `initialize` request, None for another message or capabilities not as LSP
    says (pygls answers)."""
    params = message.get("params")
    if message.get("method") != "initialize" or "id" not in message or not isinstance(params, dict):
        return None
    capabilities = params.get("capabilities")
    general = (capabilities.get("general") or {}) if isinstance(capabilities, dict) else None
    if not isinstance(general, dict) or not isinstance(general.get("positionEncodings") or [], list):
        return None
    return capabilities


def waits_for_pygls(message: JSON | None) -> bool:
    """Whether a message the opening does not serve needs pygls soon (others wait to be read in their turn): a
    request, what is not JSON-RPC, `exit`, a notebook's."""
    if message is None or "id" in message:
        return True
    method = str(message.get("method"))
    return method == "exit" or method.startswith("notebookDocument/")


def document_uri(message: JSON | None) -> str | None:
    params = (message or {}).get("params")
    document = params.get("textDocument") if isinstance(params, dict) else None
    uri = document.get("uri") if isinstance(document, dict) else None
    return uri if isinstance(uri, str) else None


def to_be_checked(message: JSON | None, known: Program | None) -> Program | None:
    """The program a notification asks to check: a Python document opened, or one `known` (checked by the
    opening) changed to a full text, or saved; None for any other message."""
    method, params = (message or {}).get("method"), (message or {}).get("params")
    if method == "textDocument/didOpen":
        return opened_program(params)
    if known is None:
        return None
    if method == "textDocument/didSave":
        return known
    changes, version = params.get("contentChanges"), params["textDocument"].get("version")
    if method != "textDocument/didChange" or not isinstance(version, int) or not isinstance(changes, list) or not changes:
        return None
    if not all(isinstance(change, dict) and isinstance(change.get("text"), str) and "range" not in change for change in changes):
        return None
    return Program.of_document(known.uri, changes[-1]["text"], version)


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


def check_and_publish(program: Program, previous: Checked | None, encoding: str, stdout: BinaryIO) -> Checked | None:
    """Publish the program's diagnostics: what the editor is shown; None when the check could not be made."""
    try:
        checked = check_program(program, selection_for(program.path), previous)
    except Exception:  # a broken configuration, an engine failure: the server's to say, as for any check
        return None
    for params in published(checked, encoding):
        send(stdout, {"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": params})
    return checked


def importing_server(messages: Messages) -> threading.Thread:
    """A thread importing the pygls server (`server.py`), which says so among the client's messages when done."""

    def import_server() -> None:
        try:
            import zerograd_lint.doors.lsp.server  # noqa: F401

            dataclass_methods.keep()  # the server's imports are done: the next server execs their methods' code
        except Exception:  # the import in `serve` says what failed
            pass
        messages.put(SERVER_IMPORTED)

    thread = threading.Thread(target=import_server, name="zerograd-lint-import", daemon=True)
    thread.start()
    return thread


class Messages:
    """The bodies of the client's messages, read from stdin by a thread, so that what came in during a check is
    taken at once; None at the end of the stream."""

    def __init__(self, stdin: BinaryIO) -> None:
        self.arrived: queue.Queue[bytes | str | None] = queue.Queue()
        self.ended = False  # the end of the stream has been taken
        threading.Thread(target=self.read_all, args=(own_buffer(stdin),), name="zerograd-lint-stdin", daemon=True).start()

    def read_all(self, stdin: BinaryIO) -> None:
        while (body := read_message(stdin)) is not None:
            self.arrived.put(body)
        self.arrived.put(None)

    def put(self, word: str) -> None:
        self.arrived.put(word)

    def take(self, timeout: float | None) -> list[bytes | str | None]:
        """What has arrived, once something has (waiting at most `timeout` seconds, or as long as it takes: []
        if nothing came then, or the stream has ended)."""
        if self.ended:
            return []
        try:
            taken = [self.arrived.get(timeout=timeout)]
        except queue.Empty:
            return []
        while isinstance(taken[-1], bytes) and not self.arrived.empty():  # a take ends at the end, or a word
            taken.append(self.arrived.get())
        self.ended = taken[-1] is None
        return taken


def own_buffer(stdin: BinaryIO) -> BinaryIO:
    """The file of `stdin` read through a buffer of its own: at exit, the interpreter closes sys.stdin, and aborts
    if a thread still waits in it."""
    try:
        return open(stdin.fileno(), "rb", closefd=False)
    except (AttributeError, OSError, ValueError):  # not a file (a test's bytes): read it as it is
        return stdin


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
    """stdin as pygls reads it (`readline`, `read`): the messages the opening read, then those arriving."""

    def __init__(self, bodies: list[bytes], messages: Messages) -> None:
        self.replayed = io.BytesIO(b"".join(framed(body) for body in bodies))
        self.messages = messages

    def readline(self) -> bytes:
        line = self.replayed.readline()
        return line if line or not self.more() else self.replayed.readline()

    def read(self, size: int) -> bytes:
        data = self.replayed.read(size)
        return data if data or not self.more() else self.replayed.read(size)

    def more(self) -> bool:
        """Whether more messages arrived (waiting for them); False at the end of the stream."""
        while not self.messages.ended:
            bodies = [body for body in self.messages.take(None) if isinstance(body, bytes)]
            if bodies:
                self.replayed = io.BytesIO(b"".join(framed(body) for body in bodies))
                return True
        return False


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
