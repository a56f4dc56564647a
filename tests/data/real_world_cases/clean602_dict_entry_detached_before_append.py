"""A step's output dict kept for the epoch's end, its loss entry detached first.

Shape of TRI-ML/packnet-sfm's Horovod trainer after its memory-leak fix
(2698f1f): the module's `training_step` returns a dict; the loop
backpropagates `out["loss"]`, steps, replaces that entry by
`out["loss"].detach()` and only then appends the dict to the epoch's list.
The kept dict holds no graph (RULES.md ZG602: not reported when the entry that
carries the graph was replaced by a detached value before the container is
kept). main 6c9436b reports ZG602 at the append and advises `out.item()`,
which a dict does not have.
"""
# expect: clean
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
        out["loss"] = out["loss"].detach()
        outputs.append(out)
    return outputs


module = DepthModule()
optimizer = torch.optim.Adam(module.parameters(), lr=2e-4)
loader = [{"image": torch.randn(4, 6), "depth": torch.rand(4, 1)} for _ in range(3)]
for epoch in range(2):
    train_epoch(module, loader, optimizer)
