"""What the server checks for an open file, and how the results go back to the documents the editor shows.

A *program* is a Python document's text, or a notebook's code cells joined as
`check` joins a notebook's (a loop often spans cells). Reports and fixes are
made on the program and mapped back to the *parts*: the document itself, or
each cell. Checking goes on while the user types: when the text stops
parsing, the reports of the last text that parsed stay on the lines that did
not change, next to the syntax error (ZG000).

The analysis and the fixes are imported on first use (`warm_checks` and `warm`
import them ahead): the server answers the editor's `initialize` before they load.
"""

from __future__ import annotations

import difflib
import gc
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from pygls.uris import to_fs_path  # pygls's one module the opening imports: no lsprotocol

from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.core.selection import Selection
from zerograd_lint.doors.lsp.positions import lines_of
from zerograd_lint.files.buffer import buffer_selection, lint_python, settings_for

if TYPE_CHECKING:
    from zerograd_lint.files.notebook import NotebookProgram

PARSE_ERROR = "ZG000"
PYTHON_SUFFIXES = (".py", ".pyi")


@dataclass(frozen=True)
class Part:
    """A document the editor shows: a Python file, or one code cell of a notebook."""

    uri: str
    text: str
    version: int | None = None


@dataclass(frozen=True)
class Program:
    """What the engine checks for one open file, and the parts it came from."""

    uri: str  # the document's, or the notebook's
    path: str  # the file it stands for: where its configuration is found, the path in messages
    parts: tuple[Part, ...]
    notebook: NotebookProgram | None = None

    @classmethod
    def of_document(cls, uri: str, text: str, version: int | None) -> Program:
        return cls(uri, path_of(uri), (Part(uri, text, version),))

    @classmethod
    def of_notebook(cls, uri: str, cells: tuple[Part, ...]) -> Program:
        from zerograd_lint.files.notebook import join_cells

        return cls(uri, path_of(uri), cells, join_cells(enumerate((cell.text for cell in cells), start=1)))

    def older_than(self, other: Program) -> bool:
        """Whether this is an earlier text of the document `other` holds (its version grows with each change)."""
        mine, theirs = self.parts[0].version, other.parts[0].version
        both_documents = self.notebook is None and other.notebook is None
        return both_documents and self.uri == other.uri and mine is not None and theirs is not None and mine < theirs

    @property
    def source(self) -> str:
        return self.parts[0].text if self.notebook is None else self.notebook.source

    def locate(self, report: Diagnostic) -> tuple[Part, Diagnostic]:
        """The part a report on the program belongs to, and the report in that part's lines."""
        if self.notebook is None:
            return self.parts[0], report
        from zerograd_lint.files.notebook import in_cell

        in_part = in_cell(report, self.notebook)
        return self.parts[(in_part.cell or 1) - 1], in_part

    def changed_parts(self, fixed: str) -> list[tuple[Part, str]]:
        """Each part whose text differs once the program's source is `fixed`, with its new text."""
        if self.notebook is None:
            return [(self.parts[0], fixed)] if fixed != self.parts[0].text else []
        from zerograd_lint.files.notebook_fixes import fixed_cells

        texts = fixed_cells(self.notebook, fixed, [part.text for part in self.parts])
        return [(part, texts[number]) for number, part in enumerate(self.parts, start=1) if texts.get(number, part.text) != part.text]


@dataclass(frozen=True)
class Checked:
    """A program as checked: the reports shown for it, and what the next check may carry over."""

    program: Program
    selection: Selection  # the codes checked, with ZG000 to know whether the text parses (none for an excluded file)
    reports: tuple[Diagnostic, ...]
    parses: bool
    last_parsed: Checked | None = None  # when this text does not parse: the last check of this file whose text did

    def fix(self, report: Diagnostic) -> str | None:
        """The program's source with the fix for one report (unsafe ones too: the user picks it); None if it cannot be fixed."""
        if not self.parses:
            return None
        from zerograd_lint.core.fixing import checked_fix
        from zerograd_lint.fixes.edit import CannotFix

        try:
            fixed, _, _ = checked_fix(self.program.source, report, list(self.reports), self.program.path, self.selection)
        except CannotFix:
            return None
        return fixed

    def fix_all(self) -> str | None:
        """The program's source with every safe fix applied, as `check --fix` applies them; None if none applies."""
        if not self.parses:
            return None
        from zerograd_lint.core.fixing import fix_source

        outcome = fix_source(self.program.source, self.program.path, self.selection, reports=list(self.reports))
        return outcome.source if outcome.changed else None

    def safely_fixable(self) -> bool:
        from zerograd_lint.fixes import may_fix

        return self.parses and any(may_fix(d, unsafe=False) for d in self.reports)


def path_of(uri: str) -> str:
    """The file a document stands for (its URI when it has none, as for an unsaved buffer)."""
    return to_fs_path(uri) or uri


def is_python(uri: str, language_id: str | None) -> bool:
    """Whether an open text document is checked: Python by the editor's word or by its name."""
    return language_id == "python" or uri.endswith(PYTHON_SUFFIXES)


def selection_for(path: str) -> Selection | None:
    """The codes `check` would check in the file (None: its configuration excludes it); ConfigError when the
    configuration is broken."""
    return buffer_selection(path, settings_for(path if Path(path).is_absolute() else None))


def warm_checks() -> None:
    """Import the analysis and the rules, as the first check would, and the pages its reports link to. What the
    imports build is never garbage: the collector stays off meanwhile (some 50 collections, 10-17 ms of CPU on the
    way to the first diagnostics), and what they built is frozen out of its later walks, as a worker's is."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        import zerograd_lint.core.engine  # noqa: F401
        import zerograd_lint.rules.pages  # noqa: F401
        from zerograd_lint.rules import all_rules

        all_rules()
    finally:
        gc.freeze()
        if collecting:
            gc.enable()


def warm() -> None:
    """Import what the first check, the first notebook and the first code action would."""
    import zerograd_lint.files.notebook
    import zerograd_lint.files.notebook_fixes  # noqa: F401

    warm_checks()


def check_program(program: Program, selection: Selection | None, previous: Checked | None) -> Checked:
    """Check a program; when it does not parse, keep the last parsed text's reports on the lines left as they were.

    `selection` None: the configuration excludes the file, nothing is reported.
    """
    if selection is None:
        return Checked(program, Selection(select=()), (), parses=True)
    checked = Selection(select=tuple(sorted(selection.codes() | {PARSE_ERROR})))  # to know whether it parses
    reports = lint_python(program.source, program.path, checked)
    errors = [d for d in reports if d.code == PARSE_ERROR]
    if not errors:
        return Checked(program, checked, tuple(reports), parses=True)
    shown = errors if PARSE_ERROR in selection.codes() else []
    last_parsed = None if previous is None else previous if previous.parses else previous.last_parsed
    if last_parsed is not None:
        shown += carried_over(last_parsed.reports, last_parsed.program.source, program.source)
    return Checked(program, checked, tuple(sorted(shown, key=lambda d: d.sort_key)), parses=False, last_parsed=last_parsed)


def carried_over(reports: tuple[Diagnostic, ...], old: str, new: str) -> list[Diagnostic]:
    """The reports on `old` whose lines are all still in `new`, unchanged, moved to where they are now."""
    moved: dict[int, int] = {}  # 1-based line in old -> in new
    matcher = difflib.SequenceMatcher(a=lines_of(old), b=lines_of(new), autojunk=False)
    for old_start, new_start, size in matcher.get_matching_blocks():
        moved.update((old_start + k + 1, new_start + k + 1) for k in range(size))
    kept = []
    for d in reports:
        lines = range(d.line, d.end_line + 1)
        if all(line in moved for line in lines) and moved[d.end_line] - moved[d.line] == d.end_line - d.line:
            kept.append(replace(d, line=moved[d.line], end_line=moved[d.end_line]))
    return kept
