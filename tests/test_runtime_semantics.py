"""The facts about `.grad` the rules rest on, checked on torch itself (DESIGN.md section 5)."""

from __future__ import annotations

import pytest
import torch

from zerograd_lint.runtime.lifecycle import Stage
from zerograd_lint.runtime.probes import torch_stage

pytestmark = [pytest.mark.slow, pytest.mark.torch]


def model_and_batches(seed: int = 0, batches: int = 4):
    torch.manual_seed(seed)
    model = torch.nn.Sequential(torch.nn.Linear(5, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1)).double()
    data = [(torch.randn(6, 5, dtype=torch.float64), torch.randn(6, 1, dtype=torch.float64)) for _ in range(batches)]
    return model, data


def loss_of(model: torch.nn.Module, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    return torch.nn.functional.mse_loss(model(x), y)


def grads(model: torch.nn.Module) -> list[torch.Tensor]:
    return [p.grad.clone() for p in model.parameters()]


def test_without_a_clear_grad_is_the_sum_over_batches() -> None:
    model, data = model_and_batches()
    separate = []
    for x, y in data:
        model.zero_grad()
        loss_of(model, x, y).backward()
        separate.append(grads(model))
    model.zero_grad()
    for x, y in data:
        loss_of(model, x, y).backward()
    for accumulated, *parts in zip(grads(model), *separate):
        torch.testing.assert_close(accumulated, sum(parts))


def test_loss_over_n_on_n_equal_micro_batches_equals_the_full_batch() -> None:
    model, data = model_and_batches()
    n = len(data)
    for x, y in data:
        (loss_of(model, x, y) / n).backward()
    accumulated = grads(model)
    model.zero_grad()
    loss_of(model, torch.cat([x for x, _ in data]), torch.cat([y for _, y in data])).backward()
    for micro, full in zip(accumulated, grads(model)):
        torch.testing.assert_close(micro, full)


@pytest.mark.parametrize("set_to_none", [True, False])
def test_clear_before_or_after_the_forward_gives_identical_weights(set_to_none: bool) -> None:
    def train(clear_after_forward: bool) -> list[torch.Tensor]:
        model, data = model_and_batches()
        opt = torch.optim.Adam(model.parameters(), lr=0.01)
        for x, y in data * 3:
            if not clear_after_forward:
                opt.zero_grad(set_to_none=set_to_none)
            loss = loss_of(model, x, y)
            if clear_after_forward:
                opt.zero_grad(set_to_none=set_to_none)
            loss.backward()
            opt.step()
        return [p.detach().clone() for p in model.parameters()]

    for before, after in zip(train(False), train(True)):
        assert torch.equal(before, after)  # bit-identical, not just close


def test_clipping_scaled_gradients_shrinks_the_update_by_the_scale() -> None:
    def update(scaled: bool) -> torch.Tensor:
        model, data = model_and_batches()
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        scaler = torch.amp.GradScaler("cpu")
        start = torch.cat([p.detach().flatten() for p in model.parameters()]).clone()
        x, y = data[0]
        scaler.scale(loss_of(model, x, y)).backward()
        if not scaled:
            scaler.unscale_(opt)
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1e-3)  # active either way
        scaler.step(opt)
        scaler.update()
        return torch.cat([p.detach().flatten() for p in model.parameters()]) - start

    right, wrong = update(scaled=False), update(scaled=True)
    scale = torch.amp.GradScaler("cpu").get_scale()
    assert scale == 65536.0
    torch.testing.assert_close(right.norm() / wrong.norm(), torch.tensor(scale, dtype=torch.float64), rtol=1e-6, atol=0)


def test_second_unscale_before_update_raises_and_the_stage_is_readable() -> None:
    model, data = model_and_batches()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = torch.amp.GradScaler("cpu")
    scaler.scale(loss_of(model, *data[0])).backward()
    assert torch_stage(scaler, opt) is Stage.READY
    scaler.unscale_(opt)
    assert torch_stage(scaler, opt) is Stage.UNSCALED
    with pytest.raises(RuntimeError, match="unscale_"):
        scaler.unscale_(opt)
    scaler.step(opt)
    assert torch_stage(scaler, opt) is Stage.STEPPED
    assert torch_stage(torch.amp.GradScaler("cpu", enabled=False), opt) is None  # falls back to our own record


def test_autograd_grad_never_touches_dot_grad() -> None:
    model, data = model_and_batches()
    torch.autograd.grad(loss_of(model, *data[0]), list(model.parameters()))
    assert all(p.grad is None for p in model.parameters())
