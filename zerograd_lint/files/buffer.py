"""A buffer: source text that stands for a file, such as an editor's document or `check -`'s stdin.

It may differ from the file on disk, or the file may not exist yet. It is
checked as `check` would check that file: the configuration found from its
path, that path's excludes and per-file ignores, that path in the reports.
"""

from __future__ import annotations

from pathlib import Path

from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.core.selection import Selection
from zerograd_lint.files.config import Options, Settings, load_settings
from zerograd_lint.files.runner import (
    MAX_ANALYSED_BYTES,
    RunResult,
    collector_tuned_for_one_file,
    lint,
    own_report,
    too_large,
    with_suggestions,
)
from zerograd_lint.files.source import UndecodableSource, decode_source


def settings_for(path: str | None, command_line: Options = Options(), config_file: Path | None = None) -> Settings:
    """The settings `check PATH` would use; for None (a buffer with no file), those of the current folder."""
    return load_settings([path] if path else [], command_line, config_file)


def buffer_selection(path: str, settings: Settings) -> Selection | None:
    """The codes checked in the file at `path`; None when the settings exclude it."""
    file = Path(path)
    return None if settings.is_excluded(file) else settings.selection_for(file)


def lint_python(source: str, path: str, selection: Selection) -> list[Diagnostic]:
    """`lint_source`, except that a source too large to analyse is a ZG000 report, as for files."""
    size = len(source.encode("utf-8", "surrogatepass"))
    if size > MAX_ANALYSED_BYTES:
        return own_report(path, selection, too_large(size))
    from zerograd_lint.base.diagnostics import placed_in
    from zerograd_lint.core.engine import lint_source  # imported once there is something to analyse
    from zerograd_lint.files.project_index import project_of

    project = project_of(path)
    with collector_tuned_for_one_file():
        return placed_in(path, lint_source(source, path, selection, project))


def check_buffer(data: bytes, path: str, settings: Settings, suggest: bool = False) -> RunResult:
    """`check`'s result for a file at `path` holding `data` (a notebook's JSON when the path ends in `.ipynb`);
    `suggest`: each fixable report with its suggestion (JSON's `fix`)."""
    selection = buffer_selection(path, settings)
    if selection is None:
        return RunResult()
    result = RunResult(files_checked=1)
    try:
        source = decode_source(data)
    except UndecodableSource as error:
        result.diagnostics = own_report(path, selection, str(error))
        return result
    try:
        if path.endswith(".ipynb"):
            with collector_tuned_for_one_file():  # a door of one file: a report on another module's line is that module's
                result.diagnostics = [d for d in lint(source, path, selection, suggest) if d.path == path]
        else:
            reports = lint_python(source, path, selection)
            result.diagnostics = with_suggestions(source, reports) if suggest else reports
    except Exception as error:  # as for files: an internal failure is the run's error, never a crash
        result.internal_errors.append(f"{path}: internal error: {type(error).__name__}: {error}")
    return result
