"""ZG501's reading of a loss computed by a helper (RULES.md ZG501): a division there normalises the accumulation only
where its divisor may be the count (a parameter, an attribute, a size), not where it is the element count of the
helper's own mean (`mask.sum()`); a reduction only as `"sum"` or a value not written there. And the backward of a
helper's parameter is judged by the argument its caller hands it. A sum over a dict's values is judged by the entries
the function shows the dict holding there, where it shows them all."""

from __future__ import annotations

import pytest

from zerograd_lint.core.engine import analyze_source

LOOP = """\
import torch
import torch.nn.functional as F


def micro_batch_loss(model, x, y, mask, accum_steps):
    losses = F.cross_entropy(model(x), y, reduction="none")
    return {returned}


def train(model, loader, optimizer, accum_steps):
    for i, (x, y, mask) in enumerate(loader):
        loss = micro_batch_loss(model, x, y, mask, accum_steps)
        loss.backward()
        if (i + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
"""
BACKWARD_LINE = 13


@pytest.mark.parametrize(
    "returned",
    [
        "(losses * mask).sum() / mask.sum()",
        "torch.sum(losses * mask) / torch.sum(mask)",
        "(losses * mask).sum() / mask.sum().clamp(min=1)",
        "(losses * mask).sum() / (mask.float().sum() + 1e-8)",
        "(losses * mask).sum() / max(mask.sum(), 1)",
        "(losses * mask).sum().div(torch.clamp(mask.sum(), min=1))",
        "losses.mean()",
        'F.cross_entropy(model(x), y, reduction="mean")',
    ],
)
def test_a_helpers_mean_is_no_division_by_the_count(returned: str) -> None:
    source = LOOP.format(returned=returned)
    assert [(d.code, d.line) for d in analyze_source(source, "train.py")] == [("ZG501", BACKWARD_LINE)]


@pytest.mark.parametrize(
    "returned",
    [
        "losses.mean() / accum_steps",
        "(losses * mask).sum() / mask.sum() / accum_steps",
        "losses.mean().div(accum_steps)",
        "losses.sum() / len(y)",  # a size: the batch's share of a sum may be the normalisation
        "losses.sum() / sum(len(row) for row in y)",  # the builtin `sum` of sizes, no tensor's element count
        'F.cross_entropy(model(x), y, reduction="sum")',  # summed on purpose
        "F.cross_entropy(model(x), y, reduction=REDUCTION)",  # a reduction not written here: unknown
    ],
)
def test_a_helper_dividing_by_what_may_be_the_count_normalises(returned: str) -> None:
    assert analyze_source(LOOP.format(returned=returned), "train.py") == []


HANDED = """\
def backward_micro_batch(loss):
    loss.backward()


def train(model, loader, optimizer, criterion, accum_steps):
    for i, (x, y) in enumerate(loader):
        backward_micro_batch({argument})
        if (i + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
"""


@pytest.mark.parametrize("argument, reported", [("criterion(model(x), y)", True), ("criterion(model(x), y) / accum_steps", False)])
def test_the_backward_of_a_helpers_parameter_judges_the_callers_argument(argument: str, reported: bool) -> None:
    found = [(d.code, d.line) for d in analyze_source(HANDED.format(argument=argument), "train.py")]
    assert found == ([("ZG501", 2)] if reported else [])


@pytest.mark.parametrize(
    "bound, reported",
    [
        ("num_tokens = mask.sum().clamp(min=1)", True),
        ("num_tokens = accum_steps * mask.numel()", False),
        ("num_tokens = mask.sum()\n    num_tokens += accum_steps", False),  # bound more than once: not known
    ],
)
def test_a_divisor_the_helper_binds_once_is_read_as_bound(bound: str, reported: bool) -> None:
    source = LOOP.replace("    return {returned}", f"    {bound}\n    return losses.sum() / num_tokens")
    line = BACKWARD_LINE + bound.count("\n") + 1
    assert [(d.code, d.line) for d in analyze_source(source, "train.py")] == ([("ZG501", line)] if reported else [])


SUMMED = """\
def summed_losses(out, n):
{body}


def train(model, loader, optimizer, accum_steps):
    for i, batch in enumerate(loader):
        loss = summed_losses(model(batch), accum_steps)
        loss.backward()
        if (i + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
"""


@pytest.mark.parametrize(
    "body, reported",
    [
        # every entry the dict holds at the sum is divided: by a loop over its own keys, through a name for it ...
        ("losses = out.losses\nfor k, value in losses.items():\n    out.losses[k] = value / n\nreturn sum(losses.values())", False),
        ("for k in out.keys():\n    out[k] = out[k] / n\nreturn sum(out[k].mean() for k in out)", False),
        ("for k in out:\n    out[k] /= n\ntotal = 0\nfor k, v in out.items():\n    total += v\nreturn total", False),
        # ... or as the function builds it from a display
        ('losses = {}\nlosses["ce"] = out.ce / n\nlosses["kl"] = out.kl / n\nreturn sum(losses.values())', False),
        # an entry shown undivided
        ('losses = {"ce": out.ce / n}\nlosses["kl"] = out.kl\nreturn sum(losses.values())', True),
        ("for k, v in out.items():\n    out[k] = v.float()\nreturn sum(out.values())", True),  # written back as it came
        # entries the function does not show: judged as a sum is
        ('out["ce"] = out["ce"] / n\nreturn sum(out.values())', True),  # only some written
        ("for k, v in out.items():\n    if k.startswith('loss'):\n        out[k] = v / n\nreturn sum(out.values())", True),
        ('for k, v in out.items():\n    out[k] = v / n\nout.update(extra=out["ce"])\nreturn sum(out.values())', True),
        ("total = sum(out.values())\nfor k, v in out.items():\n    out[k] = v / n\nreturn total", True),  # divided after
        ("losses = out.losses\nlosses = dict(losses)\nfor k, v in losses.items():\n    out.losses[k] = v / n\nreturn sum(losses.values())", True),
        # an entry leading back to the sum (through a name bound after it) ends
        ('total = 0\nfor step in range(3):\n    out["t"] = total\n    total = sum(out.values())\nreturn total', True),
    ],
)
def test_a_sum_over_a_dicts_values_is_judged_by_the_entries_the_function_shows(body: str, reported: bool) -> None:
    source = SUMMED.format(body="\n".join(f"    {line}" for line in body.splitlines()))
    line = 8 + body.count("\n")
    assert [(d.code, d.line) for d in analyze_source(source, "train.py")] == ([("ZG501", line)] if reported else [])
