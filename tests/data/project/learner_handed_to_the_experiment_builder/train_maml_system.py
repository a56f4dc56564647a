# expect: clean
"""The script (HowToTrainYourMAMLPytorch's train_maml_system.py): builds the learner and hands it to the builder."""

import torch

from experiment_builder import ExperimentBuilder
from few_shot_learning_system import FewShotLearner


def train(loader):
    model = FewShotLearner(torch.nn.Linear(8, 5), lr=1e-3)
    maml_system = ExperimentBuilder(model=model, loader=loader, epochs=10)
    maml_system.run_experiment()
