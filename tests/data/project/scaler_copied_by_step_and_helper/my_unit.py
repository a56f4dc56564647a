# expect: clean
import torch

from units import AutoUnit


class MyUnit(AutoUnit):
    def configure_optimizer(self, module):
        return torch.optim.AdamW(module.parameters(), lr=1e-3)

    def compute_loss(self, batch):
        inputs, targets = batch
        return torch.nn.functional.cross_entropy(self.module(inputs), targets)
