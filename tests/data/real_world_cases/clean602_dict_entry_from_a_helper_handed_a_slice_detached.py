# expect: clean
"""The twin of `zg602_dict_entry_from_a_helper_handed_a_slice_of_the_logits.py` (trl's CPO loop at 363369a): the
NLL entry written as `nll_loss.detach().mean().cpu()`, a value with no graph: nothing kept."""
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
        metrics["nll_loss"] = nll_loss.detach().mean().cpu()
        metrics["loss"] = loss.item()
        for key, value in metrics.items():
            stored[key].append(value)
