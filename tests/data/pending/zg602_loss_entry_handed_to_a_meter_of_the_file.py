# expect: ZG602 40:9
"""A learned image codec's train.py (lyq133/LIC-HPCM before "Fix AverageMeter", 6d88b8a; issue 4 "Memory Leak in
`AverageMeter`"), reduced: the criterion hands back a dict of losses, the epoch backpropagates its `"loss"` entry and
hands that entry to an `AverageMeter` built before the loop, whose `update` adds it into `self.sum`: every batch's
graph stays alive until the epoch ends (RULES.md ZG602: a helper that keeps what it is given, reported at its
accumulating statement). Missed: a meter's parameter holds what the caller hands it only where the argument is a
name, an attribute or their arithmetic (`kept_values.arithmetic_terms`); an entry read by a key (`out["loss"]`) is left
out, since the dict's other entries may hold no graph (`meter.update(out["acc"])`). Binding `total = out["loss"]`,
backpropagating `total` and handing it to the meter is reported. What it needs: the helper's parameter bound to the caller's entry itself (the
slot `out_criterion["loss"]`, which the backward's `graph_entry` names), judged as the loop's own
`history.append(out["loss"])` is: by the key, against the key the backward reads."""

import torch
from torch import nn


class RateDistortionLoss(nn.Module):
    def __init__(self, lmbda=1e-2):
        super().__init__()
        self.mse = nn.MSELoss()
        self.lmbda = lmbda

    def forward(self, output, target):
        out = {}
        out["bpp_loss"] = output["likelihoods"].log().sum()
        out["mse_loss"] = self.mse(output["x_hat"], target)
        out["loss"] = self.lmbda * out["mse_loss"] + out["bpp_loss"]
        return out


class AverageMeter:
    def __init__(self):
        self.val = 0
        self.avg = 0
        self.sum = 0
        self.count = 0

    def update(self, val, n=1):
        self.val = val
        self.sum += val * n
        self.count += n
        self.avg = self.sum / self.count


def train_one_epoch(model, criterion, train_dataloader, optimizer, epoch):
    model.train()
    loss = AverageMeter()
    bpp_loss = AverageMeter()
    for i, d in enumerate(train_dataloader):
        optimizer.zero_grad()
        out_net = model(d)
        out_criterion = criterion(out_net, d)
        out_criterion["loss"].backward()
        optimizer.step()
        bpp_loss.update(out_criterion["bpp_loss"])
        loss.update(out_criterion["loss"])
    print(epoch, loss.avg, bpp_loss.avg)
