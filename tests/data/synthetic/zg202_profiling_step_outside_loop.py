"""`self.optimizer.zero_grad` without parentheses in a profiling step, no loop anywhere.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG202 15:9
import torch


class Profiler:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

    def profile_once(self, x):
        self.optimizer.zero_grad
        with torch.profiler.profile() as prof:
            out = self.model(x)
        return prof, out
