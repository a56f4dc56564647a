"""An unclosed parenthesis in a training script.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG000 9:22
import torch

model = torch.nn.Linear(2, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1
for x in [torch.randn(1, 2)]:
    opt.zero_grad()
    model(x).sum().backward()
    opt.step()
