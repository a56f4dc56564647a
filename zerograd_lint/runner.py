"""Checks many files: reads each one (I/O lives here), lints it, collects the results."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from zerograd_lint.diagnostics import Diagnostic
from zerograd_lint.engine import lint_source, parse_error
from zerograd_lint.config import DEFAULT_SETTINGS, Settings
from zerograd_lint.notebook import lint_notebook
from zerograd_lint.selection import DEFAULT_SELECTION, Selection
from zerograd_lint.source import UndecodableSource, decode_source


@dataclass
class RunResult:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    internal_errors: list[str] = field(default_factory=list)
    files_checked: int = 0


def check_file(path: Path, selection: Selection = DEFAULT_SELECTION) -> list[Diagnostic]:
    shown = str(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        return [parse_error(shown, 1, 1, f"cannot read file: {error.strerror or error}")]
    try:
        source = decode_source(data)
    except UndecodableSource as error:
        return [parse_error(shown, 1, 1, str(error))]
    if path.suffix == ".ipynb":
        return lint_notebook(source, shown, selection)
    return lint_source(source, shown, selection)


def check_paths(files: Iterable[Path], settings: Settings = DEFAULT_SETTINGS) -> RunResult:
    result = RunResult()
    for path in files:
        result.files_checked += 1
        try:
            result.diagnostics.extend(check_file(path, settings.selection_for(path)))
        except Exception as error:  # one file's internal failure never loses the run
            result.internal_errors.append(f"{path}: internal error: {type(error).__name__}: {error}")
    result.diagnostics.sort(key=lambda d: d.sort_key)
    return result
