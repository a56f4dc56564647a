"""The words a fix's messages quote: one typed record per fixable rule.

The fix (`zerograd_lint/fixes/zgNNN.py`) fills the record in, beside its edits,
when the rule reports (`finding(..., fix=zgNNN.offer(...))`), and reads it back
with `Record.of(report)` to say what it did. A record travels in the report's
`fix` (`fixes.base.Offer`); its fields made with `line()` name lines of the file
and move with the report when lines move (`FixFacts.moved`).
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields, replace
from typing import Any, Callable, TypeVar

from zerograd_lint.base.diagnostics import Diagnostic

R = TypeVar("R", bound="FixFacts")
LINE = "line"  # the metadata key of a field that names a line of the file


def line(default: Any = MISSING) -> Any:
    """A field that names a line of the file: `moved` maps it when lines move."""
    return field(default=default, metadata={LINE: True})


@dataclass(frozen=True)
class FixFacts:
    @classmethod
    def of(cls: type[R], d: Diagnostic) -> R:
        """The record a report's fix carries; raises TypeError if it carries no record of this kind."""
        words = d.fix.words if d.fix is not None else None
        if not isinstance(words, cls):
            raise TypeError(f"{d.code} at line {d.line} carries no {cls.__name__}")
        return words

    def moved(self: R, line_of: Callable[[int], int]) -> R:
        """The record with the lines it names mapped by `line_of`."""
        lines = {f.name: getattr(self, f.name) for f in fields(self) if f.metadata.get(LINE)}
        return replace(self, **{name: line_of(value) for name, value in lines.items() if value is not None})


@dataclass(frozen=True)
class MissingClear(FixFacts):
    """ZG101: the step whose optimizer nothing clears, and where a clear would go."""

    optimizer: str  # as the code where the clear goes names it
    loop_line: int | None = line()
    step_line: int = line()
    guarded: bool  # the step runs under a condition (accumulation)
    set_to_none: bool | None  # the file's own `zero_grad(set_to_none=...)`, None for the default
    closure: bool = False  # the step evaluates a closure that runs the backward (LBFGS)
    moved_line: int | None = line(None)  # the clear outside that closure, which the fix moves into it
    after_step: bool = False  # the clear goes right after the step, not at the top of the loop
    backward_line: int | None = line(None)  # the backward whose gradients the step applies
    at_backward: str | None = None  # the optimizer as the backward's code names it (None: no name there)


@dataclass(frozen=True)
class MisplacedClear(FixFacts):
    """ZG102: the clear between a backward and its step."""

    step_line: int = line()
    backward_line: int = line()
    loop_line: int | None = line()
    step_guarded: bool
    clear: str  # the clear's statement as written


@dataclass(frozen=True)
class RedundantClear(FixFacts):
    """ZG103: the clear to remove, and the one that stays."""

    other_line: int = line()
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
    step_line: int = line()


@dataclass(frozen=True)
class KeptLoss(FixFacts):
    """ZG602: the accumulator, the tensor (or container of tensors) added to it, and whether `.item()` is certain to fit."""

    accumulator: str
    value: str
    item_fix: bool
    container: str | None = None  # "dict", "tuple", "list" or "set" when `value` holds tensors: no `.item()` of its own
