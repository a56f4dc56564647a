"""A statement inserted on the source's lines (`fixes/line_insertion.py`) is the text LibCST's applier writes: over
every insertion the fixes of fixtures/ and tests/data/ make, on the whole file and on each suggestion's excerpt
(tests/test_fix_walks.py), and over shapes around a block's edges where the lines decide or LibCST must."""

from __future__ import annotations

import pytest
import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider
from test_speed_analyses import training_functions

from zerograd_lint.analysis import parsing
from zerograd_lint.core.engine import analyze_source
from zerograd_lint.fixes import suggestions
from zerograd_lint.fixes.edit import INSERT_AFTER, INSERT_BEFORE, INSERT_FIRST, Edit, apply_edits, path_to
from zerograd_lint.fixes.line_insertion import inserted_line

CLEAR = "optimizer.zero_grad()"


def edit_at(source: str, op: str, kind: str, line: int, code: str = CLEAR) -> Edit:
    """The edit of the node of `kind` that starts on `line`, as a rule makes it (its span, its path)."""
    module = cst.parse_module(source)
    ranges = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    node = next(node for node, where in ranges.items() if type(node).__name__ == kind and where.start.line == line)
    top = next(statement for statement in module.body if path_to(statement, node) is not None)
    path = path_to(top, node)
    assert path is not None
    where = ranges[node]
    return Edit(op, kind, (where.start.line, where.start.column + 1, where.end.line, where.end.column + 1), code, path)


LOOP = "for x in loader:\n{body}"
SHAPES = {
    # name: (source, op, kind, line, made on the lines)
    "first in a loop": (LOOP.format(body="    loss = model(x)\n    loss.backward()\n"), INSERT_FIRST, "For", 1, True),
    "first, under comments and blank lines": (
        "for x in loader:  # batches\n    # the batch\n\n# column 0\n        # deeper\n    loss = model(x)\n",
        INSERT_FIRST, "For", 1, True,
    ),
    "first under a header on several lines": ("for x in zip(\n    a,\n    b,\n):\n    loss = model(x)\n", INSERT_FIRST, "For", 1, True),
    "first in a while with an else": ("while go:\n    step()\nelse:\n    done()\n", INSERT_FIRST, "While", 1, True),
    "first in an async for": ("async def f():\n    async for x in loader:\n        await g(x)\n", INSERT_FIRST, "For", 2, True),
    "first in a def, after its docstring": ('def f():\n    """Doc."""\n    # c\n\n    run()\n', INSERT_FIRST, "FunctionDef", 1, True),
    "first in a def, after a bytes docstring": ("def f():\n    b'doc'\n    run()\n", INSERT_FIRST, "FunctionDef", 1, True),
    "first in a def, after concatenated strings": ('def f():\n    ("a"\n     "b")\n    run()\n', INSERT_FIRST, "FunctionDef", 1, True),
    "first in a def whose first statement is a number": ("def f():\n    1\n    run()\n", INSERT_FIRST, "FunctionDef", 1, True),
    "first in a def with an f-string first": ('def f():\n    f"{x}"\n    run()\n', INSERT_FIRST, "FunctionDef", 1, False),
    "first in a def of a docstring alone": ('def f():\n    """Doc."""\n', INSERT_FIRST, "FunctionDef", 1, False),
    "first in an async def": ("async def f():\n    await g()\n", INSERT_FIRST, "FunctionDef", 1, True),
    "first in a one-line loop": ("for x in loader: step(x)\n", INSERT_FIRST, "For", 1, False),
    "first in a loop whose body is decorated": ("for x in y:\n    @d\n    def g():\n        pass\n", INSERT_FIRST, "For", 1, False),
    "before, under comments after a statement": (
        LOOP.format(body="    loss = model(x)\n\n    # back\n  # less\n    loss.backward()\n"), INSERT_BEFORE, "SimpleStatementLine", 6, True,
    ),
    "before, after a statement on several lines": (
        LOOP.format(body="    loss = f(\n        x,\n    )\n    loss.backward()\n"), INSERT_BEFORE, "SimpleStatementLine", 5, True,
    ),
    "before, right after a block": (
        LOOP.format(body="    if x:\n        y()\n    loss.backward()\n"), INSERT_BEFORE, "SimpleStatementLine", 4, True,
    ),
    "before, after a block and a comment": (
        LOOP.format(body="    if x:\n        y()\n        # deeper\n    loss.backward()\n"), INSERT_BEFORE, "SimpleStatementLine", 5, False,
    ),
    "before, after a block and a blank line": (
        LOOP.format(body="    if x:\n        y()\n\n    loss.backward()\n"), INSERT_BEFORE, "SimpleStatementLine", 5, False,
    ),
    "before, after a string whose last line looks like a comment": (
        'x = """\nabc\n# a"""\nrun()\n', INSERT_BEFORE, "SimpleStatementLine", 4, True,
    ),
    "first, under a header whose string's last line looks like a comment": (
        'for x in f("""\nabc\n# a"""):\n    # c\n    loss = model(x)\n', INSERT_FIRST, "For", 1, False,
    ),
    "first, under a quoted comment": ("for x in y:\n    # 'c'\n    loss = model(x)\n", INSERT_FIRST, "For", 1, False),
    "before a `;` line": (LOOP.format(body="    a()\n    b(); c()\n"), INSERT_BEFORE, "SimpleStatementLine", 3, True),
    "before, after a `;` line": (LOOP.format(body="    a(); b()\n    c()\n"), INSERT_BEFORE, "SimpleStatementLine", 3, True),
    "before, after a backslash": (LOOP.format(body="    a = 1 + \\\n        2\n    c()\n"), INSERT_BEFORE, "SimpleStatementLine", 4, True),
    "before, after a line continued after a `;`": ("a = 1; \\\nb = 2\nc()\n", INSERT_BEFORE, "SimpleStatementLine", 3, True),
    "before, the first of the source": ("# head\nc()\n", INSERT_BEFORE, "SimpleStatementLine", 2, False),
    "before, in a handler": (
        "try:\n    a()\nexcept E:\n    b()\n    c()\nfinally:\n    d()\n", INSERT_BEFORE, "SimpleStatementLine", 5, True,
    ),
    "before, in a case": ("match x:\n    case 1:\n        a()\n        b()\n", INSERT_BEFORE, "SimpleStatementLine", 4, True),
    "after a statement": (LOOP.format(body="    optimizer.step()\n    log()\n"), INSERT_AFTER, "SimpleStatementLine", 2, True),
    "after the last of a block, before comments": (
        "for x in y:\n    if i % 4 == 0:\n        optimizer.step()  # apply\n        # deeper\n    # same\n\n# column 0\nrest()\n",
        INSERT_AFTER, "SimpleStatementLine", 3, True,
    ),
    "after the last of the source": ("optimizer.step()\n# end\n", INSERT_AFTER, "SimpleStatementLine", 1, True),
    "after a statement on several lines": (LOOP.format(body="    optimizer.step(\n        closure,\n    )\n"), INSERT_AFTER, "SimpleStatementLine", 2, True),
    "after a `;` line": (LOOP.format(body="    optimizer.step(); log()\n"), INSERT_AFTER, "SimpleStatementLine", 2, False),
    "after a line continued after a `;`": ("a = 1; \\\nb = 2\nc()\n", INSERT_AFTER, "SimpleStatementLine", 1, False),
    "indented with tabs": ("for x in y:\n\tstep()\n", INSERT_FIRST, "For", 1, False),
    "a carriage return": ("for x in y:\r\n    step()\r\n", INSERT_FIRST, "For", 1, False),
    "no newline at the end": ("for x in y:\n    step()", INSERT_AFTER, "SimpleStatementLine", 2, False),
    "a form feed": ("a()\n\f\nfor x in y:\n    step()\n", INSERT_FIRST, "For", 3, False),
}


@pytest.mark.parametrize("name", SHAPES)
def test_an_insertion_on_the_lines_is_libcsts_text(name: str) -> None:
    source, op, kind, line, on_the_lines = SHAPES[name]
    edits = [edit_at(source, op, kind, line)]
    by_lines = inserted_line(source, edits)
    assert (by_lines is not None) == on_the_lines
    if by_lines is not None:
        assert by_lines == apply_edits(source, edits)


def test_other_edits_and_statements_are_left_to_libcst() -> None:
    source = LOOP.format(body="    step()\n")
    first = edit_at(source, INSERT_FIRST, "For", 1)
    assert inserted_line(source, [first, edit_at(source, INSERT_AFTER, "SimpleStatementLine", 2)]) is None
    assert inserted_line(source, [edit_at(source, INSERT_FIRST, "For", 1, code="optimizer.zero_grad( )  # c")]) is not None
    assert inserted_line(source, [Edit("remove", "SimpleStatementLine", (2, 5, 2, 11), path=(1, 0))]) is None
    assert inserted_line("while x:\n    step()\n", [first]) is None  # the edit's loop is not there: LibCST says why


def test_suggestions_of_clears_parse_no_excerpt_with_libcst(monkeypatch: pytest.MonkeyPatch) -> None:
    """ZG101's clear first in a loop, JSON's common fix, is made on the excerpt's lines."""
    source = training_functions(6)
    reports = analyze_source(source, "train.py")
    parsed: list[str] = []
    real_parse = parsing.libcst_parse
    monkeypatch.setattr(parsing, "libcst_parse", lambda text: parsed.append(text) or real_parse(text))
    monkeypatch.setattr("zerograd_lint.fixes.edit.libcst_parse", parsing.libcst_parse)
    made = [d.suggestion for d in suggestions.suggested(source, reports) if d.suggestion is not None]
    assert len(made) == 3 and parsed == []
    assert all(s.edits[0].content == "        optimizer.zero_grad()\n" for s in made)
