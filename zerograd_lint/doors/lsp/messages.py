"""What the server says, as JSON values (plain dicts, LSP's own field names), without lsprotocol.

The opening (`opening.py`) writes them as they are, before pygls is imported;
the pygls server structures them into lsprotocol's types. So a diagnostic,
and the capabilities `initialize` answers with, are written in one place.
"""

from __future__ import annotations

from typing import Any

from zerograd_lint.base import __version__
from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.doors.lsp.positions import UTF8, UTF16, UTF32, lines_of, to_client
from zerograd_lint.doors.lsp.programs import Checked
from zerograd_lint.rules import rule_by_code

JSON = dict[str, Any]
SOURCE = "zerograd-lint"
FIX_ALL = f"source.fixAll.{SOURCE}"
QUICK_FIX = "quickfix"
FULL_TEXT = 1  # TextDocumentSyncKind.Full: a change sends the whole text
SEVERITY = {"error": 1, "warning": 2, "style": 3}  # DiagnosticSeverity; opt-in rules (style) are Information: the user asked
ENCODINGS = (UTF8, UTF16, UTF32)
NOTEBOOK_SYNC: JSON = {"notebookSelector": [{"notebook": "*", "cells": [{"language": "python"}]}], "save": True}
CODE_ACTIONS: JSON = {"codeActionKinds": [QUICK_FIX, FIX_ALL], "resolveProvider": True}


def position_encoding(capabilities: JSON) -> str:
    """The position encoding agreed at initialization: the first the client offers that the server knows, else UTF-16."""
    offered = (capabilities.get("general") or {}).get("positionEncodings") or []
    return next((encoding for encoding in offered if encoding in ENCODINGS), UTF16)


def initialize_result(capabilities: JSON) -> JSON:
    """The answer to `initialize` from a client with these capabilities: the pygls server's own answer
    (tests/test_lsp_opening.py compares them), so the opening may give it before pygls is imported."""
    server: JSON = {
        "positionEncoding": position_encoding(capabilities),
        "textDocumentSync": {"openClose": True, "change": FULL_TEXT, "save": True},
        "hoverProvider": True,
        "codeActionProvider": CODE_ACTIONS,
        "executeCommandProvider": {"commands": []},
        "workspace": {"workspaceFolders": {"supported": True, "changeNotifications": True}, "fileOperations": {}},
    }
    if capabilities.get("notebookDocument") is not None:
        server["notebookDocumentSync"] = NOTEBOOK_SYNC
    return {"capabilities": server, "serverInfo": {"name": SOURCE, "version": __version__}}


def lsp_range(d: Diagnostic, lines: list[str], encoding: str) -> JSON:
    """A report's span (1-based lines and code point columns) as an LSP range."""
    (start_line, start), (end_line, end) = (
        to_client(lines, d.line - 1, d.column - 1, encoding),
        to_client(lines, d.end_line - 1, d.end_column - 1, encoding),
    )
    return {"start": {"line": start_line, "character": start}, "end": {"line": end_line, "character": end}}


def lsp_diagnostic(d: Diagnostic, lines: list[str], encoding: str) -> JSON:
    from zerograd_lint.rules.pages import rule_url  # with the fixes: imported once there are reports

    rule = rule_by_code(d.code)
    diagnostic: JSON = {
        "range": lsp_range(d, lines, encoding),
        "message": d.message,
        "severity": SEVERITY.get(rule.severity, SEVERITY["error"]) if rule else SEVERITY["error"],
        "code": d.code,
        "source": SOURCE,
    }
    page = rule_url(d.code)
    if page:
        diagnostic["codeDescription"] = {"href": page}
    return diagnostic


def published(checked: Checked, encoding: str) -> list[JSON]:
    """The `publishDiagnostics` parameters for each part of a checked program: its reports, at its version."""
    program = checked.program
    diagnostics: dict[str, list[JSON]] = {part.uri: [] for part in program.parts}
    lines = {part.uri: lines_of(part.text) for part in program.parts}
    for report in checked.reports:
        part, in_part = program.locate(report)
        diagnostics[part.uri].append(lsp_diagnostic(in_part, lines[part.uri], encoding))
    return [
        {"uri": part.uri, "diagnostics": diagnostics[part.uri], **({} if part.version is None else {"version": part.version})}
        for part in program.parts
    ]
