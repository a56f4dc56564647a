"""Which assignments of a function's local name can reach a read of it, from the statements' nesting alone.

An assignment written after the read reaches it only over the back edge of a loop around both, and not even then
where the loop's body binds the name again before the read on every path: Point-MAE's batch loop binds `loss` at its
top, backpropagates it, then rebinds `loss` to its mean over the processes for logging; that mean is no loss of the
backward (ZG501 asks whether the backward's loss is divided). Any assignment whose place this reading cannot order
is kept: it may reach.
"""

from __future__ import annotations

from typing import Sequence

import libcst as cst

from zerograd_lint.analysis.ir.index import suites
from zerograd_lint.analysis.ir.visiting import nodes_of

# Where a statement is: each statement list from the function's body down, and its position there.
Place = tuple[tuple[Sequence[cst.CSTNode], int], ...]
COMPOUND = (cst.If, cst.For, cst.While, cst.With, cst.Try, cst.TryStar, cst.Match)
LOOPS = (cst.For, cst.While)


def reaching(function: cst.FunctionDef, name: str, values: list[cst.CSTNode], reads: Sequence[cst.CSTNode]) -> list[cst.CSTNode]:
    """The assignments' `values` (each within its statement) that may reach one of `reads`, reads of the local `name`
    of `function`: all but those written after each read that a rebinding of `name` between the loop's top and the
    read (or the function's end) cuts off."""
    places = _Places(function.body.body if isinstance(function.body, cst.IndentedBlock) else (), {*reads, *values}).found
    at = [places.get(read) for read in reads]
    if not at or None in at or nodes_of(function.body, (cst.Global, cst.Nonlocal)):
        return values  # not a statement of the function's own, or a name that outlives the call
    return [value for value in values if not all(cut_off(places.get(value), each, name) for each in at)]  # type: ignore[arg-type]


def cut_off(written: Place | None, read: Place, name: str) -> bool:
    """Whether an assignment at `written`, after the read at `read`, can reach it only through a rebinding of `name`."""
    if written is None:
        return False
    common = next((level for level, (a, b) in enumerate(zip(written, read)) if a[0] is not b[0] or a[1] != b[1]), None)
    if common is None or written[common][0] is not read[common][0] or written[common][1] < read[common][1]:
        return False  # the same statement, arms of one statement, or written before the read
    loops = [level for level in range(common) if isinstance(read[level][0][read[level][1]], LOOPS)]
    if not loops:
        return True  # after the read, and no loop runs the read again
    inner = loops[-1]  # the innermost loop around both: each pass enters the lists below it at their top
    return any(binds(statement, name) for body, position in read[inner + 1:] for statement in body[:position])


def binds(statement: cst.CSTNode, name: str) -> bool:
    """A simple statement whose plain assignment binds `name` (`loss = f(x)`, `loss, out = f(x)`)."""
    small = statement.body if isinstance(statement, cst.SimpleStatementLine) else [statement]
    return any(
        isinstance(each, cst.Assign) and any(name in plain_names(target.target) for target in each.targets) for each in small
    )


def plain_names(target: cst.BaseExpression) -> set[str]:
    if isinstance(target, cst.Name):
        return {target.value}
    if isinstance(target, (cst.Tuple, cst.List)):
        return {e.value.value for e in target.elements if isinstance(e.value, cst.Name) and not isinstance(e, cst.StarredElement)}
    return set()


class _Places:
    """The place of each statement (not a compound one's header) holding one of the nodes asked for."""

    def __init__(self, body: Sequence[cst.CSTNode], asked: set[cst.CSTNode]) -> None:
        self.asked = asked
        self.found: dict[cst.CSTNode, Place] = {}
        self.walk(body, ())

    def walk(self, body: Sequence[cst.CSTNode], place: Place) -> None:
        for position, statement in enumerate(body):
            here = (*place, (body, position))
            if isinstance(statement, COMPOUND):
                for suite in suites(statement):
                    self.walk(suite, here)
            elif not isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
                self.record(statement, here)

    def record(self, node: cst.CSTNode, place: Place) -> None:
        if node in self.asked:
            self.found[node] = place
        for child in node.children:
            self.record(child, place)
