"""An optimizer class of the project whose own `step` clears each gradient it applies (a vendored copy changed to
set `p.grad = None` after each parameter's update): its step is a step and then a clear of that optimizer.

Read from the method's code alone: `for group in self.param_groups:` around `for p in group["params"]:`, whose body
clears `p.grad` at its top level, and leaves a pass early only where `p.grad is None` (nothing to clear there).
"""

from __future__ import annotations

from typing import Sequence

import libcst as cst

from zerograd_lint.analysis.ir.index import statements_of
from zerograd_lint.analysis.ir.names import code_of
from zerograd_lint.analysis.ir.visiting import nodes_of

EXITS = (cst.Continue, cst.Break, cst.Return, cst.Raise)


def clears_each_gradient(step: cst.FunctionDef) -> bool:
    """Whether the `step` method's loop over every parameter of every group clears each one's gradient."""
    for groups in top_level(statements_of(step.body)):
        if not (isinstance(groups, cst.For) and code_of(groups.iter) == "self.param_groups" and isinstance(groups.target, cst.Name)):
            continue
        group = groups.target.value
        for params in top_level(statements_of(groups.body)):
            if (
                isinstance(params, cst.For) and isinstance(params.target, cst.Name)
                and code_of(params.iter) == f'{group}["params"]' and params.orelse is None
            ):
                return clears_before_any_exit(statements_of(params.body), params.target.value)
    return False


def top_level(statements: Sequence[cst.CSTNode]) -> list[cst.CSTNode]:
    """The statements of a body, a `with` block's (`with torch.no_grad():`) read as the body's own."""
    found: list[cst.CSTNode] = []
    for statement in statements:
        found += top_level(statements_of(statement.body)) if isinstance(statement, cst.With) else [statement]
    return found


def clears_before_any_exit(body: Sequence[cst.CSTNode], parameter: str) -> bool:
    """`p.grad = None` (or `p.grad.zero_()`) at the top of the pass, no statement before it leaving the pass but
    `if p.grad is None: continue`."""
    for statement in body:
        if is_clear(statement, parameter):
            return True
        if isinstance(statement, cst.If) and skips_no_gradient(statement, parameter):
            continue
        if nodes_of(statement, EXITS):
            return False
    return False


def is_clear(statement: cst.CSTNode, parameter: str) -> bool:
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return False
    small = statement.body[0]
    if isinstance(small, cst.Assign):
        return [code_of(t.target) for t in small.targets] == [f"{parameter}.grad"] and code_of(small.value) == "None"
    return isinstance(small, cst.Expr) and code_of(small.value) == f"{parameter}.grad.zero_()"


def skips_no_gradient(statement: cst.If, parameter: str) -> bool:
    """`if p.grad is None: continue`, nothing else."""
    body, test = statements_of(statement.body), statement.test
    return (
        statement.orelse is None and isinstance(test, cst.Comparison) and code_of(test.left) == f"{parameter}.grad"
        and len(test.comparisons) == 1 and isinstance(test.comparisons[0].operator, cst.Is)
        and code_of(test.comparisons[0].comparator) == "None"
        and len(body) == 1 and isinstance(body[0], cst.SimpleStatementLine) and [type(s) for s in body[0].body] == [cst.Continue]
    )
