"""What the ZG204, ZG601 and ZG602 fixtures claim really happens in torch, observed while they run:

- ZG204: a scheduler stepped before its optimizer's first step makes torch warn that the schedule's
  first value is skipped; the correct fixtures with schedulers never do.
- ZG601: an optimizer rebuilt in the loop throws its state away: its first step finds an empty state
  on parameters whose previous optimizer had built one up; in the correct fixtures no state is lost.
- ZG602: a kept loss keeps its graph alive: after the run, a value of the script still reaches the
  autograd graphs of several iterations' losses; in the correct fixtures at most one.
"""

from __future__ import annotations

import contextlib
import io
import runpy
import warnings
from dataclasses import dataclass, field

import pytest
import torch
from conftest import FIXTURES
from torch.optim.optimizer import register_optimizer_step_post_hook, register_optimizer_step_pre_hook

SKIPPED_VALUE = "before `optimizer.step()`"


def run(name: str) -> dict:
    """Run fixtures/NAME as __main__ and return its globals."""
    with contextlib.redirect_stdout(io.StringIO()):
        return runpy.run_path(str(FIXTURES / name), run_name="__main__")


# --- ZG204 -------------------------------------------------------------------------------------------


def scheduler_warnings(name: str) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run(name)
    return [str(w.message) for w in caught if SKIPPED_VALUE in str(w.message)]


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("zg204_*.py")))
def test_zg204_torch_warns_that_the_first_value_is_skipped(name: str) -> None:
    assert scheduler_warnings(name)


@pytest.mark.parametrize(
    "name", ["ok_scheduler_after_epoch.py", "ok_warmup_scheduler_per_batch.py", "ok_plateau_scheduler.py", "ok_step_before_loop.py"]
)
def test_zg204_correct_schedules_skip_nothing(name: str) -> None:
    assert scheduler_warnings(name) == []


# --- ZG601 -------------------------------------------------------------------------------------------


@dataclass
class StateWatch:
    """Per parameter, whether the optimizer that stepped it last had state; counts the optimizers
    whose first step finds no state where the previous one had some."""

    had_state: dict[torch.Tensor, bool] = field(default_factory=dict)  # parameter -> its last optimizer had state
    stepped: list = field(default_factory=list)  # held, so that no new optimizer reuses an old one's id
    lost: int = 0

    def before(self, opt, args, kwargs) -> None:
        if any(opt is seen for seen in self.stepped):
            return
        params = [p for group in opt.param_groups for p in group["params"]]
        if not opt.state and any(self.had_state.get(p, False) for p in params):
            self.lost += 1

    def after(self, opt, args, kwargs) -> None:
        if not any(opt is seen for seen in self.stepped):
            self.stepped.append(opt)
        for group in opt.param_groups:
            for p in group["params"]:
                self.had_state[p] = bool(opt.state.get(p))


def state_lost(name: str) -> int:
    watch = StateWatch()
    handles = [register_optimizer_step_pre_hook(watch.before), register_optimizer_step_post_hook(watch.after)]
    try:
        run(name)
    finally:
        for handle in handles:
            handle.remove()
    return watch.lost


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("zg601_*.py")))
def test_zg601_each_new_optimizer_starts_from_empty_state(name: str) -> None:
    assert state_lost(name) >= 2


@pytest.mark.parametrize("name", ["ok_fresh_model_per_fold.py", "ok_maml_task_copy.py", "ok_probe_plain_sgd.py"])
def test_zg601_correct_fixtures_lose_no_state(name: str) -> None:
    assert state_lost(name) == 0


# --- ZG602 -------------------------------------------------------------------------------------------


def graph_nodes(value: object, depth: int = 0) -> list:
    """The autograd nodes a value (a tensor, a list of them, an object holding them) keeps reachable."""
    if isinstance(value, torch.Tensor):
        roots = [value.grad_fn] if value.grad_fn is not None else []
    elif isinstance(value, (list, tuple)) and depth < 2:
        return [node for item in value for node in graph_nodes(item, depth + 1)]
    elif hasattr(value, "__dict__") and not isinstance(value, (type, torch.nn.Module)) and depth < 1:
        return [node for item in vars(value).values() for node in graph_nodes(item, depth + 1)]
    else:
        return []
    seen, stack = [], roots
    while stack:
        node = stack.pop()
        if node is None or any(node is s for s in seen):
            continue
        seen.append(node)
        stack.extend(next_node for next_node, _ in node.next_functions)
    return seen


def kept_losses(name: str, monkeypatch: pytest.MonkeyPatch) -> int:
    """How many backwarded losses' graphs one value of the script still reaches after the run."""
    losses: list = []  # the graph node of every loss given to backward, held here to compare by identity
    backward = torch.autograd.backward

    def recording(tensors, *args, **kwargs):
        losses.append(tensors.grad_fn)
        return backward(tensors, *args, **kwargs)

    monkeypatch.setattr(torch.autograd, "backward", recording)
    namespace = run(name)
    reached = [graph_nodes(value) for key, value in namespace.items() if not key.startswith("__")]
    return max((sum(any(loss is node for node in nodes) for loss in losses) for nodes in reached), default=0)


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("zg602_*.py")))
def test_zg602_the_kept_value_holds_many_iterations_graphs(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert kept_losses(name, monkeypatch) >= 3


@pytest.mark.parametrize("name", ["ok_running_loss_item.py", "ok_inner_losses_summed.py"])
def test_zg602_correct_fixtures_keep_no_graph(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert kept_losses(name, monkeypatch) <= 1
