# expect: clean
"""A vision-language pre-training loop (the shape of j-min/VL-T5's pretrain.py): the model's `train_step` returns a
dict of the loss and its counts, the loop backpropagates `results['loss']`, then sums each entry into `epoch_results`
kept for the epoch, as it is under `if isinstance(v, int):` (a count) and through `.item()` under `elif
isinstance(v, torch.Tensor):`. No tensor is an `int`, so nothing summed carries a graph (RULES.md ZG602: not
reported). After the loop `results = reduce_dict(epoch_results)` rebinds the loss's source name for the log only: it
never reaches a backward, so the sum is no loss summed on purpose either. The twin,
zg602_metrics_summed_where_isinstance_says_a_tensor.py, adds the tensor itself."""
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
                        epoch_results[k] += v.item()
        results = reduce_dict(epoch_results)
        print(results["loss"] / results["loss_count"])


train(Captioner(), [torch.randn(4, 8) for _ in range(3)], 2)
