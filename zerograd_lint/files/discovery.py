"""Which files a run checks: Python sources and notebooks, in a stable order.

Folders are walked without following links to folders (no loops). Each file
is checked once: a link to a file the run also reaches by its own name, or
a file named twice, is checked under the first name found, links last. A
broken or looping link, a file that cannot be looked at and a folder that
cannot be listed are yielded all the same, so the run reports that it
cannot read them instead of skipping them in silence; nothing here raises
for them. Pipes, sockets and devices are never opened.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Iterable, Iterator

SKIPPED_DIRS = frozenset(
    {".git", ".hg", ".svn", ".tox", ".nox", ".venv", "venv", "env", "__pycache__",
     ".mypy_cache", ".pytest_cache", ".ruff_cache", ".zerograd_lint_cache",
     "build", "dist", "node_modules", "site-packages", ".eggs"}
)
SOURCE_SUFFIXES = (".py", ".pyi", ".ipynb")


class MissingPath(FileNotFoundError):
    """A path given on the command line that names no file or folder to check."""


def is_virtualenv(directory: Path) -> bool:
    return os.path.isfile(directory / "pyvenv.cfg")  # False, not an error, when the folder cannot be searched


def discover(paths: Iterable[str]) -> Iterator[Path]:
    """Files under the given paths; a file named explicitly is always yielded."""
    seen: set[tuple[int, int]] = set()
    links: list[Path] = []
    for raw in paths:
        path = Path(raw)
        try:
            mode = path.stat().st_mode
        except FileNotFoundError:
            if not os.path.islink(path):
                raise MissingPath(f"{raw}: no such file or directory") from None
            mode = None  # a broken link: the run reports it
        except OSError:
            mode = None  # a looping link, a folder above it that cannot be searched: the run reports it
        if mode is not None and stat.S_ISDIR(mode):
            candidates: Iterable[Path] = walk(path)
        elif mode is None or stat.S_ISREG(mode):
            candidates = (path,)
        else:
            raise MissingPath(f"{raw}: not a file or folder (a pipe, socket or device)")
        for candidate in candidates:
            if os.path.islink(candidate):
                links.append(candidate)
            elif first_time(candidate, seen):
                yield candidate
    for link in links:  # after every file, so a file is checked under its own name
        if first_time(link, seen):
            yield link


def first_time(path: Path, seen: set[tuple[int, int]]) -> bool:
    """Whether the file behind `path` was not yielded yet (always True when it cannot be looked at)."""
    try:
        status = path.stat()
    except OSError:
        return True
    identity = (status.st_dev, status.st_ino)
    if identity in seen:
        return False
    seen.add(identity)
    return True


def walk(root: Path) -> Iterator[Path]:
    unlistable: list[Path] = []
    for directory, subdirs, files in os.walk(root, onerror=lambda error: unlistable.append(Path(error.filename))):
        subdirs[:] = sorted(
            d for d in subdirs
            if d not in SKIPPED_DIRS and not d.endswith(".egg-info")
            and not is_virtualenv(Path(directory, d))
        )
        for name in sorted(files):
            path = Path(directory, name)
            if name.endswith(SOURCE_SUFFIXES) and may_be_source(path):
                yield path
        yield from unlistable  # the run says it cannot read them
        unlistable.clear()
    yield from unlistable  # the root itself


def may_be_source(path: Path) -> bool:
    """A file, or a link that is not to a pipe, socket, device or folder; a file that cannot be looked at
    passes, so the run reports why it cannot read it."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except OSError:
        return True
