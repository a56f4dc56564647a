"""A large file of many independent functions, analysed a piece at a time: memory bounded by the largest piece.

LibCST holds about 360 bytes per byte of source, and the facts of every function analysed stay alive until the
rules are done with the file. A file of thousands of small training functions (a generated test suite, a file of
experiments) needs none of that at once: each function sees the module's own code and what it names. So the
file is cut into pieces, each analysed alone and dropped before the next:

- a top-level def or class *names* another where a name or attribute name written in it is the other's name, the
  name of a def or class the other holds, or of one of its methods (so every class `obj.method()` could mean is
  named, as the analysis finds them in the file);
- every piece holds the module-level code (imports, assignments, `if __name__ == ...:`) and what it names, to
  any depth;
- each top-level def or class with a def the gate let through (`Needs.roots`) is in a piece with what it names,
  to any depth; two of them are in one piece when one names the other (a helper that trains is inlined where
  it is called, and a root of its own only where nothing calls it: the whole file decides). A helper two of them
  name is in both pieces, inlined in each as in the file.

A piece's source keeps every line where it is (each gap is one string over the same lines), so its reports,
their messages and their fixes are the whole file's. The file is analysed whole when cutting would not pay (the
pieces together over `MAX_COPIES` times the file), and when the answer is the whole file's: a rule looks at
every function (ZG202, the `.grad` reads), the module's code trains or names a def that does.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, replace
from typing import Iterable, Iterator, Sequence

from zerograd_lint.analysis.positions import python_defs
from zerograd_lint.analysis.questions.visitor import nodes_in
from zerograd_lint.core.gate import Needs
from zerograd_lint.core.reached_code import MIN_BYTES

DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
# Each piece repeats the module's code and what it names, and a helper is in each piece that names it: cut only
# while the pieces together are at most this many times the file.
MAX_COPIES = 2


@dataclass(frozen=True, eq=False)
class Piece:
    """Some of a file's top-level statements, as a source of their own whose lines are the file's."""

    lines: list[str]  # the file's (one list for every piece)
    spans: list[tuple[int, int]]  # the 1-based first and last lines of its statements, in order
    file_needs: Needs
    wanted_at: frozenset[tuple[int, int]]  # where the defs the lifecycle analysis starts from are (line, column)

    def made(self) -> PieceSource:
        """Its source, made when it is analysed (a gap is as long as the lines it stands for)."""
        text = piece_source(self.lines, self.spans, "\r" if self.lines[0].endswith("\r") else "")
        return PieceSource(text, replace(self.file_needs, roots=None), self.wanted_at)


@dataclass(frozen=True)
class PieceSource:
    """A piece as the source the analysis reads, with the file's needs: data alone, so that a worker process can
    analyse it."""

    text: str
    file_needs: Needs
    wanted_at: frozenset[tuple[int, int]]

    def needs(self, tree: ast.Module) -> Needs:
        """The file's needs, with the roots of this piece (`tree`: its text's): in the gate's order, the module
        first (never one: a file whose module code trains is not cut), then each def."""
        roots = (False, *((node.lineno, node.col_offset) in self.wanted_at for node in python_defs(tree.body)))
        return replace(self.file_needs, roots=roots)


def pieces_of(source: str, tree: ast.Module, needs: Needs) -> list[Piece] | None:
    """The pieces of a file to analyse one at a time, in the order of their first lines; None to analyse it whole."""
    if len(source) < MIN_BYTES or not needs.lifecycle or needs.roots is None or needs.roots[0] or needs.uncalled:
        return None  # small, the module's code trains, or ZG202 looks at every function
    if "\r" in source.replace("\r\n", ""):
        return None  # a lone `\r` breaks lines where `split("\n")` would not
    defs = [(node.lineno, node.col_offset) for node in python_defs(tree.body)]
    if len(defs) + 1 != len(needs.roots):
        return None  # the gate's walk and this one disagree about the file's defs
    wanted_at = {place for place, wanted in zip(defs, needs.roots[1:]) if wanted}
    tops = [statement for statement in tree.body if isinstance(statement, DEFINITIONS)]
    code = [statement for statement in tree.body if not isinstance(statement, DEFINITIONS)]
    names = Names(tops)
    shared = names.reached(names_in(code))
    wanted = {i: found for i, top in enumerate(tops) if (found := frozenset(p for p in def_places(top) if p in wanted_at))}
    if sum(map(len, wanted.values())) != len(wanted_at) or not shared.isdisjoint(wanted):
        return None  # the module's code holds or names a def that trains: whether it is a root of its own is the file's
    lines = source.split("\n")
    sizes = [sum(map(len, lines[first - 1 : last])) for first, last in map(lines_of, tops)]
    budget = MAX_COPIES * len(source) - sum(sizes[i] for i in shared) * len(wanted)
    reached: dict[int, set[int]] = {}
    for i in wanted:
        reached[i] = names.reached(names.uses[i], shared) | {i}
        budget -= sum(sizes[j] for j in reached[i])
        if budget < 0:
            return None  # the pieces would hold the file several times over
    shared_lines = [*map(lines_of, code), *(lines_of(tops[i]) for i in shared)]
    groups = together(reached)
    if len(groups) < 2:
        return None
    needs = replace(needs, summary=None)  # the whole file's tree stays out of the pieces
    return [
        Piece(
            lines,
            sorted([*shared_lines, *(lines_of(tops[i]) for i in set().union(*(reached[w] for w in group)))]),
            needs,
            frozenset().union(*(wanted[w] for w in group)),
        )
        for group in groups
    ]


class Names:
    """The top-level defs and classes, and which names which: a def or class is named by its name, by the name of
    a def or class it holds, by the name of a method of it."""

    def __init__(self, tops: Sequence[ast.stmt]) -> None:
        self.defined_by: dict[str, list[int]] = {}
        self.uses: list[set[str]] = []
        for position, top in enumerate(tops):
            used: set[str] = set()
            for node in nodes_in(top):
                kind = type(node)
                if kind is ast.Name:
                    used.add(node.id)  # type: ignore[attr-defined]
                elif kind is ast.Attribute:
                    used.add(node.attr)  # type: ignore[attr-defined]
                elif kind in DEFINITIONS:
                    self.defined_by.setdefault(node.name, []).append(position)  # type: ignore[attr-defined]
            self.uses.append(used)

    def reached(self, names: Iterable[str], known: set[int] = frozenset()) -> set[int]:  # type: ignore[assignment]
        """The defs and classes these names reach, to any depth, past those `known` to be reached already."""
        found: set[int] = set()
        pending = [position for name in names for position in self.defined_by.get(name, ())]
        while pending:
            position = pending.pop()
            if position not in found and position not in known:
                found.add(position)
                pending += [other for name in self.uses[position] for other in self.defined_by.get(name, ())]
        return found


def together(reached: dict[int, set[int]]) -> list[list[int]]:
    """The defs that train, grouped where one reaches another (it may be inlined there, not a root of its own), in
    the order of their first member."""
    parent = {i: i for i in reached}

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, found in reached.items():
        for j in found:
            if j in parent:
                parent[root(j)] = root(i)
    groups: dict[int, list[int]] = {}
    for i in sorted(reached):
        groups.setdefault(root(i), []).append(i)
    return list(groups.values())


def names_in(statements: Iterable[ast.stmt]) -> set[str]:
    found: set[str] = set()
    for statement in statements:
        for node in nodes_in(statement):
            if type(node) is ast.Name:
                found.add(node.id)  # type: ignore[attr-defined]
            elif type(node) is ast.Attribute:
                found.add(node.attr)  # type: ignore[attr-defined]
    return found


def lines_of(statement: ast.stmt) -> tuple[int, int]:
    """The 1-based first (its decorators' included) and last line of a top-level statement."""
    first = min([statement.lineno, *(d.lineno for d in getattr(statement, "decorator_list", ()))])
    return first, statement.end_lineno or statement.lineno


def def_places(top: ast.stmt) -> Iterator[tuple[int, int]]:
    """Where each def in a top-level def or class starts (its own included), as the gate's roots are told apart."""
    return ((node.lineno, node.col_offset) for node in python_defs([top]))


def piece_source(lines: list[str], spans: list[tuple[int, int]], newline: str) -> str:
    """The lines of these spans where they are in the file; each gap between them one string over its lines."""
    out: list[str] = []
    following = 1  # the file's line the next one written is
    for first, last in spans:
        if last < following:
            continue  # on lines written already (statements after `;`)
        first = max(first, following)
        gap = first - following
        if gap == 1:
            out.append('""' + newline)
        elif gap > 1:  # one element of `gap` lines
            out.append('"""' + newline + ("\n" + newline) * (gap - 2) + '\n"""' + newline)
        out += lines[first - 1 : last]
        following = last + 1
    return "\n".join(out) + "\n"
