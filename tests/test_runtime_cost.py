"""What the runtime guard costs per training step, counted rather than timed.

A guard users switch off finds nothing: its work per step must not be a
Python hook per parameter called by torch, and on CUDA it must never wait for
the device (no `.item()`, no reading a tensor's value on the host).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

import pytest
import torch

from zerograd_lint.runtime import watch_all

# The guard's Python calls per parameter per step: the `.grad` released by the clear and the new one
# followed after the backward, the lifecycle's clear and receipt, and the clear's count per parameter.
CALLS_PER_PARAMETER = 6


def training_loop(layers: int, device: str = "cpu") -> tuple[torch.nn.Module, Any]:
    model = torch.nn.Sequential(*[torch.nn.Linear(4, 4) for _ in range(layers)]).to(device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    inputs = torch.randn(2, 4, device=device)

    def step() -> None:
        optimizer.zero_grad()
        model(inputs).sum().backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()

    return model, step


@contextmanager
def counting_guard_calls() -> Iterator[list[int]]:
    count = [0]

    def profile(frame: FrameType, event: str, _: Any) -> None:
        if event == "call" and "zerograd_lint" in frame.f_code.co_filename:
            count[0] += 1

    sys.setprofile(profile)
    try:
        yield count
    finally:
        sys.setprofile(None)


def guard_calls_per_step(layers: int, steps: int = 3) -> tuple[float, bool]:
    """The guard's Python calls per step, and whether any parameter carries a Python hook while it watches."""
    with watch_all(mode="raise"):
        model, step = training_loop(layers)
        step()
        step()
        with counting_guard_calls() as count:
            for _ in range(steps):
                step()
        hooked = any(p._post_accumulate_grad_hooks or p._backward_hooks for p in model.parameters())
    return count[0] / steps, hooked


def test_no_python_hook_per_parameter() -> None:
    _, hooked = guard_calls_per_step(layers=20)
    assert not hooked


def test_guard_work_per_step_grows_by_a_few_calls_per_parameter() -> None:
    small, _ = guard_calls_per_step(layers=5)
    large, _ = guard_calls_per_step(layers=80)
    per_parameter = (large - small) / (2 * (80 - 5))
    assert 0 < per_parameter <= CALLS_PER_PARAMETER


def test_a_step_taken_inside_the_backward_is_still_seen() -> None:
    """An optimizer per parameter stepped from a post-accumulate-grad hook (optimizer in backward): no report."""
    with watch_all(mode="raise") as guard:
        model = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.Linear(4, 1))
        optimizers = {p: torch.optim.SGD([p], lr=0.1) for p in model.parameters()}

        def step_and_clear(parameter: torch.Tensor) -> None:
            optimizers[parameter].step()
            optimizers[parameter].zero_grad()

        for parameter in model.parameters():
            parameter.register_post_accumulate_grad_hook(step_and_clear)
        for _ in range(4):
            model(torch.randn(3, 4)).sum().backward()
    assert guard.findings == []


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA: the host must never wait for the device")
def test_guard_never_synchronises_cuda() -> None:
    model, step = training_loop(layers=20, device="cuda")
    step()  # torch's own first-step work (lazy state) before the check
    torch.cuda.synchronize()
    torch.cuda.set_sync_debug_mode("error")
    try:
        for _ in range(3):
            step()  # unguarded: the loop itself never waits for the device
    finally:
        torch.cuda.set_sync_debug_mode("default")
    with watch_all(mode="raise") as guard:
        model, step = training_loop(layers=20, device="cuda")
        step()
        torch.cuda.synchronize()
        torch.cuda.set_sync_debug_mode("error")
        try:
            for _ in range(3):
                step()
        finally:
            torch.cuda.set_sync_debug_mode("default")
    assert guard.findings == []
