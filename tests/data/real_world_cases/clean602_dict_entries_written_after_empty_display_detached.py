# expect: clean
"""The twin of `zg602_dict_entries_written_after_empty_display_stored_per_key.py` (trl's CPO loop at 363369a): the NLL
entry written as `nll_loss.detach().mean().cpu()`, a value with no graph, as every other entry: nothing kept."""
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
        metrics[f"{prefix}nll_loss"] = nll_loss.detach().mean().cpu()
        metrics["loss"] = loss.item()
        for key, value in metrics.items():
            stored[key].append(value)
