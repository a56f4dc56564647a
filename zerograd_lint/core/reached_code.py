"""The code the analyses can reach: a large file's source with the bodies of the other defs left out.

LibCST holds about 360 bytes per byte of source and is most of a cold run's
time. In a large file (a test suite of hundreds of methods) the analyses start
from the few functions that train or read gradients, so LibCST is given only
what they can see:

- the module's own code, class bodies and every def's header (the scopes and
  the index of the file's functions are unchanged);
- the bodies of the defs the analyses start from (`Needs.roots`, and the roots
  that reach an unguarded `.grad` read), and of every def whose name kept code
  uses (a call, a callback, `self.method`, what a called function returns), to
  any depth, a def or class nested in it included;
- in a class with a kept method, every method that stores an attribute
  (`self.x = ...`: the class scope every method reads).

Any other top-level def or method loses its body and its decorators: one
string from the body's first line over its last and the empty lines after it
(blank ones, the decorators of a def left out next), the lines between left
empty (LibCST makes three nodes of an empty line between statements, one of
the string); `...` for a body of one line with none after it. So every kept
line and column stays where it was. One with defs or classes inside (a test
with a model of its own) keeps those whole, and the headers of the statements
that hold them, so the file's defs are the same, in the same order.

Reports are still made on the whole file: the engine uses this code to find
that a file has none, and analyses the whole file again where it has some.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Iterator, Sequence, Union

from zerograd_lint.analysis.questions.visitor import CHILD_FIELDS_REVERSED, child_fields_reversed, nodes_in, suites
from zerograd_lint.core.gate import Needs

# Below this size LibCST is quick enough; above it, only when at least this share of the lines goes.
MIN_BYTES = 64 * 1024
MIN_SHARE_LEFT_OUT = 0.3

Function = Union[ast.FunctionDef, ast.AsyncFunctionDef]
DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


@dataclass(eq=False)
class TopDef:
    """A def directly in the module's or a class's body, with what it holds."""

    node: Function
    owner: ast.ClassDef | None
    names: set[str] = field(default_factory=set)  # names and attribute names used anywhere in it
    stored: set[str] = field(default_factory=set)  # `x` of each `self.x` it stores (`self`: its first parameter)
    holds_defs: bool = False


def reached_code(source: str, tree: ast.Module, needs: Needs, read_lines: frozenset[int]) -> str | None:
    """The source with the bodies the analyses cannot reach left empty; None when that would not pay."""
    if len(source) < MIN_BYTES or needs.uncalled or needs.summary is None or "\r" in source.replace("\r\n", ""):
        return None  # ZG202 looks at every function; a lone `\r` breaks lines where `split("\n")` would not
    lines = source.split("\n")
    if characters_in_defs(tree.body, lines) < MIN_SHARE_LEFT_OUT * len(source):
        return None  # code mostly outside defs (a script): whatever the analyses reach, too little could go
    tops, every_def, outside = top_defs(tree)
    wanted = [False, *(False for _ in every_def)]
    if needs.lifecycle:
        if needs.roots is None:
            return None
        wanted = list(needs.roots)
    if read_lines:
        wanted = [a or b for a, b in zip(wanted, needs.summary.roots_reading(read_lines))]
    if len(wanted) != len(every_def) + 1:
        return None  # the two walks disagree about the file's defs: keep everything
    wanted_tops = [top for top, wanted_here in zip(every_def, wanted[1:]) if wanted_here]
    kept = kept_defs(tops, wanted_tops, outside, shared_method_names(tree))
    left_out = 0
    bodies: list[tuple[int, int, str]] = []  # (first line, last line, indentation) of each body left out
    for top in tops:
        if top in kept:
            continue
        if top.holds_defs:
            left_out += leave_out_around_defs(top.node, lines)
            continue
        first, last = top.node.body[0].lineno, top.node.end_lineno or top.node.body[-1].lineno
        column = top.node.body[0].col_offset
        line = lines[first - 1]
        if line[:column].strip(" \t\f") or column == 0:
            continue  # the body starts on the `def` line
        for number in (*decorator_lines(top.node, lines), *range(first, last)):
            left_out += len(lines[number])
            lines[number] = "\r" if lines[number].endswith("\r") else ""
        lines[first - 1] = "\r" if line.endswith("\r") else ""  # the placeholder's line
        bodies.append((first, last, line[:column]))
    if left_out < MIN_SHARE_LEFT_OUT * len(source):
        return None
    for first, last, indentation in bodies:
        place_placeholder(lines, first, last, indentation)
    return "\n".join(lines)


def place_placeholder(lines: list[str], first: int, last: int, indentation: str) -> None:
    """Stand for a body left out, its lines (1-based, `first` to `last`) emptied: `...` for one line; else one string
    from its first line over the empty lines after it (blank ones, decorators left out), up to the next line with
    code on it: LibCST makes one node of the string, and three of each empty line left between statements."""
    last = max(last, empty_lines_after(lines, last))
    ending = "\r" if lines[first - 1].endswith("\r") else ""
    if last == first:
        lines[first - 1] = indentation + "..." + ending
    else:
        lines[first - 1] = indentation + '"""' + ending
        lines[last - 1] = '"""' + lines[last - 1]


def empty_lines_after(lines: list[str], line: int) -> int:
    """The last of the lines (1-based) of spaces alone, or none, that follow `line`; `line` itself where none does."""
    while line < len(lines) and not lines[line].strip(" \t\f\r"):
        line += 1
    return line


def characters_in_defs(body: Sequence[ast.stmt], lines: list[str]) -> int:
    """The characters on the lines of the top-level defs and methods, decorators included: the most that
    leaving bodies out can take away (it empties lines of these alone)."""
    total = 0
    for statement in body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            first = (statement.decorator_list or [statement])[0].lineno
            total += sum(map(len, lines[first - 1 : statement.end_lineno]))
        elif isinstance(statement, ast.ClassDef):
            total += characters_in_defs(statement.body, lines)
        else:
            total += sum(characters_in_defs(inner, lines) for inner in suites(statement))
    return total


def decorator_lines(function: Function, lines: list[str]) -> range:
    """The lines (0-based) of a def's decorators, from the first `@` to the line before `def`: code that only
    runs when the def is made, and names nothing the analyses follow into a body left out."""
    if not function.decorator_list:
        return range(0)
    first = function.decorator_list[0].lineno - 1
    if not lines[first].lstrip(" \t\f").startswith("@"):
        return range(0)  # `@` on a line of its own, continued: left as it is
    return range(first, function.lineno - 1)


def top_defs(tree: ast.Module) -> tuple[list[TopDef], list[TopDef], set[str]]:
    """The top-level defs and methods; every def in source order (the gate's order), as the top def
    holding it; and the names used outside the top defs' bodies (module code, class bodies, decorators)."""
    tops: list[TopDef] = []
    every_def: list[TopDef] = []
    outside: set[str] = set()
    note_top_defs(tree.body, None, tops, every_def, outside)
    return tops, every_def, outside


def note_top_defs(body: Sequence[ast.stmt], owner: ast.ClassDef | None, tops: list[TopDef], every_def: list[TopDef], outside: set[str]) -> None:
    """`top_defs`, statement by statement (a function of its state: a recursive closure is a cycle, keeping the
    file's tree for the collector to find)."""
    for statement in body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            top = TopDef(statement, owner)
            arguments = [*statement.args.posonlyargs, *statement.args.args]
            receivers = {"self", arguments[0].arg} if arguments else {"self"}
            tops.append(top)
            every_def.append(top)
            for part in (*statement.decorator_list, statement.args, *([statement.returns] if statement.returns else [])):
                outside.update(names_read_in(part))
            every_def.extend([top] * read_def(top, statement, receivers))  # its nested defs, as the gate counts them
            continue
        if isinstance(statement, ast.ClassDef):
            for part in (*statement.decorator_list, *statement.bases, *statement.keywords):
                outside.update(names_read_in(part))
            note_top_defs(statement.body, statement, tops, every_def, outside)
            continue
        for name, value in ast.iter_fields(statement):
            if name not in ("body", "orelse", "finalbody", "handlers", "cases"):
                outside.update(names_read_in(value))
        for part in (*getattr(statement, "handlers", ()), *getattr(statement, "cases", ())):
            outside.update(names_read_in([getattr(part, "type", None), getattr(part, "pattern", None), getattr(part, "guard", None)]))
        for inner in suites(statement):
            note_top_defs(inner, owner, tops, every_def, outside)


def read_def(top: TopDef, function: Function, receivers: set[str]) -> int:
    """Note the names the def uses, the attributes it stores on its receiver, whether it holds defs; how many it holds."""
    nested = 0
    stack: list[tuple[ast.AST, bool]] = [(statement, False) for statement in function.body]  # (node, in a class of its own)
    pop, push, AST, fields_of = stack.pop, stack.append, ast.AST, CHILD_FIELDS_REVERSED
    while stack:
        node, in_class = pop()
        kind = type(node)
        if kind is ast.Name:
            top.names.add(node.id)  # type: ignore[attr-defined]
            continue  # its `ctx` holds nothing
        if kind is ast.Constant:
            continue
        if kind is ast.Attribute:
            top.names.add(node.attr)  # type: ignore[attr-defined]
            value = node.value  # type: ignore[attr-defined]
            if not in_class and type(node.ctx) is ast.Store and type(value) is ast.Name and value.id in receivers:  # type: ignore[attr-defined]
                top.stored.add(node.attr)  # type: ignore[attr-defined]
        elif kind is ast.ClassDef:
            top.holds_defs = in_class = True
        elif kind is ast.FunctionDef or kind is ast.AsyncFunctionDef:
            top.holds_defs = True
            nested += 1
        # Every child but `ctx`, without a generator for each node; a call only for a kind not met yet, as the gate's walk
        for name in fields_of.get(kind) or child_fields_reversed(kind):
            child = getattr(node, name, None)
            if type(child) is list:
                for each in child:
                    if isinstance(each, AST):
                        push((each, in_class))
            elif isinstance(child, AST):
                push((child, in_class))
    return nested




def names_read_in(value: object) -> Iterator[str]:
    nodes = value if isinstance(value, list) else [value]
    for each in nodes:
        if not isinstance(each, ast.AST):
            continue
        for node in nodes_in(each):  # not `ast.walk`: a generator per node, and each `ctx` visited
            kind = type(node)
            if kind is ast.Name:
                yield node.id  # type: ignore[attr-defined]
            elif kind is ast.Attribute:
                yield node.attr  # type: ignore[attr-defined]


def kept_defs(tops: list[TopDef], wanted: list[TopDef], outside: set[str], shared_methods: set[str]) -> set[TopDef]:
    """The wanted defs; the defs named in kept code or module code; the methods of a class with a kept
    method that store an attribute kept code names: until nothing more is added.

    A def nested in a top def is reached from outside it by its name only where that name is the file's
    one method of it (`obj.name()`) or its one def: not a name `shared_methods` holds (`__init__`,
    `forward`). A nested class, by its name always.
    """
    named: dict[str, list[TopDef]] = {}  # a def's name (a nested def's or class's too) -> the top def that holds it
    for top in tops:
        named.setdefault(top.node.name, []).append(top)
        if top.holds_defs:
            for node in defs_within(top.node.body):
                if isinstance(node, ast.ClassDef) or node.name not in shared_methods:
                    named.setdefault(node.name, []).append(top)
    kept: set[TopDef] = set()
    names = set(outside)
    owners: set[ast.ClassDef] = set()
    pending = [*wanted, *(top for name in outside for top in named.get(name, ()))]
    while pending:
        for top in pending:
            if top not in kept:
                kept.add(top)
                names |= top.names
                if top.owner is not None:
                    owners.add(top.owner)
        pending = [other for name in names for other in named.get(name, ()) if other not in kept]
        pending += [top for top in tops if top not in kept and top.owner in owners and not top.stored.isdisjoint(names)]
    return kept


def shared_method_names(tree: ast.Module) -> set[str]:
    """The names two classes of the file or more give a method (a def whose closest def or class is the class)."""
    classes_with: dict[str, int] = {}

    def visit(body: Sequence[ast.stmt], methods: set[str] | None) -> None:
        for statement in body:
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if methods is not None:
                    methods.add(statement.name)
                visit(statement.body, None)
            elif isinstance(statement, ast.ClassDef):
                own: set[str] = set()
                visit(statement.body, own)
                for name in own:
                    classes_with[name] = classes_with.get(name, 0) + 1
            else:
                for inner in suites(statement):
                    visit(inner, methods)

    visit(tree.body, None)
    return {name for name, count in classes_with.items() if count > 1}


def leave_out_around_defs(function: Function, lines: list[str]) -> int:
    """Empty the lines of a def that holds defs, but for those defs and classes (whole) and the compound
    statements that hold them (their headers; their bodies alike), `...` for a body left with nothing; its
    decorators too. How many bytes went: none where a body shares its line with its header (kept whole)."""
    emptied: list[int] = []  # 0-based line numbers
    placeholders: list[tuple[int, str]] = []  # (line, its indentation) of a `...`

    def plan(body: Sequence[ast.stmt]) -> bool:
        holds = False
        for statement in body:
            if isinstance(statement, DEFINITIONS):
                holds = True
            elif holds_a_def(statement):
                holds = True
                if not all(plan(inner) for inner in compound_suites(statement, lines)):
                    return False
            else:
                emptied.extend(range(statement.lineno - 1, statement.end_lineno or statement.lineno))
        if not holds:
            first = body[0]
            if first.col_offset == 0 or lines[first.lineno - 1][: first.col_offset].strip(" \t\f"):
                return False  # the body starts on its header's line
            placeholders.append((first.lineno - 1, lines[first.lineno - 1][: first.col_offset]))
        return True

    if not plan(function.body):
        return 0
    left_out = 0
    for number in (*decorator_lines(function, lines), *emptied):
        left_out += len(lines[number])
        lines[number] = "\r" if lines[number].endswith("\r") else ""
    for number, indentation in placeholders:
        lines[number] = indentation + "..." + lines[number]  # the line is empty, or a lone `\r`
    return left_out


def defs_within(body: Sequence[ast.stmt]) -> Iterator[Function | ast.ClassDef]:
    """The defs and classes among these statements and under them (they are statements: no expression is looked at)."""
    for statement in body:
        if isinstance(statement, DEFINITIONS):
            yield statement
            yield from defs_within(statement.body)
        else:
            for inner in suites(statement):
                yield from defs_within(inner)


def holds_a_def(statement: ast.stmt) -> bool:
    """Whether a def or a class is among the statements under a compound statement."""
    return next(defs_within([statement]), None) is not None


def compound_suites(statement: ast.stmt, lines: list[str]) -> Iterator[Sequence[ast.stmt]]:
    """A compound statement's bodies, each under a header line of its own: the `if` that CPython nests
    for an `elif` has none, its bodies are the chain's."""
    if isinstance(statement, ast.If):
        yield statement.body
        orelse = statement.orelse
        if len(orelse) == 1 and isinstance(orelse[0], ast.If) and lines[orelse[0].lineno - 1].lstrip(" \t\f").startswith("elif"):
            yield from compound_suites(orelse[0], lines)
        elif orelse:
            yield orelse
        return
    yield from (body for body in suites(statement) if body)
