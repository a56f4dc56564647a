"""A large file of many functions is analysed a piece at a time: what is alive at once is one piece's, and the
reports are the whole file's."""

from __future__ import annotations

import ast
import weakref

import pytest
from conftest import run_python

from zerograd_lint.analysis.ir.index import ModuleIndex
from zerograd_lint.core import engine, pieces
from zerograd_lint.core.gate import gate_of
from zerograd_lint.core.pieces import pieces_of
from zerograd_lint.core.reached_code import MIN_BYTES
from zerograd_lint.core.selection import DEFAULT_SELECTION
from zerograd_lint.files.project_index import project_of
from zerograd_lint.files.runner import collector_tuned_for_one_file

HEADER = '''"""Experiments."""
# Each function below fits a model of its own.

from __future__ import annotations

import torch
from torch import nn

LR = 0.1


class Scaled(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.layer = nn.Linear(width, 1)

    def forward(self, x):
        return self.layer(x) * 2


def batches_of(loader):
    return iter(loader)
'''
# One training function; every other one forgets its clear (ZG101), every third one runs a model of the file's
# class, every fifth one gets its batches from a helper it shares with the others that do.
FUNCTION = '''

def train_{n}(loader):
    model = {model}
    optimizer = torch.optim.SGD(model.parameters(), lr=LR)
    for x, y in {batches}:
{clear}        loss = (model(x) - y).pow(2).mean()
        loss.backward()
        optimizer.step()
    return model
'''
FOOTER = '''

if __name__ == "__main__":
    print(batches_of([]))
'''


def many_functions(count: int) -> str:
    return HEADER + "".join(
        FUNCTION.format(
            n=n,
            model="Scaled(4)" if n % 3 == 0 else "nn.Linear(4, 1)",
            batches="batches_of(loader)" if n % 5 == 0 else "loader",
            clear="" if n % 2 else "        optimizer.zero_grad()\n",
        )
        for n in range(count)
    ) + FOOTER


def large_file() -> str:
    count = 100
    while len(many_functions(count)) < MIN_BYTES:
        count += 20
    return many_functions(count)


def test_each_function_is_a_piece_of_its_own_with_what_it_names_and_the_module_code():
    source = large_file()
    tree = ast.parse(source)
    gate = gate_of(engine.every_code() - {"ZG202"})
    cut = pieces_of(source, tree, gate.in_tree(gate.in_text(source), tree))
    assert cut is not None
    assert len(cut) == source.count("\ndef train_")  # `batches_of` is named by the module's code: in every piece
    lines = source.split("\n")
    for number, piece in enumerate(cut):
        text = piece.made().text
        own, own_lines = ast.parse(text), text.split("\n")
        for statement in own.body:  # every line where it is in the file, but for the strings that fill the gaps
            if not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant) and statement.lineno > 1):
                assert own_lines[statement.lineno - 1 : statement.end_lineno] == lines[statement.lineno - 1 : statement.end_lineno]
        defs = {node.name for node in own.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
        assert defs == {f"train_{number}", "batches_of", *(["Scaled"] if number % 3 == 0 else [])}


def test_one_piece_is_alive_at_a_time(tmp_path):
    """Counted, not timed: when the rules read a piece's facts, no other piece's LibCST tree is alive, and each
    holds its own functions only; as the command line analyses a file (with its project, and the collector's young
    collections only, rare)."""
    source = large_file()
    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "experiments.py").write_text(source)
    indexes: list[weakref.ref] = []  # each LibCST tree analysed, through the index of it the analysis makes
    most_alive, most_defs, pieces = 0, 0, 0
    rule_reports, index_init = engine.rule_reports, ModuleIndex.__init__

    def counted_index(index, module, bound=None):
        indexes.append(weakref.ref(index))
        index_init(index, module, bound)

    def counting(facts, path, codes):
        nonlocal most_alive, most_defs, pieces
        pieces += 1
        most_alive = max(most_alive, sum(ref() is not None for ref in indexes))
        most_defs = max(most_defs, sum(isinstance(node, ast.FunctionDef) for node in ast.walk(ast.parse(facts.module.code))))
        return rule_reports(facts, path, codes)

    with pytest.MonkeyPatch.context() as patch, collector_tuned_for_one_file():
        patch.setattr(engine, "rule_reports", counting)
        patch.setattr(ModuleIndex, "__init__", counted_index)
        path = str(tmp_path / "experiments.py")
        reports = engine.analyze_source(source, path, engine.every_code() - {"ZG202"}, project_of(path))
    assert pieces == source.count("\ndef train_")
    assert (most_alive, most_defs) == (1, 4)  # train_n, batches_of, and `Scaled`'s two methods
    assert sum(d.code == "ZG101" for d in reports) == pieces // 2


def test_the_reports_are_the_whole_files():
    source, chosen = large_file(), DEFAULT_SELECTION.codes()
    in_pieces = engine.analyze_source(source, "experiments.py", chosen)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pieces, "pieces_of", lambda *_: None)
        whole = engine.analyze_source(source, "experiments.py", chosen)
    assert in_pieces == whole
    assert any(d.fix is not None for d in whole)


WORKERS_AND_ONE_PROCESS = """
import json, sys
from pathlib import Path
from zerograd_lint.analysis import work
from zerograd_lint.core import engine
from zerograd_lint.core.selection import DEFAULT_SELECTION
from zerograd_lint.files import runner
from zerograd_lint.files.config import Settings
from zerograd_lint.files.project_index import project_of
from zerograd_lint.formats import json_format

path = Path(sys.argv[1])
with work.allowance():
    engine.reports_of(path.read_text(), str(path), DEFAULT_SELECTION.codes(), project_of(str(path)))
    cost = work.spent()
from_workers, taken = 0, runner.PieceWorkers.taken

def counted(self, future):
    global from_workers
    outcomes = taken(self, future)
    from_workers += len(outcomes)
    return outcomes

runner.PieceWorkers.taken = counted
runner.available_cores = lambda: 2
runs = []
for limit in (cost, cost - 1):
    work.WORK_LIMIT = limit
    for jobs in (1, None):
        from_workers = 0
        rendered = json_format.render(runner.check_paths([path], Settings(), jobs=jobs, suggest=True).diagnostics)
        runs.append([limit == cost, jobs, rendered, from_workers, ['"fix": {' in rendered, work.too_complex() in rendered]])
print(json.dumps(runs))
"""


@pytest.mark.slow  # the large file analysed five times
def test_workers_analyse_the_pieces_and_the_run_is_one_processs(tmp_path):
    """A file checked alone has its pieces analysed by workers: the JSON (fixes included) is the one process's byte
    for byte, and the work counted is too, so the same allowance settles the file the same way. (Workers fork: in
    a process of its own.)"""
    source = large_file()
    (tmp_path / "pyproject.toml").write_text("")
    path = tmp_path / "experiments.py"
    path.write_text(source)
    runs = run_python(WORKERS_AND_ONE_PROCESS, str(path), cwd=tmp_path)
    assert [(within, jobs) for within, jobs, *_ in runs] == [(True, 1), (True, None), (False, 1), (False, None)]
    for (within, _, alone, from_no_worker, fixed_or_too_complex), (_, _, with_workers, from_workers, _) in (runs[:2], runs[2:]):
        assert from_no_worker == 0
        assert with_workers == alone
        assert from_workers == source.count("\ndef train_") or not within  # a ZG000 settles the file early
        assert fixed_or_too_complex == ([True, False] if within else [False, True])


def test_module_code_that_names_every_function_keeps_the_file_whole():
    source = large_file()
    calls = "".join(f"    train_{n}([])\n" for n in range(source.count("\ndef train_")))
    source += "\n\ndef main():\n" + calls + "\n\nmain()\n"
    tree = ast.parse(source)
    gate = gate_of(engine.every_code() - {"ZG202"})
    assert pieces_of(source, tree, gate.in_tree(gate.in_text(source), tree)) is None
