"""Where a LibCST node is (line and column), computed one function at a time.

LibCST finds positions by generating the code of the whole module, a second
or more for a large file; reports need them only in the few functions that
were analysed. So each such function's code is generated alone, from where
CPython says its `def` is and with the indentation of the blocks around it:
the positions the whole module would give, at the cost of the function.
Most of what a report asks is less: the line of a loop, of a call, the range
of the reported call. So the statements of a function are first paired with
CPython's (where each starts): a statement's first line is CPython's, a node
of a statement line is placed by generating that line alone, a compound
statement ends where its last line does. A node elsewhere (module-level code)
falls back to the whole module.
"""

from __future__ import annotations

import ast
from bisect import bisect_right
from functools import cached_property
from typing import Iterable, Iterator, Sequence

import libcst as cst
from libcst.metadata import CodePosition, CodeRange, PositionProvider
from libcst.metadata.position_provider import PositionProvidingCodegenState

from zerograd_lint.analysis.ir.visiting import code_children
from zerograd_lint.analysis.questions.visitor import SUITES, suites

PYTHON_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)
# (the def, the indentation of each block around it)
PlacedDef = tuple[cst.FunctionDef, tuple[str, ...]]


class Positions:
    """A node -> CodeRange lookup over `module`, trying the `functions` first, one at a time."""

    def __init__(self, module: cst.Module, tree: ast.Module, functions: Iterable[cst.CSTNode]) -> None:
        self.module = module
        self.pending = [f for f in dict.fromkeys(functions) if isinstance(f, cst.FunctionDef)]
        self.unmapped = list(self.pending)  # functions whose statements are not yet paired with CPython's
        self.tree = tree  # read on the first report (most files analysed have none)
        self.places: dict[cst.FunctionDef, tuple[int, int, tuple[str, ...], int]] | None = None
        self.known: dict[cst.CSTNode, tuple[CodeRange, int]] = {}  # node -> its range in a generated part, line offset
        self.whole: dict[cst.CSTNode, CodeRange] | None = None  # every node's range, once one outside the functions is asked
        # A statement of a function paired with CPython's -> where CPython says it starts, the indentation around it.
        self.starts: dict[cst.CSTNode, tuple[int, int, tuple[str, ...]]] = {}
        self.line_of: dict[cst.CSTNode, cst.SimpleStatementLine] = {}  # a code node of such a statement line -> the line

    def __getitem__(self, node: cst.CSTNode) -> CodeRange:
        if node not in self.known:
            self.generate_line(node)
            self.place_compound(node)
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

    def line(self, node: cst.CSTNode) -> int:
        """The node's first line: a statement's is CPython's (no code generated), another node's is generated with the
        statement line that holds it, or else with its function."""
        if node not in self.known:
            self.pair_statements(node)
            if node in self.starts:
                return self.starts[node][0]
        return self[node].start.line

    def covers(self, node: cst.CSTNode) -> bool:
        """Whether the node is in one of the functions."""
        while node not in self.known and self.pending:
            self.generate(self.pending.pop(0))
        return node in self.known

    @cached_property
    def statements(self) -> list[tuple[str, int, int]]:
        """Every statement of the file in CPython's order, as (its kind, line, column): where each one starts."""
        return [(LIBCST_KINDS[type(s)], s.lineno, s.col_offset) for s in self.python_statements]

    @cached_property
    def def_starts(self) -> list[tuple[int, int, int, str]]:
        """Each def among `statements`: (its index there, line, column, name)."""
        return [(i, s.lineno, s.col_offset, s.name) for i, s in enumerate(self.python_statements) if isinstance(s, PYTHON_DEFS)]

    @cached_property
    def python_statements(self) -> list[ast.stmt]:
        return python_statements(self.tree.body)

    @cached_property
    def first_lines(self) -> list[int]:
        return first_lines(self.tree)

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
        line, column, indents, _ = place
        self.generated(function, line, column, indents)

    def generated(self, node: cst.CSTNode, line: int, column: int, indents: tuple[str, ...]) -> None:
        """The positions in a def or a statement line, generated alone, if it starts where CPython says."""
        computed = generated_positions(self.module, node, indents)
        start = computed[node].start
        if start.column != column:
            return  # not where CPython says: leave it to the whole module
        offset = line - start.line
        self.known.update((node, (where, offset)) for node, where in computed.items())

    def generate_line(self, node: cst.CSTNode) -> None:
        """The positions in the statement line that holds the node (a report's call: a line, not its function)."""
        self.pair_statements(node)
        line = node if isinstance(node, cst.SimpleStatementLine) else self.line_of.get(node)
        if line is not None and line in self.starts and line not in self.known:
            self.generated(line, *self.starts[line])

    def place_compound(self, node: cst.CSTNode) -> None:
        """A compound statement's range, unless known: it starts where CPython says, and ends where the last statement
        line in it does (LibCST's range of a block is from its first statement to its last), generated alone."""
        if node in self.known or isinstance(node, cst.SimpleStatementLine) or node not in self.starts:
            return
        line, column, indents = self.starts[node]
        last = last_line(node)
        if last is None or column != sum(map(len, indents)):
            return
        self.generate_line(last)
        if last in self.known:
            self.known[node] = (CodeRange(CodePosition(line, column), self[last].end), 0)

    def pair_statements(self, node: cst.CSTNode) -> None:
        """Pair the statements of the functions with CPython's, one function at a time, until the node is known."""
        while node not in self.starts and node not in self.line_of and self.unmapped:
            function = self.unmapped.pop(0)
            if self.places is None:
                self.places = self.placed_defs()
            place = self.places.get(function)
            if place is not None and function not in self.starts:
                self.pair(function, place[3], (*place[2], indent_of(function.body, self.module.default_indent)))

    def pair(self, function: cst.FunctionDef, index: int, indents: tuple[str, ...]) -> None:
        """Where each statement of the function starts, from CPython's statements after its def (the `index`th);
        nothing if the two trees do not name the same statements in the same order."""
        found: dict[cst.CSTNode, tuple[int, int, tuple[str, ...]]] = {}
        for position, (statement, small, inner) in enumerate(libcst_statements(function.body, indents, self.module.default_indent), index + 1):
            kind, line, column = self.statements[position] if position < len(self.statements) else ("", 0, 0)
            if type(small).__name__ != kind:
                return
            if statement is not None and statement not in found:
                found[statement] = (line, column, inner)
        self.starts.update(found)
        for statement in found:
            if isinstance(statement, cst.SimpleStatementLine):
                self.line_of.update((node, statement) for node in code_nodes(statement))

    def placed_defs(self) -> dict[cst.FunctionDef, tuple[int, int, tuple[str, ...], int]]:
        """Each def's `def` line and column (from CPython's tree), indentation, and index among CPython's statements;
        {} if the two trees disagree."""
        defs = list(libcst_defs(self.module.body, (), self.module.default_indent))
        if [d.name.value for d, _ in defs] != [name for _, _, _, name in self.def_starts]:
            return {}
        return {d: (line, column, indents, i) for (d, indents), (i, line, column, _) in zip(defs, self.def_starts)}


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


def libcst_kind(kind: type[ast.stmt]) -> str:
    """The name of LibCST's class for a kind of CPython's statement (`async for` is LibCST's `For`)."""
    name = kind.__name__.removeprefix("Async")
    return "Del" if name == "Delete" else name


# CPython's statements that hold statements, and the name of LibCST's class for each kind of statement.
HOLDERS = frozenset(k for k in vars(ast).values() if isinstance(k, type) and issubclass(k, ast.stmt) and set(k._fields) & set(SUITES))
LIBCST_KINDS = {k: libcst_kind(k) for k in vars(ast).values() if isinstance(k, type) and issubclass(k, ast.stmt)}


def python_statements(body: Sequence[ast.stmt], found: list[ast.stmt] | None = None) -> list[ast.stmt]:
    """Every statement, in source order (pre-order), as `python_defs` goes through statement bodies."""
    found = [] if found is None else found
    for statement in body:
        found.append(statement)
        if type(statement) in HOLDERS:
            for suite in suites(statement):
                python_statements(suite, found)
    return found


def libcst_statements(
    suite: cst.BaseSuite, indents: tuple[str, ...], default: str
) -> Iterator[tuple[cst.CSTNode | None, cst.CSTNode, tuple[str, ...]]]:
    """Each statement in a def's or compound statement's suite and below, in `python_statements`' order, as (the
    statement or statement line that starts where CPython's does, None in a one-line suite; the statement, or each
    small statement of the line; the indentation of the blocks around it). `indents`: the suite's own included."""
    if isinstance(suite, cst.SimpleStatementSuite):
        for small in suite.body:
            yield None, small, indents
        return
    for statement in suite.body:  # type: ignore[attr-defined]
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                yield statement, small, indents
            continue
        yield from compound_statements(statement, indents, default)


def compound_statements(
    statement: cst.CSTNode, indents: tuple[str, ...], default: str
) -> Iterator[tuple[cst.CSTNode | None, cst.CSTNode, tuple[str, ...]]]:
    """A compound statement and every statement in its suites (`libcst_statements`), an `elif` as CPython's `If`."""
    yield statement, statement, indents
    around = within(statement, indents, default)
    for part in suite_parts(statement):
        if isinstance(part, cst.If):
            yield from compound_statements(part, indents, default)  # an `elif`: an `If` in CPython's `orelse`
        else:
            yield from libcst_statements(part, (*around, indent_of(part, default)), default)


def within(statement: cst.CSTNode, indents: tuple[str, ...], default: str) -> tuple[str, ...]:
    """The indentation around the suites of a compound statement: a `match`'s cases are indented once more."""
    if isinstance(statement, cst.Match):
        return (*indents, default if statement.indent is None else statement.indent)
    return indents


def suite_parts(statement: cst.CSTNode) -> list[cst.CSTNode]:
    """The suites of a compound statement in source order (an `elif` as itself)."""
    if isinstance(statement, cst.If):
        orelse = statement.orelse
        return [statement.body, *([orelse if isinstance(orelse, cst.If) else orelse.body] if orelse is not None else [])]
    if isinstance(statement, (cst.For, cst.While)):
        return [statement.body, *([statement.orelse.body] if statement.orelse is not None else [])]
    if isinstance(statement, (cst.Try, cst.TryStar)):
        tail = [part.body for part in (statement.orelse, statement.finalbody) if part is not None]
        return [statement.body, *(handler.body for handler in statement.handlers), *tail]
    if isinstance(statement, cst.Match):
        return [case.body for case in statement.cases]
    return [statement.body]  # type: ignore[attr-defined]  (def, class, with)


def last_line(statement: cst.CSTNode) -> cst.SimpleStatementLine | None:
    """The statement line a compound statement ends with (None: it ends in a one-line suite)."""
    while not isinstance(statement, cst.SimpleStatementLine):
        suite = suite_parts(statement)[-1]
        if isinstance(suite, cst.If):
            statement = suite  # an `elif`
        elif isinstance(suite, cst.IndentedBlock):
            statement = suite.body[-1]
        else:
            return None
    return statement


def indent_of(suite: cst.CSTNode, default: str) -> str:
    """The indentation a suite adds (none for a one-line suite)."""
    if isinstance(suite, cst.IndentedBlock):
        return default if suite.indent is None else suite.indent
    return ""


def code_nodes(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """The node and every code node in it (`code_children`, to any depth)."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(code_children(current))


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
        around = within(statement, indents, default)
        for block in blocks_of(statement):
            yield from libcst_defs(block.body, (*around, default if block.indent is None else block.indent), default)


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
