"""Counted work: how much analysis one file may cost, the same on any machine under any load.

The analysis spends units as it goes: a statement of the IR built (each inlined copy of a helper's
too), a node interpreted (once per valuation a correlated state carries, once per pass of a loop to
its fixpoint; a loop entered again with a state it settled from before is not run again, one unit per
earlier entry compared: `flow.Settled`). A file whose analysis would spend more than its allowance is
too complex to analyse (ZG000), wherever it runs: no clock decides, so a loaded machine, a slower one or the editor gives the
same reports. The other limits are the file's size and its nesting (the runner and `core/deep_stack.py`).
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Iterator

# About a minute of the costliest analysis measured (200 events under 12 correlated flags in three nested
# loops: 30,000 steps a second on one core of the 2-core bench machine). A hand-written file takes a few
# thousand (the largest of fixtures/, tests/data/ and torch: 4,073), 32 KB of generated training functions
# 12,750, so 4 MiB (the size limit) about 1.6 million.
WORK_LIMIT = 2_000_000


class TooComplex(BaseException):
    """The file's allowance ran out (a BaseException: the analysis's own `except Exception` lets it through)."""


class Allowance(threading.local):
    """The work left to the file analysed in this thread (the editor analyses in a thread of its own)."""

    left: int | None = None  # None: no file is counted (the analysis used as a library, outside `allowance`)


ALLOWANCE = Allowance()


def spend(units: int = 1) -> None:
    """Count work done; raises TooComplex once the file's allowance is spent."""
    left = ALLOWANCE.left
    if left is None:
        return
    left -= units
    ALLOWANCE.left = left
    if left < 0:
        raise TooComplex


def spent() -> int:
    """The units spent so far by the file analysed in this thread (inside `allowance`)."""
    assert ALLOWANCE.left is not None, "no file is counted"
    return WORK_LIMIT - ALLOWANCE.left


@contextmanager
def allowance() -> Iterator[None]:
    """The analysis of one file inside the block may spend `WORK_LIMIT` units."""
    outer, ALLOWANCE.left = ALLOWANCE.left, WORK_LIMIT
    try:
        yield
    finally:
        ALLOWANCE.left = outer


def too_complex() -> str:
    return f"too complex to analyse: its analysis would take over {WORK_LIMIT:,} steps (see the README's limits)"
