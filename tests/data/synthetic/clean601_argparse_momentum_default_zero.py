"""SGD rebuilt per epoch with `momentum=args.momentum`, whose argparse default is 0.

The file shows the momentum is 0: plain SGD keeps no state (RULES.md ZG601), nothing to report.
"""
# expect: clean
import argparse

import torch


def parse():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base-lr", type=float, default=0.1)
    parser.add_argument("-m", "--momentum", type=float, default=0)
    return parser.parse_args()


def train(model, loader, epochs):
    args = parse()
    for epoch in range(epochs):
        lr = args.base_lr * 0.5 ** (epoch // 10)
        optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=args.momentum)
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
