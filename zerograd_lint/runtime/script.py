"""`zerograd-lint run SCRIPT ARGS...`: a training script run as `python SCRIPT ARGS...` would run it.

Like `coverage run`: `sys.argv` is `[SCRIPT, *ARGS]`, the script runs as
`__main__` with its folder first on `sys.path`, and its exit status is kept.
An uncaught exception prints its traceback and counts as exit status 1.
"""

from __future__ import annotations

import linecache
import os
import runpy
import sys
import traceback
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.runtime.session import Mode, watch_all
from zerograd_lint.runtime.sites import is_user_file


@dataclass(frozen=True)
class ScriptOutcome:
    findings: tuple[Diagnostic, ...]
    exit_status: int  # the script's own: 0 when it ended normally
    error: str | None = None  # the uncaught exception's type name, if it raised


def exit_status_of(code: object) -> int:
    """What `python` exits with for `sys.exit(code)`."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def print_user_traceback(error: BaseException) -> None:
    """The traceback as `python SCRIPT` prints it: from the script's first frame, not ours.

    A script that does not compile has no frame at all: python shows only where the syntax is wrong.
    """
    tb = error.__traceback__
    while tb is not None and not is_user_file(tb.tb_frame.f_code.co_filename):
        tb = tb.tb_next
    if tb is None and isinstance(error, SyntaxError):
        traceback.print_exception(type(error), error, None)
        return
    traceback.print_exception(type(error), error, tb or error.__traceback__)


# What each script left (its globals, or the exception whose frames hold them) lives until the process ends, as
# `python SCRIPT`'s __main__ does. Freed when the script returns, a DDP model's reducer destroys its gloo process
# group in this thread, which holds the interpreter's lock, and joins gloo's worker thread, which may be freeing
# its last work and waits for that lock: both wait for ever (torch 2.13; a test process hung on it).
LEFT_BY_SCRIPTS: list[object] = []


def run_script(path: str, args: Sequence[str] = (), accumulation_steps: int | None = None) -> ScriptOutcome:
    """Run the script under a guard that watches every optimizer it creates; collect the findings."""
    linecache.checkcache(path)  # positions are read from the file as it is now
    saved_argv, saved_path = sys.argv, list(sys.path)
    sys.argv = [path, *args]
    sys.path[0:1] = [os.path.dirname(os.path.abspath(path))]
    status, error_name = 0, None
    try:
        with watch_all(accumulation_steps=accumulation_steps, mode=Mode.COLLECT) as session:
            try:
                LEFT_BY_SCRIPTS.append(runpy.run_path(path, run_name="__main__"))
            except SystemExit as stop:
                LEFT_BY_SCRIPTS.append(stop)
                status = exit_status_of(stop.code)
            except Exception as error:  # the script's own failure: reported as python would, findings kept
                LEFT_BY_SCRIPTS.append(error)
                if isinstance(error, SyntaxError) and error.filename == path:
                    error.filename = os.path.abspath(path)  # python names its script by its absolute path
                session.observe_error(error)
                print_user_traceback(error)
                status, error_name = 1, type(error).__name__
    finally:
        sys.argv, sys.path[:] = saved_argv, saved_path
        sys.stdout.flush()
    findings = sorted(session.findings, key=lambda d: d.sort_key)
    return ScriptOutcome(tuple(findings), status, error_name)


@contextmanager
def stdout_sent_to_stderr(active: bool) -> Iterator[None]:
    """Send everything written to stdout (fd 1, so C code and child processes too) to stderr."""
    if not active:
        yield
        return
    sys.stdout.flush()
    saved = os.dup(1)
    os.dup2(2, 1)
    try:
        yield
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)
