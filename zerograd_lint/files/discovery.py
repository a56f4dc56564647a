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
from typing import Iterable, Iterator, NamedTuple

SKIPPED_DIRS = frozenset(
    {".git", ".hg", ".svn", ".tox", ".nox", ".venv", "venv", "__pycache__",
     ".mypy_cache", ".pytest_cache", ".ruff_cache", ".zerograd_lint_cache",
     "build", "dist", "node_modules", "site-packages", ".eggs"}
)
SOURCE_SUFFIXES = (".py", ".pyi", ".ipynb")


class MissingPath(FileNotFoundError):
    """A path given on the command line that names no file or folder to check."""


# Folders named so are as often a project's package (haq's `lib/env/`, tianshou's `env/` of RL environments) as an
# environment's interpreter and libraries: skipped only when they hold one.
ENVIRONMENT_NAMES = frozenset({"env"})
# What a virtualenv, a venv or a conda environment holds at its top, whichever tool made it.
ENVIRONMENT_MARKERS = ("conda-meta", os.path.join("bin", "python"), os.path.join("Scripts", "python.exe"))


def is_virtualenv(directory: str) -> bool:
    return os.path.isfile(os.path.join(directory, "pyvenv.cfg"))  # False, not an error, when the folder cannot be searched


def is_environment(directory: str) -> bool:
    """An environment's folder (a venv without `pyvenv.cfg` too: an old virtualenv's, a conda environment)."""
    return any(os.path.lexists(os.path.join(directory, marker)) for marker in ENVIRONMENT_MARKERS)


class Found(NamedTuple):
    path: str
    link: bool
    status: os.stat_result | None  # of the file behind the path; None: it cannot be looked at

    @property
    def identity(self) -> tuple[int, int] | None:
        """(device, inode) of the file behind the path."""
        return None if self.status is None else (self.status.st_dev, self.status.st_ino)

    @property
    def size(self) -> int:
        return 0 if self.status is None else self.status.st_size  # 0: the read says why it cannot be looked at


def discover(paths: Iterable[str]) -> Iterator[Path]:
    """Files under the given paths; a file named explicitly is always yielded."""
    return (path for path, _ in discover_sizes(paths))


def discover_sizes(paths: Iterable[str]) -> Iterator[tuple[Path, int]]:
    """`discover`'s files, each with its size in bytes as discovery's own look at it found it (the runner orders
    the files by it: no second `stat` of each)."""
    seen: set[tuple[int, int]] = set()
    links: list[Found] = []
    for raw in paths:
        path = os.fspath(Path(raw))  # `./a/` as `a`, as the paths yielded are written
        try:
            status = os.stat(path)
        except FileNotFoundError:
            if not os.path.islink(path):
                raise MissingPath(f"{raw}: no such file or directory") from None
            status = None  # a broken link: the run reports it
        except OSError:
            status = None  # a looping link, a folder above it that cannot be searched: the run reports it
        if status is not None and stat.S_ISDIR(status.st_mode):
            candidates: Iterable[Found] = walk(path)
        elif status is None or stat.S_ISREG(status.st_mode):
            candidates = (Found(path, os.path.islink(path), status),)
        else:
            raise MissingPath(f"{raw}: not a file or folder (a pipe, socket or device)")
        for found in candidates:
            if found.link:
                links.append(found)
            elif first_time(found, seen):
                yield Path(found.path), found.size
    for link in links:  # after every file, so a file is checked under its own name
        if first_time(link, seen):
            yield Path(link.path), link.size


def first_time(found: Found, seen: set[tuple[int, int]]) -> bool:
    """Whether the file found was not yielded yet (always True when it cannot be looked at)."""
    identity = found.identity
    if identity is None:
        return True
    if identity in seen:
        return False
    seen.add(identity)
    return True


def walk(root: str) -> Iterator[Found]:
    """The source files under `root`, folder by folder (each folder's files, then its subfolders), each
    sorted by name; a folder that cannot be listed comes after the files of the next folder listed."""
    unlistable: list[Found] = []
    folders = [root]
    while folders:
        directory = folders.pop()
        try:
            with os.scandir(directory) as listing:
                entries = list(listing)
        except OSError:
            unlistable.append(Found(directory, os.path.islink(directory), stat_or_none(directory)))
            continue
        subdirs, files = [], []
        for entry in entries:
            name = entry.name
            try:
                is_dir = entry.is_dir()  # a link to a folder too: never walked, never checked
            except OSError:
                is_dir = False
            if is_dir:
                if (not is_link(entry) and name not in SKIPPED_DIRS and not name.endswith(".egg-info")
                        and not is_virtualenv(entry.path)
                        and not (name in ENVIRONMENT_NAMES and is_environment(entry.path))):
                    subdirs.append(entry.path)
            elif name.endswith(SOURCE_SUFFIXES):
                files.append(entry)
        folders.extend(sorted(subdirs, reverse=True))  # the first comes off first
        for entry in sorted(files, key=lambda entry: entry.name):
            try:
                status = entry.stat()  # through a link: the file it names
            except OSError:
                status = None  # a broken or looping link, a file that cannot be looked at: the run says why
            if status is None or stat.S_ISREG(status.st_mode):  # never a pipe, socket, device or folder
                yield Found(entry.path, is_link(entry), status)
        yield from unlistable  # the run says it cannot read them
        unlistable.clear()
    yield from unlistable  # the root itself, or the last folders


def is_link(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_symlink()
    except OSError:
        return False  # as os.path.islink says


def stat_or_none(path: str) -> os.stat_result | None:
    try:
        return os.stat(path)
    except OSError:
        return None
