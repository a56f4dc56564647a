"""The methods `dataclasses` writes for each class, compiled once and kept for the next run of the program.

`@dataclass` writes a class's `__init__`, `__repr__`, `__eq__`, `__hash__` (and, frozen, `__setattr__` and
`__delattr__`) as source text, and compiles each text with `exec` as the class is made. On the way to the
editor's first diagnostics that is some 1,200 texts (LibCST's ~200 classes, zerograd-lint's ~120): 60% of the
imports' CPU (bench/README.md, editor4), and of a `check` that analyses a file. What a text compiles to depends
on the text alone, so the program (the server, `check`) keeps the code of each text it compiled, in one file of
the user's cache folder, and the next run execs that code
instead of compiling the text again: `dataclasses` finds `exec` among its module's names before the builtins,
and there it finds `DataclassMethods.exec`. A text the file lacks (another LibCST, a class edited) is compiled
as `dataclasses` would, and kept in turn.
"""

from __future__ import annotations

import dataclasses
import marshal
import os
import sys
import types
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from typing import Any

from zerograd_lint.base import __version__

# Code made by this interpreter, at its level of optimisation: a file written by another is not read.
FORMAT = (MAGIC_NUMBER, sys.flags.optimize)


class DataclassMethods:
    """The code of the texts `dataclasses` compiles: those the file kept, and those compiled since."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.kept = read(path)  # by text: its code, marshalled
        self.compiled: dict[str, types.CodeType] = {}  # the texts compiled by this process, not yet kept

    def exec(self, text: str, globals: dict[str, Any] | None = None, locals: dict[str, Any] | None = None) -> None:
        exec(self.code(text), globals, locals)

    def code(self, text: str) -> types.CodeType:
        """What compiling the text in `dataclasses` gives (whose module has no `__future__` import to inherit)."""
        kept = self.kept.get(text)
        if kept is not None:
            try:
                code = marshal.loads(kept)
            except (EOFError, ValueError, TypeError):  # not the code of a text: compiled again
                code = None
            if isinstance(code, types.CodeType):
                return code
        code = self.compiled[text] = compile(text, "<string>", "exec", dont_inherit=True)
        return code

    def keep(self) -> None:
        """Write the file again with the texts compiled since it was read (whole, as atomically as the cache's
        entries; a file that cannot be written is skipped)."""
        if not self.compiled or self.path is None:
            return
        from zerograd_lint.files.source import write_atomically

        compiled, self.compiled = dict(self.compiled), {}  # a copy: another thread may be making a class
        self.kept = {**self.kept, **{text: marshal.dumps(code) for text, code in compiled.items()}}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(self.path, marshal.dumps((FORMAT, self.kept)))
        except OSError:
            return


installed: DataclassMethods | None = None  # this process's, once `install` has put them in `dataclasses`


def install() -> None:
    """Have `dataclasses` exec the code kept for this interpreter: the classes made from here on are made with it
    (once per process)."""
    global installed
    if installed is not None:
        return
    installed = DataclassMethods(methods_file())
    dataclasses.exec = installed.exec  # type: ignore[attr-defined]


def keep() -> None:
    """Keep what this process compiled since `install` for the next one (nothing without `install`)."""
    if installed is not None:
        installed.keep()


def methods_file() -> Path | None:
    """The file of this version's user cache folder that keeps this interpreter's methods; None if the
    interpreter caches no bytecode or the user has no cache folder."""
    if sys.implementation.cache_tag is None:
        return None
    try:
        folder = user_cache_folder()
    except (KeyError, RuntimeError):  # no home
        return None
    return folder / "zerograd-lint" / __version__ / f"dataclass-methods.{sys.implementation.cache_tag}.marshal"


def user_cache_folder() -> Path:
    """Where the platform keeps a user's caches (as `platformdirs.user_cache_dir` says)."""
    if sys.platform == "win32":
        return Path(os.environ["LOCALAPPDATA"])
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")


def read(path: Path | None) -> dict[str, bytes]:
    """The kept code by text, none if the file is missing, unreadable or written by another interpreter."""
    if path is None:
        return {}
    try:
        with open(path, "rb") as file:
            written, kept = marshal.load(file)
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    return kept if written == FORMAT and isinstance(kept, dict) else {}
