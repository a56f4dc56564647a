"""The names a test's mock patchers replace, and the calls that reach them (`analysis/ir/patches.py`); what the
analysis makes of them is in tests/data/project/test_patches_the_trainer/, pytest_fixtures_patch_the_trainer/ and
autouse_fixtures_patch_the_trainer/."""

from __future__ import annotations

import libcst as cst
import pytest

from zerograd_lint.analysis.ir.patches import (
    autouse_patch_targets,
    fixture_patch_targets,
    patch_targets,
    patched_methods,
    reaches_patched,
)

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


@pytest.mark.parametrize(
    "statement, replaced",
    [
        ('mocker.patch("recipes.finetune.train")', {"recipes.finetune.train"}),
        ('train = mocker.patch.object(finetune, "train", autospec=True)', {"recipes.finetune.train"}),
        ('mocker.patch.multiple("recipes.finetune", train=DEFAULT, spec=True)', {"recipes.finetune.train"}),
        ('monkeypatch.setattr("recipes.finetune.train", fake)', {"recipes.finetune.train"}),
        ('monkeypatch.setattr(finetune, "train", lambda *args: None, raising=True)', {"recipes.finetune.train"}),
        ('monkeypatch.setattr(runner, "train", fake)', set()),  # an object of the test's own
        ('monkeypatch.setenv("RANK", "0")', set()),
        ('mocker.spy(finetune, "train")', set()),  # a spy runs the real one
        ('session_mocker.patch("recipes.finetune.train")', set()),  # a fixture the test does not take
        ('patch("recipes.finetune.train")', set()),  # a patcher made, not started: no fixture's
    ],
)
def test_the_names_a_fixture_replaces_from_its_statement_on(statement: str, replaced: set[str]) -> None:
    assert fixture_patch_targets(cst.parse_statement(statement), frozenset({"mocker", "monkeypatch"}), IMPORTS) == replaced


FIXTURE_IMPORTS = {**IMPORTS, "pytest": "pytest", "fixture": "pytest.fixture"}


@pytest.mark.parametrize(
    "fixtures, replaced",
    [
        (
            '@pytest.fixture(autouse=True)\ndef fake():\n    patcher = patch("recipes.finetune.train")\n    patcher.start()\n    yield\n',
            {"recipes.finetune.train"},
        ),
        ('@fixture(scope="module", autouse=True)\ndef fake():\n    with mock.patch.object(finetune, "train"):\n        yield\n', {"recipes.finetune.train"}),
        ('@pytest.fixture(autouse=True)\ndef fake(mocker):\n    mocker.patch("recipes.finetune.train")\n', {"recipes.finetune.train"}),
        ('@pytest.fixture(autouse=True)\ndef fake(monkeypatch):\n    monkeypatch.setattr(finetune, "train", None)\n', {"recipes.finetune.train"}),
        ('@pytest.fixture\ndef fake():\n    with patch("recipes.finetune.train"):\n        yield\n', set()),  # applies where a test asks it
        ('@pytest.fixture(autouse=False)\ndef fake(mocker):\n    mocker.patch("recipes.finetune.train")\n', set()),
        ('@other.fixture(autouse=True)\ndef fake(mocker):\n    mocker.patch("recipes.finetune.train")\n', set()),  # not pytest's
    ],
)
def test_the_names_the_autouse_fixtures_replace(fixtures: str, replaced: set[str]) -> None:
    assert autouse_patch_targets(cst.parse_module(fixtures).body, FIXTURE_IMPORTS) == replaced


CLASSES = {"recipes.Runner": "recipes.runner.Runner", "recipes.runner.Runner": "recipes.runner.Runner"}


@pytest.mark.parametrize(
    "patched, methods",
    [
        ({"recipes.Runner.fit"}, {"recipes.runner.Runner.fit"}),  # `patch.object(Runner, "fit")`, Runner re-exported
        ({"recipes.runner.Runner.fit", "recipes.finetune.train"}, {"recipes.runner.Runner.fit"}),
        ({"recipes.runner.Runner"}, set()),  # the name, not the class object: `reaches_patched` reads it
        ({"recipes.finetune.Runner.fit"}, set()),  # no class of the project by that name
    ],
)
def test_the_methods_patched_on_a_class(patched: set[str], methods: set[str]) -> None:
    assert patched_methods(frozenset(patched), CLASSES.get) == methods
