"""The fixes, rule by rule: every INVALID example of a fixable rule and every buggy fixture
is fixed; the result parses, re-linting it reports none of the fixed codes, and fixing
it again changes nothing. A fix that would not parse is skipped and said so."""

from __future__ import annotations

import json
from pathlib import Path

import libcst as cst
import pytest
from conftest import FIXTURES, REPO

from zerograd_lint.core.engine import analyze_source
from zerograd_lint.core.fixing import fix_source
from zerograd_lint.files.notebook_fixes import fix_notebook
from zerograd_lint.fixes import FIXES, line_edits, zg404
from zerograd_lint.fixes.edit import REPLACE, Edit
from zerograd_lint.fixes.unfixable import WHY_NOT_FIXED
from zerograd_lint.rules import Example, all_rules, rule_by_code
from zerograd_lint.rules.pages import FIXES_COMMAND, rule_page, with_fixes_table

FIXABLE = [rule for rule in all_rules() if rule.code in FIXES]
EXAMPLES = [(rule.code, example) for rule in FIXABLE for example in rule.invalid]
BUGGY = sorted(f for f in FIXTURES.glob("zg*.py") if f.name != "zg000_syntax_error.py")
# Reports whose fix needs what the analysis cannot give (no accumulation count), or whose fix is not
# certain (an accumulator used as a tensor, not only logged).
NOT_FIXABLE = {
    "zg501_inner_micro_batches.py": "ZG501", "ZG501 invalid 2": "ZG501",
    "ZG501 invalid 3": "ZG501",  # a loop over the micro-batches a batch holds: their number is not in view
    "ZG501 invalid 5": "ZG501",  # a `while True:` over micro-batches ended by a sample count: their number is not in view
    "ZG501 invalid 8": "ZG501", "ZG501 invalid 9": "ZG501",  # `range(n)` passes drawing a batch: no guard's count
    "zg602_loss_history_list.py": "ZG602", "ZG602 invalid 4": "ZG602", "ZG602 invalid 8": "ZG602",
    "ZG602 invalid 5": "ZG602",  # a loss term, not the loss: `.item()` is certain only of the backwarded scalar
    "ZG602 invalid 11": "ZG602",  # loss terms taken from a dict, and a dict of logs: no `.item()` of their own
    "ZG602 invalid 7": "ZG602",  # loss parts of a dict, summed by `.get`: no `.item()` of their own
    "ZG602 invalid 12": "ZG602",  # a loss part of a helper's dict: `.item()` is certain only of the backwarded scalar
    "ZG602 invalid 14": "ZG602",  # a term of the sum the backward is called on: no `.item()` of its own
    "ZG602 invalid 15": "ZG602",  # a library's all-reduce of the loss: the fix knows no library call that keeps the graph
    "ZG402 invalid 3": "ZG402",  # one arm is apex's, whose own step is right there: which step where is the author's choice
    "ZG204 invalid 4": "ZG204",  # the fix moves only a bare `scheduler.step()`: an epoch argument is read where it stands
    # A clear on some paths only: skipping those steps or keeping their gradients is the author's choice, not a move.
    "ZG102 invalid 3": "ZG102", "ZG102 invalid 4": "ZG102",
    "ZG101 invalid 3": "ZG101",  # the closure is made by a factory: the clear would go into the def it returns
    "ZG402 invalid 5": "ZG402",  # the step is a wrapper's method, where the caller's scaler has no name
}


def assert_fixed(source: str, name: str) -> None:
    outcome = fix_source(source, name, unsafe=True)
    cst.parse_module(outcome.source)
    compile(outcome.source, name, "exec")
    fixed = {d.code for d, _ in outcome.applied}
    assert not [d for d in analyze_source(outcome.source) if d.code in fixed], outcome.source
    assert fix_source(outcome.source, name, unsafe=True).source == outcome.source, "fixing twice changed the code"
    remaining = {d.code for d in analyze_source(outcome.source) if d.code in FIXES}
    assert remaining <= {NOT_FIXABLE.get(name)}, (outcome.skipped, outcome.source)


def test_every_fix_is_for_a_rule_and_ordered() -> None:
    assert {rule.code for rule in FIXABLE} == set(FIXES)
    orders = [fix.order for fix in FIXES.values()]
    assert orders == sorted(set(orders)), "each fix has an order of its own"


def test_every_rule_without_a_fix_says_why() -> None:
    """`--show-fixes` and the rule's page give the reason; a rule that gains a fix loses its reason."""
    assert {rule.code for rule in all_rules() if rule.code not in FIXES} == set(WHY_NOT_FIXED)


def test_every_fixable_report_offers_each_variant_of_its_fix() -> None:
    """A report carries, for each variant of its rule's fix, the edits or the reason there are none; and an applicability."""
    offered = [d for code, example in EXAMPLES for d in analyze_source(example) if d.code == code]
    assert {d.code for d in offered} == set(FIXES)
    for d in offered:
        assert d.fix is not None and d.fix.applicability in ("safe", "unsafe")
        variants = d.fix.variants
        assert len(variants) == len(FIXES[d.code].variants()), d
        assert all(isinstance(made, str) or all(isinstance(edit, Edit) for edit in made) for made in variants)


def test_docs_fixes_md_table_is_the_fixes_own() -> None:
    current = (REPO / "docs" / "fixes.md").read_text(encoding="utf-8")
    assert current == with_fixes_table(current), f"docs/fixes.md is stale: run `{FIXES_COMMAND}`"
    for code, fix in FIXES.items():
        page = rule_page(rule_by_code(code))
        assert f"## Fix\n\n{fix.does}\n\nApplicability: {fix.safety}" in page and "Fixable with `--fix`." in page


@pytest.mark.parametrize("code, example", EXAMPLES, ids=[f"{c}-{i}" for i, (c, _) in enumerate(EXAMPLES)])
def test_invalid_examples_are_fixed(code: str, example: str) -> None:
    index = [e for c, e in EXAMPLES if c == code].index(example) + 1
    assert_fixed(example, f"{code} invalid {index}")


PINNED = [(code, example) for code, example in EXAMPLES if isinstance(example, Example)]


def test_every_fixable_rule_pins_fixed_text() -> None:
    assert {code for code, _ in PINNED} == set(FIXES)


@pytest.mark.parametrize("code, example", PINNED, ids=[f"{c}-{i}" for i, (c, _) in enumerate(PINNED)])
def test_invalid_examples_fix_to_their_pinned_text(code: str, example: Example) -> None:
    """What `check --fix --unsafe-fixes` makes of the example, to the byte (Fixit's expected_replacement)."""
    assert fix_source(example, f"{code} example", unsafe=True).source == example.fixed


@pytest.mark.parametrize("fixture", BUGGY, ids=[f.name for f in BUGGY])
def test_buggy_fixtures_are_fixed(fixture: Path) -> None:
    assert_fixed(fixture.read_text(encoding="utf-8"), fixture.name)


def test_formatting_and_comments_are_kept() -> None:
    source = "for x, y in loader:  # the loop\n    # forward\n    loss = f(x,y)   # odd spacing\n    loss.backward()\n    opt.step()\n"
    assert fix_source(source).source == (
        "for x, y in loader:  # the loop\n    opt.zero_grad()\n    # forward\n    loss = f(x,y)   # odd spacing\n"
        "    loss.backward()\n    opt.step()\n"
    )


def test_zg101_guarded_step_is_cleared_inside_its_condition_in_the_files_style() -> None:
    source = (
        "opt.zero_grad(set_to_none=False)\nfor i, x in enumerate(loader):\n    (loss(x) / 4).backward()\n"
        "    if (i + 1) % 4 == 0:\n        opt.step()\n"
    )
    assert fix_source(source).source.endswith("        opt.step()\n        opt.zero_grad(set_to_none=False)\n")


def test_zg402_keeps_an_existing_update() -> None:
    source = (
        "for x in loader:\n    opt.zero_grad()\n    scaler.scale(loss(x)).backward()\n    opt.step()\n    scaler.update()\n"
    )
    assert fix_source(source).source.endswith("    scaler.step(opt)\n    scaler.update()\n")


def test_unsafe_fixes_wait_for_the_flag() -> None:
    source = next(e for c, e in EXAMPLES if c == "ZG501")
    assert fix_source(source).applied == []
    assert [d.code for d, _ in fix_source(source, unsafe=True).applied] == ["ZG501"]


def test_a_fix_that_would_not_parse_is_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(facts, step: cst.CSTNode) -> list[Edit]:
        return [Edit.at(REPLACE, step, facts, "scaler.step(opt")]

    monkeypatch.setattr(zg404, "add_update", broken)
    source = (FIXTURES / "zg404_no_update.py").read_text(encoding="utf-8")
    outcome = fix_source(source)
    assert outcome.source == source and outcome.applied == []
    [(skipped, reason)] = outcome.skipped
    assert skipped.code == "ZG404" and "would not parse" in reason


def test_line_edits_describe_the_change() -> None:
    assert line_edits("a\nb\nc\n", "a\nB\nX\nc\n") == [
        {"line": 2, "column": 1, "end_line": 3, "end_column": 1, "content": "B\nX\n"}
    ]


def test_notebooks_are_fixed_cell_by_cell() -> None:
    cells = [
        {"cell_type": "code", "metadata": {"keep": 1}, "outputs": [{"x": 1}], "execution_count": 3,
         "source": ["import torch\n", "%matplotlib inline\n", "model = torch.nn.Linear(4, 1)\n",
                    "optimizer = torch.optim.SGD(model.parameters(), lr=0.1)"]},
        {"cell_type": "markdown", "metadata": {}, "source": ["## Train"]},
        {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
         "source": ["for batch in torch.randn(8, 4).split(2):\n", "    !echo step\n",
                    "    model(batch).sum().backward()\n", "    optimizer.step()\n"]},
    ]
    text = json.dumps({"cells": cells, "metadata": {"language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5})
    outcome = fix_notebook(text, "train.ipynb")
    assert [(d.code, d.cell, d.line) for d, _ in outcome.applied] == [("ZG101", 3, 4)]
    fixed = json.loads(outcome.source)
    assert fixed["cells"][:2] == cells[:2]
    assert fixed["cells"][2]["source"] == [
        "for batch in torch.randn(8, 4).split(2):\n", "    optimizer.zero_grad()\n", "    !echo step\n",
        "    model(batch).sum().backward()\n", "    optimizer.step()\n",
    ]
    assert fix_notebook(outcome.source, "train.ipynb").source == outcome.source


def test_fixes_that_depend_on_each_other_are_applied_in_order() -> None:
    """ZG401's unscale is only right once the step goes through the scaler (ZG402)."""
    source = (
        "while running:\n    opt.zero_grad()\n    scaler.scale(loss()).backward()\n"
        "    clip_grad_norm_(model.parameters(), 1.0)\n    opt.step()\n"
    )
    outcome = fix_source(source)
    assert sorted(d.code for d, _ in outcome.applied) == ["ZG401", "ZG402"] and outcome.skipped == []
    assert outcome.source.endswith(
        "    scaler.unscale_(opt)\n    clip_grad_norm_(model.parameters(), 1.0)\n    scaler.step(opt)\n    scaler.update()\n"
    )


def test_a_one_line_loop_stays_on_one_line() -> None:
    source = "for x in loader: loss(x).backward(); opt.step()\n"
    assert fix_source(source).source == "for x in loader: opt.zero_grad(); loss(x).backward(); opt.step()\n"


def test_zg202_unscale_gets_the_optimizer_its_scaler_steps() -> None:
    source = (
        "for x in loader:\n    opt.zero_grad()\n    scaler.scale(loss(x)).backward()\n    scaler.unscale_\n"
        "    clip_grad_norm_(model.parameters(), 1.0)\n    scaler.step(opt)\n    scaler.update()\n"
    )
    assert "    scaler.unscale_(opt)\n" in fix_source(source).source


def test_a_step_in_a_helper_is_cleared_where_the_optimizer_name_is_in_scope() -> None:
    """The loop calls `train_step`; `optimizer` may not exist in the loop's scope: clear in the helper."""
    source = (
        "def train_step(optimizer, batch):\n    loss(batch).backward()\n    optimizer.step()\n\n"
        "def fit(opt, loader):\n    for batch in loader:\n        train_step(opt, batch)\n"
    )
    fixed = fix_source(source).source
    assert "    optimizer.step()\n    optimizer.zero_grad()\n" in fixed
    assert "        train_step(opt, batch)\n" in fixed and "opt.zero_grad" not in fixed.replace("optimizer", "")


def test_zg102_in_a_helper_moves_before_the_backward() -> None:
    source = (
        "def train_step(optimizer, batch):\n    loss(batch).backward()\n    optimizer.zero_grad()\n    optimizer.step()\n\n"
        "def fit(opt, loader):\n    for batch in loader:\n        train_step(opt, batch)\n"
    )
    fixed = fix_source(source).source
    assert fixed.startswith("def train_step(optimizer, batch):\n    optimizer.zero_grad()\n    loss(batch).backward()\n    optimizer.step()\n")


def test_an_optimizer_made_in_the_loop_is_cleared_after_its_step() -> None:
    """A clear at the top would run on `None` in the first iteration."""
    source = "opt = None\nfor x in loader:\n    if opt is None:\n        opt = make()\n    loss(x).backward()\n    opt.step()\n"
    assert fix_source(source).source == source + "    opt.zero_grad()\n"


def test_a_removed_clear_leaves_its_comments() -> None:
    source = (
        "for x, y in loader:\n    # start clean\n    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n"
        "    loss.backward()\n    optimizer.step()\n    # and clean again\n    optimizer.zero_grad()\n"
    )
    assert fix_source(source).source == (
        "for x, y in loader:\n    # start clean\n    loss = criterion(model(x), y)\n"
        "    loss.backward()\n    optimizer.step()\n    # and clean again\n    optimizer.zero_grad()\n"
    )


def test_the_smallest_edit_wins_and_show_fixes_lists_only_what_the_user_saw() -> None:
    """A GAN whose discriminator clear sits between its backward and step, while `netD.zero_grad()`
    already clears at the top: removing the misplaced clear is the whole fix. Moving it to the top
    would make the user's own clear redundant (a ZG103 the user never saw) and then delete it."""
    source = (
        "for real in loader:\n    netD.zero_grad()\n    errD = netD(real).mean()\n    errD.backward()\n"
        "    optimizerD.zero_grad()\n    optimizerD.step()\n"
    )
    outcome = fix_source(source, "gan.py")
    assert [(d.code, d.line) for d, _ in outcome.applied] == [("ZG102", 5)]
    assert outcome.source == source.replace("    optimizerD.zero_grad()\n", "")
    assert outcome.applied[0][1].startswith("Remove `optimizerD.zero_grad()`")


def test_a_fix_that_would_cause_another_report_takes_its_smaller_variant() -> None:
    """A clear at the top of the loop would double the one of the non-AMP branch: clear before the AMP backward."""
    source = (
        "for x, y in loader:\n    if use_amp:\n        scaler.scale(criterion(model(x), y)).backward()\n"
        "        scaler.step(optimizer)\n        scaler.update()\n    else:\n        optimizer.zero_grad()\n"
        "        criterion(model(x), y).backward()\n        optimizer.step()\n"
    )
    outcome = fix_source(source)
    assert outcome.source == source.replace("    if use_amp:\n", "    if use_amp:\n        optimizer.zero_grad()\n")
    assert analyze_source(outcome.source) == []


def test_a_fix_whose_premise_another_report_contradicts_is_skipped_and_says_what_to_fix_first() -> None:
    """Dividing the loss (ZG501) of an accumulation that a clear per micro-batch defeats (ZG105)
    would make the update smaller while the real bug stays."""
    source = (
        "for i, (x, y) in enumerate(loader):\n    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n"
        "    loss.backward()\n    if (i + 1) % 4 == 0:\n        optimizer.step()\n"
    )
    assert {d.code for d in analyze_source(source)} == {"ZG105", "ZG501"}
    outcome = fix_source(source, unsafe=True)
    assert outcome.source == source and outcome.applied == []
    [(skipped, reason)] = outcome.skipped
    assert skipped.code == "ZG501" and "fix ZG105 first" in reason and "line 2" in reason


CLOSURE_TRAINING = """\
import functools

def module_closure():
    loss = model(x).sum()
    loss.backward()
    return loss

def fit(model, x):
    opt = torch.optim.LBFGS(model.parameters())

    def closure():
        \"\"\"The loss, evaluated by LBFGS.\"\"\"
        loss = model(x).sum()
        loss.backward()
        return loss

    for _ in range(3):
        opt.step(closure)
    for _ in range(3):
        opt.step(functools.partial(partial_closure, opt, model))
    for _ in range(3):
        opt.step(module_closure)

def partial_closure(optimizer, model):
    loss = model(x).sum()
    loss.backward()
    return loss
"""


def test_a_closure_is_cleared_at_its_top_with_the_name_it_has_there() -> None:
    outcome = fix_source(CLOSURE_TRAINING, unsafe=True)
    fixed = outcome.source
    assert '        """The loss, evaluated by LBFGS."""\n        opt.zero_grad()\n        loss = model(x).sum()\n' in fixed
    assert "def partial_closure(optimizer, model):\n    optimizer.zero_grad()\n" in fixed
    assert [d.code for d, _ in outcome.applied] == ["ZG101", "ZG101"]
    [(skipped, reason)] = outcome.skipped  # `opt` is a local of `fit`: the module-level closure cannot see it
    assert "opt.step(module_closure)" in skipped.message and "not visible inside the closure `module_closure`" in reason
    assert "ZG101" in {d.code for d in analyze_source(fixed)}
    assert all("at the top of the closure" in d.message for d in analyze_source(CLOSURE_TRAINING))


def test_a_helper_clear_run_by_two_calls_is_named_by_its_calls_and_not_removed() -> None:
    """SSDA_MME's `zero_grad_all()` helper, called at the top and again at the bottom of each step: ZG103 reports the
    helper's clear and names the two calls; removing that clear would take it from both calls (no clear at all), so
    no fix is offered."""
    source = (
        "import torch\n\n\ndef train(model, loader):\n    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)\n\n"
        "    def zero_grad_all():\n        optimizer.zero_grad()\n\n    for x, y in loader:\n        zero_grad_all()\n"
        "        torch.nn.functional.cross_entropy(model(x), y).backward()\n        optimizer.step()\n        zero_grad_all()\n"
    )
    [report] = analyze_source(source, codes=["ZG103"])
    assert report.line == 8
    assert "when the call at line 11 runs it: the call at line 14 ran it before (across the loop's back edge)" in report.message
    assert report.fix is None
