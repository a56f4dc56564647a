"""A large file of many functions is analysed a piece at a time: what is alive at once is one piece's, and the
reports are the whole file's."""

from __future__ import annotations

import ast
import weakref

import pytest

from zerograd_lint.core import engine
from zerograd_lint.core.gate import gate_of
from zerograd_lint.core.pieces import pieces_of
from zerograd_lint.core.reached_code import MIN_BYTES
from zerograd_lint.core.selection import DEFAULT_SELECTION

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
    pieces = pieces_of(source, tree, gate.in_tree(gate.in_text(source), tree))
    assert pieces is not None
    assert len(pieces) == source.count("\ndef train_")  # `batches_of` is named by the module's code: in every piece
    lines = source.split("\n")
    for number, piece in enumerate(pieces):
        text = piece.source()
        own, own_lines = ast.parse(text), text.split("\n")
        for statement in own.body:  # every line where it is in the file, but for the strings that fill the gaps
            if not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant) and statement.lineno > 1):
                assert own_lines[statement.lineno - 1 : statement.end_lineno] == lines[statement.lineno - 1 : statement.end_lineno]
        defs = {node.name for node in own.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
        assert defs == {f"train_{number}", "batches_of", *(["Scaled"] if number % 3 == 0 else [])}


def test_one_piece_is_alive_at_a_time():
    """Counted, not timed: when the rules read a piece's facts, no other piece's facts are alive, and each holds
    LibCST's tree of its own functions only."""
    source = large_file()
    alive: list[weakref.ref] = []
    most_alive, most_defs = 0, 0
    rule_reports = engine.rule_reports

    def counting(facts, path, codes):
        nonlocal most_alive, most_defs
        alive.append(weakref.ref(facts))
        most_alive = max(most_alive, sum(ref() is not None for ref in alive))
        most_defs = max(most_defs, sum(isinstance(node, ast.FunctionDef) for node in ast.walk(ast.parse(facts.module.code))))
        return rule_reports(facts, path, codes)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(engine, "rule_reports", counting)
        reports = engine.analyze_source(source, "experiments.py", engine.every_code() - {"ZG202"})
    assert len(alive) == source.count("\ndef train_")
    assert (most_alive, most_defs) == (1, 4)  # train_n, batches_of, and `Scaled`'s two methods
    assert sum(d.code == "ZG101" for d in reports) == len(alive) // 2


def test_the_reports_are_the_whole_files():
    source, chosen = large_file(), DEFAULT_SELECTION.codes()
    in_pieces = engine.analyze_source(source, "experiments.py", chosen)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(engine, "pieces_of", lambda *_: None)
        whole = engine.analyze_source(source, "experiments.py", chosen)
    assert in_pieces == whole
    assert any(d.fix is not None for d in whole)


def test_module_code_that_names_every_function_keeps_the_file_whole():
    source = large_file()
    calls = "".join(f"    train_{n}([])\n" for n in range(source.count("\ndef train_")))
    source += "\n\ndef main():\n" + calls + "\n\nmain()\n"
    tree = ast.parse(source)
    gate = gate_of(engine.every_code() - {"ZG202"})
    assert pieces_of(source, tree, gate.in_tree(gate.in_text(source), tree)) is None
