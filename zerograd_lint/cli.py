"""The command line: click commands that parse options and hand over; no analysis here."""

from __future__ import annotations

import sys
from typing import Sequence

import click

from zerograd_lint import __version__
from zerograd_lint.cache import Cache, project_root
from zerograd_lint.discovery import MissingPath, discover
from zerograd_lint.formats import FORMATTERS
from zerograd_lint.config import Settings
from zerograd_lint.runner import available_cores, check_paths
from zerograd_lint.selection import Selection, SelectionError

EXIT_CLEAN, EXIT_REPORTS, EXIT_ERROR = 0, 1, 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report Ctrl-C


def split_codes(values: Sequence[str]) -> tuple[str, ...]:
    return tuple(code for value in values for code in value.split(",") if code.strip())


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="zerograd-lint")
def main() -> None:
    """Find PyTorch gradient-lifecycle bugs: zero_grad, backward, step, clipping, AMP."""


@main.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--select", multiple=True, help="Codes or prefixes to check, replacing the default set (e.g. ZG1,ZG401, ALL).")
@click.option("--ignore", multiple=True, help="Codes or prefixes to leave out.")
@click.option("--extend-select", multiple=True, help="Codes or prefixes to add to the default set (e.g. ZG104).")
@click.option("--format", "output_format", type=click.Choice(sorted(FORMATTERS)), default="text", show_default=True)
@click.option("--jobs", "-j", type=click.IntRange(min=1), help="Files checked in parallel (default: all cores).")
@click.option("--no-cache", is_flag=True, help="Neither read nor write .zerograd_lint_cache/.")
def check(
    paths: tuple[str, ...],
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    extend_select: tuple[str, ...],
    output_format: str,
    jobs: int | None,
    no_cache: bool,
) -> None:
    """Check PATHS (files or folders; default: the current folder)."""
    selection = Selection(
        select=split_codes(select) or None, ignore=split_codes(ignore), extend_select=split_codes(extend_select)
    )
    try:
        selection.codes()
        files = list(discover(paths or (".",)))
    except (SelectionError, MissingPath) as error:
        raise click.UsageError(str(error)) from None
    cache = None if no_cache else Cache.under(project_root(paths))
    try:
        result = check_paths(files, Settings(selection), jobs=jobs or available_cores(), cache=cache)
    except KeyboardInterrupt:
        click.echo("zerograd-lint: interrupted", err=True)
        sys.exit(EXIT_INTERRUPTED)
    click.echo(FORMATTERS[output_format](result.diagnostics), nl=False)
    for message in result.internal_errors:
        click.echo(f"zerograd-lint: {message}", err=True)
    if result.internal_errors:
        sys.exit(EXIT_ERROR)
    sys.exit(EXIT_REPORTS if result.diagnostics else EXIT_CLEAN)


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
