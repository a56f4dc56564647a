# expect: ZG501 13:13
"""The twin: the micro-batches' losses are summed for the backward but never divided by their number, so the step
applies n micro-batches' gradients at once (the effective learning rate n times larger)."""

import torch


def train(model, loader, optimizer, n_micro=4):
    criterion = torch.nn.CrossEntropyLoss()
    for inputs, targets in loader:
        for micro_inputs, micro_targets in zip(inputs.chunk(n_micro), targets.chunk(n_micro)):
            losses = [criterion(model(micro_inputs), micro_targets)]
            sum(losses).backward()
        optimizer.step()
        optimizer.zero_grad()
