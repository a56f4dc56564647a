"""The console examples of README.md and docs/*.md are what the tool prints (a snapshot test, as ruff checks
its docs): each `$ zerograd-lint check|explain ...` whose files are in the repository is run from the
repository's root, and its output (stdout, then stderr) must be the lines the example shows under it. An
example line ending in `...` stands for the line it starts. Examples on files a reader would have
(`train.py`) are illustrations and are not run."""

from __future__ import annotations

import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import REPO, cli_env

DOCUMENTS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
RUN_COMMANDS = ("check", "explain")  # those whose output depends on files: `rule` prints the rule pages, tested apart


@dataclass(frozen=True)
class Example:
    document: Path
    line: int  # of the `$ ` line
    arguments: tuple[str, ...]  # after `zerograd-lint`
    output: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.document.relative_to(REPO)}:{self.line}"


def console_examples(document: Path) -> list[tuple[int, str, list[str]]]:
    """Each command of each ```console block: its line, its text and the lines under it."""
    found: list[tuple[int, str, list[str]]] = []
    in_block = False
    for number, text in enumerate(document.read_text().splitlines(), start=1):
        if text.startswith("```"):
            in_block = text == "```console"
        elif in_block and text.startswith("$ "):
            found.append((number, text[2:], []))
        elif in_block and found:
            found[-1][2].append(text)
    return found


def names_a_path(argument: str) -> bool:
    return not argument.startswith("-") and ("/" in argument or argument.endswith((".py", ".ipynb")))


def runnable(document: Path) -> list[Example]:
    examples = []
    for line, command, output in console_examples(document):
        words = shlex.split(command, comments=True)
        if words[:1] != ["zerograd-lint"] or words[1:2] not in [[c] for c in RUN_COMMANDS]:
            continue
        paths = [word for word in words[2:] if names_a_path(word)]
        if paths and all((REPO / path.split(":")[0]).exists() for path in paths):
            examples.append(Example(document, line, tuple(words[1:]), tuple(output)))
    return examples


EXAMPLES = [example for document in DOCUMENTS for example in runnable(document)]


def test_the_docs_have_examples_to_check() -> None:
    assert len(EXAMPLES) >= 3, [str(e) for e in EXAMPLES]


@pytest.mark.parametrize("example", EXAMPLES, ids=str)
def test_console_example_is_what_the_tool_prints(example: Example) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "zerograd_lint", *example.arguments],
        cwd=REPO, env=cli_env(), capture_output=True, text=True, timeout=600,
    )
    printed = (proc.stdout + proc.stderr).splitlines()
    shown = list(example.output)
    assert len(printed) == len(shown), f"{example}: the tool printed\n" + "\n".join(printed)
    for expected, actual in zip(shown, printed):
        if expected.endswith("..."):
            assert actual.startswith(expected[:-3]), f"{example}: the tool printed\n{actual}"
        else:
            assert actual == expected, f"{example}: the tool printed\n{actual}"
