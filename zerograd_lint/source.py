"""Bytes to text, the way Python itself decodes a source file (PEP 263, BOM)."""

from __future__ import annotations

import io
import tokenize


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
