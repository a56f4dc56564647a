from zerograd_lint.rules import Rule

RULE = Rule(
    code="ZG000",
    name="parse-error",
    severity="error",
    needs=(),
    summary="The file could not be parsed; the other files are still checked.",
    what=(
        "Reports a file that cannot be read (permissions, a broken link, a folder that cannot be listed), that is "
        "not text Python could run (undecodable bytes, null bytes), that is too large to analyse (over 4 MiB), or that "
        "does not parse, at the syntax error; in a notebook, each code cell that does not parse, at its line in the "
        "cell (the other cells are still checked). A file that uses syntax newer than the Python zerograd-lint runs "
        "on says which Python it needs."
    ),
    why="A file the linter cannot parse is a file nothing was checked in: the run says so instead of passing silently.",
    example="for batch in loader\n    loss.backward()\n    optimizer.step()\n",
    use_instead="for batch in loader:\n    loss.backward()\n    optimizer.step()\n",
    limits=(
        "Only files some selected rule could report on are parsed, so that a large tree costs a read per file, not "
        "a parse: those whose text has a backward call and a step call, a `.grad` of a loop variable over "
        "parameters, or an uncalled `zero_grad`/`backward`/`step`/`update`/`unscale_`. The syntax errors, "
        "undecodable bytes and size of other files are not reported (run Python or a general linter for those); a "
        "file or folder that cannot be read always is. Code nested deeper than Python itself accepts (3,000 nested "
        "brackets) is reported; valid deep code (hundreds of concatenated strings, long sums) is analysed, up to the "
        "nesting LibCST's parser accepts (a few thousand levels). A file whose analysis would take over "
        "2,000,000 steps (counted, not timed: the same on any machine) is reported as too complex to analyse. "
        "zerograd-lint parses with the Python it runs on: run it on a "
        "Python as new as your code's syntax (with pre-commit, `language_version`)."
    ),
)
