"""A trainer whose loop calls self._run_batch, which does backward and step, never clearing.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 18:9
import torch


class Runner:
    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.RMSprop(model.parameters(), lr=1e-3)

    def _run_batch(self, x, y):
        out = self.model(x)
        loss = torch.nn.functional.mse_loss(out, y)
        loss.backward()
        self.opt.step()

    def run_epoch(self, loader):
        for x, y in loader:
            self._run_batch(x, y)
