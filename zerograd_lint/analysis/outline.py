"""A module's top level with the bodies of its defs and classes left out: what the project index parses of a module.

The index asks most modules only for their top-level names (defs, classes, imports, `__all__`), and CPython's
parse of a whole module costs as much as the bodies it holds. Each def or class that starts a line (column 0)
keeps its decorators and header; its body becomes one line `...` and empty lines, so every line stays where it
was and the outline parses to the same top level. Statements inside a top-level `if` or `try` are kept whole.

The top-level statements are found on the code alone (`code_text`: strings and comments blanked): a line
starting at column 0 starts a statement unless it continues one (inside brackets, or after a backslash).
Where the code cannot be told for sure (a quote `code_only` leaves, a lone carriage return or a form feed,
which Python reads as a line break or an indentation reset), nothing is left out.

The same way, for the `.grad` question of a file only the `.grad` rules can report on (`gate.may_read_grad_unguarded`):
the file with every def, at any depth, that holds no `.grad` a loop's variable may make left out (its header and body
one short statement), each line where it was.
"""

from __future__ import annotations

import ast
import re
from bisect import bisect_left
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterator, Sequence, Union

from zerograd_lint.analysis.code_text import code_only
from zerograd_lint.analysis.module_source import absolute

# The line break before a line starting at column 0 (a statement's first line, unless it continues one): a line
# break is searched for fast, where `^` in MULTILINE mode is tried at every byte (a fifth of the time).
LINE_START = re.compile(rb"\n[^ \t\r\n]")
NOT_CODE_AT_0 = b" \t\r\n"
# Every opening bracket as `(`, every closing one as `)`: the depth between two offsets in two counts, not six.
AS_PARENTHESES = bytes.maketrans(b"[{]}", b"(())")
DEF_OR_CLASS = re.compile(rb"(?:async[ \t]+)?(?:def|class)\b")
HEADER_TOKEN = re.compile(rb"[()\[\]{}:]")
OPENING, CLOSING = frozenset(b"([{"), frozenset(b")]}")


@dataclass(frozen=True)
class Outline:
    """The module's text with bodies left out, and for each left out def or class (by its `def`/`class` line) the
    last line before the next top-level statement: its whole statement lies within."""

    text: str
    ends: dict[int, int] = field(default_factory=dict)


@lru_cache(maxsize=512)
def outline(text: str) -> Outline:
    """The outline of a module's text (the text itself, nothing left out, where its code cannot be told for sure);
    each text once per process, as every file importing the module asks."""
    data = text.encode("utf-8", "surrogatepass")
    line_strings: list[int] = []
    code = code_only(data, line_strings)
    if b"'" in code or b'"' in code or b"\x0c" in code or code.count(b"\r") != code.count(b"\r\n"):
        return Outline(text)
    starts = statement_starts(code, line_strings)
    lines = text.split("\n")
    ends: dict[int, int] = {}
    for (start, line), following in zip(starts, [*starts[1:], (len(code), code.count(b"\n") + 2)]):
        if not DEF_OR_CLASS.match(code, start):
            continue
        body = body_line(data, code, start, line)
        last = following[1] - 1  # the line before the next statement (the file's last line at its end)
        if body is None or body > last:
            continue  # a one-line def, or a header the code does not close: kept as it is
        lines[body - 1 : last] = [" ...", *[""] * (last - body)]
        ends[line] = last
    return Outline("\n".join(lines), ends) if ends else Outline(text)


def statement_starts(code: bytes, line_strings: list[int]) -> list[tuple[int, int]]:
    """(offset, line) of each line at column 0 that starts a statement: its code or a string literal starts there,
    outside brackets, after no backslash."""
    found: list[tuple[int, int]] = []
    brackets = code.translate(AS_PARENTHESES)
    first = [0] if code[:1] and code[:1] not in NOT_CODE_AT_0 else []
    depth, line, previous = 0, 1, 0
    for start in sorted([*first, *(match.start() + 1 for match in LINE_START.finditer(code)), *line_strings]):
        line += code.count(b"\n", previous, start)
        depth += brackets.count(b"(", previous, start) - brackets.count(b")", previous, start)
        previous = start
        if depth == 0 and not continued(code, start):
            found.append((start, line))
    return found


def continued(code: bytes, start: int) -> bool:
    """Whether the line before `start` ends with a backslash (its line break escaped)."""
    end = start - 1  # the line break before `start`
    if end > 0 and code[end - 1] == ord("\r"):
        end -= 1
    return end > 0 and code[end - 1] == ord("\\")


def body_line(data: bytes, code: bytes, start: int, line: int) -> int | None:
    """The line after the header of the def or class at `start` (its body's first line), or None when its body is on
    the header's own line (`def f(): return 1`, `class Error(Exception): "A docstring."`) or the header does not
    close."""
    depth = 0
    for token in HEADER_TOKEN.finditer(code, start):
        byte = code[token.start()]
        if byte in OPENING:
            depth += 1
        elif byte in CLOSING:
            depth -= 1
        elif depth == 0:  # the header's colon
            end = code.find(b"\n", token.end())
            rest = slice(token.end(), end if end != -1 else len(code))
            if code[rest].strip() or data[rest].lstrip().startswith((b'"', b"'")) or end == -1:
                return None
            return line + code.count(b"\n", start, token.end()) + 1
    return None


def statement_of(lines: list[str], outlined: ast.stmt, end: int) -> ast.stmt | None:
    """The whole def or class whose body the outline left out (from its decorators to line `end`), parsed alone
    and placed where it is in the module (`lines`: its text split at each line break); None when it does not
    parse."""
    first = min([outlined.lineno, *(d.lineno for d in getattr(outlined, "decorator_list", ()))])
    try:
        tree = ast.parse("\n".join(lines[first - 1 : end]))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    if len(tree.body) != 1:
        return None
    ast.increment_lineno(tree, first - 1)
    return tree.body[0]


# `def` (a pattern that starts with it: `re` skips to it fast), then whether only an indentation and `async` come
# before it on its line.
DEF_WORD = re.compile(rb"def\b")
BEFORE_DEF = re.compile(rb"( *)(?:async[ \t]+)?\Z")
NON_ASCII = re.compile(rb"[\x80-\xff]+")


def without_defs_holding_none(text: str, code: bytes, kept: Sequence[int]) -> str | None:
    """The text with every def, at any depth, that holds none of the offsets `kept` (nor a name with a non-ASCII
    letter, which may be any word in its NFKC form) left out: its header and body become `def _(): ...` on the `def`
    line, then empty lines (every line where it was; decorators stay), or its body alone one line `...` where only
    its header holds one (`def f(x=p.grad):`). What is left parses in a fraction of the time. `code`: the text's
    `code_only`. None where the code cannot be told for sure (as for an outline), or is indented with tabs."""
    if b"'" in code or b'"' in code or b"\x0c" in code or b"\t" in code or code.count(b"\r") != code.count(b"\r\n"):
        return None
    data = text.encode("utf-8", "surrogatepass")
    brackets = code.translate(AS_PARENTHESES)
    offsets = kept if code.isascii() else sorted([*kept, *(match.start() for match in NON_ASCII.finditer(code))])
    lines = text.split("\n")
    depth, line, previous, left_out_to = 0, 1, 0, 0
    for match in DEF_WORD.finditer(code):
        line_start = code.rfind(b"\n", 0, match.start()) + 1
        before = BEFORE_DEF.match(code, line_start, match.start())
        if line_start < left_out_to or before is None:
            continue
        depth += brackets.count(b"(", previous, line_start) - brackets.count(b")", previous, line_start)
        line += code.count(b"\n", previous, line_start)
        previous = line_start
        body = body_line(data, code, match.start(), line) if depth == 0 and not continued(code, line_start) else None
        if body is None:
            continue
        body_start = line_start
        for _ in range(body - line):
            body_start = code.index(b"\n", body_start) + 1
        body_end = block_end(data, code, brackets, body_start, len(before.group(1)))
        if holds_one(offsets, body_start, body_end):
            continue  # a def inside it is looked at in turn
        last = body + code.count(b"\n", body_start, body_end)  # the line after the body's last (1-based)
        if body_end == len(code) and not code.endswith(b"\n"):
            last += 1  # the body's last line is the text's, with no line break after it
        if holds_one(offsets, line_start, body_start):
            lines[body - 1 : last - 1] = [before.group(1).decode() + " ...", *[""] * (last - 1 - body)]
        else:
            lines[line - 1 : last - 1] = [before.group().decode() + "def _(): ...", *[""] * (last - 1 - line)]
        left_out_to = body_end
    return "\n".join(lines)


def holds_one(offsets: Sequence[int], start: int, end: int) -> bool:
    """Whether one of the sorted `offsets` is in `start:end`."""
    at = bisect_left(offsets, start)
    return at < len(offsets) and offsets[at] < end


@lru_cache(maxsize=None)
def dedented_line(indentation: int) -> re.Pattern[bytes]:
    """The line break before a line whose code starts at this column or before."""
    return re.compile(rb"\n {0,%d}[^ \r\n]" % indentation)


def block_end(data: bytes, code: bytes, brackets: bytes, start: int, indentation: int) -> int:
    """Where the block whose first line starts at `start`, under a statement at column `indentation`, ends: at the
    next line whose code starts at that column or before, after nothing but spaces (not a field of an f-string that
    spans lines: its brace, or its literal text, comes first), outside brackets, after no backslash (the text's end
    if none)."""
    depth, previous = 0, start
    for match in dedented_line(indentation).finditer(code, start):
        line_start = match.start() + 1
        depth += brackets.count(b"(", previous, line_start) - brackets.count(b")", previous, line_start)
        previous = line_start
        if depth == 0 and not continued(code, line_start) and not data[line_start : match.end() - 1].strip(b" "):
            return line_start
    return len(code)


def top_level_statements(body: Sequence[ast.stmt]) -> Iterator[ast.stmt]:
    """The module's statements, also inside top-level `if`/`try` (`try: import x except ImportError: ...`)."""
    return (statement for statement, _ in placed_statements(body))


def placed_statements(body: Sequence[ast.stmt], conditional: bool = False) -> Iterator[tuple[ast.stmt, bool]]:
    """The statements of `top_level_statements`, in its order, each with whether it runs on some paths only (inside
    an `if` or a `try`)."""
    for statement in body:
        yield statement, conditional
        if isinstance(statement, ast.If):
            yield from placed_statements([*statement.body, *statement.orelse], True)
        elif isinstance(statement, ast.Try):
            inner = [*statement.body, *statement.orelse, *statement.finalbody]
            yield from placed_statements([*inner, *(s for handler in statement.handlers for s in handler.body)], True)


@dataclass(frozen=True)
class Imported:
    """What an import binds to a name: a module (`name` None) or a name of a module."""

    module: str
    name: str | None = None


def import_froms(body: Sequence[ast.stmt], package: str) -> Iterator[tuple[ast.ImportFrom, str]]:
    for statement in top_level_statements(body):
        if isinstance(statement, ast.ImportFrom):
            module = absolute(statement.module or "", statement.level, package)
            if module is not None:
                yield statement, module


# What a top-level statement binds a name to: an import's `Imported`, or a def or class of the module (its line).
Bound = Union[Imported, int]


def top_level_bindings(body: Sequence[ast.stmt], package: str) -> dict[str, Bound | None]:
    """What each name the top level binds by a def, a class or an import stands for once it has run: the last
    binding, as Python runs them; None where a binding on some paths only differs from the one before it (`if fast:
    from .fused import step else: from .plain import step`, `try: ... except ImportError:`): which one runs is not
    known, and is never guessed."""
    found: dict[str, Bound | None] = {}
    for statement, conditional in placed_statements(body):
        for name, bound in statement_bindings(statement, package):
            found[name] = None if conditional and name in found and found[name] != bound else bound
    return found


def statement_bindings(statement: ast.stmt, package: str) -> Iterator[tuple[str, Bound]]:
    """The names one statement binds by a def, a class or an import (not those of the statements it holds)."""
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        yield statement.name, statement.lineno
    elif isinstance(statement, ast.Import):
        for alias in statement.names:
            first = alias.name.split(".")[0]
            yield (alias.asname, Imported(alias.name)) if alias.asname is not None else (first, Imported(first))
    elif isinstance(statement, ast.ImportFrom):
        module = absolute(statement.module or "", statement.level, package)
        for alias in statement.names if module is not None else ():
            if alias.name != "*":
                yield alias.asname or alias.name, Imported(module, alias.name)


def top_level_imports(body: Sequence[ast.stmt], package: str) -> Iterator[tuple[str, Imported]]:
    """Each name the module's imports bind, with what it stands for."""
    for statement in top_level_statements(body):
        if isinstance(statement, ast.Import):
            for alias in statement.names:
                if alias.asname is not None:
                    yield alias.asname, Imported(alias.name)
                else:
                    first = alias.name.split(".")[0]
                    yield first, Imported(first)  # `import a.b` binds `a`; `a.b` is found as its submodule
    for node, module in import_froms(body, package):
        for alias in node.names:
            if alias.name != "*":
                yield alias.asname or alias.name, Imported(module, alias.name)
