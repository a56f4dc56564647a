"""redteam: FAILS on main 61a4738, precision-flow 17f1a91, runtime 763d6f4: expected ZG102 25:13, got clean (on main); passes on: precision-roles f58db55, new-rules 4a6f147.

A trainer: a helper does the backward, the loop then clears the model and steps.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG102 25:13
import torch


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)

    def forward_backward(self, batch):
        x, y = batch
        loss = torch.nn.functional.mse_loss(self.model(x), y)
        loss.backward()
        return loss.item()

    def fit(self, loader):
        for batch in loader:
            self.forward_backward(batch)
            self.model.zero_grad()
            self.optimizer.step()
