"""Walks of CPython's tree that skip what cannot hold the answer, and answer as the whole walk does."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Iterator

import pytest
from conftest import project_sources

from zerograd_lint.analysis.questions.grad_reads import find_grad_reads
from zerograd_lint.analysis.questions.visitor import Visitor, nodes_in, statements_in

READS = """import torch

def untouched(model):
    return [p for p in model.parameters()]

def clip(model):
    for p in model.parameters():
        p.{grad}.mul_(0.5)
"""


def project_trees() -> Iterator[tuple[Path, ast.Module]]:
    """CPython's tree of every distinct project module that parses (some tests read bad input on purpose)."""
    return ((source.path, source.tree) for source in project_sources() if source.tree is not None)


@pytest.mark.slow  # a walk over every module of the repository (conftest.project_sources)
def test_the_statements_come_in_ast_walks_order():
    checked = 0
    for _, tree in project_trees():
        assert list(statements_in(tree)) == [node for node in ast.walk(tree) if isinstance(node, ast.stmt)]
        checked += 1
    assert checked > 500


class Recording(Visitor):
    """Records every node it visits; `visit_Call` and `visit_For` choose what they visit, as the questions' do."""

    def __init__(self) -> None:
        self.seen: list[ast.AST] = []

    def generic_visit(self, node: ast.AST) -> None:
        self.seen.append(node)
        super().generic_visit(node)

    def visit_For(self, node: ast.For) -> None:
        self.seen.append(node)
        self.visit(node.iter)
        for statement in node.body:
            self.visit(statement)


# What the fast walks leave out: no question looks at these but through their parent.
NOT_VISITED = (ast.expr_context, ast.operator, ast.unaryop, ast.cmpop, ast.boolop)


class RecordingAsAstDoes(ast.NodeVisitor):
    def __init__(self) -> None:
        self.seen: list[ast.AST] = []

    def generic_visit(self, node: ast.AST) -> None:
        if not isinstance(node, NOT_VISITED):
            self.seen.append(node)
        super().generic_visit(node)

    visit_For = Recording.visit_For


@pytest.mark.slow  # a walk over every module of the repository (conftest.project_sources)
def test_the_visitor_visits_as_ast_node_visitor_does():
    checked = 0
    for path, tree in project_trees():
        fast, reference = Recording(), RecordingAsAstDoes()
        fast.visit(tree)
        reference.visit(tree)
        assert fast.seen == reference.seen, path
        assert sorted(map(id, nodes_in(tree))) == sorted(id(n) for n in ast.walk(tree) if not isinstance(n, NOT_VISITED))
        checked += 1
    assert checked > 500


def test_a_grad_written_in_other_letters_is_read_as_python_reads_it():
    ascii_reads, _ = find_grad_reads(ast.parse(READS.format(grad="grad")), READS.format(grad="grad"))
    assert [(r.line, r.parameter) for r in ascii_reads] == [(8, "p")]
    fullwidth = READS.format(grad="\uff47\uff52\uff41\uff44")  # NFKC: `grad`
    reads, _ = find_grad_reads(ast.parse(fullwidth), fullwidth)
    assert [(r.line, r.parameter) for r in reads] == [(8, "p")]


NOTED = """def clip(model, ready):
    if ready:
        weights = list(model.parameters())
    for w in weights:
        w.grad.mul_(0.5)
"""


def test_a_statement_that_never_says_grad_still_has_its_assignments_noted():
    reads, _ = find_grad_reads(ast.parse(NOTED), NOTED)  # `weights` is the parameters: the `if` says no `grad`
    assert [(r.line, r.parameter, r.source) for r in reads] == [(5, "w", "weights")]
