# expect: clean
"""train.py's clean twin: the helper's clear is the batch's only one (nothing clears before the call)."""

import torch

from losses import trades_loss


def train(args, model, loader, optimizer):
    model.train()
    for data, target in loader:
        loss = trades_loss(model, data, target, optimizer, perturb_steps=args.steps)
        loss.backward()
        optimizer.step()


def main(args, model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)
    for epoch in range(args.epochs):
        train(args, model, loader, optimizer)
