"""The walks over every fix the fixtures and reproductions offer (fixtures/, tests/data/), each file analysed once for
both: the analyses are most of a walk's cost. Every insertion made on the lines is LibCST's text
(`fixes/line_insertion.py`, more in tests/test_line_insertion.py); every suggestion's excerpt knows its statements'
starts (`fixes/suggestions.py`, more in tests/test_suggestions.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from conftest import FIXTURES, REPO
from expect import CLEAN, header_values
from test_speed_analyses import training_functions

from zerograd_lint.analysis import positions
from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.core.engine import analyze_source
from zerograd_lint.fixes import suggestions
from zerograd_lint.fixes.edit import apply_edits
from zerograd_lint.fixes.line_insertion import inserted_line

pytestmark = pytest.mark.slow  # every fixture and reproduction analysed: the quick path's 90 s

# The sets whose files are labelled with the reports each makes analysed alone.
ALONE = {FIXTURES, REPO / "tests" / "data" / "synthetic", REPO / "tests" / "data" / "real_world_cases"}


@pytest.fixture(scope="module")
def fixed_reports() -> list[tuple[Path, str, list[Diagnostic]]]:
    """Each file of fixtures/ and tests/data/ with a report that offers a fix: its path, its text, those reports. A
    copy of an earlier file (its name and text: what its analysis reads) is left out: the project trees repeat 230
    of the 2,574 files, and the analyses are most of the walks' cost. So is a file labelled clean in a set whose
    files are labelled as analysed alone (`ALONE`; their tests hold them to no report, so to no fix): a fifth of the
    files. A module of a project tree or of pending/ is analysed alone here, not as its label says, and is kept."""
    found = []
    seen: set[tuple[str, str]] = set()
    for path in sorted([*FIXTURES.rglob("*.py"), *(REPO / "tests" / "data").rglob("*.py")]):
        source = path.read_text(encoding="utf-8", errors="replace")
        if (path.name, source) in seen or (path.parent in ALONE and CLEAN in header_values(source, "expect")):
            continue
        seen.add((path.name, source))
        reports = [d for d in analyze_source(source, path.name) if d.fix is not None]
        if reports:
            found.append((path, source, reports))
    return found


def test_every_insertion_of_the_fixes_is_libcsts_text(fixed_reports: list[tuple[Path, str, list[Diagnostic]]]) -> None:
    made = 0
    for path, source, reports in fixed_reports:
        lines, starts = source.splitlines(keepends=True), suggestions.statement_starts(source)
        cases = [(source, list(edits), None) for d in reports for edits in d.fix.variants if not isinstance(edits, str)]  # type: ignore[union-attr]
        cases += [(draft.excerpt, list(draft.edits), draft.starts) for d in reports for draft in suggestions.drafts(lines, starts, d)]
        for text, edits, starts_known in cases:
            by_lines = inserted_line(text, edits)
            if by_lines is not None:
                assert by_lines == apply_edits(text, edits, starts_known), (path, edits)
                made += 1
    assert made > 250  # 308 when written: every single insertion of these files


def test_an_excerpts_statement_starts_are_the_files_so_its_suggestion_parses_it_once(
    fixed_reports: list[tuple[Path, str, list[Diagnostic]]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each draft knows the first lines of its excerpt's top-level statements (the file's outline said them): the
    excerpt's own tree, once made to learn them, would say the same; CPython parses the excerpt only where a line is
    inserted on its lines (to learn where it goes), and the suggestion's result."""
    checked = 0
    for path, source, reports in fixed_reports:
        lines, starts = source.splitlines(keepends=True), suggestions.statement_starts(source)
        for draft in (draft for d in reports for draft in suggestions.drafts(lines, starts, d)):
            assert draft.starts == tuple(positions.first_lines(ast.parse(draft.excerpt))), path
            checked += 1
    assert checked > 200
    parsed: list[str] = []
    real_parse = ast.parse
    monkeypatch.setattr(ast, "parse", lambda text, *args, **keywords: parsed.append(text) or real_parse(text, *args, **keywords))
    source = training_functions(6)
    reports = analyze_source(source, "train.py")
    parsed.clear()
    made = [d.suggestion for d in suggestions.suggested(source, reports) if d.suggestion is not None]
    # The file's outline, then each excerpt (where its clear goes, `line_insertion`) and each result's check.
    assert len(made) == 3 and len(parsed) == 1 + 3 * 2
