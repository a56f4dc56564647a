"""A checkpoint keeps `optimizer.state_dict()` in a local named like an optimizer; nothing clears.

Modelled on trainers that save every step (direct-preference-optimization's
`save`: `optimizer_state_dict = self.optimizer.state_dict()`): what an
optimizer's method returns is no new optimizer, so binding it clears nothing.
Here nothing clears at all: every step applies all earlier gradients too
(RULES.md ZG101 at the step).
"""
# expect: ZG101 20:5
import torch
import torch.nn.functional as F

model = torch.nn.Linear(8, 1)
optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)

for step in range(1000):
    x, y = torch.randn(32, 8), torch.randn(32, 1)
    loss = F.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    optimizer_state = optimizer.state_dict()
    torch.save({"step": step, "optimizer": optimizer_state}, "last.pt")
