"""The rule catalogue: every ``zg*.py`` module here defines one ``RULE``.

Rules are found by discovery, not by a hand-kept list, so adding a rule is
adding a module. A rule documents itself (the page `zerograd-lint rule`
prints) and carries VALID examples (must stay silent) and INVALID examples
(must report on each line marked ``# <- CODE``); the tests run them all.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping

if TYPE_CHECKING:
    from zerograd_lint.analysis.facts import FileFacts

SEVERITIES = ("error", "warning", "style")


@dataclass(frozen=True)
class Finding:
    """What a rule reports: a source range (1-based, end exclusive column) and words."""

    line: int
    column: int
    end_line: int
    end_column: int
    message: str
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    severity: str
    summary: str
    what: str
    why: str
    example: str
    use_instead: str
    limits: str = ""
    enabled_by_default: bool = True
    fixable: bool = False
    valid: tuple[str, ...] = ()
    invalid: tuple[str, ...] = ()
    check: Callable[["FileFacts"], Iterable[Finding]] | None = None

    @property
    def help_uri(self) -> str:
        return f"https://github.com/zerograd-lint/zerograd-lint/blob/main/docs/rules.md#{self.code.lower()}"


@lru_cache(maxsize=None)
def all_rules() -> tuple[Rule, ...]:
    """Every rule of the package, sorted by code."""
    found = []
    for info in pkgutil.iter_modules(__path__):
        if re.fullmatch(r"zg\d{3}_\w+", info.name):
            module = importlib.import_module(f"{__name__}.{info.name}")
            found.append(module.RULE)
    return tuple(sorted(found, key=lambda rule: rule.code))


def rule_by_code(code: str) -> Rule | None:
    return next((rule for rule in all_rules() if rule.code == code.upper()), None)


def expected_reports(example: str) -> list[tuple[int, str]]:
    """The (line, code) pairs an INVALID example marks with ``# <- CODE``."""
    marks = []
    for number, text in enumerate(example.splitlines(), start=1):
        for code in re.findall(r"#\s*<-\s*((?:ZG\d{3}[ ,]*)+)", text):
            marks.extend((number, c) for c in re.findall(r"ZG\d{3}", code))
    return marks
