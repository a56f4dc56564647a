"""The words a fix's messages quote: one typed record per fixable rule.

The fix (`zerograd_lint/fixes/zgNNN.py`) fills the record in, beside its edits,
when the rule reports (`finding(..., fix=zgNNN.offer(...))`), and reads it back
with `Record.of(report)` to say what it did. A record travels in
`Diagnostic.data` as plain JSON values, so the cache, worker processes and
notebooks carry it as they carry any report, and its fields ending in `_line`
move with the report when lines move (`fixes.relocated_data`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, TypeVar

from zerograd_lint.core.diagnostics import Diagnostic

R = TypeVar("R", bound="FixFacts")


@dataclass(frozen=True)
class FixFacts:
    def data(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def of(cls: type[R], d: Diagnostic) -> R:
        """The record a report carries (a field it lacks takes its default; a required one raises)."""
        return cls(**{f.name: d.data[f.name] for f in fields(cls) if f.name in d.data})


@dataclass(frozen=True)
class MissingClear(FixFacts):
    """ZG101: the step whose optimizer nothing clears, and where a clear would go."""

    optimizer: str
    loop_line: int | None
    step_line: int
    guarded: bool  # the step runs under a condition (accumulation)
    set_to_none: bool | None  # the file's own `zero_grad(set_to_none=...)`, None for the default
    closure: bool = False  # the step evaluates a closure that runs the backward (LBFGS)
    backward_line: int | None = None  # the backward whose gradients the step applies


@dataclass(frozen=True)
class MisplacedClear(FixFacts):
    """ZG102: the clear between a backward and its step."""

    step_line: int
    backward_line: int
    loop_line: int | None
    step_guarded: bool
    clear: str  # the clear's statement as written


@dataclass(frozen=True)
class RedundantClear(FixFacts):
    """ZG103: the clear to remove, and the one that stays."""

    other_line: int
    clear: str


@dataclass(frozen=True)
class UncalledMethod(FixFacts):
    """ZG202: the call the line meant (`optimizer.zero_grad()`)."""

    replacement: str


@dataclass(frozen=True)
class EarlySchedulerStep(FixFacts):
    """ZG204: the scheduler whose step moves."""

    scheduler: str


@dataclass(frozen=True)
class ScaledStep(FixFacts):
    """ZG401, ZG404: the scaler and the optimizer it steps."""

    scaler: str
    optimizer: str


@dataclass(frozen=True)
class BypassedScaler(ScaledStep):
    """ZG402: the step to put through the scaler."""

    has_update: bool  # the loop already calls `scaler.update()`


@dataclass(frozen=True)
class UnscaledLoss(FixFacts):
    """ZG501: the loss given to backward and what to divide it by (None: not known)."""

    accumulation: str | None
    loss: str
    step_line: int


@dataclass(frozen=True)
class KeptLoss(FixFacts):
    """ZG602: the accumulator, the tensor (or container of tensors) added to it, and whether `.item()` is certain to fit."""

    accumulator: str
    value: str
    item_fix: bool
    container: str | None = None  # "dict", "tuple", "list" or "set" when `value` holds tensors: no `.item()` of its own
