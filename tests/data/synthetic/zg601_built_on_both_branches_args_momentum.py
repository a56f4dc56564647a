"""The optimizer chosen by a flag and built on both arms of an `if`, inside the epoch loop.

A construction on both branches runs every iteration; `momentum=args.momentum` with an argparse
default of 0.9 keeps state (RULES.md ZG601): both constructions are reported.
"""
# expect: ZG601 24:19
# expect: ZG601 26:19
import argparse

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--optimizer", choices=["sgd", "adamw"], default="sgd")
parser.add_argument("--lr", type=float, default=0.05)
parser.add_argument("--momentum", type=float, default=0.9)
parser.add_argument("--epochs", type=int, default=30)
args = parser.parse_args()


def run(net, batches):
    for epoch in range(args.epochs):
        net.train()
        if args.optimizer == "sgd":
            opt = torch.optim.SGD(net.parameters(), lr=args.lr, momentum=args.momentum, nesterov=True)
        else:
            opt = torch.optim.AdamW(net.parameters(), lr=args.lr)
        for inputs, targets in batches:
            opt.zero_grad(set_to_none=True)
            torch.nn.functional.cross_entropy(net(inputs), targets).backward()
            opt.step()
