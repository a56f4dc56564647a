"""`zerograd-lint server` driven over stdio by a real LSP client (pygls's), one server for the module.

The client offers UTF-8 positions, notebook sync, code action resolution and
versioned workspace edits, as VS Code does. The server runs with one extra,
test-only rule that fails on `crash_engine()` (tests/data/lsp_crash_rule).
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any, Awaitable, Callable, Iterator, TypeVar

import pytest
from lsprotocol import types
from pygls.lsp.client import LanguageClient

from tests.conftest import REPO, env_with_project_urls
from tests.lsp_editing import FIXED, SCRIPT, STEP_LINE, apply_edits, step_start

T = TypeVar("T")
WAIT_SECONDS = 120  # a hung server fails the test instead of hanging it
CRASH_RULE = REPO / "tests" / "data" / "lsp_crash_rule"
REPOSITORY = "https://example.org/team/zerograd-lint"  # pyproject.toml's [project.urls] Repository, as installed
LAUNCH = (
    "import sys, zerograd_lint.rules as rules; rules.__path__.append(sys.argv.pop(1)); "
    "from zerograd_lint.doors.cli import main; sys.argv[1:] = ['server']; main()"
)

STEP_START = step_start("utf-8")


class RecordingClient(LanguageClient):
    """pygls's client, keeping the server's exit status."""

    exit_status: int | None = None

    async def server_exit(self, server: asyncio.subprocess.Process) -> None:
        self.exit_status = server.returncode


class Editor:
    """What the tests need of an editor: buffers, their versions, and what the server published for each."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.loop = asyncio.new_event_loop()
        self.client = RecordingClient("zerograd-lint-tests", "1")
        self.published: dict[str, types.PublishDiagnosticsParams] = {}
        self.logs: list[str] = []
        self.texts: dict[str, str] = {}
        self.versions: dict[str, int] = {}
        self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)(lambda params: self.published.__setitem__(params.uri, params))
        self.client.feature(types.WINDOW_LOG_MESSAGE)(lambda params: self.logs.append(params.message))

    def run(self, awaitable: Awaitable[T]) -> T:
        return self.loop.run_until_complete(asyncio.wait_for(awaitable, WAIT_SECONDS))

    def wait(self, condition: Callable[[], bool]) -> None:
        async def until() -> None:
            while not condition():
                await asyncio.sleep(0.01)

        self.run(until())

    def start(self) -> types.InitializeResult:
        env = env_with_project_urls(self.root / "installed", {"Repository": REPOSITORY})
        self.run(self.client.start_io(sys.executable, "-c", LAUNCH, str(CRASH_RULE), cwd=self.root, env=env))
        capabilities = types.ClientCapabilities(
            general=types.GeneralClientCapabilities(position_encodings=[types.PositionEncodingKind.Utf8]),
            text_document=types.TextDocumentClientCapabilities(
                code_action=types.CodeActionClientCapabilities(resolve_support=types.ClientCodeActionResolveOptions(properties=["edit"])),
                hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
            ),
            notebook_document=types.NotebookDocumentClientCapabilities(synchronization=types.NotebookDocumentSyncClientCapabilities()),
            workspace=types.WorkspaceClientCapabilities(workspace_edit=types.WorkspaceEditClientCapabilities(document_changes=True)),
        )
        result = self.run(self.client.initialize_async(types.InitializeParams(capabilities=capabilities, root_uri=self.root.as_uri())))
        self.client.initialized(types.InitializedParams())
        return result

    def stop(self) -> int | None:
        self.run(self.client.shutdown_async(None))
        self.client.exit(None)
        self.run(self.client.stop())
        self.loop.close()
        return self.client.exit_status

    def diagnostics(self, uri: str) -> list[types.Diagnostic]:
        """What the server published for the buffer as it is now."""
        self.wait(lambda: uri in self.published and self.published[uri].version == self.versions[uri])
        return list(self.published[uri].diagnostics)

    def open(self, name: str, text: str) -> str:
        path = self.root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        uri = path.as_uri()
        self.texts[uri], self.versions[uri] = text, 1
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(types.TextDocumentItem(uri=uri, language_id="python", version=1, text=text))
        )
        return uri

    def change(self, uri: str, text: str) -> None:
        self.texts[uri], self.versions[uri] = text, self.versions[uri] + 1
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(uri=uri, version=self.versions[uri]),
                [types.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )

    def save(self, uri: str) -> list[types.Diagnostic]:
        """Save the buffer and return what the server published after the save."""
        self.published.pop(uri, None)
        self.client.text_document_did_save(types.DidSaveTextDocumentParams(types.TextDocumentIdentifier(uri=uri)))
        return self.diagnostics(uri)

    def close(self, uri: str) -> None:
        self.published.pop(uri, None)
        self.client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri=uri)))
        self.wait(lambda: uri in self.published)
        assert not self.published[uri].diagnostics

    def code_actions(self, uri: str, span: types.Range, only: list[str] | None = None) -> list[types.CodeAction]:
        """The actions offered, each resolved (its edit made) as an editor resolves the one the user picks."""
        context = types.CodeActionContext(diagnostics=[], only=only)
        actions = self.run(self.client.text_document_code_action_async(types.CodeActionParams(types.TextDocumentIdentifier(uri=uri), span, context)))
        assert all(isinstance(action, types.CodeAction) and action.edit is None for action in actions or [])
        return [self.run(self.client.code_action_resolve_async(action)) for action in actions or []]

    def edited(self, edit: types.WorkspaceEdit) -> dict[str, str]:
        """The new text of each buffer the edit changes, made as an editor makes it (versions checked)."""
        texts = {}
        for change in edit.document_changes or []:
            assert isinstance(change, types.TextDocumentEdit)
            uri = change.text_document.uri
            assert change.text_document.version == self.versions[uri]
            edits = [(e.range.start.line, e.range.start.character, e.range.end.line, e.range.end.character, e.new_text) for e in change.edits]
            texts[uri] = apply_edits(self.texts[uri], edits, "utf-8")
        return texts

    def hover(self, uri: str, line: int, character: int) -> types.Hover | None:
        position = types.Position(line=line, character=character)
        return self.run(self.client.text_document_hover_async(types.HoverParams(types.TextDocumentIdentifier(uri=uri), position)))


@pytest.fixture(scope="module")
def editor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Editor]:
    editor = Editor(tmp_path_factory.mktemp("lsp"))
    initialized = editor.start()
    assert initialized.capabilities.position_encoding == types.PositionEncodingKind.Utf8
    yield editor
    assert editor.stop() == 0  # shutdown, then exit: status 0


def codes(diagnostics: list[types.Diagnostic]) -> list[Any]:
    return [d.code for d in diagnostics]


def test_report_quick_fix_and_the_report_gone(editor: Editor) -> None:
    uri = editor.open("train.py", SCRIPT)
    [report] = editor.diagnostics(uri)
    assert (report.code, report.source, report.severity) == ("ZG101", "zerograd-lint", types.DiagnosticSeverity.Error)
    assert report.range == types.Range(types.Position(STEP_LINE, STEP_START), types.Position(STEP_LINE, STEP_START + 16))
    assert report.code_description == types.CodeDescription(href=f"{REPOSITORY}/blob/HEAD/docs/rules.md#zg101")

    cursor = types.Range(types.Position(STEP_LINE, STEP_START + 3), types.Position(STEP_LINE, STEP_START + 3))
    [quick_fix, fix_all] = editor.code_actions(uri, cursor)
    assert quick_fix.kind == types.CodeActionKind.QuickFix and quick_fix.is_preferred
    assert quick_fix.title == "Fix ZG101: Insert `optimizer.zero_grad()` at the start of the loop (line 6)"
    assert quick_fix.diagnostics is not None and codes(quick_fix.diagnostics) == ["ZG101"]
    assert fix_all.kind == "source.fixAll.zerograd-lint"
    assert quick_fix.edit is not None
    assert editor.edited(quick_fix.edit) == {uri: FIXED}

    editor.change(uri, FIXED)
    assert editor.diagnostics(uri) == []
    assert editor.code_actions(uri, cursor) == []  # nothing left to fix
    editor.close(uri)


ACCUMULATION = """import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(16)]
for i, (x, y) in enumerate(data):
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    if (i + 1) % 4 == 0:
        optimizer.step()
        optimizer.zero_grad
"""


def test_unsafe_fixes_say_so_and_fix_all_applies_only_the_safe_ones(editor: Editor) -> None:
    uri = editor.open("accumulation.py", ACCUMULATION)
    assert codes(editor.diagnostics(uri)) == ["ZG501", "ZG101", "ZG202"]
    whole_file = types.Range(types.Position(0, 0), types.Position(len(ACCUMULATION.splitlines()), 0))
    quick_fixes = editor.code_actions(uri, whole_file, only=[types.CodeActionKind.QuickFix])
    assert [(action.title.startswith("Fix ZG501"), action.title.endswith("(unsafe fix)")) for action in quick_fixes] == [
        (True, True), (False, False), (False, False)
    ]

    [fix_all] = editor.code_actions(uri, whole_file, only=[types.CodeActionKind.SourceFixAll])
    assert fix_all.edit is not None
    [fixed] = editor.edited(fix_all.edit).values()
    assert fixed == ACCUMULATION.replace("optimizer.zero_grad\n", "optimizer.zero_grad()\n")  # as `check --fix` fixes it
    editor.change(uri, fixed)
    assert codes(editor.diagnostics(uri)) == ["ZG501"]  # the unsafe fix's report stays
    editor.close(uri)


def test_a_syntax_error_while_typing_then_recovery(editor: Editor) -> None:
    uri = editor.open("typing.py", SCRIPT)
    assert codes(editor.diagnostics(uri)) == ["ZG101"]

    half_typed = SCRIPT.replace("    loss.backward()\n", "    loss.backward()\n    print(loss.item(\n")
    editor.change(uri, half_typed)
    shown = editor.diagnostics(uri)
    assert sorted(codes(shown)) == ["ZG000", "ZG101"]
    [kept] = [d for d in shown if d.code == "ZG101"]
    assert kept.range.start.line == STEP_LINE + 1  # the last good report, on the line the step moved to
    whole_file = types.Range(types.Position(0, 0), types.Position(20, 0))
    assert editor.code_actions(uri, whole_file) == []  # no fix on code that does not parse

    editor.change(uri, half_typed.replace("print(loss.item(\n", "print(loss.item())\n"))
    [report] = editor.diagnostics(uri)
    assert report.code == "ZG101" and report.range.start.line == STEP_LINE + 1
    editor.close(uri)


def test_an_internal_error_is_logged_and_the_server_goes_on(editor: Editor) -> None:
    uri = editor.open("crash.py", SCRIPT)
    assert codes(editor.diagnostics(uri)) == ["ZG101"]
    editor.change(uri, SCRIPT + "crash_engine()\n")
    editor.wait(lambda: any("ZG992" in message for message in editor.logs))
    assert codes(list(editor.published[uri].diagnostics)) == ["ZG101"]  # the last reports stay
    editor.change(uri, FIXED)
    assert editor.diagnostics(uri) == []
    editor.close(uri)


def test_hover_on_a_report_shows_its_rule_page(editor: Editor) -> None:
    uri = editor.open("hover.py", SCRIPT)
    editor.diagnostics(uri)
    hover = editor.hover(uri, STEP_LINE, STEP_START + 1)
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    assert hover.contents.kind == types.MarkupKind.Markdown
    page = hover.contents.value
    assert "ZG101 missing-zero-grad" in page and "Why is this bad?" in page and "Use instead" in page
    assert hover.range == types.Range(types.Position(STEP_LINE, STEP_START), types.Position(STEP_LINE, STEP_START + 16))
    assert editor.hover(uri, 0, 3) is None  # `import torch`: nothing reported there
    editor.close(uri)


def test_the_project_configuration_and_noqa_hold(editor: Editor) -> None:
    (editor.root / "project").mkdir()
    (editor.root / "project" / "pyproject.toml").write_text(
        '[tool.zerograd-lint]\nignore = ["ZG101"]\nexclude = ["generated"]\n', encoding="utf-8"
    )
    with_uncalled_clear = SCRIPT.replace("    loss.backward()\n", "    optimizer.zero_grad\n    loss.backward()\n")
    configured = editor.open("project/train.py", with_uncalled_clear)
    assert codes(editor.diagnostics(configured)) == ["ZG202"]  # ZG101 ignored by the project
    excluded = editor.open("project/generated/train.py", with_uncalled_clear)
    assert editor.diagnostics(excluded) == []
    elsewhere = editor.open("elsewhere/train.py", with_uncalled_clear.replace("optimizer.zero_grad\n", "optimizer.zero_grad  # noqa: ZG202\n"))
    assert codes(editor.diagnostics(elsewhere)) == ["ZG101"]

    (editor.root / "project" / "pyproject.toml").write_text("[tool.zerograd-lint]\n", encoding="utf-8")
    assert codes(editor.save(configured)) == ["ZG202", "ZG101"]  # a save checks again, with the configuration as it is now
    for uri in (configured, excluded, elsewhere):
        editor.close(uri)


NOTEBOOK_CELLS = [
    (types.NotebookCellKind.Code, "%matplotlib inline\nimport torch\n\nmodel = torch.nn.Linear(4, 1)\n"
     "optimizer = torch.optim.SGD(model.parameters(), lr=0.1)\n"),
    (types.NotebookCellKind.Markup, "## Training"),
    (types.NotebookCellKind.Code, "for x, y in data:\n    loss = ((model(x) - y) ** 2).mean()\n    loss.backward()\n    optimizer.step()\n"),
]


def test_a_notebook_is_checked_across_its_cells(editor: Editor) -> None:
    notebook_uri = (editor.root / "train.ipynb").as_uri()
    cell_uris = [f"vscode-notebook-cell:{editor.root / 'train.ipynb'}#cell{number}" for number in range(len(NOTEBOOK_CELLS))]
    code = [(uri, text) for uri, (kind, text) in zip(cell_uris, NOTEBOOK_CELLS) if kind == types.NotebookCellKind.Code]
    for uri, text in code:
        editor.texts[uri], editor.versions[uri] = text, 1
    editor.client.notebook_document_did_open(
        types.DidOpenNotebookDocumentParams(
            types.NotebookDocument(
                uri=notebook_uri,
                notebook_type="jupyter-notebook",
                version=1,
                cells=[types.NotebookCell(kind=kind, document=uri) for uri, (kind, _) in zip(cell_uris, NOTEBOOK_CELLS)],
            ),
            [types.TextDocumentItem(uri=uri, language_id="python", version=1, text=text) for uri, text in code],
        )
    )
    setup_cell, loop_cell = cell_uris[0], cell_uris[2]
    assert editor.diagnostics(setup_cell) == []
    [report] = editor.diagnostics(loop_cell)
    assert report.code == "ZG101" and report.range.start == types.Position(3, 4)  # line 4 of the loop's cell

    [quick_fix, _] = editor.code_actions(loop_cell, report.range)
    assert quick_fix.edit is not None
    fixed = editor.edited(quick_fix.edit)
    assert list(fixed) == [loop_cell] and fixed[loop_cell].startswith("for x, y in data:\n    optimizer.zero_grad()\n")

    editor.versions[loop_cell] += 1
    editor.texts[loop_cell] = fixed[loop_cell]
    editor.client.notebook_document_did_change(
        types.DidChangeNotebookDocumentParams(
            types.VersionedNotebookDocumentIdentifier(version=2, uri=notebook_uri),
            types.NotebookDocumentChangeEvent(
                cells=types.NotebookDocumentCellChanges(
                    text_content=[
                        types.NotebookDocumentCellContentChanges(
                            document=types.VersionedTextDocumentIdentifier(uri=loop_cell, version=editor.versions[loop_cell]),
                            changes=[types.TextDocumentContentChangeWholeDocument(text=fixed[loop_cell])],
                        )
                    ]
                )
            ),
        )
    )
    assert editor.diagnostics(loop_cell) == []

    editor.published.clear()
    editor.client.notebook_document_did_close(
        types.DidCloseNotebookDocumentParams(
            types.NotebookDocumentIdentifier(uri=notebook_uri), [types.TextDocumentIdentifier(uri=uri) for uri, _ in code]
        )
    )
    editor.wait(lambda: all(uri in editor.published for uri, _ in code))
    assert not any(editor.published[uri].diagnostics for uri, _ in code)
