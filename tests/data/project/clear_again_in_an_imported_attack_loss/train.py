# expect: clean
"""The training script (semisup-adv's robust_self_training.py, written here): clear, the loss of losses.py (which
clears again, reported there), backward, step; a learning rate set by hand each epoch. `main` comes first, so the
clear of the batch loop is on a line below the helper's in losses.py (the report's message must not read the order
of two lines of different modules as a clear across the loop's back edge)."""

import torch

from losses import trades_loss


def adjust_learning_rate(optimizer, epoch, base_lr):
    lr = base_lr * (0.1 if epoch >= 75 else 1.0)
    for group in optimizer.param_groups:
        group["lr"] = lr


def main(args, model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)
    for epoch in range(args.epochs):
        adjust_learning_rate(optimizer, epoch, args.lr)
        train(args, model, loader, optimizer)


def train(args, model, loader, optimizer):
    model.train()
    for data, target in loader:
        optimizer.zero_grad()
        loss = trades_loss(model, data, target, optimizer, perturb_steps=args.steps)
        loss.backward()
        optimizer.step()
