"""What the user called an object, read from the source at the call that the hook saw.

Messages name optimizers as `check` does, by the variable the user wrote
(`opt_d`, `self.optimizer`), so two Adams of a GAN are told apart.
"""

from __future__ import annotations

import ast
import linecache
import re
from functools import cache

from zerograd_lint.runtime.sites import Site

# `opt_d = `, `self.optimizer: Optimizer = ` before the construction call
_ASSIGNED = re.compile(r"^\s*([A-Za-z_][\w.]*)\s*(?::[^=]*)?=\s*$")


def source_of(site: Site) -> str:
    """The exact text of the call at the site."""
    lines = [linecache.getline(site.path, n) for n in range(site.line, site.end_line + 1)]
    if not lines or not lines[0]:
        return ""
    lines[-1] = lines[-1][: site.end_column - 1]
    lines[0] = lines[0][site.column - 1 :]
    return "".join(lines)


@cache
def _call_at(path: str, line: int, column: int, end_line: int, end_column: int) -> ast.Call | None:
    text = source_of(Site(path, line, column, end_line, end_column))
    try:  # on lines of their own, the brackets leave the expression's text as it is
        tree = ast.parse(f"(\n{text}\n)", mode="eval")
    except SyntaxError:
        return None
    return tree.body if isinstance(tree.body, ast.Call) else None


def step_receiver(site: Site, via_scaler: bool) -> str | None:
    """`opt_d` of `opt_d.step()`, or of `scaler.step(opt_d)`."""
    call = _call_at(site.path, site.line, site.column, site.end_line, site.end_column)
    if call is None or not isinstance(call.func, ast.Attribute) or call.func.attr != "step":
        return None
    if via_scaler:
        return ast.unparse(call.args[0]) if call.args else None
    return ast.unparse(call.func.value)


def assigned_name(site: Site) -> str | None:
    """`opt_d` when the call at the site is the value of `opt_d = ...` (on the same line)."""
    text = linecache.getline(site.path, site.line)
    match = _ASSIGNED.match(text[: site.column - 1])
    return match.group(1) if match else None
