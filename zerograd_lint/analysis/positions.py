"""Where a LibCST node is (line and column), computed one function at a time.

LibCST finds positions by generating the code of the whole module, a second
or more for a large file; reports need them only in the few functions that
were analysed. So each such function's code is generated alone, from where
CPython says its `def` is and with the indentation of the blocks around it:
the positions the whole module would give, at the cost of the function.
A node elsewhere (module-level code) falls back to the whole module.
"""

from __future__ import annotations

import ast
from bisect import bisect_right
from functools import cached_property
from typing import Iterable, Iterator, Sequence

import libcst as cst
from libcst.metadata import CodePosition, CodeRange, PositionProvider
from libcst.metadata.position_provider import PositionProvidingCodegenState

# (the def, the indentation of each block around it)
PlacedDef = tuple[cst.FunctionDef, tuple[str, ...]]


class Positions:
    """A node -> CodeRange lookup over `module`, trying the `functions` first, one at a time."""

    def __init__(self, module: cst.Module, tree: ast.Module, functions: Iterable[cst.CSTNode]) -> None:
        self.module = module
        self.pending = [f for f in dict.fromkeys(functions) if isinstance(f, cst.FunctionDef)]
        self.def_starts = [(node.lineno, node.col_offset, node.name) for node in python_defs(tree.body)]
        self.first_lines = first_lines(tree)
        self.places: dict[cst.FunctionDef, tuple[int, int, tuple[str, ...]]] | None = None
        self.known: dict[cst.CSTNode, tuple[CodeRange, int]] = {}  # node -> its range in a generated part, line offset
        self.whole: dict[cst.CSTNode, CodeRange] | None = None  # every node's range, once one outside the functions is asked

    def __getitem__(self, node: cst.CSTNode) -> CodeRange:
        while node not in self.known and self.pending:
            self.generate(self.pending.pop(0))
        if node not in self.known:
            if self.whole is None:
                self.whole = generated_positions(self.module, self.module, ())
            return self.whole[node]
        where, offset = self.known[node]
        if not offset:
            return where
        return CodeRange(CodePosition(where.start.line + offset, where.start.column), CodePosition(where.end.line + offset, where.end.column))

    def covers(self, node: cst.CSTNode) -> bool:
        """Whether the node is in one of the functions."""
        while node not in self.known and self.pending:
            self.generate(self.pending.pop(0))
        return node in self.known

    @cached_property
    def top_level_lines(self) -> list[int]:
        """The first line of each of the module's top-level statements (see `top_level_lines`)."""
        return top_level_lines(self.module, self.first_lines)

    def generate(self, function: cst.FunctionDef) -> None:
        """The positions in one function, unless they are known already (a def nested in one done before)."""
        if function in self.known:
            return
        if self.places is None:
            self.places = self.placed_defs()
        place = self.places.get(function)
        if place is None:
            return
        line, column, indents = place
        computed = generated_positions(self.module, function, indents)
        start = computed[function].start
        if start.column != column:
            return  # not where CPython says: leave it to the whole module
        offset = line - start.line
        self.known.update((node, (where, offset)) for node, where in computed.items())

    def placed_defs(self) -> dict[cst.FunctionDef, tuple[int, int, tuple[str, ...]]]:
        """Each def's `def` line and column (from CPython's tree) and indentation; {} if the two trees disagree."""
        defs = list(libcst_defs(self.module.body, (), self.module.default_indent))
        if [d.name.value for d, _ in defs] != [name for _, _, name in self.def_starts]:
            return {}
        return {d: (line, column, indents) for (d, indents), (line, column, _) in zip(defs, self.def_starts)}


def first_lines(tree: ast.Module) -> list[int]:
    """The first line of each top-level statement (its decorators included), a line once (`a = 1; b = 2`)."""
    return sorted({min([s.lineno, *(d.lineno for d in getattr(s, "decorator_list", ()))]) for s in tree.body})


def top_level_lines(module: cst.Module, lines: list[int]) -> list[int]:
    """The first line of each of LibCST's top-level statements: CPython's `first_lines` where the two trees count as
    many, else LibCST's own positions (a code generation of the module: `a = 1; \\` and the next line are one
    statement in LibCST's tree, two lines in CPython's)."""
    if len(lines) == len(module.body):
        return lines
    positions = generated_positions(module, module, ())
    return [positions[statement].start.line for statement in module.body]


def generated_positions(module: cst.Module, node: cst.CSTNode, indents: tuple[str, ...]) -> dict[cst.CSTNode, CodeRange]:
    """The range of every node in `node`'s code, generated alone inside blocks of these `indents`.

    What `MetadataWrapper(module).resolve(PositionProvider)` gives for the module, without the
    wrapper's visit of every node (it walks the whole tree even with no other provider to feed).
    """
    provider = PositionProvider()
    state = PositionProvidingCodegenState(default_indent=module.default_indent, default_newline=module.default_newline, provider=provider)
    state.indent_tokens = list(indents)
    node._codegen(state)
    return provider._computed  # noqa: SLF001 - the ranges the provider computed, read without its wrapper


def python_defs(body: Sequence[ast.stmt]) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    """Every def, in source order (pre-order), found through statement bodies alone."""
    for statement in body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield statement
        for name in ("body", "orelse", "finalbody"):
            inner = getattr(statement, name, None)
            if isinstance(inner, list):
                yield from python_defs(inner)
            if name == "body":
                for handler in getattr(statement, "handlers", ()):
                    yield from python_defs(handler.body)
                for case in getattr(statement, "cases", ()):
                    yield from python_defs(case.body)


def libcst_defs(body: Sequence[cst.CSTNode], indents: tuple[str, ...], default: str) -> Iterator[PlacedDef]:
    """Every def with the indentation of the blocks around it, in the order of `python_defs`."""
    for statement in body:
        if isinstance(statement, cst.FunctionDef):
            yield statement, indents
        for block in blocks_of(statement):
            yield from libcst_defs(block.body, (*indents, default if block.indent is None else block.indent), default)


def blocks_of(statement: cst.CSTNode) -> Iterator[cst.IndentedBlock]:
    """The indented blocks of a compound statement, in source order (an `elif`'s at the `if`'s level)."""
    if isinstance(statement, cst.If):
        parts: list[cst.CSTNode | None] = [statement.body]
        if isinstance(statement.orelse, cst.If):
            yield from indented(statement.body)
            yield from blocks_of(statement.orelse)
            return
        parts.append(statement.orelse)
    elif isinstance(statement, (cst.FunctionDef, cst.ClassDef, cst.With)):
        parts = [statement.body]
    elif isinstance(statement, (cst.For, cst.While)):
        parts = [statement.body, statement.orelse]
    elif isinstance(statement, (cst.Try, cst.TryStar)):
        parts = [statement.body, *statement.handlers, statement.orelse, statement.finalbody]
    elif isinstance(statement, cst.Match):
        parts = list(statement.cases)
    else:
        return
    for part in parts:
        yield from indented(part)


def indented(part: cst.CSTNode | None) -> Iterator[cst.IndentedBlock]:
    """The block of a body, an `else:`, an `except:`, a `finally:` or a `case:`, if it is indented."""
    block = part if part is None or isinstance(part, (cst.IndentedBlock, cst.SimpleStatementSuite)) else part.body  # type: ignore[attr-defined]
    if isinstance(block, cst.IndentedBlock):
        yield block


class Loops:
    """Every `for` and `while` of a module, by position: the innermost one around a node in a few steps."""

    def __init__(self, module: cst.Module, positions: Positions) -> None:
        self.positions = positions
        found = [node for node in statements(module.body) if isinstance(node, (cst.For, cst.While))]
        found.sort(key=self.start)
        self.loops = found
        self.starts = [self.start(loop) for loop in found]
        self.parent: dict[cst.CSTNode, cst.CSTNode | None] = {}
        open_loops: list[cst.CSTNode] = []
        for loop in found:
            while open_loops and not self.holds(open_loops[-1], loop):
                open_loops.pop()
            self.parent[loop] = open_loops[-1] if open_loops else None
            open_loops.append(loop)

    def around(self, node: cst.CSTNode) -> cst.For | cst.While | None:
        """The innermost loop (other than the node) whose range holds the node's."""
        index = bisect_right(self.starts, self.start(node)) - 1
        loop = self.loops[index] if index >= 0 else None
        while loop is not None and (loop is node or not self.holds(loop, node)):
            loop = self.parent[loop]
        return loop  # type: ignore[return-value]

    def start(self, node: cst.CSTNode) -> tuple[int, int]:
        where = self.positions[node]
        return where.start.line, where.start.column

    def holds(self, outer: cst.CSTNode, inner: cst.CSTNode) -> bool:
        a, b = self.positions[outer], self.positions[inner]
        return (a.start.line, a.start.column) <= (b.start.line, b.start.column) and (b.end.line, b.end.column) <= (
            a.end.line, a.end.column
        )


def statements(body: Sequence[cst.CSTNode]) -> Iterator[cst.CSTNode]:
    """Every statement, at any depth, through statement bodies alone (a loop is always a statement)."""
    for statement in body:
        yield statement
        for block in blocks_of(statement):
            yield from statements(block.body)
