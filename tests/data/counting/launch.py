"""Runs `zerograd-lint` counting the analyses: each call of the engine's analysis entry
(`engine.analyze_source`, which every door and every fix's proof goes through) appends the path it
analysed, one a line, to the file LOG; workers forked from the run append to it too.

Usage: python launch.py LOG ARGS...
"""

import sys

from zerograd_lint.core import engine

log = sys.argv.pop(1)
analyze_source = engine.analyze_source


def counted(source, path="<string>", *rest, **named):
    with open(log, "a", encoding="utf-8") as file:  # one write per line: lines of two workers never mix
        file.write(f"{path}\n")
    return analyze_source(source, path, *rest, **named)


engine.analyze_source = counted

from zerograd_lint.doors.cli import main  # noqa: E402

sys.argv[0] = "zerograd-lint"
sys.exit(main())
