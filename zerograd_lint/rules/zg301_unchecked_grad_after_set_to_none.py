from __future__ import annotations

from typing import Iterator

from zerograd_lint.analysis.facts import FileFacts
from zerograd_lint.rules import Finding, Rule


def check(facts: FileFacts) -> Iterator[Finding]:
    for read in facts.grad_reads:
        yield Finding(
            read.line, read.column, read.end_line, read.end_column,
            f"`{read.parameter}.grad` is used without checking it: it is None for parameters of `{read.source}` that got "
            f"no gradient, and after every `zero_grad()` (set_to_none=True is the default since PyTorch 2.0). "
            f"Guard it with `if {read.parameter}.grad is not None`.",
            {"parameter": read.parameter},
        )


RULE = Rule(
    code="ZG301",
    name="unchecked-grad-after-set-to-none",
    severity="warning",
    needs=("grad_reads",),
    summary="`p.grad` of a parameter is dereferenced without a `p.grad is not None` guard.",
    what=(
        "Reports `p.grad` used as a tensor (attribute, method, subscript, arithmetic, passed to a torch function) "
        "where `p` comes from `.parameters()`, `.named_parameters()`, `param_groups[...]['params']` or similar, "
        "with no guard that `p.grad is not None` (an `if`, a `continue`, a comprehension filter, an `assert`)."
    ),
    why=(
        "A parameter that took no part in the loss has `grad is None`, and since PyTorch 2.0 every `zero_grad()` "
        "sets gradients to None. Code that worked for years raises AttributeError or TypeError. `requires_grad` is not a guard."
    ),
    example="total = sum(p.grad.norm() ** 2 for p in model.parameters())\n",
    use_instead="total = sum(p.grad.norm() ** 2 for p in model.parameters() if p.grad is not None)\n",
    limits="Only parameters bound by a loop or comprehension over a parameter collection; a `.grad` copied to another name first is not followed.",
    valid=(
        "for p in model.parameters():\n    if p.grad is not None:\n        p.grad.data.mul_(0.5)\n",
        "for p in model.parameters():\n    if p.grad is None:\n        continue\n    print(p.grad.norm())\n",
        "norms = [p.grad.norm() for p in model.parameters() if p.grad is not None]\n",
        "for group in optimizer.param_groups:\n    for p in group['params']:\n        assert p.grad is not None\n        p.grad.mul_(2)\n",
        "for p in model.parameters():\n    if p.grad is not None:\n        p.grad = None\n    print(p.grad is None)\n",
        "params = [p for p in model.parameters() if p.grad is not None]\nfor p in params:\n    p.grad.div_(n)\n",
    ),
    invalid=(
        "total = 0.0\nfor p in model.parameters():\n    total += p.grad.data.norm(2).item() ** 2  # <- ZG301\n",
        "for name, param in model.named_parameters():\n    if param.requires_grad:\n        writer.add_histogram(name, param.grad.cpu())  # <- ZG301\n",
        "for group in optimizer.param_groups:\n    for p in group['params']:\n        p.grad[mask] = 0  # <- ZG301\n",
        "grads = [torch.norm(p.grad) for p in model.parameters()]  # <- ZG301\n",
    ),
    check=check,
)
