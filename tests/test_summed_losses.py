"""Which `reduction="sum"` of a file can be a loss given to a backward (ZG501's clue, `questions/summed_losses.py`):
a value computed under `no_grad` carries no graph; a callable built there, or any other text, still counts."""

from __future__ import annotations

import ast

import pytest

from zerograd_lint.analysis.questions.summed_losses import summed_loss_with_grad

WITHOUT_GRAPH = [
    # A validation decorated with `no_grad`, and one in a `with` block (its loop and branch too).
    "@torch.no_grad()\ndef validate(x, y):\n    return F.cross_entropy(x, y, reduction='sum')\n",
    "@torch.no_grad\ndef validate(x, y):\n    return F.cross_entropy(x, y, reduction='sum')\n",
    "@torch.inference_mode()\ndef validate(x, y):\n    return F.cross_entropy(x, y, reduction='sum')\n",
    "with torch.no_grad():\n    for x, y in loader:\n        if x is not None:\n"
    "            total += F.mse_loss(x, y, reduction = \"sum\").item()\n",
    "with torch.set_grad_enabled(False):\n    total = F.l1_loss(x, y, reduction='sum')\n",
    # Another letter before it on the line: columns are counted as CPython counts them.
    "with torch.no_grad():\n    é = 1; total = F.l1_loss(x, y, reduction='sum')\n",
]
WITH_GRAD = [
    "loss = F.cross_entropy(x, y, reduction='sum')\n",
    # A loss class, or a partial, built under `no_grad`: a callable that may run later with gradients.
    "@torch.no_grad()\ndef build():\n    return nn.CrossEntropyLoss(reduction='sum')\n",
    "with torch.no_grad():\n    criterion = functools.partial(F.cross_entropy, reduction='sum')\n",
    # A function defined under `no_grad` runs where it is called; so does a lambda.
    "with torch.no_grad():\n    def criterion(x, y):\n        return F.cross_entropy(x, y, reduction='sum')\n",
    "with torch.no_grad():\n    criterion = lambda x, y: F.cross_entropy(x, y, reduction='sum')\n",
    # Grad left on, or switched back on.
    "@torch.inference_mode(False)\ndef train(x, y):\n    return F.cross_entropy(x, y, reduction='sum')\n",
    "with torch.set_grad_enabled(True):\n    loss = F.cross_entropy(x, y, reduction='sum')\n",
    # Not a keyword of a call: a setting read elsewhere, text.
    "with torch.no_grad():\n    reduction = 'sum'\n",
    "with torch.no_grad():\n    pass  # reduction='sum'\n",
    # One place without a graph does not hide another with one.
    "with torch.no_grad():\n    total = F.l1_loss(x, y, reduction='sum')\nloss = F.l1_loss(x, y, reduction='sum')\n",
]


@pytest.mark.parametrize("text", WITHOUT_GRAPH)
def test_a_summed_value_computed_under_no_grad_is_no_loss_of_a_backward(text: str) -> None:
    assert not summed_loss_with_grad(text, lambda: ast.parse(text))
    assert summed_loss_with_grad(text, lambda: None)  # the tree unknown: every place counts


@pytest.mark.parametrize("text", WITH_GRAD)
def test_a_summed_loss_that_may_run_with_gradients_counts(text: str) -> None:
    assert summed_loss_with_grad(text, lambda: ast.parse(text))


def test_the_tree_is_asked_only_of_a_text_that_says_so() -> None:
    def never() -> ast.Module:
        raise AssertionError("asked")

    assert not summed_loss_with_grad("loss = F.cross_entropy(x, y)\n", never)
