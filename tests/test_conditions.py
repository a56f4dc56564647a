"""Which tests are the same test (RULES.md, "Correlated conditions"), seen through ZG501's pairing of a backward and a
step: two helpers handed one settings dict, each reading the back end from it, take the same branch only where the
read is provably the same one; anything else stays the helper's own, and the engine's backward may feed the step."""

from __future__ import annotations

import libcst as cst
import pytest

from zerograd_lint.analysis.ir.conditions import ROOT_NAMING, Atom, Not, condition_of, numbers_decide
from zerograd_lint.core.engine import analyze_source

HELPERS = """\
def backward(model, state):
    engine = state.get("engine", "torch")
    loss = state["loss"]
    if engine == "deepspeed":
        model.backward(loss)
    else:
        (loss / state["accum"]).backward()
    return state


def update(model, optimizer, state):
    engine = state.get("engine", "torch")
    if engine == "deepspeed":
        model.step()
    elif (state["index"] + 1) % state["accum"] == 0:
        optimizer.step()
        optimizer.zero_grad()
    return state


def train(model, optimizer, loader, state):
    for index, batch in enumerate(loader):
        state["index"] = index
        state["loss"] = model(batch).mean()
        state = backward(model, state)
        state = update(model, optimizer, state)
"""


def engine_backward_paired(source: str) -> bool:
    """Whether the one report is ZG501 at the engine's backward (the torch branch divides its loss)."""
    line = source.splitlines().index("        model.backward(loss)") + 1
    return [(d.code, d.line) for d in analyze_source(source, "steps.py")] == [("ZG501", line)]


def test_one_key_of_one_dict_read_by_each_helper_is_one_test() -> None:
    assert analyze_source(HELPERS, "steps.py") == []


def test_another_item_stored_between_leaves_the_test_as_it_was() -> None:
    tested = '    if engine == "deepspeed":\n        model.step()'
    source = HELPERS.replace(tested, '    state["seen"] = True\n' + tested)
    assert analyze_source(source, "steps.py") == []


FORWARD = 'def forward(model, batch, state):\n    state["loss"] = model(batch).mean()\n    return {returned}\n\n\n'


@pytest.mark.parametrize("returned, paired", [("state", False), ("dict(state)", True)])
def test_a_forward_helper_handing_the_dict_back_is_no_rebinding(returned: str, paired: bool) -> None:
    """`state = forward(model, batch, state)`, a helper with no lifecycle event (not inlined): handing back the
    parameter it was given keeps the loop's `state` the same object; a new dict is another one."""
    source = FORWARD.format(returned=returned) + HELPERS.replace(
        '        state["loss"] = model(batch).mean()\n', "        state = forward(model, batch, state)\n"
    )
    assert engine_backward_paired(source) if paired else analyze_source(source, "steps.py") == []


@pytest.mark.parametrize(
    "old, new",
    [
        # Another default: a dict without the key takes one branch in one helper, the other in the other.
        ('    engine = state.get("engine", "torch")\n    if', '    engine = state.get("engine", "deepspeed")\n    if'),
        # The helper stores the back end before it tests it: what it reads is no longer the caller's.
        ('    engine = state.get("engine", "torch")\n    if', '    engine = state.get("engine", "torch")\n    state["engine"] = pick(state)\n    if'),
        # The helper hands the dict to a call, which may change it.
        ('    engine = state.get("engine", "torch")\n    if', '    engine = state.get("engine", "torch")\n    refresh(state)\n    if'),
        # The helper returns a new dict: the loop's `state` is another object for the second helper.
        ("        (loss / state[\"accum\"]).backward()\n    return state", "        (loss / state[\"accum\"]).backward()\n    return dict(state)"),
        # The loop stores the back end in every iteration: one run may switch, and the engine's gradients carry over.
        ('        state["index"] = index\n', '        state["index"] = index\n        state["engine"] = schedule[index]\n'),
    ],
    ids=["another default", "stored by the helper", "handed to a call", "a new dict returned", "stored by the loop"],
)
def test_what_is_not_provably_the_same_read_stays_unknown(old: str, new: str) -> None:
    assert HELPERS.count(old) >= 1
    assert engine_backward_paired(HELPERS.replace(old, new, 1))


COPIED = """\
class Net(torch.nn.Module):
    def __init__(self, amp):
        super().__init__()
        self.layer = torch.nn.Linear(8, 8)
        self.scaler = torch.amp.GradScaler() if amp else None

    def forward_backward(self, x):
        loss = self.layer(x).mean()
        if self.scaler is not None:
            self.scaler.scale(loss).backward()
        else:
            loss.backward()


def train(model, loader):
    optimizer = torch.optim.AdamW(model.parameters())
    scaler = model.scaler
    for x in loader:
        optimizer.zero_grad()
        model.forward_backward(x)
        if scaler is not None:
            scaler.step(optimizer)
            scaler.update()
        else:
            optimizer.step()


def main(loader):
    train(Net(amp=True), loader)
"""


@pytest.mark.parametrize(
    "old, new, reported",
    [
        ("", "", False),  # the copy and the method's own attribute: one value, so each backward meets its own step
        # The attribute rebound after the copy: the copy keeps the old scaler, the method reads the new one.
        ("    scaler = model.scaler\n", "    scaler = model.scaler\n    model.scaler = make_scaler()\n", True),
        # A copy of another attribute says nothing of the method's.
        ("    scaler = model.scaler\n", "    scaler = model.amp_scaler\n", True),
    ],
    ids=["copied", "source rebound", "another source"],
)
def test_a_copy_and_its_source_test_one_value_until_either_is_rebound(old: str, new: str, reported: bool) -> None:
    """`scaler = model.scaler`, tested in the loop, and the inlined method's `self.scaler` (`self` being `model`)."""
    source = COPIED.replace(old, new, 1)
    step = source.splitlines().index("            optimizer.step()") + 1
    assert [(d.code, d.line) for d in analyze_source(source, "train.py")] == ([("ZG402", step)] if reported else [])


EPOCHS = "import copy\n\n" + HELPERS.replace(
    "def train(model, optimizer, loader, state):\n", "def train(model, optimizer, loader, configs):\n    state = copy.deepcopy(configs)\n"
) + """

def run(model, optimizer, loader, configs, epochs):
    for epoch in range(epochs):
        train(model, optimizer, loader, configs)
"""


@pytest.mark.parametrize(
    "copied, paired",
    [
        ("copy.deepcopy(configs)", False),
        ("copy.copy(configs)", False),
        ("dict(configs)", False),
        ("configs.copy()", False),
        ("configs", False),  # the settings themselves
        ("dict(configs, engine=pick_engine())", True),  # another back end each run: no copy
        ("load_settings()", True),  # read again each run: it may name another
    ],
)
def test_a_copy_made_in_each_epoch_of_settings_it_never_assigns_reads_their_one_value(copied: str, paired: bool) -> None:
    """Each epoch's run copies the settings (`state = copy.deepcopy(configs)`) and its helpers read the back end from
    the copy: every epoch's copy holds the one back end of `configs`, so one epoch's engine backward never meets the
    next epoch's torch step. What is no copy of them may name another back end in each epoch."""
    assert engine_backward_paired(EPOCHS.replace("copy.deepcopy(configs)", copied)) is paired


def test_a_copy_made_in_each_epoch_of_settings_the_epoch_assigns_reads_a_new_value() -> None:
    loop = "    for epoch in range(epochs):\n"
    assert engine_backward_paired(EPOCHS.replace(loop, loop + "        configs = load_settings(epoch)\n"))


PER_EPOCH = "import copy\n\n" + HELPERS + """

def run(model, optimizer, loader, configs, epochs):
    for epoch in range(epochs):
        train(model, optimizer, loader, configs)
"""


@pytest.mark.parametrize(
    "handed, paired",
    [
        ("configs", False),  # the settings themselves
        ('configs["run"]', False),  # a chain of them
        ("configs.run", False),
        ("copy.deepcopy(configs)", False),  # a copy of them
        ("dict(configs)", False),
        ("load_settings(configs)", True),  # read again each epoch: it may name another back end
        ("configs[epoch]", True),  # another entry each epoch
        ("dict(configs, engine=pick_engine())", True),  # another back end each epoch: no copy
    ],
)
def test_a_parameter_its_batch_loop_assigns_holds_what_each_epoch_hands_it(handed: str, paired: bool) -> None:
    """The epoch loop hands the batch loop, whose body assigns its parameter (`state = backward(model, state)`), the
    settings it never assigns: bound at each call, `state` is a copy of them, as `state = configs` would be, and every
    epoch reads their one back end. What is no copy of them may name another back end in each epoch."""
    call = "train(model, optimizer, loader, configs)"
    assert engine_backward_paired(PER_EPOCH.replace(call, call.replace("configs", handed))) is paired


@pytest.mark.parametrize(
    "old, new",
    [
        ("    for epoch in range(epochs):\n", "    for epoch in range(epochs):\n        configs = load_settings(epoch)\n"),
        ("loader, configs)\n", 'loader, configs)\n        configs["engine"] = pick_engine(epoch)\n'),
    ],
    ids=["settings read again", "back end stored after the call"],
)
def test_a_parameter_its_batch_loop_assigns_follows_settings_the_epoch_changes(old: str, new: str) -> None:
    assert PER_EPOCH.count(old) == 1
    assert engine_backward_paired(PER_EPOCH.replace(old, new))


CLIP_HELPER = """\
import torch


def clip(model, optimizer, scaler):
    if scaler:
        scaler.unscale_(optimizer)
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)


def train(model, optimizer, scaler, loader):
    for x, y in loader:
        optimizer.zero_grad()
        scaler.scale(torch.nn.functional.mse_loss(model(x), y)).backward()
        clip(model, optimizer, {handed})
        scaler.step(optimizer)
        scaler.update()
"""


@pytest.mark.parametrize("handed, reports", [("scaler", []), ("None", [("ZG401", 7)])])
def test_a_scaler_a_method_ran_on_is_true(handed: str, reports: list[tuple[str, int]]) -> None:
    """`if scaler:` right after `scaler.scale(loss)` ran is true (a GradScaler defines no `__bool__` or `__len__`): the
    clip follows the unscale; handed `None`, the helper clips scaled gradients."""
    source = CLIP_HELPER.format(handed=handed)
    assert [(d.code, d.line) for d in analyze_source(source, "train.py")] == reports


def valued(text: str, truth: bool) -> tuple[Atom, bool]:
    """A test of one atom, `n >= 2` the negation of `n < 2`, with the value it takes."""
    condition = condition_of(cst.parse_expression(text), ROOT_NAMING)
    if isinstance(condition, Not):
        condition, truth = condition.operand, not truth
    assert isinstance(condition, Atom)
    return condition, truth


@pytest.mark.parametrize(
    "facts, asked, count, decided",
    [
        ([("n > 1", False), ("n == 1", False)], "n < 1", False, True),  # what is left is below 1
        ([("n > 1", False), ("n == 1", False)], "n == 0", False, None),  # somewhere below 1
        ([("n > 1", False)], "n == 1", True, True),  # a count not above 1 is 1
        ([("n > 1", False)], "n == 1", False, None),
        ([("n >= 2", False)], "n == 1", True, True),  # a whole number: none between 1 and 2
        ([("n >= 2", False)], "n == 1", False, None),
        ([("n > 2", False), ("n == 1", False)], "n == 2", True, True),  # the `> 2` twin's count of 2
        ([("n == 3", True)], "n > 2", False, True),
        ([("n == 3", True)], "n == 4", False, False),
        ([("n < 0.5", True)], "n > -1", False, None),
        ([], "n < 1", True, False),
        ([], "n > 0", True, True),
        ([("n > 1", False)], "m == 1", True, None),  # another subject: its own count
    ],
)
def test_tests_of_one_subject_against_numbers_decide_another(
    facts: list[tuple[str, bool]], asked: str, count: bool, decided: bool | None
) -> None:
    """RULES.md, "Correlated conditions": `n > 1` false and `n == 1` false leave `n` below 1; a count of micro-batches
    (`count`) is a whole number at least 1."""
    atom, truth = valued(asked, True)
    known = [valued(text, value) for text, value in facts]
    same = [(other, value) for other, value in known if other.subject == atom.subject]
    assert truth and numbers_decide(atom, same, count) is decided


ACCUMULATION_COUNT = """\
for batches in loader:
    if accum_steps > 1:
        optimizer.zero_grad()
    for x, y in batches:
        loss = criterion(model(x), y) / len(batches)
        loss.backward()
    optimizer.step()
    if accum_steps == 1:
        optimizer.zero_grad()
"""


@pytest.mark.parametrize(
    "old, new, reported",
    [
        ("", "", False),  # a count of micro-batches is at least 1: one of the two clears runs in every iteration
        ("accum_steps > 1", "accum_steps > 2", True),  # a count of 2 is cleared by neither
        ("accum_steps", "n_chunks", True),  # no word of accumulation: a number that may be below 1
        # Tested against 0 too: a counter of micro-batches, which starts at 0, not a count.
        ("    optimizer.step()\n", "    if accum_steps == 0:\n        continue\n    optimizer.step()\n", True),
        # The loop's counter, 0 in its first iteration: the second steps its gradients with the first's.
        ("for batches in loader:", "for accum_steps, batches in enumerate(loader):", True),
    ],
    ids=["count", "above 2", "no accumulation words", "tested against 0", "a loop's counter"],
)
def test_a_count_of_micro_batches_is_at_least_1(old: str, new: str, reported: bool) -> None:
    """OpenNMT-py's `_gradient_accumulation`: `if accum_count > 1:` clears before the micro-batches and `if
    accum_count == 1:` (here after the step); with a count below 1 neither would, but a count of micro-batches is a
    whole number at least 1 (`flow.counts_of`)."""
    source = ACCUMULATION_COUNT.replace(old, new)
    step = source.splitlines().index("    optimizer.step()") + 1
    reports = [(d.code, d.line) for d in analyze_source(source, "train.py") if d.code == "ZG101"]
    assert reports == ([("ZG101", step)] if reported else [])


OPTION_ARMS = """\
import argparse
import torch


def train(model, loader, args):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for x in loader:
        optimizer.zero_grad()
        if args.loss == "mse":
            model(x).pow(2).mean().backward()
        elif args.loss == "l1":
            model(x).abs().mean().backward()
        optimizer.step()
        print([p.grad.norm() for p in model.parameters()])


parser = argparse.ArgumentParser()
parser.add_argument("--loss", DECLARED)
train(torch.nn.Linear(2, 1), [], parser.parse_args())
"""


@pytest.mark.parametrize("declared, none_read", [
    ('choices=["mse", "l1"], default="mse"', False),  # one of the arms always runs
    ('choices=("l1", "mse"), required=True, help="the loss"', False),
    ('choices=["mse", "l1"]', True),  # absent from the command line: None, neither arm
    ('choices=["mse", "l1"], default="huber"', True),  # argparse does not check the default against the choices
    ('choices=["mse", "l1", "huber"], default="mse"', True),
    ('choices=["mse", "l1"], default="mse", nargs="?"', True),  # `const` (None) when the flag is given bare
    ('default="mse"', True),
])
def test_an_if_elif_over_every_value_an_option_can_hold_has_no_fall_through(declared: str, none_read: bool) -> None:
    """A test of an attribute named after an argparse option with literal choices against one of its values: the chain
    of such tests over every value the option can hold (its choices and its default) always takes one arm."""
    reports = analyze_source(OPTION_ARMS.replace("DECLARED", declared), "train.py")
    assert [(d.code, d.line) for d in reports if d.code == "ZG301"] == ([("ZG301", 14)] if none_read else [])
