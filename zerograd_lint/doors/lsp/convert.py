"""The engine's reports, fixes and rule pages as LSP values (lsprotocol types)."""

from __future__ import annotations

import difflib
from typing import Sequence

from lsprotocol import types

from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.doors.lsp.positions import code_units, from_client, lines_of, lines_with_breaks, to_client
from zerograd_lint.doors.lsp.programs import Part
from zerograd_lint.rules import Rule, rule_by_code

SOURCE = "zerograd-lint"
SEVERITY = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "style": types.DiagnosticSeverity.Information,  # opt-in rules: the user asked to see them
}


def lsp_position(lines: list[str], line: int, column: int, encoding: str) -> types.Position:
    """A 1-based line and column of the engine as an LSP position."""
    line, character = to_client(lines, line - 1, column - 1, encoding)
    return types.Position(line=line, character=character)


def lsp_range(d: Diagnostic, lines: list[str], encoding: str) -> types.Range:
    return types.Range(
        start=lsp_position(lines, d.line, d.column, encoding), end=lsp_position(lines, d.end_line, d.end_column, encoding)
    )


def lsp_diagnostic(d: Diagnostic, lines: list[str], encoding: str) -> types.Diagnostic:
    from zerograd_lint.rules.pages import rule_url  # with the fixes: imported once there are reports (programs.warm)

    rule = rule_by_code(d.code)
    page = rule_url(d.code)
    return types.Diagnostic(
        range=lsp_range(d, lines, encoding),
        message=d.message,
        severity=SEVERITY.get(rule.severity, types.DiagnosticSeverity.Error) if rule else types.DiagnosticSeverity.Error,
        code=d.code,
        code_description=types.CodeDescription(href=page) if page else None,
        source=SOURCE,
    )


def engine_position(lines: list[str], position: types.Position, encoding: str) -> tuple[int, int]:
    """An LSP position as the engine's 1-based (line, column)."""
    line, column = from_client(lines, position.line, position.character, encoding)
    return line + 1, column + 1


def overlaps(d: Diagnostic, lines: list[str], span: types.Range, encoding: str) -> bool:
    """Whether a report's range meets an LSP range (touching counts: a cursor at either end is on it)."""
    start, end = engine_position(lines, span.start, encoding), engine_position(lines, span.end, encoding)
    return (d.line, d.column) <= end and start <= (d.end_line, d.end_column)


def text_edits(old: str, new: str, encoding: str) -> list[types.TextEdit]:
    """The edits that turn `old` into `new`, as replacements of whole lines (as --fix's diff shows them)."""
    old_lines, new_lines = lines_with_breaks(old), lines_with_breaks(new)
    plain = lines_of(old)

    def start_of(index: int) -> types.Position:
        if index < len(plain):  # always true unless `old` does not end with a line break
            return types.Position(line=index, character=0)
        return types.Position(line=len(plain) - 1, character=code_units(plain[-1], encoding))

    matcher = difflib.SequenceMatcher(a=old_lines, b=new_lines, autojunk=False)
    return [
        types.TextEdit(range=types.Range(start=start_of(i1), end=start_of(i2)), new_text="".join(new_lines[j1:j2]))
        for tag, i1, i2, j1, j2 in matcher.get_opcodes()
        if tag != "equal"
    ]


def workspace_edit(changes: Sequence[tuple[Part, str]], encoding: str, versioned: bool) -> types.WorkspaceEdit:
    """The edit that gives each part its new text; `versioned`: the client checks that the versions still hold."""
    if versioned:
        return types.WorkspaceEdit(
            document_changes=[
                types.TextDocumentEdit(
                    text_document=types.OptionalVersionedTextDocumentIdentifier(uri=part.uri, version=part.version),
                    edits=text_edits(part.text, new, encoding),  # type: ignore[arg-type]
                )
                for part, new in changes
            ]
        )
    return types.WorkspaceEdit(changes={part.uri: text_edits(part.text, new, encoding) for part, new in changes})


def rule_pages(rules: Sequence[Rule]) -> str:
    """The hover text: each rule's page (what, why, an example, what to use instead), here whether or not the
    diagnostic links to the page in the repository (`codeDescription`, when the package names its repository)."""
    from zerograd_lint.rules.pages import rule_page

    return "\n\n---\n\n".join(rule_page(rule, level=3) for rule in rules)
