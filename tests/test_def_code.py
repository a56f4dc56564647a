"""A module's defs read from its code alone (`core/def_code.py`): what the project gate asks before it parses a module
for what its defs reach. It may say "may reach" where the parse says no; never the other way round."""

from __future__ import annotations

import ast

import pytest
from conftest import REPO, project_sources

from zerograd_lint.core.def_code import DefCode, defs_code, may_reach, words_of_defs
from zerograd_lint.core.gate import summarize
from zerograd_lint.core.project_gate import calls_on_self, reaches_of

MODULE = b'''\
import torch


@hooks.step(
    name="decorated",
)
def decorated():
    return 1


class Helper:
    def __call__(self, x):
        return self.scale(x)

    def scale(self, x):
        text = """
def hidden():
    loss.backward()
"""
        return x * 2

    def update(self, loss,
optimizer):
        loss.backward()
        optimizer.step()


def outer(batch):
    def inner(x):
        return helper_step(x)
    return inner(batch)


def helper_step(x):
    return run_update(x)


def run_update(x):
    Helper().update(x, None)


def through_table(task, batch):
    return STEPS[task](batch)
'''


def code_of(defs: DefCode, name: str) -> bytes:
    """The code of the first def of the name."""
    cut = defs.cut(*defs.defs[name][0])
    assert cut is not None
    return cut


def test_each_def_is_cut_from_its_decorators_to_its_body_s_end() -> None:
    defs = defs_code(MODULE)
    assert defs is not None
    assert sorted(defs.defs) == sorted(["decorated", "__call__", "scale", "update", "outer", "inner", "helper_step", "run_update", "through_table"])
    assert code_of(defs, "decorated").lstrip().startswith(b"@hooks.step(") and b"return 1" in code_of(defs, "decorated")
    assert b"optimizer.step()" in code_of(defs, "update")  # past a header continued at column 0 inside its brackets
    assert b"hidden" not in code_of(defs, "scale") and "hidden" not in defs  # a string's `def` is no def
    assert b"helper_step" in code_of(defs, "outer")  # a nested def is in its outer def's code
    assert b"def helper_step" not in code_of(defs, "outer")


def test_a_def_may_reach_where_its_code_or_a_def_it_calls_marks_a_body() -> None:
    defs = defs_code(MODULE)
    assert defs is not None
    reached = reaches_of(summarize(ast.parse(MODULE)))
    assert reached["decorated"] == (False, True) and reached["outer"] == (True, True) and not any(reached["__call__"])
    assert not may_reach(defs, {"scale"})
    assert not may_reach(defs, {"__call__"})  # calls `scale` only
    assert may_reach(defs, {"update"})
    assert may_reach(defs, {"outer"})  # inner -> helper_step -> run_update -> update
    assert may_reach(defs, {"decorated"})  # its decorator's calls are its body's in the summary
    assert may_reach(defs, {"through_table"})  # a table's def may be any
    assert not may_reach(defs, {"missing"})


def test_a_plain_call_may_run_an_instance_s_call_and_ignite_s_run_an_engine_s_init() -> None:
    defs = defs_code(b"def f(x):\n    return g(x)\n\n\nclass M:\n    def forward(self, x):\n        x.backward()\n")
    assert defs is not None and may_reach(defs, {"f"})
    engine = defs_code(
        b"class Trainer(Engine):\n    def __init__(self):\n        super().__init__(self.update)\n\n"
        b"    def update(self, engine, batch):\n        self.optimizer.step()\n"
    )
    assert engine is not None and may_reach(engine, {"run"})


@pytest.mark.parametrize("text", [
    b"def f():\n\tloss.backward()\n",  # tabs
    b"x = 1; y = 'unclosed\ndef f():\n    pass\n",  # a quote `code_only` leaves
    b"def f():\n    \xc3\xa9t\xc3\xa9 = 1\n",  # a non-ASCII name
])
def test_code_that_cannot_be_cut_for_sure_is_left_to_the_parse(text: bytes) -> None:
    assert defs_code(text) is None


@pytest.mark.slow  # a walk over every module of the repository (conftest.project_sources)
def test_what_the_summary_says_a_def_reaches_its_code_may_reach() -> None:
    """Over every module of the fixtures and the labelled cases: each def the CPython summary finds reaching a backward
    or a step, `may_reach` says may; the words of each def's code hold every method it calls on `self`."""
    checked = cut = 0
    for path, data, _, tree in project_sources():
        if tree is None or REPO / "zerograd_lint" in path.parents:  # the fixtures and tests/data alone
            continue
        summary = summarize(tree)
        checked += 1
        defs = defs_code(data)
        if defs is None:
            continue
        cut += 1
        for name, flags in reaches_of(summary).items():
            assert not any(flags) or may_reach(defs, {name}), (path, name)
        for name, methods in calls_on_self(summary).items():
            words = words_of_defs(defs, {name})
            assert words is None or methods <= words, (path, name)
    assert cut > checked * 0.9
