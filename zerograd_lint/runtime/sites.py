"""Where the user's code made a call: the stack seen from inside a torch hook.

Library frames (the standard library, site-packages, torch, zerograd_lint) are
skipped, so a finding points at the user's own call even when torch, a
GradScaler or a framework sits between it and the hook.
"""

from __future__ import annotations

import dis
import importlib.util
import linecache
import os
import sys
import sysconfig
from dataclasses import dataclass
from functools import cache
from types import CodeType, FrameType


def _library_roots() -> tuple[str, ...]:
    paths = sysconfig.get_paths()
    roots = {paths[key] for key in ("stdlib", "platstdlib", "purelib", "platlib") if key in paths}
    roots.add(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # zerograd_lint itself
    torch_spec = importlib.util.find_spec("torch")  # found, not imported
    roots.update(torch_spec.submodule_search_locations or () if torch_spec else ())
    return tuple(os.path.realpath(root) + os.sep for root in roots)


LIBRARY_ROOTS = _library_roots()


@cache
def is_user_file(filename: str) -> bool:
    if filename.startswith(("<frozen", "<__array_function__")):
        return False
    return not os.path.realpath(filename).startswith(LIBRARY_ROOTS)


def _character_column(filename: str, line: int, byte_offset: int) -> int:
    """Python positions count UTF-8 bytes; reports count characters (1-based)."""
    text = linecache.getline(filename, line)
    return len(text.encode()[:byte_offset].decode(errors="replace")) + 1


@dataclass(frozen=True, eq=False)
class Site:
    """A call in user code: its source range, and the stack of calls that reached the hook.

    Two sites are the same statement executing again when their stacks are
    equal. The whole stack counts, library frames too: it tells apart a
    helper called from two places, and the calls a framework makes for the
    user (a trainer's clear, backward and step all come from one user line).
    `user_site` makes each site once, so a site is compared and hashed by
    identity: it is a key of per-parameter dictionaries at every clear, where
    a hash written in Python would be a call per parameter.
    """

    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    chain: tuple[tuple[int, int], ...] = ()  # (id of the code, instruction) per frame, innermost first

    @property
    def position(self) -> tuple[str, int, int]:
        """The statement, whatever stack reached it."""
        return (self.path, self.line, self.column)

    def where(self, seen_from: Site) -> str:
        """`line N`, with the file named when it differs from the report's own."""
        return f"line {self.line}" if self.path == seen_from.path else f"{self.path}:{self.line}"


@cache
def _site_of(filename: str, code: CodeType, last_instruction: int) -> Site:
    """The exact source range of an instruction of user code.

    The file name is part of the key: equal code objects may come from two files.
    Before Python 3.11 there are no column positions: the statement's line and
    its first non-blank character stand in.
    """
    if not hasattr(code, "co_positions"):
        line = max((n for offset, n in dis.findlinestarts(code) if offset <= last_instruction and n), default=1)
        text = linecache.getline(filename, line)
        start = len(text) - len(text.lstrip()) + 1
        return Site(filename, line, start, line, len(text.rstrip()) + 1)
    line, end_line, column, end_column = list(code.co_positions())[last_instruction // 2]
    line = line or code.co_firstlineno
    end_line = end_line or line
    start = _character_column(filename, line, column or 0)
    end = _character_column(filename, end_line, end_column) if end_column is not None else start + 1
    return Site(filename, line, start, end_line, end)


def user_site(frame: FrameType | None, last_instruction: int | None = None) -> Site | None:
    """The innermost user call from `frame` outwards (at `last_instruction` if given: a traceback's).

    Asked at every event: the walk does the least per frame and ends at the frame that entered the guard
    (`stacks_end_at`), and a stack seen before finds its site by the walk alone.
    """
    chain: list[tuple[int, int]] = []
    append = chain.append
    innermost, outer = None, frame
    while outer is not None:  # the library frames inside it (torch's, ours)
        append((id(outer.f_code), outer.f_lasti))
        if is_user_file(outer.f_code.co_filename):
            innermost = outer
            break
        outer = outer.f_back
    if innermost is None:
        return None
    position = len(chain) - 1  # the innermost user frame's
    root = _root
    while outer is not root:  # (a user frame above the root, or no root: to the outermost frame)
        outer = outer.f_back
        if outer is None:
            break
        append((id(outer.f_code), outer.f_lasti))
    if last_instruction is not None:
        chain[0] = (chain[0][0], last_instruction)
    key = tuple(chain)
    code = innermost.f_code
    known = _sites.get(key)
    if known is not None and known[0] is code:  # (the id of a code object that died may be another's now)
        return known[1]
    found = _site_of(code.co_filename, code, chain[position][1])
    site = Site(found.path, found.line, found.column, found.end_line, found.end_column, key)
    _sites[key] = (code, site)
    return site


# Each site once, by its stack: the statement running again finds its site by identity in the lifecycle's
# dictionaries. The innermost user code is kept with it, so its id stays its own.
_sites: dict[tuple[tuple[int, int], ...], tuple[CodeType, Site]] = {}

# The frame that entered the active guard: it runs until the guard ends, so the frames above it are the
# same at every event, and a walk ends there (`zerograd-lint run`: the command line's and runpy's frames).
# (A guard entered in a generator resumed from several places does not tell those places apart; one entered
# by hand from a function that returned, as pytest's plugin does, is on no event's stack: walks go to the end.)
_root: FrameType | None = None


def stacks_end_at(frame: FrameType | None) -> None:
    """Walks end at `frame` from now on (None: at the outermost frame)."""
    global _root
    _root = frame


def current_user_site() -> Site | None:
    return user_site(sys._getframe(1))


def innermost_user_frame(frame: FrameType | None) -> FrameType | None:
    """The first frame of user code from `frame` outwards (cheaper than a whole `Site`)."""
    while frame is not None and not is_user_file(frame.f_code.co_filename):
        frame = frame.f_back
    return frame
