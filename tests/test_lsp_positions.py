"""Columns between the engine (code points) and an LSP client (code units of the agreed encoding)."""

from __future__ import annotations

import pytest

from zerograd_lint.doors.lsp.positions import from_client, lines_of, lines_with_breaks, to_client

TEXT = 'x = "é😀"; opt.step()\r\nsecond\x0cline\rthird\n'
STEP = TEXT.index("opt")  # 10 code points into the first line


@pytest.mark.parametrize("encoding, character", [("utf-32", STEP), ("utf-16", STEP + 1), ("utf-8", STEP + 1 + 3)])
def test_columns_count_the_encodings_code_units(encoding: str, character: int) -> None:
    lines = lines_of(TEXT)
    assert to_client(lines, 0, STEP, encoding) == (0, character)
    assert from_client(lines, 0, character, encoding) == (0, STEP)


def test_lines_break_where_python_breaks_them_and_positions_stay_in_the_text() -> None:
    lines = lines_of(TEXT)
    assert lines == ['x = "é😀"; opt.step()', "second\x0cline", "third", ""]  # a form feed is no line break
    assert "".join(lines_with_breaks(TEXT)) == TEXT and len(lines_with_breaks(TEXT)) == 3
    assert to_client(lines, 1, 99, "utf-16") == (1, len("second\x0cline"))
    assert to_client(lines, 9, 0, "utf-16") == (3, 0)
    assert from_client(lines, 0, 99, "utf-8") == (0, len(lines[0]))
