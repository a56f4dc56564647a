"""What the runtime guard costs per training step, counted rather than timed.

A guard users switch off finds nothing: its work per step must not be a
Python hook per parameter called by torch, and on CUDA it must never wait for
the device (no `.item()`, no reading a tensor's value on the host).
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from collections.abc import Callable
from types import FrameType
from typing import Any

import pytest
import torch

from zerograd_lint.runtime import watch_all
from zerograd_lint.runtime.grads import GradStates, receive

# A plain step (clear, backward, clip, step) under the guard: its Python calls, none per parameter; its bytecode
# instructions that do not grow with the parameters (the call sites' stack walks, the loss graph's marks, the
# lifecycle's bookkeeping at each event); and its instructions per parameter (the walks before and after the
# backward, a few reads each). A site's walk goes up to the frame that entered the guard, so pytest's stack is
# not counted. Python 3.11 counts 100 calls, about 2,860 and 67; other versions' bytecode differs by a little.
CALLS_PER_STEP = 110
INSTRUCTIONS_PER_STEP = 3300
INSTRUCTIONS_PER_PARAMETER = 80
TORCH_FILES = os.path.dirname(torch.__file__) + os.sep


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


def caused_by_guard(frame: FrameType | None) -> bool:
    """The guard's own frames, and the Python they call outside torch: generated dataclass methods, the
    standard library's (a WeakSet's iteration). Torch's own code, the originals the guard wraps, is not its."""
    while frame is not None:
        filename = frame.f_code.co_filename
        if "zerograd_lint" in filename:
            return True
        if filename.startswith(TORCH_FILES) or filename == __file__:
            return False
        frame = frame.f_back
    return False


def count_guard_work(step: Callable[[], None], steps: int) -> Counter[str]:
    """The guard's Python calls and bytecode instructions over `steps` steps (torch's own not counted), after
    two from the same line that are not (a stack seen for the first time reads its statement's positions)."""
    count = Counter[str]()

    def instructions(frame: FrameType, event: str, _: Any) -> Any:
        if event == "opcode":
            count["opcode"] += 1
        return instructions

    def trace(frame: FrameType, event: str, _: Any) -> Any:
        if not caused_by_guard(frame):
            return None
        count["call"] += 1
        frame.f_trace_opcodes = True
        return instructions

    try:
        for number in range(2 + steps):
            if number == 2:
                sys.settrace(trace)
            step()
    finally:
        sys.settrace(None)
    return count


def guard_work_per_step(layers: int, steps: int = 3) -> tuple[Counter[str], bool]:
    """The guard's calls and instructions per step, and whether any parameter carries a Python hook while it watches."""
    with watch_all(mode="raise"):
        model, step = training_loop(layers)
        count = count_guard_work(step, steps)
        hooked = any(p._post_accumulate_grad_hooks or p._backward_hooks for p in model.parameters())
    return Counter({event: total // steps for event, total in count.items()}), hooked


def test_no_python_hook_per_parameter() -> None:
    _, hooked = guard_work_per_step(layers=20)
    assert not hooked


def test_the_guard_makes_no_python_call_per_parameter() -> None:
    small, _ = guard_work_per_step(layers=5)
    large, _ = guard_work_per_step(layers=80)
    assert 0 < large["call"] == small["call"] <= CALLS_PER_STEP, (small, large)


def test_the_guard_s_work_per_parameter_is_a_few_reads() -> None:
    small, _ = guard_work_per_step(layers=5)
    large, _ = guard_work_per_step(layers=80)
    per_parameter = (large["opcode"] - small["opcode"]) / (2 * (80 - 5))
    assert 0 < per_parameter <= INSTRUCTIONS_PER_PARAMETER, per_parameter


def test_the_guard_s_fixed_work_per_step_is_pinned() -> None:
    """What does not grow with the parameters decides a small model on a fast device (issue 27: an MLP's
    1.5 ms step on a GPU leaves the guard about 70 µs): the budget holds it where it is now."""
    small, _ = guard_work_per_step(layers=5)
    large, _ = guard_work_per_step(layers=80)
    per_parameter = (large["opcode"] - small["opcode"]) / (2 * (80 - 5))
    fixed = small["opcode"] - per_parameter * 2 * 5
    assert 0 < fixed <= INSTRUCTIONS_PER_STEP, fixed


def test_parameters_with_equal_histories_share_one_state() -> None:
    """A cohort: an event on part of it splits it first (only those parameters change), equal states merge again."""
    states = GradStates()
    for key in "abc":
        states.add(key)
    everything = list("abc")
    states.merge(everything, states.own(everything))
    assert len(states.of(everything)) == 1
    receive(states.own(["a"]), iteration=1, scaled=False)
    assert [sorted(state.iterations) for state in states.of(everything)] == [[1], []]
    assert len(states.own(everything, lambda state: not state.iterations)) == 1  # b and c, still one
    late = states.own(["b", "c"])
    receive(late, iteration=1, scaled=False)
    states.merge(["b", "c"], late)
    states.merge(everything, states.own(everything))
    (state,) = states.of(everything)
    assert state.iterations == {1} and state.members == 3


def test_a_cohort_is_split_however_its_part_is_named() -> None:
    """A parameter named twice is one; a cohort selected for change with only part of it named is split."""
    states = GradStates()
    for key in "abc":
        states.add(key)
    states.merge(["a", "b"], states.own(["a", "b"]))  # {a, b}, {c}
    receive(states.own(["c"]), iteration=1, scaled=False)
    (state,) = states.own(["a", "a"])
    assert state.members == 1
    (state,) = states.own(["b", "c"], lambda state: not state.iterations)
    assert state.members == 1 and [s.members for s in states.of("abc")] == [1, 1, 1]


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
