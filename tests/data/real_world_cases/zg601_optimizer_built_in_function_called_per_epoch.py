"""A momentum SGD built inside the epoch's train function, to set that epoch's learning rate.

Shape of jindongwang/transferlearning's DAAN, MRAN and DeepMEDA scripts and
bmsookim/wide-resnet.pytorch: `train(epoch, model, ...)` computes the
epoch's decayed learning rate, builds `optim.SGD(..., momentum=args.momentum)`
(an argparse default of 0.9) on one branch or the other of an `if`, and runs
the batch loop that clears, backpropagates and steps it; the module's epoch
loop calls `train(epoch, model, ...)` with the model built once before it.
Every epoch starts with an empty momentum buffer (RULES.md ZG601: the epoch
loop is the training loop, the function it calls is followed; both branches'
constructions are constructions). main 6c9436b was silent; then the `else`
arm was reported and the parameter groups' arm was not: a list of groups had
no model (their `"params"` entries are the model's parts) and the group's
`"lr": lr`, which the function sets each epoch, was read as another model.
"""
# expect: ZG601 45:21
# expect: ZG601 49:21
import argparse
import math

import torch
from torch import nn, optim

parser = argparse.ArgumentParser()
parser.add_argument("--lr", type=float, default=0.01)
parser.add_argument("--momentum", type=float, default=0.9)
parser.add_argument("--epochs", type=int, default=3)
parser.add_argument("--diff_lr", action="store_true")
args = parser.parse_args([])


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Linear(8, 8)
        self.head = nn.Linear(8, 2)

    def forward(self, x):
        return self.head(torch.relu(self.backbone(x)))


def train(epoch, model, loader):
    lr = args.lr / math.pow(1 + 10 * (epoch - 1) / args.epochs, 0.75)
    if args.diff_lr:
        optimizer = optim.SGD([{"params": model.backbone.parameters()},
                               {"params": model.head.parameters(), "lr": lr}],
                              lr=lr / 10, momentum=args.momentum)
    else:
        optimizer = optim.SGD(model.parameters(), lr=lr, momentum=args.momentum)
    for x, y in loader:
        optimizer.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()


model = Net()
loader = [(torch.randn(4, 8), torch.randint(0, 2, (4,))) for _ in range(3)]
for epoch in range(1, args.epochs + 1):
    train(epoch, model, loader)
