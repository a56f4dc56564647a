"""No LibCST tree outlives the analysis of its file: the caches keyed by its nodes are the file's."""

from __future__ import annotations

import ast
import gc
import shutil
from pathlib import Path
from typing import Iterator

import libcst as cst
import pytest
from conftest import REPO

from zerograd_lint import analyze_source
from zerograd_lint.core.fixing import fix_source
from zerograd_lint.files.project_index import project_of

# A loop that never clears (ZG101: its fix's facts walk the parents of its nodes) and an unscale_ never
# called (ZG202: its fix's facts look for the optimizer the scaler steps), so the rules fill every cache
# keyed by nodes.
SOURCE = '''import torch

scaler = torch.cuda.amp.GradScaler()
for x, y in loader:
    loss = model(x)
    scaler.scale(loss).backward()
    scaler.unscale_
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    scaler.step(optimizer)
    scaler.update()
    optimizer.step
'''


@pytest.fixture(autouse=True)
def counting_only_what_the_test_makes() -> Iterator[None]:
    """What is alive when the test starts is frozen: the counts below and the collections they ask walk only what the
    test made, not the worker's whole heap (torch, the other modules' objects: seconds of walks in a full worker)."""
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def modules_alive() -> int:
    gc.collect()
    return modules_held()


def modules_held() -> int:
    """The LibCST trees alive, the collector not asked: those reference counts have not freed."""
    return sum(1 for found in gc.get_objects() if isinstance(found, cst.Module))


def test_no_tree_outlives_its_file():
    analyze_source("x = 1\n", "earlier.py")  # what an earlier test's file left cached goes with the next file
    before = modules_alive()
    reports = analyze_source(SOURCE, "train.py")
    assert {"ZG101", "ZG202"} <= {d.code for d in reports}
    assert modules_alive() == before
    fixed = fix_source(SOURCE, "train.py", unsafe=True)
    assert fixed.applied
    analyze_source("x = 1\n", "other.py")  # the next file: what the fixes cached of the last one goes
    assert modules_alive() == before


@pytest.mark.parametrize(
    ("tree_name", "checked", "expected"),
    [
        ("loop_and_step", "main.py", [("engine.py", "ZG101")]),  # main.py's loop, engine.py's tree read
        ("super_calls", "custom.py", [("base.py", "ZG101")]),  # a base class of another module: the class's lineage
        ("mixins", "trainers/classes.py", [("mixins.py", "ZG101")]),
    ],
)
def test_reference_counts_free_the_trees_of_a_file_and_its_project(tmp_path: Path, tree_name: str, checked: str, expected) -> None:
    """No reference cycle holds a file's trees once its reports are made (the project and its modules point back to
    it weakly, the namespaces of the IR hold no builder, the walks are no recursive closures, a class's lineage is
    kept for the file's analysis, not by its index): they are freed as the analysis ends, and the runner's next young
    collection does not walk them (cold6: 167,650 objects after distributed_test.py's analysis, 2,345 now)."""
    tree = tmp_path / "tree"
    shutil.copytree(REPO / "tests" / "data" / "project" / tree_name, tree)
    (tree / "pyproject.toml").write_text("")
    main = tree / checked
    project = project_of(str(main))
    assert project is not None
    analyze_source(main.read_text(), str(main), project=project)  # what the analysis imports is made once, here
    gc.collect()
    before = modules_held()
    gc.disable()
    try:
        reports = analyze_source(main.read_text(), str(main), project=project)
        held = modules_held()
    finally:
        gc.enable()
    assert [(Path(d.path).name, d.code) for d in reports] == expected
    assert held == before


# `.grad` reads in the methods of a class whose base, of the file, has a property: the reads' analysis reads the
# classes' properties along their bases (`grad_reads.properties_of`).
READS_IN_A_SUBCLASS = '''import torch


class Base:
    @property
    def parameters_seen(self):
        return list(self.model.parameters())


class Trainer(Base):
    def log(self):
        for p in self.model.parameters():
            print(p.grad.norm())
'''


def python_trees_held() -> int:
    """CPython's tree nodes alive, the collector not asked: those reference counts have not freed."""
    return sum(1 for found in gc.get_objects() if issubclass(type(found), ast.AST))  # `type`: no `__class__` asked


def test_reference_counts_free_the_python_tree_of_a_file():
    """A file's CPython tree goes with its analysis too: no recursive closure keeps its classes for the collector (at
    main e665aa1, `properties_of`'s walk of the bases held distributed_test.py's classes: 100,696 objects collected
    after its analysis, the run's largest young collection)."""
    analyze_source(READS_IN_A_SUBCLASS, "trainer.py")  # what the analysis imports is made once, here
    gc.collect()
    before = python_trees_held()
    gc.disable()
    try:
        reports = analyze_source(READS_IN_A_SUBCLASS, "trainer.py")
        held = python_trees_held()
    finally:
        gc.enable()
    assert [d.code for d in reports] == ["ZG302"]
    assert held == before


def libcst_nodes_held() -> int:
    return sum(1 for found in gc.get_objects() if issubclass(type(found), cst.CSTNode))


def test_reference_counts_free_every_libcst_node_of_a_file():
    """Not a node of the file's LibCST tree waits for the collector: the domains' states hold the events' nodes, and
    a domain is no reference cycle (`flow.Recorded` is handed its `join` at each event, not keeping the bound method)."""
    analyze_source(SOURCE, "train.py")
    gc.collect()
    before = libcst_nodes_held()
    gc.disable()
    try:
        reports = analyze_source(SOURCE, "train.py")
        held = libcst_nodes_held()
    finally:
        gc.enable()
    assert {"ZG101", "ZG202"} <= {d.code for d in reports}
    assert held == before
