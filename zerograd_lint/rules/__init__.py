"""The rule catalogue: every ``zg*.py`` module here defines one ``RULE``.

Rules are found by discovery, not by a hand-kept list, so adding a rule is
adding a module. A rule documents itself (the page `zerograd-lint rule`
prints) and carries VALID examples (must stay silent) and INVALID examples
(must report on each line marked ``# <- CODE``); the tests run them all. An
INVALID example may pin the text its fixes make of it (`Example(..., fixed=...)`).
Whether a rule is fixable, and how safely, is said by its fix
(`zerograd_lint.fixes.FIXES`), not here.

A rule declares the analyses it reads (`needs`, names from `gate.NEEDS`): the
gate lets a file through only where some selected rule's needs are met.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import pkgutil
import re
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable

if TYPE_CHECKING:
    from zerograd_lint.analysis.facts import FileFacts
    from zerograd_lint.fixes.base import Offer


# One cause, one report across the files of a run: a report of the first code at a place where the analysis of another
# file made one of the second is left out (`runner.once_each`: a `.grad` read of a module whose own file shows no None is
# ZG302 there, but ZG301 where a loop of another file that runs it shows one).
SUPERSEDED_BY = {"ZG302": "ZG301"}


@dataclass(frozen=True)
class Finding:
    """What a rule reports: a source range (1-based, end exclusive column) and words."""

    line: int
    column: int
    end_line: int
    end_column: int
    message: str
    fix: Offer | None = None  # the fix the report offers (`zerograd_lint/fixes/zgNNN.py: offer`)
    step_line: int | None = None  # the optimizer step it is about: a fix on the same step may be contradicted
    path: str | None = None  # another module of the project than the checked file, where the line is
    entry: tuple[int, int, int, int] | None = None  # then the checked file's call that leads there


class Example(str):
    """An INVALID example that also says what `check --fix --unsafe-fixes` makes of it
    (Fixit's `expected_replacement`): tests/test_fixes.py holds the fixes to it."""

    fixed: str

    def __new__(cls, source: str, fixed: str) -> Example:
        example = super().__new__(cls, source)
        example.fixed = fixed
        return example


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
    needs: tuple[str, ...]  # what the rule reads (`gate.NEEDS`); () for ZG000, which the parser reports
    limits: str = ""
    enabled_by_default: bool = True
    valid: tuple[str, ...] = ()
    invalid: tuple[str, ...] = ()  # an `Example` pins its fixed text
    check: Callable[["FileFacts"], Iterable[Finding]] | None = None


@lru_cache(maxsize=None)
def all_rules() -> tuple[Rule, ...]:
    """Every rule of the package, sorted by code."""
    found = []
    for info in pkgutil.iter_modules(__path__):
        if re.fullmatch(r"zg\d{3}_\w+", info.name):
            module = importlib.import_module(f"{__name__}.{info.name}")
            found.append(module.RULE)
    return tuple(sorted(found, key=lambda rule: rule.code))


@dataclass(frozen=True)
class Entry:
    """What selection and the gate need to know of a rule, read without importing it."""

    code: str
    enabled_by_default: bool
    needs: tuple[str, ...]


@lru_cache(maxsize=None)
def catalogue() -> tuple[Entry, ...]:
    """Every rule's code, default and needs, sorted by code.

    Importing a rule imports the analysis it reads, LibCST included (a quarter
    of a second); a run over files that have no training code must not pay
    for that. So these are read from the `RULE = Rule(...)` of each module's
    source, where they are written as literals, unless the module is imported.
    """
    entries = []
    for info in pkgutil.iter_modules(__path__):
        if re.fullmatch(r"zg\d{3}_\w+", info.name):
            name = f"{__name__}.{info.name}"
            rule = getattr(sys.modules.get(name), "RULE", None)  # imported (the editor's warm-up): nothing to parse, ~4 ms
            entries.append(declared(name) if rule is None else Entry(rule.code, rule.enabled_by_default, rule.needs))
    return tuple(sorted(entries, key=lambda entry: entry.code))


def declared(module_name: str) -> Entry:
    # Read the file itself: under pytest the loader may be an assertion
    # rewriter that cannot give the source back.
    spec = importlib.util.find_spec(module_name)
    origin = spec.origin if spec is not None else None
    source = Path(origin).read_text(encoding="utf-8") if origin is not None and origin.endswith(".py") else None
    start = source.find("\nRULE = Rule(") if source is not None else -1
    if source is None or start == -1:
        rule = importlib.import_module(module_name).RULE  # no source to read: import it
        return Entry(rule.code, rule.enabled_by_default, rule.needs)
    call = ast.parse(source[start:]).body[0].value  # type: ignore[attr-defined]
    keywords = {keyword.arg: keyword.value for keyword in call.keywords}
    try:
        return Entry(
            ast.literal_eval(keywords["code"]),
            ast.literal_eval(keywords.get("enabled_by_default", ast.Constant(True))),
            tuple(ast.literal_eval(keywords["needs"])),
        )
    except (KeyError, ValueError) as error:
        raise TypeError(f"{module_name}: RULE must give code, needs and enabled_by_default as literals ({error!r})") from None


def rule_by_code(code: str) -> Rule | None:
    return next((rule for rule in all_rules() if rule.code == code.upper()), None)


def expected_reports(example: str) -> list[tuple[int, str]]:
    """The (line, code) pairs an INVALID example marks with ``# <- CODE``."""
    marks = []
    for number, text in enumerate(example.splitlines(), start=1):
        for code in re.findall(r"#\s*<-\s*((?:ZG\d{3}[ ,]*)+)", text):
            marks.extend((number, c) for c in re.findall(r"ZG\d{3}", code))
    return marks
