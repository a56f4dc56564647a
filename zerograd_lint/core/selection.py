"""Which codes are on: ruff's --select / --ignore / --extend-select with prefixes."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Iterator

from zerograd_lint.rules import Entry, catalogue


class SelectionError(ValueError):
    """A code or prefix that matches no rule."""


def expand(selectors: Iterable[str]) -> frozenset[str]:
    """Codes matched by codes or prefixes (`ZG1`, `ZG101`, `ALL`); unknown ones raise."""
    return frozenset(entry.code for entry, _ in matches(selectors))


def switched_on(selectors: Iterable[str]) -> frozenset[str]:
    """The codes that selectors turn on: a prefix turns on the rules that are on by default; a rule that is
    off by default comes on only when named exactly or with `ALL` (as flake8's default ignore list keeps
    such a code off under a prefix), so `--select ZG` is not the strict rules too."""
    return frozenset(entry.code for entry, named in matches(selectors) if named or entry.enabled_by_default)


def matches(selectors: Iterable[str]) -> Iterator[tuple[Entry, bool]]:
    """Each rule a selector matches, and whether the selector names it (its exact code, or `ALL`)."""
    entries = catalogue()
    for raw in selectors:
        selector = raw.strip().upper()
        if not selector:
            continue
        hits = [entry for entry in entries if selector == "ALL" or entry.code.startswith(selector)]
        if not hits:
            codes = ", ".join(entry.code for entry in entries)
            raise SelectionError(f"unknown rule selector {raw!r} (known codes: {codes})")
        yield from ((entry, selector in ("ALL", entry.code)) for entry in hits)


@dataclass(frozen=True)
class Selection:
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()
    extend_select: tuple[str, ...] = ()

    def codes(self) -> frozenset[str]:
        return codes_of(self)


@lru_cache(maxsize=None)  # asked once per file: a warm run over a large tree spent a third of its time here
def codes_of(selection: Selection) -> frozenset[str]:
    if selection.select is None:
        base = frozenset(entry.code for entry in catalogue() if entry.enabled_by_default)
    else:
        base = switched_on(selection.select)
    return (base | switched_on(selection.extend_select)) - expand(selection.ignore)


DEFAULT_SELECTION = Selection()
