"""What the pygls server reads and answers beyond diagnostics, in lsprotocol's types: ranges asked about, edits, rule pages."""

from __future__ import annotations

import difflib
from typing import Sequence

from lsprotocol import types

from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.doors.lsp.positions import code_units, from_client, lines_of, lines_with_breaks
from zerograd_lint.doors.lsp.programs import Part
from zerograd_lint.rules import Rule


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
