"""A second optimizer over a submodule whose parameters the first optimizer also holds, under AMP.

Seen in microsoft/Semi-supervised-learning semilearn/imb_algorithms/cossl/cossl.py
(CoSSLParamUpdateHook): the main optimizer is built from all of the model's
parameters, a `tfe_optimizer` from `model.teacher_classifier` only; after
`loss_scaler.scale(loss).backward()` the hook calls
`loss_scaler.unscale_(optimizer)`, clips `model.parameters()`, calls
`loss_scaler.step(optimizer)` and then `tfe_optimizer.step()` directly.
The unscale_ of the main optimizer unscales every gradient of the model,
the head's included, so the clip sees unscaled gradients (no ZG401). The
direct `head_optimizer.step()` after a scaled backward is ZG402 (RULES.md:
an unscale_ before it does not make it right).
"""
# expect: ZG402 39:5
import torch


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Linear(4, 4)
        self.head = torch.nn.Linear(4, 2)

    def forward(self, x):
        return self.head(self.body(x))


model = Net()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
head_optimizer = torch.optim.SGD(model.head.parameters(), lr=0.01)
scaler = torch.amp.GradScaler("cpu")
for x in [torch.randn(8, 4)] * 4:
    loss = model(x).pow(2).mean()
    scaler.scale(loss).backward()
    scaler.unscale_(optimizer)
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    scaler.step(optimizer)
    scaler.update()
    head_optimizer.step()
    model.zero_grad()
