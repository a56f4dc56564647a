from zerograd_lint.rules import Rule

RULE = Rule(
    code="ZG000",
    name="parse-error",
    severity="error",
    needs=(),
    summary="The file could not be parsed; the other files are still checked.",
    what="Reports a file that is not valid Python (or not readable text), at the syntax error.",
    why="A file the linter cannot parse is a file nothing was checked in: the run says so instead of passing silently.",
    example="for batch in loader\n    loss.backward()\n    optimizer.step()\n",
    use_instead="for batch in loader:\n    loss.backward()\n    optimizer.step()\n",
    limits=(
        "Only files some rule could report on are parsed: those with a backward call and a step call, a `.grad` "
        "on a loop variable, or an uncalled `zero_grad`/`backward`/`step`/`update`/`unscale_`. The syntax errors, "
        "undecodable bytes and null bytes of other files are not reported (a file that cannot be read always is). "
        "Files over 4 MiB that pass are reported as too large to analyse, and a file whose analysis takes over a "
        "minute of CPU time as too complex to analyse."
    ),
)
