"""Source files as the tool reads and writes them: decoded the way Python decodes them (PEP 263,
BOM), encoded back the same way, written atomically."""

from __future__ import annotations

import io
import os
import signal
import stat
import threading
import tokenize
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

ASCII = bytes(range(128))
# LibCST needs about 600 bytes of memory per byte of source: beyond this, a file (generated code, never a
# hand-written training script) would need gigabytes. Such a file is not analysed, nor read as a module another
# file imports (`project_index.read_text`: unknown).
MAX_ANALYSED_BYTES = 4 * 2**20


# A file is read as bytes, never translated (Windows' text mode).
READ_FLAGS = os.O_RDONLY | getattr(os, "O_BINARY", 0)


def read_bytes(path: str, size: int = 0) -> bytes:
    """The whole file, in as few system calls as its expected `size` (discovery's look at it) allows: an open, a read
    of that many bytes and one more, the read that finds the end, a close. (`open(path, "rb").readall()` also looks
    at the file twice and asks where it stands: over torch's tree, 7,400 more calls a cold run.)"""
    fd = os.open(path, READ_FLAGS)
    try:
        data = os.read(fd, size + 1)
        while data and (more := os.read(fd, max(len(data), 2**16))):  # grown since it was looked at
            data += more
        return data
    finally:
        os.close(fd)


class UndecodableSource(ValueError):
    """The bytes are not text Python could run (binary, wrong encoding)."""


def decode_source(data: bytes) -> str:
    return decode_with_encoding(data)[0]


def decode_with_encoding(data: bytes) -> tuple[str, str]:
    """The text, and the encoding that writes it back as it was (`utf-8-sig` keeps a BOM)."""
    if b"\x00" in data:
        raise UndecodableSource("file contains null bytes (binary file?)")
    try:
        encoding = declared_encoding(data)
        text = data.decode(encoding)
    except (SyntaxError, LookupError, UnicodeDecodeError) as error:
        raise UndecodableSource(f"cannot decode source: {error}") from None
    if text.startswith("\ufeff"):  # a BOM with a declared `utf-8`: decoded as a character
        return text[1:], "utf-8-sig"
    return text, encoding


def declared_encoding(data: bytes) -> str:
    """The encoding PEP 263 declares (UTF-8 by default). A codec this interpreter does not know is one a package of
    the project registers when installed (`# -*- coding: future_fstrings -*-`, FCGF's: a backport that decodes UTF-8
    and rewrites f-strings for Python < 3.6): its source is read as UTF-8, and is undecodable only if it is not UTF-8."""
    try:
        return tokenize.detect_encoding(io.BytesIO(data).readline)[0]
    except SyntaxError as error:
        if not str(error).startswith("unknown encoding"):
            raise
        return "utf-8"


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
        encoding = declared_encoding(head)
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


def write_atomically(path: Path, data: bytes) -> None:
    """A temp file in the same folder renamed over the target: a reader sees the old file or the new, never half.

    The file keeps its permissions; a Ctrl-C arriving meanwhile waits until the write is done or undone.
    """
    import tempfile  # with random and shutil, ~3 ms the editor's first diagnostics do without: they write nothing

    mode = stat.S_IMODE(path.stat().st_mode) if path.exists() else 0o666 & ~current_umask()
    with interrupts_held():
        handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.chmod(temp, mode)
            os.replace(temp, path)
        except BaseException:
            os.unlink(temp)
            raise


def current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextmanager
def interrupts_held() -> Iterator[None]:
    """Ctrl-C waits until the block is over, then acts as it would have."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    received: list[Any] = []
    previous = signal.signal(signal.SIGINT, lambda *args: received.append(args))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if received and callable(previous):
            previous(*received[0])
