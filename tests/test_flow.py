"""The fixpoint engine: a loop whose state does not settle is a ZG000, never reports from a non-fixpoint."""

from __future__ import annotations

import pytest

from zerograd_lint.analysis import flow
from zerograd_lint.engine import analyze_source

LOOP = """\
import torch

model = torch.nn.Linear(2, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for x in [torch.randn(4, 2)]:
    loss = model(x).sum()
    loss.backward()
    optimizer.step()
"""


def test_a_loop_that_settles_is_analysed() -> None:
    assert [d.code for d in analyze_source(LOOP, "loop.py")] == ["ZG101"]


def test_a_loop_that_does_not_settle_is_a_zg000_at_the_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(flow, "MAX_LOOP_PASSES", 1)  # every real loop needs a second pass to see its state settle
    [report] = analyze_source(LOOP, "loop.py")
    assert (report.code, report.line, report.column) == ("ZG000", 5, 1)
    assert "did not settle in 1 passes" in report.message
