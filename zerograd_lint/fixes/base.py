"""What a fix is: how it edits the module, whether it is safe, how it describes itself.

A fix documents itself (`does`, `safety`): the rule's page (`zerograd-lint rule`,
docs/rules.md) and the table of docs/fixes.md are generated from these, and a
rule is fixable exactly when a fix for its code exists.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

import libcst as cst

from zerograd_lint.core.diagnostics import Diagnostic

SAFE, UNSAFE = "safe", "unsafe"


@dataclass(frozen=True)
class Variant:
    """Another edit for the same report, with its own description."""

    apply: Callable[[cst.Module, Diagnostic], cst.Module]
    message: Callable[[Diagnostic], str]


@dataclass(frozen=True)
class Fix:
    code: str
    apply: Callable[[cst.Module, Diagnostic], cst.Module]
    applicability: Callable[[Diagnostic], str]
    message: Callable[[Diagnostic], str]
    does: str  # what the fix changes, in words (Markdown)
    safety: str  # when `applicability` says safe or unsafe, in words (Markdown)
    # A smaller edit, tried first, and another edit tried last: the first that alone removes the
    # report and causes none is the fix.
    smaller: Variant | None = None
    fallback: Variant | None = None

    def variants(self) -> list[Variant]:
        """The edits to try, smallest first."""
        main = Variant(self.apply, self.message)
        return [v for v in (self.smaller, main, self.fallback) if v is not None]
    # Codes whose report on the same step says the fix's premise is false: fix that one first.
    contradicted_by: tuple[str, ...] = ()
    # The edit makes a line run that did nothing (ZG202): reports about that line are revealed, not caused.
    reveals: bool = False


def always(applicability: str) -> Callable[[Diagnostic], str]:
    return lambda _: applicability


def is_plain_receiver(text: object) -> bool:
    """`opt`, `self.optimizer`: a name or dotted name, which the analysis resolves with certainty."""
    return isinstance(text, str) and all(part.isidentifier() for part in text.split("."))


def is_plain_clear(text: object) -> bool:
    """`opt.zero_grad()`, `self.model.zero_grad(set_to_none=False)`: a clear that does nothing else."""
    return isinstance(text, str) and re.fullmatch(r"[\w.]+\.zero_grad\([\w=\s]*\)", text) is not None
