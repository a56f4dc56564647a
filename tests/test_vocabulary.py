"""The PyTorch words of analysis/vocabulary.py, checked against the installed torch."""

from __future__ import annotations

import inspect

import pytest
import torch
import torch.optim.lr_scheduler as lr_scheduler

from zerograd_lint.analysis.ir import vocabulary

pytestmark = pytest.mark.torch


def test_clip_functions_are_torch_nn_utils_clip_functions() -> None:
    in_torch = {name for name, value in vars(torch.nn.utils).items() if name.startswith("clip_grad") and inspect.isfunction(value)}
    assert vocabulary.CLIP_FUNCTIONS == in_torch
    assert vocabulary.CLIP_ALIASES < vocabulary.CLIP_FUNCTIONS
    assert all(hasattr(torch.nn.utils, name) for name in vocabulary.NORM_FUNCTIONS)


def test_every_torch_optimizer_is_known() -> None:
    in_torch = {name for name, value in vars(torch.optim).items() if inspect.isclass(value) and issubclass(value, torch.optim.Optimizer)}
    assert in_torch - {"Optimizer"} <= vocabulary.OPTIMIZER_CLASSES


def test_schedulers_are_torch_schedulers_but_the_metric_one() -> None:
    in_torch = {
        name
        for name, value in vars(lr_scheduler).items()
        if inspect.isclass(value) and issubclass(value, lr_scheduler.LRScheduler) and value.__module__ == lr_scheduler.__name__
    }
    assert vocabulary.TORCH_SCHEDULERS - {"SWALR"} == in_torch - {"LRScheduler", "_LRScheduler", "ReduceLROnPlateau"}
    assert issubclass(torch.optim.swa_utils.SWALR, lr_scheduler.LRScheduler)


def test_no_grad_contexts_and_scalers_are_torch_names() -> None:
    assert all(callable(getattr(torch, name)) for name in vocabulary.NO_GRAD_CONTEXTS)
    assert hasattr(torch.amp, "GradScaler")
