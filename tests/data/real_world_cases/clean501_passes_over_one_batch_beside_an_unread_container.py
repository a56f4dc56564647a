"""YOPO-style adversarial training (DeepRobust's image/defense/YOPO.py shape, written here): `range(K)` passes over
the same batch, each with a perturbation moved from the last, backpropagated before one step. Each pass also
starts a progress dict (`bar = OrderedDict()`), a call with no argument that the pass never reads: no batch drawn, so
the passes are no micro-batches (RULES.md ZG501): silent."""
# expect: clean
from collections import OrderedDict

import torch


def train(net, loader, criterion, optimizer, K, eps):
    for data, label in loader:
        eta = torch.zeros_like(data).uniform_(-eps, eps).requires_grad_()
        optimizer.zero_grad()
        for j in range(K):
            bar = OrderedDict()
            pred = net(data + eta.detach())
            loss = criterion(pred, label)
            loss.backward()
            eta = (eta + 0.01 * torch.randn_like(eta)).clamp(-eps, eps)
        optimizer.step()
        bar["loss"] = loss.item()
