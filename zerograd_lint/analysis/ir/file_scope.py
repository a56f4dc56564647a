"""Caches that live as long as the analysis of one file.

A cache keyed by LibCST nodes (they hash by identity) holds every node it is
asked about, and with each node its subtree: kept past the file, a worker or
the editor would hold the last file's tree (about a gigabyte for a 1 MB file)
while it analyses the next, and the interpreter's last collection would walk
it. The engine forgets them all once a file's reports are made; a cache asked
again after that (a fix reading the facts it made) fills anew.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, TypeVar

Function = TypeVar("Function", bound=Callable)

FORGET: list[Callable[[], None]] = []


def for_one_file(function: Function) -> Function:
    """Cache `function` (of LibCST nodes, or of what holds them) until the engine is done with the file."""
    cached = lru_cache(maxsize=None)(function)
    FORGET.append(cached.cache_clear)
    return cached  # type: ignore[return-value]


def forget_the_file() -> None:
    for forget in FORGET:
        forget()
