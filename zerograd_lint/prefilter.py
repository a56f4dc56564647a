"""Which files can produce a report at all, decided before the expensive LibCST parse.

Derived from what the rules need. A file can only be reported if it has
  (a) a backward call and a step or a clear (every loop and step-body rule),
  (b) a `.grad` read (ZG301), or
  (c) an uncalled `.zero_grad`/`.backward`/`.step`/`.update`/`.unscale_`
      statement (ZG202).
Two stages, each a superset of the next: a text search (bytes or str, no
parse; most files stop here and cost a read) and a check of Python's own AST
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
from typing import Pattern

UNCALLED_METHODS = frozenset({"zero_grad", "backward", "step", "update", "unscale_"})
BACKWARD_NAMES = frozenset({"backward", "manual_backward", "update_params"})  # update_params backs and steps
GRAD_FUNCTION_MODULES = frozenset({"torch", "autograd", "nn", "func", "functorch"})
STEP_NAMES = frozenset({"step", "update_params"})

# Text stage: anything the AST stage accepts matches here. A call may have
# spaces, newlines or a closing parenthesis before its `(` (`(loss.backward)()`);
# an uncalled statement ends at a comment, `;`, `)`, a backslash or the line's end.
# Each pattern starts with a literal, so `re` scans for it at memchr speed.
BACKWARD_CALLS = (r"backward[\s)]*\(", r"update_params[\s)]*\(")
STEP_CALLS_OR_CLEARS = (r"step[\s)]*\(", r"zero_grad")
GRAD_ATTRIBUTE = r"\.\s*grad\b"
UNCALLED_STATEMENT = r"\.\s*(?:zero_grad|backward|step|update|unscale_)\b[ \t\f\r]*(?:[#;)\\\n]|\Z)"


@dataclass(frozen=True)
class TextStage:
    backward_calls: tuple[Pattern, ...]
    step_calls_or_clears: tuple[Pattern, ...]
    grad_attribute: Pattern
    uncalled_statement: Pattern

    @classmethod
    def compile(cls, kind: type) -> "TextStage":
        def pattern(text: str) -> Pattern:
            return re.compile(text.encode() if kind is bytes else text)

        return cls(
            tuple(map(pattern, BACKWARD_CALLS)),
            tuple(map(pattern, STEP_CALLS_OR_CLEARS)),
            pattern(GRAD_ATTRIBUTE),
            pattern(UNCALLED_STATEMENT),
        )

    def passes(self, text: str | bytes) -> bool:
        return bool(
            self.grad_attribute.search(text)
            or (any_search(self.backward_calls, text) and any_search(self.step_calls_or_clears, text))
            or self.uncalled_statement.search(text)
        )


def any_search(patterns: tuple[Pattern, ...], text: str | bytes) -> bool:
    return any(pattern.search(text) for pattern in patterns)


TEXT_STAGES = {str: TextStage.compile(str), bytes: TextStage.compile(bytes)}


def may_report(text: str | bytes) -> bool:
    """Text stage: False means no rule can report on this file.

    Works on bytes too, for files whose encoding writes ASCII as ASCII
    (see `source.ascii_compatible`), so most files are never decoded.
    """
    return TEXT_STAGES[type(text)].passes(text)


def needs_analysis(tree: ast.AST) -> bool:
    """AST stage: the same three questions, asked of code only."""
    backward = step_or_clear = False
    for node in ast.walk(tree):
        kind = type(node)
        if kind is ast.Attribute:
            if node.attr == "grad" and type(node.ctx) is ast.Load and not is_grad_function(node):  # type: ignore[attr-defined]
                return True  # (b); a store (`p.grad = None`) is only a clear
            step_or_clear |= node.attr in ("grad", "zero_grad")
        elif kind is ast.Call:
            name = called_name(node.func)  # type: ignore[attr-defined]
            backward |= name in BACKWARD_NAMES
            step_or_clear |= name in STEP_NAMES or name == "zero_grad"
        elif kind is ast.Expr and type(node.value) is ast.Attribute:  # type: ignore[attr-defined]
            if node.value.attr in UNCALLED_METHODS:  # type: ignore[attr-defined]
                return True  # (c)
        if backward and step_or_clear:
            return True  # (a)
    return False


def is_grad_function(attribute: ast.Attribute) -> bool:
    """`torch.autograd.grad`, `torch.nn.grad`, `torch.func.grad`: functions, not a tensor's `.grad`."""
    receiver = attribute.value
    name = receiver.attr if type(receiver) is ast.Attribute else getattr(receiver, "id", None)  # type: ignore[attr-defined]
    return name in GRAD_FUNCTION_MODULES


def called_name(func: ast.expr) -> str | None:
    if type(func) is ast.Attribute:
        return func.attr  # type: ignore[attr-defined]
    if type(func) is ast.Name:
        return func.id  # type: ignore[attr-defined]
    return None


def mentions_gradient_lifecycle(source: str) -> bool:
    """Both stages: False means the file cannot produce a report and is not parsed."""
    if not may_report(source):
        return False
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # invalid escapes and the like are not ours to report
            tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return True  # the engine's own parser decides, and reports a real syntax error
    return needs_analysis(tree)
