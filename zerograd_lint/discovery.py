"""Which files a run checks: Python sources and notebooks, in a stable order.

Folders are walked without following links to folders (no loops, no file
checked twice); a link to a file is checked, and a broken or looping one is
reported by the run as a file it cannot read. Pipes, sockets and devices
are never opened, and a folder that cannot be listed is reported, not
skipped in silence.
"""

from __future__ import annotations

import os
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
    return (directory / "pyvenv.cfg").is_file()


def discover(paths: Iterable[str]) -> Iterator[Path]:
    """Files under the given paths; a file named explicitly is always checked."""
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            yield from walk(path)
        elif path.is_file() or path.is_symlink():
            yield path
        elif path.exists():
            raise MissingPath(f"{raw}: not a file or folder (a pipe, socket or device)")
        else:
            raise MissingPath(f"{raw}: no such file or directory")


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
            if name.endswith(SOURCE_SUFFIXES) and (path.is_file() or path.is_symlink()):
                yield path
        yield from unlistable  # the run says it cannot read them
        unlistable.clear()
