from zerograd_lint.rules import Rule
from zerograd_lint.rules.synthetic import marker_calls

RULE = Rule(
    code="ZG991",
    name="synthetic-style",
    severity="style",
    needs=("lifecycle",),
    summary="Test-only, off by default: every call to mark_style().",
    what="Reports each call to `mark_style()`.",
    why="It stands for an opt-in rule such as ZG104.",
    example="mark_style()\n",
    use_instead="pass\n",
    enabled_by_default=False,
    check=lambda facts: marker_calls(facts, "mark_style"),
)
