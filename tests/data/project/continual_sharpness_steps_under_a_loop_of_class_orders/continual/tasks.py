# expect: clean
"""The tasks of the scenario, the network and the loaders (the data are out of the lifecycle's view)."""

import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(32, 10)

    def forward(self, x):
        return self.body(x)

    def extra_losses(self, loss):
        return {}

    def pooled_distance(self, teacher):
        return torch.zeros(())

    def freeze_old(self):
        self.body.requires_grad_(False)

    def unfreeze(self):
        self.body.requires_grad_(True)


def build_net(settings):
    return Net()


def build_tasks(settings):
    return [torch.utils.data.TensorDataset(torch.randn(64, 32), torch.randint(0, 10, (64,))) for _ in range(settings.tasks)]


def loaders(data, settings):
    return torch.utils.data.DataLoader(data, batch_size=settings.batch_size, shuffle=True)


def finetuning_set(data, memory):
    return torch.utils.data.ConcatDataset([data, memory])
