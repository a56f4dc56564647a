"""LibCST's parse without each node's check of itself, and names written without its code generation: the same
trees and texts, and nodes built by hand still checked."""

from __future__ import annotations

import threading

import libcst as cst
import pytest
from conftest import FIXTURES

from zerograd_lint.analysis.ir.names import code_of, dotted_source, source_of
from zerograd_lint.analysis.ir.visiting import nodes_of
from zerograd_lint.analysis.parsing import libcst_parse
from zerograd_lint.core.engine import forget_the_file

EMPTY = cst.Module(body=[])
# That the parse gives LibCST's own tree for every module of the repository is checked by tests/test_visiting.py's
# walk over them, on the one LibCST parse of each module that walk makes.


def assert_nodes_built_by_hand_are_checked() -> None:
    with pytest.raises(cst.CSTValidationError):
        cst.Name("")


def test_nodes_built_by_hand_are_still_checked_after_a_parse_and_after_a_failed_one():
    libcst_parse("x = 1\n")
    assert_nodes_built_by_hand_are_checked()
    with pytest.raises(cst.ParserSyntaxError):
        libcst_parse("def (:\n")
    assert_nodes_built_by_hand_are_checked()


def test_another_thread_parses_with_the_checks():
    """The editor parses in its engine thread while the server builds a fix's nodes in its own."""
    seen: list[bool] = []

    def check_while_parsing(self: cst.CSTNode) -> None:
        seen.append(True)

    original = cst.CSTNode.__post_init__
    cst.CSTNode.__post_init__ = check_while_parsing  # type: ignore[method-assign]
    try:
        thread = threading.Thread(target=libcst_parse, args=("x = 1\n",))
        thread.start()
        thread.join()
    finally:
        cst.CSTNode.__post_init__ = original  # type: ignore[method-assign]
    assert seen


def test_names_and_attribute_chains_read_as_libcst_writes_them():
    """`source_of` writes a name or a chain of attributes itself (most of what the analysis asks): the same text
    as LibCST's code generation, and LibCST's own for anything with parentheses or spaces around a dot."""
    tricky = "(a).b\nself . optimizer\nx.\\\n  y\n(opt.step)\nf().g\nopt.param_groups[0]\n"
    written = 0
    for source in (tricky, *(path.read_text(encoding="utf-8") for path in FIXTURES.glob("*.py"))):
        try:
            module = cst.parse_module(source)
        except cst.ParserSyntaxError:
            continue  # the fixtures of ZG000
        for kind in (cst.Name, cst.Attribute):
            for node in nodes_of(module, kind):
                assert source_of(node) == EMPTY.code_for_node(node)
                assert code_of(node) == "".join(EMPTY.code_for_node(node).split())
                written += dotted_source(node) is not None
    forget_the_file()
    assert written > 1000
