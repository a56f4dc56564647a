"""Whether a file's loss summed on purpose (`reduction="sum"`) can be a loss some backward is given (ZG501's clue).

RULES.md does not report ZG501 when the loss is visibly built with `reduction="sum"`: the keyword, read from the
file's text, is the clue. A value computed under `torch.no_grad()` / `torch.inference_mode()` carries no graph, so a
summed loss computed there (a validation pass summing its cross-entropy) is given to no backward and says nothing of
the training loss. Only a call computing a value is left out there: a class or a `partial` built under `no_grad`
(`nn.CrossEntropyLoss(reduction="sum")`) is a callable that may run later with gradients, and any other text that
says so (a variable, a config entry) still counts. Read off CPython's tree, and only for a file whose text says so.
"""

from __future__ import annotations

import ast
import re
from typing import Callable, Iterator

from zerograd_lint.analysis.ir.vocabulary import NO_GRAD_CONTEXTS
from zerograd_lint.analysis.questions.visitor import dotted_name

LOSS_SUMMED = re.compile(r"reduction\s*=\s*['\"]sum['\"]")
# Calls whose result is a callable, not a value: what they are given applies when the callable runs.
BINDS_A_CALLABLE = frozenset({"partial"})


def summed_loss_with_grad(source: str, tree_of: Callable[[], ast.Module | None]) -> bool:
    """The text says `reduction="sum"` somewhere other than a value's call run under `no_grad` (`tree_of`: the file's
    CPython tree, asked only when the text says so; None when unknown: then every place counts)."""
    starts = [found.start() for found in LOSS_SUMMED.finditer(source)]
    tree = tree_of() if starts else None
    if tree is None:
        return bool(starts)
    without_graph = set(summed_without_graph(tree))
    return any(position_of(source, start) not in without_graph for start in starts)


def position_of(source: str, offset: int) -> tuple[int, int]:
    """The line (1-based) and column (in UTF-8 bytes, as CPython's tree counts) of a character of the text."""
    line_start = source.rfind("\n", 0, offset) + 1
    return source.count("\n", 0, offset) + 1, len(source[line_start:offset].encode())


def summed_without_graph(tree: ast.Module) -> Iterator[tuple[int, int]]:
    """Where the `reduction="sum"` keywords of value calls run under `no_grad` start."""
    for statement in statements_without_grad(tree.body, False):
        for call in calls_of(statement):
            name = (dotted_name(call.func) or "").rsplit(".", 1)[-1]
            if name[:1].islower() and name not in BINDS_A_CALLABLE:
                yield from (
                    (keyword.lineno, keyword.col_offset) for keyword in call.keywords
                    if keyword.arg == "reduction" and isinstance(keyword.value, ast.Constant) and keyword.value.value == "sum"
                )


def statements_without_grad(body: list[ast.stmt], no_grad: bool) -> Iterator[ast.stmt]:
    """The simple statements of a body that run under `no_grad`; a def's body runs where it is called, so under
    `no_grad` only when its decorator says so."""
    for statement in body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield from statements_without_grad(statement.body, any(disables_grad(d) for d in statement.decorator_list))
            continue
        if isinstance(statement, ast.ClassDef):
            yield from statements_without_grad(statement.body, False)
            continue
        inner = no_grad or (
            isinstance(statement, (ast.With, ast.AsyncWith)) and any(disables_grad(item.context_expr) for item in statement.items)
        )
        suites = [getattr(statement, field, None) or [] for field in ("body", "orelse", "finalbody")]
        suites += [handler.body for handler in getattr(statement, "handlers", None) or []]
        suites += [case.body for case in getattr(statement, "cases", None) or []]
        if no_grad and not any(suites):
            yield statement
        for suite in suites:
            yield from statements_without_grad(suite, inner)


def calls_of(statement: ast.stmt) -> Iterator[ast.Call]:
    """The calls of a simple statement, not those in a lambda (which runs where it is called)."""
    pending: list[ast.AST] = [statement]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Lambda):
            continue
        if isinstance(node, ast.Call):
            yield node
        pending.extend(ast.iter_child_nodes(node))


def disables_grad(expression: ast.expr) -> bool:
    """`torch.no_grad()`, `torch.inference_mode()` (not given False), `torch.set_grad_enabled(False)`, as a
    context manager or a decorator (`@torch.no_grad` too)."""
    call = expression if isinstance(expression, ast.Call) else None
    name = (dotted_name(call.func if call is not None else expression) or "").rsplit(".", 1)[-1]
    first = call.args[0] if call is not None and call.args else None
    is_false = isinstance(first, ast.Constant) and first.value in (False, 0)
    if name in NO_GRAD_CONTEXTS:
        return not is_false
    return name == "set_grad_enabled" and is_false
