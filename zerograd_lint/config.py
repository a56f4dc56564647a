"""Effective settings of a run: command line over `[tool.zerograd-lint]` in pyproject.toml."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from zerograd_lint.selection import DEFAULT_SELECTION, Selection


@dataclass(frozen=True)
class Settings:
    selection: Selection = DEFAULT_SELECTION

    def selection_for(self, path: Path) -> Selection:
        """The selection for one file (per-file-ignores narrow it)."""
        return self.selection


DEFAULT_SETTINGS = Settings()
