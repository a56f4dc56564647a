"""A trainer logs gradient norms at the start of each step; its previous step ended with a set_to_none clear.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG301 15:20
import torch


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)

    def log_grads(self):
        return {n: p.grad.norm().item() for n, p in self.model.named_parameters()}

    def train(self, loader):
        for x, y in loader:
            stats = self.log_grads()
            loss = torch.nn.functional.mse_loss(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            self.optimizer.zero_grad(set_to_none=True)
            print(stats)
