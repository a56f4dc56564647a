"""Deeply nested code: valid Python whose trees are deeper than Python's default recursion allows.

LibCST's visitors recurse, three Python frames per level of nesting, so code
CPython compiles without a blink (350 implicitly concatenated strings, a
500-term sum) overflows the default recursion limit of 1,000 frames. Such a
file is analysed again on a thread of its own, with a large stack and a
raised limit: a cost only the rare deep file pays. Deeper still (over ten
thousand levels) stays a RecursionError for the caller to report.
"""

from __future__ import annotations

import sys
import threading
from typing import Callable, TypeVar

T = TypeVar("T")

STACK_BYTES = 512 * 2**20  # reserved, not used: the pages a deep parse never reaches are never touched
RECURSION_LIMIT = 40_000  # about 13 KiB of stack per frame: room to spare for CPython's own frames
_one_at_a_time = threading.Lock()  # the recursion limit is the interpreter's, not the thread's


def deeper_if_needed(function: Callable[..., T], *args: object) -> T:
    """`function(*args)`, run again on a deep stack if it overflows the recursion limit."""
    try:
        return function(*args)
    except RecursionError:
        return on_deep_stack(function, *args)


def on_deep_stack(function: Callable[..., T], *args: object) -> T:
    """`function(*args)` on a new thread with a large stack and a raised recursion limit; what it
    raises is raised here."""
    outcome: list[T] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            outcome.append(function(*args))
        except BaseException as error:  # handed to the caller's thread
            failure.append(error)

    with _one_at_a_time:
        limit = sys.getrecursionlimit()
        previous_size = threading.stack_size(STACK_BYTES)
        try:
            worker = threading.Thread(target=run, name="zerograd-lint-deep-stack", daemon=True)  # Ctrl-C ends the run
        finally:
            threading.stack_size(previous_size)
        sys.setrecursionlimit(max(limit, RECURSION_LIMIT))
        try:
            worker.start()
            worker.join()
        finally:
            sys.setrecursionlimit(limit)
    if failure:
        raise failure[0]
    return outcome[0]
