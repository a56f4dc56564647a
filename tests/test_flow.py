"""The fixpoint engine: a loop whose state does not settle leaves its function out, said on stderr; never a
report from a state that is no fixpoint, and the rest of the file still checked."""

from __future__ import annotations

import logging

import pytest

from zerograd_lint.analysis.interpret import flow
from zerograd_lint.core.engine import analyze_source

LOOP = """\
import torch

model = torch.nn.Linear(2, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)


def train(loader):
    for x in loader:
        loss = model(x).sum()
        loss.backward()
        optimizer.step()


def other(loader):
    for x in loader:
        model.zero_grad()
        loss = model(x).sum()
        loss.backward()
        optimizer.step()
        optimizer.zero_grad  # uncalled: ZG202, no loop state needed
"""


def test_a_loop_that_settles_is_analysed() -> None:
    assert [(d.code, d.line) for d in analyze_source(LOOP, "loop.py")] == [("ZG101", 11), ("ZG202", 20)]


def test_a_loop_that_does_not_settle_leaves_its_function_out_and_says_so(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(flow, "MAX_LOOP_PASSES", 1)  # every real loop needs a second pass to see its state settle
    with caplog.at_level(logging.WARNING, logger="zerograd_lint"):
        reports = analyze_source(LOOP, "loop.py")
    assert [(d.code, d.line) for d in reports] == [("ZG202", 20)]  # no ZG101 from a state that is no fixpoint
    assert "loop.py: `train` not analysed: the data-flow state of a loop there did not settle" in caplog.text
