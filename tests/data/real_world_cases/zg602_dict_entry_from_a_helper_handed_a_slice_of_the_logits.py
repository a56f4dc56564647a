# expect: ZG602 32:13
"""trl's CPO loop before 363369a, the NLL term as trl computes it: a nested helper handed a slice of the policy's
logits (`cross_entropy_loss(logits[:n], labels[:n])`) returns the loss it names. The slice is the logits' graph, so the
helper's `loss` carries it, and the metrics dict's `nll_loss` entry, `nll_loss.cpu().mean()`, keeps that graph in
`stored` every iteration (reported at the append)."""
from collections import defaultdict

from torch import nn


def train(policy, loader, optimizer):
    stored = defaultdict(list)
    for batch in loader:
        optimizer.zero_grad()
        logits = policy(batch["input_ids"])
        labels = batch["labels"].clone()
        n = batch["chosen_count"]

        def cross_entropy_loss(logits, labels):
            loss_fct = nn.CrossEntropyLoss()
            loss = loss_fct(logits.flatten(0, 1), labels.flatten())
            return loss

        nll_loss = cross_entropy_loss(logits[:n], labels[:n])
        loss = nll_loss + logits[n:].mean()
        loss.backward()
        optimizer.step()
        metrics = {}
        metrics["nll_loss"] = nll_loss.cpu().mean()
        metrics["loss"] = loss.item()
        for key, value in metrics.items():
            stored[key].append(value)
