"""redteam: FAILS on main 61a4738, precision-flow 17f1a91, runtime 763d6f4: expected ZG103 21:17, got clean (on main); passes on: precision-roles f58db55, new-rules 4a6f147.

A trainer clears self.model and then self.optimizer, which is built from self.model's parameters.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG103 21:17
import torch


class Engine:
    def __init__(self, model, lr):
        self.model = model
        self.optimizer = torch.optim.RMSprop(self.model.parameters(), lr=lr)

    def run(self, loader):
        step = 0
        while step < 100:
            for x, y in loader:
                self.model.zero_grad()
                self.optimizer.zero_grad()
                loss = torch.nn.functional.l1_loss(self.model(x), y)
                loss.backward()
                self.optimizer.step()
                step += 1
