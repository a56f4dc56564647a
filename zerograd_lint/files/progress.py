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
ERASE_LINE = "\r\x1b[K"


def wants_progress(stream: TextIO, file_count: int) -> bool:
    return file_count >= MIN_FILES and stream.isatty()


class Progress:
    """`[ done/total] label`, redrawn in place; `advance` as each item is done."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.stream = stream
        self.done = 0
        self.width = shutil.get_terminal_size().columns - 1
        self.last_draw = float("-inf")

    def advance(self, label: object) -> None:
        now = time.monotonic()
        if now - self.last_draw >= REDRAW_SECONDS:
            line = f"[{self.done:>{len(str(self.total))}}/{self.total}] {label}"
            self.stream.write(ERASE_LINE + line[: self.width])
            self.stream.flush()
            self.last_draw = now
        self.done += 1

    def close(self) -> None:
        self.stream.write(ERASE_LINE)
        self.stream.flush()


def tracked(items: Sequence[T], stream: TextIO) -> Iterator[T]:
    """The items, with progress drawn as each one is taken."""
    progress = Progress(len(items), stream)
    try:
        for item in items:
            progress.advance(item)
            yield item
    finally:
        progress.close()
