# expect: clean
"""A pipeline schedule in nanotron's shape: all forwards first, each micro-batch's loss divided and queued, then all
backwards, each taking its loss back out of the queue (`pending.popleft()`); one step after. The loss a queue hands
back was put in elsewhere and is not built where it is backpropagated: whether it was divided is judged nowhere, so
nothing is reported. And an accumulator object's `backward(loss)` (`grad_accumulator.backward(...)`) is not read as a
backward of that object's own value."""

import collections

import torch


def train(model, loader, optimizer, n_micro=4):
    criterion = torch.nn.CrossEntropyLoss()
    grad_accumulator = optimizer.gradient_accumulator
    for inputs, targets in loader:
        pending = collections.deque()
        for micro_inputs, micro_targets in zip(inputs.chunk(n_micro), targets.chunk(n_micro)):
            pending.append(criterion(model(micro_inputs), micro_targets) / n_micro)
        for _ in range(len(pending)):
            if grad_accumulator is None:
                pending.popleft().backward()
            else:
                grad_accumulator.backward(pending.popleft())
        optimizer.step()
        optimizer.zero_grad()
