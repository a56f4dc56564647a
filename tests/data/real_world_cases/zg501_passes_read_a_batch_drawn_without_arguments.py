"""The twin: each pass takes a batch from a call with no argument (`sample_batch()`, not visible here) and the pass
reads it: the passes may be micro-batches, backpropagated undivided before one step (RULES.md ZG501)."""
# expect: ZG501 14:13
from collections import OrderedDict


def train(net, sample_batch, criterion, optimizer, K, steps):
    for _ in range(steps):
        optimizer.zero_grad()
        for j in range(K):
            bar = OrderedDict()
            data, label = sample_batch()
            loss = criterion(net(data), label)
            loss.backward()
            bar["loss"] = loss.item()
        optimizer.step()
