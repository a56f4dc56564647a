"""A test-only rule that fails: it raises on a file calling `crash_engine()`, as a bug in a rule would.

The LSP tests add this folder to the rules package's search path, to see the
server log the failure and go on serving.
"""

from zerograd_lint.rules import Rule


def crash(facts):
    if facts.module is not None and "crash_engine()" in facts.module.code:
        raise RuntimeError("a rule failed (test-only rule ZG992)")
    return []


RULE = Rule(
    code="ZG992",
    name="engine-crash",
    severity="error",
    summary="Test-only: fails on a file calling crash_engine().",
    what="Raises an exception on a file calling `crash_engine()`.",
    why="It gives the server an internal error to survive in tests.",
    example="crash_engine()\n",
    use_instead="pass\n",
    check=crash,
)
