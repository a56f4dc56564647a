"""What the fixtures claim really happens in torch.

Two kinds of checks, all in-process:
- fixtures run under a small gradient tracker (hooks on every optimizer's parameters) that records,
  at each optimizer step, which backward calls the gradients hold and whether a previous step of
  the same optimizer already applied them;
- tiny reproductions of the gradient facts of DESIGN.md section 5 behind the AMP and
  accumulation rules.
"""

from __future__ import annotations

import contextlib
import io
import runpy
from dataclasses import dataclass

import pytest
import torch
from conftest import FIXTURES
from torch import nn
from torch.optim.optimizer import (
    register_optimizer_step_post_hook,
    register_optimizer_step_pre_hook,
)

pytestmark = [pytest.mark.slow, pytest.mark.torch]  # the fixtures trained in torch: checks the oracle, not the checker


@dataclass
class StepRecord:
    optimizer: int  # index of the optimizer, in construction order
    backwards: frozenset[int]  # the backward calls whose gradients the step applies
    stale: bool  # some of them were already applied by an earlier step of this optimizer
    has_grad: bool  # at least one parameter has a gradient


class GradTracker:
    """Hooks every parameter of every optimizer built while active.

    A parameter's gradient is described by the set of backward calls accumulated into it since it
    was last None (a set_to_none clear) or all zero (a set_to_none=False clear)."""

    def __init__(self, monkeypatch):
        self.backward_calls = 0
        self.optimizers: list[torch.optim.Optimizer] = []
        self.contributions: dict[int, set[int]] = {}
        self.applied: dict[tuple[int, int], set[int]] = {}
        self.steps: list[StepRecord] = []
        self.clip_norms: list[float] = []
        self.step_depth: dict[int, int] = {}
        self._patch(monkeypatch)

    def _patch(self, monkeypatch):
        tracker = self
        original_init = torch.optim.Optimizer.__init__
        original_backward = torch.autograd.backward
        original_clip = torch.nn.utils.clip_grad_norm_

        def init(opt, params, defaults, *args, **kwargs):
            original_init(opt, params, defaults, *args, **kwargs)
            tracker.optimizers.append(opt)
            for group in opt.param_groups:
                for p in group["params"]:
                    tracker._hook(p)

        def backward(*args, **kwargs):
            tracker.backward_calls += 1
            return original_backward(*args, **kwargs)

        def clip_grad_norm_(*args, **kwargs):
            total = original_clip(*args, **kwargs)
            tracker.clip_norms.append(float(total))
            return total

        def step_pre_hook(opt, args, kwargs):
            # a subclass's step() calling super().step() fires the hooks twice: record the outer one
            if tracker.step_depth.get(id(opt), 0) == 0:
                tracker._record_step(opt)
            tracker.step_depth[id(opt)] = tracker.step_depth.get(id(opt), 0) + 1

        def step_post_hook(opt, args, kwargs):
            tracker.step_depth[id(opt)] -= 1

        monkeypatch.setattr(torch.optim.Optimizer, "__init__", init)
        monkeypatch.setattr(torch.autograd, "backward", backward)
        monkeypatch.setattr(torch.nn.utils, "clip_grad_norm_", clip_grad_norm_)
        self._handles = [
            register_optimizer_step_pre_hook(step_pre_hook),
            register_optimizer_step_post_hook(step_post_hook),
        ]

    def close(self):
        for handle in self._handles:
            handle.remove()

    def _hook(self, p):
        if id(p) in self.contributions:
            return
        self.contributions[id(p)] = set()

        def before_accumulation(grad):
            if p.grad is None or not p.grad.any():
                self.contributions[id(p)] = set()
            return grad

        def after_accumulation(param):
            self.contributions[id(param)].add(self.backward_calls)

        p.register_hook(before_accumulation)
        p.register_post_accumulate_grad_hook(after_accumulation)

    def _record_step(self, opt):
        index = self.optimizers.index(opt)
        backwards: set[int] = set()
        stale = False
        has_grad = False
        for group in opt.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                has_grad = has_grad or bool(p.grad.any())
                held = self.contributions.get(id(p), set()) if p.grad.any() else set()
                applied = self.applied.setdefault((index, id(p)), set())
                stale = stale or bool(held & applied)
                applied |= held
                backwards |= held
        self.steps.append(StepRecord(index, frozenset(backwards), stale, has_grad))


def run_fixture(name, monkeypatch):
    """Run fixtures/NAME.py as __main__ under the tracker; returns (tracker, exception or None)."""
    raised = None
    with monkeypatch.context() as patch:
        tracker = GradTracker(patch)
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                runpy.run_path(str(FIXTURES / name), run_name="__main__")
        # the `# raises:` fixtures end in an exception; the tests look at which one
        except Exception as exc:  # noqa: BLE001
            raised = exc
        finally:
            tracker.close()
    return tracker, raised


def steps_of(tracker, optimizer=0):
    return [s for s in tracker.steps if s.optimizer == optimizer]


# --- ZG101: the step applies gradients of earlier iterations -------------------------------------

@pytest.mark.parametrize(
    "name",
    [
        "zg101_no_clear.py",
        "zg101_clear_before_loop.py",
        "zg101_helper_method.py",
        "zg101_amp_branch.py",
        "zg202_zero_grad_not_called.py",
    ],
)
def test_zg101_step_applies_the_sum_of_all_batches_so_far(name, monkeypatch):
    tracker, raised = run_fixture(name, monkeypatch)
    assert raised is None
    steps = steps_of(tracker)
    assert len(steps) >= 3
    for k, step in enumerate(steps, start=1):
        assert len(step.backwards) == k, "the k-th step holds the gradients of all k backwards"
        assert step.stale == (k > 1)


def test_zg101_without_clear_grad_is_exactly_the_sum_over_batches():
    torch.manual_seed(0)
    model = nn.Linear(4, 1)
    batches = [torch.randn(8, 4) for _ in range(3)]
    per_batch = []
    for x in batches:
        model.zero_grad()
        model(x).pow(2).mean().backward()
        per_batch.append(model.weight.grad.clone())
    model.zero_grad()
    for x in batches:
        model(x).pow(2).mean().backward()
    assert torch.allclose(model.weight.grad, sum(per_batch), atol=1e-6)


def test_zg101_clear_per_epoch_is_stale_within_the_epoch(monkeypatch):
    tracker, _ = run_fixture("zg101_clear_per_epoch.py", monkeypatch)
    steps = steps_of(tracker)
    assert [len(s.backwards) for s in steps] == [1, 2, 3, 4, 1, 2, 3, 4]
    assert [s.stale for s in steps] == [False, True, True, True] * 2


def test_zg101_guarded_step_reapplies_applied_gradients(monkeypatch):
    tracker, _ = run_fixture("zg101_guarded_step_no_clear.py", monkeypatch)
    steps = steps_of(tracker)
    assert [len(s.backwards) for s in steps] == [2, 4, 6, 8]
    assert [s.stale for s in steps] == [False, True, True, True]


def test_zg101_gan_only_the_discriminator_is_stale(monkeypatch):
    tracker, _ = run_fixture("zg101_gan_discriminator.py", monkeypatch)
    generator_steps, discriminator_steps = steps_of(tracker, 0), steps_of(tracker, 1)
    assert all(not s.stale and len(s.backwards) == 1 for s in generator_steps)
    assert discriminator_steps[0].stale is False
    assert all(s.stale for s in discriminator_steps[1:])
    # from the second step on D also holds the generator loss's backward of the previous iteration
    assert len(discriminator_steps[1].backwards) == 3


def test_zg101_generator_backward_leaks_into_the_discriminator_step(monkeypatch):
    tracker, raised = run_fixture("zg101_gan_generator_leaks_into_discriminator.py", monkeypatch)
    assert raised is None
    generator_steps, discriminator_steps = steps_of(tracker, 0), steps_of(tracker, 1)
    assert all(len(s.backwards) == 1 for s in generator_steps)
    assert len(discriminator_steps[0].backwards) == 1
    # from the second step on D also holds the previous iteration's generator backward
    assert len(discriminator_steps) >= 3 and all(len(s.backwards) == 2 for s in discriminator_steps[1:])


def test_frozen_discriminator_keeps_the_generator_backward_out(monkeypatch):
    tracker, raised = run_fixture("ok_gan_discriminator_frozen_for_generator.py", monkeypatch)
    assert raised is None
    assert all(len(s.backwards) == 1 and not s.stale for s in tracker.steps)


def test_zg101_counter_guard_reapplies_applied_gradients(monkeypatch):
    tracker, _ = run_fixture("zg101_counter_guard_clear_before_loop.py", monkeypatch)
    steps = steps_of(tracker)
    assert [len(s.backwards) for s in steps] == [2, 4, 6, 8]
    assert [s.stale for s in steps] == [False, True, True, True]


def test_zg101_continue_carries_the_skipped_batch_into_the_next_step(monkeypatch):
    tracker, _ = run_fixture("zg101_continue_skips_clear.py", monkeypatch)
    sizes = [len(s.backwards) for s in steps_of(tracker)]
    assert sizes.count(2) == 1 and sizes.count(1) == len(sizes) - 1


# --- ZG102 / ZG201: the step sees no gradients -------------------------------------------------

@pytest.mark.parametrize(
    "name",
    [
        "zg102_clear_between_backward_and_step.py",
        "zg102_model_zero_grad_before_step.py",
        "zg102_reset_grad_helper.py",
        "zg102_clear_inside_guard.py",
        "zg201_step_before_backward.py",
        "zg201_train_step_order.py",
    ],
)
def test_step_sees_no_gradients(name, monkeypatch):
    tracker, raised = run_fixture(name, monkeypatch)
    assert raised is None
    steps = steps_of(tracker)
    assert len(steps) >= 3
    assert all(not s.has_grad and not s.backwards for s in steps)
    assert tracker.backward_calls >= 3


def test_zg202_uncalled_step_and_backward_do_nothing(monkeypatch):
    tracker, _ = run_fixture("zg202_step_not_called.py", monkeypatch)
    assert tracker.steps == [] and tracker.backward_calls == 4
    tracker, _ = run_fixture("zg202_backward_not_called.py", monkeypatch)
    assert tracker.backward_calls == 0 and all(not s.has_grad for s in tracker.steps)


# --- ZG105 / ZG501: accumulation ---------------------------------------------------------------

@pytest.mark.parametrize(
    "name, accumulation", [("zg105_clear_every_iteration.py", 4), ("zg105_clear_in_step_helper.py", 2)]
)
def test_zg105_only_the_last_micro_batch_reaches_the_step(name, accumulation, monkeypatch):
    tracker, _ = run_fixture(name, monkeypatch)
    steps = steps_of(tracker)
    assert len(steps) >= 2 and tracker.backward_calls == accumulation * len(steps)
    assert all(len(s.backwards) == 1 for s in steps)


def test_zg501_undivided_accumulation_is_n_times_the_full_batch_gradient():
    torch.manual_seed(0)
    model = nn.Linear(5, 1)
    x, y = torch.randn(16, 5), torch.randn(16, 1)
    n = 4

    def accumulated(divide):
        model.zero_grad()
        for mx, my in zip(x.chunk(n), y.chunk(n)):
            loss = nn.functional.mse_loss(model(mx), my)
            (loss / n if divide else loss).backward()
        return model.weight.grad.clone()

    model.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    full = model.weight.grad.clone()
    assert torch.allclose(accumulated(divide=True), full, atol=1e-6)
    assert torch.allclose(accumulated(divide=False), n * full, atol=1e-5)


def test_accumulation_fixtures_step_with_n_micro_batches(monkeypatch):
    for name, sizes in [
        ("ok_accumulation_guard.py", [3, 3, 3]),
        ("ok_accumulation_inner_loop.py", [4, 4, 4]),
        ("ok_accumulation_continue_guard.py", [2, 2, 2]),
        ("zg501_loss_not_divided.py", [4, 4]),
        ("zg501_inner_micro_batches.py", [4, 4, 4]),
    ]:
        tracker, _ = run_fixture(name, monkeypatch)
        steps = steps_of(tracker)
        assert [len(s.backwards) for s in steps] == sizes, name
        assert not any(s.stale for s in steps), name


# --- correct fixtures: no step ever re-applies gradients -------------------------------------------

OK_FIXTURES = sorted(p.name for p in FIXTURES.glob("ok_*.py"))


@pytest.mark.parametrize("name", OK_FIXTURES, ids=[n.removesuffix(".py") for n in OK_FIXTURES])
def test_correct_fixture_never_applies_stale_gradients(name, monkeypatch):
    tracker, raised = run_fixture(name, monkeypatch)
    assert raised is None
    assert tracker.steps, "the fixture never stepped an optimizer"
    assert not any(s.stale for s in tracker.steps)


def test_autograd_grad_does_not_touch_dot_grad():
    torch.manual_seed(0)
    model = nn.Linear(3, 1)
    loss = model(torch.randn(4, 3)).sum()
    grads = torch.autograd.grad(loss, list(model.parameters()))
    assert all(p.grad is None for p in model.parameters())
    assert all(g is not None for g in grads)


# --- ZG104 / ZG203 / ZG301 -------------------------------------------------------------------------

def test_zg104_clear_before_or_after_forward_gives_identical_weights():
    def train(clear_after_forward):
        torch.manual_seed(0)
        model = nn.Linear(4, 2)
        opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
        for _ in range(3):
            x = torch.randn(8, 4)
            if not clear_after_forward:
                opt.zero_grad()
            loss = model(x).pow(2).mean()
            if clear_after_forward:
                opt.zero_grad()
            loss.backward()
            opt.step()
        return [p.detach().clone() for p in model.parameters()]

    assert all(torch.equal(a, b) for a, b in zip(train(False), train(True)))


def test_zg203_clip_after_step_does_not_change_the_update():
    def train(clip_after_step):
        torch.manual_seed(0)
        model = nn.Linear(6, 2)
        opt = torch.optim.SGD(model.parameters(), lr=0.5)
        for _ in range(3):
            opt.zero_grad()
            model(torch.randn(8, 6)).pow(2).sum().backward()
            opt.step()
            if clip_after_step:
                nn.utils.clip_grad_norm_(model.parameters(), 1e-3)
        return [p.detach().clone() for p in model.parameters()]

    assert all(torch.equal(a, b) for a, b in zip(train(False), train(True)))


def test_zg203_clip_before_backward_clips_nothing(monkeypatch):
    tracker, _ = run_fixture("zg203_clip_before_backward.py", monkeypatch)
    assert tracker.clip_norms == [0.0, 0.0, 0.0]


def test_zg301_grad_is_none_after_default_zero_grad_and_for_unused_parameters():
    model = nn.ModuleDict({"used": nn.Linear(2, 1), "unused": nn.Linear(2, 1)})
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    model["used"](torch.randn(3, 2)).sum().backward()
    assert model["unused"].weight.grad is None
    with pytest.raises(AttributeError):
        model["unused"].weight.grad.norm()
    opt.zero_grad()
    assert all(p.grad is None for p in model.parameters())


# --- AMP: ZG401, ZG402, ZG403, ZG404 -----------------------------------------------------------------

def scaled_backward(model, scaler):
    torch.manual_seed(1)
    loss = model(torch.randn(8, 4)).pow(2).mean()
    scaler.scale(loss).backward()
    return loss


def test_zg401_clip_without_unscale_sees_gradients_65536x_too_large():
    torch.manual_seed(0)
    model = nn.Linear(4, 2)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = torch.amp.GradScaler("cpu")
    assert scaler.get_scale() == 65536.0
    scaled_backward(model, scaler)
    scaled_norm = float(nn.utils.clip_grad_norm_(model.parameters(), float("inf")))
    scaler.unscale_(opt)
    true_norm = float(nn.utils.clip_grad_norm_(model.parameters(), float("inf")))
    assert scaled_norm / true_norm == pytest.approx(65536.0, rel=1e-4)


def test_zg401_clipping_scaled_gradients_shrinks_the_applied_gradient_by_the_scale():
    def applied_grad_norm(unscale_first, max_norm=1e-4):
        torch.manual_seed(0)
        model = nn.Linear(4, 2)
        opt = torch.optim.SGD(model.parameters(), lr=1.0)
        scaler = torch.amp.GradScaler("cpu")
        scaled_backward(model, scaler)
        if unscale_first:
            scaler.unscale_(opt)
        nn.utils.clip_grad_norm_(model.parameters(), max_norm)
        scaler.step(opt)  # unscales in place (if not done yet), then steps with these gradients
        scaler.update()
        return torch.cat([p.grad.flatten() for p in model.parameters()]).norm().item()

    assert applied_grad_norm(True) == pytest.approx(1e-4, rel=1e-3)
    assert applied_grad_norm(True) / applied_grad_norm(False) == pytest.approx(65536.0, rel=1e-3)


def test_zg401_fixtures_clip_scaled_gradients(monkeypatch):
    tracker, _ = run_fixture("zg401_clip_scaled_grads.py", monkeypatch)
    assert len(tracker.clip_norms) == 4 and min(tracker.clip_norms) > 1000
    tracker, _ = run_fixture("ok_amp_unscale_before_clip.py", monkeypatch)
    assert len(tracker.clip_norms) == 4 and max(tracker.clip_norms) < 100


def test_zg402_direct_step_applies_scaled_gradients():
    def delta(via_scaler):
        torch.manual_seed(0)
        model = nn.Linear(4, 2)
        opt = torch.optim.SGD(model.parameters(), lr=1e-3)
        scaler = torch.amp.GradScaler("cpu")
        before = model.weight.detach().clone()
        scaled_backward(model, scaler)
        if via_scaler:
            scaler.step(opt)
        else:
            opt.step()
        return (model.weight.detach() - before).norm().item()

    assert delta(via_scaler=False) / delta(via_scaler=True) == pytest.approx(65536.0, rel=1e-3)


def test_zg403_second_unscale_before_update_raises():
    model = nn.Linear(4, 2)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = torch.amp.GradScaler("cpu")
    scaled_backward(model, scaler)
    scaler.unscale_(opt)
    with pytest.raises(RuntimeError, match="unscale_"):
        scaler.unscale_(opt)


def test_zg404_second_step_without_update_raises():
    model = nn.Linear(4, 2)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = torch.amp.GradScaler("cpu")
    scaled_backward(model, scaler)
    scaler.step(opt)
    opt.zero_grad()
    scaled_backward(model, scaler)
    with pytest.raises(RuntimeError, match="update"):
        scaler.step(opt)


@pytest.mark.parametrize(
    "name, message",
    [
        ("zg403_unscale_twice.py", "unscale_"),
        ("zg403_unscale_every_micro_batch.py", "unscale_"),
        ("zg404_no_update.py", "update"),
        ("zg404_update_per_epoch.py", "update"),
        ("zg202_update_not_called.py", "update"),
    ],
)
def test_raising_fixtures_raise_for_the_claimed_reason(name, message, monkeypatch):
    _, raised = run_fixture(name, monkeypatch)
    assert isinstance(raised, RuntimeError) and message in str(raised)
