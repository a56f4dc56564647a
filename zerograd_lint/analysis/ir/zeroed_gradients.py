"""`p.grad = <a new tensor of zeros>`: the gradient replaced by zeros, a clear as `p.grad.zero_()` is (the
gradients a backward left are gone; the next backward adds to zeros).

Not where the write fills a gradient that is not there (`if p.grad is None: p.grad = torch.zeros_like(p)`, after a
clear with `set_to_none`, so that every parameter has a tensor): nothing held is replaced there, so it is no clear.
"""

from __future__ import annotations

from typing import Sequence

import libcst as cst

from zerograd_lint.analysis.ir.names import code_of, dotted_name

ZERO_FACTORIES = frozenset({"zeros", "zeros_like"})  # `torch.zeros_like(p)`, `torch.zeros(p.shape)`
ZERO_METHODS = frozenset({"zero_", "new_zeros"})  # `data.new().resize_as_(data).zero_()`, `p.new_zeros(p.shape)`
WRAPPERS = frozenset({"Variable"})  # the legacy autograd wrapper hands back what it wraps


def zeros_written(value: cst.BaseExpression) -> bool:
    """Whether `value` is a new tensor of zeros."""
    if not isinstance(value, cst.Call):
        return False
    func = value.func
    if isinstance(func, cst.Attribute) and func.attr.value in ZERO_METHODS:
        return True
    name = dotted_name(func) or ""
    last = name.rsplit(".", 1)[-1]
    if last in WRAPPERS:
        return bool(value.args) and value.args[0].keyword is None and zeros_written(value.args[0].value)
    return last in ZERO_FACTORIES


def under_missing_gradient_test(conditions: Sequence[tuple[cst.BaseExpression, bool]], parameter: cst.BaseExpression) -> bool:
    """Whether one of the `if` arms around (test, taken when true) runs only where `parameter.grad` is None:
    `if p.grad is None:` (alone or in an `and`), or the `else` of `if p.grad is not None:`."""
    grad = f"{code_of(parameter)}.grad"
    return any(
        (taken and any(tests_none(term, grad, cst.Is) for term in conjuncts(test)))
        or (not taken and tests_none(test, grad, cst.IsNot))
        for test, taken in conditions
    )


def conjuncts(test: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The terms of `a and b and c`; the test itself otherwise."""
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
        return conjuncts(test.left) + conjuncts(test.right)
    return [test]


def tests_none(test: cst.BaseExpression, grad: str, operator: type[cst.BaseCompOp]) -> bool:
    """`p.grad is None` (or `is not None`, as `operator` says)."""
    return (
        isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and code_of(test.left) == grad
        and isinstance(test.comparisons[0].operator, operator) and code_of(test.comparisons[0].comparator) == "None"
    )
