"""The names a test's mock patchers replace, and the calls that reach them (`analysis/ir/patches.py`); what the
analysis makes of them is in tests/data/project/test_patches_the_trainer/."""

from __future__ import annotations

import libcst as cst
import pytest

from zerograd_lint.analysis.ir.patches import patch_targets, reaches_patched

IMPORTS = {
    "patch": "unittest.mock.patch", "mock": "unittest.mock", "unittest": "unittest", "finetune": "recipes.finetune",
    "backport": "mock",
}


@pytest.mark.parametrize(
    "patcher, replaced",
    [
        ('patch("recipes.finetune.train")', {"recipes.finetune.train"}),
        ('unittest.mock.patch("recipes.finetune.train", autospec=True)', {"recipes.finetune.train"}),
        ('backport.patch("recipes.finetune.train")', {"recipes.finetune.train"}),
        ('mock.patch.object(finetune, "train")', {"recipes.finetune.train"}),
        ('patch.multiple("recipes.finetune", train=DEFAULT, StepLR=DEFAULT, autospec=True)', {"recipes.finetune.train", "recipes.finetune.StepLR"}),
        ('patch.dict("os.environ", {"RANK": "0"})', set()),  # a mapping's entries, no name
        ('patch.object(runner, "train")', set()),  # an object of the test's own: not one the analysis names
        ('patch(target)', set()),  # not a literal
        ('monkeypatch.setattr("recipes.finetune.train", fake)', set()),
    ],
)
def test_the_names_a_patcher_replaces(patcher: str, replaced: set[str]) -> None:
    assert patch_targets([cst.parse_expression(patcher)], IMPORTS) == replaced


PATCHED = frozenset({"recipes.finetune.train", "recipes.finetune.optim.AdamW", "torch.optim.SGD"})


@pytest.mark.parametrize(
    "callee, module, imports, local, runs_a_mock",
    [
        ("train", "recipes.finetune", {}, False, True),  # the name the patched module's code looks up
        ("train", "recipes.evaluate", {"train": "recipes.trainer.train"}, False, False),  # bound by another module's import
        ("train", "recipes.finetune", {}, True, False),  # the function's own local
        ("optim.AdamW", "recipes.finetune", {"optim": "torch.optim"}, False, True),  # read through the patched name
        ("optim.SGD", "recipes.evaluate", {"optim": "torch.optim"}, False, True),  # looked up in the patched module
        ("SGD", "recipes.evaluate", {"SGD": "torch.optim.SGD"}, False, False),  # bound before the patch
        ("optim.Adam", "recipes.finetune", {"optim": "torch.optim"}, False, False),
    ],
)
def test_the_calls_that_run_a_mock(callee: str, module: str, imports: dict[str, str], local: bool, runs_a_mock: bool) -> None:
    assert reaches_patched(callee, module, imports, local, PATCHED) is runs_a_mock
