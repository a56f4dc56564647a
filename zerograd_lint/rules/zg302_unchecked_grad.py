from __future__ import annotations

from typing import Iterator

from zerograd_lint.analysis.facts import FileFacts
from zerograd_lint.rules import Finding, Rule


def check(facts: FileFacts) -> Iterator[Finding]:
    for read in facts.grad_reads:
        if (read.line, read.column) in facts.none_evidence:
            continue  # ZG301's: the file shows the None
        yield Finding(
            read.line, read.column, read.end_line, read.end_column,
            f"`{read.parameter}.grad` is used without checking it: it is None for any parameter of `{read.source}` "
            f"that gets no gradient (frozen, or skipped by the forward) and after `zero_grad()` until the next backward. "
            f"Nothing in this file shows a None here today; guard it with `if {read.parameter}.grad is not None` "
            f"so it keeps working when that changes.",
        )


RULE = Rule(
    code="ZG302",
    name="unchecked-grad",
    severity="warning",
    needs=("grad_reads",),
    summary="`p.grad` of a parameter is dereferenced without a `p.grad is not None` guard (opt-in, strict).",
    what=(
        "Reports every `p.grad` used as a tensor (attribute, method, subscript, arithmetic, passed to a torch function), "
        "where `p` comes from `.parameters()`, `.named_parameters()`, `param_groups[...]['params']` or similar, with no "
        "guard that `p.grad is not None` (an `if`, a `continue`, a comprehension filter, an `assert`, the filter of a "
        "property of the class that returns the collection), where the file "
        "does not show that it can be None (that is ZG301)."
    ),
    why=(
        "Code that reads every `.grad` right after a backward works while every parameter takes part in the loss. The day "
        "a layer is frozen, a branch of the model is skipped, or the read moves after a `zero_grad()` (set_to_none=True "
        "is the default since PyTorch 2.0), it raises AttributeError or TypeError: a gradient logger that worked for "
        "years is the classic case. `requires_grad` is not a None guard."
    ),
    example=(
        "loss.backward()\nfor name, p in model.named_parameters():\n    writer.add_histogram(name, p.grad)\n"
    ),
    use_instead=(
        "loss.backward()\nfor name, p in model.named_parameters():\n    if p.grad is not None:\n"
        "        writer.add_histogram(name, p.grad)\n"
    ),
    limits=(
        "Opt-in: enable with `--extend-select ZG302`. Only parameters bound by a loop or comprehension over a parameter "
        "collection; a `.grad` copied to another name first is not followed. A read reported as ZG301 is not also ZG302."
    ),
    enabled_by_default=False,
    valid=(
        "for p in model.parameters():\n    if p.grad is not None:\n        p.grad.data.mul_(0.5)\n",
        "for p in model.parameters():\n    if p.grad is None:\n        continue\n    print(p.grad.norm())\n",
        "norms = [p.grad.norm() for p in model.parameters() if p.grad is not None]\n",
        "for group in optimizer.param_groups:\n    for p in group['params']:\n        assert p.grad is not None\n        p.grad.mul_(2)\n",
        "for p in model.parameters():\n    if p.grad is not None:\n        p.grad = None\n    print(p.grad is None)\n",
        "params = [p for p in model.parameters() if p.grad is not None]\nfor p in params:\n    p.grad.div_(n)\n",
        "grads = [p.grad for p in model.parameters()]\n",
        # The file shows a None: ZG301 reports it, not ZG302.
        "model.zero_grad()\nfor p in model.parameters():\n    print(p.grad.norm())\n",
        # A property of the class that keeps only the parameters with a gradient: its filter guards each read.
        "class Trainer:\n    @property\n    def optimizable_params(self):\n"
        "        return [p for p in self.model.parameters() if p.grad is not None]\n\n"
        "    def grad_norm(self):\n        return torch.stack([p.grad.norm() for p in self.optimizable_params]).norm()\n",
    ),
    invalid=(
        "model = torch.nn.Linear(4, 1)\nfor x in loader:\n    model(x).sum().backward()\n    for p in model.parameters():\n"
        "        p.data.add_(p.grad, alpha=-0.1)  # <- ZG302\n    model.zero_grad()\n",
        "def grad_norm(model):\n    total = 0.0\n    for p in model.parameters():\n        total += p.grad.data.norm(2).item() ** 2  # <- ZG302\n"
        "    return total ** 0.5\n",
        "for name, param in model.named_parameters():\n    if param.requires_grad:\n        writer.add_histogram(name, param.grad.cpu())  # <- ZG302\n",
        "for group in optimizer.param_groups:\n    for p in group['params']:\n        p.grad[mask] = 0  # <- ZG302\n",
        "grads = [torch.norm(p.grad) for p in model.parameters()]  # <- ZG302\n",
        # Read in an f-string's replacement field: code like any other.
        "for name, param in model.named_parameters():\n    print(f'{name}: {param.grad.abs().mean().item():.4f}')  # <- ZG302\n",
    ),
    check=check,
)
