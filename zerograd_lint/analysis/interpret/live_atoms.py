"""Which correlated atoms a test ahead may still read: a backward liveness analysis over the IR.

`flow.Correlated` keeps its state apart per valuation of the tests passed so
far. A value no test ahead reads (before a rebinding changes it) can never
tell two paths apart again, so forgetting it loses nothing, and the room it
frees is kept for the values that do matter: the back end a trainer chose in
`__init__`, tested again in every batch, beside a clip threshold tested
twice in one step and never again before it is recomputed (coqui's
`Trainer.optimize`: more valuations than `flow.MAX_VALUATIONS` when both are
kept). The analysis follows the interpreter's own paths: a loop's body
comes back to its head, where its moving atoms were forgotten (`repeat`), and
runs into what follows the loop; a `try` body's handlers start from its
beginning or its end; a `return` of an inlined helper ends the helper; a copy
(`flag = stepped`) reads its source where a test ahead reads the copy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

from zerograd_lint.analysis.ir.nodes import Block, Branch, Inlined, Jump, Loop, Node, Rebind, Try
from zerograd_lint.analysis.work import spend

Atoms = frozenset  # of atom keys


@dataclass(frozen=True)
class Exits:
    """What is live where a `break`, a `continue` and a `return` go."""

    breaks: Atoms = frozenset()
    continues: Atoms = frozenset()
    returns: Atoms = frozenset()


class LiveAtoms:
    """The atoms a test may read from a point on: `entering[(id(branch), True)]` at the start of a branch's `then`
    (False: its `orelse`), `leaving[id(loop)]` once a loop is done."""

    def __init__(
        self, reads: Callable[[Branch], Atoms], kills: Callable[[Rebind], Atoms],
        copies: Callable[[Rebind], tuple[tuple[str, str], ...]], moving: Mapping[int, Atoms],
    ):
        self.reads = reads
        self.kills = kills
        self.copies = copies  # a rebinding -> (a copy's atom, its source's): the copy takes the source's value there
        self.moving = moving  # id(loop) -> its atoms forgotten at its back edge
        self.entering: dict[tuple[int, bool], Atoms] = {}
        self.leaving: dict[int, Atoms] = {}

    def run(self, root: Node) -> "LiveAtoms":
        self.live_in(root, frozenset(), Exits())
        return self

    def live_in(self, node: Node, out: Atoms, exits: Exits) -> Atoms:
        spend()
        if isinstance(node, Block):
            for item in reversed(node.items):
                out = self.live_in(item, out, exits)
            return out
        if isinstance(node, Branch):
            then, orelse = self.live_in(node.then, out, exits), self.live_in(node.orelse, out, exits)
            self.note(self.entering, (id(node), True), then)
            self.note(self.entering, (id(node), False), orelse)
            return self.reads(node) | then | orelse
        if isinstance(node, Loop):
            return self.loop(node, out, exits)
        if isinstance(node, Try):
            final = self.live_in(node.final, out, exits)
            handlers = frozenset().union(*(self.live_in(handler, final, exits) for handler in node.handlers))
            return self.live_in(node.body, self.live_in(node.orelse, final, exits) | handlers, exits) | handlers
        if isinstance(node, Jump):
            return {"break": exits.breaks, "continue": exits.continues}.get(node.kind, exits.returns)
        if isinstance(node, Inlined):
            return self.live_in(node.body, out, Exits(out, out, out))
        if isinstance(node, Rebind):  # a copy a test ahead reads reads its source here
            return (out - self.kills(node)) | frozenset(source for target, source in self.copies(node) if target in out)
        return out

    def loop(self, loop: Loop, out: Atoms, exits: Exits) -> Atoms:
        self.note(self.leaving, id(loop), out)
        finished = frozenset() if loop.exits_by_break_only else self.live_in(loop.orelse, out, exits)
        moving = self.moving.get(id(loop), frozenset())
        head: Atoms = frozenset()
        while True:  # the head's live atoms only grow, and there are finitely many
            end = (head - moving) | finished  # the end of an iteration goes round the back edge, or out of the loop
            new = self.live_in(loop.body, end, Exits(out, end, exits.returns))
            if not loop.runs_at_least_once:
                new |= finished
            if new == head:
                return head
            head = new

    @staticmethod
    def note(points: dict, point: object, live: Atoms) -> None:
        points[point] = points.get(point, frozenset()) | live  # a loop's passes: the union of what they found
