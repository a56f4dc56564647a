# expect: ZG602 43:13
"""A preference-optimisation `Trainer` subclass (huggingface/trl's CPO trainer before 363369a, written here):
`compute_loss` stores the batch's metrics through `store_metrics`, which appends each value to
`self._stored_metrics` (emptied only when the Trainer logs). The NLL term is stored as `nll_loss.cpu().mean()`, still
the tensor with the policy's graph, so every training step's graph stays alive until the next log."""

from collections import defaultdict

import torch
import torch.nn.functional as F
from transformers import Trainer


class PreferenceTrainer(Trainer):
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
        metrics[f"{prefix}nll_loss"] = nll_loss.cpu().mean()
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
