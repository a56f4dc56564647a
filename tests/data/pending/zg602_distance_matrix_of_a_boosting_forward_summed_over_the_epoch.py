# expect: ZG602 73:9
"""microsoft/qlib's AdaRNN (qlib/contrib/model/pytorch_adarnn.py:193, round 32), reduced: the model's boosting forward
runs a ModuleList of GRUs, splits each layer's output into source and target halves with a static method, measures
each time step's distance with a transfer criterion's `compute` and writes it into a zeros matrix it returns beside
the prediction; the epoch loop sums that matrix, `dist_mat = dist_mat + dist`, into a tensor it returns after the loop:
every batch's graph of the distances stays alive (RULES.md ZG602: a tensor that requires grad because it comes from
the model's output, added into a variable that outlives the iteration). Missed: `returned_graphs.elements_carried`
reads the returned matrix as UNKNOWN, not GRAPH (the same tuple with `out = self.layer(x)` of a Linear is read as
GRAPH). What it needs: an RNN layer's `(output, h_n)` unpacked as carrying the graph (`out, _ = self.grus[i](x)`), the
layer's output list followed through the static method that slices it, and the criterion's `compute` read over its
arms (each a function of the file of its two handed features), so that the distance written into the matrix carries
the features' graph."""

import torch
from torch import nn


def linear_mmd(source, target):
    delta = source.mean(0) - target.mean(0)
    return delta.dot(delta)


def cosine_gap(source, target):
    return 1 - nn.functional.cosine_similarity(source, target).mean()


class TransferLoss:
    def __init__(self, kind="mmd"):
        self.kind = kind

    def compute(self, source, target):
        if self.kind == "mmd":
            return linear_mmd(source, target)
        return cosine_gap(source, target)


class Boosted(nn.Module):
    def __init__(self, steps=4, layers=2):
        super().__init__()
        self.grus = nn.ModuleList([nn.GRU(6 if i == 0 else 16, 16, batch_first=True) for i in range(layers)])
        self.head = nn.Linear(16, 1)
        self.steps = steps

    def features(self, x):
        outputs = []
        for gru in self.grus:
            x, _ = gru(x)
            outputs.append(x)
        return x, outputs

    @staticmethod
    def halves(outputs):
        return [o[: o.size(0) // 2] for o in outputs], [o[o.size(0) // 2 :] for o in outputs]

    def forward_boosting(self, x):
        last, outputs = self.features(x)
        sources, targets = self.halves(outputs)
        criterion = TransferLoss()
        transfer = torch.zeros(1)
        dist = torch.zeros(len(sources), self.steps)
        for i, source in enumerate(sources):
            for j in range(self.steps):
                gap = criterion.compute(source[:, j], targets[i][:, j])
                transfer = transfer + gap
                dist[i, j] = gap
        return self.head(last[:, -1]).squeeze(-1), transfer, dist


def train_epoch(model, optimizer, loader):
    dist_mat = torch.zeros(len(model.grus), model.steps)
    for x, y in loader:
        pred, transfer, dist = model.forward_boosting(x)
        dist_mat = dist_mat + dist
        loss = nn.functional.mse_loss(pred, y) + transfer.sum()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return dist_mat
