# expect: clean
"""Each micro-batch's loss is divided by the number of micro-batches as it is made, and the list of them is summed for
the backward: `sum(losses)` is divided where each of `losses` is (huggingface/nanotron's pipeline engine sums the
activations it registered, each loss already divided by `nb_microbatches`)."""

import torch


def train(model, loader, optimizer, n_micro=4):
    criterion = torch.nn.CrossEntropyLoss()
    for inputs, targets in loader:
        for micro_inputs, micro_targets in zip(inputs.chunk(n_micro), targets.chunk(n_micro)):
            losses = [criterion(model(micro_inputs), micro_targets) / n_micro]
            sum(losses).backward()
        optimizer.step()
        optimizer.zero_grad()
