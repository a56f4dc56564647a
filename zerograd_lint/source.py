"""Bytes to text, the way Python itself decodes a source file (PEP 263, BOM)."""

from __future__ import annotations

import io
import tokenize
from functools import lru_cache

ASCII = bytes(range(128))


class UndecodableSource(ValueError):
    """The bytes are not text Python could run (binary, wrong encoding)."""


def decode_source(data: bytes) -> str:
    if b"\x00" in data:
        raise UndecodableSource("file contains null bytes (binary file?)")
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        text = data.decode(encoding)
    except (SyntaxError, LookupError, UnicodeDecodeError) as error:
        raise UndecodableSource(f"cannot decode source: {error}") from None
    return text.removeprefix("\ufeff")


def ascii_compatible(data: bytes) -> bool:
    """Whether every ASCII word of the decoded text is in the bytes as is.

    True for UTF-8 (the default, BOM or not) and for declared encodings that
    write ASCII as ASCII (latin-1, cp1252, ...); then a search for ASCII
    words can run on the bytes, without decoding.
    """
    head = first_two_lines(data)
    if b"coding" not in head:  # no PEP 263 declaration: UTF-8
        return True
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(head).readline)
    except SyntaxError:
        return False
    return encoding == "utf-8-sig" or writes_ascii_as_ascii(encoding)


def first_two_lines(data: bytes) -> bytes:
    first = data.find(b"\n")
    second = data.find(b"\n", first + 1) if first != -1 else -1
    return data if second == -1 else data[:second]


@lru_cache(maxsize=None)
def writes_ascii_as_ascii(encoding: str) -> bool:
    try:
        return ASCII.decode("ascii").encode(encoding) == ASCII
    except (LookupError, UnicodeError):
        return False
