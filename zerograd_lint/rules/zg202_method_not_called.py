from __future__ import annotations

from typing import Iterator

from zerograd_lint.analysis.facts import FileFacts
from zerograd_lint.rules import Finding, Rule
from zerograd_lint.rules.support import finding


def check(facts: FileFacts) -> Iterator[Finding]:
    for uncalled in facts.uncalled:
        yield finding(
            facts, uncalled.node,
            f"`{uncalled.text}` is not called: the line does nothing. Add the parentheses: `{uncalled.text}()`.",
            replacement=f"{uncalled.text}()",
        )


RULE = Rule(
    code="ZG202",
    name="method-not-called",
    severity="error",
    needs=("uncalled",),
    summary="`optimizer.zero_grad`, `loss.backward`, `optimizer.step`, `scaler.update` or `scaler.unscale_` written without a call.",
    what="Reports a lifecycle method named as a statement but never called, anywhere in the file.",
    why="The attribute is looked up and thrown away: the clear, backward or step the line promises never happens, and Python says nothing.",
    example="for x, y in loader:\n    optimizer.zero_grad\n    criterion(model(x), y).backward()\n    optimizer.step()\n",
    use_instead="for x, y in loader:\n    optimizer.zero_grad()\n    criterion(model(x), y).backward()\n    optimizer.step()\n",
    limits="`step` is reported only on an optimizer, `update` only on a GradScaler.",
    fixable=True,
    valid=(
        "optimizer.zero_grad()\nloss.backward()\noptimizer.step()\n",
        "hook = optimizer.step\nscheduler.step\nprint(loss.backward)\n",
    ),
    invalid=(
        "optimizer.zero_grad  # <- ZG202\nloss.backward()\noptimizer.step()\n",
        "def profile_step(self):\n    self.optimizer.zero_grad  # <- ZG202\n    self.loss().backward()\n    self.optimizer.step  # <- ZG202\n    self.scaler.update  # <- ZG202\n",
    ),
    check=check,
)
