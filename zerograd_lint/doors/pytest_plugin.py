"""`pytest --zerograd`: fail a test whose training steps break the gradient lifecycle.

Opt-in: without the option this plugin only adds it. With it, one guard
watches every optimizer created during the session (global hooks, collect
mode), and each test fails on the findings its own call phase produced.
torch is imported only then.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("zerograd", "gradient-lifecycle checks (zerograd-lint runtime guard)")
    group.addoption(
        "--zerograd",
        action="store_true",
        default=False,
        help="fail tests whose training steps break the gradient lifecycle (zero_grad, backward, step, AMP)",
    )
    group.addoption(
        "--zerograd-accumulation-steps",
        type=int,
        default=None,
        metavar="N",
        help="declared gradient accumulation: a step may apply up to N iterations' backwards",
    )


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("zerograd"):
        config.pluginmanager.register(
            LifecycleChecks(config.getoption("zerograd_accumulation_steps")), "zerograd-checks"
        )


class LifecycleChecks:
    """One collecting guard for the session; each test answers for the findings of its call phase."""

    def __init__(self, accumulation_steps: int | None) -> None:
        from zerograd_lint.runtime import Mode, watch_all

        self.guard = watch_all(accumulation_steps=accumulation_steps, mode=Mode.COLLECT)

    def pytest_sessionstart(self) -> None:
        self.guard.__enter__()

    def pytest_sessionfinish(self) -> None:
        self.guard.__exit__(None, None, None)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Generator[None, Any, Any]:
        already = len(self.guard.findings)
        try:
            result = yield
        except BaseException as error:  # the test failed on its own: add what the guard saw
            self.guard.observe_error(error)
            self.guard.conclude(raising=False)
            if len(self.guard.findings) > already:
                item.add_report_section("call", "zerograd", self._describe(already))
            raise
        self.guard.conclude(raising=False)
        if len(self.guard.findings) > already:
            pytest.fail(self._describe(already), pytrace=False)
        return result

    def _describe(self, since: int) -> str:
        from zerograd_lint.runtime.session import describe

        return "gradient lifecycle broken:\n" + "\n".join(describe(d) for d in self.guard.findings[since:])
