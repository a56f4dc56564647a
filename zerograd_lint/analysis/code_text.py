"""Python source with its strings and comments blanked: the words left are code.

The gate's text stage asks it of the few files whose words pass (a docstring
that shows `loss.backward()` and `optimizer.step()` is no training loop), so
they are ruled out before any parse. One regular expression finds each
comment and string literal from the start; each becomes spaces (its line
breaks kept), so every offset and line stays where it was. An f-string's
replacement fields are code (`f"{param.grad.norm()}"` reads a gradient): the
expression of each field is kept, its own strings blanked in turn, while the
literal text, the conversion and the format spec are blanked. Where the tokens
cannot be told apart for sure, the whole text is left as it is, so every word
still counts: a quote that opens no string closing on its line (the file will
not parse), and an f-string whose replacement fields do not close where the
expression found it ends (Python 3.12 lets a field hold the f-string's own
quote: `f"{row["name"]}"`).
"""

from __future__ import annotations

import re

# A string literal that closes, by its opening quotes (the body of each quote unrolled: runs of plain bytes
# between escapes).
STRING_PATTERNS = {
    b"'''": rb"'''[^'\\]*(?:(?:\\.|'(?!''))[^'\\]*)*'''",
    b'"""': rb'"""[^"\\]*(?:(?:\\.|"(?!""))[^"\\]*)*"""',
    b"'": rb"'[^'\\\r\n]*(?:\\.[^'\\\r\n]*)*'",
    b'"': rb'"[^"\\\r\n]*(?:\\.[^"\\\r\n]*)*"',
}
STRINGS = {quotes: re.compile(pattern, re.S) for quotes, pattern in STRING_PATTERNS.items()}
# A comment, or a string literal that closes. A quote none of them takes opens a string that does not close: it is
# left in the text.
TOKEN = re.compile(b"|".join([rb"#[^\r\n]*", *STRING_PATTERNS.values()]), re.S)
# The letters right before a quote when they are the string's prefix: not the end of a longer name (`if"x"`).
PREFIX = re.compile(rb"(?<![\w\x80-\xff])[rRbBuUfF]{1,2}\Z")
BLANK = bytes(byte if byte in b"\r\n" else ord(" ") for byte in range(256))
QUOTES = frozenset(b"'\"")
WORD = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")  # the bytes of an ASCII name
OPEN, CLOSE, BACKSLASH, NEWLINE = ord("{"), ord("}"), ord("\\"), ord("\n")
BRACKETS_OPEN, BRACKETS_CLOSE = frozenset(b"([{"), frozenset(b")]}")
SPACES, CONVERSION = re.compile(rb"[ \t]*"), re.compile(rb"[a-z]*")
# What a literal's text or a field's expression is read for, byte by byte; every other byte is passed over.
LITERAL_SPECIAL = re.compile(rb"[\\{}]")
FIELD_SPECIAL = re.compile(rb"['\"#()\[\]{}:!=]")


class Unclear(Exception):
    """An f-string whose fields cannot be told apart for sure."""


def code_only(data: bytes, line_strings: list[int] | None = None) -> bytes:
    """The text with every comment and string literal blanked (an f-string's field expressions kept); the text as
    it is if any token cannot be told for sure. `line_strings` takes the offset of each string literal that starts
    a line (blanked, it no longer shows that a statement may start there)."""
    uncertain = False

    def blanked(match: re.Match[bytes]) -> bytes:
        nonlocal uncertain
        token = match.group()
        if token[0] not in QUOTES:  # a comment
            return token.translate(BLANK)
        if line_strings is not None and (match.start() == 0 or data[match.start() - 1] == NEWLINE):
            line_strings.append(match.start())
        if OPEN not in token:  # no field, whatever its prefix (most strings: their prefix is not looked for)
            return token.translate(BLANK)
        prefix = string_prefix(data, match.start())
        if b"f" not in prefix:
            return token.translate(BLANK)
        try:
            return kept(token, f_string_code(token, 0, raw=b"r" in prefix))
        except Unclear:
            uncertain = True
            return token

    code = TOKEN.sub(blanked, data)
    if uncertain or b"'" in code or b'"' in code:  # a quote left: a string that does not close (the file will not parse)
        return data
    return code


def string_prefix(data: bytes, quote: int) -> bytes:
    """The prefix letters, lower case, of the string whose quote is at `quote` (`b""` for none)."""
    found = PREFIX.search(data, max(0, quote - 3), quote)
    return found.group().lower() if found else b""


def kept(token: bytes, spans: list[tuple[int, int]]) -> bytes:
    """The token blanked but for these spans."""
    code = bytearray(token.translate(BLANK))
    for start, end in spans:
        code[start:end] = token[start:end]
    return bytes(code)


def f_string_code(text: bytes, quote: int, raw: bool) -> list[tuple[int, int]]:
    """The spans of `text` that are code in the f-string opening at `quote`: its fields' expressions less their
    strings (an f-string among them gives its own fields' expressions)."""
    width = 3 if text[quote : quote + 3] in (b"'''", b'"""') else 1
    end = string_end(text, quote)
    spans: list[tuple[int, int]] = []
    if literal_end(text, quote + width, end - width, raw, spans, in_spec=False) != end - width:
        raise Unclear
    return spans


def string_end(text: bytes, quote: int) -> int:
    """Where the string opening at `quote` ends (after its closing quote)."""
    delimiter = text[quote : quote + 3] if text[quote : quote + 3] in (b"'''", b'"""') else text[quote : quote + 1]
    found = STRINGS[delimiter].match(text, quote)
    if found is None:
        raise Unclear
    return found.end()


def literal_end(text: bytes, index: int, end: int, raw: bool, spans: list[tuple[int, int]], in_spec: bool) -> int:
    """Where the literal text from `index` ends: at `end`, or in a format spec at the field's `}`. `{{` and `}}`
    are literal braces, `\\N{...}` a named character; each field's expression spans go to `spans`."""
    while index < end:
        special = LITERAL_SPECIAL.search(text, index, end)  # the bytes between are literal text
        if special is None:
            return end
        index = special.start()
        byte = text[index]
        if byte == BACKSLASH and not raw:
            index = named_character_end(text, index) if text.startswith(b"N{", index + 1) else index + 2
        elif byte == OPEN and not in_spec and text[index + 1 : index + 2] == b"{":
            index += 2
        elif byte == OPEN:
            index = field_end(text, index + 1, end, raw, spans)
        elif byte == CLOSE and in_spec:
            return index
        elif byte == CLOSE:
            if text[index + 1 : index + 2] != b"}":
                raise Unclear
            index += 2
        else:
            index += 1
    return index


def named_character_end(text: bytes, index: int) -> int:
    """Where the `\\N{NAME}` escape at `index` ends."""
    closing = text.find(b"}", index)
    if closing < 0:
        raise Unclear
    return closing + 1


def field_end(text: bytes, index: int, end: int, raw: bool, spans: list[tuple[int, int]]) -> int:
    """Where the replacement field whose expression starts at `index` ends (after its `}`): the expression runs
    to a `}`, a conversion `!`, a format spec `:` or a debugging `=` outside brackets."""
    depth, start = 0, index
    while index < end:
        special = FIELD_SPECIAL.search(text, index, end)  # the bytes between neither nest nor end the expression
        if special is None:
            break
        index = special.start()
        byte = text[index]
        if byte in QUOTES:
            spans.append((start, index))
            closing = string_end(text, index)
            if closing > end:
                raise Unclear
            if b"f" in string_prefix(text, index):
                spans.extend(f_string_code(text, index, raw=b"r" in string_prefix(text, index)))
            index = start = closing
            continue
        if byte == ord("#"):
            raise Unclear  # a comment in a field: Python 3.12 only, across lines
        if byte in BRACKETS_OPEN:
            depth += 1
        elif byte in BRACKETS_CLOSE and depth:
            depth -= 1
        elif depth == 0 and ends_expression(text, index):
            spans.append((start, index))
            return field_close(text, index, end, raw, spans)
        index += 1
    raise Unclear


def field_close(text: bytes, index: int, end: int, raw: bool, spans: list[tuple[int, int]]) -> int:
    """Where the field ends (after its `}`), from the end of its expression at `index`: a debugging `=`, then a
    conversion (`!r`), then a format spec (literal text with fields of its own)."""
    if text[index] == ord("="):
        index = SPACES.match(text, index + 1).end()
    if text[index : index + 1] == b"!":
        index = CONVERSION.match(text, index + 1).end()
    if text[index : index + 1] == b":":
        index = literal_end(text, index + 1, end, raw, spans, in_spec=True)
    if index >= end or text[index] != CLOSE:
        raise Unclear
    return index + 1


def ends_expression(text: bytes, index: int) -> bool:
    """Whether the byte at `index`, outside brackets, ends a field's expression."""
    byte, following = text[index], text[index + 1 : index + 2]
    if byte in (CLOSE, ord(":")):
        return True
    if byte == ord("!"):
        return following != b"="
    if byte == ord("="):
        after = SPACES.match(text, index + 1).end()
        return text[index - 1 : index] not in (b"=", b"!", b"<", b">") and text[after : after + 1] in (b"}", b"!", b":")
    return False


# The words of a def's code (its strings and comments blanked) that may matter to the lifecycle: it backwards,
# steps, clears, clips, writes gradients by hand (`p.grad = g`, `p.grad.data.copy_(g)`, `p.grad = None`: FedNTD's
# `assign_grads` between the clear and the step), or builds (or returns) an optimizer, a scheduler or a scaler.
FOLLOWED_WORDS = re.compile(
    rb"backward\(|\.step\(|zero_grad|clip_grad|unscale_|optim\.|Optimizer|Adam|SGD|lr_scheduler|LR\(|Scaler\("
    rb"|\.grad(?:\.data)?(?:\s*=(?!=)|\.(?:copy_|zero_)\()"
)


def words_may_matter(text: str) -> bool:
    """Whether the words of a text's code (its strings and comments blanked) may matter to the lifecycle."""
    return FOLLOWED_WORDS.search(code_only(text.encode("utf-8", "surrogatepass"))) is not None
