"""The command line: click commands that parse options and hand over; no analysis here."""

from __future__ import annotations

import sys
from typing import Sequence

import click

from zerograd_lint import __version__
from zerograd_lint.discovery import MissingPath, discover
from zerograd_lint.formats import FORMATTERS
from zerograd_lint.config import Settings
from zerograd_lint.runner import check_paths
from zerograd_lint.selection import Selection, SelectionError

EXIT_CLEAN, EXIT_REPORTS, EXIT_ERROR = 0, 1, 2


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
def check(
    paths: tuple[str, ...],
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    extend_select: tuple[str, ...],
    output_format: str,
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
    result = check_paths(files, Settings(selection))
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
