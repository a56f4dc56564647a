"""redteam: FAILS on main 61a4738, precision-flow 17f1a91, precision-roles f58db55, new-rules 4a6f147, runtime 763d6f4: expected clean, got ZG501 17:9 (on main); passes on: no branch scored.

A per-batch flag tested twice (nothing assigned between): the clear and the update go together.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(model, loader, optimizer):
    for batch in loader:
        do_update = batch["update"]
        if do_update:
            optimizer.zero_grad()
        loss = model(batch["x"]).mean()
        loss.backward()
        if do_update:
            optimizer.step()
