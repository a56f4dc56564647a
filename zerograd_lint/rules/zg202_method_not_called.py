from __future__ import annotations

from typing import Iterator

import libcst as cst

from zerograd_lint.analysis.facts import FileFacts
from zerograd_lint.analysis.ir.file_scope import for_one_file
from zerograd_lint.analysis.ir.names import code_of
from zerograd_lint.analysis.ir.visiting import visit
from zerograd_lint.fixes import zg202
from zerograd_lint.rules import Example, Finding, Rule
from zerograd_lint.rules.support import finding


def check(facts: FileFacts) -> Iterator[Finding]:
    for uncalled in facts.uncalled:
        if uncalled.node.attr.value == "unscale_":  # it takes the optimizer whose gradients it unscales
            optimizer = stepped_optimizer(facts.module, uncalled.node.value)
            call = f"{uncalled.text}({optimizer or 'optimizer'})"
            advice = f"Call it with the optimizer {'it steps' if optimizer else 'whose gradients it unscales'}: `{call}`."
        else:
            call = f"{uncalled.text}()"
            advice = f"Add the parentheses: `{call}`."
        yield finding(facts, uncalled.node, f"`{uncalled.text}` is not called: the line does nothing. {advice}", fix=zg202.offer(facts, uncalled.node, call))


def stepped_optimizer(module: cst.Module | None, scaler: cst.BaseExpression) -> str | None:
    """The optimizer of the first `scaler.step(opt)` of this scaler in the file, as written."""
    if module is None:
        return None
    return next((optimizer for receiver, optimizer in one_argument_steps(module) if receiver == code_of(scaler)), None)


@for_one_file  # one walk for all of the file's reports
def one_argument_steps(module: cst.Module) -> list[tuple[str, str]]:
    """Every `x.step(y)` of the module, in order, as (x, y) written."""
    steps = _OneArgumentSteps()
    visit(module, steps)
    return steps.found


class _OneArgumentSteps(cst.CSTVisitor):
    def __init__(self) -> None:
        self.found: list[tuple[str, str]] = []

    def visit_Call(self, call: cst.Call) -> None:
        func, args = call.func, call.args
        if isinstance(func, cst.Attribute) and func.attr.value == "step" and len(args) == 1 and args[0].keyword is None:
            self.found.append((code_of(func.value), code_of(args[0].value)))


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
    valid=(
        "optimizer.zero_grad()\nloss.backward()\noptimizer.step()\n",
        "hook = optimizer.step\nscheduler.step\nprint(loss.backward)\n",
    ),
    invalid=(
        Example(
            "optimizer.zero_grad  # <- ZG202\nloss.backward()\noptimizer.step()\n",
            fixed=(
                "optimizer.zero_grad()  # <- ZG202\nloss.backward()\noptimizer.step()\n"
            ),
        ),
        Example(
            "def profile_step(self):\n    self.optimizer.zero_grad  # <- ZG202\n    self.loss().backward()\n    self.optimizer.step  # <- ZG202\n    self.scaler.update  # <- ZG202\n",
            fixed=(
                "def profile_step(self):\n    self.optimizer.zero_grad()  # <- ZG202\n    self.loss().backward()\n"
                "    self.optimizer.step()  # <- ZG202\n    self.scaler.update()  # <- ZG202\n"
            ),
        ),
        # Advice: `scaler.unscale_(opt)`, the optimizer the scaler steps.
        "for x in loader:\n    scaler.scale(loss(x)).backward()\n    scaler.unscale_  # <- ZG202\n    scaler.step(opt)\n    scaler.update()\n",
    ),
    check=check,
)
