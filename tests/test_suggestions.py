"""JSON's suggestions: their excerpts start where the file's top-level statements do, found from the file's outline
(its top level without the bodies of its defs and classes), not from a second tree of the whole file."""

from __future__ import annotations

import ast

from conftest import FIXTURES, REPO
from test_speed_analyses import training_functions

from zerograd_lint.analysis.outline import outline
from zerograd_lint.fixes.suggestions import statement_starts


def starts_in_tree(source: str) -> list[int]:
    return [min([s.lineno, *(d.lineno for d in getattr(s, "decorator_list", ()))]) for s in ast.parse(source).body]


def test_statement_starts_are_the_whole_trees():
    checked = 0
    for path in sorted([*FIXTURES.rglob("*.py"), *(REPO / "tests" / "data").rglob("*.py")]):
        source = path.read_text(encoding="utf-8", errors="replace")
        try:
            expected = starts_in_tree(source)
        except (SyntaxError, ValueError):
            continue  # no fix is offered in a file that does not parse
        assert statement_starts(source) == expected, path
        checked += 1
    assert checked > 500


def test_the_starts_of_many_functions_cost_a_tree_of_their_headers():
    source = training_functions(200)
    nodes = sum(1 for _ in ast.walk(ast.parse(source)))
    assert sum(1 for _ in ast.walk(ast.parse(outline(source).text))) * 5 < nodes
    assert statement_starts(source) == starts_in_tree(source)
