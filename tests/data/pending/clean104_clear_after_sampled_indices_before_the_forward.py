"""A clear after the model hands out sampled indices, and before the forward that builds the loss.

The shape of a differentiable meta-graph search (BUPT-GAMMA/OpenHGNN's DiffMG trainer): `model.sample(eps)` picks
one candidate edge type per link (`torch.randint`, or `torch.argmax` of the architecture's softmax), the clear
follows, then the forward with those indices builds the loss. The indices are integers: no gradient flows from the
loss back through them, so the clear runs before the only forward of its backward, where RULES.md ZG104 wants it.
Today the call is taken as a forward pass because its result reaches the loss through the forward's arguments; what
the analysis needs is to know that `sample`'s return (integer tensors of `randint`/`argmax`, read in the model's
class) carries no graph.
"""
# expect: clean
import numpy as np
import torch
import torch.nn.functional as F
from torch import nn


class Search(nn.Module):
    def __init__(self, n_links, n_types):
        super().__init__()
        self.alphas = nn.Parameter(torch.zeros(n_links, n_types))
        self.weight = nn.Parameter(torch.randn(n_types, 8))

    def sample(self, eps):
        if np.random.uniform() < eps:
            return torch.randint(low=0, high=self.alphas.size(-1), size=self.alphas.size()[:-1])
        return torch.argmax(F.softmax(self.alphas, dim=-1), dim=-1)

    def forward(self, x, idxes):
        return x @ self.weight[idxes].t()


def search(model, optimizer, x, eps, epochs):
    for _ in range(epochs):
        idxes = model.sample(eps)
        optimizer.zero_grad()
        out = model(x, idxes)
        loss = -F.logsigmoid(out).mean()
        loss.backward()
        optimizer.step()
