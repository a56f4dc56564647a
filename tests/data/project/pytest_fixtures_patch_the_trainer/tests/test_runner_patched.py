# expect: clean
# The runner is a mock while these tests run: its `fit` patched on its class (every instance runs the mock, however the
# class is named), or the name `run` builds it by (the optimizer is only handed over).
from unittest.mock import patch

import torch

from recipes import Runner
from recipes.finetune import run


@patch.object(Runner, "fit")
def test_run_fits_the_runner(fit):
    kwargs = {"epochs": 2}
    run(**kwargs)
    fit.assert_called_once()


def test_runner_fits_once(mocker):
    fit = mocker.patch.object(Runner, "fit")
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    Runner(model, optimizer, [torch.randn(8, 4) for _ in range(4)], epochs=2).fit()
    fit.assert_called_once()


@patch("recipes.finetune.Runner")
def test_run_builds_the_runner(runner):
    kwargs = {"epochs": 2}
    run(**kwargs)
    runner.return_value.fit.assert_called_once()
