"""LibCST's parse of code CPython has parsed (the analysis's trees, the fixes' excerpts)."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import libcst as cst


def libcst_parse(source: str) -> cst.Module:
    """LibCST's parse of code CPython has parsed; in the main thread (the CLI, its workers, flake8) without the
    check each node makes of its fields as it is built (`CSTNode.__post_init__`, a sixth of a parse): the parser
    builds valid nodes only. In another thread (the editor's engine) LibCST parses as it always does, so that
    nodes built by hand meanwhile (a fix, in the server's own thread) are still checked."""
    import libcst as cst
    from libcst._nodes.base import CSTNode

    if threading.current_thread() is not threading.main_thread() or "__post_init__" not in vars(CSTNode):
        return cst.parse_module(source)
    check = CSTNode.__post_init__
    try:  # inside: the budget's signal may come between any two statements, and the check must come back
        CSTNode.__post_init__ = no_check  # type: ignore[method-assign]
        return cst.parse_module(source)
    finally:
        CSTNode.__post_init__ = check  # type: ignore[method-assign]


def no_check(node: object) -> None:
    pass
