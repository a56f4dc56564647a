"""What building a file's IR costs, counted: a call's callee looked up once per place it is written, however many
times the function holding it is inlined; what it returns read once per resolver asking; what an assignment's value
reads and calls, and which parameter a def returns, once per node; a context changed by copying it, as
`dataclasses.replace` would make it."""

from __future__ import annotations

import dataclasses
import sys
from collections import Counter
from typing import Callable

import libcst as cst
import pytest

from zerograd_lint import analyze_source
from zerograd_lint.analysis.ir import builder as builder_module
from zerograd_lint.analysis.ir import index as index_module
from zerograd_lint.analysis.ir.builder import CONTEXT_FIELDS, Context
from zerograd_lint.analysis.ir.roles import Resolver

# A test calling one helper once per optimizer class (torch's dist_optimizer_test.py), the helper calling others:
# each call inlines the helper again, and the calls in its body ask what they run each time.
HELPER_CALLED_AGAIN = '''import torch
from torch import optim


class Module:
    def __init__(self):
        self.w = torch.rand(3, requires_grad=True)

    def forward(self, x):
        return self.w * x

    def get_w(self):
        return self.w


def total(output):
    return output.sum()


class Test:
    def _check(self, optim_cls, **kwargs):
        module = Module()
        optimizer = optim_cls([module.get_w()], **kwargs)
        for x in range(3):
            loss = total(module.forward(x))
            loss.backward()
            optimizer.step()

    def test_optimizers(self):
        {calls}
'''
OPTIMIZERS = ("optim.SGD", "optim.Adam", "optim.AdamW", "optim.Adagrad", "optim.RMSprop", "optim.Rprop")


def looked_up(source: str, monkeypatch: pytest.MonkeyPatch) -> tuple[Counter[tuple[int, int]], list[str]]:
    """How many times each (container, call) had its callee looked up from its code, and the reports."""
    counted: Counter[tuple[int, int]] = Counter()
    written_callee = index_module.SameFileView.written_callee

    def counting(self: index_module.SameFileView, call: cst.Call) -> object:
        counted[id(self.container), id(call)] += 1
        return written_callee(self, call)

    monkeypatch.setattr(index_module.SameFileView, "written_callee", counting)
    reports = [f"{d.line}:{d.code}" for d in analyze_source(source, "test_dist.py")]
    return counted, reports


@pytest.mark.parametrize("calls", [1, 6])
def test_a_call_is_looked_up_once_where_it_is_written(calls: int, monkeypatch: pytest.MonkeyPatch) -> None:
    body = "\n        ".join(f"self._check({name}, lr=0.1)" for name in OPTIMIZERS[:calls])
    counted, reports = looked_up(HELPER_CALLED_AGAIN.format(calls=body), monkeypatch)
    assert counted and set(counted.values()) == {1}, counted  # every inlining of `_check` asks again: answered once
    assert reports == ["27:ZG101"]  # the helper's loop never clears its optimizer: its step reported once


def test_what_a_call_returns_is_read_once_per_resolver_asking(monkeypatch: pytest.MonkeyPatch) -> None:
    counted: Counter[tuple[str, int, int]] = Counter()  # (the question: returned or factory_returned, the caller, the call)
    callers: list[Resolver] = []  # kept, so that no other resolver is given the same id
    returned_at = index_module.returned_at

    def counting(index: object, function: object, is_method: bool, call: cst.Call, caller: Resolver) -> object:
        counted[sys._getframe(1).f_code.co_name, id(caller), id(call)] += 1
        callers.append(caller)
        return returned_at(index, function, is_method, call, caller)  # type: ignore[arg-type]

    monkeypatch.setattr(index_module, "returned_at", counting)
    body = "\n        ".join(f"self._check({name}, lr=0.1)" for name in OPTIMIZERS)
    reports = [f"{d.line}:{d.code}" for d in analyze_source(HELPER_CALLED_AGAIN.format(calls=body), "test_dist.py")]
    assert counted and set(counted.values()) == {1}, counted  # `module.get_w()`, `total(...)`: asked again, read once
    assert reports == ["27:ZG101"]


def test_what_a_value_reads_is_read_once_per_node(monkeypatch: pytest.MonkeyPatch) -> None:
    counted: Counter[int] = Counter()
    values: list[cst.CSTNode] = []  # kept, so that no other node is given the same id
    used_names = builder_module.used_names

    def counting(value: cst.CSTNode, origin_of: Callable[[str], str | None] | None = None) -> list[cst.Name | cst.Attribute]:
        counted[id(value)] += 1
        values.append(value)
        return used_names(value, origin_of)

    monkeypatch.setattr(builder_module, "used_names", counting)
    body = "\n        ".join(f"self._check({name}, lr=0.1)" for name in OPTIMIZERS)
    reports = [f"{d.line}:{d.code}" for d in analyze_source(HELPER_CALLED_AGAIN.format(calls=body), "test_dist.py")]
    assert counted and set(counted.values()) == {1}, counted  # `_check`'s assignments, built six times: read once
    assert reports == ["27:ZG101"]


def test_a_changed_context_is_what_replace_makes() -> None:
    context = Context(Resolver(()), cst.Module([]), (), "return", conditions=((cst.Name("a"), True),))
    changes = {"tail_jump": None, "no_grad": True, "gated": "accelerator", "elements": {"p": cst.Name("params")}}
    copied, made = context.but(**changes), dataclasses.replace(context, **changes)  # type: ignore[arg-type]
    assert CONTEXT_FIELDS == {f.name for f in dataclasses.fields(Context)}
    assert all(getattr(copied, name) is getattr(made, name) for name in CONTEXT_FIELDS)
    assert copied == made and context.tail_jump == "return"  # the original is left as it was
    with pytest.raises(TypeError):
        context.but(tail_jumps=None)


def test_events_in_goes_down_the_ir_without_a_generator_per_level(monkeypatch: pytest.MonkeyPatch) -> None:
    """`events_in` (asked 9,600 times over torch's tree, 45,000 generator steps when each level handed each event up)
    walks the IR itself, events in program order: through blocks, both arms of a branch, a loop's body and else, a
    try's body, handlers, else and finally, and an inlined call's body."""
    from zerograd_lint.analysis.ir import nodes as ir

    node = cst.Name("x")
    e = [ir.GradWrite(number, node) for number in range(9)]
    tree = ir.Block((
        e[0],
        ir.Branch(None, ir.Guard.OTHER, ir.Block((e[1],)), ir.Block((e[2], ir.Jump("break"))), None),
        ir.Loop(node, ir.Block((ir.Inlined(node, node, ir.Block((e[3],))), e[4])), ir.Block((e[5],)), True, False),
        ir.Try(ir.Block((e[6],)), (ir.Block(()), ir.Block((e[7],))), ir.Block(()), ir.Block((e[8],))),
    ))
    calls: list[object] = []
    walk = ir.events_in
    monkeypatch.setattr(ir, "events_in", lambda at: calls.append(at) or walk(at))
    assert [event.id for event in ir.events_in(tree)] == list(range(9))
    assert calls == [tree]


def test_the_facts_walk_the_ir_with_a_stack_in_program_order() -> None:
    """The facts' walks of a root's IR (`walk`, `ancestors`, `enclosing_blocks`, `inlined_calls`, `training_loops`,
    `outside_loops`: 50,000 generator steps over torch's tree when each level handed each node up) give what the
    recursive walks gave, in the same order: each node before those it holds, a branch's arms, a loop's body and else, a
    try's body, handlers, else and finally in turn; `children` is a tuple, none for an event or a jump."""
    from zerograd_lint.analysis import facts
    from zerograd_lint.analysis.ir import nodes as ir

    node = cst.Name("x")
    e = [ir.GradWrite(number, node) for number in range(10)]
    inner_loop = ir.Loop(node, ir.Block((e[4],)), ir.Block(()), True, False)
    inlined = ir.Inlined(node, node, ir.Block((e[3], inner_loop)))
    loop = ir.Loop(node, ir.Block((inlined, ir.Block((e[5],)))), ir.Block((e[6],)), True, False)
    jump = ir.Jump("break")
    attempt = ir.Try(ir.Block((e[7],)), (ir.Block(()), ir.Block((e[8],))), ir.Block(()), ir.Block((e[9],)))
    tree = ir.Block((e[0], ir.Branch(None, ir.Guard.OTHER, ir.Block((e[1],)), ir.Block((e[2], jump)), None), loop, attempt))

    def recursive(at: ir.Node, path: tuple[ir.Node, ...] = ()) -> list[tuple[ir.Node, tuple[ir.Node, ...]]]:
        found = [(at, path)]
        for child in ir.children(at):
            found += recursive(child, (*path, at))
        return found

    every = recursive(tree)
    assert list(facts.walk(tree)) == [at for at, _ in every]
    assert list(facts.ancestors(tree)) == [(at.id, path) for at, path in every if isinstance(at, ir.Event)]
    assert [event.id for event in ir.events_in(tree)] == list(range(10))
    assert ir.children(e[0]) == () and ir.children(jump) == ()
    assert isinstance(ir.children(tree), tuple)
    # Blocks around each event, a block that is an item of a block (a `with` statement's body) not counted again.
    blocks = dict(facts.enclosing_blocks(tree))
    assert blocks[0] == (id(tree),) and blocks[7] == (id(tree), id(attempt.body))
    assert blocks[5] == (id(tree), id(loop.body))  # its block is an item of the loop's body
    assert blocks[4] == (id(tree), id(loop.body), id(inlined.body), id(inner_loop.body))
    assert dict(facts.inlined_calls(tree)) == {3: (inlined,), 4: (inlined,)}

    class EveryLoopTrains:
        @staticmethod
        def is_training_loop(at: ir.Loop) -> bool:
            return True

    structure = EveryLoopTrains()
    assert list(facts.training_loops(tree, structure)) == [loop, inner_loop]  # type: ignore[arg-type]
    assert [event.id for event in facts.outside_loops(tree, structure)] == [0, 1, 2, 7, 8, 9]  # type: ignore[arg-type]
