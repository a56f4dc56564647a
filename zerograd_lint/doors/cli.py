"""The command line: click commands that parse options and hand over; no analysis here."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import NoReturn, Sequence

import click

from zerograd_lint.base import __version__
from zerograd_lint.core.selection import Selection, SelectionError
from zerograd_lint.files.buffer import check_buffer, settings_for
from zerograd_lint.files.cache import Cache, project_root
from zerograd_lint.files.config import ConfigError, Options, Settings, load_settings
from zerograd_lint.files.discovery import MissingPath, discover_sizes
from zerograd_lint.files.progress import tracked, wants_progress
from zerograd_lint.files.runner import Fixing, RunResult, check_paths
from zerograd_lint.files.source import write_atomically
from zerograd_lint.formats import FORMATTERS, HUMAN_FORMATS

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


# What `program` hands the commands: they run as the `zerograd-lint` program, not called by other code.
AS_PROGRAM = object()


def program() -> None:
    """`zerograd-lint` and `python -m zerograd_lint`: the commands, run as a program (see `finish`)."""
    main(obj=AS_PROGRAM)


def finish(status: int) -> NoReturn:
    """End `check` with this exit status. As the program, the process ends once its output is out (`os._exit`,
    as mypy does): the workers are done or stopped and every file is written, and the interpreter's teardown
    of all the analysis imported (a few hundredths of a second) would change nothing, after Ctrl-C even less
    (Python 3.11 could end such a run killed by SIGINT rather than with 130). Called by other code (tests, a
    tool running `main`), it raises SystemExit as usual."""
    context = click.get_current_context(silent=True)
    if context is None or context.find_root().obj is not AS_PROGRAM:
        sys.exit(status)
    from zerograd_lint.files import dataclass_methods

    dataclass_methods.keep()  # what this run compiled (nothing once kept), for the next run
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass  # a reader that went away, a closed stream: nothing more can be written
    os._exit(status)


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(readable=False))  # unreadable paths become ZG000 reports
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
@click.option("--jobs", "-j", type=click.IntRange(min=1), help="Files, or the pieces of one large file, checked in parallel (default: all cores).")
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
        exclude=split_commas(exclude) if exclude else None,  # `--exclude ''` clears the configured ones
        extend_exclude=split_commas(extend_exclude),
    )
    try:
        if reading_stdin:
            settings, found = settings_for(stdin_filename, command_line, config_file), []
        else:
            settings = load_settings(paths, command_line, config_file)
            found = files_to_check(paths or (".",), settings, quiet)
    except ConfigError as error:
        raise Failure(str(error)) from None
    except (SelectionError, MissingPath) as error:
        raise click.UsageError(str(error)) from None
    except KeyboardInterrupt:
        interrupted()

    fixing = Fixing(write=fix and not diff, unsafe=unsafe_fixes, diff=diff) if fix or diff or show_fixes else None
    cache = None if no_cache else Cache.under(project_root(paths))
    human = output_format in HUMAN_FORMATS and not quiet
    progress = (lambda items: tracked(items, sys.stderr)) if human and wants_progress(sys.stderr, len(found)) else iter
    suggest = output_format == "json" and not statistics  # JSON's `fix`, made where the file is analysed
    try:
        if reading_stdin:
            result = check_buffer(sys.stdin.buffer.read(), stdin_filename or STDIN, settings, suggest)
        else:
            result = check_paths(
                [path for path, _ in found], settings, jobs=jobs, cache=cache, fixing=fixing, progress=progress, suggest=suggest, sizes=dict(found)
            )
    except KeyboardInterrupt:
        interrupted()

    if fixing is not None:
        show_what_fixing_did(result, fixing, show=show_fixes)
        if diff:
            for message in result.internal_errors:
                click.echo(f"zerograd-lint: {message}", err=True)
            finish(EXIT_ERROR if result.internal_errors else EXIT_REPORTS if result.fixed else EXIT_CLEAN)
        if fix and human:
            click.echo(f"Fixed {result.fixed} report{'s' if result.fixed != 1 else ''}.", err=True)
    write_report(render(result, output_format, statistics), output_file)
    for message in result.internal_errors:
        click.echo(f"zerograd-lint: {message}", err=True)
    if human:
        click.echo(summary(result), err=True)
    if result.internal_errors:
        finish(EXIT_ERROR)
    finish(EXIT_REPORTS if result.diagnostics and not exit_zero else EXIT_CLEAN)


def interrupted() -> NoReturn:
    """Ctrl-C while files are found or checked: said in one line, exit 130 (no traceback, nothing half written)."""
    click.echo("zerograd-lint: interrupted", err=True)
    finish(EXIT_INTERRUPTED)


def files_to_check(paths: Sequence[str], settings: Settings, quiet: bool) -> list[tuple[Path, int]]:
    """The files under the paths that no exclude pattern matches, each with its size. Excludes apply to a file named
    on the command line too (pre-commit names every staged file, as ruff's --force-exclude), and the run says so."""
    named = {Path(raw) for raw in paths}
    files = []
    for path, size in discover_sizes(paths):
        pattern = settings.exclusion_of(path)
        if pattern is None:
            files.append((path, size))
        elif path in named and not quiet:
            click.echo(f"zerograd-lint: {path}: not checked: the exclude pattern {pattern!r} matches it", err=True)
    return files


def show_what_fixing_did(result: RunResult, fixing: Fixing, *, show: bool) -> None:
    """File by file: the reports a fix failed on and why, the fixes (with --show-fixes), the diffs (with --diff)."""
    from zerograd_lint.formats.text import location

    for fixes in result.fixes:
        for d, reason in fixes.skipped:
            click.echo(f"{location(d)}: {d.code} not fixed: {reason}", err=True)
        if show:
            for d, message in fixes.applied:
                click.echo(f"{location(d)}: {d.code} {'fixed' if fixing.write else 'fix'}: {message}", err=True)
        if fixing.diff:
            click.echo(fixes.diff, nl=False)
    if show:
        from zerograd_lint.fixes.unfixable import WHY_NOT_FIXED

        for d in result.diagnostics:  # a rule with no fix: say why, or the user waits for one
            if d.code in WHY_NOT_FIXED:
                click.echo(f"{location(d)}: {d.code} no fix: {WHY_NOT_FIXED[d.code]}", err=True)


def render(result: RunResult, output_format: str, show_statistics: bool) -> str:
    if show_statistics:
        from zerograd_lint.formats import statistics

        as_json = output_format == "json"
        return (statistics.render_json if as_json else statistics.render_text)(result.diagnostics)
    return FORMATTERS[output_format](result.diagnostics)


def write_report(report: str, output_file: Path | None) -> None:
    if output_file is None:
        click.echo(report, nl=False)
        return
    try:
        write_atomically(output_file, report.encode("utf-8"))  # Ctrl-C never leaves half a report
    except OSError as error:
        raise Failure(f"cannot write {output_file}: {error.strerror or error}") from None


def summary(result: RunResult) -> str:
    files = f"{result.files_checked} file{'s' if result.files_checked != 1 else ''} checked"
    count = len(result.diagnostics)
    if not count:
        return f"All checks passed ({files})."
    return f"Found {count} report{'s' if count != 1 else ''} ({files})."


@main.command()
@click.argument("code", required=False, metavar="[CODE|NAME]")
@click.option("--all", "show_all", is_flag=True, help="List every rule (with --format markdown: the whole docs/rules.md).")
@click.option("--format", "output_format", type=click.Choice(["text", "markdown"]), default="text", show_default=True)
def rule(code: str | None, show_all: bool, output_format: str) -> None:
    """Explain a rule, by code or name (what it does, why, an example, the fix), or list them all."""
    from zerograd_lint.rules import all_rules, rule_by_code
    from zerograd_lint.rules.pages import rule_page, rule_table, rules_document

    if show_all == (code is not None):
        raise click.UsageError("give a rule code or name (e.g. ZG101 or missing-zero-grad) or --all")
    if show_all:
        rules = all_rules()
        click.echo(rules_document(rules) if output_format == "markdown" else rule_table(rules), nl=False)
        return
    found = rule_by_code(code or "") or next((r for r in all_rules() if r.name == (code or "").lower()), None)
    if found is None:
        known = ", ".join(f"{r.code} ({r.name})" for r in all_rules())
        raise click.UsageError(f"unknown rule {code!r} (known rules: {known})")
    click.echo(rule_page(found), nl=False)


@main.command()
@click.argument("targets", nargs=-1, required=True, metavar="FILE[:LINE]...")
@click.option("--config", "config_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="The pyproject.toml to read (default: the nearest one with [tool.zerograd-lint] above the files).")
def explain(targets: tuple[str, ...], config_file: Path | None) -> None:
    """Show the inferred gradient lifecycle of each training loop in each FILE (or those around LINE),
    with the reports `check` makes there. A notebook's line is named as NOTEBOOK:cell N:LINE."""
    from zerograd_lint.doors.explain import ExplainError, explain_targets, parse_target

    parsed = [parse_target(text) for text in targets]
    try:
        settings = load_settings([t.path for t in parsed], Options(), config_file)
        click.echo(explain_targets(parsed, settings.selection_for, style=click.style), nl=False)
    except ConfigError as error:
        raise Failure(str(error)) from None
    except ExplainError as error:
        raise click.UsageError(str(error)) from None


@main.command()
def server() -> None:
    """Serve the Language Server Protocol over stdin/stdout, for editors (needs `zerograd-lint[lsp]`)."""
    from zerograd_lint.doors.lsp import start  # `zerograd-lint server` alone starts there without the command line

    start()


@main.command(context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False})
@click.option("--format", "output_format", type=click.Choice(sorted(FORMATTERS)), default="text", show_default=True)
@click.option("--output-file", "-o", type=click.Path(dir_okay=False, path_type=Path), help="Write the findings here.")
@click.option(
    "--accumulation-steps",
    type=click.IntRange(min=1),
    help="Declared gradient accumulation: a step may apply up to N iterations' backwards.",
)
@click.option(
    "--nproc-per-node",
    type=click.IntRange(min=1),
    help="Run the script on N processes under torchrun (DDP): one report for all ranks.",
)
@click.option("--merged-to", type=click.Path(dir_okay=False, path_type=Path), hidden=True)  # from --nproc-per-node
@click.argument("script", type=click.Path(exists=True, dir_okay=False))
@click.argument("script_args", nargs=-1, type=click.UNPROCESSED)
def run(
    output_format: str,
    output_file: Path | None,
    accumulation_steps: int | None,
    nproc_per_node: int | None,
    merged_to: Path | None,
    script: str,
    script_args: tuple[str, ...],
) -> None:
    """Run SCRIPT [ARGS...] under the runtime guard (like `python SCRIPT ARGS...`) and report what torch did.

    Exit status: 1 when something is reported; otherwise the script's own
    (0 when it ends normally, 1 on an uncaught exception or a syntax error,
    its sys.exit code), as `coverage run` does; 2 for usage errors and
    internal failures. Unless the findings go to --output-file, a machine
    format (json, ...) owns stdout and the script's own stdout is sent to
    stderr. Under torchrun (`torchrun --nproc_per_node=N -m zerograd_lint run
    SCRIPT`, or --nproc-per-node N) rank 0 reports the findings of all ranks.
    """
    syntax_error = script_syntax_error(script)
    if syntax_error is not None:  # as python says it, before torch's import (which may print warnings of its own)
        import traceback  # only here: `check`'s start does without it

        traceback.print_exception(type(syntax_error), syntax_error, None)
        sys.exit(1)
    from zerograd_lint.runtime.script import run_script, stdout_sent_to_stderr

    try:
        import torch  # noqa: F401
    except ImportError:
        click.echo("zerograd-lint: `run` needs torch: pip install 'zerograd-lint[runtime]'", err=True)
        sys.exit(EXIT_ERROR)
    keep_stdout_clean = output_format != "text" and output_file is None
    if nproc_per_node is not None:
        from zerograd_lint.runtime.launch import run_on_processes

        findings, status = run_on_processes(nproc_per_node, script, script_args, accumulation_steps, keep_stdout_clean)
    else:
        from zerograd_lint.runtime.distributed import Job

        try:
            with stdout_sent_to_stderr(keep_stdout_clean):
                outcome = run_script(script, script_args, accumulation_steps)
                job = Job.from_environment()
                merged = job.merged(outcome.findings) if job is not None else list(outcome.findings)
        except Exception as error:  # the guard itself failed, not the script
            click.echo(f"zerograd-lint: internal error: {type(error).__name__}: {error}", err=True)
            sys.exit(EXIT_ERROR)
        if merged is None:  # another rank than 0: rank 0 reports for all
            sys.exit(outcome.exit_status)
        if merged_to is not None:  # for the launcher of --nproc-per-node, which reports
            write_report(json.dumps([d.as_json() for d in merged]), merged_to)
            sys.exit(outcome.exit_status)
        findings, status = merged, outcome.exit_status
    write_report(FORMATTERS[output_format](findings), output_file)
    sys.exit(EXIT_REPORTS if findings else status)


def script_syntax_error(path: str) -> SyntaxError | None:
    """The SyntaxError python would stop `python SCRIPT` with, if any (None when it cannot be read: the run says why)."""
    try:
        source = Path(path).read_bytes()
    except OSError:
        return None
    try:
        compile(source, os.path.abspath(path), "exec", dont_inherit=True)
    except SyntaxError as error:
        return error
    except ValueError:  # null bytes: python says so when it runs the script
        return None
    return None
