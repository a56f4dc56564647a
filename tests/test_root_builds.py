"""Which roots a file's analysis builds, and what a build reads: a root that a caller built before it inlines is not
built on its own (a build reads only what it finds itself, `build_records`, so its build could not change an answer),
and the file's view of the optimizers is what the roots analysed found, whichever other roots were built, in any
order."""

from __future__ import annotations

from collections import Counter

import libcst as cst
import pytest

from zerograd_lint import analyze_source
from zerograd_lint.analysis.ir import builder as builder_module
from zerograd_lint.analysis.ir.builder import Builder
from zerograd_lint.analysis.ir.index import Container, ModuleIndex

# A test class whose helper is written before the tests calling it (torch's dist_optimizer_test.py): the helper's
# loop never clears its optimizer.
HELPER_BEFORE_ITS_CALLERS = '''import torch


class Test:
    def _check(self, optim_cls, params):
        optimizer = optim_cls(params)
        for x in range(3):
            loss = self.model(x).sum()
            loss.backward()
            optimizer.step()

    def test_sgd(self):
        self.model = torch.nn.Linear(2, 2)
        self._check(torch.optim.SGD, self.model.parameters())

    def test_adam(self):
        self.model = torch.nn.Linear(2, 2)
        self._check(torch.optim.Adam, self.model.parameters())
'''

# A helper building `self.optimizer` over the model it is handed: built on its own, its model is its parameter.
HELPER_HANDED_THE_MODEL = '''import torch


class Test:
    def _fit(self, model):
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        for x in range(3):
            self.optimizer.zero_grad()
            model(x).sum().backward()
            self.optimizer.step()

    def test_fit(self):
        self.net = torch.nn.Linear(2, 2)
        self._fit(self.net)
'''


def name_of(root: Container) -> str:
    return root.name.value if isinstance(root, cst.FunctionDef) else "<module>"


def test_a_helper_its_callers_inline_is_not_built_on_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    built: Counter[str] = Counter()
    build = Builder.build

    def counting(self: Builder, root: Container, mro: tuple = ()) -> object:
        built[name_of(root)] += 1
        return build(self, root, mro)

    monkeypatch.setattr(builder_module.Builder, "build", counting)
    reports = [f"{d.line}:{d.code}" for d in analyze_source(HELPER_BEFORE_ITS_CALLERS, "test_optim.py")]
    assert built["_check"] == 0 and built["test_sgd"] == built["test_adam"] == 1, built
    assert reports == ["10:ZG101"]  # the helper's step, reported once, as each test runs it


@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize("helper_built", [False, True])
def test_the_files_view_is_what_the_roots_analysed_found(helper_built: bool, reverse: bool) -> None:
    index = ModuleIndex(cst.parse_module(HELPER_HANDED_THE_MODEL))
    builder = Builder(index)
    roots = {name_of(root): root for root in index.roots}
    order = [roots["_fit"], roots["test_fit"]] if helper_built else [roots["test_fit"]]
    for root in reversed(order) if reverse else order:
        builder.build(root)
    builder.analysed_root(roots["test_fit"])
    # Where the helper's own build counted, `self.optimizer` was built over two models (its parameter, the test's):
    # unknown. The helper is analysed inlined into the test, which hands it `self.net`.
    assert builder.models == {"self.optimizer": frozenset({"self.net"})}
    assert builder.built_from == {"self.net": frozenset()}
