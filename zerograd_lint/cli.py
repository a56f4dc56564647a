"""The command line: click commands that parse options and hand over; no analysis here."""

from __future__ import annotations

import dataclasses
import os
import stat
import sys
import tempfile
from pathlib import Path
from typing import Sequence

import click

from zerograd_lint import __version__
from zerograd_lint.buffer import check_buffer, settings_for
from zerograd_lint.cache import Cache, project_root
from zerograd_lint.config import ConfigError, Options, Settings, load_settings
from zerograd_lint.diagnostics import Diagnostic
from zerograd_lint.discovery import MissingPath, discover
from zerograd_lint.fixes import FIXES, FixOutcome, describe_fix, fix_source, unified_diff
from zerograd_lint.fixes.notebook import fix_notebook
from zerograd_lint.formats import FORMATTERS, HUMAN_FORMATS, statistics
from zerograd_lint.formats.text import location
from zerograd_lint.progress import tracked, wants_progress
from zerograd_lint.rule_docs import rule_page, rule_table, rules_document
from zerograd_lint.rules import all_rules, rule_by_code
from zerograd_lint.runner import MAX_ANALYSED_BYTES, RunResult, available_cores, check_paths
from zerograd_lint.selection import Selection, SelectionError

EXIT_CLEAN, EXIT_REPORTS, EXIT_ERROR = 0, 1, 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report Ctrl-C
STDIN = "-"  # the path that means: read the source from stdin


class Failure(click.ClickException):
    """A config file that cannot be used, a report that cannot be written: exit 2, like a usage error."""

    exit_code = EXIT_ERROR


def split_commas(values: Sequence[str]) -> tuple[str, ...]:
    return tuple(item.strip() for value in values for item in value.split(",") if item.strip())


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="zerograd-lint")
def main() -> None:
    """Find PyTorch gradient-lifecycle bugs: zero_grad, backward, step, clipping, AMP."""


@main.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--select", multiple=True, help="Codes or prefixes to check, replacing the default set (e.g. ZG1,ZG401, ALL).")
@click.option("--ignore", multiple=True, help="Codes or prefixes to leave out.")
@click.option("--extend-select", multiple=True, help="Codes or prefixes to add to the default set (e.g. ZG104).")
@click.option("--exclude", multiple=True, help="Glob patterns of files and folders to skip, replacing the configured ones.")
@click.option("--extend-exclude", multiple=True, help="Glob patterns to skip, in addition to the configured ones.")
@click.option("--config", "config_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="The pyproject.toml to read (default: the nearest one with [tool.zerograd-lint] above the paths).")
@click.option("--format", "output_format", type=click.Choice(list(FORMATTERS)), default="text", show_default=True)
@click.option("--output-file", "-o", type=click.Path(dir_okay=False, path_type=Path), help="Write the report to this file instead of stdout.")
@click.option("--statistics", is_flag=True, help="Show how many reports of each code instead of the reports.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when something is reported.")
@click.option("--quiet", "-q", is_flag=True, help="Print the reports and nothing else (no summary, no progress).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), help="Files checked in parallel (default: all cores).")
@click.option("--no-cache", is_flag=True, help="Neither read nor write .zerograd_lint_cache/.")
@click.option("--fix", is_flag=True, help="Apply the safe fixes, then report what remains.")
@click.option("--unsafe-fixes", is_flag=True, help="With --fix or --diff, apply the unsafe fixes too.")
@click.option("--diff", is_flag=True, help="Print the fixes as unified diffs; write nothing (exit 1 if there are any).")
@click.option("--show-fixes", is_flag=True, help="List the fixes applied (with --fix) or available.")
@click.option("--stdin-filename", help="With `-` as the path: the file the source on stdin stands for "
              "(its configuration, excludes and per-file ignores; its path in the reports).")
def check(
    paths: tuple[str, ...],
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    extend_select: tuple[str, ...],
    exclude: tuple[str, ...],
    extend_exclude: tuple[str, ...],
    config_file: Path | None,
    output_format: str,
    output_file: Path | None,
    statistics: bool,
    exit_zero: bool,
    quiet: bool,
    jobs: int | None,
    no_cache: bool,
    fix: bool,
    unsafe_fixes: bool,
    diff: bool,
    show_fixes: bool,
    stdin_filename: str | None,
) -> None:
    """Check PATHS (files or folders; default: the current folder; `-`: the source on stdin)."""
    if statistics and output_format not in ("text", "json"):
        raise click.UsageError("--statistics works with --format text or json")
    reading_stdin = paths == (STDIN,)
    if STDIN in paths and not reading_stdin:
        raise click.UsageError("`-` (the source on stdin) cannot be checked together with other paths")
    if stdin_filename and not reading_stdin:
        raise click.UsageError("--stdin-filename names the source read from stdin: give `-` as the path")
    if reading_stdin and (fix or diff or show_fixes):
        raise click.UsageError("--fix, --diff and --show-fixes work on files, not on stdin")
    command_line = Options(
        selection=Selection(
            select=split_commas(select) or None, ignore=split_commas(ignore), extend_select=split_commas(extend_select)
        ),
        exclude=split_commas(exclude) or None,
        extend_exclude=split_commas(extend_exclude),
    )
    try:
        if reading_stdin:
            settings, files = settings_for(stdin_filename, command_line, config_file), []
        else:
            settings = load_settings(paths, command_line, config_file)
            files = [path for path in discover(paths or (".",)) if not settings.is_excluded(path)]
    except ConfigError as error:
        raise Failure(str(error)) from None
    except (SelectionError, MissingPath) as error:
        raise click.UsageError(str(error)) from None

    if fix or diff or show_fixes:
        fixed = apply_fixes(files, settings, write=fix and not diff, unsafe=unsafe_fixes, show=show_fixes, diff=diff)
        if diff:
            sys.exit(EXIT_REPORTS if fixed else EXIT_CLEAN)
        if fix and output_format in HUMAN_FORMATS and not quiet:
            click.echo(f"Fixed {fixed} report{'s' if fixed != 1 else ''}.", err=True)

    cache = None if no_cache else Cache.under(project_root(paths))
    human = output_format in HUMAN_FORMATS and not quiet
    tracked_files = tracked(files, sys.stderr) if human and wants_progress(sys.stderr, len(files)) else files
    sources: dict[str, str | None] = {}
    try:
        if reading_stdin:
            shown = stdin_filename or STDIN
            result, sources[shown] = check_buffer(sys.stdin.buffer.read(), shown, settings)
        else:
            result = check_paths(tracked_files, settings, jobs=jobs or available_cores(), cache=cache)
    except KeyboardInterrupt:
        click.echo("zerograd-lint: interrupted", err=True)
        sys.exit(EXIT_INTERRUPTED)

    if output_format == "json":
        result.diagnostics = with_fixes(result.diagnostics, sources)
    write_report(render(result, output_format, statistics), output_file)
    for message in result.internal_errors:
        click.echo(f"zerograd-lint: {message}", err=True)
    if human:
        click.echo(summary(result), err=True)
    if result.internal_errors:
        sys.exit(EXIT_ERROR)
    sys.exit(EXIT_REPORTS if result.diagnostics and not exit_zero else EXIT_CLEAN)


def apply_fixes(files: Sequence[Path], settings: Settings, *, write: bool, unsafe: bool, show: bool, diff: bool) -> int:
    """Fix every file (writing it when `write`), print diffs and what was done; how many reports were fixed."""
    fixed = 0
    for path in files:
        try:
            data = path.read_bytes()
            if len(data) > MAX_ANALYSED_BYTES:
                continue
            bom, original = split_bom(data.decode("utf-8"))  # bytes decoded as they are: CRLF stays CRLF
        except (OSError, UnicodeDecodeError):
            continue  # the check that follows reports what cannot be read; other encodings are left alone
        try:
            outcome = fix_file(original, str(path), settings.selection_for(path), unsafe)
        except Exception as error:  # one file's internal failure never loses the run
            click.echo(f"zerograd-lint: {path}: internal error while fixing: {type(error).__name__}: {error}", err=True)
            continue
        for d, reason in outcome.skipped:
            click.echo(f"{location(d)}: {d.code} not fixed: {reason}", err=True)
        if not outcome.changed:
            continue
        fixed += len(outcome.applied)
        if show:
            verb = "fixed" if write else "fix"
            for d in outcome.applied:
                click.echo(f"{location(d)}: {d.code} {verb}: {FIXES[d.code].message(d)}", err=True)
        if diff:
            click.echo(unified_diff(original, outcome.source, str(path)), nl=False)
        if write:
            try:
                write_atomically(path, bom + outcome.source)
            except OSError as error:
                raise Failure(f"cannot write {path}: {error.strerror or error}") from None
    return fixed


def split_bom(text: str) -> tuple[str, str]:
    return ("\ufeff", text[1:]) if text.startswith("\ufeff") else ("", text)


def fix_file(text: str, path: str, selection: Selection, unsafe: bool) -> FixOutcome:
    if path.endswith(".ipynb"):
        return fix_notebook(text, path, selection, unsafe)
    return fix_source(text, path, selection, unsafe)


def write_atomically(path: Path, text: str) -> None:
    """A temp file in the same folder renamed over the original: a reader sees the old file or the new, never half."""
    mode = stat.S_IMODE(path.stat().st_mode) if path.exists() else 0o666 & ~current_umask()
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            out.write(text)
        os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        os.unlink(temp)
        raise


def current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def with_fixes(diagnostics: list[Diagnostic], sources: dict[str, str | None]) -> list[Diagnostic]:
    """JSON's `fix` field: each fixable report with the edit its fix makes on the file as it is.

    `sources`: the text of the files already read (stdin's); the others are read here.
    """
    out = []
    for d in diagnostics:
        if d.code in FIXES and d.cell is None:
            if d.path not in sources:
                try:
                    sources[d.path] = Path(d.path).read_text(encoding="utf-8")
                except (OSError, UnicodeDecodeError):
                    sources[d.path] = None
            source = sources[d.path]
            if source is not None:
                d = dataclasses.replace(d, data={**d.data, "fix": describe_fix(source, d)})
        out.append(d)
    return out


def render(result: RunResult, output_format: str, show_statistics: bool) -> str:
    if show_statistics:
        as_json = output_format == "json"
        return (statistics.render_json if as_json else statistics.render_text)(result.diagnostics)
    return FORMATTERS[output_format](result.diagnostics)


def write_report(report: str, output_file: Path | None) -> None:
    if output_file is None:
        click.echo(report, nl=False)
        return
    try:
        write_atomically(output_file, report)  # Ctrl-C never leaves half a report
    except OSError as error:
        raise Failure(f"cannot write {output_file}: {error.strerror or error}") from None


def summary(result: RunResult) -> str:
    files = f"{result.files_checked} file{'s' if result.files_checked != 1 else ''} checked"
    count = len(result.diagnostics)
    if not count:
        return f"All checks passed ({files})."
    return f"Found {count} report{'s' if count != 1 else ''} ({files})."


@main.command()
@click.argument("code", required=False)
@click.option("--all", "show_all", is_flag=True, help="List every rule (with --format markdown: the whole docs/rules.md).")
@click.option("--format", "output_format", type=click.Choice(["text", "markdown"]), default="text", show_default=True)
def rule(code: str | None, show_all: bool, output_format: str) -> None:
    """Explain rule CODE (what it does, why, an example, the fix), or list them all."""
    if show_all == (code is not None):
        raise click.UsageError("give a rule code (e.g. ZG101) or --all")
    if show_all:
        rules = all_rules()
        click.echo(rules_document(rules) if output_format == "markdown" else rule_table(rules), nl=False)
        return
    found = rule_by_code(code or "")
    if found is None:
        known = ", ".join(r.code for r in all_rules())
        raise click.UsageError(f"unknown rule code {code!r} (known codes: {known})")
    click.echo(rule_page(found), nl=False)


@main.command()
@click.argument("target", metavar="FILE[:LINE]")
def explain(target: str) -> None:
    """Show the inferred gradient lifecycle of each training loop in FILE (or the one around LINE)."""
    from pathlib import Path

    from zerograd_lint.explain import explain_source
    from zerograd_lint.source import UndecodableSource, decode_source

    path, _, line = target.rpartition(":") if target.rpartition(":")[2].isdigit() else (target, "", "")
    try:
        source = decode_source(Path(path).read_bytes())
    except (OSError, UndecodableSource) as error:
        raise click.UsageError(f"cannot read {path}: {error}") from None
    click.echo(explain_source(source, path, int(line) if line else None, style=click.style), nl=False)


@main.command()
def server() -> None:
    """Serve the Language Server Protocol over stdin/stdout, for editors (needs `zerograd-lint[lsp]`)."""
    try:
        from zerograd_lint.lsp.server import serve
    except ModuleNotFoundError as error:
        if (error.name or "").partition(".")[0] not in ("pygls", "lsprotocol"):
            raise
        click.echo(f"zerograd-lint: `server` needs pygls ({error}): pip install 'zerograd-lint[lsp]'", err=True)
        sys.exit(EXIT_ERROR)
    serve()


@main.command(context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False})
@click.option("--format", "output_format", type=click.Choice(sorted(FORMATTERS)), default="text", show_default=True)
@click.option("--output-file", type=click.Path(dir_okay=False, writable=True), help="Write the findings here.")
@click.option(
    "--accumulation-steps",
    type=click.IntRange(min=1),
    help="Declared gradient accumulation: a step may apply up to N iterations' backwards.",
)
@click.argument("script", type=click.Path(exists=True, dir_okay=False))
@click.argument("script_args", nargs=-1, type=click.UNPROCESSED)
def run(
    output_format: str, output_file: str | None, accumulation_steps: int | None, script: str, script_args: tuple[str, ...]
) -> None:
    """Run SCRIPT [ARGS...] under the runtime guard (like `python SCRIPT ARGS...`) and report what torch did.

    Exit status: 1 when something is reported; otherwise the script's own
    (0 when it ends normally, 1 on an uncaught exception, its sys.exit code),
    as `coverage run` does; 2 for usage errors and internal failures. Unless
    the findings go to --output-file, a machine format (json, ...) owns
    stdout and the script's own stdout is sent to stderr.
    """
    from zerograd_lint.runtime.script import run_script, stdout_sent_to_stderr

    try:
        import torch  # noqa: F401
    except ImportError:
        click.echo("zerograd-lint: `run` needs torch: pip install 'zerograd-lint[runtime]'", err=True)
        sys.exit(EXIT_ERROR)
    keep_stdout_clean = output_format != "text" and output_file is None
    try:
        with stdout_sent_to_stderr(keep_stdout_clean):
            outcome = run_script(script, script_args, accumulation_steps)
    except Exception as error:  # the guard itself failed, not the script
        click.echo(f"zerograd-lint: internal error: {type(error).__name__}: {error}", err=True)
        sys.exit(EXIT_ERROR)
    rendered = FORMATTERS[output_format](outcome.findings)
    if output_file is None:
        click.echo(rendered, nl=False)
    else:
        with open(output_file, "w", encoding="utf-8") as out:
            out.write(rendered)
    sys.exit(EXIT_REPORTS if outcome.findings else outcome.exit_status)
