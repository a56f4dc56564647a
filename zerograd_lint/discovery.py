"""Which files a run checks: Python sources and notebooks, in a stable order."""

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
    """A path given on the command line that does not exist."""


def is_virtualenv(directory: Path) -> bool:
    return (directory / "pyvenv.cfg").is_file()


def discover(paths: Iterable[str]) -> Iterator[Path]:
    """Files under the given paths; a file named explicitly is always checked."""
    for raw in paths:
        path = Path(raw)
        if path.is_file():
            yield path
        elif path.is_dir():
            yield from walk(path)
        else:
            raise MissingPath(f"{raw}: no such file or directory")


def walk(root: Path) -> Iterator[Path]:
    for directory, subdirs, files in os.walk(root):
        subdirs[:] = sorted(
            d for d in subdirs
            if d not in SKIPPED_DIRS and not d.endswith(".egg-info")
            and not is_virtualenv(Path(directory, d))
        )
        for name in sorted(files):
            if name.endswith(SOURCE_SUFFIXES):
                yield Path(directory, name)
