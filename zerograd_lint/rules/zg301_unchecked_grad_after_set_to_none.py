from __future__ import annotations

import os
from typing import Callable, Iterator

from zerograd_lint.analysis.facts import FileFacts, NoneEvidence
from zerograd_lint.analysis.ir.nodes import Clear, Event, Freeze
from zerograd_lint.analysis.questions.grad_reads import GradRead
from zerograd_lint.rules import Finding, Rule
from zerograd_lint.rules.support import at


def check(facts: FileFacts) -> Iterator[Finding]:
    for read in facts.grad_reads:
        evidence = facts.none_evidence.get((read.line, read.column))
        if evidence is not None:
            yield Finding(
                read.line, read.column, read.end_line, read.end_column,
                f"`{read.parameter}.grad` can be None here: {why_none(facts, read, evidence, at)}. "
                f"Guard it with `if {read.parameter}.grad is not None`.",
            )
    for path, read, evidence in facts.reads_elsewhere:  # a def of another module this file's code runs: reported there
        yield Finding(
            read.line, read.column, read.end_line, read.end_column,
            f"`{read.parameter}.grad` can be None here when `{os.path.basename(facts.file_name)}` runs this code: "
            f"{why_none(facts, read, evidence, at_in_file)}. Guard it with `if {read.parameter}.grad is not None`.",
            path=path,
        )


def at_in_file(facts: FileFacts, event: Event) -> str:
    """`optimizer.zero_grad()` (line 15 of `train.py`): an event placed with its file's name."""
    return f"`{event.text}` (line {facts.line(event.node)} of `{os.path.basename(facts.path_of(event.node) or facts.file_name)}`)"


def why_none(facts: FileFacts, read: GradRead, evidence: NoneEvidence, at: Callable[[FileFacts, Event], str]) -> str:
    """Why the read can meet a None; `at`: how an event is placed (with its file's name, for a read of another module)."""
    parameters = f"the parameters of `{read.source}`"
    event = evidence.event
    if evidence.kind == "cleared" and isinstance(event, Clear):
        how = "sets them to None" if event.set_to_none else "sets them to None (set_to_none=True is the default since PyTorch 2.0)"
        return f"{at(facts, event)} {how} and no backward runs before this read of {parameters}"
    if evidence.kind == "before-backward" and event is not None:
        return f"{parameters} have no gradient before the first backward, {at(facts, event)}, has run"
    if evidence.kind == "frozen" and isinstance(event, Freeze):
        return f"`{event.key}` is frozen by {at(facts, event)}, so some of {parameters} never get a gradient"
    if evidence.kind == "frozen" and not evidence.part:
        return f"`{evidence.owner}` freezes parameters of its own (line {evidence.line}), and those never get a gradient"
    part = f"`{evidence.owner}.{evidence.part}`"
    if evidence.kind == "frozen":
        return f"{part} is frozen (line {evidence.line}), so it never gets a gradient"
    return (
        f"`{evidence.owner}.forward` does not use {part} (line {evidence.line}) on every path, "
        f"and its parameters get no gradient from a backward through such a path"
    )


RULE = Rule(
    code="ZG301",
    name="unchecked-grad-after-set-to-none",
    severity="warning",
    needs=("grad_reads",),
    summary="`p.grad` of a parameter is dereferenced where the file shows it can be None.",
    what=(
        "Reports `p.grad` used as a tensor (attribute, method, subscript, arithmetic, passed to a torch function), "
        "where `p` comes from `.parameters()`, `.named_parameters()`, `param_groups[...]['params']` or similar, with no "
        "guard that `p.grad is not None` (an `if`, a `continue`, a comprehension filter, an `assert`), when the file shows "
        "that `.grad` can be None there: on some path the read follows a clear with `set_to_none=True` (explicit, the "
        "default of `zero_grad()` since PyTorch 2.0, or `p.grad = None`) with no backward since, or comes before the first "
        "backward; or the model is frozen in part (`requires_grad_(False)`, `requires_grad = False`), or its class in this "
        "file has a submodule or parameter that `forward` does not use on every path."
    ),
    why=(
        "Such a `.grad` is None: the read raises AttributeError or TypeError, often only in the run where a logging "
        "interval, a frozen layer or a rarely taken branch of the model first lines up with it."
    ),
    example=(
        "for step, (x, y) in enumerate(loader):\n    criterion(model(x), y).backward()\n    optimizer.step()\n"
        "    optimizer.zero_grad()\n    if step % 100 == 0:\n"
        "        norm = sum(p.grad.norm() ** 2 for p in model.parameters())  # all None after zero_grad()\n"
    ),
    use_instead=(
        "for step, (x, y) in enumerate(loader):\n    criterion(model(x), y).backward()\n    if step % 100 == 0:\n"
        "        norm = sum(p.grad.norm() ** 2 for p in model.parameters() if p.grad is not None)\n"
        "    optimizer.step()\n    optimizer.zero_grad()\n"
    ),
    limits=(
        "Only parameters bound by a loop or comprehension over a parameter collection; a `.grad` copied to another name "
        "first is not followed. A clear counts when it is known to cover the parameters read (the same model, or an "
        "optimizer visibly built from it); a backward is assumed to reach every parameter. A model's class is followed "
        "only when it is defined in the same file. A read where the file shows no None is ZG302 (opt-in)."
    ),
    valid=(
        # Right after the backward, over a model whose parameters all get gradients: ZG302's (opt-in).
        "model = torch.nn.Linear(4, 1)\noptimizer = torch.optim.SGD(model.parameters(), lr=0.1)\nfor x in loader:\n"
        "    optimizer.zero_grad()\n    model(x).sum().backward()\n    for p in model.parameters():\n"
        "        p.data.add_(p.grad, alpha=-0.1)\n",
        "for x in loader:\n    optimizer.zero_grad()\n    loss(x).backward()\n    for name, p in model.named_parameters():\n"
        "        writer.add_histogram(name, p.grad)\n    optimizer.step()\n",
        "for p in model.parameters():\n    if p.grad is not None:\n        p.grad.data.mul_(0.5)\n",
        "for x in loader:\n    loss(x).backward()\n    optimizer.step()\n    optimizer.zero_grad()\n"
        "    norms = [p.grad.norm() for p in model.parameters() if p.grad is not None]\n",
        "optimizer.zero_grad(set_to_none=False)\nfor x in loader:\n    loss(x).backward()\n    optimizer.step()\n"
        "    optimizer.zero_grad(set_to_none=False)\n",
        # Frozen layers skipped by a `requires_grad` filter.
        "model.embed.requires_grad_(False)\nfor x in loader:\n    optimizer.zero_grad()\n    loss(x).backward()\n"
        "    grads = [p.grad.norm() for p in model.parameters() if p.requires_grad]\n    optimizer.step()\n",
        "model = Net()\nfor x in loader:\n    loss(x).backward()\n    assert all(p.grad is not None for p in model.parameters())\n"
        "    total = sum(p.grad.sum() for p in model.parameters())\n    optimizer.step()\n    optimizer.zero_grad()\n",
        # Each pass reads one parameter's gradient, then sets that one to None.
        "for x in loader:\n    model(x).sum().backward()\n    grads = []\n    for p in model.parameters():\n"
        "        grads.append(p.grad.clone())\n        p.grad = None\n    apply(grads)\n",
        # A clear of another model leaves these gradients alone.
        "optimizer_d = torch.optim.Adam(netD.parameters())\noptimizer_g = torch.optim.Adam(netG.parameters())\n"
        "for x in loader:\n    netG.zero_grad()\n    g_loss(x).backward()\n    optimizer_d.zero_grad()\n"
        "    norms = [p.grad.norm() for p in netG.parameters()]\n    optimizer_g.step()\n",
        # An optional head, built only when used, is used whenever it exists.
        "class Net(torch.nn.Module):\n    def __init__(self, aux=False):\n        super().__init__()\n"
        "        self.body = torch.nn.Linear(4, 4)\n        self.aux = torch.nn.Linear(4, 2) if aux else None\n\n"
        "    def forward(self, x):\n        h = self.body(x)\n        if self.aux is not None:\n            h = h + self.aux(h).sum()\n"
        "        return h\n\n\nmodel = Net()\nfor x in loader:\n    model.zero_grad()\n    model(x).sum().backward()\n"
        "    print([p.grad.norm() for p in model.parameters()])\n",
    ),
    invalid=(
        "model = torch.nn.Linear(4, 1)\noptimizer = torch.optim.SGD(model.parameters(), lr=0.1)\nfor x in loader:\n"
        "    model(x).sum().backward()\n    optimizer.step()\n    optimizer.zero_grad()\n    total = 0.0\n"
        "    for p in model.parameters():\n        total += p.grad.data.norm(2).item() ** 2  # <- ZG301\n",
        "model = torch.nn.Linear(4, 1)\noptimizer = torch.optim.SGD(model.parameters(), lr=0.1)\n"
        "for step, x in enumerate(loader):\n    if step % 10 == 0:\n"
        "        print([p.grad.norm() for p in model.parameters()])  # <- ZG301\n    optimizer.zero_grad()\n"
        "    model(x).sum().backward()\n    optimizer.step()\n",
        "class Net(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        "        self.body = torch.nn.Linear(4, 8)\n        self.aux = torch.nn.Linear(8, 2)\n        self.head = torch.nn.Linear(8, 2)\n\n"
        "    def forward(self, x, with_aux=False):\n        h = self.body(x)\n        if with_aux:\n            return self.aux(h)\n"
        "        return self.head(h)\n\n\nmodel = Net()\noptimizer = torch.optim.SGD(model.parameters(), lr=0.1)\n"
        "for x in loader:\n    optimizer.zero_grad()\n    model(x).sum().backward()\n"
        "    for name, param in model.named_parameters():\n        writer.add_histogram(name, param.grad.cpu())  # <- ZG301\n"
        "    optimizer.step()\n",
        "model = torchvision.models.resnet18()\nfor p in model.layer1.parameters():\n    p.requires_grad = False\n"
        "optimizer = torch.optim.SGD(model.parameters(), lr=0.1)\nfor x in loader:\n    optimizer.zero_grad()\n"
        "    model(x).sum().backward()\n    grads = [torch.norm(p.grad) for p in model.parameters()]  # <- ZG301\n"
        "    optimizer.step()\n",
        "for group in optimizer.param_groups:\n    for p in group['params']:\n        p.grad = None\n"
        "for group in optimizer.param_groups:\n    for p in group['params']:\n        p.grad.mul_(0.5)  # <- ZG301\n",
        # The step helper clears at its end; the logger the loop calls afterwards reads None.
        "class Trainer:\n    def __init__(self, model):\n        self.model = model\n"
        "        self.optimizer = torch.optim.AdamW(model.parameters())\n\n    def train_step(self, batch):\n"
        "        self.model(batch).sum().backward()\n        self.optimizer.step()\n        self.optimizer.zero_grad(set_to_none=True)\n\n"
        "    def log_grads(self):\n        for name, p in self.model.named_parameters():\n"
        "            print(name, p.grad.norm())  # <- ZG301\n\n    def fit(self, loader):\n        for batch in loader:\n"
        "            self.train_step(batch)\n            self.log_grads()\n",
        # A norm helper that makes a list of what it is handed, called after the clear that ends the step.
        "def grad_norm(parameters):\n    parameters = [p for p in parameters]\n"
        "    return sum(p.grad.norm() ** 2 for p in parameters) ** 0.5  # <- ZG301\n\n"
        "for x in loader:\n    model(x).sum().backward()\n    optimizer.step()\n"
        "    optimizer.zero_grad()\n    print(grad_norm(model.parameters()))\n",
        # A model built by a factory of the file, whose class never calls one of its heads.
        "class Net(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        "        self.body = torch.nn.Linear(4, 2)\n        self.spare = torch.nn.Linear(4, 2)\n\n"
        "    def forward(self, x):\n        return self.body(x)\n\n\ndef build():\n    return Net()\n\n\n"
        "model = build()\noptimizer = torch.optim.SGD(model.parameters(), lr=0.1)\nfor x in loader:\n"
        "    optimizer.zero_grad()\n    model(x).sum().backward()\n"
        "    norms = [p.grad.norm() for p in model.parameters() if p.requires_grad]  # <- ZG301\n    optimizer.step()\n",
        # A teacher run under torch.no_grad() never gets a gradient.
        "class Distiller(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        "        self.student = torch.nn.Linear(4, 2)\n        self.teacher = torch.nn.Linear(4, 2)\n\n    def forward(self, x):\n"
        "        with torch.no_grad():\n            target = self.teacher(x)\n        return (self.student(x) - target).pow(2).mean()\n\n"
        "    def grad_norm(self):\n        return sum(p.grad.norm() for p in self.parameters())  # <- ZG301\n",
    ),
    check=check,
)
