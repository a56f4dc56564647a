from zerograd_lint.rules import Rule
from zerograd_lint.rules.synthetic import marker_calls

RULE = Rule(
    code="ZG990",
    name="synthetic-bug",
    severity="error",
    needs=("lifecycle",),
    summary="Test-only: every call to mark_bug().",
    what="Reports each call to `mark_bug()`.",
    why="It gives the doors a report to carry in tests.",
    example="mark_bug()\n",
    use_instead="pass\n",
    check=lambda facts: marker_calls(facts, "mark_bug"),
)
