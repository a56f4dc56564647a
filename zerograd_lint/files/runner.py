"""Checks and fixes many files: reads each one (I/O lives here), lints it, fixes it, collects the results.

This process reads every file, biggest first, and serves it from the cache
when the cache knows its bytes (an entry, or ruled out by the text stage
before), else asks the gate's words test of its bytes: a file that cannot be
reported costs a read (and a hash). The files left go to the engine (whose analysis of a file
has a counted allowance of work, `analysis/work.py`): in this process when they are few and small, else in worker
processes that start on the biggest while the rest is read (so no straggler
ends the run), and in this process too once every file is read (one core is its own); in a large run that forks
its workers, a child screens the
files ahead while this process imports the analysis they inherit
(`screening.py`). With `--fix` a worker also fixes its file; this process writes
the fixed files, atomically. Results are sorted at the end: the output never
depends on which worker finished first.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import threading
from collections import deque
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Generator, Iterable, Iterator, Mapping, Sequence, Union

from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.core.selection import Selection
from zerograd_lint.files.cache import Cache, Verdicts
from zerograd_lint.files.config import DEFAULT_SETTINGS, Settings
from zerograd_lint.files.run_finds import forget_loads, one_run
from zerograd_lint.files.source import (
    MAX_ANALYSED_BYTES,
    UndecodableSource,
    ascii_compatible,
    decode_source,
    decode_with_encoding,
    interrupts_held,
    read_bytes,
    write_atomically,
)

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

    from zerograd_lint.analysis.module_source import ProjectSource
    from zerograd_lint.core.engine import PieceJob, PieceOutcome
    from zerograd_lint.core.project_gate import Words

# While a file is analysed (`collector_tuned_for_one_file`): CPython's and LibCST's trees are millions of
# small objects that hold no cycles, and each young collection walks those made since the last one: every
# 700 allocations (Python's default) that cost about 40% of a parse; every 100,000, still 5-10% of the
# analysis of torch's files (the trees of its largest hold a few hundred thousand); every million, nothing
# there, and no more memory where the analysis makes cycles (a file of many loops). A collection of an
# older generation walks every object that outlived a young one, the file's trees (a 4 MB file: 4.6 s of
# its 80 s of CPU for one of the middle generation), so none starts until the file is done, when its
# trees are freed and Python's own schedule resumes.
PARSING_GC_THRESHOLD = 1_000_000
NO_OLDER_COLLECTION = 1_000_000  # collections of a generation before one of the next: never, in one file
# A worker process costs its start and its own import of LibCST (about 0.3 s): one is worth
# starting only for this much source to analyse.
BYTES_PER_WORKER = 256 * 1024
# A file analysed in this process (the run's only one, or nearly) that is cut into pieces (`core/pieces.py`) has
# them analysed by workers, one per core, a batch at a time: a batch costs a tenth of a second or more, its
# journey to a worker and back a millisecond.
PIECES_PER_BATCH = 16
# A run that may fork workers screens its files in a forked child while this process imports the analysis
# (`files/screening.py`) once they hold this many bytes: reading and screening them takes a few hundredths
# of a second, some of the import's tenths.
SCREEN_AHEAD_BYTES = 4 * 2**20
# How long Ctrl-C waits for the worker pool's manager thread to see its killed workers (it takes milliseconds).
MANAGER_STOP_SECONDS = 5.0


@dataclass(frozen=True)
class Fixing:
    """What `--fix`, `--diff` and `--show-fixes` ask of a run."""

    write: bool  # write the fixed files
    unsafe: bool = False  # apply the unsafe fixes too
    diff: bool = False  # keep a unified diff of each fix


@dataclass
class FileFixes:
    """What fixing did to one file."""

    path: str
    applied: list[tuple[Diagnostic, str]] = field(default_factory=list)  # each fixed report and what its fix did
    skipped: list[tuple[Diagnostic, str]] = field(default_factory=list)  # each report a fix failed, and why
    diff: str = ""


@dataclass
class RunResult:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    internal_errors: list[str] = field(default_factory=list)
    files_checked: int = 0
    fixes: list[FileFixes] = field(default_factory=list)  # files a fix changed or failed on, by path

    @property
    def fixed(self) -> int:
        return sum(len(f.applied) for f in self.fixes)


@dataclass(frozen=True)
class EngineTask:
    """A file whose words the gate could not rule out: the engine must see it."""

    path: str
    source: str
    encoding: str  # to write a fixed file back as it was
    selection: Selection
    fixing: Fixing | None = None
    cache_key: str | None = None
    suggest: bool = False  # give each fixable report its suggestion (JSON's `fix`)
    words: Words | None = None  # the needs its own words may meet, or the project gate's words (`words_met`); None: not asked

    @property
    def trains(self) -> bool:
        """Its own words may reach a backward and a step: the file most likely analysed whole, the costliest tasks
        (a 10 KB test of a distributed optimizer costs more than a 400 KB file of compiler code)."""
        from zerograd_lint.core.gate import LIFECYCLE

        return isinstance(self.words, frozenset) and LIFECYCLE in self.words

    @property
    def words_of_source(self) -> Words | None:
        """`words` where they were asked of the bytes the engine would ask, the source's UTF-8 (a file read as UTF-8
        without a BOM is its bytes): the engine need not ask them again. None: it asks them."""
        return self.words if self.encoding == "utf-8" else None


@dataclass
class Outcome:
    """What the engine made of a file."""

    diagnostics: list[Diagnostic]
    fixes: FileFixes | None = None
    fixed_source: str | None = None  # the file as the fixes left it, to be written
    read: dict[str, str] = field(default_factory=dict)  # the project's modules its analysis read: path -> hash


# An outcome, or the message of an internal error.
TaskResult = Union[Outcome, str]
# How a function is mapped over items, in order: `map`, or the lent workers' (`PieceWorkers.map`).
Each = Callable[[Callable[[Any], Any], Iterable[Any]], Iterable[Any]]


def available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))  # the cores this process may use (containers, taskset)
    except AttributeError:
        return os.cpu_count() or 1


def check_paths(
    files: Sequence[Path],
    settings: Settings = DEFAULT_SETTINGS,
    *,
    jobs: int | None = 1,
    cache: Cache | None = None,
    fixing: Fixing | None = None,
    progress: Callable[[Sequence[Path]], Iterable[Path]] = iter,
    suggest: bool = False,
    sizes: Mapping[Path, int] | None = None,
) -> RunResult:
    """Check (and fix) the files; `jobs` None: workers where they pay; `progress` wraps the files as they are read;
    `suggest`: each fixable report with its suggestion (JSON's `fix`); `sizes`: each file's size, as discovery found
    it (else each file is looked at for it)."""
    result = RunResult()
    verdicts = Verdicts(cache) if cache is not None else None

    size: Mapping[Path, int] = sizes if sizes is not None else {path: size_of(path) for path in files}

    def screen(path: Path, words: Words | None = None) -> list[Diagnostic] | EngineTask:
        return screen_file(path, settings.selection_for(path), verdicts, fixing, suggest, words, size[path])

    ordered = sorted(files, key=size.__getitem__, reverse=True)  # the biggest analysis starts first, while the rest is read
    with one_run(), Engine(jobs) as engine:
        answers: Generator[list[Diagnostic] | Words | None, None, None] = (None for _ in ordered)  # None: screened here
        if sum(size.values()) >= SCREEN_AHEAD_BYTES and not answered_by_cache(verdicts, files) and engine.may_fork_workers():
            answers = screened_in_a_child(ordered, screen, settings, verdicts)
            engine.imports_at_first_task = True  # while the child screens on: the reason it screens
        with closing(answers):  # on Ctrl-C too: the child is stopped now, not when the run ends
            for path, answer in zip(progress(ordered), answers):
                result.files_checked += 1
                screened = answer if isinstance(answer, list) else screen(path, answer)
                if isinstance(screened, EngineTask):
                    engine.submit(screened)
                else:
                    result.diagnostics.extend(screened)
        if verdicts is not None:
            verdicts.save()  # now: what the text stage found is final, whatever the engine does next
        for task, outcome in engine.outcomes():
            if isinstance(outcome, str):
                result.internal_errors.append(outcome)
                continue
            collect(result, task, outcome, verdicts)
    if verdicts is not None:
        verdicts.save()  # the files the engine found nothing to report in
    result.diagnostics = once_each(result.diagnostics)
    result.internal_errors.sort()
    result.fixes.sort(key=lambda fixes: fixes.path)
    return result


def once_each(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Sorted, each place and code once: a line of a module that several checked files lead to (a step in
    `engine.py` reached from two scripts' loops) is reported once, in words that do not depend on which
    worker finished first (the report of that module's own analysis, which may offer a fix, else the first message
    in order); and no report another file's analysis made redundant there (`rules.SUPERSEDED_BY`: a read of
    `utils.py` that the loop of `train.py` shows a None is ZG301, not also ZG302)."""
    from zerograd_lint.rules import SUPERSEDED_BY

    found: dict[tuple, Diagnostic] = {}
    for d in sorted(diagnostics, key=lambda d: (d.sort_key, d.entry is not None, d.message)):
        found.setdefault(d.sort_key, d)
    places = {key[:4] + (d.code,) for key, d in found.items() if d.code in SUPERSEDED_BY.values()}
    return [d for d in found.values() if d.sort_key[:4] + (SUPERSEDED_BY.get(d.code),) not in places]


def answered_by_cache(verdicts: Verdicts | None, files: Sequence[Path]) -> bool:
    """Whether the cache may well answer for most files (it holds a key for half as many): then this process has
    little to import while a child would screen, and the child's start would cost more than it saves."""
    return verdicts is not None and verdicts.keys_held() >= len(files) / 2


def screened_in_a_child(
    ordered: Sequence[Path], screen: Callable[[Path], list[Diagnostic] | EngineTask], settings: Settings, verdicts: Verdicts | None
) -> Generator[list[Diagnostic] | Words | None, None, None]:
    """Each file's reports if the child settled it without the engine; the needs its words met if they passed the
    gate (the engine must see it: this process reads it again for its task, and need not ask its words again); None:
    not screened (`screening.py`). The gate is made first: the child screens with it at once, and this process needs it
    for the files the child did not screen."""
    from zerograd_lint.core.gate import gate_of
    from zerograd_lint.files.screening import screened_ahead

    gate_of(settings.selection_for(ordered[0]).codes())

    def settled(path: Path) -> list[Diagnostic] | Words | None:
        screened = screen(path)
        return screened.words if isinstance(screened, EngineTask) else screened

    return screened_ahead(ordered, settled, verdicts.save if verdicts is not None else lambda: None)


def collect(result: RunResult, task: EngineTask, outcome: Outcome, verdicts: Verdicts | None) -> None:
    """Take in one file's outcome: write what its fixes changed, keep its reports."""
    data = None
    if outcome.fixed_source is not None:
        try:
            data = outcome.fixed_source.encode(task.encoding)
            write_atomically(Path(task.path), data)
            forget_loads()  # a module the rest of the run reads may be this file
        except (OSError, UnicodeEncodeError) as error:
            reason = error.strerror if isinstance(error, OSError) else f"not writable as {task.encoding}"
            result.internal_errors.append(f"{task.path}: cannot write the fixed file: {reason or error}")
            return
    if outcome.fixes is not None and (outcome.fixes.applied or outcome.fixes.skipped):
        result.fixes.append(outcome.fixes)
    result.diagnostics.extend(outcome.diagnostics)
    if verdicts is None:
        return
    if data is not None:  # the reports that remain belong to the file as written
        key = verdicts.cache.key(data, task.selection.codes(), kind_of(Path(task.path), task.suggest))
        verdicts.keep(key, task.path, outcome.diagnostics, outcome.read)
    elif task.cache_key is not None:
        verdicts.keep(task.cache_key, task.path, outcome.diagnostics, outcome.read)


def screen_file(
    path: Path,
    selection: Selection,
    verdicts: Verdicts | None,
    fixing: Fixing | None = None,
    suggest: bool = False,
    words: Words | None = None,
    size: int = 0,
) -> list[Diagnostic] | EngineTask:
    """The reports of a file settled without the engine (by the cache or the text stage), or the task for it;
    `words`: the words test's answer for its bytes, asked already (by the screening child); `size`: its size, as
    discovery found it (the read is sized by it)."""
    shown = str(path)
    try:
        data = read_bytes(shown, size)
    except OSError as error:
        return own_report(shown, selection, cannot_read(path, error))
    key = None
    if verdicts is not None:
        key = verdicts.cache.key(data, selection.codes(), kind_of(path, suggest))
        cached = verdicts.reports(key, shown)
        if cached is not None and not (fixing and any(d.code != "ZG000" for d in cached)):
            return cached  # nothing a fix could change
    try:
        if words is None:
            words = words_met(path, data, selection)
        if words is None:
            if verdicts is not None and key is not None:
                verdicts.rule_out(key)
            return []
        source, encoding = decode_with_encoding(data)
    except UndecodableSource as error:
        return own_report(shown, selection, str(error))
    if len(data) > MAX_ANALYSED_BYTES:
        return own_report(shown, selection, too_large(len(data)))
    return EngineTask(shown, source, encoding, selection, fixing, key, suggest, words)


def kind_of(path: Path, suggest: bool) -> str:
    """What the cache keys a file's entry by besides its bytes and codes: its kind, and whether its reports hold
    their suggestions."""
    return f"{path.suffix} suggested" if suggest else path.suffix


def own_report(path: str, selection: Selection, message: str) -> list[Diagnostic]:
    """A ZG000 the runner finds itself, subject to the selection like the engine's."""
    if "ZG000" not in selection.codes():
        return []
    from zerograd_lint.core.engine import parse_error

    return [parse_error(path, 1, 1, message)]


def too_large(size: int) -> str:
    return f"file too large to analyse ({size / 2**20:.1f} MiB; the limit is {MAX_ANALYSED_BYTES / 2**20:.0f} MiB)"


def cannot_read(path: Path, error: OSError) -> str:
    if os.path.isdir(path):  # a folder discovery could not list
        try:
            os.scandir(path).close()
        except OSError as listing:
            error = listing
        return f"cannot read folder: {error.strerror or error}"
    return f"cannot read file: {error.strerror or error}"


def words_met(path: Path, data: bytes, selection: Selection) -> Words | None:
    """The gate's words test, on the bytes whenever the encoding allows (most files are never decoded): the needs the
    file's own words may meet (every need asked, for a notebook), the project gate's words (`elsewhere_words`) where
    only the modules it imports may give its loop a backward and a step, or None when no rule can report. (Its code test, which blanks strings and comments,
    is left to the engine: asked here too, a worker would ask it again.)

    The engine, the gate included, is imported when first needed: a run the cache answers does without.
    """
    from zerograd_lint.core.gate import LIFECYCLE, gate_of

    gate = gate_of(selection.codes())
    if path.suffix == ".ipynb":
        return gate.asked()  # words inside JSON strings may be escaped
    met = gate.met_by_words(data if ascii_compatible(data) else decode_source(data))
    if met:
        return met
    # A loop whose backward and step may be in the modules it imports: the engine asks them (once, in the worker),
    # and the cache keeps its answer with the hashes of the modules it read, so that editing one checks it again.
    from zerograd_lint.core.project_gate import elsewhere_words

    return elsewhere_words(data) if LIFECYCLE in gate.asked() else None


# --- One file, in this process or a worker ---------------------------------------------------


def run_task(task: EngineTask, workers: PieceWorkers | None = None) -> TaskResult:
    """The task's outcome; `workers`: lent to a large file analysed in the run's own process, for its pieces and its
    suggestions."""
    try:
        with collector_tuned_for_one_file():
            outcome = analysed(task, workers)
        # Only this process reads the fixes' edits on the nodes: the run gets the reports without them.
        outcome.diagnostics = [d.portable() for d in outcome.diagnostics]
        return outcome
    except Exception as error:  # one file's internal failure never loses the run
        return f"{task.path}: internal error: {type(error).__name__}: {error}"


def analysed(task: EngineTask, workers: PieceWorkers | None = None) -> Outcome:
    """The file's reports, and with --fix what its fixes did: one analysis, and one per fix tried (its proof);
    with the hashes of the project's modules the analysis read (the cache's key depends on them), here or in the
    `workers`."""
    from zerograd_lint.core.engine import pieces_analysed_by
    from zerograd_lint.files.project_index import fingerprints, project_of

    project = project_of(task.path)
    each = workers.map if workers is not None else map
    with pieces_analysed_by(workers):
        diagnostics = lint(task.source, task.path, task.selection, task.suggest, project, each, task.words_of_source)
        outcome = Outcome(diagnostics)
        if task.fixing is not None and any(fixable(d) and d.path == task.path for d in diagnostics):
            outcome = fix(task, task.fixing, diagnostics, each)
    read = fingerprints(project.read) if project is not None else {}  # what the analyses read
    outcome.read = dict(sorted({**read, **workers.read}.items())) if workers is not None else read
    return outcome


def lint(
    source: str, path: str, selection: Selection, suggest: bool = False, project: ProjectSource | None = None, each: Each = map,
    words: Words | None = None,
) -> list[Diagnostic]:
    """The file's reports, with its `project` (the file's own, read from disk, when not given);
    `suggest`: with their suggestions (a notebook's placed in cells with them), made by `each` (see `with_suggestions`);
    `words`: a Python file's words test, asked already (`words_met`)."""
    from zerograd_lint.files.project_index import project_of

    if path.endswith(".ipynb"):
        from zerograd_lint.files.notebook import lint_notebook

        return lint_notebook(source, path, selection, with_suggestions if suggest else None, project or project_of(path))
    from zerograd_lint.core.engine import lint_source

    reports = lint_source(source, path, selection, project or project_of(path), words)
    return with_suggestions(source, reports, each) if suggest else reports


def with_suggestions(source: str, diagnostics: list[Diagnostic], each: Each = map) -> list[Diagnostic]:
    """The reports, each fixable one with its suggestion, made by `each` (`map`, or the lent workers'); fixes are
    imported only when some report has one."""
    if not any(fixable(d) for d in diagnostics):
        return diagnostics
    from zerograd_lint.fixes.suggestions import suggested

    return suggested(source, diagnostics, each)


def fixable(d: Diagnostic) -> bool:
    """Whether the report offers a fix (its rule made one as it reported)."""
    return d.fix is not None


def fix(task: EngineTask, fixing: Fixing, diagnostics: list[Diagnostic], each: Each = map) -> Outcome:
    """Fix the file, from the reports of its analysis (LibCST's matchers are never imported)."""
    from zerograd_lint.core.fixing import fix_source
    from zerograd_lint.files.notebook_fixes import fix_notebook
    from zerograd_lint.files.project_index import project_of
    from zerograd_lint.fixes import unified_diff

    notebook = task.path.endswith(".ipynb")
    try:
        if notebook:  # its reports are placed in cells: the fixes lint the cells' joined program again
            outcome = fix_notebook(task.source, task.path, task.selection, fixing.unsafe, project_of(task.path))
        else:
            outcome = fix_source(task.source, task.path, task.selection, fixing.unsafe, diagnostics, project_of(task.path))
    except Exception as error:  # a fix that fails never loses the file's reports
        reason = f"internal error while fixing: {type(error).__name__}: {error}"
        return Outcome(diagnostics, FileFixes(task.path, skipped=[(d.portable(), reason) for d in diagnostics if fixable(d)]))
    fixes = FileFixes(
        task.path, [(d.portable(), message) for d, message in outcome.applied], [(d.portable(), why) for d, why in outcome.skipped]
    )
    if not outcome.changed:
        return Outcome(diagnostics, fixes)
    if fixing.diff:
        fixes.diff = unified_diff(task.source, outcome.source, task.path)
    if not fixing.write:
        return Outcome(diagnostics, fixes)
    if notebook:
        remaining = lint(outcome.source, task.path, task.selection, task.suggest)
    else:  # the last proof's reports are the fixed file's
        remaining = with_suggestions(outcome.source, outcome.reports, each) if task.suggest else outcome.reports
    return Outcome(remaining, fixes, outcome.source)


# --- Many files -----------------------------------------------------------------------------------


def size_of(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0  # the read reports why


class Engine:
    """Runs the engine on each task as it comes: in this process, or in workers once the work pays for them.

    `jobs` None: workers start when two tasks hold `BYTES_PER_WORKER` of source,
    one core being this process's, which analyses too once every file is read:
    each task the workers have not started yet, those whose words train first
    (the workers take the biggest first; a worker costs its start and a copy of each page it writes of what it
    inherits, about a tenth of a second of CPU; this process holds them already);
    the tasks before wait for them. An explicit `jobs` is as many processes from
    the second task (1: this one alone). A task left to this process while no
    worker runs lends the workers it may use to its file's pieces (`run_here`).
    Leaving the block early (Ctrl-C) stops the workers at once.
    """

    def __init__(self, jobs: int | None) -> None:
        self.jobs = jobs
        self.imports_at_first_task = False  # import the analysis with the first task, not when the workers start
        self.waiting: list[EngineTask] = []  # for this process, or for the workers to start
        self.waiting_bytes = 0
        self.pool: ProcessPoolExecutor | None = None
        self.futures: dict[Future, EngineTask] = {}

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, kind: object, *_: object) -> None:
        if self.pool is not None:
            if kind is None:
                self.pool.shutdown()
            else:
                stop_workers(self.pool)

    def submit(self, task: EngineTask) -> None:
        if self.pool is None:
            if self.imports_at_first_task and not self.waiting:
                import_before_fork()
            self.waiting.append(task)
            self.waiting_bytes += len(task.source)
            processes = self.processes_worth_starting()
            if processes <= 1:
                return
            from concurrent.futures import ProcessPoolExecutor

            import_before_fork()
            self.pool = ProcessPoolExecutor(processes - 1, initializer=start_worker)
            tasks, self.waiting = self.waiting, []
        else:
            tasks = [task]
        for each in tasks:
            self.futures[self.pool.submit(run_task, each)] = each

    def run_here(self, task: EngineTask) -> TaskResult:
        """A task analysed in this process: a large file's pieces by workers, where the run may use several cores."""
        from zerograd_lint.core.reached_code import MIN_BYTES  # the smallest file cut into pieces

        workers = self.jobs or available_cores()
        if workers < 2 or len(task.source) < MIN_BYTES:
            return run_task(task)
        with PieceWorkers(workers) as lent:
            return run_task(task, lent)

    def may_fork_workers(self) -> bool:
        """Whether this run may start workers, by `fork` (they inherit what this process imported)."""
        return self.jobs != 1 and (self.jobs is not None or available_cores() > 1) and forks_workers()

    def processes_worth_starting(self) -> int:
        """How many processes should analyse the tasks, this one included."""
        if len(self.waiting) < 2:
            return 0  # a file alone: analysed here, its pieces by workers
        if self.jobs is not None:
            return self.jobs
        return available_cores() if self.waiting_bytes >= BYTES_PER_WORKER else 0

    def outcomes(self) -> Iterator[tuple[EngineTask, TaskResult]]:
        """Each task with its outcome, as they finish."""
        for task in self.waiting:
            yield task, self.run_here(task)
        if self.futures:
            from concurrent.futures import as_completed

            # The workers take the tasks biggest first; this process takes first those whose words train, the costliest
            # whatever their size, so that the tasks left at the end are cheap and every process ends about together.
            for future, task in sorted(self.futures.items(), key=lambda item: not item[1].trains):
                if future.cancel():  # no worker has it yet: analysed here
                    yield task, run_task(task)
            for future in as_completed([future for future in self.futures if not future.cancelled()]):
                yield self.futures[future], outcome_of(future, self.futures[future])


class PieceWorkers:
    """Worker processes for the pieces of one file: a few batches in flight, the outcomes in the pieces' order (so the
    reports, and the work counted against the file's allowance, are the same as one process's); with the hashes of
    the project's modules their analyses read."""

    def __init__(self, workers: int) -> None:
        from concurrent.futures import ProcessPoolExecutor

        import_before_fork()
        self.pool = ProcessPoolExecutor(workers, initializer=start_worker)
        self.pool.submit(os.getpid)  # forked now, before this process parses the file: each holds its pieces alone
        self.in_flight = 2 * workers
        self.read: dict[str, str] = {}

    def __enter__(self) -> PieceWorkers:
        return self

    def __exit__(self, kind: object, *_: object) -> None:
        if kind is None:
            self.pool.shutdown()
        else:
            stop_workers(self.pool)

    def map(self, function: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[Any]:
        """`function` of each item, in order, made by the workers a batch at a time."""
        return self.pool.map(function, items, chunksize=PIECES_PER_BATCH)

    def __call__(self, jobs: Iterator[PieceJob]) -> Iterator[PieceOutcome]:
        pending: deque[Future] = deque()
        try:
            while batch := list(islice(jobs, PIECES_PER_BATCH)):
                pending.append(self.pool.submit(run_pieces, batch))
                if len(pending) >= self.in_flight:
                    yield from self.taken(pending.popleft())
            while pending:
                yield from self.taken(pending.popleft())
        finally:  # the file is settled early (too complex, or LibCST does not read it): the rest is not needed
            for future in pending:
                future.cancel()

    def taken(self, future: Future) -> list[PieceOutcome]:
        outcomes, read = future.result()
        self.read.update(read)
        return outcomes


def run_pieces(jobs: list[PieceJob]) -> tuple[list[PieceOutcome], dict[str, str]]:
    """In a worker: the outcomes of some pieces of one file, and the hashes of the project's modules they read. Their
    reports keep their fixes' edits (data): the process that asked makes the file's suggestions and fixes."""
    from zerograd_lint.core.engine import piece_outcome
    from zerograd_lint.files.project_index import fingerprints, project_of

    project = project_of(jobs[0].path)
    with collector_tuned_for_one_file():
        outcomes = [piece_outcome(job, project) for job in jobs]
    return outcomes, fingerprints(project.read) if project is not None else {}


def outcome_of(future: Future, task: EngineTask) -> TaskResult:
    from concurrent.futures.process import BrokenProcessPool

    try:
        return future.result()
    except BrokenProcessPool:
        return f"{task.path}: internal error: a worker process died (out of memory, or a crash in the parser)"


def forks_workers() -> bool:
    """Whether workers start by `fork` (Linux) rather than in a new interpreter."""
    import multiprocessing

    return multiprocessing.get_start_method() == "fork"


def import_before_fork() -> None:
    """Workers forked from this process inherit its modules: the analysis (about 0.2 s of imports, LibCST
    most of it) and the reading of the file's project are imported once, here, rather than once in each worker.
    The first time (LibCST not imported yet), with the collector off, then frozen out of its walks (as the editor's
    server does): what imports build is never garbage, and the collections they would trigger (about 60) cost a
    twentieth of the import."""
    if not forks_workers():
        return
    first = "libcst" not in sys.modules
    collecting = gc.isenabled()
    if first:
        gc.disable()
    try:
        with interrupts_held():  # Ctrl-C in the middle of a class being made comes out as another error
            from zerograd_lint.core.engine import import_analysis

            import_analysis()
            from zerograd_lint.files import project_index  # noqa: F401
    finally:
        if first:
            gc.freeze()
            if collecting:
                gc.enable()


def start_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle: it stops the workers
    gc.freeze()  # what the imports built is never garbage


def stop_workers(pool: ProcessPoolExecutor) -> None:
    """Kill the workers now: waiting for each to finish its file could take seconds."""
    manager = pool._executor_manager_thread  # before shutdown() forgets it
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14+
    if terminate is not None:
        terminate()
    else:
        workers = list((pool._processes or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            worker.terminate()
    if manager is not None:
        # It closes its wake-up pipe once it sees the workers gone; at that moment the interpreter's exit handler
        # may write to the pipe (OSError: Bad file descriptor, seen on Python 3.11). Once it is gone, it cannot.
        manager.join(timeout=MANAGER_STOP_SECONDS)


class CollectorTuning:
    """The collector's thresholds while files are analysed, in any number of threads (a library's users, the
    editor's): tuned when the first file starts, Python's own back when the last one ends."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.files = 0
        self.before = gc.get_threshold()

    def start(self) -> None:
        with self.lock:
            if self.files == 0:
                self.before = gc.get_threshold()
                gc.set_threshold(PARSING_GC_THRESHOLD, NO_OLDER_COLLECTION, NO_OLDER_COLLECTION)
            self.files += 1

    def end(self) -> None:
        with self.lock:
            self.files -= 1
            if self.files == 0:
                gc.set_threshold(*self.before)


COLLECTOR_TUNING = CollectorTuning()


@contextmanager
def collector_tuned_for_one_file() -> Iterator[None]:
    """While one file is analysed: young collections every `PARSING_GC_THRESHOLD` allocations, no full one."""
    COLLECTOR_TUNING.start()
    try:
        yield
    finally:
        COLLECTOR_TUNING.end()
