"""Python source with its strings and comments blanked: the words left are code.

The gate's text stage asks it of the few files whose words pass (a docstring
that shows `loss.backward()` and `optimizer.step()` is no training loop), so
they are ruled out before any parse. One regular expression finds each
comment and string literal from the start; each becomes spaces (its line
breaks kept), so every offset and line stays where it was. Where the tokens
cannot be told apart for sure, the whole text is left as it is, so every word
still counts: a quote that opens no string closing on its line (the file will
not parse), and an f-string whose replacement fields do not close where the
expression found it ends (Python 3.12 lets a field hold the f-string's own
quote: `f"{row["name"]}"`).
"""

from __future__ import annotations

import re

# A comment, or a string literal that closes (the body of each quote unrolled: runs of plain bytes between
# escapes). A quote none of them takes opens a string that does not close: it is left in the text.
TOKEN = re.compile(
    rb"#[^\r\n]*"
    rb"|'''[^'\\]*(?:(?:\\.|'(?!''))[^'\\]*)*'''"
    rb'|"""[^"\\]*(?:(?:\\.|"(?!""))[^"\\]*)*"""'
    rb"|'[^'\\\r\n]*(?:\\.[^'\\\r\n]*)*'"
    rb'|"[^"\\\r\n]*(?:\\.[^"\\\r\n]*)*"',
    re.S,
)
BLANK = bytes(byte if byte in b"\r\n" else ord(" ") for byte in range(256))
QUOTES = frozenset(b"'\"")
OPEN, CLOSE, NEWLINE = ord("{"), ord("}"), ord("\n")
FIELD_BYTE = re.compile(rb"[{}'\"]")


def code_only(data: bytes, line_strings: list[int] | None = None) -> bytes:
    """The text with every comment and string literal blanked; the text as it is if any token cannot be told for sure.
    `line_strings` takes the offset of each string literal that starts a line (blanked, it no longer shows that a
    statement may start there)."""
    uncertain = False

    def blanked(match: re.Match[bytes]) -> bytes:
        nonlocal uncertain
        token = match.group()
        if OPEN in token and token[0] in QUOTES and is_f_string(data, match.start()) and not fields_close(token):
            uncertain = True
        if line_strings is not None and token[0] in QUOTES and (match.start() == 0 or data[match.start() - 1] == NEWLINE):
            line_strings.append(match.start())
        return token.translate(BLANK)

    code = TOKEN.sub(blanked, data)
    if uncertain or b"'" in code or b'"' in code:  # a quote left: a string that does not close (the file will not parse)
        return data
    return code


def is_f_string(data: bytes, quote: int) -> bool:
    """Whether the string opening at `quote` may be an f-string: an `f` in the two bytes before it (`f"`, `rf"`,
    also the end of a name such as `if"`: counted, which only asks for more care)."""
    return b"f" in data[max(0, quote - 2) : quote].lower()


def fields_close(token: bytes) -> bool:
    """Whether every replacement field of an f-string closes inside it: `{{` and `}}` are literal braces; inside a
    field, braces nest and a string of the other quote is skipped whole."""
    depth, index = 0, 0
    while (found := FIELD_BYTE.search(token, index)) is not None:
        at = found.start()
        byte, index = token[at], at + 1
        if depth == 0:
            if token[index : index + 1] == bytes([byte]) and byte in (OPEN, CLOSE):
                index += 1  # a doubled brace: literal
            elif byte == OPEN:
                depth = 1
            elif byte == CLOSE:
                return False
        elif byte in QUOTES:
            closing = token.find(bytes([byte]), index)
            if closing < 0:
                return False
            index = closing + 1
        else:
            depth += 1 if byte == OPEN else -1
    return depth == 0
