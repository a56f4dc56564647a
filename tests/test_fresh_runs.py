"""Loops of fresh runs (`ir/fresh_runs.py`): a loop whose passes each call a helper that builds its own network and
optimizer is analysed in one pass, so a nested training loop under it costs what one run costs (counted work, not
seconds); a loop whose helper is handed the network it trains is an ordinary loop."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

import libcst as cst
import pytest
from conftest import REPO

from zerograd_lint.analysis import work
from zerograd_lint.analysis.ir import fresh_runs, structure
from zerograd_lint.analysis.ir.nodes import Loop, loop_header
from zerograd_lint.core import engine
from zerograd_lint.core.selection import DEFAULT_SELECTION
from zerograd_lint.files.project_index import project_of

TREE = REPO / "tests" / "data" / "project" / "continual_sharpness_steps_under_a_loop_of_class_orders"
LOOP_OF_ORDERS = """        for order in orders:
            settings.class_order = order
            main(settings)
"""
ONE_ORDER = """        settings.class_order = orders[0]
        main(settings)
"""


def counted(path: Path) -> tuple[list, int]:
    """The reports of one file and the work they cost, analysed on a thread of its own: its frame stack starts
    empty, where the test's starts under pytest's frames, from which the analysis's recursion went back and forth
    across an edge of CPython's frame stack chunks, an mmap and a munmap each crossing (695,000 of each: 8.7 s of
    system time for the two analyses, 0.2 s on the thread). The work counted is the same."""
    outcome: list[tuple[list, int] | BaseException] = []

    def analysed() -> None:
        try:
            with work.allowance():
                reports = engine.reports_of(path.read_text(), str(path), DEFAULT_SELECTION.codes(), project_of(str(path)))
                outcome.append((reports, work.spent()))
        except BaseException as error:  # raised in the test's thread
            outcome.append(error)

    analysis = threading.Thread(target=analysed)
    analysis.start()
    analysis.join()
    [answer] = outcome
    if isinstance(answer, BaseException):
        raise answer
    return answer


@pytest.mark.slow  # two analyses of about 380,000 units each
def test_a_nested_training_loop_under_a_loop_of_fresh_runs_costs_about_one_run(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    shutil.copytree(TREE, tree)
    looped, looped_cost = counted(tree / "main.py")
    main = tree / "main.py"
    text = main.read_text()
    assert LOOP_OF_ORDERS in text
    main.write_text(text.replace(LOOP_OF_ORDERS, ONE_ORDER))
    once, once_cost = counted(main)
    assert looped == once == []
    # Before the loop was read as fresh runs it took seven passes to settle: 9,309,738 units against 806,898.
    assert looped_cost < 1.2 * once_cost


SHARED_NETWORK = '''
import torch


def fit(net, data):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    for epoch in range(3):
        for x, y in data:
            loss = torch.nn.functional.mse_loss(net(x), y)
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()


def fresh(data):
    net = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    for epoch in range(3):
        for x, y in data:
            loss = torch.nn.functional.mse_loss(net(x), y)
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()


if __name__ == "__main__":
    net = torch.nn.Linear(4, 1)
    for fold in range(5):
        fit(net, [])
    for fold in range(5):
        fresh([])
'''


def test_only_a_helper_building_its_own_network_and_optimizer_makes_a_fresh_run(monkeypatch: pytest.MonkeyPatch) -> None:
    answers: dict[int, tuple[str, bool]] = {}  # id(loop) -> its header and the answer, in the order asked

    def noted(loop: Loop) -> bool:
        answer = fresh_runs.runs_afresh(loop)
        answers.setdefault(id(loop), (cst.Module([]).code_for_node(loop_header(loop)), answer))
        return answer

    monkeypatch.setattr(structure, "runs_afresh", noted)
    engine.reports_of(SHARED_NETWORK, "folds.py", DEFAULT_SELECTION.codes(), None)
    folds = [answer for header, answer in answers.values() if header == "range(5)"]
    assert folds == [False, True]  # `fit(net, [])` trains the network of the folds before; `fresh([])` its own
    assert not any(answer for header, answer in answers.values() if header != "range(5)")  # the epochs and batches
