"""Which files can produce a report at all, decided before the expensive LibCST parse.

Derived from what the rules need. A file can only be reported if it has
  (a) a backward call and a step call (every loop and step-body rule: the
      analysis only looks at functions that, helpers inlined, have both),
  (b) a `.grad` on a name bound by a `for` or a comprehension over something
      that names parameters (ZG301: `.parameters()`, `.named_parameters()`,
      `group["params"]`, a `params` list, or a variable assigned from those), or
  (c) an uncalled `.zero_grad`/`.backward`/`.step`/`.update`/`.unscale_`
      statement (ZG202).
Two stages, each a superset of the next: a text search (on bytes or str, no
parse; most files stop here and cost a read) and a look at Python's own AST
(a C parser, an order of magnitude faster than LibCST) that ignores words in
comments and strings. A file Python cannot parse passes, so the engine
reports its syntax error; the other files are never parsed, so their syntax
errors are not reported (see ZG000).
"""

from __future__ import annotations

import ast
import re
import warnings
from dataclasses import dataclass
from typing import Iterator, Pattern

BACKWARD_METHODS = frozenset({"backward", "manual_backward"})
UNCALLED_METHODS = frozenset({"zero_grad", "backward", "step", "update", "unscale_"})

# Text stage: anything the AST stage accepts matches here. A call may have
# spaces, newlines or a closing parenthesis before its `(` (`(loss.backward)()`);
# an uncalled statement ends at a comment, `;`, `)`, a backslash or the line's end.
# Each pattern starts with a literal, so `re` scans for it at memchr speed.
BACKWARD_CALL = r"backward[\s)]*\("
STEP_CALL = r"step[\s)]*\("
GRAD_ATTRIBUTE = r"\.\s*grad\b"
UNCALLED_STATEMENT = r"\.\s*(?:zero_grad|backward|step|update|unscale_)\b[ \t\f\r]*(?:[#;)\\\n]|\Z)"


@dataclass(frozen=True)
class TextStage:
    backward_call: Pattern
    step_call: Pattern
    grad_attribute: Pattern
    uncalled_statement: Pattern

    @classmethod
    def compile(cls, kind: type) -> "TextStage":
        def pattern(text: str) -> Pattern:
            return re.compile(text.encode() if kind is bytes else text)

        return cls(pattern(BACKWARD_CALL), pattern(STEP_CALL), pattern(GRAD_ATTRIBUTE), pattern(UNCALLED_STATEMENT))

    def passes(self, text: str | bytes) -> bool:
        return bool(
            (self.backward_call.search(text) and self.step_call.search(text))
            or self.grad_attribute.search(text)
            or self.uncalled_statement.search(text)
        )


TEXT_STAGES = {str: TextStage.compile(str), bytes: TextStage.compile(bytes)}


def may_report(text: str | bytes) -> bool:
    """Text stage: False means no rule can report on this file.

    Works on bytes too, for files whose encoding writes ASCII as ASCII
    (see `source.ascii_compatible`), so most files are never decoded.
    """
    return TEXT_STAGES[type(text)].passes(text)


def needs_analysis(tree: ast.AST) -> bool:
    """AST stage: the same three questions, asked of code only."""
    backward = step = False
    grad_receivers: set[str] = set()
    loops: list[ast.For | ast.AsyncFor | ast.comprehension] = []
    assignments: list[ast.Assign] = []
    for node in ast.walk(tree):
        kind = type(node)
        if kind is ast.Call:
            name = called_name(node.func)  # type: ignore[attr-defined]
            backward |= name in BACKWARD_METHODS
            step |= name == "step"
            if backward and step:
                return True  # (a)
        elif kind is ast.Attribute:
            if node.attr == "grad" and type(node.value) is ast.Name:  # type: ignore[attr-defined]
                grad_receivers.add(node.value.id)  # type: ignore[attr-defined]
        elif kind is ast.For or kind is ast.AsyncFor or kind is ast.comprehension:
            loops.append(node)  # type: ignore[arg-type]
        elif kind is ast.Assign:
            assignments.append(node)  # type: ignore[arg-type]
        elif kind is ast.Expr and type(node.value) is ast.Attribute:  # type: ignore[attr-defined]
            if node.value.attr in UNCALLED_METHODS:  # type: ignore[attr-defined]
                return True  # (c)
    if not grad_receivers:
        return False
    aliases = parameter_aliases(assignments)
    return any(
        not grad_receivers.isdisjoint(names_in(loop.target)) and names_parameters(loop.iter, aliases)
        for loop in loops
    )  # (b)


def names_parameters(node: ast.AST, aliases: frozenset[str] = frozenset()) -> bool:
    """Whether an expression mentions parameters: a name with `param` in it, a `"params"` key, or an alias."""
    for part in ast.walk(node):
        kind = type(part)
        if kind is ast.Attribute and "param" in part.attr.lower():  # type: ignore[attr-defined]
            return True
        if kind is ast.Name and ("param" in part.id.lower() or part.id in aliases):  # type: ignore[attr-defined]
            return True
        if kind is ast.Constant and isinstance(part.value, str) and "params" in part.value:  # type: ignore[attr-defined]
            return True
    return False


def parameter_aliases(assignments: list[ast.Assign]) -> frozenset[str]:
    """Names assigned from something that names parameters, directly or through other such names."""
    aliases: frozenset[str] = frozenset()
    while True:
        grown = aliases | {
            name
            for assignment in assignments
            if names_parameters(assignment.value, aliases)
            for target in assignment.targets
            for name in names_in(target)
        }
        if grown == aliases:
            return aliases
        aliases = grown


def called_name(func: ast.expr) -> str | None:
    if type(func) is ast.Attribute:
        return func.attr  # type: ignore[attr-defined]
    if type(func) is ast.Name:
        return func.id  # type: ignore[attr-defined]
    return None


def names_in(target: ast.expr) -> Iterator[str]:
    """The names a `for` target binds: `p`, `name, p`, `(i, (name, p))`, `*rest`."""
    if type(target) is ast.Name:
        yield target.id  # type: ignore[attr-defined]
    elif type(target) in (ast.Tuple, ast.List):
        for element in target.elts:  # type: ignore[attr-defined]
            yield from names_in(element)
    elif type(target) is ast.Starred:
        yield from names_in(target.value)  # type: ignore[attr-defined]


def mentions_gradient_lifecycle(source: str) -> bool:
    """Both stages: False means the file cannot produce a report and is not parsed."""
    if not may_report(source):
        return False
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # invalid escapes and the like are not ours to report
            tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return True  # the engine reports why Python cannot parse it
    return needs_analysis(tree)
