"""Stage-wise training: each stage's momentum SGD is built over the parameter group of that stage's block.

The twin of `zg601_optimizer_built_in_function_called_per_epoch.py`: the loop
over stages calls `train_stage(stage, model, loader)`, which builds
`optim.SGD([{"params": model.blocks[stage].parameters(), "lr": lr}], ...)`
with momentum and runs the batch loop. Each stage trains another block, a new
parameter set (RULES.md ZG601: not reported when the loop takes another model
or parameter set each iteration): a fresh optimizer is the point. The group's
`"params"` entry is what the optimizer is built over; its `"lr"` is not.
"""
# expect: clean
import torch
from torch import nn, optim


class Stacked(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList(nn.Linear(6, 6) for _ in range(3))
        self.head = nn.Linear(6, 2)

    def forward(self, x):
        for block in self.blocks:
            x = torch.relu(block(x))
        return self.head(x)


def train_stage(stage, model, loader):
    lr = 0.05 / (stage + 1)
    optimizer = optim.SGD([{"params": model.blocks[stage].parameters(), "lr": lr}], lr=lr, momentum=0.9)
    for x, y in loader:
        optimizer.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()


model = Stacked()
loader = [(torch.randn(4, 6), torch.randint(0, 2, (4,))) for _ in range(3)]
for stage in range(len(model.blocks)):
    train_stage(stage, model, loader)
