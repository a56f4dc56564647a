# expect: clean
"""The twin's script: the builder runs the learner that ends with the module's clear alone."""

import torch

from experiment_builder import ExperimentBuilder
from few_shot_module_clear import ModuleClearingLearner


def train(loader):
    model = ModuleClearingLearner(torch.nn.Linear(8, 5), lr=1e-3)
    maml_system = ExperimentBuilder(model=model, loader=loader, epochs=10)
    maml_system.run_experiment()
