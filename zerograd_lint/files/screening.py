"""A large run's text stage, screened ahead in a forked process while this one imports the analysis.

A cold run over a large tree starts with two serial steps on one core: reading
every file and asking the gate's words test of it, and importing LibCST and the
analysis before the workers fork (they inherit it). The other core idles. A
child forked before that import, while this process is still light, reads and
screens every file in the run's order and sends back, for each one, what it
settled (the reports of a file the cache or the text stage answered: most often
none) or that the engine must see it. Meanwhile this process imports the
analysis and starts the workers as the first such files arrive, and reads
those few again itself (their words need no second test), so every task it
makes holds the bytes it read.

Nothing here knows what a report is: `settle` answers for one item, `finish`
runs in the child once every item is settled (it saves the cache's verdicts).
"""

from __future__ import annotations

import os
import pickle
import signal
import time
from typing import Callable, Generator, NoReturn, Sequence, TypeVar

Item = TypeVar("Item")
# How long the parent may wait for answers it has nothing to do with but count (a progress bar moves by them).
PROMPT_SECONDS = 0.05
Settled = TypeVar("Settled")


def screened_ahead(
    items: Sequence[Item], settle: Callable[[Item], Settled | None], finish: Callable[[], None]
) -> Generator[Settled | None, None, None]:
    """`settle(item)` for each item, in order, computed in a forked child; None: settle it here (the child died
    before it got there)."""
    read_end, write_end = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(read_end)
        settle_all(items, settle, finish, write_end)
    os.close(write_end)
    answered = 0
    try:
        with open(read_end, "rb") as results:
            for _ in items:
                try:
                    answer = pickle.load(results)
                except (EOFError, pickle.UnpicklingError):
                    break  # the child died: what it did not settle is settled here
                answered += 1
                yield answer
        for _ in range(answered, len(items)):
            yield None
    finally:
        if answered < len(items):
            os.kill(child, signal.SIGKILL)  # stopped early (Ctrl-C), or dead already: its work is of no use now
        try:
            os.waitpid(child, 0)
        except ChildProcessError:
            pass  # reaped already (a program that embeds the runner ignores SIGCHLD)


def settle_all(items: Sequence[Item], settle: Callable[[Item], object], finish: Callable[[], None], fd: int) -> NoReturn:
    """The child: each item's answer, one pickle each, sent with every answer before it as soon as it is truthy (the
    runner's: reports to keep, a file for the engine) or `PROMPT_SECONDS` after the last sending (a progress bar moves
    by the others); then `finish`. (Sent one by one, torch's 2,328 answers cost as many writes here and wake-ups of the
    parent, for the 2,175 empty ones it only counts: about 10 ms of CPU each side.)"""
    status = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle: it kills this process
        with open(fd, "wb") as results:
            sent = time.monotonic()
            for item in items:
                answer = settle(item)
                pickle.dump(answer, results, pickle.HIGHEST_PROTOCOL)
                if answer or time.monotonic() - sent >= PROMPT_SECONDS:
                    results.flush()  # now: the parent may be waiting for it
                    sent = time.monotonic()
        finish()
        status = 0
    finally:
        os._exit(status)  # never the parent's exit handlers, nor its buffered output
