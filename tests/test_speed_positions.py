"""Positions computed one function at a time are the positions of the whole module."""

from __future__ import annotations

import ast
from typing import Iterator, Mapping

import libcst as cst
import pytest
from conftest import FIXTURES
from libcst.metadata import CodeRange, PositionProvider

from zerograd_lint.analysis.positions import Positions

TRICKY = '''\
import torch


@decorator(  # a comment in a decorator
    arg=1,
)
# a comment between decorator and def
async def top(a,
              b):
    def nested():
        return (a
                + b)
    return nested


class Trainer:
\tdef tabbed(self):
\t\tif x:
\t\t\tpass
\t\telif y:
\t\t\tdef in_elif():
\t\t\t\treturn """a
string"""
\t\telse:
\t\t\tdef in_else(): return 1


if torch.cuda.is_available():
  def two_spaces():
      with open(p) as f:
          try:
              def in_try(): pass
          except OSError:
              def in_except():
                  x = 1; y = 2
          finally:
              def in_finally(): pass
      for i in range(3):
          def in_for(): pass
      else:
          def in_for_else(): pass
      match x:
          case 1:
              def in_case(): pass
'''


def assert_same_positions(source: str) -> None:
    """Each function generated alone (nested ones first) puts every node of it where the whole module does."""
    module = cst.parse_module(source)
    whole = cst.MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    functions = [node for node in whole if isinstance(node, cst.FunctionDef)]
    positions = Positions(module, ast.parse(source), reversed(functions))
    for function in reversed(functions):
        positions[function]
    assert len(positions.known) >= len(functions) and positions.whole is None
    for node in list(positions.known):
        assert positions[node] == whole[node], (type(node).__name__, whole[node])
    assert positions.whole is None


@pytest.mark.slow  # every module of the repository, or of fixtures/: the quick path's 90 s
def test_every_node_of_every_function_is_where_the_whole_module_puts_it():
    assert_same_positions(TRICKY)
    assert_same_positions(TRICKY.replace("\n", "\r\n"))
    for path in sorted(FIXTURES.glob("*.py")):
        source = path.read_text()
        try:
            ast.parse(source)
        except SyntaxError:
            continue
        assert_same_positions(source)


def test_a_function_alone_is_generated_alone():
    module = cst.parse_module(TRICKY)
    positions = Positions(module, ast.parse(TRICKY), [])
    in_try = next(node for node in module.body[-1].body.body[0].body.body[0].body.body[0].body.body if isinstance(node, cst.FunctionDef))
    positions.generate(in_try)
    assert positions[in_try.name].start.line == 32  # `def in_try(): pass`
    assert positions.whole is None


def parsed_with_positions(sources: list[str]) -> Iterator[tuple[ast.Module, cst.Module, Mapping[cst.CSTNode, CodeRange]]]:
    """Each source that parses: CPython's tree, LibCST's, and the positions LibCST's metadata gives its nodes."""
    for source in sources:
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        module = cst.parse_module(source)
        yield tree, module, cst.MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)


@pytest.mark.slow  # every module of the repository, or of fixtures/: the quick path's 90 s
def test_a_node_outside_the_functions_is_where_libcsts_metadata_puts_it():
    sources = [TRICKY, TRICKY.replace("\n", "\r\n"), *(path.read_text() for path in sorted(FIXTURES.glob("*.py")))]
    for tree, module, whole in parsed_with_positions(sources):
        positions = Positions(module, tree, [])
        for node, where in whole.items():
            assert positions[node] == where, (type(node).__name__, where)
        assert positions.whole is not None


def test_the_loop_around_a_node_is_the_innermost_that_holds_it():
    from zerograd_lint.analysis.positions import Loops

    sources = [TRICKY, *(path.read_text() for path in sorted(FIXTURES.glob("*.py")) if "loader" in path.read_text())]
    for tree, module, whole in parsed_with_positions(sources):
        loops = Loops(module, Positions(module, tree, []))
        every_loop = [node for node in whole if isinstance(node, (cst.For, cst.While))]

        def holds(outer: cst.CSTNode, inner: cst.CSTNode) -> bool:
            a, b = whole[outer], whole[inner]
            return (a.start.line, a.start.column) <= (b.start.line, b.start.column) and (b.end.line, b.end.column) <= (a.end.line, a.end.column)

        for node in whole:
            around = [loop for loop in every_loop if loop is not node and holds(loop, node)]
            expected = max(around, key=lambda loop: whole[loop].start.line, default=None)
            assert loops.around(node) is expected, (type(node).__name__, whole[node])


@pytest.mark.slow  # every module of the repository, or of fixtures/: the quick path's 90 s
def test_a_statement_line_alone_and_a_statement_from_cpython_are_where_the_whole_module_puts_them():
    """A statement's first line is CPython's; a node of a statement line is generated with its line alone, a compound
    statement ends where its last line does: each is where the whole module puts it, with nothing else of its function
    generated. The rest then with the function."""
    sources = [TRICKY, TRICKY.replace("\n", "\r\n"), *(path.read_text() for path in sorted(FIXTURES.glob("*.py")))]
    from_lines = 0
    for tree, module, whole in parsed_with_positions(sources):
        for function in [node for node in whole if isinstance(node, cst.FunctionDef)]:
            positions = Positions(module, tree, [function])
            inside = list(descendants(function))[1:]
            statements = [node for node in inside if isinstance(node, cst.BaseStatement)]
            assert [positions.line(node) for node in statements] == [whole[node].start.line for node in statements]
            in_lines = [node for line in inside if isinstance(line, cst.SimpleStatementLine) for node in descendants(line)]
            assert [positions[node] for node in in_lines] == [whole[node] for node in in_lines]
            assert function not in positions.known
            assert [positions[node] for node in statements] == [whole[node] for node in statements]
            from_lines += len(in_lines)
            assert [positions[node] for node in inside] == [whole[node] for node in inside]
            assert positions.whole is None
    assert from_lines > 10_000


def descendants(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    yield node
    for child in node.children:
        yield from descendants(child)
