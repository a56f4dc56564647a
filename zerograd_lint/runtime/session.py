"""The user's door: `guard(model, optimizer, scaler=...)` and `watch_all()`.

Both are context managers and decorators. A guard reports each finding once
(by code and position), the moment it is observed, in one of three modes:
`warn` (a `GradientLifecycleWarning` pointing at the user's line), `raise`
(a `GradientLifecycleError` from the offending call, before torch would raise
on its own) or `collect` (only `guard.findings`, for tools).
"""

from __future__ import annotations

import linecache
import sys
import warnings
from collections.abc import Iterable
from contextlib import ContextDecorator
from enum import Enum
from functools import cache
from types import TracebackType
from typing import Any

from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.core.noqa import apply_noqa
from zerograd_lint.runtime.dereference import none_grad_dereference
from zerograd_lint.runtime.intent import accumulation_guarded_steps
from zerograd_lint.runtime.lifecycle import AccumulationIntent, Lifecycle
from zerograd_lint.runtime.sites import stacks_end_at


class Mode(str, Enum):
    WARN = "warn"
    RAISE = "raise"
    COLLECT = "collect"


class GradientLifecycleWarning(UserWarning):
    """A gradient-lifecycle bug observed at run time."""


class GradientLifecycleError(RuntimeError):
    """A gradient-lifecycle bug observed at run time, in `mode="raise"`."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(describe(diagnostic))
        self.diagnostic = diagnostic


def describe(d: Diagnostic) -> str:
    return f"{d.path}:{d.line}:{d.column}: {d.code} {d.message}"


def statically_guarded_steps(path: str) -> frozenset[int]:
    """What the static analysis of the file, as it runs, says about accumulation (nothing if unreadable).

    Asked at every step: the answer is kept per path with the lines it was read from (linecache's list,
    the same object until the file changes), so a step neither joins nor hashes the whole source.
    """
    lines = linecache.getlines(path)
    known = _guarded_steps_of.get(path)
    if known is None or known[0] is not lines:
        known = _guarded_steps_of[path] = (lines, _guarded_steps_in("".join(lines)))
    return known[1]


_guarded_steps_of: dict[str, tuple[list[str], frozenset[int]]] = {}


@cache
def _guarded_steps_in(source: str) -> frozenset[int]:
    return accumulation_guarded_steps(source)


_active: Guard | None = None


class Guard(ContextDecorator):
    """Watches optimizers, modules and GradScalers while active; see `guard` and `watch_all`."""

    def __init__(
        self,
        watched: Iterable[Any] = (),
        *,
        watch_everything: bool = False,
        accumulation_steps: int | None = None,
        mode: Mode | str = Mode.WARN,
    ) -> None:
        if accumulation_steps is not None and accumulation_steps < 1:
            raise ValueError("accumulation_steps must be at least 1")
        self.watched = tuple(watched)
        self.watch_everything = watch_everything
        self.intent = AccumulationIntent(accumulation_steps, statically_guarded_steps)
        self.mode = Mode(mode)
        self.findings: list[Diagnostic] = []
        self._seen: set[tuple[str, int, int, str]] = set()
        self._probes: Any = None

    def __enter__(self) -> Guard:
        global _active
        if _active is not None:
            raise RuntimeError("a zerograd-lint guard is already active")
        # torch is imported here, when a guard is used
        from zerograd_lint.runtime.probes import Probes

        self.findings, self._seen = [], set()
        self._probes = Probes(Lifecycle(self.intent), self._observe, self.watch_everything)
        _active = self
        stacks_end_at(sys._getframe(1))  # the `with` (or the decorated call): it runs as long as the guard
        try:
            self._probes.install()
            self._watch(self.watched)
        except BaseException:
            self._stop()
            raise
        return self

    def _watch(self, objects: Iterable[Any]) -> None:
        import torch

        for watched in objects:
            if isinstance(watched, torch.optim.Optimizer):
                self._probes.watch_optimizer(watched)
            elif isinstance(watched, torch.nn.Module):
                self._probes.watch_module(watched)
            elif isinstance(watched, torch.amp.GradScaler):
                self._probes.watch_scaler(watched)
            else:
                raise TypeError(f"cannot guard {type(watched).__name__}: pass modules, optimizers and GradScalers")

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self._stop()
        if error is not None:
            self.observe_error(error)
        self.conclude(raising=error is None)

    def conclude(self, raising: bool = True) -> None:
        """Report what needs the whole run so far (a clear that never had anything to clear)."""
        findings = self._probes.lifecycle.conclude()
        if raising:
            self._observe(findings)
        else:
            for finding in findings:
                self._record(finding)

    def _stop(self) -> None:
        global _active
        self._probes.remove()
        _active = None
        stacks_end_at(None)

    def observe_error(self, error: BaseException) -> None:
        """An error leaving the guarded code: a `None` `.grad` dereferenced is ZG301."""
        finding = none_grad_dereference(error)
        if finding is not None:
            self._record(finding)

    def _observe(self, findings: Iterable[Diagnostic]) -> None:
        for finding in findings:
            if self._record(finding) and self.mode is Mode.RAISE:
                raise GradientLifecycleError(finding)

    def _record(self, finding: Diagnostic) -> bool:
        key = (finding.path, finding.line, finding.column, finding.code)
        if key in self._seen:
            return False
        self._seen.add(key)
        if not apply_noqa([finding], "".join(linecache.getlines(finding.path))):
            return False  # a noqa comment on that line (or for the file) silences it, as it does a static report
        self.findings.append(finding)
        if self.mode is Mode.WARN:
            warnings.warn_explicit(describe(finding), GradientLifecycleWarning, finding.path, finding.line)
        return True


def guard(
    *watched: Any, scaler: Any = None, accumulation_steps: int | None = None, mode: Mode | str = Mode.WARN
) -> Guard:
    """Watch these modules and optimizers (and the GradScaler) in a `with` block or a decorated function."""
    return Guard(watched + ((scaler,) if scaler is not None else ()), accumulation_steps=accumulation_steps, mode=mode)


def watch_all(*, accumulation_steps: int | None = None, mode: Mode | str = Mode.WARN) -> Guard:
    """Watch every optimizer created (and every GradScaler used) while active, through global hooks."""
    return Guard(watch_everything=True, accumulation_steps=accumulation_steps, mode=mode)
