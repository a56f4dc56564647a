"""flake8 plugin (entry point `ZG` in `flake8.extension`): a thin door onto the engine.

It yields the rules' reports and lets flake8 do what flake8 users expect it
to do: `# noqa`, `--select`, `--extend-select`, `--per-file-ignores`. Codes that
are off by default join flake8's default ignore list, so `--extend-select
ZG104` turns them on there too; as with the CLI, they come on only when named
exactly (flake8 itself would let `--select ZG` pick them up, so the plugin does
not yield them then). flake8 wants 0-based columns (it adds 1).
"""

from __future__ import annotations

import ast
from typing import Any, ClassVar, Iterator, Sequence

from zerograd_lint.base import __version__
from zerograd_lint.base.diagnostics import placed_in
from zerograd_lint.core.engine import analyze_source
from zerograd_lint.core.noqa import NOQA_FILE
from zerograd_lint.rules import catalogue


class ZerogradChecker:
    name = "zerograd-lint"
    version = __version__
    opt_in_named: ClassVar[frozenset[str]] = frozenset()  # the off-by-default codes the options name exactly

    # flake8 passes these by name; asking for `tree` makes this an AST plugin.
    def __init__(self, tree: ast.AST, lines: Sequence[str], filename: str) -> None:
        self.source = "".join(lines)
        self.filename = filename

    @classmethod
    def add_options(cls, option_manager: Any) -> None:
        option_manager.extend_default_ignore(sorted(opt_in_codes()))

    @classmethod
    def parse_options(cls, options: Any) -> None:
        named = {selector.strip().upper() for selector in [*(options.select or ()), *(options.extend_select or ())]}
        cls.opt_in_named = opt_in_codes() & named

    def run(self) -> Iterator[tuple[int, int, str, type]]:
        if NOQA_FILE.search(self.source):  # our own file-level switch, unknown to flake8
            return
        from zerograd_lint.files.project_index import project_of
        from zerograd_lint.files.runner import collector_tuned_for_one_file  # the run's own machinery, once a file is checked

        unnamed = opt_in_codes() - self.opt_in_named
        project = project_of(self.filename)
        with collector_tuned_for_one_file():  # flake8 selects among every rule's reports
            reports = analyze_source(self.source, self.filename, project=project)
        for d in placed_in(self.filename, reports):
            if d.code not in unnamed:
                yield d.line, d.column - 1, f"{d.code} {d.message}", type(self)


def opt_in_codes() -> frozenset[str]:
    return frozenset(entry.code for entry in catalogue() if not entry.enabled_by_default)
