# expect: ZG602 29:13
"""A preference-optimisation loop in trl's CPO shape before 363369a, in one file: each batch's metrics go into a dict
bound to an empty display, entry by entry under f-string keys, and a loop over the dict's items appends each value to
the list of its key. The NLL entry, `nll_loss.cpu().mean()`, is still the tensor the loss adds, with the policy's
graph: every iteration's graph stays alive in `stored` (reported at the append)."""
from collections import defaultdict

import torch.nn.functional as F


def train(policy, loader, optimizer, beta=0.1, train_eval="train"):
    stored = defaultdict(list)
    for batch in loader:
        optimizer.zero_grad()
        logits = policy(batch["input_ids"])
        logps = logits.log_softmax(-1).gather(-1, batch["labels"].unsqueeze(-1)).squeeze(-1).sum(-1)
        n = batch["chosen_count"]
        chosen, rejected = logps[:n], logps[n:]
        nll_loss = F.cross_entropy(logits[:n].flatten(0, 1), batch["labels"][:n].flatten())
        loss = -F.logsigmoid(beta * (chosen - rejected)).mean() + nll_loss
        loss.backward()
        optimizer.step()
        prefix = "eval_" if train_eval == "eval" else ""
        metrics = {}
        metrics[f"{prefix}logps/chosen"] = chosen.detach().mean().cpu()
        metrics[f"{prefix}nll_loss"] = nll_loss.cpu().mean()
        metrics["loss"] = loss.item()
        for key, value in metrics.items():
            stored[key].append(value)
