"""JSON's suggestions: their excerpts start where the file's top-level statements do, found from the file's outline
(its top level without the bodies of its defs and classes), not from a second tree of the whole file; the nodes they
edit are found by their paths from those statements, not by positions."""

from __future__ import annotations

import ast

import pytest
from libcst.metadata.position_provider import PositionProvidingCodegenState
from conftest import REPO, project_sources
from test_speed_analyses import training_functions

from zerograd_lint.analysis import positions
from zerograd_lint.analysis.outline import outline
from zerograd_lint.base.diagnostics import Suggestion
from zerograd_lint.core.engine import analyze_source
from zerograd_lint.core.fixing import fix_source
from zerograd_lint.fixes import FIXES
from zerograd_lint.fixes.base import variant_of
from zerograd_lint.fixes.edit import CannotFix, apply_edits
from zerograd_lint.fixes.suggestions import statement_starts, suggested


def starts_in_tree(tree: ast.Module) -> list[int]:
    return [min([s.lineno, *(d.lineno for d in getattr(s, "decorator_list", ()))]) for s in tree.body]


@pytest.mark.slow  # a walk over every module of the repository (conftest.project_sources)
def test_statement_starts_are_the_whole_trees():
    checked = 0
    for path, _, source, tree in project_sources():
        if tree is None or REPO / "zerograd_lint" in path.parents:  # no fix is offered in a file that does not parse
            continue
        assert statement_starts(source) == starts_in_tree(tree), path
        checked += 1
    assert checked > 500


def test_the_starts_of_many_functions_cost_a_tree_of_their_headers():
    source = training_functions(200)
    nodes = sum(1 for _ in ast.walk(ast.parse(source)))
    assert sum(1 for _ in ast.walk(ast.parse(outline(source).text))) * 5 < nodes
    assert statement_starts(source) == starts_in_tree(ast.parse(source))


def suggestions_of(source: str) -> list[Suggestion]:
    reports = analyze_source(source, "train.py")
    return [d.suggestion for d in suggested(source, reports) if d.suggestion is not None]


def test_a_suggestion_finds_its_nodes_by_their_paths_with_no_positions(monkeypatch: pytest.MonkeyPatch) -> None:
    """Generating the excerpt's code to learn where its nodes are was half of a suggestion's cost."""
    source = training_functions(6)
    reports = analyze_source(source, "train.py")
    generated: list[object] = []

    def counted(*args: object, **keywords: object) -> PositionProvidingCodegenState:
        generated.append(args)
        return PositionProvidingCodegenState(*args, **keywords)

    monkeypatch.setattr(positions, "PositionProvidingCodegenState", counted)
    made = [d.suggestion for d in suggested(source, reports) if d.suggestion is not None]
    assert len(made) == 3 and generated == []
    assert all(s.edits[0].content == "        optimizer.zero_grad()\n" for s in made)


def test_a_top_level_statement_continued_after_a_semicolon_is_one_statement() -> None:
    """`a = 1; \\` and the next line are one top-level statement in LibCST's tree, two lines in CPython's: the edits'
    paths start from LibCST's statements, found from its own positions when the two trees count differently."""
    loop = "for x in loader:\n    loss = model(x)\n    loss.backward()\n    optimizer.step()\n"
    head = "import torch\nmodel = torch.nn.Linear(2, 1)\noptimizer = torch.optim.SGD(model.parameters()); \\\nloader = []\n"
    source = head + loop
    [suggestion] = suggestions_of(source)
    [edit] = suggestion.edits
    assert (edit.line, edit.end_line, edit.content) == (6, 6, "    optimizer.zero_grad()\n")
    fixed = fix_source(source).source
    assert fixed == head + "for x in loader:\n    optimizer.zero_grad()\n" + loop.split("\n", 1)[1]


def test_an_edit_whose_path_leads_to_another_kind_of_node_is_not_made() -> None:
    source = "for x in loader:\n    loss = model(x)\n    loss.backward()\n    optimizer.step()\n"
    [report] = [d for d in analyze_source(source, "train.py") if d.code == "ZG101"]
    [edit] = variant_of(report, FIXES["ZG101"].variants().index(FIXES["ZG101"].main))
    with pytest.raises(CannotFix):
        apply_edits("while loader:\n    pass\n", [edit])  # the same place, a `while`
