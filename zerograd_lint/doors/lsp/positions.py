"""Positions as LSP counts them.

Lines break at `\\n`, `\\r\\n` and `\\r` only, as Python's tokenizer breaks them
(`str.splitlines` also breaks at form feeds and other separators, which would
shift every line after one). A column is counted in the code units of the
position encoding agreed with the client (UTF-16 unless it offered another);
the engine counts code points, so a line with an emoji before a report needs
converting.
"""

from __future__ import annotations

import re

LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")
LINE_BREAK = re.compile(r"\r\n|\r|\n")
UTF8, UTF16, UTF32 = "utf-8", "utf-16", "utf-32"


def lines_of(text: str) -> list[str]:
    """The lines without their breaks; a text ending in a break has an empty last line, as in an editor."""
    return LINE_BREAK.split(text)


def lines_with_breaks(text: str) -> list[str]:
    """The lines with their breaks: joined, they give the text back."""
    return LINE.findall(text)


def code_units(text: str, encoding: str) -> int:
    if encoding == UTF8:
        return len(text.encode("utf-8", "surrogatepass"))
    if encoding == UTF32:
        return len(text)
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def to_client(lines: list[str], line: int, column: int, encoding: str) -> tuple[int, int]:
    """A 0-based (line, code point column) as the client's (line, character); clamped into the text."""
    if line >= len(lines):
        return len(lines) - 1, code_units(lines[-1], encoding)
    line = max(line, 0)
    return line, code_units(lines[line][: max(column, 0)], encoding)


def from_client(lines: list[str], line: int, character: int, encoding: str) -> tuple[int, int]:
    """The client's (line, character) as a 0-based (line, code point column); clamped into the text."""
    if line >= len(lines):
        return len(lines) - 1, len(lines[-1])
    text = lines[max(line, 0)]
    counted = 0
    for column, char in enumerate(text):
        if counted >= character:
            return line, column
        counted += code_units(char, encoding)
    return line, len(text)
