"""The runtime guard: torch itself confirms what happens to `.grad`.

    with zerograd_lint.runtime.guard(model, optimizer, scaler=scaler):
        train()

    @zerograd_lint.runtime.watch_all(mode="raise")   # every optimizer created inside
    def train(): ...

Findings are `Diagnostic`s with the codes of the static rules, at the user's
call that caused them. torch is imported only when a guard starts.
"""

from zerograd_lint.runtime.lifecycle import RUNTIME_CODES
from zerograd_lint.runtime.session import (
    GradientLifecycleError,
    GradientLifecycleWarning,
    Guard,
    Mode,
    guard,
    watch_all,
)

__all__ = [
    "RUNTIME_CODES",
    "GradientLifecycleError",
    "GradientLifecycleWarning",
    "Guard",
    "Mode",
    "guard",
    "watch_all",
]
