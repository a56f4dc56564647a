# expect: clean
"""The twin (trl's CPO trainer at 363369a): the NLL term stored as `nll_loss.detach().mean().cpu()`, a number with no
graph, as every other metric."""

from collections import defaultdict

import torch
import torch.nn.functional as F
from transformers import Trainer


class DetachedPreferenceTrainer(Trainer):
    def __init__(self, *args, beta=0.1, **kwargs):
        super().__init__(*args, **kwargs)
        self.beta = beta
        self._stored_metrics = defaultdict(lambda: defaultdict(list))

    def concatenated_forward(self, model, batch):
        logits = model(batch["input_ids"]).logits
        logps = torch.log_softmax(logits, dim=-1).gather(-1, batch["labels"].unsqueeze(-1)).squeeze(-1).sum(-1)
        n = batch["chosen_count"]
        nll_loss = F.cross_entropy(logits[:n].flatten(0, 1), batch["labels"][:n].flatten())
        return logps[:n], logps[n:], nll_loss

    def get_batch_loss_metrics(self, model, batch, train_eval="train"):
        metrics = {}
        chosen, rejected, nll_loss = self.concatenated_forward(model, batch)
        loss = -F.logsigmoid(self.beta * (chosen - rejected)).mean() + nll_loss
        prefix = "eval_" if train_eval == "eval" else ""
        metrics[f"{prefix}logps/chosen"] = chosen.detach().mean().cpu()
        metrics[f"{prefix}nll_loss"] = nll_loss.detach().mean().cpu()
        return loss, metrics

    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        loss, metrics = self.get_batch_loss_metrics(model, inputs, train_eval="train")
        self.store_metrics(metrics, train_eval="train")
        return (loss, metrics) if return_outputs else loss

    def store_metrics(self, metrics, train_eval="train"):
        for key, value in metrics.items():
            self._stored_metrics[train_eval][key].append(value)

    def log(self, logs, *args, **kwargs):
        train_eval = "train" if "loss" in logs else "eval"
        for key, metrics in self._stored_metrics[train_eval].items():
            logs[key] = torch.tensor(metrics).mean().item()
        del self._stored_metrics[train_eval]
        return super().log(logs, *args, **kwargs)
