"""ZG301 as it happens: a `None` `.grad` dereferenced raises, and the traceback says where."""

from __future__ import annotations

import ast
from types import TracebackType

from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.runtime.lifecycle import report
from zerograd_lint.runtime.names import source_of
from zerograd_lint.runtime.sites import Site, is_user_file, user_site


def _innermost_user_frame(traceback: TracebackType | None) -> TracebackType | None:
    found = None
    while traceback is not None:
        if is_user_file(traceback.tb_frame.f_code.co_filename):
            found = traceback
        traceback = traceback.tb_next
    return found


def _is_none_error(error: BaseException) -> bool:
    if isinstance(error, AttributeError):
        return getattr(error, "obj", object()) is None or "'NoneType'" in str(error)
    return isinstance(error, TypeError) and "NoneType" in str(error)


def _first_grad_attribute(expression: str) -> tuple[int, int, int, int] | None:
    """(line, column, end line, end column) of the first `X.grad` in the expression; lines count from 0."""
    try:  # on lines of their own, the brackets leave every column of the expression as it is
        tree = ast.parse(f"(\n{expression}\n)", mode="eval")
    except SyntaxError:
        return None
    grads = [node for node in ast.walk(tree) if isinstance(node, ast.Attribute) and node.attr == "grad"]
    if not grads:
        return None
    first = min(grads, key=lambda node: (node.lineno, node.col_offset))
    return first.lineno - 2, first.col_offset, (first.end_lineno or first.lineno) - 2, first.end_col_offset or 0


def none_grad_dereference(error: BaseException) -> Diagnostic | None:
    """The ZG301 finding for an error raised by using a `None` `.grad` in user code, if that is what it is."""
    if not _is_none_error(error):
        return None
    frame = _innermost_user_frame(error.__traceback__)
    if frame is None:
        return None
    site = user_site(frame.tb_frame, frame.tb_lasti)
    if site is None:
        return None
    where = _first_grad_attribute(source_of(site))
    if where is None:
        return None
    line, column, end_line, end_column = where
    first_column = site.column if line == 0 else 1
    grad_site = Site(
        site.path,
        site.line + line,
        first_column + column,
        site.line + end_line,
        (site.column if end_line == 0 else 1) + end_column,
    )
    return report(
        "ZG301",
        grad_site,
        f"`.grad` is None here ({type(error).__name__}: {error}): parameters that got no gradient, and all of them "
        "after zero_grad() (set_to_none=True by default), have no .grad; check `p.grad is not None` first",
    )
