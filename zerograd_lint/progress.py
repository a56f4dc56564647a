"""A progress line on stderr for large runs a person watches in a terminal.

It is drawn only when stderr is a terminal, redrawn in place at most ten
times a second, and erased at the end, so it never mixes into a report.
"""

from __future__ import annotations

import shutil
import time
from typing import Iterator, Sequence, TextIO, TypeVar

T = TypeVar("T")

MIN_FILES = 200  # below this a run is over before a progress line could help
REDRAW_SECONDS = 0.1


def wants_progress(stream: TextIO, file_count: int) -> bool:
    return file_count >= MIN_FILES and stream.isatty()


def tracked(items: Sequence[T], stream: TextIO) -> Iterator[T]:
    """The items, with `[ n/total] item` drawn on the stream as each one is taken."""
    total = len(items)
    width = shutil.get_terminal_size().columns - 1
    last_draw = float("-inf")
    try:
        for done, item in enumerate(items):
            now = time.monotonic()
            if now - last_draw >= REDRAW_SECONDS:
                line = f"[{done:>{len(str(total))}}/{total}] {item}"
                stream.write("\r\x1b[K" + line[:width])
                stream.flush()
                last_draw = now
            yield item
    finally:
        stream.write("\r\x1b[K")
        stream.flush()
