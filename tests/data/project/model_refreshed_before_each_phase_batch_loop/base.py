# expect: clean
"""The helpers of each phase (the base class of phases.py's trainer, as base_trainer.py is trainer.py's)."""

import copy

import torch
from torch import optim


class PhaseBase:
    def __init__(self, settings):
        self.settings = settings

    def class_order(self, model):
        return model(self.settings.probe).mean(0).argsort()

    def prepare_phase(self, model, phase):
        reference = copy.deepcopy(model).eval()
        weight = self.settings.distill * model.fc.out_features / (phase + 1)
        return model, reference, weight

    def imprint(self, model, loader):
        with torch.no_grad():
            features = torch.cat([model(x) for x, _ in loader])
        model.fc.weight.data = features.mean(0, keepdim=True)
        return model

    def make_optimizer(self, model, reference):
        reference = reference.to(self.settings.device)
        classifier = list(map(id, model.fc.parameters()))
        body = filter(lambda p: id(p) not in classifier, model.parameters())
        return optim.SGD([{"params": body}, {"params": model.fc.parameters(), "lr": 0.0}], lr=self.settings.lr)
