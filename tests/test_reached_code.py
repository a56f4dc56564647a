"""Partial parsing: in a large file LibCST reads only the code the analyses can reach, and reports stay the same."""

from __future__ import annotations

import ast

import pytest
from conftest import project_sources

from zerograd_lint.core import reached_code as reached_code_module
from zerograd_lint.core.engine import PartialFacts, analyze_source, every_code, file_facts, rule_reports
from zerograd_lint.core.gate import gate_of
from zerograd_lint.core.reached_code import MIN_BYTES, characters_in_defs, reached_code

TRAINER = '''import torch


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

    def batches(self, loader):
        return loader

    def train(self, loader):
        for x, y in self.batches(loader):
            loss = self.model(x).sum()
            loss.backward()
            self.optimizer.step(){clear}
'''
# Methods no analysis reaches: what makes a test suite large.
UNRELATED = '''
    def unrelated_{n}(self, value):
        """Adds up a range."""
        total = 0
        for item in range(value):
            total += item * {n}
        return total
'''


def large_trainer(clear: str = "") -> str:
    source = TRAINER.format(clear=clear)
    n = 0
    while len(source) < 2 * MIN_BYTES:
        source += UNRELATED.format(n=n)
        n += 1
    return source


def test_the_reached_code_keeps_every_kept_line_in_place_and_empties_the_rest():
    source = large_trainer()
    tree = ast.parse(source)
    gate = gate_of(every_code())
    needs = gate.in_tree(gate.in_text(source), tree)
    reached = reached_code(source, tree, needs, frozenset())
    assert reached is not None
    kept, emptied = source.split("\n"), reached.split("\n")
    assert len(kept) == len(emptied)
    trainer_lines = len(TRAINER.split("\n"))
    assert emptied[:trainer_lines] == kept[:trainer_lines]  # `__init__` (the class scope), `batches` (called), `train`
    body = emptied[trainer_lines:trainer_lines + 8]
    # One string over the body and the blank line after it (LibCST would make three nodes of that line alone)
    assert body == ["    def unrelated_0(self, value):", '        """', "", "", "", "", '"""', "    def unrelated_1(self, value):"]
    train = ast.parse(reached).body[1].body[2]  # type: ignore[attr-defined]
    assert ast.dump(train, include_attributes=True) == ast.dump(tree.body[1].body[2], include_attributes=True)  # type: ignore[attr-defined]


def test_a_large_file_is_reported_as_the_whole_file_is():
    source = large_trainer()
    partial = file_facts(source, "train.py", reached_only=True)
    assert isinstance(partial, PartialFacts)
    found = [(d.code, d.line) for d in rule_reports(partial.facts, "train.py", every_code())]
    assert found == [("ZG101", 16)]
    assert [(d.code, d.line) for d in analyze_source(source, "train.py")] == found


def test_a_large_silent_file_is_silent_from_its_reached_code():
    source = large_trainer(clear="\n            self.optimizer.zero_grad()")
    assert isinstance(file_facts(source, "train.py", reached_only=True), PartialFacts)
    assert analyze_source(source, "train.py") == []


DECORATED = '''
    @functools.lru_cache(
        maxsize={n},
    )
    # a comment between the decorators
    @staticmethod
    def decorated_{n}(value):
        return value * {n}
'''


def test_a_left_out_def_loses_its_decorators_and_a_kept_one_keeps_them():
    source = large_trainer().replace("    def batches", "    @torch.no_grad()\n    def batches", 1)
    source = source.replace("import torch\n", "import functools\nimport torch\n", 1) + DECORATED.format(n=7)
    tree = ast.parse(source)
    gate = gate_of(every_code())
    reached = reached_code(source, tree, gate.in_tree(gate.in_text(source), tree), frozenset())
    assert reached is not None
    lines = reached.split("\n")
    assert lines[source.split("\n").index("    @torch.no_grad()")] == "    @torch.no_grad()"  # `batches` is called: kept whole
    decorated = source.split("\n").index("    def decorated_7(value):")
    # The string over the body before swallows the decorators left out; the last body, the file's empty last line
    assert lines[decorated - 5:decorated + 3] == ["", "", "", "", '"""', "    def decorated_7(value):", '        """', '"""']
    ast.parse(reached)


def test_the_placeholders_keep_every_def_on_its_lines_with_crlf_and_lines_of_spaces():
    source = large_trainer().replace("        return total\n", "        return total\n  \t\n\n", 3) + DECORATED.format(n=7) + "\n"
    source = source.replace("import torch\n", "import functools\nimport torch\n", 1)
    for text in (source, source.replace("\n", "\r\n")):
        tree = ast.parse(text)
        gate = gate_of(every_code())
        reached = reached_code(text, tree, gate.in_tree(gate.in_text(text), tree), frozenset())
        assert reached is not None and len(reached.split("\n")) == len(text.split("\n"))
        placed = [(node.name, node.lineno, node.col_offset) for node in ast.walk(ast.parse(reached)) if isinstance(node, ast.FunctionDef)]
        assert placed == [(node.name, node.lineno, node.col_offset) for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)]
        assert "  \t" in reached  # a line of spaces inside a string, as it was


# A test method with a model of its own: its defs and classes stay (the index of the file's defs is the
# same), the code around them goes.
HOST = '''
    def host_{n}(self, rank):
        """A test with a model of its own."""
        torch.manual_seed(rank)

        class Net(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = torch.nn.Linear(2, 2)

        if rank == 0:
            def helper_{n}(x):
                return x * 2
            value = helper_{n}(rank)
        else:
            value = rank
        return Net()(torch.ones(2)) + value
'''


def reached_lines(source: str) -> tuple[list[str], list[str]]:
    tree = ast.parse(source)
    gate = gate_of(every_code())
    reached = reached_code(source, tree, gate.in_tree(gate.in_text(source), tree), frozenset())
    assert reached is not None
    defs = [node.name for node in ast.walk(ast.parse(reached)) if isinstance(node, (ast.FunctionDef, ast.ClassDef))]
    assert defs == [node.name for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.ClassDef))]
    return source.split("\n"), reached.split("\n")


def with_host(source: str) -> str:
    # Kept code that says `__init__`, as the host's class does: a name two classes give a method reaches neither.
    return source.replace("        self.model = model\n", "        super().__init__()\n        self.model = model\n", 1) + HOST.format(n=0)


def test_a_def_no_analysis_reaches_keeps_only_the_defs_and_classes_it_holds():
    source = with_host(large_trainer())
    lines, reached = reached_lines(source)
    start = lines.index("    def host_0(self, rank):")
    host = HOST.format(n=0).split("\n")[1:-1]
    kept = {1, 5, 6, 7, 8, 10, 11, 12, 14}  # the header, the class, the `if` with its def, the `else`
    expected = [line if number in kept else "" for number, line in enumerate(host, 1)]
    expected[14] = "            ..."  # the `else` body, emptied
    assert reached[start:start + len(host)] == expected
    assert [(d.code, d.line) for d in analyze_source(source, "train.py")] == [("ZG101", 17)]


def test_a_def_whose_nested_def_kept_code_names_is_kept_whole():
    source = with_host(large_trainer()).replace("        return loader\n", "        return helper_0(loader)\n", 1)
    lines, reached = reached_lines(source)
    start = lines.index("    def host_0(self, rank):")
    assert reached[start:start + 17] == lines[start:start + 17]


def test_a_def_whose_body_shares_a_line_with_a_header_is_kept_whole():
    one_line_body = "        if rank: value += 1\n        else:\n            class Other: pass\n"
    source = with_host(large_trainer()).replace("            value = rank\n", "            value = rank\n" + one_line_body, 1)
    lines, reached = reached_lines(source)
    start = lines.index("    def host_0(self, rank):")
    assert reached[start:start + 20] == lines[start:start + 20]


SCRIPT_BLOCK = """
model = nn.Linear({n}, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for x, y in loader:
    optimizer.zero_grad()
    model(x).sum().backward()
    optimizer.step()
"""


def test_a_large_script_is_given_whole_before_any_walk_of_its_code(monkeypatch):
    source = "import torch\nfrom torch import nn\n" + "".join(SCRIPT_BLOCK.format(n=n) for n in range(2 * MIN_BYTES // 100))
    tree = ast.parse(source)
    gate = gate_of(every_code())
    needs = gate.in_tree(gate.in_text(source), tree)

    def no_walk(tree: ast.Module) -> None:
        raise AssertionError("walked")

    monkeypatch.setattr(reached_code_module, "top_defs", no_walk)
    assert len(source) > 2 * MIN_BYTES and reached_code(source, tree, needs, frozenset()) is None


@pytest.mark.slow  # a walk over every module of the repository (conftest.project_sources)
def test_what_leaving_out_takes_away_is_never_more_than_the_defs_hold(monkeypatch):
    """`characters_in_defs` bounds the characters emptied, so no file that would pay is passed over."""
    monkeypatch.setattr(reached_code_module, "MIN_BYTES", 0)
    monkeypatch.setattr(reached_code_module, "MIN_SHARE_LEFT_OUT", 0.0)
    gate = gate_of(every_code())
    checked = 0
    for path, _, source, tree in project_sources():
        if tree is None:
            continue
        in_text = gate.in_text(source)
        needs = gate.in_tree(in_text, tree) if in_text else None
        reached = reached_code(source, tree, needs, frozenset()) if needs is not None else None
        if reached is None:
            continue
        before, after = source.split("\n"), reached.split("\n")
        emptied = sum(len(old) for old, new in zip(before, after) if new.strip("\r") == "" and old.strip("\r") != "")
        assert emptied <= characters_in_defs(tree.body, before), path
        checked += emptied > 0
    assert checked > 20
