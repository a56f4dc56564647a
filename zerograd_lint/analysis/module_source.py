"""A module of the project as the analysis is given it (light: the doors import it before any analysis)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Union


@dataclass(frozen=True)
class ModuleSource:
    """A module of the project as read: its dotted name, its file, its text."""

    name: str
    path: str
    source: str
    is_package: bool  # an `__init__.py`: its relative imports start at itself

    @property
    def package(self) -> str:
        """The package its relative imports start from."""
        return self.name if self.is_package else self.name.rpartition(".")[0]


# A module's dotted name -> the module as read, None when the project has no such module.
Load = Callable[[str], Union[ModuleSource, None]]


def absolute(module: str, level: int, package: str) -> str | None:
    """`from ..a import b` (`level` 2) in package `p.q`: `p.a`; None past the top."""
    if level == 0:
        return module
    parts = package.split(".") if package else []
    if level - 1 > len(parts):
        return None
    base = parts[: len(parts) - (level - 1)]
    return ".".join([*base, module] if module else base) or None


@dataclass(frozen=True)
class ProjectSource:
    """What the engine is told of the checked file's project: the file as a module of it (its text left
    empty: the engine has it), how to read the other modules, and any file's text by path (for `# noqa`)."""

    checked: ModuleSource
    load: Load
    text_of: Callable[[str], Union[str, None]]
    read: dict[str, str] = field(default_factory=dict)  # path -> text of each module read for this file (the cache key)
