"""Runs `zerograd-lint` or `flake8` with two test-only rules added to the catalogue.

Usage: python launch.py zerograd-lint|flake8 ARGS...

The doors (CLI, flake8, formats, noqa, selection) are rule-agnostic; these
rules give them reports to carry while the real rules are young. They are
found the way real rules are, by discovery of the rules package, whose
search path gets this folder.
"""

import sys
from pathlib import Path

import zerograd_lint.rules

zerograd_lint.rules.__path__.append(str(Path(__file__).resolve().parent))

tool = sys.argv.pop(1)
if tool == "flake8":
    from flake8.main.cli import main
else:
    from zerograd_lint.doors.cli import main
sys.argv[0] = tool
sys.exit(main())
