"""What one `check` run has found of its projects' files (I/O state, light: the runner enters a run before it
knows whether any file will be analysed).

Every checked file of a run asks its project for the same module names again (torch's tree: 12,400 loads of 3,092
names); within a run each is found once (`project_index.ProjectFiles.load`). Outside a run (the editor, flake8,
`explain`), each check finds its modules afresh, so a long-lived process sees an edited or a new module.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import TYPE_CHECKING, Iterator

if TYPE_CHECKING:
    from zerograd_lint.analysis.module_source import ModuleSource
    from zerograd_lint.files.project_index import ProjectFiles


class RunFinds:
    """What the current run found: each module by its project and name, and the names in each folder modules are
    looked for from (a base that holds nothing of a name's top package is not asked for its paths, each a stat)."""

    def __init__(self) -> None:
        self.modules: dict[tuple[ProjectFiles, str], ModuleSource | None] = {}
        self.entries: dict[str, frozenset[str]] = {}

    def holds(self, base: str, top: str) -> bool:
        """Whether the folder holds a package or module `top` (of a folder that is not there: no)."""
        if base not in self.entries:
            try:
                self.entries[base] = frozenset(os.listdir(base))
            except OSError:
                self.entries[base] = frozenset()
        return top in self.entries[base] or f"{top}.py" in self.entries[base]


RUN: RunFinds | None = None  # None outside a run


@contextmanager
def one_run() -> Iterator[None]:
    """A `check` run: within it, each module is found and read once (the workers it forks inherit what is found
    before they start); a file the run writes (`--fix`) is found again (`forget_loads`)."""
    global RUN
    outer, RUN = RUN, RunFinds()
    try:
        yield
    finally:
        RUN = outer


def forget_loads() -> None:
    """Find every module again from now on in this run (a file of the project was written in its place)."""
    if RUN is not None:
        RUN.modules.clear()
