# expect: clean
"""A metrics dict whose NLL entry still carries the loss's graph, read only by its keys: `for key in metrics:` takes
the keys (strings), not the entries written under them, so the list of the metric names seen keeps no graph (the
entries written into a dict are the elements of a loop over its items or values only)."""
import torch.nn.functional as F


def train(policy, loader, optimizer, log):
    names_seen = []
    for batch in loader:
        optimizer.zero_grad()
        logits = policy(batch["input_ids"])
        nll_loss = F.cross_entropy(logits, batch["labels"])
        nll_loss.backward()
        optimizer.step()
        metrics = {}
        metrics["nll_loss"] = nll_loss
        for key in metrics:
            if key not in names_seen:
                names_seen.append(key)
        log(metrics)
