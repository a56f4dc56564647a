"""flake8 plugin (entry point `ZG` in `flake8.extension`): a thin door onto the engine.

It yields every rule's reports and lets flake8 do what flake8 users expect it
to do: `# noqa`, `--select`, `--extend-select`, `--per-file-ignores`. Codes that
are off by default join flake8's default ignore list, so `--extend-select
ZG104` turns them on there too. flake8 wants 0-based columns (it adds 1).
"""

from __future__ import annotations

import ast
from typing import Any, Iterator, Sequence

from zerograd_lint import __version__
from zerograd_lint.core.diagnostics import placed_in
from zerograd_lint.core.engine import analyze_source
from zerograd_lint.core.noqa import NOQA_FILE
from zerograd_lint.core.selection import Selection
from zerograd_lint.rules import all_rules


class ZerogradChecker:
    name = "zerograd-lint"
    version = __version__

    # flake8 passes these by name; asking for `tree` makes this an AST plugin.
    def __init__(self, tree: ast.AST, lines: Sequence[str], filename: str) -> None:
        self.source = "".join(lines)
        self.filename = filename

    @classmethod
    def add_options(cls, option_manager: Any) -> None:
        option_manager.extend_default_ignore([rule.code for rule in all_rules() if not rule.enabled_by_default])

    def run(self) -> Iterator[tuple[int, int, str, type]]:
        if NOQA_FILE.search(self.source):  # our own file-level switch, unknown to flake8
            return
        from zerograd_lint.files.project_index import project_of
        from zerograd_lint.files.runner import within_budget  # the run's own machinery, once a file is checked

        every_code = Selection(select=("ALL",))  # flake8 selects among every rule's reports
        project = project_of(self.filename)
        reports = within_budget(self.filename, every_code, lambda: analyze_source(self.source, self.filename, project=project))
        for d in placed_in(self.filename, reports):
            yield d.line, d.column - 1, f"{d.code} {d.message}", type(self)
