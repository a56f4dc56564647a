"""A module read by its outline (analysis/outline.py) answers the project index as the module read whole does; a file
read without the defs that hold no `.grad` a loop's variable may make has every unguarded `.grad` read the whole file
has."""

from __future__ import annotations

import ast

import libcst as cst
import pytest
from conftest import project_sources

from zerograd_lint.analysis.module_source import ModuleSource
from zerograd_lint.analysis import project
from zerograd_lint.analysis.outline import Imported, outline, statement_of, top_level_bindings
from zerograd_lint.analysis.project import Project, ProjectModule
from zerograd_lint.analysis.questions.grad_reads import find_grad_reads
from zerograd_lint.core.gate import code_for_grad_reads


def parsed(text: str) -> ast.Module | None:
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError):
        return None


PROJECT = Project(lambda name: None, parsed, cst.parse_module)


def as_read(text: str, whole: bool, tree: ast.Module | None = None) -> ProjectModule:
    """The module as the index reads it: by its outline, or (`whole`) by CPython's tree of all of it (`tree`, where
    the caller has it already)."""
    source = ModuleSource("m", "m.py", text, False)
    if whole:
        tree = tree or parsed(text)
        assert tree is not None
        return ProjectModule(source, tree, PROJECT)
    found = outline(text)
    tree = parsed(found.text)
    assert tree is not None, found.text
    return ProjectModule(source, tree, PROJECT, found)


def answers(module: ProjectModule) -> tuple:
    """Everything the index asks of a module's CPython trees, with positions: each def or class whole as a `Tree`."""
    defs = module.python_defs
    return (
        module.defined, module.bound, module.star_imports, module.exported,
        {name: Tree(module.statement(name)) for name in defs},
        {name: module.follows(name) for name in defs},
        {name: module.calls_on_self(name) for name in defs},
    )


class Tree:
    """A CPython tree, equal to another where `ast.dump(..., include_attributes=True)` writes both alike, without
    writing either out (the walk over every module compares some 9,000 defs whole: their dumps were a third of it)."""

    def __init__(self, node: ast.AST | None) -> None:
        self.node = node

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tree) and same_node(self.node, other.node)

    def __repr__(self) -> str:
        return "None" if self.node is None else ast.dump(self.node, include_attributes=True)


def same_node(a: object, b: object) -> bool:
    """Every field and position alike, a constant by its type and its repr (as `ast.dump` writes it)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, ast.AST):
        return all(same_node(getattr(a, name, None), getattr(b, name, None)) for name in (*a._fields, *a._attributes))
    if type(a) is list:
        return len(a) == len(b) and all(map(same_node, a, b))  # type: ignore[arg-type]
    return repr(a) == repr(b)


@pytest.mark.parametrize(
    "other",
    [
        "def f(a, b=-0.0):\n    return a\n",  # the same
        "def f(a, b=0.0):\n    return a\n",  # a constant equal by ==, written apart
        "def f(a, b=-0.0):\n    return b\n",  # a name
        "def f(a, b=-0.0):\n    return  a\n",  # a position alone
        "def f(a, b=-0.0):\n    return a,\n",  # a kind of node
    ],
)
def test_trees_are_alike_where_their_dumps_are(other: str) -> None:
    one, two = ast.parse("def f(a, b=-0.0):\n    return a\n"), ast.parse(other)
    assert (Tree(one) == Tree(two)) is (ast.dump(one, include_attributes=True) == ast.dump(two, include_attributes=True))


@pytest.mark.slow  # every module of the repository, or of fixtures/: the quick path's 90 s
def test_every_module_of_the_repository_answers_as_read_whole() -> None:
    left_out = 0
    for path, _, text, tree in project_sources():  # the whole text's tree, parsed once
        if tree is None:
            continue  # a reproduction of a file that does not parse
        assert answers(as_read(text, whole=False)) == answers(as_read(text, whole=True, tree=tree)), path
        left_out += len(outline(text).ends)
    assert left_out > 1000  # the package's own defs and classes, most of them left out


SHAPES = '''\
"""A module of every shape a top level takes."""
import os, sys as system
from .engine import train_step as step_of  # a comment: def hidden(): pass
from pkg import *

__all__ = ["Trainer", "build_optimizer"]

@decorated(
    "arg",
)
def build_optimizer(model,
lr=0.1):  # the header's second line at column 0, inside brackets
    """Returns torch.optim.SGD: its docstring says `.step(`."""
    return torch.optim.SGD(model.parameters(), lr=lr)
"""A string at column 0 between two statements."""
x = 1 + \\
2
def one_line(): return 1
class Error(Exception): """A class whose one line is its docstring."""
# a comment at column 0, then an indented one
    # (both in no body)
class Trainer(Base, metaclass=Meta):
    def fit(self):
        self.train_step()
        helper = """
def not_a_def(): pass
"""
        return helper
if TYPE_CHECKING:
    def typed(): optimizer.step()
else:
    try:
        from .optim import build_scheduler
    except ImportError:
        def build_scheduler(): pass
async def fetch(loader):
    for batch in loader:
        loss.backward()
def last():
    return (
1)'''


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_each_shape_of_a_top_level_answers_as_read_whole(newline: str) -> None:
    text = SHAPES.replace("\n", newline)
    assert answers(as_read(text, whole=False)) == answers(as_read(text, whole=True))
    found = outline(text)
    assert len(found.ends) == 4  # build_optimizer, Trainer, fetch, last; one_line stays as it is, `if` is kept whole
    assert "not_a_def" not in found.text and "def typed" in found.text
    assert found.text.count("\n") == text.count("\n")  # every line where it was


def test_each_def_left_out_is_parsed_once_however_often_it_is_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The index asks of the same few defs for each name it looks up (the outline walk of a large tree ~12,000 times)."""
    parsed_alone: list[int] = []

    def counted(lines: list[str], outlined: ast.stmt, end: int) -> ast.stmt | None:
        parsed_alone.append(outlined.lineno)
        return statement_of(lines, outlined, end)

    monkeypatch.setattr(project, "statement_of", counted)
    module = as_read(SHAPES, whole=False)
    first = answers(module)
    assert answers(module) == first == answers(as_read(SHAPES, whole=True))  # each ask answers alike, as read whole
    assert sorted(parsed_alone) == sorted(outline(SHAPES).ends)  # build_optimizer, Trainer, fetch, last: once each


@pytest.mark.parametrize(
    "text",
    [
        "def f():\n    return 'unclosed\n",  # a quote that closes nothing
        "def f():\n    pass\n\x0cdef g():\n    pass\n",  # a form feed resets the indentation
        "def f():\n    pass\rdef g():\n    pass\n",  # a lone carriage return breaks the line
    ],
)
def test_code_that_cannot_be_told_for_sure_is_kept_whole(text: str) -> None:
    assert outline(text).text == text and not outline(text).ends


def test_a_module_that_does_not_parse_whole_has_its_names_but_no_def_to_follow() -> None:
    module = as_read("import torch\n\n\ndef train(model, optimizer):\n    loss.backward(\n    optimizer.step()\n", whole=False)
    assert module.defined == {"train"} and module.bound == {"torch": Imported("torch"), "train": 4}
    assert module.whole is None and module.function("train") is None


def reads_of(text: str, tree: ast.Module | None = None) -> list[tuple[int, int, str, str]]:
    """Where each unguarded read is, of which name, over what (how it is counted in its function aside: a def inside a
    body left out is gone, and the engine reads a file with a read whole); `tree`: the text's, where the caller has it."""
    tree = tree or parsed(text)
    assert tree is not None, text
    return [(read.line, read.column, read.parameter, read.source) for read in find_grad_reads(tree, text)[0]]


@pytest.mark.slow  # every module of the repository, or of fixtures/: the quick path's 90 s
def test_every_module_of_the_repository_has_its_grad_reads_without_the_defs_that_hold_none() -> None:
    left_out = reads = 0
    for path, _, text, tree in project_sources():  # the whole text's tree, parsed once
        if tree is None:
            continue
        reduced = code_for_grad_reads(text)
        assert reduced is not None and reduced.count("\n") == text.count("\n"), path  # every line where it was
        whole = reads_of(text, tree)
        assert set(whole) <= set(reads_of(reduced)), path
        left_out += reduced.count("def _(): ...\n")
        reads += len(whole)
    assert left_out > 1000 and reads > 10  # most defs of the package left out; the reproductions' reads kept


GRAD_SHAPES = '''\
import torch


class Clipper:
    def norms(self, model):
        return [p.grad.norm() for p in model.parameters()]

    @property
    def name(self):
        text = f"""
{self.kind}
"""
        return text

    def hook(self, grad,
             scale=2):
        return grad * scale

    def defaults(self, first=p.grad):
        return first

    def clipped(self, tensor):
        return tensor.grad.clamp(-1, 1)

    async def run(self,
arguments):
        def inner():
            for p in self.model.parameters():
                print(p.grad.abs())
        def plain():
            return (1,
2)
        x = 1 + \\
2
        return inner, plain


def one_line(): return 1
def flat(model):
    for p in model.parameters():
        p.requires_grad_(False)
'''


@pytest.mark.parametrize("ending", ["\n", ""])  # the last def's body ends the text, with its line break or without
@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_each_shape_of_a_def_that_holds_no_loop_variables_grad_is_left_out_and_the_reads_stay(newline: str, ending: str) -> None:
    text = (GRAD_SHAPES[:-1] + ending).replace("\n", newline)
    reduced = code_for_grad_reads(text)
    assert reduced is not None and reduced.count("\n") == text.count("\n")
    assert reads_of(reduced) == reads_of(text) and len(reads_of(text)) == 2
    # Left out with their headers (`name`'s decorator kept): `name` (an f-string's field at column 0 does not end its
    # body), `hook` (a parameter named `grad` is no `.grad`), `clipped` (no `for` binds `tensor`), `plain` and `flat`
    # (`requires_grad_` is no `.grad`); `defaults`'s body left out, its header (`p.grad`: a `for` binds `p`) kept;
    # `norms` and `inner` read `.grad` of a loop's variable, `run` holds `inner`, `one_line` has its body on its line.
    left_out = [line.strip() for line in reduced.splitlines() if line.strip().endswith("...")]
    assert left_out == ["def _(): ...", "def _(): ...", "...", "def _(): ...", "def _(): ...", "def _(): ..."]
    assert "@property\n    def _(): ...\n" in reduced.replace("\r\n", "\n") and "def defaults(self, first=p.grad):" in reduced
    assert "self.kind" not in reduced and "(1," not in reduced and "requires_grad_" not in reduced
    assert "return first" not in reduced and "tensor" not in reduced and "def hook" not in reduced
    assert "return 1" in reduced and "x = 1" in reduced


def test_a_guard_left_out_can_only_add_a_read() -> None:
    """A def that answers whether its argument's `.grad` is None guards the reads of a loop that asks it; left out (no
    `for` binds its parameter) it no longer does, so the reduced file may show a read the whole file has not: the gate
    then parses the file whole, whose reads decide."""
    text = (
        "def present(t):\n    return t.grad is not None\n\n\n"
        "def norms(model):\n    for p in model.parameters():\n        if present(p):\n            print(p.grad.norm())\n"
    )
    reduced = code_for_grad_reads(text)
    assert reduced is not None and "def _(): ..." in reduced
    assert reads_of(text) == [] and reads_of(reduced) == [(8, 19, "p", "model.parameters()")]


@pytest.mark.parametrize("text", ["def f():\n\treturn 1\n", "def f():\n    return 'unclosed\n"])
def test_code_indented_with_tabs_or_that_cannot_be_told_for_sure_keeps_every_body(text: str) -> None:
    assert code_for_grad_reads(text) is None


@pytest.mark.parametrize(
    "text, bound",
    [
        ("from .a import f\nfrom .b import f\n", "pkg.b.f"),  # on every path: the last
        ("if fast:\n    from .a import f\nelse:\n    from .b import f\n", None),  # one of two: unknown
        ("try:\n    from .a import f\nexcept ImportError:\n    from .b import f\n", None),
        ("try:\n    from .a import f\nexcept ImportError:\n    pass\n", "pkg.a.f"),  # one binding, on some paths
        ("if cuda:\n    from .a import f\nfrom .b import f\n", "pkg.b.f"),  # then on every path: that one
        ("from .a import f\nif TYPE_CHECKING:\n    from .a import f\n", "pkg.a.f"),  # the same twice
        ("def f():\n    pass\nfrom .a import f\n", "pkg.a.f"),  # an import rebinds the def
        ("from .a import f\ndef f():\n    pass\n", 3),  # a def rebinds the import (its line)
        ("if new:\n    def f():\n        pass\nelse:\n    def f():\n        return 1\n", None),
    ],
)
def test_a_name_bound_twice_is_the_last_binding_or_unknown_where_a_branch_chooses(text: str, bound: str | int | None) -> None:
    found = top_level_bindings(ast.parse("\n" + text).body, "pkg").get("f")
    assert (f"{found.module}.{found.name}" if isinstance(found, Imported) else found) == bound
