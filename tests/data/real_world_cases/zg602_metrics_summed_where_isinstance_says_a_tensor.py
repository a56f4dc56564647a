# expect: ZG602 40:25
"""The twin of clean602_metrics_summed_where_isinstance_says_a_number.py (VL-T5's pretrain.py shape): the loop sums
each entry of the dict its model's `train_step` returns into `epoch_results`, kept for the epoch, and in the arm of
`elif isinstance(v, torch.Tensor):` adds the loss tensor itself, not its `.item()`: every batch's graph stays alive
until the epoch ends (RULES.md ZG602, at the add)."""
import torch
from torch import nn


class Captioner(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def train_step(self, batch):
        loss = self.proj(batch).pow(2).mean()
        return {"loss": loss, "loss_count": batch.size(0)}


def reduce_dict(values):
    return dict(values)


def train(model, loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    for epoch in range(epochs):
        epoch_results = {"loss": 0.0, "loss_count": 0}
        for batch in loader:
            results = model.train_step(batch)
            loss = results["loss"]
            loss.backward()
            optimizer.step()
            for param in model.parameters():
                param.grad = None
            for k, v in results.items():
                if k in epoch_results:
                    if isinstance(v, int):
                        epoch_results[k] += v
                    elif isinstance(v, torch.Tensor):
                        epoch_results[k] += v
        results = reduce_dict(epoch_results)
        print(results["loss"] / results["loss_count"])


train(Captioner(), [torch.randn(4, 8) for _ in range(3)], 2)
