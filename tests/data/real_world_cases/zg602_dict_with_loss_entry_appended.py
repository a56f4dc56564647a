"""A step's output dict kept for the epoch's end with its loss entry as it came: the graph kept.

The twin of `clean602_dict_entry_detached_before_append.py`: TRI-ML/packnet-sfm's
Horovod trainer before its memory-leak fix (2698f1f). The module's
`training_step` returns a dict; the loop backpropagates `out["loss"]`, steps
and appends the dict to the epoch's list with the loss entry untouched, so
every batch's autograd graph stays alive until the epoch ends (RULES.md ZG602:
a dict that a helper returns and the loop accumulates).
"""
# expect: ZG602 33:9
import torch
from torch import nn


class DepthModule(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(6, 1)

    def training_step(self, batch):
        prediction = self.net(batch["image"])
        loss = (prediction - batch["depth"]).abs().mean()
        return {"loss": loss, "metrics": {"abs_rel": loss.detach()}}


def train_epoch(module, loader, optimizer):
    outputs = []
    for batch in loader:
        optimizer.zero_grad()
        out = module.training_step(batch)
        out["loss"].backward()
        optimizer.step()
        outputs.append(out)
    return outputs


module = DepthModule()
optimizer = torch.optim.Adam(module.parameters(), lr=2e-4)
loader = [{"image": torch.randn(4, 6), "depth": torch.rand(4, 1)} for _ in range(3)]
for epoch in range(2):
    train_epoch(module, loader, optimizer)
