"""Checks many files: reads each one (I/O lives here), lints it, collects the results.

This process reads every file and runs the prefilter's text stage on its
bytes, so a file that cannot be reported costs a read; it serves the rest
from the cache when it can. The files left go to the engine: in this process
for `jobs=1`, else in worker processes, biggest first so no straggler ends the
run. Results are sorted at the end: the output never depends on which worker
finished first.
"""

from __future__ import annotations

import gc
import os
import signal
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator, Union

from zerograd_lint.cache import Cache
from zerograd_lint.config import DEFAULT_SETTINGS, Settings
from zerograd_lint.diagnostics import Diagnostic
from zerograd_lint.engine import lint_source, parse_error
from zerograd_lint.notebook import lint_notebook
from zerograd_lint.prefilter import may_report
from zerograd_lint.selection import Selection
from zerograd_lint.source import UndecodableSource, ascii_compatible, decode_source

# LibCST builds millions of small objects that hold no cycles: a collection every
# 700 allocations (Python's default) costs about 40% of a parse.
PARSING_GC_THRESHOLD = 100_000
# LibCST needs about 600 bytes of memory per byte of source: beyond this, a file
# (generated code, never a hand-written training script) would need gigabytes.
MAX_ANALYSED_BYTES = 4 * 2**20


@dataclass
class RunResult:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    internal_errors: list[str] = field(default_factory=list)
    files_checked: int = 0


@dataclass(frozen=True)
class EngineTask:
    """A file the prefilter's text stage could not rule out: the engine must see it."""

    path: str
    source: str
    selection: Selection
    cache_key: str | None = None


# What the engine made of a file: its reports, or the message of an internal error.
Outcome = Union[list[Diagnostic], str]


def available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))  # the cores this process may use (containers, taskset)
    except AttributeError:
        return os.cpu_count() or 1


def check_paths(
    files: Iterable[Path],
    settings: Settings = DEFAULT_SETTINGS,
    *,
    jobs: int = 1,
    cache: Cache | None = None,
) -> RunResult:
    result = RunResult()
    tasks = []
    for path in files:
        result.files_checked += 1
        screened = screen_file(path, settings.selection_for(path), cache)
        if isinstance(screened, EngineTask):
            tasks.append(screened)
        else:
            result.diagnostics.extend(screened)
    with engine_outcomes(tasks, jobs) as outcomes:
        for task, outcome in outcomes:
            if isinstance(outcome, str):
                result.internal_errors.append(outcome)
                continue
            result.diagnostics.extend(outcome)
            if cache is not None and task.cache_key is not None:
                cache.store(task.cache_key, outcome)
    result.diagnostics.sort(key=lambda d: d.sort_key)
    result.internal_errors.sort()
    return result


def screen_file(path: Path, selection: Selection, cache: Cache | None) -> list[Diagnostic] | EngineTask:
    """The reports of a file settled without the engine, or the task for the engine."""
    shown = str(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        return own_report(shown, selection, cannot_read(path, error))
    try:
        if not could_be_reported(path, data):
            return []
        source = decode_source(data)
    except UndecodableSource as error:
        return own_report(shown, selection, str(error))
    if len(data) > MAX_ANALYSED_BYTES:
        return own_report(shown, selection, too_large(len(data)))
    if cache is None:
        return EngineTask(shown, source, selection)
    key = cache.key(data, selection.codes(), path.suffix)
    cached = cache.load(key, shown)
    return cached if cached is not None else EngineTask(shown, source, selection, key)


def own_report(path: str, selection: Selection, message: str) -> list[Diagnostic]:
    """A ZG000 the runner finds itself, subject to the selection like the engine's."""
    if "ZG000" not in selection.codes():
        return []
    return [parse_error(path, 1, 1, message)]


def too_large(size: int) -> str:
    return f"file too large to analyse ({size / 2**20:.1f} MiB; the limit is {MAX_ANALYSED_BYTES / 2**20:.0f} MiB)"


def cannot_read(path: Path, error: OSError) -> str:
    if isinstance(error, IsADirectoryError):  # a folder discovery could not list
        try:
            os.scandir(path).close()
        except OSError as listing:
            error = listing
        return f"cannot read folder: {error.strerror or error}"
    return f"cannot read file: {error.strerror or error}"


def could_be_reported(path: Path, data: bytes) -> bool:
    """The prefilter's text stage, on the bytes whenever the encoding allows: most files are never decoded."""
    if path.suffix == ".ipynb":
        return True  # words inside JSON strings may be escaped
    return may_report(data if ascii_compatible(data) else decode_source(data))


def lint_task(task: EngineTask) -> Outcome:
    try:
        if task.path.endswith(".ipynb"):
            return lint_notebook(task.source, task.path, task.selection)
        return lint_source(task.source, task.path, task.selection)
    except Exception as error:  # one file's internal failure never loses the run
        return f"{task.path}: internal error: {type(error).__name__}: {error}"


@contextmanager
def engine_outcomes(tasks: list[EngineTask], jobs: int) -> Iterator[Iterator[tuple[EngineTask, Outcome]]]:
    """Each task with its outcome, as they finish; leaving early (Ctrl-C) stops the workers at once."""
    if jobs <= 1 or len(tasks) <= 1:
        with gc_tuned_for_parsing():
            yield ((task, lint_task(task)) for task in tasks)
        return
    pool = ProcessPoolExecutor(min(jobs, len(tasks)), initializer=start_worker)
    try:
        biggest_first = sorted(tasks, key=lambda task: len(task.source), reverse=True)
        futures = {pool.submit(lint_task, task): task for task in biggest_first}
        yield ((futures[future], outcome_of(future, futures[future])) for future in as_completed(futures))
    except BaseException:
        stop_workers(pool)
        raise
    pool.shutdown()


def outcome_of(future: Future, task: EngineTask) -> Outcome:
    try:
        return future.result()
    except BrokenProcessPool:
        return f"{task.path}: internal error: a worker process died (out of memory, or a crash in the parser)"


def start_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle: it stops the workers
    gc.freeze()  # what the imports built is never garbage
    gc.set_threshold(PARSING_GC_THRESHOLD, *gc.get_threshold()[1:])


def stop_workers(pool: ProcessPoolExecutor) -> None:
    """Kill the workers now: waiting for each to finish its file could take seconds."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14+
    if terminate is not None:
        terminate()
        return
    workers = list((pool._processes or {}).values())  # before shutdown() forgets them
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.terminate()


@contextmanager
def gc_tuned_for_parsing() -> Iterator[None]:
    previous = gc.get_threshold()
    gc.set_threshold(PARSING_GC_THRESHOLD, *previous[1:])
    try:
        yield
    finally:
        gc.set_threshold(*previous)
