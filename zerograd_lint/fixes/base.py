"""What a fix is: the edits a report offers, and what each rule's fix says of itself.

A rule makes its report's `Offer` where it knows the nodes: how safe the fix
is, and the edits of each of the fix's variants (or why a variant cannot be
made). A fix documents itself (`does`, `safety`): the rule's page
(`zerograd-lint rule`, docs/rules.md) and the table of docs/fixes.md are
generated from these, and a rule is fixable exactly when a fix for its code exists.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Callable, Sequence, Union

import libcst as cst

from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.fixes.edit import CannotFix, Edit
from zerograd_lint.fixes.fix_facts import FixFacts

SAFE, UNSAFE = "safe", "unsafe"


@dataclass(frozen=True)
class Variant:
    """One of a fix's edits for a report, with its own description."""

    message: Callable[[Diagnostic], str]


@dataclass(frozen=True)
class Fix:
    code: str
    message: Callable[[Diagnostic], str]
    does: str  # what the fix changes, in words (Markdown)
    safety: str  # when a report's fix is safe or unsafe, in words (Markdown)
    # When several reports of a file can be fixed, the fix of lowest order goes first.
    order: int
    # A smaller edit, tried first, and another edit tried last: the first that alone removes the
    # report and causes none is the fix.
    smaller: Variant | None = None
    fallback: Variant | None = None
    # Codes whose report on the same step says the fix's premise is false: fix that one first.
    contradicted_by: tuple[str, ...] = ()
    # The edit makes a line run that did nothing (ZG202): reports about that line are revealed, not caused.
    reveals: bool = False

    def variants(self) -> list[Variant]:
        """The edits to try, smallest first."""
        return [v for v in (self.smaller, self.main, self.fallback) if v is not None]

    @property
    def main(self) -> Variant:
        """The edit the rule's page describes (JSON's `fix` offers it, unproven; --fix may find a smaller one)."""
        return Variant(self.message)


# A variant as a report carries it: its edits, or why it cannot be made.
Made = Union[Sequence[Edit], str]


@dataclass(frozen=True)
class Offer:
    """What a report tells its fix: the words its messages quote, how safe it is, and each variant's edits
    (in the order of `Fix.variants`)."""

    words: FixFacts
    applicability: str
    variants: tuple[Made, ...]

    def moved(self, line_of: Callable[[int], int]) -> Offer:
        """The offer with the lines its words name mapped (the edits' spans stay: they belong to the code as it was)."""
        return replace(self, words=self.words.moved(line_of))


def made(edits: Callable[[], Sequence[Edit]]) -> Made:
    """The edits, or the reason they cannot be made."""
    try:
        return edits()
    except CannotFix as error:
        return str(error)
    except (cst.ParserSyntaxError, SyntaxError, ValueError) as error:
        return f"the fixed code would not parse: {error}"
    except Exception as error:  # code shaped as no fix foresaw: skip the fix, never lose the report
        return f"the fix failed: {type(error).__name__}: {error}"


def offer_of(d: Diagnostic) -> Offer:
    """The fix a report offers; raises CannotFix if it offers none (a report from the cache or another process)."""
    if d.fix is None:
        raise CannotFix("the report carries no fix")
    return d.fix


def variant_of(d: Diagnostic, index: int) -> list[Edit]:
    """The edits of one of the report's variants; raises CannotFix with the reason there are none."""
    made = offer_of(d).variants[index]
    if isinstance(made, str):
        raise CannotFix(made)
    return list(made)


def applicability(d: Diagnostic) -> str:
    return offer_of(d).applicability


def is_plain_receiver(text: object) -> bool:
    """`opt`, `self.optimizer`: a name or dotted name, which the analysis resolves with certainty."""
    return isinstance(text, str) and all(part.isidentifier() for part in text.split("."))


def is_plain_clear(text: object) -> bool:
    """`opt.zero_grad()`, `self.model.zero_grad(set_to_none=False)`: a clear that does nothing else."""
    return isinstance(text, str) and re.fullmatch(r"[\w.]+\.zero_grad\([\w=\s]*\)", text) is not None
