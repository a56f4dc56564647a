"""The LSP 3.17 server over stdio, on pygls: diagnostics, quick fixes, fix-all and rule pages on hover.

Documents are checked on open, change and save at once, always on the
editor's text rather than the file on disk. The engine runs in one worker
thread so that the server keeps reading messages meanwhile: a change that
arrives while a check runs makes that check's result stale, and it is
dropped; the changes made meanwhile replace one another in the engine's
queue, so that the next check is of the last text (no pause in typing is
waited for: the check running is the pause). The server takes over from the
opening (`opening.py`), which answered `initialize` and checked the documents
opened and changed before pygls was imported: it reads those messages again
without checking again what the editor is shown; the engine thread imports
the rest of the analysis then. Nothing a document holds, nor a failure of
the engine, stops the server: an internal error goes to the client's log and
the last reports stay.
"""

from __future__ import annotations

import asyncio
import traceback
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar
from urllib.parse import unquote

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.protocol import default_converter

from zerograd_lint.base import __version__
from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.core.selection import Selection
from zerograd_lint.doors.lsp.convert import overlaps, rule_pages, workspace_edit
from zerograd_lint.doors.lsp.messages import (
    CODE_ACTIONS,
    FIX_ALL,
    FULL_TEXT,
    JSON,
    NOTEBOOK_SYNC,
    SOURCE,
    lsp_diagnostic,
    lsp_range,
    published,
)
from zerograd_lint.doors.lsp.positions import lines_of
from zerograd_lint.doors.lsp.programs import Checked, Part, Program, check_program, is_python, selection_for, warm
from zerograd_lint.files.buffer import buffer_selection
from zerograd_lint.files.config import DEFAULT_SETTINGS, ConfigError
from zerograd_lint.rules import rule_by_code

T = TypeVar("T")


class ZerogradServer(LanguageServer):
    def __init__(self, shown: dict[str, Checked]) -> None:
        self.converter = default_converter()  # the protocol's: messages' JSON values into lsprotocol's types
        super().__init__(
            SOURCE,
            __version__,
            converter_factory=lambda: self.converter,
            text_document_sync_kind=types.TextDocumentSyncKind(FULL_TEXT),
            notebook_document_sync=self.converter.structure(NOTEBOOK_SYNC, types.NotebookDocumentSyncOptions),
        )
        self.checked: dict[str, Checked] = dict(shown)  # by program URI: what the editor is shown
        self.pending: dict[str, asyncio.Task[None]] = {}  # by program URI: the check to come
        self.engine = ThreadPoolExecutor(max_workers=1, thread_name_prefix="zerograd-lint-engine")
        self.shut_down = False
        self.config_errors: set[str] = set()  # shown once each

    # --- Messages to the client ---------------------------------------------------------------

    def lsp(self, value: JSON, kind: type[T]) -> T:
        """A value of `messages` as lsprotocol's type."""
        return self.converter.structure(value, kind)

    def log(self, message: str, kind: types.MessageType = types.MessageType.Error) -> None:
        self.window_log_message(types.LogMessageParams(type=kind, message=f"{SOURCE}: {message}"))

    def report_server_error(self, error: Exception, source: Any) -> None:
        """pygls's hook for a failed handler: log it; the server goes on."""
        self.log(f"internal error: {type(error).__name__}: {error}")

    @property
    def encoding(self) -> str:
        """The position encoding agreed at initialization: the first the client offered that pygls knows, else UTF-16."""
        encoding = self.workspace.position_encoding
        return str(getattr(encoding, "value", encoding) or "utf-16")

    def publish(self, checked: Checked, previous: Checked | None) -> None:
        parts = {part.uri for part in checked.program.parts}
        for part in previous.program.parts if previous is not None else ():
            if part.uri not in parts:  # a cell deleted from its notebook
                self.clear(part.uri)
        for params in published(checked, self.encoding):
            self.text_document_publish_diagnostics(self.lsp(params, types.PublishDiagnosticsParams))

    def clear(self, uri: str) -> None:
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    # --- Documents ----------------------------------------------------------------------------

    def program(self, uri: str) -> Program | None:
        """The program of an open Python document or notebook (by its URI, or a cell's), as the editor holds it now."""
        notebook = self.workspace.get_notebook_document(notebook_uri=uri) or self.workspace.get_notebook_document(cell_uri=uri)
        if notebook is not None:
            cells = tuple(
                Part(cell.document, document.source, document.version)
                for cell in notebook.cells
                if cell.kind == types.NotebookCellKind.Code
                and (document := self.workspace.text_documents.get(unquote(cell.document))) is not None
            )
            return Program.of_notebook(notebook.uri, cells)
        document = self.workspace.text_documents.get(unquote(uri))
        if document is None or not is_python(uri, document.language_id):
            return None
        return Program.of_document(uri, document.source, document.version)

    def selection(self, program: Program) -> Selection | None:
        """The codes checked in the program's file (None when the configuration excludes it); the defaults' (said
        once) while its configuration is broken."""
        try:
            return selection_for(program.path)
        except ConfigError as error:
            if str(error) not in self.config_errors:
                self.config_errors.add(str(error))
                self.window_show_message(types.ShowMessageParams(type=types.MessageType.Warning, message=f"{SOURCE}: {error}"))
            return buffer_selection(program.path, DEFAULT_SETTINGS)

    def current(self, uri: str) -> Checked | None:
        """The check of the program holding this document as it is now: the one shown if the text is the same."""
        program = self.program(uri)
        if program is None:
            return None
        shown = self.checked.get(program.uri)
        if shown is not None and shown.program == program:
            return shown
        return check_program(program, self.selection(program), shown)

    def update(self, uri: str, saved: bool = False) -> None:
        """Check the program holding a document opened, changed or `saved`, unless the editor is shown its text
        already (opened or changed back to the text shown), or a later one: the server reads again what the
        opening read, and checked, before it took over."""
        program = self.program(uri)
        shown = self.checked.get(program.uri) if program is not None else None
        if program is not None and shown is not None:
            if program.older_than(shown.program):
                return
            if shown.program == program and not saved:
                self.cancel(program.uri)
                return
        self.schedule(uri)

    def schedule(self, uri: str) -> None:
        """Check the program holding this document once the engine is free, instead of any check still to come
        (a check waiting in the engine's queue is cancelled with its task)."""
        program = self.program(uri)
        if program is None:
            return
        self.cancel(program.uri)
        self.pending[program.uri] = asyncio.ensure_future(self.check_and_publish(program.uri))

    def cancel(self, uri: str) -> None:
        """Drop the check to come of a program, if any."""
        pending = self.pending.pop(uri, None)
        if pending is not None:
            pending.cancel()

    async def check_and_publish(self, uri: str) -> None:
        try:
            program = self.program(uri)
            if program is None:
                return
            selection = self.selection(program)
            previous = self.checked.get(uri)
            checked = await asyncio.get_running_loop().run_in_executor(self.engine, check_program, program, selection, previous)
            self.checked[uri] = checked
            self.publish(checked, previous)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the engine failed on this text: the last reports stay
            self.log(f"internal error while checking {uri}: {type(error).__name__}: {error}\n{traceback.format_exc()}")
        finally:
            if self.pending.get(uri) is asyncio.current_task():
                del self.pending[uri]

    def forget(self, uri: str) -> None:
        """Stop checking a program and clear what it showed."""
        self.cancel(uri)
        shown = self.checked.pop(uri, None)
        for part in shown.program.parts if shown is not None else ():
            self.clear(part.uri)

    # --- Code actions and hover -----------------------------------------------------------------

    def code_actions(self, params: types.CodeActionParams) -> list[types.CodeAction]:
        checked = self.current(params.text_document.uri)
        if checked is None:
            return []
        from zerograd_lint.fixes import FIXES, may_fix  # loaded by now: `checked` comes from the engine

        only = params.context.only
        actions = []
        if wanted(types.CodeActionKind.QuickFix, only) and checked.parses:  # no fix applies to code that does not parse
            for report in checked.reports:
                part, in_part = checked.program.locate(report)
                lines = lines_of(part.text)
                if part.uri != params.text_document.uri or report.code not in FIXES or not overlaps(in_part, lines, params.range, self.encoding):
                    continue
                unsafe = " (unsafe fix)" if not may_fix(report, unsafe=False) else ""
                actions.append(
                    types.CodeAction(
                        title=f"Fix {report.code}: {FIXES[report.code].message(report)}{unsafe}",
                        kind=types.CodeActionKind.QuickFix,
                        diagnostics=[self.lsp(lsp_diagnostic(in_part, lines, self.encoding), types.Diagnostic)],
                        is_preferred=not unsafe,
                        data={"uri": params.text_document.uri, "code": report.code, "line": report.line, "column": report.column},
                    )
                )
        if wanted(FIX_ALL, only) and checked.safely_fixable():
            actions.append(
                types.CodeAction(
                    title="Fix all safely fixable zerograd-lint reports", kind=FIX_ALL, data={"uri": params.text_document.uri}
                )
            )
        if self.resolves_edits():
            return actions
        resolved = [self.resolve(action, checked) for action in actions]
        return [action for action in resolved if action.edit is not None]

    def resolves_edits(self) -> bool:
        support = self.client_capabilities.text_document and self.client_capabilities.text_document.code_action
        properties = support.resolve_support.properties if support and support.resolve_support else []
        return "edit" in properties

    def resolve(self, action: types.CodeAction, checked: Checked | None = None) -> types.CodeAction:
        """The action with its edit, made on the text as it is now; without one if the fix no longer applies."""
        data = action.data if isinstance(action.data, dict) else {}
        checked = checked or self.current(str(data.get("uri", "")))
        if checked is None:
            return action
        if "code" in data:
            key = (data["code"], data.get("line"), data.get("column"))
            report = next((d for d in checked.reports if (d.code, d.line, d.column) == key), None)
            fixed = checked.fix(report) if report is not None else None
        else:
            fixed = checked.fix_all()
        if fixed is not None:
            action.edit = workspace_edit(checked.program.changed_parts(fixed), self.encoding, self.versioned_edits())
        return action

    def versioned_edits(self) -> bool:
        workspace = self.client_capabilities.workspace
        return bool(workspace and workspace.workspace_edit and workspace.workspace_edit.document_changes)

    def hover(self, params: types.HoverParams) -> types.Hover | None:
        uri = params.text_document.uri
        program = self.program(uri)
        shown = self.checked.get(program.uri) if program else None
        if shown is None:
            return None
        hits: list[tuple[Diagnostic, list[str]]] = []
        for report in shown.reports:
            part, in_part = shown.program.locate(report)
            lines = lines_of(part.text)
            if part.uri == uri and overlaps(in_part, lines, types.Range(start=params.position, end=params.position), self.encoding):
                hits.append((in_part, lines))
        rules = [rule for rule in dict.fromkeys(rule_by_code(d.code) for d, _ in hits) if rule is not None]
        if not rules:
            return None
        formats = getattr(getattr(self.client_capabilities.text_document, "hover", None), "content_format", None)
        kind = types.MarkupKind.PlainText if formats and types.MarkupKind.Markdown not in formats else types.MarkupKind.Markdown
        first, lines = hits[0]
        span = self.lsp(lsp_range(first, lines, self.encoding), types.Range)
        return types.Hover(contents=types.MarkupContent(kind=kind, value=rule_pages(rules)), range=span)


def wanted(kind: str, only: list[str] | None) -> bool:
    """Whether the client asked for this kind of action: `only` lists kinds or their parents (`source`)."""
    return only is None or any(kind == asked or kind.startswith(f"{asked}.") for asked in only)


def create_server(shown: dict[str, Checked]) -> ZerogradServer:
    """The server, showing what the opening published (by program URI)."""
    server = ZerogradServer(shown)

    @server.feature(types.INITIALIZED)
    def initialized(ls: ZerogradServer, params: types.InitializedParams) -> None:
        ls.engine.submit(warm)  # the first check waits behind it in the same thread, instead of importing itself

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: ZerogradServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.update(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: ZerogradServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.update(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: ZerogradServer, params: types.DidSaveTextDocumentParams) -> None:
        ls.update(params.text_document.uri, saved=True)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: ZerogradServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.forget(params.text_document.uri)

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_OPEN)
    def did_open_notebook(ls: ZerogradServer, params: types.DidOpenNotebookDocumentParams) -> None:
        ls.update(params.notebook_document.uri)

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_CHANGE)
    def did_change_notebook(ls: ZerogradServer, params: types.DidChangeNotebookDocumentParams) -> None:
        ls.update(params.notebook_document.uri)

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_SAVE)
    def did_save_notebook(ls: ZerogradServer, params: types.DidSaveNotebookDocumentParams) -> None:
        ls.schedule(params.notebook_document.uri)

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_CLOSE)
    def did_close_notebook(ls: ZerogradServer, params: types.DidCloseNotebookDocumentParams) -> None:
        ls.forget(params.notebook_document.uri)

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, server.lsp(CODE_ACTIONS, types.CodeActionOptions))
    def code_action(ls: ZerogradServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        return ls.code_actions(params)

    @server.feature(types.CODE_ACTION_RESOLVE)
    def code_action_resolve(ls: ZerogradServer, action: types.CodeAction) -> types.CodeAction:
        return ls.resolve(action)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: ZerogradServer, params: types.HoverParams) -> types.Hover | None:
        return ls.hover(params)

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: ZerogradServer, params: Any) -> None:
        ls.shut_down = True
        for task in ls.pending.values():
            task.cancel()
        ls.engine.shutdown(wait=False, cancel_futures=True)

    return server
