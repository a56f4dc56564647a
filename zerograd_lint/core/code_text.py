"""Python source with its strings and comments blanked: the words left are code.

The gate's text stage asks it of the few files whose words pass (a docstring
that shows `loss.backward()` and `optimizer.step()` is no training loop), so
they are ruled out before any parse. One regular expression finds each
comment and string literal from the start; each becomes spaces (its line
breaks kept), so every offset and line stays where it was. Where the tokens
cannot be told apart for sure, the rest of the text is left as it is, so a
word there still counts: a string that does not close (the file will not
parse), and an f-string whose replacement fields do not close where the
expression found it ends (Python 3.12 lets a field hold the f-string's own
quote: `f"{row["name"]}"`).
"""

from __future__ import annotations

import re

# A comment, or a string literal that closes (the body of each quote, unrolled: runs of plain bytes between
# escapes); a quote that opens none of those is an unclosed string.
TOKEN = re.compile(
    rb"#[^\r\n]*"
    rb"|'''[^'\\]*(?:(?:\\.|'(?!''))[^'\\]*)*'''"
    rb'|"""[^"\\]*(?:(?:\\.|"(?!""))[^"\\]*)*"""'
    rb"|'[^'\\\r\n]*(?:\\.[^'\\\r\n]*)*'"
    rb'|"[^"\\\r\n]*(?:\\.[^"\\\r\n]*)*"'
    rb"|(?P<unclosed>['\"])",
    re.S,
)
BLANK = bytes(byte if byte in b"\r\n" else ord(" ") for byte in range(256))
QUOTES = frozenset(b"'\"")
OPEN, CLOSE = ord("{"), ord("}")


def code_only(data: bytes) -> bytes:
    """The text with every comment and string literal blanked, up to the first token that cannot be told for sure."""
    pieces: list[bytes] = []
    end = 0
    for match in TOKEN.finditer(data):
        token = match.group()
        if match.lastgroup == "unclosed" or (token[0] in QUOTES and is_f_string(data, match.start()) and not fields_close(token)):
            break
        pieces += (data[end : match.start()], token.translate(BLANK))
        end = match.end()
    pieces.append(data[end:])
    return b"".join(pieces)


def is_f_string(data: bytes, quote: int) -> bool:
    """Whether the string opening at `quote` may be an f-string: an `f` in the two bytes before it (`f"`, `rf"`,
    also the end of a name such as `if"`: counted, which only asks for more care)."""
    return b"f" in data[max(0, quote - 2) : quote].lower()


def fields_close(token: bytes) -> bool:
    """Whether every replacement field of an f-string closes inside it: `{{` and `}}` are literal braces; inside a
    field, braces nest and a string of the other quote is skipped whole."""
    depth, index = 0, 0
    while index < len(token):
        byte = token[index]
        if depth == 0:
            if byte in (OPEN, CLOSE) and token[index + 1 : index + 2] == bytes([byte]):
                index += 1  # a doubled brace: literal
            elif byte == OPEN:
                depth = 1
            elif byte == CLOSE:
                return False
        elif byte in QUOTES:
            closing = token.find(bytes([byte]), index + 1)
            if closing < 0:
                return False
            index = closing
        elif byte == OPEN:
            depth += 1
        elif byte == CLOSE:
            depth -= 1
        index += 1
    return depth == 0
