from zerograd_lint.rules import Rule

RULE = Rule(
    code="ZG000",
    name="parse-error",
    severity="error",
    summary="The file could not be parsed; the other files are still checked.",
    what="Reports a file that is not valid Python (or not readable text), at the syntax error.",
    why="A file the linter cannot parse is a file nothing was checked in: the run says so instead of passing silently.",
    example="for batch in loader\n    loss.backward()\n",
    use_instead="for batch in loader:\n    loss.backward()\n",
    limits="Files that mention none of the gradient-lifecycle words (backward, zero_grad, .grad, .step...) are not parsed, so their syntax errors are not reported.",
)
