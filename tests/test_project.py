"""The project read as one program: calls, classes and factories followed across modules.

The trees of tests/data/project/ (project_trees.py): their headers are checked in test_project_headers_first.py and
test_project_headers_second.py, their loops alone in test_project_loops.py; here, the doors that check one file at a
time (`check FILE`, flake8), the cache, which must check a file again when a module its analysis read changes, and
the project gate.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import REPO, CliInterpreter, project_sources, run_cli_each, run_flake8
from project_trees import CHECK, TREES, reports_in, reports_of

from zerograd_lint.analysis.ir.inlining import ELSEWHERE_STATEMENTS
from zerograd_lint.files.project_index import ROOT_MARKERS


@pytest.mark.parametrize("filler", [10, ELSEWHERE_STATEMENTS])
def test_a_method_of_another_module_is_followed_within_its_allowance_only(tmp_path: Path, filler: int, cli_here: CliInterpreter) -> None:
    """`runner.train_batch(batch)` of another module's class is inlined in the loop when it builds at most
    `ELSEWHERE_STATEMENTS` statements with what it calls; past that it is not followed at all (unknown, silent):
    a project's whole trainer is not copied into each of its callers."""
    tree = tmp_path / "tree"
    shutil.copytree(TREES / "trainer_instance", tree)
    (tree / "pyproject.toml").write_text("")
    runner = tree / "training" / "runner.py"
    logging = "".join(f"        seen_{n} = {n}\n" for n in range(filler))
    runner.write_text(
        runner.read_text()
        .replace("        loss = self.forward_loss(batch)\n", "        loss = self.forward_loss(batch)\n        self.log(batch)\n")
        .replace("        return loss.detach()\n", f"        return loss.detach()\n\n    def log(self, batch):\n{logging}", 1)
    )
    found = reports_in("--no-cache", "run.py", cwd=tree, cli=cli_here)
    assert found == ({"training/runner.py": [("ZG101", 27, 9)]} if filler < ELSEWHERE_STATEMENTS else {}), found


# How a script may hand an entry point its settings: literals, names, a call, a dict unpacked (each says `epochs`).
SPELLINGS = ["epochs=1, lr=0.1", "epochs=epochs, lr=lr", "epochs=int('1'), lr=0.1", "lr=lr, epochs=1", "**dict(epochs=1, lr=0.1)"]


def test_what_a_call_hands_the_entry_point_does_not_change_what_is_found(tmp_path: Path) -> None:
    """A script running the project's entry point (a def of a module without a backward or a step, whose loop is
    another module's) is checked through it whatever the call hands it, a name or only literals (the gate relays the
    entry point's module's words to any call of it, `ProjectGate.relayed`). The script's own words still decide
    whether the project is asked: an optimizer named, and epochs or a loader (`project_gate.LOOP_WORDS`)."""
    tree = tmp_path / "tree"
    shutil.copytree(TREES / "script_calls_main_with_literals", tree)
    script = tree / "scripts" / "smoke.py"
    for number, spelling in enumerate(SPELLINGS):
        call = f"main({spelling}{', ' if spelling else ''}optimizer_name='adamw')"
        text = script.read_text().replace('main(epochs=1, lr=0.1, optimizer_name="adamw")', call)
        (tree / "scripts" / f"smoke_{number}.py").write_text(text)
    runs = run_cli_each([((*CHECK, "--no-cache", f"scripts/smoke_{number}.py"), tree) for number in range(len(SPELLINGS))])
    assert [reports_of(run) for run in runs] == [{"recipes/loops.py": [("ZG101", 12, 13)]}] * len(SPELLINGS)


def test_check_of_the_loop_alone_reports_the_step_in_its_module(cli_here: CliInterpreter) -> None:
    """Pre-commit's run over the changed file only: the loop's module reads `engine.py` on demand."""
    found = reports_in("--no-cache", "main.py", cwd=TREES / "loop_and_step", cli=cli_here)
    assert found == {"engine.py": [("ZG101", 14, 5)]}


def test_a_clear_of_another_module_is_named_without_reading_its_line_as_a_back_edge(cli_here: CliInterpreter) -> None:
    """ZG103 in a loss helper whose first clear is in the script's batch loop, earlier in the same pass but on a line
    whose number is greater: the message names the script's clear and says nothing of the loop's back edge."""
    proc = cli_here("check", "--no-cache", "train.py", cwd=TREES / "clear_again_in_an_imported_attack_loss")
    assert proc.stdout.startswith("losses.py:26:5: ZG103 "), proc.stdout + proc.stderr
    assert "(line 28 of `train.py`) cleared them and no backward ran since" in proc.stdout
    assert "back edge" not in proc.stdout


def test_flake8_reports_it_on_the_call_that_leads_there(tmp_path: Path) -> None:
    """flake8 speaks of the checked file only: the report goes on `main.py`'s call and says where the step is."""
    proc = run_flake8("--select", "ZG", "main.py", "good_main.py", cwd=TREES / "loop_and_step", metadata=tmp_path)
    lines = proc.stdout.splitlines()
    assert len(lines) == 1, proc.stdout + proc.stderr
    assert lines[0].startswith("main.py:14:13: ZG101 ")
    assert lines[0].endswith("(at engine.py:14:5, reached through this call)")


def test_two_loops_reaching_one_step_report_it_once(tmp_path: Path, cli_here: CliInterpreter) -> None:
    tree = tmp_path / "tree"
    shutil.copytree(TREES / "loop_and_step", tree)
    shutil.copy(tree / "main.py", tree / "second_main.py")
    (tree / "pyproject.toml").write_text("")
    proc = cli_here("check", "--no-cache", ".", cwd=tree)
    assert proc.stdout.count("ZG101") == 1, proc.stdout
    assert proc.stdout.startswith("engine.py:14:5: ZG101 ")


def test_editing_the_imported_module_checks_the_importer_again(tmp_path: Path) -> None:
    """The cache entry of `main.py` holds the hash of `engine.py`, which its analysis read."""
    tree = tmp_path / "tree"
    shutil.copytree(TREES / "loop_and_step", tree)
    (tree / "pyproject.toml").write_text("")
    for _ in range(2):  # the second run is answered by the cache
        assert reports_in("main.py", cwd=tree) == {"engine.py": [("ZG101", 14, 5)]}
    assert list((tree / ".zerograd_lint_cache").rglob("*.json"))
    engine = tree / "engine.py"
    engine.write_text(engine.read_text().replace("    inputs, targets = batch", "    optimizer.zero_grad()\n    inputs, targets = batch"))
    assert reports_in("main.py", cwd=tree) == {}


def test_the_same_loop_file_beside_another_module_is_checked_with_that_module(tmp_path: Path) -> None:
    """Two trees of one project hold the same `main.py` beside different `engine.py`s: each copy's cache entry is
    its own (what its analysis read depends on where it is), so a warm run says what the cold one said."""
    root = tmp_path / "project"
    shutil.copytree(TREES / "loop_and_step", root / "buggy")
    shutil.copytree(TREES / "loop_and_step", root / "fixed")
    (root / "fixed" / "good_main.py").unlink()  # it clears too: with the fixed engine, a second clear (ZG103)
    engine = root / "fixed" / "engine.py"
    engine.write_text(engine.read_text().replace("    optimizer.step()\n", "    optimizer.step()\n    optimizer.zero_grad()\n"))
    (root / "pyproject.toml").write_text("")
    cold = reports_in("buggy", "fixed", cwd=root)
    assert cold == {"buggy/engine.py": [("ZG101", 14, 5)]}
    assert reports_in("buggy", "fixed", cwd=root) == cold
    assert reports_in("fixed", "buggy", cwd=root) == cold


def test_a_package_file_is_checked_again_when_a_module_beside_it_goes(tmp_path: Path) -> None:
    """`from common import train_batch` in examples/pkg/train.py (a script: it tests `__name__`) is unknown while
    common.py is both beside it and at the root (which one runs depends on how the file is run); its cache entry holds
    both, so once the one beside it is removed, the root's (which never clears) is the one, as a cold run says."""
    tree = tmp_path / "tree"
    shutil.copytree(TREES / "monorepo_examples", tree)
    for _ in range(2):  # the second run is answered by the cache
        assert reports_in("examples/pkg/train.py", cwd=tree) == {}
    (tree / "examples" / "pkg" / "common.py").unlink()
    assert reports_in("examples/pkg/train.py", cwd=tree) == {"common.py": [("ZG101", 12, 5)]}


def test_modules_that_cannot_be_read_are_unknown_and_the_rest_is_checked(tmp_path: Path, cli_here: CliInterpreter) -> None:
    """A module the loop imports that does not parse, is not text Python decodes, or is too large to analyse
    (`MAX_ANALYSED_BYTES`: not even read) is unknown: no report through it, no crash, and the loop's other calls
    are still followed (engine.py's step, which never clears)."""
    from zerograd_lint.files.source import MAX_ANALYSED_BYTES

    tree = tmp_path / "tree"
    shutil.copytree(TREES / "loop_and_step", tree)
    (tree / "pyproject.toml").write_text("")
    step = (tree / "engine.py").read_text()
    (tree / "broken.py").write_text(step.replace("def train_step(model, batch, optimizer, criterion):", "def train_step(model, batch:"))
    (tree / "latin.py").write_bytes(b"# caf\xe9\n" + step.encode())
    (tree / "binary.py").write_bytes(b"x = 1\x00\n" + step.encode())
    filler = "".join(f"def unused_{n}(value):\n    return value + {n}\n\n\n" for n in range(MAX_ANALYSED_BYTES // 40))
    (tree / "generated.py").write_text(step + "\n\n" + filler)
    assert (tree / "generated.py").stat().st_size > MAX_ANALYSED_BYTES
    main = (tree / "main.py").read_text()
    for module in ("broken", "latin", "binary", "generated"):
        (tree / f"{module}_main.py").write_text(
            main.replace("from engine import train_step", f"import engine\nfrom {module} import train_step").replace(
                "            train_step(model, batch, optimizer, criterion)",
                "            train_step(model, batch, optimizer, criterion)\n            engine.train_step(model, batch, optimizer, criterion)",
            )
        )
        assert reports_in("--no-cache", f"{module}_main.py", cwd=tree, cli=cli_here) == {"engine.py": [("ZG101", 14, 5)]}, module


@pytest.mark.parametrize(
    "statements, folder",
    [
        ('import os, sys\nsys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))', "/repo"),
        ('import sys\nfrom pathlib import Path\nsys.path.append(str(Path(__file__).parents[1] / "lib"))', "/repo/lib"),
        ('import sys\nimport pathlib\nROOT = pathlib.Path(__file__).resolve().parent\nsys.path.append(str(ROOT.parent))', "/repo"),
        ('import sys\nfrom pathlib import Path\nsys.path.insert(0, str(Path(__file__).parent.joinpath("..", "lib")))', "/repo/lib"),
        ('import sys\nfrom pathlib import Path\nsys.path.append(str(Path.cwd()))', None),  # where it runs from: unknown
        ('import os, sys\nsys.path.insert(0, os.environ["LIB"])', None),
        ('import sys\nsys.path.append("..")', None),  # the folder above wherever Python runs: unknown
        ('import os, sys\nLIB = os.path.join("..", "lib")\nsys.path.insert(0, LIB)', None),
        ('import sys\nsys.path.insert(0, "/opt/lib")', None),  # a folder of one machine
    ],
)
def test_the_folder_a_script_puts_on_sys_path(statements: str, folder: str | None) -> None:
    """`search_path.folders_put_on_path` of a script at /repo/tools/train.py: `os.path`'s and pathlib's spellings."""
    from zerograd_lint.analysis.search_path import folders_put_on_path

    assert folders_put_on_path(statements + "\n", "/repo/tools/train.py") == ((folder,) if folder else ())


def test_a_script_is_checked_again_when_the_module_putting_its_folder_on_sys_path_changes(tmp_path: Path) -> None:
    """`tools/train.py` finds `engine.epoch` in lib/ only through `_paths`, whose hash its cache entry holds: once
    `_paths` names a folder that is not there, the epoch is unknown and nothing is reported."""
    tree = tmp_path / "tree"
    shutil.copytree(TREES / "script_paths", tree)
    (tree / "pyproject.toml").write_text("")
    for _ in range(2):  # the second run is answered by the cache
        assert reports_in("tools/train.py", cwd=tree) == {"tools/train.py": [("ZG204", 17, 9)]}
    paths = tree / "tools" / "_paths.py"
    paths.write_text(paths.read_text().replace('"..", "lib"', '"..", "vendor"'))
    assert reports_in("tools/train.py", cwd=tree) == {}


def test_a_tree_with_no_root_marker_finds_the_folder_its_script_puts_on_sys_path(tmp_path: Path, cli_here: CliInterpreter) -> None:
    """Checked as a plain folder (no pyproject.toml, setup.cfg or .git above it), `tools/` is its script's own root:
    the `lib/` that `_init_paths` puts on sys.path is still where `core.epochs` is found, and only there."""
    tree = tmp_path / "tree"
    shutil.copytree(TREES / "lib_on_sys_path", tree)
    assert not any((folder / marker).exists() for folder in (tree, *tree.parents) for marker in ROOT_MARKERS)
    assert reports_in("--no-cache", "tools/train.py", cwd=tree, cli=cli_here) == {"tools/train.py": [("ZG204", 17, 9)]}
    (tree / "lib" / "core").rename(tree / "core")  # above tools/, but not on sys.path: unknown
    assert reports_in("--no-cache", "tools/train.py", cwd=tree, cli=cli_here) == {}


def test_a_root_holding_an_init_py_beside_its_marker_is_the_base_of_its_modules(tmp_path: Path, cli_here: CliInterpreter) -> None:
    """rwth-i6/returnn's repository holds an `__init__.py` beside its `setup.py`: run from the root, Python imports
    `speech.engine`, not the root's folder as a package (here a name Python could not import at all)."""
    tree = tmp_path / "031_parent"
    shutil.copytree(TREES / "scaler_handed_to_updater", tree)
    (tree / "__init__.py").write_text("")
    (tree / "setup.py").write_text("")
    assert reports_in("--no-cache", ".", cwd=tree, cli=cli_here) == {"speech/updater.py": [("ZG401", 18, 13)]}


def test_a_loop_ruled_out_by_the_modules_it_imports_is_checked_again_when_one_changes(tmp_path: Path) -> None:
    """`main.py`'s own words have no backward and step: whether it is analysed depends on `engine.py`, so its cache
    entry holds the hash of `engine.py` (it is not ruled out by its own bytes, as a file the words alone rule out)."""
    tree = tmp_path / "tree"
    shutil.copytree(TREES / "loop_and_step", tree)
    (tree / "pyproject.toml").write_text("")
    engine = tree / "engine.py"
    with_step = engine.read_text()
    engine.write_text(with_step.replace("    optimizer.step()\n", ""))
    for _ in range(2):  # the second run is answered by the cache
        assert reports_in("main.py", cwd=tree) == {}
    engine.write_text(with_step)
    assert reports_in("main.py", cwd=tree) == {"engine.py": [("ZG101", 14, 5)]}


def test_a_file_naming_no_def_of_its_training_modules_that_reaches_both_is_not_walked(tmp_path: Path, cli_here: CliInterpreter) -> None:
    """The project gate asks, before the file's walk, what the defs of its training modules named in it reach: a
    loop that calls only a helper of `engine.py` reaching neither a backward nor a step has nothing to be marked."""
    import ast

    from zerograd_lint.core.gate import summarize
    from zerograd_lint.core.project_gate import ProjectGate
    from zerograd_lint.files.project_index import project_of

    tree = tmp_path / "tree"
    shutil.copytree(TREES / "loop_and_step", tree)
    (tree / "pyproject.toml").write_text("")
    engine = tree / "engine.py"
    engine.write_text(engine.read_text() + "\n\ndef describe(model):\n    return repr(model)\n")
    main = (tree / "main.py").read_text()
    helper = tree / "helper_main.py"
    helper.write_text(main.replace("from engine import train_step", "from engine import describe").replace(
        "train_step(model, batch, optimizer, criterion)", "describe(model)"))

    def reaches_both(path: Path) -> bool:
        project = project_of(str(path))
        assert project is not None
        gate = ProjectGate(project.checked, project.load)
        source = path.read_text()
        assert gate.in_text(source.encode())  # the words let both through
        parsed = ast.parse(source)
        return gate.may_reach_both(parsed, source, summarize(parsed))

    assert reaches_both(tree / "main.py")
    assert not reaches_both(helper)
    assert reports_in("--no-cache", ".", cwd=tree, cli=cli_here) == {"engine.py": [("ZG101", 14, 5)]}


def test_a_loop_file_that_names_no_optimizer_asks_only_the_defs_its_loops_call(tmp_path: Path, cli_here: CliInterpreter) -> None:
    """A file whose words say `train` but name no optimizer (SPADE's train.py) reaches the project gate, which asks
    only the defs its loops call: the trainer's steps called in the loop reach a backward and a step; called once,
    outside any loop, they can make no loop-carried report here (their own module is checked for the rest)."""
    import ast

    from zerograd_lint.core.gate import summarize
    from zerograd_lint.core.project_gate import ProjectGate, elsewhere_words
    from zerograd_lint.files.project_index import project_of

    tree = tmp_path / "tree"
    shutil.copytree(TREES / "trainer_loop_never_says_optim", tree)
    (tree / "pyproject.toml").write_text("")
    train = tree / "train.py"
    once = tree / "once.py"
    once.write_text(train.read_text().replace(
        "    for epoch in range(settings.epochs):\n        for i, batch in enumerate(loader):\n"
        "            if i % settings.critic_steps == 0:\n                trainer.generator_step(batch)\n"
        "            trainer.critic_step(batch)\n",
        "    batch = next(iter(loader))\n    trainer.generator_step(batch)\n    trainer.critic_step(batch)\n",
    ))

    def reaches_both(path: Path) -> bool:
        project = project_of(str(path))
        assert project is not None
        gate = ProjectGate(project.checked, project.load)
        source = path.read_text()
        assert elsewhere_words(source.encode()) is not None and gate.in_text(source.encode())
        parsed = ast.parse(source)
        return gate.may_reach_both(parsed, source, summarize(parsed))

    assert "trainer.critic_step(batch)\n" in once.read_text() and "for " not in once.read_text()
    assert reaches_both(train)
    assert not reaches_both(once)
    assert reports_in("--no-cache", "train.py", cwd=tree, cli=cli_here) == {"trainers/gan_trainer.py": [("ZG101", 30, 9)]}


def test_a_file_with_its_own_words_marks_its_loops_calls_only_where_a_mark_may_make_a_root(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A script that pre-trains with a loop of its own and fine-tunes through the project's stepper: the body whose loop
    calls `stepper.train_step(batch)` is marked as reaching the stepper's backward and step. Where the stepper only
    backpropagates (the modules the file leads to say no step) no body lacking one could be completed, and no module
    is parsed for its defs (torch's test modules, importing `common_utils`: a backward, no step); nor for a file whose
    text says no loader or epochs."""
    import ast

    from zerograd_lint.core import project_gate
    from zerograd_lint.core.gate import summarize
    from zerograd_lint.core.project_gate import ProjectGate
    from zerograd_lint.files.project_index import project_of

    tree = tmp_path / "tree"
    shutil.copytree(TREES / "own_step_beside_a_trainer_loop", tree)
    (tree / "pyproject.toml").write_text("")
    parses: list[int] = []  # the length of each module's text the project gate parses for its defs
    summary_of = project_gate.defs_summary_of
    monkeypatch.setattr(project_gate, "defs_summary_of", lambda text: parses.append(len(text)) or summary_of(text))

    def marked(path: Path) -> list[str]:
        project = project_of(str(path))
        assert project is not None
        source = path.read_text()
        parsed = ast.parse(source)
        summary = summarize(parsed)
        ProjectGate(project.checked, project.load).mark_loop_callers(parsed, summary, source.encode())
        return [body.name or "" for body in summary.bodies if body.backward and body.step]

    assert marked(tree / "finetune.py") == ["pretrain", "finetune"] and len(parses) == 1
    steps = tree / "engine" / "steps.py"
    steps.write_text(steps.read_text().replace("        self.optimizer.step()\n", ""))
    parses.clear()
    assert marked(tree / "finetune.py") == ["pretrain"] and parses == []
    steps.write_text(steps.read_text().replace("loss.backward()", "loss.backward()\n        self.optimizer.step()"))
    silent = tree / "finetune_silent.py"
    silent.write_text((tree / "finetune.py").read_text().replace("loader", "batches").replace("epoch", "round"))
    assert marked(silent) == ["pretrain"] and parses == []
    assert marked(tree / "finetune.py") == ["pretrain", "finetune"] and len(parses) == 1


AGENT = """\
import torch

from helpers.dist import dist_init


class Observer:
    def __init__(self, env, policy):
        self.env, self.policy = env, policy

    def run_episode(self, steps):
        state = self.env.reset()
        for _ in range(steps):
            state, reward, done = self.env.step(self.policy(state))


@dist_init
def train(policy, observer, episodes):
    optimizer = torch.optim.Adam(policy.parameters(), lr=0.01)
    for episode in range(episodes):
        observer.run_episode(10)
        optimizer.zero_grad()
        policy.loss().backward()
        optimizer.step()
"""
COMMON = """\
import functools


class Recorder:
    def __call__(self, fn):
        return self.wrapped(fn)

    def wrapped(self, fn):
        return functools.wraps(fn)(fn)


def check_grads(model, loss):
    loss.backward()
"""


def test_the_project_gate_parses_no_module_whose_called_defs_cannot_reach_a_backward_or_a_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """torch's reinforcement-learning test: its own loop backwards and steps, another loop steps an environment (`step`
    is a lifecycle word), and a plain name's call may run any instance's `__call__`, which a module its imports lead
    to defines (torch's common_utils.py, with a backward). Whether that `__call__` reaches a backward is read from the
    code of the defs it may call (`def_code`): none does, and the module is not parsed; where one does, it is, and the
    environment's loop is marked as reaching it."""
    import ast

    from zerograd_lint.core import project_gate
    from zerograd_lint.core.gate import summarize
    from zerograd_lint.core.project_gate import ProjectGate
    from zerograd_lint.files.project_index import project_of

    tree = tmp_path / "tree"
    (tree / "helpers").mkdir(parents=True)
    (tree / "pyproject.toml").write_text("")
    (tree / "helpers" / "__init__.py").write_text("")
    (tree / "helpers" / "dist.py").write_text("from helpers.common import Recorder\n\n\ndef dist_init(fn):\n    return Recorder()(fn)\n")
    (tree / "helpers" / "common.py").write_text(COMMON)
    (tree / "agent.py").write_text(AGENT)
    parses: list[int] = []
    summary_of = project_gate.defs_summary_of
    monkeypatch.setattr(project_gate, "defs_summary_of", lambda text: parses.append(len(text)) or summary_of(text))

    def marked() -> list[str]:
        project_gate.DEF_CODE.clear()
        project = project_of(str(tree / "agent.py"))
        assert project is not None
        parsed = ast.parse(AGENT)
        summary = summarize(parsed)
        ProjectGate(project.checked, project.load).mark_loop_callers(parsed, summary, AGENT.encode())
        return [body.name or "" for body in summary.bodies if body.backward and body.step]

    assert marked() == ["train"] and len(parses) == 1  # helpers/dist.py, for what its `dist_init` calls on `self`: none
    parses.clear()
    (tree / "helpers" / "common.py").write_text(COMMON.replace("return functools.wraps(fn)(fn)", "return check_grads(fn, fn)"))
    assert marked() == ["run_episode", "train"] and len(COMMON) - 20 < max(parses) < len(COMMON) + 20


def test_a_script_running_an_imported_trainer_reaches_the_gate_where_it_names_an_optimizer(tmp_path: Path, cli_here: CliInterpreter) -> None:
    """A script with no loop and no word of epochs or loaders that builds an optimizer and calls a method on a
    construction of a trainer it imports (alpaca_farm's shape) reaches the project gate, which asks the defs of the
    methods it calls on it; one that names no optimizer hands the trainer nothing its own module does not see."""
    import ast

    from zerograd_lint.core.gate import summarize
    from zerograd_lint.core.project_gate import ProjectGate, elsewhere_words, trainer_methods_called
    from zerograd_lint.files.project_index import project_of

    tree = tmp_path / "tree"
    shutil.copytree(TREES / "model_clear_inside_accumulate", tree)
    (tree / "pyproject.toml").write_text("")
    train = (tree / "train.py").read_text()
    assert trainer_methods_called(ast.parse(train)) == {"prepare", "train"}  # `accelerator.prepare`: no def of a trainer
    assert trainer_methods_called(ast.parse((tree / "train_fixed.py").read_text())) == {"prepare", "step_with_rollouts"}
    project = project_of(str(tree / "train.py"))
    assert project is not None
    gate = ProjectGate(project.checked, project.load)
    parsed = ast.parse(train)
    assert elsewhere_words(train.encode()) is not None and gate.in_text(train.encode()) and gate.may_reach_both(parsed, train, summarize(parsed))
    handed = train.replace("optimizer = torch.optim.AdamW(policy.parameters(), lr=1e-6)\n", "").replace("optimizer", "handed")
    assert "optim" not in handed and elsewhere_words(handed.encode()) is None
    assert reports_in("--no-cache", "train.py", cwd=tree, cli=cli_here) == {"rl_trainer.py": [("ZG105", 30, 21)]}


def test_a_run_finds_each_module_once_and_the_next_check_sees_edits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every file of a run that imports `engine` asks the project for it (and for the names it imports): a run finds
    each name once (`project_index.one_run`), however many files ask. A long-lived process checks again and sees an
    edited module (the next run), and outside a run (the editor's check of a buffer) a module created since."""
    from collections import Counter

    from zerograd_lint.core.selection import DEFAULT_SELECTION
    from zerograd_lint.files.buffer import lint_python
    from zerograd_lint.files.project_index import ProjectFiles
    from zerograd_lint.files.runner import check_paths

    tree = tmp_path / "tree"
    shutil.copytree(TREES / "loop_and_step", tree)
    (tree / "pyproject.toml").write_text("")
    for n in range(3):
        shutil.copy(tree / "main.py", tree / f"main_{n}.py")
    found: Counter[str] = Counter()
    find = ProjectFiles.find
    monkeypatch.setattr(ProjectFiles, "find", lambda files, name: found.update([name]) or find(files, name))

    def reports() -> list[tuple[str, str, int]]:
        result = check_paths(sorted(tree.glob("*.py")), jobs=1)
        return [(Path(d.path).name, d.code, d.line) for d in result.diagnostics]

    assert reports() == [("engine.py", "ZG101", 14)]
    assert found["engine"] == 1 and set(found.values()) == {1}, found
    engine = tree / "engine.py"
    engine.write_text(engine.read_text().replace("    inputs, targets = batch", "    optimizer.zero_grad()\n    inputs, targets = batch"))
    assert reports() == [("engine.py", "ZG103", 8)]  # good_main.py's clear is now one too many
    assert found["engine"] == 2

    later = tree / "later_main.py"
    later.write_text((tree / "main.py").read_text().replace("from engine import", "from later_engine import"))
    assert lint_python(later.read_text(), str(later), DEFAULT_SELECTION) == []
    shutil.copy(TREES / "loop_and_step" / "engine.py", tree / "later_engine.py")
    assert [(Path(d.path).name, d.code, d.line) for d in lint_python(later.read_text(), str(later), DEFAULT_SELECTION)] == [
        ("later_main.py", "ZG101", 14)  # on its call leading to the step (`placed_in`)
    ]


def test_a_pytorch_checkout_reads_its_test_helpers_and_knows_torch_by_the_vocabulary() -> None:
    """In a checkout of PyTorch the torch package is the checked tree's own, but the vocabulary describes it: its
    modules are known by the vocabulary, as out of the tree, and never read (so no file's cache entry holds their
    hashes: an edit of `nn/modules/module.py` does not check every test again); its test helpers (`torch.testing`)
    are code that trains, read as any project's."""
    from zerograd_lint.core.engine import lint_source
    from zerograd_lint.files.project_index import project_of

    tree = TREES / "pytorch_checkout"
    path = tree / "test_steps.py"
    project = project_of(str(path))
    assert project is not None
    reports = lint_source(path.read_text(), str(path), project=project)
    helper = "torch/testing/_internal/common_train.py"
    assert [(Path(d.path).relative_to(tree).as_posix(), d.code, d.line) for d in reports] == [(helper, "ZG101", 9)]
    assert [Path(read).relative_to(tree).as_posix() for read in project.read] == [helper]


@pytest.mark.parametrize(
    "text, says_optimizer",
    [
        (b"opt = SGD(params)", True), (b"for x in loader: opt_g.step()", True), (b"d_opt.step()", True), (b"(opt)", True),
        (b"torch.optim.AdamW", True), (b"build_optimizer(cfg)", True), (b"adopt = 1", False), (b"optional = None", False),
        (b"options", False), (b"opts", False), (b"x1opt", False), (b"opt", True), (b"", False),
    ],
)
def test_the_project_gate_hears_an_optimizer_in_its_words(text: bytes, says_optimizer: bool) -> None:
    """`optim`, or `opt` as a name or a part of one (`opt_g`, `d_opt`), never `adopt` nor `optional`."""
    from zerograd_lint.core.project_gate import OPTIMIZER_WORD

    assert (OPTIMIZER_WORD.search(text) is not None) is says_optimizer


@pytest.mark.parametrize(
    "text, may_hold",
    [
        (b"class Classifier(ManualModule):\n    def update(self, opt):\n        opt.step()\n", True),
        (b"class Head(base.Module):\n    def run(self, loss):\n        loss.backward()\n", True),
        (b"class Plain:\n    def update(self, opt):\n        opt.step()\n", False),  # no base: nothing overridden
        (b"class Classifier(ManualModule):\n    def update(self, opt):\n        opt.zero_grad()\n", False),
        # No lifecycle call, but derived from a class of a module that says train: its `loss` may be the trainer's.
        (b"from rlhf.base_trainer import SummingTrainer\n\nclass SFT(SummingTrainer):\n    def loss(self, mb):\n        return mb\n", True),
        (b"from rlhf.base_trainer import SummingTrainer\n\nclass Head:\n    def loss(self, mb):\n        return mb\n", False),
        (b"from models.base import Net\n\nclass Head(Net):\n    def train_loss(self, mb):\n        return mb\n", False),
        (b"class A(B): x.step()", True),  # `class` at the text's start
        (b"subclass A(B): x.step()", False),  # `class` in a longer word: no class statement
        (b"\xc3\xa9class A(B): x.step()", True),  # after a non-ASCII byte, as `\b` of bytes reads it
    ],
)
def test_the_project_gate_hears_an_override_that_steps_or_backwards(text: bytes, may_hold: bool) -> None:
    """A subclass whose own words hold a step or a backward (no loop words), or that derives from a class it imports from
    a module that says train: an override another module's base may run, asked of the project (`driven_overrides`)
    only then."""
    from zerograd_lint.core.project_gate import may_hold_driven_override, says_train

    assert may_hold_driven_override(text, says_train(text)) is may_hold


@pytest.mark.parametrize(
    "text, modules",
    [
        (b"import os, a.b as c", {"os", "a.b"}),
        (b"from . import (x,  # a comment's )\n    y)", {"p.q", "p.q.x", "p.q.y"}),
        (b"from ..pkg import z as w; import v", {"p.pkg", "p.pkg.z", "v"}),
        (b"if TYPE_CHECKING: from r import \\\n    s", {"r", "r.s"}),
        (b"from \\\n . t import u", {"p.q.t", "p.q.t.u"}),
        (b"from.t import(u)", {"p.q.t", "p.q.t.u"}),
        (b"x = __import__('m')", set()),
    ],
)
def test_the_project_gate_reads_every_module_an_import_statement_names(text: bytes, modules: set[str]) -> None:
    """`modules_imports_may_name` (the text read for the driven overrides' question before the parse) names every
    module the file's tree imports, however its statements are written (and more: aliases, words of strings)."""
    from zerograd_lint.core.project_gate import modules_imports_may_name

    assert modules <= set(modules_imports_may_name(text, "p.q"))


@pytest.mark.slow  # a walk over every module of the repository (conftest.project_sources)
def test_the_project_gate_reads_from_the_text_every_module_the_tree_imports() -> None:
    """Over every reproduction and fixture: what `imported_names` reads from the tree, `modules_imports_may_name`
    reads from the text (`from m import n`: `m` and `m.n`)."""
    from zerograd_lint.core.gate import as_bytes
    from zerograd_lint.core.project_gate import imported_names, modules_imports_may_name

    checked = 0
    for path, _, source, tree in project_sources():
        if tree is None or REPO / "zerograd_lint" in path.parents:  # the reproductions and fixtures alone
            continue
        imported = list(imported_names(tree, "p.q"))
        in_tree = {module for module, _ in imported} | {f"{module}.{name}" for module, name in imported if name not in ("", "*")}
        assert in_tree <= set(modules_imports_may_name(as_bytes(source), "p.q")), path
        checked += bool(imported)
    assert checked > 300


def checked_files_parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the checked files CPython parses from here on (`engine.python_parse`; a module of the project the
    analysis reads is parsed with no path)."""
    from zerograd_lint.core import engine

    parses: list[str] = []
    parse = engine.python_parse

    def counted(source: str, path: str) -> object:
        if path:
            parses.append(Path(path).name)
        return parse(source, path)

    monkeypatch.setattr(engine, "python_parse", counted)
    return parses


def test_a_subclass_no_training_module_drives_is_not_parsed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A subclass whose words hold a step (no loop words) is parsed only where a training module it imports calls one
    of the names it defines on `self` (`driven_overrides` asks its tree for that): `update`, which the base's loop
    calls, and not `report`, which nothing calls."""
    from zerograd_lint.core import engine
    from zerograd_lint.files.project_index import project_of

    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "engine.py").write_text(
        "class Base:\n    def fit(self, model, batches, optimizer):\n        for batch in batches:\n"
        "            model(batch).sum().backward()\n            self.update(optimizer)\n\n"
        "    def update(self, optimizer):\n        optimizer.step()\n"
    )
    subclass = "from engine import (\n    Base,\n)\n\n\nclass Stepper(Base):\n    def {}(self, optimizer):\n        optimizer.step()\n"
    (tmp_path / "driven.py").write_text(subclass.format("update"))
    (tmp_path / "undriven.py").write_text(subclass.format("report"))
    parses = checked_files_parsed(monkeypatch)
    for name in ("undriven.py", "driven.py"):
        path = tmp_path / name
        engine.lint_source(path.read_text(), str(path), project=project_of(str(path)))
    assert parses == ["driven.py"]


def test_a_file_whose_words_alone_hold_both_and_that_imports_no_project_module_is_not_parsed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cli_here: CliInterpreter
) -> None:
    """A file whose backward and step are words of its docstring (torch/amp/grad_scaler.py's), not of its code, reaches the
    project gate; where no import statement of it may load a module of the project (`modules_imports_may_name`), the
    tree's questions could mark nothing, and it is not parsed. An import of the project's engine however written (after
    a `;`, in parentheses inside a def) lets it in, and its loop's call reaches engine.py's backward and step."""
    from zerograd_lint.core import engine
    from zerograd_lint.files.project_index import project_of

    tree = tmp_path / "tree"
    shutil.copytree(TREES / "loop_and_step", tree)
    (tree / "pyproject.toml").write_text("")
    header = '"""Call `loss.backward()`, then `optimizer.step()`: each batch\'s train_step does both."""\n\nimport torch\n'
    loop = (
        "    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)\n"
        "    for epoch in range(epochs):\n        for batch in loader:\n            train_step(model, batch, optimizer, criterion)\n"
    )
    variants = {
        "library.py": header + "from torch.nn import functional\n\n\ndef main(model, loader, epochs, criterion, train_step):\n" + loop,
        "semicolon.py": header + "epochs = 2; from engine import train_step\n\n\ndef main(model, loader, criterion):\n" + loop,
        "inner.py": header + "\n\ndef main(model, loader, epochs, criterion):\n    from engine import (\n        train_step,\n    )\n" + loop,
    }
    for name, text in variants.items():
        (tree / name).write_text(text)
    parses = checked_files_parsed(monkeypatch)
    for name in variants:
        path = tree / name
        engine.lint_source(path.read_text(), str(path), project=project_of(str(path)))
    assert parses == ["semicolon.py", "inner.py"]
    monkeypatch.undo()
    for name in ("semicolon.py", "inner.py"):
        assert reports_in("--no-cache", name, cwd=tree, cli=cli_here) == {"engine.py": [("ZG101", 14, 5)]}
    assert reports_in("--no-cache", "library.py", cwd=tree, cli=cli_here) == {}
