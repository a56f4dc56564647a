"""Which codes are on: ruff's --select / --ignore / --extend-select with prefixes."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from zerograd_lint.rules import catalogue


class SelectionError(ValueError):
    """A code or prefix that matches no rule."""


def expand(selectors: Iterable[str]) -> frozenset[str]:
    """Codes matched by codes or prefixes (`ZG1`, `ZG101`, `ALL`); unknown ones raise."""
    codes = [entry.code for entry in catalogue()]
    matched: set[str] = set()
    for raw in selectors:
        selector = raw.strip().upper()
        if not selector:
            continue
        hits = codes if selector == "ALL" else [c for c in codes if c.startswith(selector)]
        if not hits:
            raise SelectionError(f"unknown rule selector {raw!r} (known codes: {', '.join(codes)})")
        matched.update(hits)
    return frozenset(matched)


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
        base = expand(selection.select)
    return (base | expand(selection.extend_select)) - expand(selection.ignore)


DEFAULT_SELECTION = Selection()
