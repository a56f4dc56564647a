"""A module's defs read from its code alone, before any parse: may a def of some names reach a backward or a step?

The project gate asks what the defs of a module the checked file imports reach (`gate.summarize` of its CPython tree,
`Summary.reaching`), most often of a few names the file calls (a loop's `agent.run_episode(...)`, a plain name's
`__call__`). Parsing a large module (torch's common_utils.py: 264 KB) costs far more than cutting out the code of the
few defs asked: each def's code, from its decorators to the end of its body (found by indentation on the code alone,
`code_text`: strings and comments blanked, as `outline` finds a def's block), holds every call its body makes (a def
nested in it too). A def reaches a backward or a step only if its code, or the code of a def of the module it may
call (a word of its code; a plain name's call may run an instance's `__call__` or `forward`; ignite's `run`, an
engine's `__init__`), holds one of the words that mark a body (`backward`, `step`, a loss scaler, ignite's
supervised trainer), or calls through a table (`steps[task](batch)`: any def the module holds may run). Where none
does, the parse would find that no def of those names reaches one; anywhere else, or where the code cannot be cut for
sure (a quote `code_only` leaves, tabs, a form feed, a non-ASCII name, a `def` not starting its line), it is asked of
the parse.
"""

from __future__ import annotations

import re
from typing import Iterable

from zerograd_lint.analysis.code_text import code_only
from zerograd_lint.analysis.ir.summaries import IGNITE_RUN, IGNITE_SUPERVISED_TRAINER, LOSS_SCALER_NAME
from zerograd_lint.analysis.ir.vocabulary import INSTANCE_CALL_METHODS
from zerograd_lint.analysis.outline import AS_PARENTHESES, BEFORE_DEF, block_end, continued

# Each def's name after its `def` (the literal first: `re` skips to it fast).
DEF = re.compile(rb"def(?<!\wdef)\b[\s\\]*(\w+)")
# The words of a call that marks a body (`gate.summarize`): `.backward(` (and `manual_backward`), `.step(`, a loss
# scaler's call (`...scaler(loss, optimizer)`), ignite's trainer.
MARKING_WORD = re.compile(rb"backward|step|" + LOSS_SCALER_NAME.encode() + rb"|" + IGNITE_SUPERVISED_TRAINER.function.encode())
# A call of a subscript (`self.steps[task](batch)`): it may run any def a table of the module holds (`Body.through_table`).
TABLE_CALL = re.compile(rb"\][\s\\]*\(")
NAME = re.compile(rb"[A-Za-z_]\w*")
# The defs an ignite engine's `run` may stand for (`Body.runs_as`).
RUNS_AS = {IGNITE_RUN: "__init__"}


class DefCode:
    """A module's defs by name (every def of the name, at any depth: where its line starts, and its indentation), each
    name's code cut when first asked: whether it may mark a body, and the names it may call."""

    def __init__(self, data: bytes, code: bytes, defs: dict[str, list[tuple[int, int]]]) -> None:
        self.data, self.code, self.defs = data, code, defs
        self.brackets = code.translate(AS_PARENTHESES)
        self.read: dict[str, tuple[bool, frozenset[str]] | None] = {}

    def __contains__(self, name: str) -> bool:
        return name in self.defs

    def of(self, name: str) -> tuple[bool, frozenset[str]] | None:
        """Whether the code of the defs named so may mark a body (a call through a table may run any def), and the
        words of that code; None where a def's decorators cannot be told for sure."""
        if name not in self.read:
            cuts = [self.cut(line_start, indentation) for line_start, indentation in self.defs.get(name, ())]
            code = [each for each in cuts if each is not None]
            self.read[name] = None if len(code) < len(cuts) else (
                any(MARKING_WORD.search(each) is not None or TABLE_CALL.search(each) is not None for each in code),
                frozenset(word.decode() for each in code for word in NAME.findall(each)),
            )
        return self.read[name]

    def cut(self, line_start: int, indentation: int) -> bytes | None:
        """The code of the def whose line starts at `line_start`, from its decorators to its body's end."""
        start = decorators_start(self.code, self.brackets, line_start)
        return None if start is None else self.code[start : block_end(self.data, self.code, self.brackets, line_start, indentation)]


def defs_code(data: bytes) -> DefCode | None:
    """The module's defs, cut from its code alone; None where they cannot be told for sure."""
    code = code_only(data)
    if b"'" in code or b'"' in code or b"\x0c" in code or b"\t" in code or code.count(b"\r") != code.count(b"\r\n") or not code.isascii():
        return None
    found: dict[str, list[tuple[int, int]]] = {}
    for match in DEF.finditer(code):
        line_start = code.rfind(b"\n", 0, match.start()) + 1
        before = BEFORE_DEF.match(code, line_start, match.start())
        if before is None or continued(code, line_start):
            return None
        found.setdefault(match.group(1).decode(), []).append((line_start, len(before.group(1))))
    return DefCode(data, code, found)


def decorators_start(code: bytes, brackets: bytes, line_start: int) -> int | None:
    """Where the decorators of the def whose line starts at `line_start` start (the lines above it that start with `@`,
    or lie in brackets that close before the def, or are blank); None past a backslash continuation."""
    start, closing = line_start, 0  # closing: how many more brackets close than open between `start` and the def
    while start > 0:
        above = code.rfind(b"\n", 0, start - 1) + 1
        closing += brackets.count(b")", above, start) - brackets.count(b"(", above, start)
        line = code[above:start].strip()
        if not (closing > 0 or not line or line.startswith(b"@")):
            return None if continued(code, start) else start
        start = above
    return start


def may_reach(defs: DefCode, names: Iterable[str]) -> bool:
    """Whether a def named as one of `names` may reach a backward or a step, following the calls its code may make to
    the module's defs (False: the module's summary says it reaches neither)."""
    seen: set[str] = set()
    frontier = {*names, *(RUNS_AS[name] for name in names if name in RUNS_AS)}
    while frontier := {name for name in frontier if name in defs} - seen:
        seen |= frontier
        called = set(INSTANCE_CALL_METHODS)
        for name in frontier:
            read = defs.of(name)
            if read is None or read[0]:
                return True
            called |= read[1]
        frontier = called | {RUNS_AS[name] for name in called if name in RUNS_AS}
    return False


def words_of_defs(defs: DefCode, names: Iterable[str]) -> frozenset[str] | None:
    """The words of the code of the defs named as one of `names` (every method one of them may call on `self` among
    them); None where one cannot be cut for sure."""
    read = [defs.of(name) for name in names if name in defs]
    words = [each[1] for each in read if each is not None]
    return None if len(words) < len(read) else frozenset().union(*words)
