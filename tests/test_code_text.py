"""The code alone: strings and comments blanked as Python's tokenizer finds them, offsets and lines kept."""

from __future__ import annotations

import ast
import io
import tokenize

import pytest
from conftest import project_sources

from zerograd_lint.analysis.code_text import code_only
from zerograd_lint.core.gate import NEEDS, gate_of
from zerograd_lint.rules import all_rules

EVERY_CODE = frozenset(rule.code for rule in all_rules())


# Python 3.12 (PEP 701) tokenises an f-string as a start, its parts and fields, and an end; before, it was one
# STRING token. Here the tokens from an f-string's start to its end count as one STRING, as the tokenizer of
# 3.9-3.11 gives it, and its fields come from CPython's tree, whose positions are the same on every Python: the
# expression of each field is code again (its parentheses with it), and each string inside that expression is a
# string again, the innermost first to win. So the same file passes the gate or not whatever Python checks it.
F_STRING_START = getattr(tokenize, "FSTRING_START", None)
F_STRING_END = getattr(tokenize, "FSTRING_END", None)


def strings_and_comments(source: str) -> list[tokenize.TokenInfo]:
    """The STRING and COMMENT tokens of Python's own tokenizer, an f-string one STRING from its start to its end."""
    found: list[tokenize.TokenInfo] = []
    opened: list[tokenize.TokenInfo] = []  # the f-strings open here (a field may hold another)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.ERRORTOKEN and token.string.strip():
            raise tokenize.TokenError("not Python", token.start)  # an unterminated string: left as it is
        if token.type == F_STRING_START:
            opened.append(token)
        elif token.type == F_STRING_END:
            start = opened.pop()
            if not opened:
                found.append(tokenize.TokenInfo(tokenize.STRING, start.string, start.start, token.end, start.line))
        elif not opened and token.type in (tokenize.STRING, tokenize.COMMENT):
            found.append(token)
    return found


def field_regions(tree: ast.AST) -> list[tuple[ast.expr, bool]]:
    """Each f-string field's expression (code: True) and each string inside one (False)."""
    regions: list[tuple[ast.expr, bool]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FormattedValue):
            regions.append((node.value, True))
            literal_parts = {id(part) for inner in ast.walk(node.value) if isinstance(inner, ast.JoinedStr) for part in inner.values}
            regions.extend(
                (inner, False)
                for inner in ast.walk(node.value)
                if (isinstance(inner, ast.JoinedStr) or isinstance(inner, ast.Constant) and isinstance(inner.value, (str, bytes)))
                and id(inner) not in literal_parts
            )
    return regions


def parentheses_around(text: bytes, start: int, end: int) -> tuple[int, int] | None:
    """The span of the parentheses right around `text[start:end]` (spaces between), if any."""
    before, after = start - 1, end
    while before >= 0 and text[before] in b" \t\r\n":
        before -= 1
    while after < len(text) and text[after] in b" \t\r\n":
        after += 1
    if before >= 0 and text[before] == ord("(") and text[after : after + 1] == b")":
        return before, after + 1
    return None


def blanked_by_the_tokenizer(source: str, tree: ast.Module) -> bytes:
    """The source with each STRING and COMMENT token of Python's own tokenizer blanked (a string's prefix
    letters aside: they are left as they are), line breaks kept; then each f-string field's expression
    (`field_regions`) put back, and the strings inside it blanked again."""
    original = source.encode()
    data = bytearray(original)
    line_starts = [0]
    for line in io.StringIO(source).readlines():
        line_starts.append(line_starts[-1] + len(line.encode()))
    lines = source.splitlines(keepends=True)

    def offset(row: int, column: int) -> int:  # a tokenizer's column counts characters
        return line_starts[row - 1] + len(lines[row - 1][:column].encode())

    def blank(start: int, end: int) -> None:
        start += len(original[start:end]) - len(original[start:end].lstrip(b"rRbBuUfF"))
        data[start:end] = bytes(byte if byte in b"\r\n" else 32 for byte in original[start:end])

    for token in strings_and_comments(source):
        blank(offset(*token.start), offset(*token.end))
    regions = []
    for node, code in field_regions(tree):
        start = line_starts[node.lineno - 1] + node.col_offset  # a tree's column counts bytes
        end = line_starts[node.end_lineno - 1] + node.end_col_offset
        while code and (around := parentheses_around(original, start, end)):
            start, end = around
        regions.append((start, -end, not code))
    for start, negative_end, string in sorted(regions):  # outer first, so the innermost wins
        if string:
            blank(start, -negative_end)
        else:
            data[start:-negative_end] = original[start:-negative_end]
    return bytes(data)


@pytest.mark.slow  # a walk over every module of the repository (conftest.project_sources)
def test_what_is_blanked_is_what_pythons_tokenizer_calls_strings_and_comments():
    checked = 0
    for path, _, source, tree in project_sources():
        if tree is None:
            continue  # test data that is broken on purpose
        try:
            expected = blanked_by_the_tokenizer(source, tree)
        except (tokenize.TokenError, SyntaxError):
            continue
        assert code_only(source.encode()) == expected, path
        checked += 1
    assert checked > 500


def test_every_offset_and_line_stays_where_it_was():
    data = b'x = "a # b"  # c\r\ns = """one\ntwo"""; t = f"{x!r:>{w}}" + rb\'\\\'\'\n'
    code = code_only(data)
    assert len(code) == len(data) and [i for i, b in enumerate(code) if b in b"\r\n"] == [i for i, b in enumerate(data) if b in b"\r\n"]
    assert code.split(b"\r\n")[0].rstrip() == b"x ="
    assert b"one" not in code and b"two" not in code
    assert code.split(b"\n")[-2] == b"      ; t = f  x     w    + rb    "  # a field's expressions are code, `!r:>` is not


def test_an_f_strings_fields_are_code_and_their_own_strings_are_not():
    data = b'print(f"{name}: {param.grad.abs().mean():.3f} {stats[\'grad\']=} {f\'{step!r}\'}", end="")\n'
    assert code_only(data) == b'print(f  name    param.grad.abs().mean()       stats[      ]    f  step      , end=  )\n'


def test_the_bytes_between_those_a_literal_or_a_field_is_read_for_are_passed_over_as_the_tokenizer_does():
    """Long literal text with escapes and doubled braces, raw f-strings, nested format specs, `!=`, `==` and `=`
    in fields, a dict and a lambda in a field, strings inside fields: what code_only keeps is what Python reads."""
    source = (
        'a = f"a long literal text, {{braces}} and escapes \\\\ \\" then {x} and \\N{BULLET} {y!r} tail"\n'
        "b = rf'raw \\d+ {pattern!r:>{width}} \\w {{}}'\n"
        'c = f"""first line {value:{fill}^{width}.{precision}}\nsecond {d[\'key\']} {e != f} {g == h} {i=}"""\n'
        "d = f'{ {\"k\": [1, (2, 3)]}[\"k\"] } {f\"{inner:{spec}}\"} {(lambda q: q)(1)}'\n"
        "e = f'{x:%Y-%m-%d} {y:#x} {z!s:<10}'  # a comment with f'{not}' in it\n"
    )
    assert code_only(source.encode()) == blanked_by_the_tokenizer(source, ast.parse(source))
    assert b"pattern" in code_only(source.encode()) and b"BULLET" not in code_only(source.encode())


CODE_AFTER = b"\nfor x in loader:\n    loss.backward()\n    opt.step()\n"


def test_where_the_tokens_cannot_be_told_apart_the_text_is_left_as_it_is():
    for uncertain in (
        b's = "not closed\n',  # the file will not parse: its ZG000 is kept
        b"s = '''not closed\n",
        b'name = f"{row["name"]}"  """\n',  # Python 3.12: a field holds the f-string's own quote
        b'name = f"{row[\'}\']["name"]}"  """\n',
    ):
        data = b'"""A docstring."""\n' + uncertain + CODE_AFTER
        assert code_only(data) == data, uncertain


def test_a_training_loop_shown_in_a_docstring_or_a_comment_is_ruled_out_before_any_parse():
    gate = gate_of(EVERY_CODE)
    docstring = b'"""Train:\n\n    for x in loader:\n        loss.backward()\n        opt.step()\n"""\n'
    comment = b"x = 1  # for p in model.parameters(): print(p.grad)\ny = 2  # then opt.zero_grad\n"
    for source in (docstring, comment):
        assert any(need.in_text(source) for need in NEEDS.values())  # the words are there
        assert not gate.in_text(source)
    assert gate.in_text(docstring.replace(b'"""', b"") + CODE_AFTER) == {"lifecycle"}


def test_a_grad_read_inside_an_f_string_still_counts():
    source = b'loss.backward()\nfor name, p in model.named_parameters():\n    print(f"{name}: {p.grad.norm()}")\n'
    assert "grad_reads" in gate_of(EVERY_CODE).in_text(source)
    assert "grad_reads" not in gate_of(EVERY_CODE).in_text(source.replace(b"{p.grad.norm()}", b"p.grad.norm()"))


def test_a_string_naming_parameters_still_counts_for_the_grad_question():
    """`group["params"]` names parameters: only the words `param` may come from a string."""
    source = b'for group in opt.param_groups:\n    for p in group["params"]:\n        print(p.grad)\n'
    assert "grad_reads" in gate_of(EVERY_CODE).in_text(source)
    assert "grad_reads" in gate_of(EVERY_CODE).in_text(source.replace(b"opt.param_groups", b"groups"))
