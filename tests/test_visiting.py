"""The analysis's own traversal of LibCST trees calls what LibCST's `visit` calls, in the same order, and
`code_children` lists what `node.children` lists but tokens. The walk over every module also compares the analysis's
parse with LibCST's (tests/test_speed_parsing.py holds the parse's other tests): one parse of each module for both."""

from __future__ import annotations

import gc
import inspect
from dataclasses import fields
from typing import Callable

import libcst as cst
import pytest
from conftest import FIXTURES, project_sources, shape_cover

from zerograd_lint.analysis.ir.visiting import code_children, final_kinds, nodes_of, visit
from zerograd_lint.analysis.parsing import libcst_parse
from zerograd_lint.core.engine import analyze_source

NODE_CLASSES = [c for c in vars(cst).values() if isinstance(c, type) and issubclass(c, cst.CSTNode)]
# What the traversal leaves out: whitespace, comments, tokens. Nothing else may be missing.
TOKENS = (
    cst.BaseParenthesizableWhitespace, cst.BaseBinaryOp, cst.BaseAugOp, cst.BaseCompOp, cst.BaseUnaryOp,
    cst.BaseBooleanOp, cst.Newline, cst.Comma, cst.Dot, cst.Colon, cst.Semicolon, cst.AssignEqual, cst.EmptyLine,
    cst.TrailingWhitespace, cst.Comment, cst.LeftParen, cst.RightParen, cst.LeftSquareBracket, cst.RightSquareBracket,
    cst.LeftCurlyBrace, cst.RightCurlyBrace, cst.Asynchronous, cst.ParamSlash, cst.ImportStar,
)
# Every statement and expression LibCST knows, where the declared and the visited order of fields differ most.
EVERY_KIND = '''
import os, sys as system
from a.b import (c as d, e)
@decorate([x for x in range(3)], key=lambda k=[j for j in ()]: k)
async def f(a, /, b: int = [i for i in ()], *args, c=lambda: 0, **kwargs) -> {k: v for k, v in {}.items()}:
    global g
    x = y = (yield from z) if [p for p in a] else await w
    x += 1; x: int = 2; (w := {q for q in b})
    del x[1:2:3], x.y
    async with open(f"{a!r:>{b}}") as h, m:
        async for i, (j, k) in zip(a, b):
            assert i, f"{j=}"
            raise ValueError(i) from None
        else:
            pass
    try:
        pass
    except* (KeyError, OSError) as error:
        return -x ** 2 @ y if not x and y or z else x < y <= z != w
    try:
        pass
    except Exception as e:
        print(*args, **kwargs, sep="")
    finally:
        x = "a" "b" f"c{d}"
    while x:
        break
    match command.split():
        case [action, *rest] if [r for r in rest]:
            pass
        case {"key": value, **others} | Point(x=0, y=[*_]) as p:
            continue
        case None | 1 | -2j:
            nonlocal v
class C(Base, metaclass=Meta):
    attribute: "int" = 0
    def method(self): return self.attribute[::2], ...
type Alias[T: int, *Ts, **P] = list[T]
'''


def noting(prefix: str) -> Callable[[cst.CSTVisitor, cst.CSTNode], None]:
    return lambda self, node: self.calls.append((prefix, type(node).__name__, id(node)))


# A visitor with a `visit_` and a `leave_` for every node class, noting each call (one class: making one is costly).
Recorder = type("Recorder", (cst.CSTVisitor,), {
    f"{prefix}_{kind.__name__}": noting(prefix) for kind in NODE_CLASSES for prefix in ("visit", "leave")
})


def recorder() -> tuple[cst.CSTVisitor, list[tuple[str, str, int]]]:
    """A `Recorder` and the calls it notes."""
    visitor = Recorder()
    visitor.calls = []
    return visitor, visitor.calls


class LibcstWalk(cst.CSTVisitor):
    """What LibCST's own `visit` calls, in order (the calls `recorder`'s visitor would note), and each node's
    children: the nodes it visits directly under a node, as `node.children` collects them (LibCST's `children`
    is that same visit, stopped one level down), so one walk gives both."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str, int]] = []
        self.children: list[tuple[cst.CSTNode, list[cst.CSTNode]]] = []  # each node and its children, in visiting order
        self.open: list[list[cst.CSTNode]] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        self.calls.append(("visit", type(node).__name__, id(node)))
        if self.open:
            self.open[-1].append(node)
        self.open.append([])
        self.children.append((node, self.open[-1]))
        return True

    def on_leave(self, original_node: cst.CSTNode) -> None:
        self.calls.append(("leave", type(original_node).__name__, id(original_node)))
        self.open.pop()

    def on_visit_attribute(self, node: cst.CSTNode, attribute: str) -> None:
        pass  # LibCST's look-up of a `visit_<Node>_<attribute>`: this walk has none

    def on_leave_attribute(self, original_node: cst.CSTNode, attribute: str) -> None:
        pass


def same_calls(module: cst.Module, their_calls: list[tuple[str, str, int]]) -> None:
    ours, our_calls = recorder()
    visit(module, ours)
    visited = {call[2] for call in our_calls}
    assert [call for call in their_calls if call[2] in visited] == our_calls
    left_out = {call[1] for call in their_calls if call[2] not in visited}
    assert all(issubclass(getattr(cst, name), TOKENS) for name in left_out), left_out
    for kind in (cst.Call, cst.FunctionDef, cst.Attribute):
        assert [id(node) for node in nodes_of(module, kind)] == [i for p, name, i in their_calls if p == "visit" and name == kind.__name__]


def same_children(children: list[tuple[cst.CSTNode, list[cst.CSTNode]]]) -> None:
    for node, theirs in children:
        ours = code_children(node)
        kept = {id(child) for child in ours}
        assert [child for child in theirs if id(child) in kept] == ours
        assert all(isinstance(child, TOKENS) for child in theirs if id(child) not in kept)


# Each concrete node class's fields that LibCST's `deep_equals` compares (those with `compare=True`).
COMPARED = {
    kind: tuple(each.name for each in fields(kind) if each.compare)
    for kind in NODE_CLASSES if not inspect.isabstract(kind)
}


def same_tree(a: object, b: object) -> bool:
    """LibCST's `deep_equals`, at a fourth of its cost (it lists a node's fields anew at every node), and stricter:
    a sequence's type is compared too."""
    kind = type(a)
    if kind is not type(b):
        return False
    names = COMPARED.get(kind)
    if names is not None:
        return all(same_tree(getattr(a, name), getattr(b, name)) for name in names)
    if kind is list or kind is tuple:
        return len(a) == len(b) and all(map(same_tree, a, b))  # type: ignore[arg-type]
    return a == b


def same_walk(module: cst.Module) -> None:
    """Our traversal and `code_children` against LibCST's visit of `module`."""
    theirs = LibcstWalk()
    module.visit(theirs)
    same_calls(module, theirs.calls)
    same_children(theirs.children)


def test_every_kind_of_statement_and_expression_is_visited_in_libcsts_order():
    module = cst.parse_module(EVERY_KIND)
    # The walk over every module compares the parses by `same_tree`: LibCST's `deep_equals`, which tells a space apart.
    assert same_tree(libcst_parse(EVERY_KIND), module) and module.deep_equals(libcst_parse(EVERY_KIND))
    spaced = cst.parse_module(EVERY_KIND.replace("x += 1", "x  += 1"))
    assert not same_tree(spaced, module) and not spaced.deep_equals(module)
    same_walk(module)
    # What `same_walk` reads of LibCST's visit is what a visitor of every `visit_`/`leave_` notes and what
    # `node.children` lists (itself a visit per node: the walk over every module reads the one visit instead).
    walk = LibcstWalk()
    module.visit(walk)
    recorded, calls = recorder()
    module.visit(recorded)
    assert walk.calls == calls
    assert len(walk.children) > 200 and all(theirs == list(node.children) for node, theirs in walk.children)


@pytest.mark.slow
def test_the_projects_own_code_and_test_data_parse_to_libcsts_trees_visited_in_libcsts_order():
    """Two walks over the modules that hold every shape of the project's code and test data (`shape_cover`: about a
    third of the bytes; the parse is most of a walk's cost), on one LibCST parse of each: the analysis's parse
    (`libcst_parse`, without each node's check of itself) gives LibCST's own tree, and our traversal and
    `code_children` follow LibCST's visit of it."""
    covering = shape_cover(project_sources())
    for source in covering:
        module = cst.parse_module(source.text)
        assert same_tree(libcst_parse(source.text), module), source.path
        same_walk(module)
    assert len(covering) > 50


def test_a_false_visit_skips_the_children_and_a_visitor_with_hooks_of_its_own_goes_to_libcst():
    module = cst.parse_module("f(g(x), h(y))\n")
    names: list[str] = []

    class OuterCalls(cst.CSTVisitor):
        def visit_Call(self, node: cst.Call) -> bool:
            names.append(cst.Module([]).code_for_node(node.func))
            return False

    visit(module, OuterCalls())
    assert names == ["f"]

    seen: list[str] = []

    class Everything(cst.CSTVisitor):
        def on_visit(self, node: cst.CSTNode) -> bool:
            seen.append(type(node).__name__)
            return True

    visit(module, Everything())
    assert "Comma" in seen and "SimpleWhitespace" in seen  # LibCST's own traversal: every node


def classes_alive() -> int:
    return sum(1 for thing in gc.get_objects() if issubclass(type(thing), type))


@pytest.mark.slow
def test_analysing_a_file_makes_no_class():
    """A class made on each call (a visitor defined inside a function) is a new ABC each time: its making and
    every `issubclass` about it cost more with each one made before, so a file's cost would grow faster than it."""
    sources = [(str(path), path.read_text()) for path in sorted(FIXTURES.glob("*.py"))]
    for path, source in sources:  # what the first analysis imports and caches
        analyze_source(source, path)
    gc.collect()
    gc.disable()  # a class dropped since would still be counted: classes are freed by the collector alone
    try:
        before = classes_alive()
        for path, source in sources:
            analyze_source(source, path)
        made = classes_alive() - before
    finally:
        gc.enable()
    assert made == 0


def test_libcst_node_classes_are_final() -> None:
    """The analysis tells a LibCST node's kind by `type(node) is` where isinstance, against an ABC, costs several times as
    much (`final_kinds`, `literal_of`, `leaving`...): exact only while no concrete node class has a subclass."""
    concrete = [
        each for each in vars(cst).values()
        if isinstance(each, type) and issubclass(each, cst.CSTNode) and not inspect.isabstract(each)
    ]
    assert len(concrete) > 150
    assert [each.__name__ for each in concrete if each.__subclasses__()] == []


def test_nodes_of_tells_final_kinds_by_type_and_abstract_ones_by_isinstance() -> None:
    assert final_kinds(cst.Name) == {cst.Name}
    assert final_kinds((cst.Name, cst.Attribute)) == {cst.Name, cst.Attribute}
    assert final_kinds(cst.BaseExpression) is None
    assert final_kinds((cst.Name, cst.BaseExpression)) is None
    module = cst.parse_module("a.b(c, 1)\n")
    assert [code for code in map(module.code_for_node, nodes_of(module, (cst.Name, cst.Integer)))] == ["a", "b", "c", "1"]
    assert len(nodes_of(module, cst.BaseExpression)) == len(nodes_of(module, (cst.Call, cst.Attribute, cst.Name, cst.Integer)))


def pre_order(node: cst.CSTNode) -> list[cst.CSTNode]:
    """Every code node in `node`, in the order a visit meets them, read through `code_children`."""
    return [node, *(each for child in code_children(node) for each in pre_order(child))]


def test_nodes_of_walks_in_visiting_order_without_a_list_per_node(monkeypatch: pytest.MonkeyPatch) -> None:
    """`nodes_of` (a thousand calls over torch's tree, 26,000 nodes) reads each node's fields itself: no list of its
    children made per node, in the order `code_children` gives them."""
    module = cst.parse_module(EVERY_KIND)
    expected = pre_order(module)
    from zerograd_lint.analysis.ir import visiting

    made: list[cst.CSTNode] = []
    monkeypatch.setattr(visiting, "code_children", lambda node: made.append(node) or code_children(node))
    found = nodes_of(module, cst.CSTNode)
    assert made == []
    assert len(found) == len(expected) > 200 and all(a is b for a, b in zip(found, expected))
    assert [n.value for n in nodes_of(module, cst.Name)] == [n.value for n in expected if type(n) is cst.Name]
