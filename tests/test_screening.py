"""Screening ahead: a forked child settles a large run's files while the parent imports the analysis.
(Each test forks in a process of its own, never the test process.)"""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import REPO, cli_env, run_cli, run_python

GENERATOR = REPO / "bench" / "generate_training_tree.py"


SCREENING = "import json, os, sys\nfrom zerograd_lint.files.screening import screened_ahead\n"


def test_answers_come_from_the_child_in_order_and_it_finishes(tmp_path):
    answers, parent, finished = run_python(SCREENING + (
        "answers = list(screened_ahead(list(range(500)), lambda n: (n, os.getpid()),\n"
        "                              lambda: open('finished', 'w').write(str(os.getpid()))))\n"
        "print(json.dumps([answers, os.getpid(), open('finished').read()]))\n"
    ), cwd=tmp_path)
    assert [n for n, _ in answers] == list(range(500))
    children = {pid for _, pid in answers}
    assert len(children) == 1 and parent not in children
    assert finished == str(children.pop())


def test_the_child_sends_the_answers_the_parent_only_counts_with_the_next_it_acts_on(tmp_path):
    """Empty answers (a file with nothing to report) wait in the child's buffer for the next one that is not (or for
    `PROMPT_SECONDS`, here never): a run's 2,000 empty answers are not 2,000 writes and wake-ups of the parent."""
    answers, flushes = run_python(SCREENING + (
        "import io\n"
        "from zerograd_lint.files import screening\n"
        "screening.PROMPT_SECONDS = 3600.0\n"
        "class Counted(io.BufferedWriter):\n"
        "    flushes = 0\n"
        "    def flush(self):\n"
        "        Counted.flushes += 1\n"
        "        super().flush()\n"
        "    def close(self):\n"
        "        super().close()\n"
        "        io.open('flushes', 'w').write(str(Counted.flushes))\n"
        "screening.open = lambda fd, mode: Counted(io.FileIO(fd, mode)) if mode == 'wb' else io.open(fd, mode)\n"
        "answers = list(screened_ahead(list(range(2000)), lambda n: [n] if n in (10, 1500) else [], lambda: None))\n"
        "print(json.dumps([answers, int(io.open('flushes').read())]))\n"
    ), cwd=tmp_path)
    assert answers == [[n] if n in (10, 1500) else [] for n in range(2000)]
    assert flushes == 3  # after each of the two, and as the child closes the pipe


@pytest.mark.parametrize("death", ["exit", "exception"])
def test_what_a_dead_child_did_not_settle_is_settled_here(tmp_path, death):
    answers = run_python(SCREENING + (
        "def settle(n):\n"
        "    if n == 3:\n"
        "        if sys.argv[1] == 'exit':\n"
        "            os._exit(1)\n"
        "        raise ValueError(\"the child's own failure\")\n"
        "    return n\n"
        "print(json.dumps(list(screened_ahead(list(range(6)), settle, lambda: open('finished', 'w').close()))))\n"
    ), death, cwd=tmp_path)
    assert answers == [0, 1, 2, None, None, None]
    assert not (tmp_path / "finished").exists()


def test_stopping_early_kills_the_child_and_reaps_it(tmp_path):
    gone = run_python(SCREENING + (
        "answers = screened_ahead(list(range(10**7)), lambda n: os.getpid(), lambda: open('finished', 'w').close())\n"
        "child = next(answers)\n"
        "answers.close()  # as Ctrl-C in the parent does\n"
        "try:\n"
        "    os.kill(child, 0)\n"
        "except ProcessLookupError:\n"
        "    print('true')  # gone, not a zombie\n"
        "else:\n"
        "    print('false')\n"
    ), cwd=tmp_path)
    assert gone is True
    assert not (tmp_path / "finished").exists()


@pytest.mark.slow
def test_a_run_screened_ahead_reports_and_caches_what_a_serial_run_does(tmp_path):
    subprocess.run([sys.executable, str(GENERATOR), str(tmp_path), "--scripts", "16"], check=True)
    (tmp_path / "plain.py").write_text("def add(a, b):\n    return a + b\n")
    (tmp_path / "silent.py").write_text(  # its analysis reads no other module and finds nothing
        "import torch\n\nmodel = torch.nn.Linear(4, 1)\noptimizer = torch.optim.SGD(model.parameters(), lr=0.1)\n"
        "for x, y in loader:\n    optimizer.zero_grad()\n    model(x).mean().backward()\n    optimizer.step()\n"
    )
    serial = run_cli("check", "--no-cache", "--jobs", "1", ".", cwd=tmp_path)
    assert serial.returncode == 1 and len(serial.stdout.splitlines()) >= 5, serial.stderr
    program = (
        "import multiprocessing\nfrom zerograd_lint.files import runner, screening\n"
        "multiprocessing.set_start_method('fork')\n"
        "runner.SCREEN_AHEAD_BYTES = 0\n"
        "ahead = screening.screened_ahead\n"
        "screening.screened_ahead = lambda *args: (print('screened ahead', file=sys.stderr), ahead(*args))[1]\n"
        # The words of a file the child passed on are not tested again here: it only reads the file for its task.
        "parent, words = os.getpid(), runner.words_met\n"
        "runner.words_met = lambda *args: (os.getpid() == parent and print('words again', file=sys.stderr), words(*args))[1]\n"
        "from zerograd_lint.doors.cli import main\nmain(['check', '--jobs', '2', '.'])\n"
    )
    # Cold, the child screens; warm, the cache answers for the files and this process reads them itself.
    for run, screened_ahead_said in (("cold", "screened ahead\n"), ("warm", "")):
        ahead = subprocess.run([sys.executable, "-c", "import os, sys\n" + program], cwd=tmp_path, env=cli_env(), capture_output=True, text=True, timeout=300)
        assert ahead.stderr.startswith(screened_ahead_said) and "screened ahead" not in ahead.stderr[len(screened_ahead_said):], (run, ahead.stderr)
        assert (ahead.returncode, ahead.stdout, ahead.stderr[len(screened_ahead_said):]) == (serial.returncode, serial.stdout, serial.stderr), run
        [folder] = [folder for folder in (tmp_path / ".zerograd_lint_cache").iterdir() if folder.is_dir()]
        _, _, ruled_out = (folder / "ruled_out").read_text().partition("\n")  # under a hash
        # Every file is known by its bytes' key: an entry for its reports, else its key ruled out (the child's
        # verdicts, and the files this process found silent written with them)
        known = len(ruled_out.split()) + len(list(folder.glob("*.json")))
        assert known == len({path.read_bytes() for path in tmp_path.rglob("*.py")}), run


def test_a_task_carries_what_its_words_met_and_a_training_one_is_taken_first(tmp_path):
    from zerograd_lint.core.selection import DEFAULT_SELECTION
    from zerograd_lint.files.runner import EngineTask, screen_file

    files = {
        "train.py": "def fit(model, opt, loader):\n    for x in loader:\n        model(x).backward()\n        opt.step()\n",
        "log.py": "def log(model):\n    for p in model.parameters():\n        print(p.grad.norm())\n",
        "plain.py": "def add(a, b):\n    return a + b\n",
    }
    screened = {}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
        screened[name] = screen_file(tmp_path / name, DEFAULT_SELECTION, verdicts=None)
    assert screened["plain.py"] == []
    train, log = screened["train.py"], screened["log.py"]
    assert isinstance(train, EngineTask) and isinstance(log, EngineTask)
    assert "lifecycle" in train.words and train.trains
    assert log.words == frozenset({"grad_reads"}) and not log.trains
    # What the screening child answers for a task is that set: this process does not ask the words again.
    again = screen_file(tmp_path / "log.py", DEFAULT_SELECTION, verdicts=None, words=frozenset({"lifecycle"}))
    assert isinstance(again, EngineTask) and again.trains


def test_the_engine_takes_a_tasks_words_as_asked_of_its_utf8_bytes_and_asks_others_again(tmp_path, monkeypatch):
    """The words test of a UTF-8 file's bytes is the engine's own of its source: asked once per file. A file in another
    encoding (latin-1 here) was tested on other bytes than the source's UTF-8: the engine asks again."""
    from zerograd_lint.core.gate import Gate
    from zerograd_lint.core.selection import DEFAULT_SELECTION
    from zerograd_lint.files.runner import EngineTask, run_task, screen_file

    training = "def fit(model, opt, loader):\n    for x in loader:\n        model(x).backward()\n        opt.step()\n"
    (tmp_path / "train.py").write_text(training, encoding="utf-8")
    (tmp_path / "latin.py").write_bytes(b"# -*- coding: latin-1 -*-\n# caf\xe9\n" + training.encode())
    asked: list[bytes] = []
    in_words = Gate.in_words

    def counted(gate: Gate, data: bytes) -> frozenset[str]:
        asked.append(data)
        return in_words(gate, data)

    monkeypatch.setattr(Gate, "in_words", counted)
    for name, asked_by_engine in (("train.py", 0), ("latin.py", 1)):
        asked.clear()
        task = screen_file(tmp_path / name, DEFAULT_SELECTION, verdicts=None)
        assert isinstance(task, EngineTask) and task.trains and len(asked) == 1
        outcome = run_task(task)
        assert not isinstance(outcome, str)
        assert [d.code for d in outcome.diagnostics] == ["ZG101"]
        assert len(asked) == 1 + asked_by_engine, name


def test_the_engine_takes_the_project_gates_words_as_the_screen_asked_them(tmp_path, monkeypatch):
    """A loop whose backward and step live in a module it imports meets no need by its own words: the screen asks the
    project gate's (`elsewhere_words`) and hands them on with the task, and the engine does not scan the text for them
    again; it reports the same (the step in engine.py)."""
    from zerograd_lint.core import project_gate
    from zerograd_lint.core.selection import DEFAULT_SELECTION
    from zerograd_lint.files.runner import EngineTask, run_task, screen_file

    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "engine.py").write_text(
        "def train_step(model, batch, optimizer):\n    model(batch).sum().backward()\n    optimizer.step()\n"
    )
    (tmp_path / "main.py").write_text(
        "from engine import train_step\n\n\ndef main(model, loader, optimizer):\n    for batch in loader:\n"
        "        train_step(model, batch, optimizer)\n"
    )
    asked: list[bytes] = []
    elsewhere_words = project_gate.elsewhere_words

    def counted(data: bytes) -> project_gate.ElsewhereWords | None:
        asked.append(data)
        return elsewhere_words(data)

    monkeypatch.setattr(project_gate, "elsewhere_words", counted)
    task = screen_file(tmp_path / "main.py", DEFAULT_SELECTION, verdicts=None)
    assert isinstance(task, EngineTask) and isinstance(task.words, project_gate.ElsewhereWords) and not task.trains
    assert task.words.loops and task.words.lifecycle == (False, False)
    outcome = run_task(task)
    assert not isinstance(outcome, str)
    assert [(d.code, d.path.endswith("engine.py")) for d in outcome.diagnostics] == [("ZG101", True)]
    assert len(asked) == 1
